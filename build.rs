//! Generates the attack, step, between and Zobrist tables into `$OUT_DIR/tables.rs`.
//!
//! The generator is `gen/lib.rs` (with the board geometry of `src/types/geometry.rs`), compiled
//! straight into this build script so that the published package carries it; `gen/tool` compiles the
//! same file as a crate of its own to run it and test it alone.

#[allow(dead_code)] // The tool uses more of the generator's API than the build script does.
#[path = "gen/lib.rs"]
mod generator;

fn main() {
    // The generator reads no file: its inputs are its own source and the geometry, which Cargo tracks
    // because they are compiled into this build script.
    println!("cargo:rerun-if-changed=build.rs");
    // `--features compact-tables`: the compact layout (about 62 KiB instead of 462 KiB).
    let layout = if std::env::var_os("CARGO_FEATURE_COMPACT_TABLES").is_some() {
        generator::Layout::Compact
    } else {
        generator::Layout::Full
    };
    let generated = match generator::generate(layout) {
        Ok(generated) => generated,
        Err(message) => {
            eprintln!("hayanagi table generation failed: {message}");
            std::process::exit(1);
        }
    };
    let out_dir = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    let path = std::path::Path::new(&out_dir).join("tables.rs");
    if let Err(error) = std::fs::write(&path, generated.source) {
        eprintln!("cannot write {}: {error}", path.display());
        std::process::exit(1);
    }
}
