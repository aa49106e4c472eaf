//! Names the shared library for installation by its ABI version: `MAJOR`, or `0.MINOR` before 1.0
//! (where a minor release may break the ABI; the header's "ABI AND VERSIONS"). On ELF systems its
//! SONAME is `libhayanagi.so.ABI` (capi/install.sh installs it as `libhayanagi.so.MAJOR.MINOR.PATCH`
//! with the usual links), on macOS its install name is `@rpath/libhayanagi.ABI.dylib`. Nothing for
//! other targets (WebAssembly, Windows). The records library (`--features records`) is named
//! `libhayanagi_records` the same way.
//!
//! Which symbols the shared library exports is rustc's: a cdylib exports its `#[no_mangle] pub
//! extern "C"` functions and nothing else (the `hayanagi_*` functions the header declares; checked
//! by capi/check.sh).

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let family = std::env::var("CARGO_CFG_TARGET_FAMILY").unwrap_or_default();
    let (major, minor) = (env!("CARGO_PKG_VERSION_MAJOR"), env!("CARGO_PKG_VERSION_MINOR"));
    let abi = if major == "0" { format!("0.{minor}") } else { major.to_string() };
    // The records library (`--features records`) is another library, not a build of this one.
    let name = if std::env::var_os("CARGO_FEATURE_RECORDS").is_some() { "hayanagi_records" } else { "hayanagi" };
    if os == "macos" || os == "ios" {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-install_name,@rpath/lib{name}.{abi}.dylib");
    } else if family.split(',').any(|f| f == "unix") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,lib{name}.so.{abi}");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
