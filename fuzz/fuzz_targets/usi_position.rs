//! Arbitrary bytes as a USI `position` command: the parser never panics; the callback of
//! `from_usi_position_bytes_with` sees each move of the list, with the position after it and the
//! record that takes it back; replaying those moves from the start position with `play` gives the
//! same positions, keys and records; the plain and the callback entry points agree; on an error in
//! the move list exactly the moves before the bad one were reported.

#![no_main]

use hayanagi::{Position, Undo, UsiErrorKind};
use hayanagi_fuzz::{assert_consistent, assert_sfen_error_points_at_its_byte, assert_sfen_round_trip};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut seen: Vec<(Position, Undo)> = Vec::new();
    let result = Position::from_usi_position_bytes_with(data, |pos, undo| seen.push((pos.clone(), undo)));
    assert_eq!(Position::from_usi_position_bytes(data), result, "with and without the callback differ");
    if let Ok(text) = core::str::from_utf8(data) {
        assert_eq!(Position::from_usi_position(text), result, "from_usi_position and the bytes form differ");
    }
    match result {
        Err(err) => {
            assert!(err.offset() <= data.len(), "{err}: offset beyond the input");
            let _ = err.to_string();
            match err.kind() {
                UsiErrorKind::Move { index, .. } | UsiErrorKind::PlyLimit { index } => {
                    assert_eq!(seen.len(), index, "{err}: moves reported before the bad one")
                }
                UsiErrorKind::Sfen(sfen) => {
                    assert_eq!(sfen.offset(), err.offset(), "{err}");
                    // The SFEN error's offset is into the whole command, so the byte checks hold there.
                    assert_sfen_error_points_at_its_byte(data, sfen, true);
                }
                _ => {}
            }
        }
        Ok(ref pos) => {
            assert_consistent(pos);
            assert_sfen_round_trip(pos);
        }
    }
    // Replay what the callback saw from the start position: the command up to ` moves` (no SFEN field
    // contains an `m`, so the first ` moves` ends the position).
    let end = find(data, b" moves").unwrap_or(data.len());
    let Ok(mut pos) = Position::from_usi_position_bytes(&data[..end]) else {
        assert!(seen.is_empty(), "moves reported, but the start position is rejected");
        return;
    };
    let start_ply = pos.ply();
    for (after, undo) in &seen {
        let mv = &undo.mv();
        let before = pos.clone();
        let played = pos.play(*mv).unwrap_or_else(|_| panic!("{before:?}: reported move {mv} is illegal"));
        assert_eq!(&played, undo, "{before:?}: {mv}: undo record");
        assert_eq!(&pos, after, "{before:?}: {mv}: position after the move");
        assert_eq!(pos.key(), after.key());
        assert_consistent(after);
        let mut back = pos.clone();
        back.undo(played).expect("the record of the move just played");
        assert_eq!(back, before, "{mv}: undo");
        assert_eq!(back.key(), before.key());
    }
    if let Ok(result) = result {
        assert_eq!(pos, result, "replayed position");
        assert_eq!(pos.ply(), start_ply + seen.len() as u64);
        // The list is written exactly as the moves print.
        let words: Vec<&[u8]> = data[end..].split(|&b| b == b' ').skip(2).collect();
        let printed: Vec<String> = seen.iter().map(|(_, undo)| undo.mv().to_string()).collect();
        assert_eq!(words, printed.iter().map(|s| s.as_bytes()).collect::<Vec<_>>(), "move words");
    }
});

/// The offset of the first occurrence of `needle` in `haystack`.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}
