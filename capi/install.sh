#!/usr/bin/env bash
# Builds the C libraries (capi/, release) and installs them under a prefix:
#
#   bash capi/install.sh --prefix DIR [--libdir DIR] [--no-build] [--no-records]
#
#   DIR/include/hayanagi.h
#   LIBDIR/libhayanagi.a                      static library (needs nothing but libc)
#   LIBDIR/libhayanagi.so.X.Y.Z               shared library, SONAME libhayanagi.so.ABI (ABI: X,
#                                             or 0.Y before 1.0: the header's ABI AND VERSIONS)
#   LIBDIR/libhayanagi.so.ABI -> .so.X.Y.Z, LIBDIR/libhayanagi.so -> .so.ABI
#   LIBDIR/pkgconfig/hayanagi.pc              pkg-config: cflags and libs
#   LIBDIR/cmake/hayanagi/hayanagiConfig.cmake, hayanagiConfigVersion.cmake
#                                             find_package(hayanagi): hayanagi::hayanagi (shared;
#                                             static with HAYANAGI_STATIC ON), hayanagi::shared,
#                                             hayanagi::static; and hayanagi::records,
#                                             hayanagi::records_shared, hayanagi::records_static
#   and the records library (capi --features records: hayanagi.h's functions and those of
#   hayanagi_records.h, which use the heap while they run), unless --no-records:
#   DIR/include/hayanagi_records.h
#   LIBDIR/libhayanagi_records.a              static (needs libc and the Rust runtime's system
#                                             libraries, as rustc prints them on the machine that
#                                             installs: pkg-config --static and the CMake target
#                                             name them)
#   LIBDIR/libhayanagi_records.so.X.Y.Z       SONAME libhayanagi_records.so.ABI, with the same links
#   LIBDIR/pkgconfig/hayanagi_records.pc
#
# LIBDIR defaults to DIR/lib; a relative --libdir is taken under DIR. --no-build installs what the
# last `cargo build --release` in capi/ left (and, for the records library, the last
# `CARGO_TARGET_DIR=TARGET/records-lib cargo build --release --features records`, as capi/check.sh
# builds it; CARGO_TARGET_DIR is respected, TARGET is capi/target by default). The CMake package
# finds its files relative to itself, so an installed tree may be moved; the .pc files name the
# prefix they were installed into. Linux and other ELF systems (macOS: .dylib, untested).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
prefix=""
libdir=""
build=1
records=1
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="${2:?--prefix needs a directory}"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --libdir) libdir="${2:?--libdir needs a directory}"; shift 2 ;;
    --libdir=*) libdir="${1#--libdir=}"; shift ;;
    --no-build) build=0; shift ;;
    --no-records) records=0; shift ;;
    -h | --help) sed -n '2,30p' "$0"; exit 0 ;;
    *) echo "capi/install.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ -n "$prefix" ] || { echo "capi/install.sh: --prefix DIR is required" >&2; exit 2; }
mkdir -p "$prefix"
prefix="$(cd "$prefix" && pwd)"
case "$libdir" in
  "") libdir="$prefix/lib" ;;
  /*) ;;
  *) libdir="$prefix/$libdir" ;;
esac

# The version, from the header (the crate checks at compile time that it is Cargo.toml's).
header="$root/include/hayanagi.h"
version=$(sed -n 's/^#define HAYANAGI_VERSION_STRING "\(.*\)"$/\1/p' "$header")
major=${version%%.*}
minor=$(echo "$version" | cut -d. -f2)
# The ABI version the SONAME carries (as capi/build.rs sets it).
if [ "$major" = 0 ]; then abi="0.$minor"; else abi="$major"; fi
[ -n "$version" ] || { echo "capi/install.sh: no HAYANAGI_VERSION_STRING in $header" >&2; exit 1; }

target="${CARGO_TARGET_DIR:-$root/capi/target}"
# The records library: the same crate with the records feature, in its own target directory (the
# same file names).
records_target="$target/records-lib"
if [ "$build" = 1 ]; then
  (cd "$root/capi" && cargo build --release)
  if [ "$records" = 1 ]; then
    (cd "$root/capi" && CARGO_TARGET_DIR="$records_target" cargo build --release --features records)
  fi
fi
# The file names of library NAME: shared as built, installed, its SONAME link and its dev link.
shared_names() { # NAME
  case "$(uname -s)" in
    Darwin) echo "libhayanagi_capi.dylib lib$1.$version.dylib lib$1.$abi.dylib lib$1.dylib" ;;
    *) echo "libhayanagi_capi.so lib$1.so.$version lib$1.so.$abi lib$1.so" ;;
  esac
}
# The built files of each library must be there before anything is installed.
for dir in "$target/release" $([ "$records" = 1 ] && echo "$records_target/release"); do
  read -r shared_built _ <<< "$(shared_names hayanagi)"
  for built in libhayanagi_capi.a "$shared_built"; do
    [ -f "$dir/$built" ] || { echo "capi/install.sh: $dir/$built is missing" >&2; exit 1; }
  done
done

# What a program linking the static records library needs besides it: the system libraries of the
# Rust standard library on this machine, as the rustc that builds it prints them for a static library
# with the release profile's panic = "abort" (an empty crate: the library's dependencies link no
# native library of their own). On Linux with glibc: -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc.
native_static_libs() {
  local work libs
  work=$(mktemp -d)
  : > "$work/probe.rs"
  libs=$(cd "$root/capi" && "${RUSTC:-rustc}" --crate-type staticlib -C panic=abort --print native-static-libs \
    -o "$work/libprobe.a" "$work/probe.rs" 2>&1 | sed -n 's/^note: native-static-libs: *//p')
  rm -rf "$work"
  [ -n "$libs" ] || { echo "capi/install.sh: rustc --print native-static-libs printed no libraries" >&2; exit 1; }
  echo "$libs"
}
records_static_libs=""
[ "$records" = 0 ] || records_static_libs=$(native_static_libs)

install -d "$prefix/include" "$libdir/pkgconfig" "$libdir/cmake/hayanagi"
# Installs library NAME from the build directory DIR, exporting the functions of HEADERS.
install_library() { # NAME DIR HEADERS...
  local name="$1" dir="$2" shared_built shared shared_major shared_dev work
  shift 2
  read -r shared_built shared shared_major shared_dev <<< "$(shared_names "$name")"
  # The static library keeps only the headers' functions global: its object and the runtime helpers
  # it needs (compiler_builtins members, and for the records library the parts of std it uses) are
  # linked into one relocatable object, where every other symbol is made local, so that a program
  # linking it beside another Rust static library (or its own copies of those helpers) meets no
  # duplicate or foreign symbol. It is also much smaller (the archive cargo builds holds every
  # compiler_builtins member). Without GNU ld and objcopy (macOS), the archive is installed as built.
  if [ "$(uname -s)" != Darwin ] && command -v ld > /dev/null && command -v objcopy > /dev/null; then
    work=$(mktemp -d)
    grep -ohE '\bhayanagi_[a-z0-9_]+\(' "$@" | tr -d '(' | sort -u > "$work/symbols"
    # -u pulls the library's object out of the archive, and it the helpers it calls.
    ld -r -o "$work/$name.o" $(sed 's/^/-u /' "$work/symbols") "$dir/libhayanagi_capi.a"
    # The bitcode std's objects carry (.llvmbc) goes too: nm and ld would hand it to an LLVM plugin
    # of another version, and nm then lists no symbols at all.
    objcopy --keep-global-symbols="$work/symbols" --remove-section=.llvmbc --remove-section=.llvmcmd "$work/$name.o"
    rm -f "$work/lib$name.a"
    ar rcs "$work/lib$name.a" "$work/$name.o"
    install -m 644 "$work/lib$name.a" "$libdir/lib$name.a"
    rm -rf "$work"
  else
    install -m 644 "$dir/libhayanagi_capi.a" "$libdir/lib$name.a"
  fi
  install -m 755 "$dir/$shared_built" "$libdir/$shared"
  ln -sfn "$shared" "$libdir/$shared_major"
  ln -sfn "$shared_major" "$libdir/$shared_dev"
}
install -m 644 "$header" "$prefix/include/hayanagi.h"
install_library hayanagi "$target/release" "$header"
read -r _ shared shared_major _ <<< "$(shared_names hayanagi)"
read -r _ records_shared records_shared_major _ <<< "$(shared_names hayanagi_records)"
if [ "$records" = 1 ]; then
  install -m 644 "$root/include/hayanagi_records.h" "$prefix/include/hayanagi_records.h"
  install_library hayanagi_records "$records_target/release" "$header" "$root/include/hayanagi_records.h"
  cat > "$libdir/pkgconfig/hayanagi_records.pc" << EOF
prefix=$prefix
includedir=\${prefix}/include
libdir=$libdir

Name: hayanagi_records
Description: Shogi core with game records (KIF, KI2, CSA, JKF, USI): the C API of hayanagi.h and hayanagi_records.h
Version: $version
Cflags: -I\${includedir}
Libs: -L\${libdir} -lhayanagi_records
Libs.private: $records_static_libs
# The static library's own link line: cc app.c "\${libdir}/libhayanagi_records.a" \$(pkg-config --variable=static_libs hayanagi_records)
static_libs=$records_static_libs
EOF
fi

cat > "$libdir/pkgconfig/hayanagi.pc" << EOF
prefix=$prefix
includedir=\${prefix}/include
libdir=$libdir

Name: hayanagi
Description: Shogi core: legal moves, SFEN/USI, game status, perft (C API)
Version: $version
Cflags: -I\${includedir}
Libs: -L\${libdir} -lhayanagi
EOF

# Paths in the CMake package are relative to its own directory.
rel_prefix=$(realpath --relative-to="$libdir/cmake/hayanagi" "$prefix")
rel_libdir=$(realpath --relative-to="$libdir/cmake/hayanagi" "$libdir")
cat > "$libdir/cmake/hayanagi/hayanagiConfig.cmake" << EOF
# The hayanagi C library (installed by capi/install.sh, version $version).
#
#   find_package(hayanagi $version REQUIRED)
#   target_link_libraries(app PRIVATE hayanagi::hayanagi)
#
# hayanagi::hayanagi is the shared library, or the static one if HAYANAGI_STATIC is ON before
# find_package; hayanagi::shared and hayanagi::static name each. hayanagi_INCLUDE_DIR is the header's
# directory.
get_filename_component(_hayanagi_prefix "\${CMAKE_CURRENT_LIST_DIR}/$rel_prefix" ABSOLUTE)
get_filename_component(_hayanagi_libdir "\${CMAKE_CURRENT_LIST_DIR}/$rel_libdir" ABSOLUTE)
set(hayanagi_INCLUDE_DIR "\${_hayanagi_prefix}/include")

if(NOT TARGET hayanagi::shared)
  add_library(hayanagi::shared SHARED IMPORTED)
  set_target_properties(hayanagi::shared PROPERTIES
    IMPORTED_LOCATION "\${_hayanagi_libdir}/$shared"
    IMPORTED_SONAME "$shared_major"
    INTERFACE_INCLUDE_DIRECTORIES "\${hayanagi_INCLUDE_DIR}")
endif()
if(NOT TARGET hayanagi::static)
  add_library(hayanagi::static STATIC IMPORTED)
  set_target_properties(hayanagi::static PROPERTIES
    IMPORTED_LOCATION "\${_hayanagi_libdir}/libhayanagi.a"
    IMPORTED_LINK_INTERFACE_LANGUAGES "C"
    INTERFACE_INCLUDE_DIRECTORIES "\${hayanagi_INCLUDE_DIR}")
endif()
if(NOT TARGET hayanagi::hayanagi)
  add_library(hayanagi::hayanagi INTERFACE IMPORTED)
  if(HAYANAGI_STATIC)
    set_target_properties(hayanagi::hayanagi PROPERTIES INTERFACE_LINK_LIBRARIES hayanagi::static)
  else()
    set_target_properties(hayanagi::hayanagi PROPERTIES INTERFACE_LINK_LIBRARIES hayanagi::shared)
  endif()
endif()
# The records library (hayanagi_records.h), if it was installed: hayanagi::records (shared, or static
# with HAYANAGI_STATIC ON), hayanagi::records_shared, hayanagi::records_static. It holds all of
# hayanagi.h's functions too: link it instead of hayanagi::hayanagi, not beside it.
if(EXISTS "\${_hayanagi_libdir}/$records_shared" AND NOT TARGET hayanagi::records_shared)
  add_library(hayanagi::records_shared SHARED IMPORTED)
  set_target_properties(hayanagi::records_shared PROPERTIES
    IMPORTED_LOCATION "\${_hayanagi_libdir}/$records_shared"
    IMPORTED_SONAME "$records_shared_major"
    INTERFACE_INCLUDE_DIRECTORIES "\${hayanagi_INCLUDE_DIR}")
  add_library(hayanagi::records_static STATIC IMPORTED)
  set_target_properties(hayanagi::records_static PROPERTIES
    IMPORTED_LOCATION "\${_hayanagi_libdir}/libhayanagi_records.a"
    IMPORTED_LINK_INTERFACE_LANGUAGES "C"
    INTERFACE_LINK_LIBRARIES "$(echo "$records_static_libs" | sed 's/-l//g; s/ /;/g')"
    INTERFACE_INCLUDE_DIRECTORIES "\${hayanagi_INCLUDE_DIR}")
  add_library(hayanagi::records INTERFACE IMPORTED)
  if(HAYANAGI_STATIC)
    set_target_properties(hayanagi::records PROPERTIES INTERFACE_LINK_LIBRARIES hayanagi::records_static)
  else()
    set_target_properties(hayanagi::records PROPERTIES INTERFACE_LINK_LIBRARIES hayanagi::records_shared)
  endif()
endif()
unset(_hayanagi_prefix)
unset(_hayanagi_libdir)
set(hayanagi_FOUND TRUE)
EOF

# Before 1.0, a minor version may break the API (semver): a request is met by the same major and,
# for 0.x, the same minor version, at this patch level or below; any version meets no request.
bits=$(getconf LONG_BIT)
cat > "$libdir/cmake/hayanagi/hayanagiConfigVersion.cmake" << EOF
set(PACKAGE_VERSION "$version")
if(NOT PACKAGE_FIND_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
elseif(PACKAGE_FIND_VERSION_MAJOR EQUAL $major AND NOT PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION
       AND ($major GREATER 0 OR PACKAGE_FIND_VERSION_MINOR EQUAL $minor))
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
else()
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
endif()
if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
  set(PACKAGE_VERSION_EXACT TRUE)
endif()
# A $bits-bit library: not for a project of another pointer size.
if(CMAKE_SIZEOF_VOID_P AND NOT CMAKE_SIZEOF_VOID_P EQUAL $((bits / 8)))
  set(PACKAGE_VERSION "\${PACKAGE_VERSION} ($bits-bit)")
  set(PACKAGE_VERSION_UNSUITABLE TRUE)
endif()
EOF

echo "installed hayanagi $version into $prefix (libraries in $libdir$([ "$records" = 1 ] && echo ", with the records library"))"
