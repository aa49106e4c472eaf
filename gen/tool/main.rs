//! Writes the generated tables to a file and reports their sizes and the generation time.
//!
//! `cargo run -p hayanagi-gen -- tables.rs` (a debug build: the generator unoptimised, as every
//! downstream build script runs it).

use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1);
    let start = Instant::now();
    let generated = match hayanagi_gen::generate() {
        Ok(generated) => generated,
        Err(message) => {
            eprintln!("hayanagi-gen: {message}");
            std::process::exit(1);
        }
    };
    let elapsed = start.elapsed();
    let mut total = 0;
    for size in &generated.sizes {
        println!("{:<24} {:>6} entries {:>8} bytes", size.name, size.entries, size.bytes);
        total += size.bytes;
    }
    println!("{:<24} {:>6}         {:>8} bytes ({:.1} KiB)", "total", "", total, total as f64 / 1024.0);
    println!(
        "generated in {:.3} s ({} build)",
        elapsed.as_secs_f64(),
        if cfg!(debug_assertions) { "debug" } else { "release" }
    );
    if let Some(path) = path
        && let Err(error) = std::fs::write(&path, &generated.source)
    {
        eprintln!("hayanagi-gen: cannot write {path}: {error}");
        std::process::exit(1);
    }
}
