//! Positions from a board, hands and rules relaxed on purpose, and the 16 handicap positions (the
//! `extended` feature).

use core::ffi::{CStr, c_char};

use hayanagi::{Color, Hand, Handicap, Piece, PieceKind, Relaxations, Setup, SetupProblem, Square};

use crate::ErrorCode;
use crate::position::code;
use crate::record::{PositionRecord, put, with_position, write_position};

/// The header's `HAYANAGI_RELAX_*` bits, with the library's relaxations (checked by `header.rs`).
pub(crate) const RELAXATIONS: [(&str, Relaxations); 2] = [
    ("HAYANAGI_RELAX_MISSING_KINGS", Relaxations::MISSING_KINGS),
    ("HAYANAGI_RELAX_INCOMPLETE_MATERIAL", Relaxations::INCOMPLETE_MATERIAL),
];

/// The relaxations of a C argument: a union of `HAYANAGI_RELAX_*` bits, no other bit.
fn relaxations(bits: u32) -> Result<Relaxations, ErrorCode> {
    let mut relax = Relaxations::NONE;
    let mut known = 0;
    for (i, (_, r)) in RELAXATIONS.iter().enumerate() {
        if bits & 1 << i != 0 {
            relax |= *r;
        }
        known |= 1 << i;
    }
    if bits & !known != 0 { Err(ErrorCode::OutOfRange) } else { Ok(relax) }
}

/// The piece of a board code (`HAYANAGI_EMPTY` or `HAYANAGI_PIECE(color, kind)`); `Err` for any
/// other byte.
fn piece(code: u8) -> Result<Option<Piece>, ()> {
    if code == 0 {
        return Ok(None);
    }
    let (color, kind) = (usize::from((code - 1) / 16), usize::from((code - 1) % 16));
    match (Color::try_index(color), PieceKind::try_index(kind)) {
        (Some(color), Some(kind)) => Ok(Some(Piece::new(color, kind))),
        _ => Err(()),
    }
}

/// The square a problem is about, or `HAYANAGI_NO_SQUARE`.
fn problem_square(problem: &SetupProblem) -> i32 {
    problem.square().map_or(Square::NUM, Square::index) as i32
}

/// Writes `(code, square)` pairs into the caller's `problems` (room for `capacity` pairs).
///
/// # Safety
/// `problems` is NULL or points to `2 * capacity` writable `int32_t` (any alignment).
unsafe fn report(problems: *mut i32, capacity: usize, pairs: impl Iterator<Item = (i32, i32)>) {
    if problems.is_null() {
        return;
    }
    for (i, (code, square)) in pairs.take(capacity).enumerate() {
        // SAFETY: `i < capacity`: pair i is within the caller's array.
        unsafe {
            core::ptr::write_unaligned(problems.add(2 * i), code);
            core::ptr::write_unaligned(problems.add(2 * i + 1), square);
        }
    }
}

/// Builds a position from a board, hands, side, ply and relaxations into `*out` (C:
/// `hayanagi_position_setup`).
///
/// # Safety
/// `out` is NULL or points to `HAYANAGI_POSITION_SIZE` writable bytes; `board` to 81 readable
/// bytes; `hands` to 14; `problems` is NULL or points to `2 * capacity` writable `int32_t`; `count`
/// is NULL or points to a writable `size_t`.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hayanagi_position_setup(
    out: *mut PositionRecord,
    board: *const u8,
    hands: *const u8,
    side: i32,
    ply: u64,
    relax: u32,
    problems: *mut i32,
    capacity: usize,
    count: *mut usize,
) -> i32 {
    if out.is_null() || board.is_null() || hands.is_null() {
        return ErrorCode::NullPointer.code();
    }
    if capacity > isize::MAX as usize / 8 {
        return ErrorCode::BadLength.code();
    }
    let Some(side_to_move) = usize::try_from(side).ok().and_then(Color::try_index) else {
        return ErrorCode::OutOfRange.code();
    };
    let Ok(relax) = relaxations(relax) else { return ErrorCode::OutOfRange.code() };
    let mut setup = Setup { side_to_move, ply, ..Setup::EMPTY };
    for square in Square::ALL {
        // SAFETY: `square.index() < 81`: within the caller's board.
        let byte = unsafe { *board.add(square.index()) };
        match piece(byte) {
            Ok(piece) => setup.board[square.index()] = piece,
            Err(()) => {
                // SAFETY: the caller's contract.
                unsafe {
                    report(problems, capacity, core::iter::once((ErrorCode::OutOfRange.code(), square.index() as i32)));
                    put(count, 1);
                }
                return ErrorCode::OutOfRange.code();
            }
        }
    }
    for color in Color::ALL {
        let mut hand = Hand::EMPTY;
        for kind in PieceKind::HAND {
            // SAFETY: the index is below 2 * 7 = 14: within the caller's hands.
            let n = unsafe { *hands.add(color.index() * PieceKind::HAND.len() + kind.index()) };
            hand = hand.with(kind, n);
        }
        setup.hands[color.index()] = hand;
    }
    match setup.validate(relax) {
        Ok(pos) => {
            // SAFETY: the caller's contract.
            unsafe {
                put(count, 0);
                write_position(out, pos);
            }
            ErrorCode::Ok.code()
        }
        Err(error) => {
            let found = error.problems().iter().map(|p| (ErrorCode::from(*p).code(), problem_square(p)));
            // SAFETY: the caller's contract.
            unsafe {
                report(problems, capacity, found);
                put(count, error.problems().len() + error.omitted());
            }
            // Never empty (`SetupError::problems`); a build where it was would say OUT_OF_RANGE.
            error.problems().first().map_or(ErrorCode::OutOfRange, |p| ErrorCode::from(*p)).code()
        }
    }
}

/// The handicap of a C argument (`HAYANAGI_HANDICAP_*`, its index in [`Handicap::ALL`]).
fn handicap(index: i32) -> Result<Handicap, ErrorCode> {
    usize::try_from(index).ok().and_then(|i| Handicap::ALL.get(i)).copied().ok_or(ErrorCode::OutOfRange)
}

/// The header's `HAYANAGI_HANDICAP_*` names (checked by `header.rs`: each is its index).
pub(crate) const HANDICAPS: [(&str, Handicap); 16] = [
    ("HAYANAGI_HANDICAP_LANCE", Handicap::Lance),
    ("HAYANAGI_HANDICAP_RIGHT_LANCE", Handicap::RightLance),
    ("HAYANAGI_HANDICAP_BISHOP", Handicap::Bishop),
    ("HAYANAGI_HANDICAP_ROOK", Handicap::Rook),
    ("HAYANAGI_HANDICAP_ROOK_LANCE", Handicap::RookLance),
    ("HAYANAGI_HANDICAP_TWO_PIECES", Handicap::TwoPieces),
    ("HAYANAGI_HANDICAP_THREE_PIECES", Handicap::ThreePieces),
    ("HAYANAGI_HANDICAP_FOUR_PIECES", Handicap::FourPieces),
    ("HAYANAGI_HANDICAP_FIVE_PIECES", Handicap::FivePieces),
    ("HAYANAGI_HANDICAP_LEFT_FIVE_PIECES", Handicap::LeftFivePieces),
    ("HAYANAGI_HANDICAP_SIX_PIECES", Handicap::SixPieces),
    ("HAYANAGI_HANDICAP_LEFT_SEVEN_PIECES", Handicap::LeftSevenPieces),
    ("HAYANAGI_HANDICAP_RIGHT_SEVEN_PIECES", Handicap::RightSevenPieces),
    ("HAYANAGI_HANDICAP_EIGHT_PIECES", Handicap::EightPieces),
    ("HAYANAGI_HANDICAP_TEN_PIECES", Handicap::TenPieces),
    ("HAYANAGI_HANDICAP_THREE_PAWNS", Handicap::ThreePawns),
];

/// The header's `HAYANAGI_NO_HANDICAP`: what `hayanagi_handicap_of` answers for any other position.
pub(crate) const NO_HANDICAP: i32 = Handicap::ALL.len() as i32;

/// Writes the start position of a handicap game into `*out` (C: `hayanagi_position_handicap`).
///
/// # Safety
/// `out` is NULL or points to `HAYANAGI_POSITION_SIZE` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_position_handicap(out: *mut PositionRecord, index: i32) -> i32 {
    if out.is_null() {
        return ErrorCode::NullPointer.code();
    }
    match handicap(index) {
        Ok(handicap) => {
            // SAFETY: non-NULL, writable (the caller's contract).
            unsafe { write_position(out, handicap.position()) };
            ErrorCode::Ok.code()
        }
        Err(error) => error.code(),
    }
}

/// The handicap whose start position `*pos` is, or `HAYANAGI_NO_HANDICAP` (C: `hayanagi_handicap_of`).
///
/// # Safety
/// `pos` is NULL or a position record.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_handicap_of(pos: *const PositionRecord) -> i32 {
    // SAFETY: the caller's contract.
    code(unsafe { with_position(pos, |pos| Ok(Handicap::of(pos).map_or(NO_HANDICAP, |h| h.index() as i32))) })
}

/// What the name functions give for a value that is no handicap.
const UNKNOWN: &CStr = c"unknown";

/// The names of the handicaps, NUL-terminated, in the order of [`Handicap::ALL`] (checked below).
const NAMES: [(&CStr, &CStr); 16] = [
    (c"lance", c"香落ち"),
    (c"right-lance", c"右香落ち"),
    (c"bishop", c"角落ち"),
    (c"rook", c"飛車落ち"),
    (c"rook-lance", c"飛香落ち"),
    (c"two-pieces", c"二枚落ち"),
    (c"three-pieces", c"三枚落ち"),
    (c"four-pieces", c"四枚落ち"),
    (c"five-pieces", c"五枚落ち"),
    (c"left-five-pieces", c"左五枚落ち"),
    (c"six-pieces", c"六枚落ち"),
    (c"left-seven-pieces", c"左七枚落ち"),
    (c"right-seven-pieces", c"右七枚落ち"),
    (c"eight-pieces", c"八枚落ち"),
    (c"ten-pieces", c"十枚落ち"),
    (c"three-pawns", c"歩三兵"),
];

/// True when `a` is the bytes of `b`.
const fn same(a: &CStr, b: &str) -> bool {
    let (a, b) = (a.to_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

// The names are the library's (Handicap::name, Handicap::japanese), one per handicap.
const _: () = {
    assert!(NAMES.len() == Handicap::ALL.len());
    let mut i = 0;
    while i < NAMES.len() {
        assert!(same(NAMES[i].0, Handicap::ALL[i].name()), "a handicap name differs from Handicap::name");
        assert!(same(NAMES[i].1, Handicap::ALL[i].japanese()), "a handicap name differs from Handicap::japanese");
        i += 1;
    }
};

/// The name of a handicap, `japanese` non-zero for the Japanese one (UTF-8); "unknown" for any other
/// value (C: `hayanagi_handicap_name`).
#[unsafe(no_mangle)]
pub extern "C" fn hayanagi_handicap_name(index: i32, japanese: i32) -> *const c_char {
    match usize::try_from(index).ok().and_then(|i| NAMES.get(i)) {
        Some((name, _)) if japanese == 0 => name.as_ptr(),
        Some((_, name)) => name.as_ptr(),
        None => UNKNOWN.as_ptr(),
    }
}
