//! Records per second read and written by hayanagi-records, on the 120 cshogi-exported records of
//! `records/tests/data/cshogi` (60 CSA, 60 KIF; KI2 and JKF written by hayanagi from them). Prints
//! one `<format> <read|write> <records/s>` line each, and `kif read named` for the KIF records that
//! start from a `手合割` (the ones cshogi's KIF reader takes); `benches/records/run.sh` runs it beside
//! cshogi's and python-shogi's readers.
//!
//! cargo run --release -p hayanagi-records --example throughput [ROUNDS [LABEL]]
//! (with LABEL, such as `csa read`, only that line: for callgrind).

use std::time::Instant;

use hayanagi_records::{Format, Record};

fn main() {
    let rounds: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/cshogi");
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("the data directory") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("").to_string();
        if name.ends_with(".csa") || name.ends_with(".kif") {
            files.push((name, std::fs::read(&path).expect("a record")));
        }
    }
    files.sort();
    let records: Vec<Record> = files.iter().map(|(_, b)| Record::read_bytes(b, None).expect("reads")).collect();
    let ki2: Vec<String> = records.iter().map(|r| r.write(Format::Ki2).expect("writes")).collect();
    let jkf: Vec<String> = records.iter().map(|r| r.write(Format::Jkf).expect("writes")).collect();
    let only = std::env::args().nth(2);
    let report = |label: &str, count: usize, run: &mut dyn FnMut() -> usize| {
        if only.as_deref().is_some_and(|o| o != label) {
            return;
        }
        let start = Instant::now();
        let mut total = 0;
        for _ in 0..rounds {
            total += run();
        }
        let seconds = start.elapsed().as_secs_f64();
        assert_eq!(total, count * rounds);
        println!("{label} {:.0}", total as f64 / seconds);
    };
    let named: Vec<&[u8]> = files
        .iter()
        .filter(|(n, b)| {
            n.ends_with(".kif") && hayanagi_records::decode(b, None).is_ok_and(|(t, _)| t.contains("手合割"))
        })
        .map(|(_, b)| b.as_slice())
        .collect();
    for (format, suffix) in [(Format::Csa, ".csa"), (Format::Kif, ".kif")] {
        let inputs: Vec<&[u8]> = files.iter().filter(|(n, _)| n.ends_with(suffix)).map(|(_, b)| b.as_slice()).collect();
        let name = format!("{format:?}").to_lowercase();
        report(&format!("{name} read"), inputs.len(), &mut || {
            inputs.iter().filter(|b| Record::read_bytes(b, None).is_ok()).count()
        });
    }
    report("kif read named", named.len(), &mut || named.iter().filter(|b| Record::read_bytes(b, None).is_ok()).count());
    report("ki2 read", ki2.len(), &mut || {
        ki2.iter().filter(|t| Record::read_str(t, Some(Format::Ki2)).is_ok()).count()
    });
    report("jkf read", jkf.len(), &mut || {
        jkf.iter().filter(|t| Record::read_str(t, Some(Format::Jkf)).is_ok()).count()
    });
    for format in [Format::Csa, Format::Kif, Format::Ki2, Format::Jkf] {
        let name = format!("{format:?}").to_lowercase();
        report(&format!("{name} write"), records.len(), &mut || {
            records.iter().filter(|r| r.write(format).is_ok_and(|t| !t.is_empty())).count()
        });
    }
}
