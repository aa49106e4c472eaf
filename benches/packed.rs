//! Packed positions and records, read and written: `cargo bench --bench packed` (or
//! `python3 benches/packed.py`, which runs this beside cshogi in one process tree, interleaved).
//!
//! Works over the positions of `tests/data/packed.txt` (random games, handicaps, tsume-like
//! placements with both kings; the hcpe and PSV records cshogi's dtypes hold for them). Each figure is
//! the median of 7 rounds over every position, in nanoseconds per record and records per second;
//! every result is folded into a checksum so nothing is optimised away. `--machine` prints
//! `bench <name> <ns per record>` lines for the script.

use std::hint::black_box;
use std::time::Instant;

use hayanagi::{Hcpe, PackedFormat, Position, Psv, RecordWriter, Records};

const DATA: &str = include_str!("../tests/data/packed.txt");
const ROUNDS: usize = 7;

fn hex(text: &str) -> Vec<u8> {
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).expect("hex")).collect()
}

/// Median ns per item of `run` (which handles `items` items per call).
fn measure(items: usize, mut run: impl FnMut() -> u64) -> f64 {
    let mut samples = Vec::new();
    let mut checksum = 0u64;
    for _ in 0..ROUNDS {
        let start = Instant::now();
        checksum = checksum.wrapping_add(run());
        samples.push(start.elapsed().as_secs_f64() * 1e9 / items as f64);
    }
    black_box(checksum);
    samples.sort_by(f64::total_cmp);
    samples[ROUNDS / 2]
}

fn main() {
    let machine = std::env::args().any(|arg| arg == "--machine");
    let mut positions = Vec::new();
    let (mut hcpe, mut psv) = (Vec::new(), Vec::new());
    for line in DATA.lines().filter(|line| line.starts_with("pos\t")) {
        let fields: Vec<&str> = line.split('\t').collect();
        positions.push(Position::from_sfen(fields[2]).expect("valid SFEN"));
        if fields[7] != "-" {
            hcpe.extend(hex(fields[7]));
            psv.extend(hex(fields[8]));
        }
    }
    let packed = |format| positions.iter().map(|pos| pos.to_packed(format).expect("packs")).collect::<Vec<_>>();
    let (hcp, psfen) = (packed(PackedFormat::Hcp), packed(PackedFormat::PackedSfen));
    let hcpe_records: Vec<Hcpe> = Records::new(&hcpe).map(|r| r.expect("valid hcpe")).collect();
    let psv_records: Vec<Psv> = Records::new(&psv).map(|r| r.expect("valid psv")).collect();
    let mut out = vec![0u8; psv.len()];

    let mut results = Vec::new();
    for (name, format, bytes) in [("hcp", PackedFormat::Hcp, &hcp), ("psfen", PackedFormat::PackedSfen, &psfen)] {
        let write = measure(positions.len(), || {
            positions.iter().map(|pos| black_box(pos).to_packed(format).map_or(0, |b| b[31] as u64)).sum()
        });
        let read = measure(bytes.len(), || {
            bytes
                .iter()
                .map(|b| Position::from_packed(black_box(b), format).map_or(0, |p| p.key()))
                .fold(0, u64::wrapping_add)
        });
        results.push((format!("{name}-write"), write));
        results.push((format!("{name}-read"), read));
    }
    let hcpe_read = measure(hcpe_records.len(), || {
        Records::<Hcpe>::new(black_box(&hcpe)).map(|r| r.map_or(0, |r| r.eval as u64)).fold(0, u64::wrapping_add)
    });
    let hcpe_write = measure(hcpe_records.len(), || {
        let mut writer = RecordWriter::new(&mut out);
        hcpe_records.iter().map(|r| writer.push(black_box(r)).is_ok() as u64).sum()
    });
    let psv_read = measure(psv_records.len(), || {
        Records::<Psv>::new(black_box(&psv)).map(|r| r.map_or(0, |r| r.score as u64)).fold(0, u64::wrapping_add)
    });
    let psv_write = measure(psv_records.len(), || {
        let mut writer = RecordWriter::new(&mut out);
        psv_records.iter().map(|r| writer.push(black_box(r)).is_ok() as u64).sum()
    });
    results.push(("hcpe-read".into(), hcpe_read));
    results.push(("hcpe-write".into(), hcpe_write));
    results.push(("psv-read".into(), psv_read));
    results.push(("psv-write".into(), psv_write));
    for (name, ns) in results {
        if machine {
            println!("bench {name} {ns:.1}");
        } else {
            println!("{name:<12} {ns:>8.1} ns/record {:>12.0} records/s", 1e9 / ns);
        }
    }
}
