//! Questions a GUI or an engine asks about a position: legality and check of a move, the number of
//! legal moves, the board, the hands, the kings, and the entering-king declaration.

use hayanagi::{
    Color, DeclarationFailures, DeclarationOutcome, DeclarationRule, Move, Piece, PieceKind, Position, Square,
};

use crate::ErrorCode;
use crate::position::{answer, code};
use crate::record::{PositionRecord, PositionRef, put, read_position};

/// The header's `HAYANAGI_PIECE(color, kind)`: 0 for an empty square.
#[inline(always)]
pub(crate) const fn piece_code(piece: Option<Piece>) -> u8 {
    match piece {
        None => 0,
        Some(piece) => 1 + piece.kind().index() as u8 + 16 * piece.color().index() as u8,
    }
}

/// The square of a C argument.
pub(crate) fn square(square: i32) -> Result<Square, ErrorCode> {
    usize::try_from(square).ok().and_then(Square::try_index).ok_or(ErrorCode::OutOfRange)
}

/// The colour of a C argument (`HAYANAGI_BLACK`, `HAYANAGI_WHITE`).
fn color(color: i32) -> Result<Color, ErrorCode> {
    usize::try_from(color).ok().and_then(Color::try_index).ok_or(ErrorCode::OutOfRange)
}

/// The kind a hand holds, of a C argument (`HAYANAGI_PAWN` .. `HAYANAGI_ROOK`).
pub(crate) fn hand_kind(kind: i32) -> Result<PieceKind, ErrorCode> {
    usize::try_from(kind)
        .ok()
        .and_then(PieceKind::try_index)
        .filter(|kind| kind.is_hand_kind())
        .ok_or(ErrorCode::OutOfRange)
}

/// Reads the position and answers `question` about it.
///
/// # Safety
/// `pos` is NULL or a position record.
#[inline(always)]
unsafe fn ask(pos: *const PositionRecord, question: impl FnOnce(&Position) -> Result<i32, ErrorCode>) -> i32 {
    // SAFETY: the caller's contract.
    code(unsafe { read_position(pos) }.and_then(|pos: PositionRef| question(&pos)))
}

/// True if `mv` is legal in `*pos` (C: `hayanagi_is_legal`); false and the code in `*error` on an
/// error.
///
/// # Safety
/// `pos` is NULL or a position record; `error` is NULL or points to a writable `int32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_is_legal(pos: *const PositionRecord, mv: u16, error: *mut i32) -> bool {
    // SAFETY: the caller's contract.
    let result = unsafe { read_position(pos) }.and_then(|pos| {
        let mv = Move::from_bits(mv).ok_or(ErrorCode::BadMove)?;
        Ok(pos.is_legal(mv))
    });
    // SAFETY: the caller's contract.
    unsafe { answer(result, error) }
}

/// True if the legal move `mv` gives check (C: `hayanagi_gives_check`); false and the code in
/// `*error` on an error.
///
/// # Safety
/// `pos` is NULL or a position record; `error` is NULL or points to a writable `int32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_gives_check(pos: *const PositionRecord, mv: u16, error: *mut i32) -> bool {
    // SAFETY: the caller's contract.
    let result = unsafe { read_position(pos) }.and_then(|pos| {
        let mv = Move::from_bits(mv).ok_or(ErrorCode::BadMove)?;
        if !pos.is_legal(mv) {
            return Err(ErrorCode::IllegalMove);
        }
        Ok(pos.gives_check(mv))
    });
    // SAFETY: the caller's contract.
    unsafe { answer(result, error) }
}

/// The number of legal moves of `*pos` (C: `hayanagi_count_legal_moves`).
///
/// # Safety
/// `pos` is NULL or a position record.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_count_legal_moves(pos: *const PositionRecord) -> i32 {
    // SAFETY: the caller's contract.
    unsafe { ask(pos, |pos| Ok(i32::try_from(pos.count_legal_moves()).unwrap_or(i32::MAX))) }
}

/// The piece code on `square` (C: `hayanagi_piece_at`).
///
/// # Safety
/// `pos` is NULL or a position record.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_piece_at(pos: *const PositionRecord, sq: i32) -> i32 {
    // SAFETY: the caller's contract.
    unsafe { ask(pos, |pos| Ok(i32::from(piece_code(pos.piece_at(square(sq)?))))) }
}

/// Writes the 81 piece codes of `*pos` into `board` (C: `hayanagi_board`).
///
/// # Safety
/// `pos` is NULL or a position record; `board` is NULL or points to 81 writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_board(pos: *const PositionRecord, board: *mut u8) -> i32 {
    // SAFETY: the caller's contract.
    unsafe {
        ask(pos, |pos| {
            if board.is_null() {
                return Err(ErrorCode::NullPointer);
            }
            for (i, &piece) in pos.board().iter().enumerate() {
                // SAFETY: `i < 81`, and `board` has 81 writable bytes.
                *board.add(i) = piece_code(piece);
            }
            Ok(0)
        })
    }
}

/// How many of `kind` `color` holds (C: `hayanagi_hand_count`).
///
/// # Safety
/// `pos` is NULL or a position record.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_hand_count(pos: *const PositionRecord, side: i32, kind: i32) -> i32 {
    // SAFETY: the caller's contract.
    unsafe { ask(pos, |pos| Ok(i32::from(pos.hand(color(side)?).count(hand_kind(kind)?)))) }
}

/// Writes both hands into `counts[color * 7 + kind]` (C: `hayanagi_hands`).
///
/// # Safety
/// `pos` is NULL or a position record; `counts` is NULL or points to 14 writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_hands(pos: *const PositionRecord, counts: *mut u8) -> i32 {
    // SAFETY: the caller's contract.
    unsafe {
        ask(pos, |pos| {
            if counts.is_null() {
                return Err(ErrorCode::NullPointer);
            }
            for color in Color::ALL {
                let hand = pos.hand(color);
                for kind in PieceKind::HAND {
                    // SAFETY: the index is below 2 * 7 = 14, and `counts` has 14 writable bytes.
                    *counts.add(color.index() * PieceKind::HAND.len() + kind.index()) = hand.count(kind);
                }
            }
            Ok(0)
        })
    }
}

/// The square of `color`'s king, or 81 (C: `hayanagi_king_square`).
///
/// # Safety
/// `pos` is NULL or a position record.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_king_square(pos: *const PositionRecord, side: i32) -> i32 {
    // SAFETY: the caller's contract.
    unsafe { ask(pos, |pos| Ok(pos.king(color(side)?).map_or(Square::NUM, Square::index) as i32)) }
}

/// The header's `HAYANAGI_DECLARATION_*` outcome codes.
pub(crate) const fn outcome_code(outcome: DeclarationOutcome) -> i32 {
    match outcome {
        DeclarationOutcome::Invalid => 0,
        DeclarationOutcome::Win => 1,
        DeclarationOutcome::Draw => 2,
    }
}

/// The failure bits the header names, with their `#define`s (checked by `header.rs`).
pub(crate) const FAILURES: [(&str, DeclarationFailures); 4] = [
    ("HAYANAGI_DECLARATION_KING_NOT_IN_CAMP", DeclarationFailures::KING_NOT_IN_CAMP),
    ("HAYANAGI_DECLARATION_TOO_FEW_PIECES", DeclarationFailures::TOO_FEW_PIECES),
    ("HAYANAGI_DECLARATION_IN_CHECK", DeclarationFailures::IN_CHECK),
    ("HAYANAGI_DECLARATION_TOO_FEW_POINTS", DeclarationFailures::TOO_FEW_POINTS),
];

/// Judges a declaration by the side to move (C: `hayanagi_declaration`).
///
/// # Safety
/// `pos` is NULL or a position record; `points`, `pieces_in_camp` and `failed` are each NULL or
/// point to a writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_declaration(
    pos: *const PositionRecord,
    rule: i32,
    points: *mut u32,
    pieces_in_camp: *mut u32,
    failed: *mut u32,
) -> i32 {
    // SAFETY: the caller's contract.
    unsafe {
        ask(pos, |pos| {
            let rule = match rule {
                27 => DeclarationRule::Points27,
                24 => DeclarationRule::Points24,
                _ => return Err(ErrorCode::OutOfRange),
            };
            let declaration = pos.declaration(rule);
            put(points, declaration.points());
            put(pieces_in_camp, declaration.pieces_in_camp());
            put(failed, u32::from(declaration.failed().bits()));
            Ok(outcome_code(declaration.outcome()))
        })
    }
}
