//! Writes the generated tables to a file and reports their sizes and the generation time.
//!
//! `cargo run -p hayanagi-gen -- [--compact] [tables.rs]` (a debug build: the generator unoptimised,
//! as every downstream build script runs it): the full layout, or with `--compact` the layout of the
//! library's `compact-tables` feature.

use std::time::Instant;

use hayanagi_gen::Layout;

fn main() {
    let mut layout = Layout::Full;
    let mut path = None;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--compact" => layout = Layout::Compact,
            _ if path.is_none() && !arg.starts_with('-') => path = Some(arg),
            _ => {
                eprintln!("usage: hayanagi-gen [--compact] [tables.rs]");
                std::process::exit(2);
            }
        }
    }
    let start = Instant::now();
    let generated = match hayanagi_gen::generate(layout) {
        Ok(generated) => generated,
        Err(message) => {
            eprintln!("hayanagi-gen: {message}");
            std::process::exit(1);
        }
    };
    let elapsed = start.elapsed();
    println!("{layout:?} layout");
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
