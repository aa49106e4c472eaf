//! The game-record readers (CSA, KIF, KI2, JKF of hayanagi-records) on arbitrary bytes: no panic; what
//! is accepted writes back in its format (in UTF-8 and in Shift_JIS) and reads again to the same
//! game: start position, moves, ending and winner (and times, except in KI2, which has none).

use hayanagi_records::{Ending, Format, Record, TextEncoding, decode};

/// The game a record holds, as compared across a round trip.
fn game(record: &Record, format: Format) -> impl PartialEq + core::fmt::Debug {
    let outcome = record.outcome.map(|o| {
        // A foul is named by the side that made it (CSA) or by the side to move (KIF's 反則勝ち
        // and 反則負け): what every format keeps is a foul and its winner.
        let ending = match o.ending {
            Ending::IllegalMove => Ending::IllegalAction,
            e => e,
        };
        (ending, o.winner)
    });
    let times: Vec<Option<u64>> = if format == Format::Ki2 {
        Vec::new()
    } else {
        record.moves.iter().map(|m| m.time_ms.map(|t| t / 1000 * 1000)).collect()
    };
    // The variation tree, which KIF and KI2 keep (CSA and USI drop it).
    fn tree(vs: &[hayanagi_records::Variation], out: &mut Vec<(u32, Vec<hayanagi::Move>)>) {
        for v in vs {
            out.push((v.ply, v.moves.iter().map(|m| m.mv).collect()));
            tree(&v.variations, out);
        }
    }
    let mut variations = Vec::new();
    if matches!(format, Format::Kif | Format::Ki2 | Format::Jkf) {
        tree(&record.variations, &mut variations);
    }
    (record.start.sfen().to_string(), record.moves.iter().map(|m| m.mv).collect::<Vec<_>>(), outcome, times, variations)
}

/// Reads `data` as `format` and checks the round trip of what is accepted.
pub fn check(data: &[u8], format: Format) {
    let Ok((text, _)) = decode(data, None) else { return };
    let Ok(record) = Record::read_str(&text, Some(format)) else { return };
    // What a reader accepts, a writer writes: a record read is legal and its ending possible.
    let written = record.write(format).unwrap_or_else(|e| panic!("a record read does not write ({e}):\n{text}"));
    for encoding in [TextEncoding::Utf8, TextEncoding::ShiftJis] {
        let bytes = record.write_bytes(format, encoding).unwrap_or_else(|e| panic!("{e}"));
        // JKF is JSON, always UTF-8; the others are written in the encoding asked.
        let used = if format == Format::Jkf { TextEncoding::Utf8 } else { encoding };
        let again = match decode(&bytes, Some(used)).and_then(|(text, _)| Record::read_str(&text, Some(format))) {
            Ok(again) => again,
            Err(e) => panic!("the written record does not read back ({e}):\n{written}"),
        };
        assert_eq!(game(&again, format), game(&record, format), "round trip through:\n{written}");
    }
}
