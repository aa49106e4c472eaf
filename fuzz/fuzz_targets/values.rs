//! Arbitrary text as each small value's `FromStr` (Color, PieceKind, Piece, Hand, Square, Move): no
//! panic; an accepted text is one the value prints back (or, for a colour or a hand, an equivalent
//! spelling that reads back to the same value); an SFEN hands error points into the text.

#![no_main]

use core::fmt::Display;
use core::str::FromStr;

use hayanagi::{Color, Hand, Move, Piece, PieceKind, Square};
use libfuzzer_sys::fuzz_target;

/// Parses `text`; if accepted, printing and reading again gives the same value.
fn round_trip<T: FromStr + Display + PartialEq + core::fmt::Debug>(text: &str) -> Option<T> {
    let value = text.parse::<T>().ok()?;
    let printed = value.to_string();
    assert_eq!(printed.parse::<T>().ok().as_ref(), Some(&value), "{text:?} -> {printed:?}");
    Some(value)
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else { return };
    if let Some(color) = round_trip::<Color>(text) {
        assert!(text == color.to_string() || text == format!("{color:#}"));
    }
    for (value, printed) in [
        (round_trip::<PieceKind>(text).map(|v| v.to_string()), "kind"),
        (round_trip::<Piece>(text).map(|v| v.to_string()), "piece"),
        (round_trip::<Square>(text).map(|v| v.to_string()), "square"),
        (round_trip::<Move>(text).map(|v| v.to_string()), "move"),
    ] {
        if let Some(value) = value {
            assert_eq!(value, text, "{printed}: the text read is the one printed");
        }
    }
    match text.parse::<Hand>() {
        Ok(hand) => {
            let printed = hand.to_string();
            assert_eq!(printed.parse::<Hand>(), Ok(hand));
            assert!(printed.len() <= text.len() + 1, "{text:?} -> {printed:?}");
        }
        Err(err) => assert!(err.offset() <= text.len(), "{err}: offset beyond the text"),
    }
});
