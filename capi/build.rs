//! Names the shared library for installation: on ELF systems its SONAME is `libhayanagi.so.MAJOR`
//! (capi/install.sh installs it as `libhayanagi.so.MAJOR.MINOR.PATCH` with the usual links), on
//! macOS its install name is `@rpath/libhayanagi.MAJOR.dylib`. Nothing for other targets
//! (WebAssembly, Windows).

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let family = std::env::var("CARGO_CFG_TARGET_FAMILY").unwrap_or_default();
    let major = env!("CARGO_PKG_VERSION_MAJOR");
    if os == "macos" || os == "ios" {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-install_name,@rpath/libhayanagi.{major}.dylib");
    } else if family.split(',').any(|f| f == "unix") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libhayanagi.so.{major}");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
