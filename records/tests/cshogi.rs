//! Records exported by cshogi (GPL; used only as a black box, by `tests/cshogi/generate.py`) from
//! random games with drops, promotions, non-promotions, handicaps, board-diagram starts and every
//! ending its exporters write, in Shift_JIS and UTF-8: hayanagi reads each back (format and
//! encoding detected) to the same start, moves, ending and winner, and what it writes from them in
//! every format reads back to the same game.

use hayanagi::Color;
use hayanagi_records::{Ending, Format, Record, TextEncoding};

fn data(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/cshogi").join(name)
}

fn start_fields(record: &Record) -> String {
    record.start.sfen().to_string().rsplit_once(' ').map_or(String::new(), |(fields, _)| fields.to_string())
}

fn usi(record: &Record) -> String {
    record.moves.iter().map(|m| m.mv.to_string()).collect::<Vec<_>>().join(" ")
}

fn winner(record: &Record) -> &'static str {
    match record.outcome.and_then(|o| o.winner) {
        Some(Color::Black) => "b",
        Some(Color::White) => "w",
        None => "-",
    }
}

#[test]
fn cshogi_exports_read_back_to_the_same_games() {
    let expected = std::fs::read_to_string(data("expected.txt")).unwrap();
    let mut count = 0;
    for line in expected.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        let [file, start, moves, ending, win] = fields[..] else { panic!("bad line {line}") };
        let bytes = std::fs::read(data(file)).unwrap();
        let record = Record::read_bytes(&bytes, None).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(start_fields(&record), start, "{file}");
        assert_eq!(usi(&record), moves, "{file}");
        assert_eq!(format!("{:?}", record.outcome.unwrap().ending), ending, "{file}");
        assert_eq!(winner(&record), win, "{file}");
        if file.ends_with(".kif") {
            assert!(record.moves.iter().all(|m| m.time_ms.is_some()), "{file}: times");
        }
        for format in [Format::Csa, Format::Kif, Format::Ki2] {
            for encoding in [TextEncoding::Utf8, TextEncoding::ShiftJis] {
                let written = record.write_bytes(format, encoding).unwrap();
                let again = Record::read_bytes(&written, None).unwrap_or_else(|e| panic!("{file} as {format:?}: {e}"));
                assert_eq!(
                    (again.start.sfen().to_string(), usi(&again)),
                    (record.start.sfen().to_string(), usi(&record))
                );
                // A foul is one of two words in each format, named differently: CSA by the side
                // that fouled (%+ILLEGAL_ACTION) or %ILLEGAL_MOVE of the side to move, KIF by the
                // side to move (反則勝ち, 反則負け). What survives every format is a foul and its winner.
                let how = |r: &Record| {
                    r.outcome.map(|o| match o.ending {
                        Ending::IllegalMove => (Ending::IllegalAction, o.winner),
                        e => (e, o.winner),
                    })
                };
                assert_eq!(how(&again), how(&record), "{file} as {format:?}");
                if format != Format::Ki2 {
                    let times = |r: &Record| r.moves.iter().map(|m| m.time_ms).collect::<Vec<_>>();
                    assert_eq!(times(&again), times(&record), "{file} as {format:?}");
                }
                assert_eq!(
                    again.moves.iter().map(|m| &m.comments).collect::<Vec<_>>(),
                    record.moves.iter().map(|m| &m.comments).collect::<Vec<_>>()
                );
            }
        }
        count += 1;
    }
    assert_eq!(count, 120);
}
