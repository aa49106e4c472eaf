//! Generates the attack, step, between and Zobrist tables into `$OUT_DIR/tables.rs` (see `gen/`).

fn main() {
    // The generator reads no file: its inputs are its own source and `src/geometry.rs`, which Cargo
    // already tracks because they are compiled into the `hayanagi-gen` build-dependency.
    println!("cargo:rerun-if-changed=build.rs");
    let generated = match hayanagi_gen::generate() {
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
