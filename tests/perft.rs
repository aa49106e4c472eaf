//! Perft against the reference values in tests/data/perft.txt, bulk-counted and (where the tree is
//! small enough) with every leaf played, and the position must come back unchanged.

use hayanagi::Position;

/// Trees up to this size are also walked with every leaf move played.
const NO_BULK_LIMIT: u64 = 30_000_000;

fn cases() -> Vec<(String, u32, u64)> {
    let data = include_str!("data/perft.txt");
    let mut cases = Vec::new();
    for line in data.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let mut fields = line.split(';').map(str::trim);
        let sfen = fields.next().unwrap().to_string();
        for (depth, nodes) in fields.enumerate() {
            cases.push((sfen.clone(), depth as u32 + 1, nodes.parse().unwrap()));
        }
    }
    cases
}

#[test]
fn perft_reference_values() {
    let cases = cases();
    assert!(cases.len() >= 20, "data file lost its lines");
    for (sfen, depth, nodes) in cases {
        let mut pos = Position::from_sfen(&sfen).unwrap();
        let before = pos.clone();
        assert_eq!(pos.perft(depth, true), nodes, "bulk perft {depth} of {sfen}");
        if nodes <= NO_BULK_LIMIT {
            assert_eq!(pos.perft(depth, false), nodes, "perft {depth} of {sfen} playing every leaf");
        }
        assert_eq!(pos, before, "perft left {sfen} changed");
    }
}
