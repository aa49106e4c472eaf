//! Arbitrary bytes as an SFEN: the parser never panics; a rejection points at the byte it names; an
//! accepted position prints (both ways) to an SFEN that parses back to the same position and key, and
//! that printing is a fixed point. The `&str` entry points and the USI `sfen` form agree with it.

#![no_main]

use hayanagi::Position;
use hayanagi_fuzz::{assert_consistent, assert_sfen_error_points_at_its_byte, assert_sfen_round_trip};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let result = Position::from_sfen_bytes(data);
    if let Ok(text) = core::str::from_utf8(data) {
        assert_eq!(Position::from_sfen(text), result, "from_sfen and from_sfen_bytes differ");
        assert_eq!(text.parse::<Position>(), result, "FromStr and from_sfen_bytes differ");
    }
    match result {
        Err(err) => assert_sfen_error_points_at_its_byte(data, err, false),
        Ok(pos) => {
            assert_consistent(&pos);
            let printed = assert_sfen_round_trip(&pos);
            // The printed SFEN (always 4 fields) is what a USI `position sfen` command takes.
            let command = [b"position sfen ".as_slice(), &printed].concat();
            assert_eq!(Position::from_usi_position_bytes(&command), Ok(pos), "as a USI command");
        }
    }
});
