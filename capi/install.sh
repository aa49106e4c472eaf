#!/usr/bin/env bash
# Builds the C library (capi/, release) and installs it under a prefix:
#
#   bash capi/install.sh --prefix DIR [--libdir DIR] [--no-build]
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
#                                             hayanagi::static
#
# LIBDIR defaults to DIR/lib; a relative --libdir is taken under DIR. --no-build installs what the
# last `cargo build --release` in capi/ left (CARGO_TARGET_DIR is respected). The CMake package
# finds its files relative to itself, so an installed tree may be moved; hayanagi.pc names the
# prefix it was installed into. Linux and other ELF systems (macOS: .dylib, untested).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
prefix=""
libdir=""
build=1
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="${2:?--prefix needs a directory}"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --libdir) libdir="${2:?--libdir needs a directory}"; shift 2 ;;
    --libdir=*) libdir="${1#--libdir=}"; shift ;;
    --no-build) build=0; shift ;;
    -h | --help) sed -n '2,20p' "$0"; exit 0 ;;
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
if [ "$build" = 1 ]; then
  (cd "$root/capi" && cargo build --release)
fi
case "$(uname -s)" in
  Darwin) shared_built=libhayanagi_capi.dylib; shared=libhayanagi.$version.dylib
    shared_major=libhayanagi.$abi.dylib; shared_dev=libhayanagi.dylib ;;
  *) shared_built=libhayanagi_capi.so; shared=libhayanagi.so.$version
    shared_major=libhayanagi.so.$abi; shared_dev=libhayanagi.so ;;
esac
for built in libhayanagi_capi.a "$shared_built"; do
  [ -f "$target/release/$built" ] || { echo "capi/install.sh: $target/release/$built is missing" >&2; exit 1; }
done

install -d "$prefix/include" "$libdir/pkgconfig" "$libdir/cmake/hayanagi"
install -m 644 "$header" "$prefix/include/hayanagi.h"
# The static library keeps only the header's functions global: its object and the runtime helpers
# it needs (compiler_builtins members) are linked into one relocatable object, where every other
# symbol is made local, so that a program linking it beside another Rust static library (or its own
# copies of those helpers) meets no duplicate or foreign symbol. It is also much smaller (the
# archive cargo builds holds every compiler_builtins member). Without GNU ld and objcopy (macOS),
# the archive is installed as built.
if [ "$(uname -s)" != Darwin ] && command -v ld > /dev/null && command -v objcopy > /dev/null; then
  work=$(mktemp -d)
  grep -oE '\bhayanagi_[a-z0-9_]+\(' "$header" | tr -d '(' | sort -u > "$work/symbols"
  # -u pulls the library's object out of the archive, and it the helpers it calls.
  ld -r -o "$work/hayanagi.o" $(sed 's/^/-u /' "$work/symbols") "$target/release/libhayanagi_capi.a"
  objcopy --keep-global-symbols="$work/symbols" "$work/hayanagi.o"
  rm -f "$work/libhayanagi.a"
  ar rcs "$work/libhayanagi.a" "$work/hayanagi.o"
  install -m 644 "$work/libhayanagi.a" "$libdir/libhayanagi.a"
  rm -rf "$work"
else
  install -m 644 "$target/release/libhayanagi_capi.a" "$libdir/libhayanagi.a"
fi
install -m 755 "$target/release/$shared_built" "$libdir/$shared"
ln -sfn "$shared" "$libdir/$shared_major"
ln -sfn "$shared_major" "$libdir/$shared_dev"

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

echo "installed hayanagi $version into $prefix (libraries in $libdir)"
