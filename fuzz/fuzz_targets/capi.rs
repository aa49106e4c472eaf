//! The C API (include/hayanagi.h, crate capi/) called with fuzzed arguments: NULL pointers, records
//! that no constructor wrote (zeroed, or of the other kind), byte copies of records at any alignment,
//! output buffers of every size, lengths above PTRDIFF_MAX, garbage move codes, perft depths out of
//! range. The harness keeps the positions and undo records it expects in Rust (a shadow of each record)
//! and checks every call against the library: the result code is the success value or one of the
//! errors the header allows for those arguments; a failing call writes nothing but the documented
//! out-parameters (needed sizes, error offsets); what a successful call writes is what the library
//! says (SFEN, moves in the generator's order, key, ply, status, perft counts).

#![no_main]

use core::ffi::{CStr, c_char};

use hayanagi::{
    Color, DeclarationOutcome, DeclarationRule, Entry, GameResult, Handicap, Hcpe, History, JapaneseStyle, Move,
    MoveFilter, PackedFormat, PackedRecord, Piece, PieceKind, Position, Psv, PsvResult, Relaxations, Setup, Square,
    Status, TsumeAlternative, TsumeAnswer, TsumeCounting, TsumeEntry, TsumeError, TsumeSolver, TsumeUnknown, Undo,
};
use hayanagi_capi::{self as c, ErrorCode, HistoryEntryRecord, PositionRecord, UndoRecord};
use hayanagi_fuzz::input::Input;
use libfuzzer_sys::fuzz_target;

// From include/hayanagi.h.
const POSITION_SIZE: usize = 512;
const UNDO_RECORD_SIZE: usize = 96;
const SFEN_BUFFER_SIZE: usize = 173;
const USI_BUFFER_SIZE: usize = 6;
const MAX_MOVES: usize = 1024;
const MAX_PERFT_DEPTH: u32 = 32;
const HISTORY_HEADER_ENTRIES: usize = 2;
const NO_SQUARE: i32 = 81;
const NO_KIND: i32 = 14;
const CSA_BUFFER_SIZE: usize = 8;
const JAPANESE_BUFFER_SIZE: usize = 32;
const MAX_SEE_VALUE: i32 = 1 << 20;

/// Records of each kind the harness keeps.
const SLOTS: usize = 3;
/// Bytes behind every record pointer: the larger record, wherever in its first 8 bytes it starts.
const SLOT_BYTES: usize = POSITION_SIZE + 8;
/// Written into output buffers before a call, to see what the call wrote.
const CANARY: u8 = 0xa5;

/// Texts that reach past the syntax checks: a fuzzed text rarely does.
const TEXTS: [&str; 8] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 18446744073709551615",
    "position startpos moves 7g7f 3c3d 8h2b+ 3a2b",
    "sfen 4k4/9/9/9/9/9/9/9/4K4 b G 18446744073709551614 moves G*5b",
    "7g7f",
    "P*5e",
    "8h2b+",
];

/// The arguments of the C calls, read from the fuzzed bytes.
trait Arguments {
    /// A text argument: a canned text or fuzzed bytes.
    fn text(&mut self) -> Vec<u8>;
    /// A length for `text`: its own, or one above PTRDIFF_MAX (which must be refused before any read).
    fn length(&mut self, text: &[u8]) -> usize;
    /// An output buffer size around `fits` (the size that just fits), or any size up to `max`.
    fn size(&mut self, fits: usize, max: usize) -> usize;
}

impl Arguments for Input<'_> {
    fn text(&mut self) -> Vec<u8> {
        match self.byte() as usize {
            n @ 0..8 => TEXTS[n].as_bytes().to_vec(),
            _ => {
                let len = self.byte() as usize;
                self.bytes(len).to_vec()
            }
        }
    }

    fn length(&mut self, text: &[u8]) -> usize {
        match self.byte() % 16 {
            0 => usize::MAX,
            1 => isize::MAX as usize + 1,
            _ => text.len(),
        }
    }

    fn size(&mut self, fits: usize, max: usize) -> usize {
        match self.byte() % 8 {
            0 => fits.saturating_sub(1),
            1 => fits,
            2 => 0,
            3 => max,
            _ => self.byte() as usize % (max + 1),
        }
    }
}

/// A record in memory the harness owns, `offset` bytes into its buffer (records need no alignment).
struct Slot {
    buf: Vec<u8>,
    offset: usize,
}

impl Slot {
    fn new() -> Slot {
        Slot { buf: vec![0; SLOT_BYTES], offset: 0 }
    }

    fn ptr(&mut self) -> *mut u8 {
        // `offset < 8` and the buffer has 8 bytes more than the larger record.
        self.buf[self.offset..].as_mut_ptr()
    }

    fn bytes(&self) -> Vec<u8> {
        self.buf.clone()
    }
}

/// What an undo record written by `hayanagi_play` holds: the move and the library's record, and the
/// position right after the move (the only one it may be applied to).
#[derive(Clone)]
struct UndoShadow {
    mv: Move,
    undo: Undo,
    after: Position,
}

struct World {
    positions: [Slot; SLOTS],
    shadows: [Option<Position>; SLOTS],
    undos: [Slot; SLOTS],
    undo_shadows: [Option<UndoShadow>; SLOTS],
    /// One game history's storage (in `u64` words, so aligned), and what it must hold.
    history: Vec<u64>,
    history_shadow: Option<History<Vec<Entry>>>,
}

/// The header's piece code of a square's content.
fn piece_code(piece: Option<Piece>) -> i32 {
    piece.map_or(0, |p| 1 + p.kind().index() as i32 + 16 * p.color().index() as i32)
}

/// The shape `hayanagi_play_unchecked` requires (include/hayanagi.h), written from the header.
fn has_shape(pos: &Position, mv: Move) -> bool {
    let us = pos.side_to_move();
    match (mv.from(), mv.drop_kind()) {
        (Some(from), _) => match pos.piece_at(from) {
            Some(piece) if piece.color() == us => {
                let promotes = matches!(
                    piece.kind(),
                    PieceKind::Pawn
                        | PieceKind::Lance
                        | PieceKind::Knight
                        | PieceKind::Silver
                        | PieceKind::Bishop
                        | PieceKind::Rook
                );
                (promotes || !mv.is_promotion())
                    && pos.piece_at(mv.to()).is_none_or(|t| t.color() != us && t.kind() != PieceKind::King)
            }
            _ => false,
        },
        (None, Some(kind)) => pos.hand(us).count(kind) > 0 && pos.piece_at(mv.to()).is_none(),
        (None, None) => false,
    }
}

fn status_code(status: Status) -> i32 {
    Status::ALL.iter().position(|&s| s == status).unwrap() as i32
}

/// Where a position argument points.
#[derive(Clone, Copy)]
enum PosArg {
    Null,
    Slot(usize),
    /// An undo slot passed as a position.
    UndoSlot(usize),
}

/// The result code must be `expected` when no error applies, or one of the errors that do.
fn assert_result(what: &str, result: i32, errors: &[ErrorCode], expected: i32) {
    if errors.is_empty() {
        assert_eq!(result, expected, "{what}: expected success");
    } else {
        assert!(
            errors.iter().any(|e| e.code() == result),
            "{what}: returned {result} ({:?}); allowed {errors:?}",
            ErrorCode::from_i32(result)
        );
    }
}

/// The `HAYANAGI_TSUME_*` code of an unknown answer.
fn tsume_unknown(reason: TsumeUnknown) -> i32 {
    match reason {
        TsumeUnknown::NodeLimit => 2,
        TsumeUnknown::DepthLimit => 3,
        TsumeUnknown::TooManyMoves => 4,
        TsumeUnknown::Stalled | TsumeUnknown::Stopped => 5,
        TsumeUnknown::LineTooLong => 6,
        TsumeUnknown::LineNotFound => 7,
    }
}

/// The `HAYANAGI_TSUME_*` code of an answer, and a mate's line as codes.
fn tsume_answer(answer: &TsumeAnswer<'_>) -> (i32, Vec<u16>) {
    match answer {
        TsumeAnswer::Mate(found) => (1, found.iter().map(|m| m.to_bits()).collect()),
        TsumeAnswer::NoMate => (0, vec![]),
        TsumeAnswer::Unknown(reason) => (tsume_unknown(*reason), vec![]),
    }
}

/// The library's solver with the C call's limits.
fn tsume_solver(table: &mut [TsumeEntry], node_limit: u64, max_depth: u32, counting: TsumeCounting) -> TsumeSolver<'_> {
    TsumeSolver::new(table).with_node_limit(node_limit).with_max_depth(max_depth).with_counting(counting)
}

/// The error code of a position that is no tsume.
fn tsume_error(error: TsumeError) -> ErrorCode {
    match error {
        TsumeError::NoDefenderKing => ErrorCode::TsumeNoDefenderKing,
        TsumeError::AttackerInCheck => ErrorCode::TsumeAttackerInCheck,
    }
}

/// A predicate's answer as one value, to compare with `assert_result`: the code `*error` received if
/// it is an error (then the `bool` must be false), else 1 or 0; the answer without the optional error
/// pointer must be the same `bool`.
fn predicate(what: &str, mut call: impl FnMut(*mut i32) -> bool) -> i32 {
    let mut error = i32::MIN;
    let value = call(&mut error);
    assert_eq!(call(core::ptr::null_mut()), value, "{what}: another answer without the error pointer");
    assert!(ErrorCode::from_i32(error).is_some(), "{what}: *error is {error}, not a code");
    if error != 0 {
        assert!(!value, "{what}: true with an error");
        error
    } else {
        value as i32
    }
}

fn text_of(buf: &[u8]) -> &[u8] {
    let end = buf.iter().position(|&b| b == 0).expect("NUL-terminated");
    &buf[..end]
}

impl World {
    fn new() -> World {
        World {
            positions: [Slot::new(), Slot::new(), Slot::new()],
            shadows: [None, None, None],
            undos: [Slot::new(), Slot::new(), Slot::new()],
            undo_shadows: [None, None, None],
            history: vec![0; 2 * (HISTORY_HEADER_ENTRIES + 8)],
            history_shadow: None,
        }
    }

    fn pos_arg(&self, input: &mut Input) -> PosArg {
        match input.byte() % 8 {
            0 => PosArg::Null,
            1 => PosArg::UndoSlot(input.byte() as usize % SLOTS),
            n => PosArg::Slot(n as usize % SLOTS),
        }
    }

    fn pos_ptr(&mut self, arg: PosArg) -> *mut PositionRecord {
        match arg {
            PosArg::Null => core::ptr::null_mut(),
            PosArg::Slot(i) => self.positions[i].ptr().cast(),
            PosArg::UndoSlot(i) => self.undos[i].ptr().cast(),
        }
    }

    /// The errors reading a position argument may give, and the position if it is one.
    fn pos_errors(&self, arg: PosArg) -> (Vec<ErrorCode>, Option<Position>) {
        match arg {
            PosArg::Null => (vec![ErrorCode::NullPointer], None),
            PosArg::UndoSlot(_) => (vec![ErrorCode::NotAPosition], None),
            PosArg::Slot(i) => match &self.shadows[i] {
                None => (vec![ErrorCode::NotAPosition], None),
                Some(pos) => (vec![], Some(pos.clone())),
            },
        }
    }

    /// Everything the C API says about the record in slot `i` agrees with its shadow.
    fn check_slot(&mut self, i: usize) {
        let Some(pos) = self.shadows[i].clone() else { return };
        let ptr = self.positions[i].ptr().cast::<PositionRecord>();
        let mut buf = [CANARY; SFEN_BUFFER_SIZE];
        let mut needed = 0usize;
        let len = unsafe { c::hayanagi_position_sfen(ptr, buf.as_mut_ptr().cast(), buf.len(), &mut needed) };
        let sfen = pos.sfen().to_string();
        assert_eq!(len, sfen.len() as i32, "hayanagi_position_sfen length");
        assert_eq!(text_of(&buf), sfen.as_bytes(), "hayanagi_position_sfen");
        assert_eq!(needed, sfen.len() + 1);
        let (mut key, mut ply) = (0u64, 0u64);
        assert_eq!(unsafe { c::hayanagi_key(ptr, &mut key) }, 0);
        assert_eq!(key, pos.key(), "hayanagi_key");
        assert_eq!(unsafe { c::hayanagi_ply(ptr, &mut ply) }, 0);
        assert_eq!(ply, pos.ply(), "hayanagi_ply");
        let in_check = predicate("hayanagi_in_check", |e| unsafe { c::hayanagi_in_check(ptr, e) });
        assert_eq!(in_check, pos.in_check() as i32, "hayanagi_in_check");
        let side = match pos.side_to_move() {
            Color::Black => 0,
            Color::White => 1,
        };
        assert_eq!(unsafe { c::hayanagi_side_to_move(ptr) }, side, "hayanagi_side_to_move");
        let status = Status::ALL.iter().position(|&s| s == pos.status()).unwrap() as i32;
        assert_eq!(unsafe { c::hayanagi_status(ptr) }, status, "hayanagi_status");
        // The board, hands and kings.
        let mut board = [0xeeu8; 81];
        assert_eq!(unsafe { c::hayanagi_board(ptr, board.as_mut_ptr()) }, 0);
        let mut hands = [0xeeu8; 14];
        assert_eq!(unsafe { c::hayanagi_hands(ptr, hands.as_mut_ptr()) }, 0);
        for square in Square::ALL {
            let code = piece_code(pos.piece_at(square));
            assert_eq!(i32::from(board[square.index()]), code, "hayanagi_board");
            assert_eq!(unsafe { c::hayanagi_piece_at(ptr, square.index() as i32) }, code, "hayanagi_piece_at");
        }
        for color in Color::ALL {
            for kind in PieceKind::HAND {
                let count = i32::from(pos.hand(color).count(kind));
                assert_eq!(i32::from(hands[color.index() * 7 + kind.index()]), count, "hayanagi_hands");
                let got = unsafe { c::hayanagi_hand_count(ptr, color.index() as i32, kind.index() as i32) };
                assert_eq!(got, count, "hayanagi_hand_count");
            }
            let king = pos.king(color).map_or(NO_SQUARE, |k| k.index() as i32);
            assert_eq!(unsafe { c::hayanagi_king_square(ptr, color.index() as i32) }, king, "hayanagi_king_square");
        }
        let count = pos.legal_moves().len() as i32;
        assert_eq!(unsafe { c::hayanagi_count_legal_moves(ptr) }, count, "hayanagi_count_legal_moves");
    }

    /// `hayanagi_position_from_sfen` or `hayanagi_position_from_usi`.
    fn construct(&mut self, input: &mut Input, usi: bool) {
        // Never into an undo slot: those must stay non-positions for the type confusion checks.
        let out = match input.byte() % 8 {
            0 => PosArg::Null,
            n => PosArg::Slot(n as usize % SLOTS),
        };
        let text = input.text();
        let text_null = input.one_in(16);
        let len = input.length(&text);
        let with_offset = !input.one_in(4);
        let before = match out {
            PosArg::Slot(i) => Some(self.positions[i].bytes()),
            _ => None,
        };
        let out_ptr = self.pos_ptr(out);
        let text_ptr: *const c_char = if text_null { core::ptr::null() } else { text.as_ptr().cast() };
        let mut offset = usize::MAX;
        let offset_ptr: *mut usize = if with_offset { &mut offset } else { core::ptr::null_mut() };
        let result = unsafe {
            if usi {
                c::hayanagi_position_from_usi(out_ptr, text_ptr, len, offset_ptr)
            } else {
                c::hayanagi_position_from_sfen(out_ptr, text_ptr, len, offset_ptr)
            }
        };
        let what = if usi { "hayanagi_position_from_usi" } else { "hayanagi_position_from_sfen" };
        let mut errors = Vec::new();
        if matches!(out, PosArg::Null) || text_null {
            errors.push(ErrorCode::NullPointer);
        }
        if len != text.len() {
            errors.push(ErrorCode::BadLength);
        }
        let parsed: Result<Position, (ErrorCode, usize)> = if usi {
            Position::from_usi_position_bytes(&text).map_err(|e| (ErrorCode::from(e.kind()), e.offset()))
        } else {
            Position::from_sfen_bytes(&text).map_err(|e| (ErrorCode::from(e.kind()), e.offset()))
        };
        match (&parsed, errors.is_empty()) {
            (Err((code, at)), true) => {
                assert_eq!(result, code.code(), "{what}: error code");
                if with_offset {
                    assert_eq!(offset, *at, "{what}: error offset");
                }
            }
            _ => assert_result(what, result, &errors, 0),
        }
        if result == 0 {
            let (PosArg::Slot(i), Ok(pos)) = (out, parsed) else { unreachable!() };
            self.shadows[i] = Some(pos);
            self.check_slot(i);
        } else if let (PosArg::Slot(i), Some(before)) = (out, before) {
            assert_eq!(self.positions[i].bytes(), before, "{what}: a failed call wrote the record");
        }
    }

    /// `hayanagi_position_sfen` with a buffer of any size.
    fn write_sfen(&mut self, input: &mut Input) {
        let arg = self.pos_arg(input);
        let (mut errors, pos) = self.pos_errors(arg);
        let sfen = pos.map(|pos| pos.sfen().to_string());
        let fits = sfen.as_ref().map_or(SFEN_BUFFER_SIZE, |s| s.len() + 1);
        let size = input.size(fits, SFEN_BUFFER_SIZE + 8);
        let buf_null = input.one_in(16);
        let huge = input.one_in(16);
        let with_needed = !input.one_in(4);
        let mut buf = vec![CANARY; size];
        let mut needed = usize::MAX;
        let ptr = self.pos_ptr(arg);
        let buf_ptr: *mut c_char = if buf_null { core::ptr::null_mut() } else { buf.as_mut_ptr().cast() };
        let passed_size = if huge { isize::MAX as usize + 1 } else { size };
        let needed_ptr: *mut usize = if with_needed { &mut needed } else { core::ptr::null_mut() };
        let result = unsafe { c::hayanagi_position_sfen(ptr, buf_ptr, passed_size, needed_ptr) };
        if buf_null {
            errors.push(ErrorCode::NullPointer);
        }
        if huge {
            errors.push(ErrorCode::BadLength);
        }
        let too_small = sfen.as_ref().is_some_and(|s| !huge && s.len() >= size);
        if too_small {
            errors.push(ErrorCode::BufferTooSmall);
        }
        let expected = sfen.as_ref().map_or(0, |s| s.len() as i32);
        assert_result("hayanagi_position_sfen", result, &errors, expected);
        if result >= 0 {
            let sfen = sfen.as_ref().unwrap();
            assert_eq!(text_of(&buf), sfen.as_bytes(), "hayanagi_position_sfen text");
            assert!(buf[sfen.len() + 1..].iter().all(|&b| b == CANARY), "wrote past the NUL");
        } else {
            assert!(buf.iter().all(|&b| b == CANARY), "hayanagi_position_sfen: a failed call wrote the buffer");
        }
        if with_needed && (result >= 0 || result == ErrorCode::BufferTooSmall.code()) {
            assert_eq!(needed, sfen.unwrap().len() + 1, "hayanagi_position_sfen needed");
        }
    }

    /// `hayanagi_legal_moves`, or `hayanagi_legal_moves_of` with any filter value, into an array of
    /// any capacity, at any alignment.
    fn legal_moves(&mut self, input: &mut Input) {
        let arg = self.pos_arg(input);
        let (mut errors, pos) = self.pos_errors(arg);
        // None: hayanagi_legal_moves; Some(code): hayanagi_legal_moves_of (-1 and 7 out of range).
        let filter_code = match input.byte() % 3 {
            0 => None,
            _ => Some(i32::from(input.byte() % 9) - 1),
        };
        let filter = match filter_code {
            None => Some(MoveFilter::All),
            Some(code) => usize::try_from(code).ok().and_then(|i| MoveFilter::ALL.get(i).copied()),
        };
        if filter.is_none() {
            errors.push(ErrorCode::OutOfRange);
        }
        let moves: Option<Vec<u16>> =
            pos.zip(filter).map(|(pos, filter)| pos.legal_moves_of(filter).iter().map(|mv| mv.to_bits()).collect());
        let count = moves.as_ref().map_or(0, Vec::len);
        let capacity = input.size(count, MAX_MOVES);
        let misaligned = input.byte() as usize % 2;
        let array_null = input.one_in(16);
        let with_needed = !input.one_in(4);
        let mut bytes = vec![CANARY; capacity * 2 + 1];
        let mut needed = usize::MAX;
        let ptr = self.pos_ptr(arg);
        let array: *mut u16 = if array_null { core::ptr::null_mut() } else { bytes[misaligned..].as_mut_ptr().cast() };
        let needed_ptr: *mut usize = if with_needed { &mut needed } else { core::ptr::null_mut() };
        let result = match filter_code {
            None => unsafe { c::hayanagi_legal_moves(ptr, array, capacity, needed_ptr) },
            Some(code) => unsafe { c::hayanagi_legal_moves_of(ptr, code, array, capacity, needed_ptr) },
        };
        if array_null {
            errors.push(ErrorCode::NullPointer);
        }
        if moves.is_some() && capacity < count {
            errors.push(ErrorCode::BufferTooSmall);
        }
        assert_result("hayanagi_legal_moves", result, &errors, count as i32);
        let written = &bytes[misaligned..];
        if result >= 0 {
            let got: Vec<u16> =
                written[..count * 2].chunks(2).map(|pair| u16::from_ne_bytes([pair[0], pair[1]])).collect();
            assert_eq!(Some(got), moves, "hayanagi_legal_moves: not the generator's moves in its order");
            assert!(written[count * 2..].iter().all(|&b| b == CANARY), "wrote past the count");
        } else {
            assert!(bytes.iter().all(|&b| b == CANARY), "hayanagi_legal_moves: a failed call wrote the array");
        }
        if with_needed && (result >= 0 || result == ErrorCode::BufferTooSmall.code()) {
            assert_eq!(needed, count, "hayanagi_legal_moves needed");
        } else if with_needed {
            assert_eq!(needed, usize::MAX, "hayanagi_legal_moves: a failed call wrote needed");
        }
    }

    /// `hayanagi_move_to_usi` with any code and buffer.
    fn move_to_usi(&mut self, input: &mut Input) {
        let code = self.move_code(input);
        let usi = Move::from_bits(code).map(|mv| mv.to_string());
        let fits = usi.as_ref().map_or(USI_BUFFER_SIZE, |s| s.len() + 1);
        let size = input.size(fits, USI_BUFFER_SIZE + 2);
        let buf_null = input.one_in(16);
        let huge = input.one_in(16);
        let mut buf = vec![CANARY; size];
        let mut needed = usize::MAX;
        let buf_ptr: *mut c_char = if buf_null { core::ptr::null_mut() } else { buf.as_mut_ptr().cast() };
        let passed_size = if huge { usize::MAX } else { size };
        let result = unsafe { c::hayanagi_move_to_usi(code, buf_ptr, passed_size, &mut needed) };
        let mut errors = Vec::new();
        if usi.is_none() {
            errors.push(ErrorCode::BadMove);
        }
        if buf_null {
            errors.push(ErrorCode::NullPointer);
        }
        if huge {
            errors.push(ErrorCode::BadLength);
        }
        if usi.as_ref().is_some_and(|s| !huge && s.len() >= size) {
            errors.push(ErrorCode::BufferTooSmall);
        }
        assert_result("hayanagi_move_to_usi", result, &errors, usi.as_ref().map_or(0, |s| s.len() as i32));
        if result >= 0 {
            assert_eq!(text_of(&buf), usi.as_ref().unwrap().as_bytes(), "hayanagi_move_to_usi text");
        } else {
            assert!(buf.iter().all(|&b| b == CANARY), "hayanagi_move_to_usi: a failed call wrote the buffer");
        }
        if result >= 0 || result == ErrorCode::BufferTooSmall.code() {
            assert_eq!(needed, usi.unwrap().len() + 1, "hayanagi_move_to_usi needed");
        }
    }

    /// A move code: often a legal move of a slot's position, sometimes any 16 bits.
    fn move_code(&mut self, input: &mut Input) -> u16 {
        let choice = input.byte();
        let raw = input.u16();
        match self.shadows[choice as usize % SLOTS].as_ref().filter(|_| !choice.is_multiple_of(4)) {
            Some(pos) => {
                let moves = pos.legal_moves();
                moves.get(raw as usize % moves.len().max(1)).map_or(raw, |mv| mv.to_bits())
            }
            None => raw,
        }
    }

    /// `hayanagi_parse_usi_move`.
    fn parse_usi_move(&mut self, input: &mut Input) {
        let arg = self.pos_arg(input);
        let (mut errors, pos) = self.pos_errors(arg);
        let text = input.text();
        let text_null = input.one_in(16);
        let len = input.length(&text);
        let out_null = input.one_in(16);
        let with_offset = !input.one_in(4);
        let mut mv = 0u16;
        let mut offset = usize::MAX;
        let offset_ptr: *mut usize = if with_offset { &mut offset } else { core::ptr::null_mut() };
        let ptr = self.pos_ptr(arg);
        let text_ptr: *const c_char = if text_null { core::ptr::null() } else { text.as_ptr().cast() };
        let mv_ptr: *mut u16 = if out_null { core::ptr::null_mut() } else { &mut mv };
        let result = unsafe { c::hayanagi_parse_usi_move(ptr, text_ptr, len, mv_ptr, offset_ptr) };
        if text_null || out_null {
            errors.push(ErrorCode::NullPointer);
        }
        if len != text.len() {
            errors.push(ErrorCode::BadLength);
        }
        match pos.map(|pos| pos.parse_usi_move_bytes(&text)) {
            Some(Err(error)) if errors.is_empty() => {
                assert_eq!(result, ErrorCode::from(error).code(), "hayanagi_parse_usi_move error");
                let at = match error {
                    hayanagi::UsiMoveError::Syntax { offset, .. } => offset,
                    hayanagi::UsiMoveError::Illegal(_) => 0,
                };
                if with_offset {
                    assert_eq!(offset, at, "hayanagi_parse_usi_move offset");
                }
            }
            Some(Ok(parsed)) if errors.is_empty() => {
                assert_eq!(result, 0, "hayanagi_parse_usi_move");
                assert_eq!(mv, parsed.to_bits(), "hayanagi_parse_usi_move move");
            }
            _ => assert_result("hayanagi_parse_usi_move", result, &errors, 0),
        }
        if result != 0 {
            assert_eq!(mv, 0, "hayanagi_parse_usi_move: a failed call wrote the move");
        }
    }

    /// `hayanagi_play` or `hayanagi_play_unchecked`, recording into an undo slot or not.
    fn play(&mut self, input: &mut Input, unchecked: bool) {
        let arg = self.pos_arg(input);
        let (mut errors, pos) = self.pos_errors(arg);
        let code = self.move_code(input);
        let undo_choice = input.byte() as usize % (SLOTS + 1);
        let before_bytes = match arg {
            PosArg::Slot(i) => Some(self.positions[i].bytes()),
            _ => None,
        };
        let undo_before = self.undos.get(undo_choice).map(Slot::bytes);
        let ptr = self.pos_ptr(arg);
        let undo_ptr: *mut UndoRecord = match self.undos.get_mut(undo_choice) {
            Some(slot) => slot.ptr().cast(),
            None => core::ptr::null_mut(),
        };
        let result = unsafe {
            if unchecked {
                c::hayanagi_play_unchecked(ptr, code, undo_ptr)
            } else {
                c::hayanagi_play(ptr, code, undo_ptr)
            }
        };
        let what = if unchecked { "hayanagi_play_unchecked" } else { "hayanagi_play" };
        let mv = Move::from_bits(code);
        if let Some(pos) = &pos {
            match mv {
                None => errors.push(ErrorCode::BadMove),
                Some(mv) if unchecked && !has_shape(pos, mv) => errors.push(ErrorCode::IllegalMove),
                Some(mv) if !unchecked && !pos.is_legal(mv) => errors.push(ErrorCode::IllegalMove),
                Some(_) if pos.ply() == u64::MAX => errors.push(ErrorCode::PlyOverflow),
                Some(_) => {}
            }
        } else if mv.is_none() {
            errors.push(ErrorCode::BadMove);
        }
        assert_result(what, result, &errors, 0);
        if result == 0 {
            let (PosArg::Slot(i), Some(mut pos), Some(mv)) = (arg, pos, mv) else { unreachable!() };
            // A move of the right shape that is not legal is played as given (the header's contract).
            let undo = pos.play_unchecked(mv);
            if let Some(shadow) = self.undo_shadows.get_mut(undo_choice) {
                *shadow = Some(UndoShadow { mv, undo, after: pos.clone() });
            }
            self.shadows[i] = Some(pos);
            self.check_slot(i);
        } else {
            if let (PosArg::Slot(i), Some(before)) = (arg, before_bytes) {
                assert_eq!(self.positions[i].bytes(), before, "{what}: a failed call wrote the position");
            }
            if let Some(before) = undo_before {
                assert_eq!(self.undos[undo_choice].bytes(), before, "{what}: a failed call wrote the record");
            }
        }
    }

    /// `hayanagi_play_into` or `hayanagi_play_unchecked_into`: copy/make from any position argument
    /// into a slot (another one, or the same: in place) or NULL.
    fn play_into(&mut self, input: &mut Input) {
        let unchecked = input.byte().is_multiple_of(2);
        let arg = self.pos_arg(input);
        let (mut errors, pos) = self.pos_errors(arg);
        let target = match input.byte() % 4 {
            0 => None,
            n => Some(n as usize % SLOTS),
        };
        let code = self.move_code(input);
        let parent_before = match arg {
            PosArg::Slot(i) => Some((i, self.positions[i].bytes())),
            _ => None,
        };
        let child_before = target.map(|j| self.positions[j].bytes());
        let ptr = self.pos_ptr(arg);
        let child_ptr: *mut PositionRecord = match target {
            Some(j) => self.positions[j].ptr().cast(),
            None => core::ptr::null_mut(),
        };
        let result = unsafe {
            if unchecked {
                c::hayanagi_play_unchecked_into(ptr, code, child_ptr)
            } else {
                c::hayanagi_play_into(ptr, code, child_ptr)
            }
        };
        let what = if unchecked { "hayanagi_play_unchecked_into" } else { "hayanagi_play_into" };
        if target.is_none() {
            errors.push(ErrorCode::NullPointer);
        }
        let mv = Move::from_bits(code);
        if let Some(pos) = &pos {
            match mv {
                None => errors.push(ErrorCode::BadMove),
                Some(mv) if unchecked && !has_shape(pos, mv) => errors.push(ErrorCode::IllegalMove),
                Some(mv) if !unchecked && !pos.is_legal(mv) => errors.push(ErrorCode::IllegalMove),
                Some(_) if pos.ply() == u64::MAX => errors.push(ErrorCode::PlyOverflow),
                Some(_) => {}
            }
        } else if mv.is_none() {
            errors.push(ErrorCode::BadMove);
        }
        assert_result(what, result, &errors, 0);
        let in_place = matches!((arg, target), (PosArg::Slot(i), Some(j)) if i == j);
        // The parent is never changed (unless it is the child).
        if let Some((i, before)) = &parent_before
            && !in_place
        {
            assert_eq!(&self.positions[*i].bytes(), before, "{what}: the parent was written");
        }
        let Some(j) = target else { return };
        if result == 0 {
            let (Some(mut pos), Some(mv)) = (pos, mv) else { unreachable!() };
            let _ = pos.play_unchecked(mv);
            self.shadows[j] = Some(pos);
            self.check_slot(j);
        } else if in_place || result == ErrorCode::NullPointer.code() || result == ErrorCode::NotAPosition.code() {
            assert_eq!(Some(self.positions[j].bytes()), child_before, "{what}: a failed call wrote the child");
        } else {
            // Refused after the copy: the child holds the parent.
            self.shadows[j] = pos;
            self.check_slot(j);
        }
    }

    /// `hayanagi_undo` with any undo record (or a position record, or NULL).
    fn undo(&mut self, input: &mut Input) {
        let arg = self.pos_arg(input);
        let (mut errors, pos) = self.pos_errors(arg);
        let choice = input.byte() as usize % (2 * SLOTS + 1);
        let before_bytes = match arg {
            PosArg::Slot(i) => Some(self.positions[i].bytes()),
            _ => None,
        };
        let ptr = self.pos_ptr(arg);
        let (undo_ptr, shadow): (*const UndoRecord, Option<UndoShadow>) = match choice {
            i if i < SLOTS => (self.undos[i].ptr().cast(), self.undo_shadows[i].clone()),
            i if i < 2 * SLOTS => (self.positions[i - SLOTS].ptr().cast(), None),
            _ => (core::ptr::null(), None),
        };
        let result = unsafe { c::hayanagi_undo(ptr, undo_ptr) };
        match (&shadow, choice) {
            (_, i) if i == 2 * SLOTS => errors.push(ErrorCode::NullPointer),
            (None, _) => errors.push(ErrorCode::NotAnUndoRecord),
            (Some(shadow), _) => {
                let applies =
                    pos.as_ref().is_some_and(|p| p.key() == shadow.after.key() && p.ply() == shadow.after.ply());
                if pos.is_some() && !applies {
                    errors.push(ErrorCode::UndoMismatch);
                }
            }
        }
        assert_result("hayanagi_undo", result, &errors, 0);
        if result == 0 {
            let (PosArg::Slot(i), Some(mut pos), Some(shadow)) = (arg, pos, shadow) else { unreachable!() };
            assert_eq!(pos, shadow.after, "an undo record applied to another position with its key and ply");
            assert_eq!(shadow.undo.mv(), shadow.mv);
            pos.undo(shadow.undo).expect("the shadow record applies");
            self.shadows[i] = Some(pos);
            self.check_slot(i);
        } else if let (PosArg::Slot(i), Some(before)) = (arg, before_bytes) {
            assert_eq!(self.positions[i].bytes(), before, "hayanagi_undo: a failed call wrote the position");
        }
    }

    /// The queries with NULL out-parameters, and perft with any depth.
    fn queries(&mut self, input: &mut Input) {
        let arg = self.pos_arg(input);
        let (errors, pos) = self.pos_errors(arg);
        let ptr = self.pos_ptr(arg);
        let null_errors = [errors.clone(), vec![ErrorCode::NullPointer]].concat();
        assert_result("hayanagi_ply(NULL)", unsafe { c::hayanagi_ply(ptr, core::ptr::null_mut()) }, &null_errors, 0);
        assert_result("hayanagi_key(NULL)", unsafe { c::hayanagi_key(ptr, core::ptr::null_mut()) }, &null_errors, 0);
        let in_check = pos.as_ref().map_or(0, |p| p.in_check() as i32);
        let answer = predicate("hayanagi_in_check", |e| unsafe { c::hayanagi_in_check(ptr, e) });
        assert_result("hayanagi_in_check", answer, &errors, in_check);
        let depth = match input.byte() % 8 {
            0 => MAX_PERFT_DEPTH + 1,
            1 => u32::MAX,
            n => u32::from(n % 3),
        };
        let bulk = input.i32();
        let nodes_null = input.one_in(8);
        let mut nodes = u64::MAX;
        let nodes_ptr: *mut u64 = if nodes_null { core::ptr::null_mut() } else { &mut nodes };
        let result = unsafe { c::hayanagi_perft(ptr, depth, bulk, nodes_ptr) };
        let mut perft_errors = errors;
        if nodes_null {
            perft_errors.push(ErrorCode::NullPointer);
        }
        if depth > MAX_PERFT_DEPTH {
            perft_errors.push(ErrorCode::DepthTooLarge);
        }
        assert_result("hayanagi_perft", result, &perft_errors, 0);
        if result == 0 {
            let expected = pos.unwrap().perft(depth, bulk != 0);
            assert_eq!(nodes, expected, "hayanagi_perft({depth})");
        } else {
            assert_eq!(nodes, u64::MAX, "hayanagi_perft: a failed call wrote the count");
        }
    }

    /// The questions about a position with fuzzed arguments: legality, check, squares, colours,
    /// kinds, declaration rules, NULL outputs.
    fn ask(&mut self, input: &mut Input) {
        let arg = self.pos_arg(input);
        let (errors, pos) = self.pos_errors(arg);
        let ptr = self.pos_ptr(arg);
        let code = self.move_code(input);
        let mv = Move::from_bits(code);
        let with = |extra: &[ErrorCode]| [errors.clone(), extra.to_vec()].concat();
        // is_legal and gives_check.
        let bad = if mv.is_none() { vec![ErrorCode::BadMove] } else { vec![] };
        let legal = pos.as_ref().zip(mv).map_or(0, |(p, mv)| p.is_legal(mv) as i32);
        let answer = predicate("hayanagi_is_legal", |e| unsafe { c::hayanagi_is_legal(ptr, code, e) });
        assert_result("hayanagi_is_legal", answer, &with(&bad), legal);
        let mut check_errors = with(&bad);
        if pos.as_ref().zip(mv).is_some_and(|(p, mv)| !p.is_legal(mv)) {
            check_errors.push(ErrorCode::IllegalMove);
        }
        let gives = pos.as_ref().zip(mv).map_or(0, |(p, mv)| p.gives_check(mv) as i32);
        let answer = predicate("hayanagi_gives_check", |e| unsafe { c::hayanagi_gives_check(ptr, code, e) });
        assert_result("hayanagi_gives_check", answer, &check_errors, gives);
        // Squares, colours and kinds, in range or not.
        let square = match input.byte() % 4 {
            0 => input.i32(),
            _ => i32::from(input.byte()) % 84 - 1,
        };
        let color = i32::from(input.byte()) % 4 - 1;
        let kind = i32::from(input.byte()) % 16 - 1;
        let sq = usize::try_from(square).ok().and_then(Square::try_index);
        let side = usize::try_from(color).ok().and_then(Color::try_index);
        let hand_kind = usize::try_from(kind).ok().and_then(PieceKind::try_index).filter(|k| k.is_hand_kind());
        let range = |ok: bool| if ok { vec![] } else { vec![ErrorCode::OutOfRange] };
        let piece = pos.as_ref().zip(sq).map_or(0, |(p, sq)| piece_code(p.piece_at(sq)));
        assert_result(
            "hayanagi_piece_at",
            unsafe { c::hayanagi_piece_at(ptr, square) },
            &with(&range(sq.is_some())),
            piece,
        );
        let count = pos.as_ref().zip(side.zip(hand_kind)).map_or(0, |(p, (c, k))| i32::from(p.hand(c).count(k)));
        let ok = side.is_some() && hand_kind.is_some();
        assert_result(
            "hayanagi_hand_count",
            unsafe { c::hayanagi_hand_count(ptr, color, kind) },
            &with(&range(ok)),
            count,
        );
        let king = pos.as_ref().zip(side).map_or(0, |(p, c)| p.king(c).map_or(NO_SQUARE, |k| k.index() as i32));
        let got = unsafe { c::hayanagi_king_square(ptr, color) };
        assert_result("hayanagi_king_square", got, &with(&range(side.is_some())), king);
        let null = with(&[ErrorCode::NullPointer]);
        assert_result("hayanagi_board(NULL)", unsafe { c::hayanagi_board(ptr, core::ptr::null_mut()) }, &null, 0);
        assert_result("hayanagi_hands(NULL)", unsafe { c::hayanagi_hands(ptr, core::ptr::null_mut()) }, &null, 0);
        let count = pos.as_ref().map_or(0, |p| p.legal_moves().len() as i32);
        assert_result("hayanagi_count_legal_moves", unsafe { c::hayanagi_count_legal_moves(ptr) }, &errors, count);
        // Declaration: a rule or another number, each out-parameter or NULL.
        let rule_number = match input.byte() % 4 {
            0 => input.i32(),
            1 => 24,
            _ => 27,
        };
        let rule = match rule_number {
            24 => Some(DeclarationRule::Points24),
            27 => Some(DeclarationRule::Points27),
            _ => None,
        };
        let outs = input.byte();
        let (mut points, mut pieces, mut failed) = (u32::MAX, u32::MAX, u32::MAX);
        let out = |bit: u8, value: &mut u32| if outs & bit != 0 { value as *mut u32 } else { core::ptr::null_mut() };
        let result = unsafe {
            c::hayanagi_declaration(ptr, rule_number, out(1, &mut points), out(2, &mut pieces), out(4, &mut failed))
        };
        let declaration = pos.as_ref().zip(rule).map(|(p, rule)| p.declaration(rule));
        let outcome = declaration.map_or(0, |d| match d.outcome() {
            DeclarationOutcome::Invalid => 0,
            DeclarationOutcome::Win => 1,
            DeclarationOutcome::Draw => 2,
        });
        assert_result("hayanagi_declaration", result, &with(&range(rule.is_some())), outcome);
        match declaration.filter(|_| result >= 0) {
            Some(d) => {
                let expect = |bit: u8, value: u32, what: &str| {
                    assert_eq!(if outs & bit != 0 { value } else { u32::MAX }, what_value(bit, d), "{what}")
                };
                fn what_value(bit: u8, d: hayanagi::Declaration) -> u32 {
                    match bit {
                        1 => d.points(),
                        2 => d.pieces_in_camp(),
                        _ => u32::from(d.failed().bits()),
                    }
                }
                if outs & 1 != 0 {
                    expect(1, points, "points");
                }
                if outs & 2 != 0 {
                    expect(2, pieces, "pieces in camp");
                }
                if outs & 4 != 0 {
                    expect(4, failed, "failed");
                }
            }
            None => assert_eq!((points, pieces, failed), (u32::MAX, u32::MAX, u32::MAX), "a failed declaration wrote"),
        }
    }

    /// Move codes built, taken apart and read from USI text with fuzzed arguments.
    fn codes(&mut self, input: &mut Input) {
        let code = self.move_code(input);
        let (mut from, mut to, mut promote, mut kind) = (-5, -5, -5, -5);
        let result = unsafe { c::hayanagi_move_decode(code, &mut from, &mut to, &mut promote, &mut kind) };
        match Move::from_bits(code) {
            None => {
                assert_eq!(result, ErrorCode::BadMove.code(), "hayanagi_move_decode");
                assert_eq!((from, to, promote, kind), (-5, -5, -5, -5), "a failed decode wrote");
            }
            Some(mv) => {
                assert_eq!(result, 0, "hayanagi_move_decode");
                assert_eq!(from, mv.from().map_or(NO_SQUARE, |s| s.index() as i32));
                assert_eq!(to, mv.to().index() as i32);
                assert_eq!(promote, mv.is_promotion() as i32);
                assert_eq!(kind, mv.drop_kind().map_or(NO_KIND, |k| k.index() as i32));
                let again = unsafe {
                    c::hayanagi_move_decode(
                        code,
                        core::ptr::null_mut(),
                        core::ptr::null_mut(),
                        core::ptr::null_mut(),
                        core::ptr::null_mut(),
                    )
                };
                assert_eq!(again, result);
            }
        }
        let (a, b, flag) = (i32::from(input.byte()) % 84 - 1, i32::from(input.byte()) % 84 - 1, input.i32());
        let squares =
            (usize::try_from(a).ok().and_then(Square::try_index), usize::try_from(b).ok().and_then(Square::try_index));
        let normal = c::hayanagi_move_normal(a, b, flag);
        match squares {
            (Some(f), Some(t)) if f != t => {
                assert_eq!(normal, i32::from(Move::normal(f, t, flag != 0).unwrap().to_bits()))
            }
            (Some(_), Some(_)) => assert_eq!(normal, ErrorCode::MoveSameSquare.code()),
            _ => assert_eq!(normal, ErrorCode::OutOfRange.code()),
        }
        let k = i32::from(input.byte()) % 16 - 1;
        let drop = c::hayanagi_move_drop(k, b);
        let kind = usize::try_from(k).ok().and_then(PieceKind::try_index);
        match (kind.zip(squares.1).and_then(|(k, t)| Move::drop(k, t)), drop) {
            (Some(mv), got) => assert_eq!(got, i32::from(mv.to_bits()), "hayanagi_move_drop"),
            (None, got) => assert_eq!(got, ErrorCode::OutOfRange.code(), "hayanagi_move_drop"),
        }
        // USI syntax without a position.
        let text = input.text();
        let len = input.length(&text);
        let out_null = input.one_in(16);
        let (mut parsed, mut offset) = (0u16, usize::MAX);
        let out: *mut u16 = if out_null { core::ptr::null_mut() } else { &mut parsed };
        let result = unsafe { c::hayanagi_move_from_usi(text.as_ptr().cast(), len, out, &mut offset) };
        let mut errors = Vec::new();
        if out_null {
            errors.push(ErrorCode::NullPointer);
        }
        if len != text.len() {
            errors.push(ErrorCode::BadLength);
        }
        match (errors.is_empty(), Move::from_usi_bytes(&text)) {
            (true, Ok(mv)) => {
                assert_eq!(result, 0, "hayanagi_move_from_usi");
                assert_eq!(parsed, mv.to_bits());
            }
            (true, Err(error)) => {
                assert_eq!(result, ErrorCode::from(error).code(), "hayanagi_move_from_usi");
                if let hayanagi::UsiMoveError::Syntax { offset: at, .. } = error {
                    assert_eq!(offset, at, "hayanagi_move_from_usi offset");
                }
                assert_eq!(parsed, 0);
            }
            (false, _) => assert_result("hayanagi_move_from_usi", result, &errors, 0),
        }
    }

    fn history_ptr(&mut self) -> *mut HistoryEntryRecord {
        self.history.as_mut_ptr().cast()
    }

    /// The errors reading the history gives, and its shadow.
    fn history_errors(&self) -> Vec<ErrorCode> {
        if self.history_shadow.is_some() { vec![] } else { vec![ErrorCode::NotAHistory] }
    }

    /// `hayanagi_history_init`: any size, NULL or misaligned storage.
    fn history_init(&mut self, input: &mut Input) {
        let capacity = input.byte() as usize % 9;
        let storage_entries = self.history.len() / 2;
        let (entries, expected) = match input.byte() % 8 {
            0 => (1, Err(ErrorCode::BadLength)),
            1 => (usize::MAX, Err(ErrorCode::BadLength)),
            _ => (HISTORY_HEADER_ENTRIES + capacity, Ok(capacity)),
        };
        assert!(entries == usize::MAX || entries <= storage_entries);
        let before = self.history.clone();
        let result = match input.byte() % 16 {
            0 => {
                assert_eq!(unsafe { c::hayanagi_history_init(core::ptr::null_mut(), entries) }, -1);
                return;
            }
            1 => {
                let misaligned = unsafe { self.history_ptr().cast::<u8>().add(1 + input.byte() as usize % 7) };
                let result = unsafe { c::hayanagi_history_init(misaligned.cast(), entries) };
                assert_eq!(result, ErrorCode::Misaligned.code(), "hayanagi_history_init(misaligned)");
                assert_eq!(self.history, before);
                return;
            }
            _ => unsafe { c::hayanagi_history_init(self.history_ptr(), entries) },
        };
        match expected {
            Ok(capacity) => {
                assert_eq!(result, capacity as i32, "hayanagi_history_init");
                self.history_shadow = Some(History::new(vec![Entry::EMPTY; capacity]));
                self.check_history();
            }
            Err(error) => {
                assert_eq!(result, error.code(), "hayanagi_history_init");
                assert_eq!(self.history, before, "a failed hayanagi_history_init wrote");
            }
        }
    }

    /// What the C history says agrees with its shadow.
    fn check_history(&mut self) {
        let Some(shadow) = &self.history_shadow else { return };
        let expected: Vec<u16> = shadow.moves().map(Move::to_bits).collect();
        let ptr = self.history_ptr();
        assert_eq!(unsafe { c::hayanagi_history_len(ptr) }, expected.len() as i32, "hayanagi_history_len");
        let mut moves = [0u16; 8];
        let mut needed = 0;
        let count = unsafe { c::hayanagi_history_moves(ptr, moves.as_mut_ptr(), moves.len(), &mut needed) };
        assert_eq!(count, expected.len() as i32, "hayanagi_history_moves");
        assert_eq!(&moves[..expected.len()], &expected[..], "hayanagi_history_moves");
        if !expected.is_empty() {
            let short = unsafe { c::hayanagi_history_moves(ptr, moves.as_mut_ptr(), expected.len() - 1, &mut needed) };
            assert_eq!(short, ErrorCode::BufferTooSmall.code());
            assert_eq!(needed, expected.len());
        }
    }

    /// `hayanagi_history_play`, `_undo`, `_status`, `_clear`, with any position argument.
    fn history_step(&mut self, input: &mut Input) {
        let arg = self.pos_arg(input);
        let (mut errors, pos) = self.pos_errors(arg);
        errors.extend(self.history_errors());
        let hist = self.history_ptr();
        let ptr = self.pos_ptr(arg);
        let before = match arg {
            PosArg::Slot(i) => Some(self.positions[i].bytes()),
            _ => None,
        };
        let history_before = self.history.clone();
        let (what, result, expected) = match input.byte() % 4 {
            0 => {
                let code = self.move_code(input);
                let result = unsafe { c::hayanagi_history_play(hist, ptr, code) };
                let expected = match (&pos, &mut self.history_shadow, Move::from_bits(code)) {
                    (_, _, None) => Err(ErrorCode::BadMove),
                    (Some(p), Some(shadow), Some(mv)) => {
                        let mut p = p.clone();
                        shadow.play(&mut p, mv).map(|()| Some(p)).map_err(ErrorCode::from)
                    }
                    _ => Ok(None),
                };
                ("hayanagi_history_play", result, expected)
            }
            1 => {
                let mut mv = 0u16;
                let out: *mut u16 = if input.one_in(4) { core::ptr::null_mut() } else { &mut mv };
                let result = unsafe { c::hayanagi_history_undo(hist, ptr, out) };
                let expected = match (&pos, &mut self.history_shadow) {
                    (Some(p), Some(shadow)) => {
                        let mut p = p.clone();
                        match shadow.undo(&mut p) {
                            Ok(taken) => {
                                if !out.is_null() {
                                    assert_eq!(mv, taken.to_bits(), "hayanagi_history_undo move");
                                }
                                Ok(Some(p))
                            }
                            Err(error) => Err(ErrorCode::from(error)),
                        }
                    }
                    _ => Ok(None),
                };
                ("hayanagi_history_undo", result, expected)
            }
            2 => {
                let max_ply = match input.byte() % 4 {
                    0 => 0,
                    1 => u64::MAX,
                    _ => u64::from(input.byte() % 16),
                };
                let result = unsafe { c::hayanagi_history_status(hist, ptr, max_ply) };
                let expected = match (&pos, &self.history_shadow) {
                    (Some(p), Some(shadow)) => {
                        let status = shadow.status_with_max_ply(p, (max_ply != 0).then_some(max_ply));
                        match status {
                            Ok(status) => {
                                if errors.is_empty() {
                                    assert_eq!(result, status_code(status), "hayanagi_history_status");
                                }
                                Ok(None)
                            }
                            Err(error) => Err(ErrorCode::from(error)),
                        }
                    }
                    _ => Ok(None),
                };
                let result = if result > 0 { 0 } else { result };
                ("hayanagi_history_status", result, expected)
            }
            _ => {
                let result = unsafe { c::hayanagi_history_clear(hist) };
                errors = self.history_errors();
                if let Some(shadow) = &mut self.history_shadow {
                    shadow.clear();
                }
                ("hayanagi_history_clear", result, Ok(None))
            }
        };
        if let Err(error) = expected {
            errors.push(error);
        }
        assert_result(what, result, &errors, 0);
        match expected {
            Ok(Some(after)) if result == 0 => {
                let PosArg::Slot(i) = arg else { unreachable!() };
                self.shadows[i] = Some(after);
                self.check_slot(i);
            }
            _ if result != 0 => {
                // Nothing changed: the shadows were only changed on clones, or failed unchanged.
                if let (PosArg::Slot(i), Some(before)) = (arg, before) {
                    assert_eq!(self.positions[i].bytes(), before, "{what}: a failed call wrote the position");
                }
                assert_eq!(self.history, history_before, "{what}: a failed call changed the history");
            }
            _ => {}
        }
        self.check_history();
    }

    /// `hayanagi_position_from_usi_with_history`.
    fn construct_with_history(&mut self, input: &mut Input) {
        let out = match input.byte() % 8 {
            0 => PosArg::Null,
            n => PosArg::Slot(n as usize % SLOTS),
        };
        let text = input.text();
        let len = input.length(&text);
        let before = match out {
            PosArg::Slot(i) => Some(self.positions[i].bytes()),
            _ => None,
        };
        let history_before = self.history.clone();
        let out_ptr = self.pos_ptr(out);
        let mut offset = usize::MAX;
        let hist = self.history_ptr();
        let result = unsafe {
            c::hayanagi_position_from_usi_with_history(out_ptr, hist, text.as_ptr().cast(), len, &mut offset)
        };
        let mut errors = self.history_errors();
        if matches!(out, PosArg::Null) {
            errors.push(ErrorCode::NullPointer);
        }
        if len != text.len() {
            errors.push(ErrorCode::BadLength);
        }
        let capacity = self.history_shadow.as_ref().map_or(0, |h| h.capacity());
        let mut fresh = History::new(vec![Entry::EMPTY; capacity]);
        let mut full = false;
        let parsed = Position::from_usi_position_bytes_with(&text, |after, undo| {
            full |= fresh.push(after, undo).is_err();
        });
        match (&parsed, errors.is_empty()) {
            (Err(error), true) => {
                assert_eq!(result, ErrorCode::from(error.kind()).code(), "from_usi_with_history error");
                assert_eq!(offset, error.offset(), "from_usi_with_history offset");
            }
            (Ok(_), true) if full => assert_eq!(result, ErrorCode::HistoryFull.code()),
            _ => assert_result("hayanagi_position_from_usi_with_history", result, &errors, 0),
        }
        if result == 0 {
            let (PosArg::Slot(i), Ok(pos)) = (out, parsed) else { unreachable!() };
            self.shadows[i] = Some(pos);
            self.history_shadow = Some(fresh);
            self.check_slot(i);
            self.check_history();
        } else {
            if let (PosArg::Slot(i), Some(before)) = (out, before) {
                assert_eq!(self.positions[i].bytes(), before, "a failed from_usi_with_history wrote the position");
            }
            assert_eq!(self.history, history_before, "a failed from_usi_with_history changed the history");
        }
    }

    /// Records that no constructor wrote, byte copies of records, and records at another alignment.
    fn shuffle(&mut self, input: &mut Input) {
        let (a, b) = (input.byte() as usize % SLOTS, input.byte() as usize % SLOTS);
        match input.byte() % 8 {
            // The history zeroed: no longer a history.
            6 => {
                self.history.fill(0);
                self.history_shadow = None;
            }
            // The history byte-copied to other storage: the same history.
            7 => {
                self.history = self.history.clone();
                self.check_history();
            }
            // Zeroed.
            0 => {
                self.positions[a].buf.fill(0);
                self.shadows[a] = None;
            }
            1 => {
                self.undos[a].buf.fill(0);
                self.undo_shadows[a] = None;
            }
            // A byte copy is the same record (the header allows copying them), also to another alignment.
            2 => {
                let (from, shadow) = (self.positions[a].bytes(), self.shadows[a].clone());
                let from = from[self.positions[a].offset..][..POSITION_SIZE].to_vec();
                let to = &mut self.positions[b];
                to.buf.fill(0);
                to.offset = input.byte() as usize % 8;
                let offset = to.offset;
                to.buf[offset..offset + POSITION_SIZE].copy_from_slice(&from);
                self.shadows[b] = shadow;
                self.check_slot(b);
            }
            3 => {
                let (from, shadow) = (self.undos[a].bytes(), self.undo_shadows[a].clone());
                let from = from[self.undos[a].offset..][..UNDO_RECORD_SIZE].to_vec();
                let to = &mut self.undos[b];
                to.buf.fill(0);
                to.offset = input.byte() as usize % 8;
                let offset = to.offset;
                to.buf[offset..offset + UNDO_RECORD_SIZE].copy_from_slice(&from);
                self.undo_shadows[b] = shadow;
            }
            // The tag overwritten with one repeated byte (never a tag, which mixes letters and sizes;
            // flipping single bits could flip a bit back).
            4 => {
                let slot = &mut self.positions[a];
                let offset = slot.offset;
                slot.buf[offset..offset + 8].fill(input.byte());
                self.shadows[a] = None;
            }
            _ => {
                let slot = &mut self.undos[a];
                let offset = slot.offset;
                slot.buf[offset..offset + 8].fill(input.byte());
                self.undo_shadows[a] = None;
            }
        }
    }
}

/// The extended set (capi's feature `extended`): every function against the library's own answer.
impl World {
    /// A position argument to write into: NULL or a position slot (never an undo slot).
    fn out_arg(&self, input: &mut Input) -> PosArg {
        match input.byte() % 8 {
            0 => PosArg::Null,
            n => PosArg::Slot(n as usize % SLOTS),
        }
    }

    fn slot_bytes(&self, arg: PosArg) -> Option<Vec<u8>> {
        match arg {
            PosArg::Slot(i) => Some(self.positions[i].bytes()),
            _ => None,
        }
    }

    /// After a call that writes a position into `out`: on success the slot holds `written`, else its
    /// bytes are unchanged.
    fn store(&mut self, what: &str, out: PosArg, before: Option<Vec<u8>>, ok: bool, written: Option<Position>) {
        match (out, ok) {
            (PosArg::Slot(i), true) => {
                self.shadows[i] = Some(written.unwrap_or_else(|| panic!("{what}: succeeded where the library fails")));
                self.check_slot(i);
            }
            (PosArg::Slot(i), false) => {
                assert_eq!(Some(self.positions[i].bytes()), before, "{what}: a failed call wrote the record");
            }
            _ => assert!(!ok, "{what}: succeeded without a record"),
        }
    }

    /// The errors of a move argument in `pos`: BAD_MOVE, ILLEGAL_MOVE, or none.
    fn move_errors(pos: Option<&Position>, code: u16) -> Vec<ErrorCode> {
        match (pos, Move::from_bits(code)) {
            (_, None) => vec![ErrorCode::BadMove],
            (Some(pos), Some(mv)) if !pos.is_legal(mv) => vec![ErrorCode::IllegalMove],
            _ => vec![],
        }
    }

    /// `hayanagi_pass` and `hayanagi_key_after`.
    fn pass_and_key_after(&mut self, input: &mut Input) {
        let arg = self.pos_arg(input);
        let (mut errors, pos) = self.pos_errors(arg);
        if input.one_in(2) {
            if pos.as_ref().is_some_and(Position::in_check) {
                errors.push(ErrorCode::PassInCheck);
            }
            let before = self.slot_bytes(arg);
            let ptr = self.pos_ptr(arg);
            let result = unsafe { c::hayanagi_pass(ptr) };
            assert_result("hayanagi_pass", result, &errors, 0);
            if let PosArg::Slot(i) = arg {
                if result == 0 {
                    let mut passed = pos.unwrap();
                    passed.pass().expect("the library passes");
                    self.shadows[i] = Some(passed);
                    self.check_slot(i);
                } else {
                    assert_eq!(Some(self.positions[i].bytes()), before, "hayanagi_pass: a failed call wrote");
                }
            }
            return;
        }
        let code = self.move_code(input);
        let key_null = input.one_in(16);
        errors.extend(Self::move_errors(pos.as_ref(), code));
        if key_null {
            errors.push(ErrorCode::NullPointer);
        }
        let mut key = u64::MAX;
        let ptr = self.pos_ptr(arg);
        let key_ptr: *mut u64 = if key_null { core::ptr::null_mut() } else { &mut key };
        let result = unsafe { c::hayanagi_key_after(ptr, code, key_ptr) };
        assert_result("hayanagi_key_after", result, &errors, 0);
        if result == 0 {
            let (pos, mv) = (pos.unwrap(), Move::from_bits(code).unwrap());
            // Played (unchecked: the ply may be at its limit, which the key does not see).
            let mut after = pos.clone();
            let _ = after.play_unchecked(mv);
            assert_eq!(key, after.key(), "hayanagi_key_after");
        } else if !key_null {
            assert_eq!(key, u64::MAX, "hayanagi_key_after: a failed call wrote the key");
        }
    }

    /// The tsume solver (`hayanagi_tsume_solve`, op 3; `_solve_shortest`, op 4; `_alternatives`, op 5)
    /// on a fresh table, against the library's on a table of the same size.
    fn tsume(
        &mut self,
        input: &mut Input,
        op: u8,
        ptr: *const PositionRecord,
        mut errors: Vec<ErrorCode>,
        pos: Option<Position>,
    ) {
        let entries = input.byte() as usize % 64;
        let (node_limit, max_depth) = (u64::from(input.u16() % 3000), u32::from(input.byte()));
        let capacity = input.byte() as usize % 40;
        let misaligned = input.one_in(16);
        let mut words = vec![u64::MAX; 4 * entries + 1];
        let table_ptr: *mut u8 =
            if misaligned { words.as_mut_ptr().cast::<u8>().wrapping_add(4) } else { words.as_mut_ptr().cast() };
        let init = unsafe { c::hayanagi_tsume_init(table_ptr.cast(), entries) };
        if misaligned {
            assert_eq!(init, ErrorCode::Misaligned.code(), "hayanagi_tsume_init misaligned");
            errors.push(ErrorCode::Misaligned);
        } else {
            assert_eq!(init, 0, "hayanagi_tsume_init");
        }
        // HAYANAGI_TSUME_COUNTING_STRICT, _USELESS_INTERPOSITIONS_FREE, or out of range.
        let counting_code = match input.byte() % 8 {
            0..=2 => 0,
            3..=5 => 1,
            6 => 2,
            _ => -1,
        };
        let counting = match counting_code {
            0 => Some(TsumeCounting::Strict),
            1 => Some(TsumeCounting::UselessInterpositionsFree),
            _ => None,
        };
        let mut table = vec![TsumeEntry::EMPTY; entries];
        let filler = Move::from_bits(0x8001).unwrap();
        let mut moves = vec![filler; capacity];
        let solver = |table| tsume_solver(table, node_limit, max_depth, counting.unwrap_or_default());
        match op {
            3 => {
                let mut line = vec![0u16; capacity];
                let (mut len, mut nodes) = (usize::MAX, u64::MAX);
                let result = unsafe {
                    c::hayanagi_tsume_solve(
                        ptr,
                        table_ptr.cast(),
                        entries,
                        node_limit,
                        max_depth,
                        line.as_mut_ptr(),
                        capacity,
                        &mut len,
                        &mut nodes,
                    )
                };
                let expected = pos.as_ref().filter(|_| errors.is_empty()).map(|p| {
                    let mut solver = solver(&mut table);
                    let answer = solver.solve(p, &mut moves).map(|a| tsume_answer(&a));
                    (answer, solver.stats().nodes)
                });
                match expected {
                    Some((Err(e), _)) => assert_eq!(result, tsume_error(e).code(), "hayanagi_tsume_solve error"),
                    Some((Ok((answer, found)), searched)) => {
                        assert_eq!(result, answer, "hayanagi_tsume_solve answer");
                        assert_eq!(nodes, searched, "hayanagi_tsume_solve nodes");
                        if answer == 1 {
                            assert_eq!(
                                (len, &line[..found.len()]),
                                (found.len(), &found[..]),
                                "hayanagi_tsume_solve line"
                            );
                        } else {
                            assert_eq!(len, usize::MAX, "hayanagi_tsume_solve wrote a length without a mate");
                        }
                    }
                    None => assert_result("hayanagi_tsume_solve", result, &errors, 0),
                }
            }
            4 => {
                let line_null = input.one_in(16);
                if line_null {
                    errors.push(ErrorCode::NullPointer);
                }
                if counting.is_none() {
                    errors.push(ErrorCode::OutOfRange);
                }
                let mut line = vec![0u16; capacity];
                let line_ptr = if line_null { core::ptr::null_mut() } else { line.as_mut_ptr() };
                let (mut len, mut nodes, mut length, mut minimal) = (usize::MAX, u64::MAX, u32::MAX, -1);
                let result = unsafe {
                    c::hayanagi_tsume_solve_shortest(
                        ptr,
                        table_ptr.cast(),
                        entries,
                        node_limit,
                        max_depth,
                        counting_code,
                        line_ptr,
                        capacity,
                        &mut len,
                        &mut length,
                        &mut minimal,
                        &mut nodes,
                    )
                };
                let expected = pos.as_ref().filter(|_| errors.is_empty()).map(|p| {
                    let mut solver = solver(&mut table);
                    let found = solver
                        .solve_shortest(p, &mut moves)
                        .map(|f| (tsume_answer(&f.answer), u32::from(f.length), i32::from(f.minimal)));
                    (found, solver.stats().nodes)
                });
                match expected {
                    Some((Err(e), _)) => {
                        assert_eq!(result, tsume_error(e).code(), "hayanagi_tsume_solve_shortest error")
                    }
                    Some((Ok(((answer, found), shortest, proved)), searched)) => {
                        assert_eq!(result, answer, "hayanagi_tsume_solve_shortest answer");
                        assert_eq!(nodes, searched, "hayanagi_tsume_solve_shortest nodes");
                        if answer == 1 {
                            assert_eq!(
                                (len, &line[..found.len()], length, minimal),
                                (found.len(), &found[..], shortest, proved),
                                "hayanagi_tsume_solve_shortest line, length, minimal"
                            );
                        } else {
                            assert_eq!(
                                (len, length, minimal),
                                (usize::MAX, u32::MAX, -1),
                                "hayanagi_tsume_solve_shortest wrote a mate's out-parameters without a mate"
                            );
                        }
                    }
                    None => assert_result("hayanagi_tsume_solve_shortest", result, &errors, 0),
                }
            }
            _ => {
                // A line: the library's shortest mate (so that alternatives are searched for), or codes
                // from the input; the length its counted one, or any.
                let mut played: Vec<u16> = Vec::new();
                let mut length = u32::from(input.byte() % 8);
                if let Some(p) = pos.as_ref().filter(|_| input.one_in(2)) {
                    let mut scratch = vec![TsumeEntry::EMPTY; 256];
                    let mut buf = [filler; 16];
                    let mut shortest = TsumeSolver::new(&mut scratch)
                        .with_node_limit(2_000)
                        .with_counting(counting.unwrap_or_default());
                    if let Ok(found) = shortest.solve_shortest(p, &mut buf)
                        && let TsumeAnswer::Mate(mate) = found.answer
                    {
                        played = mate.iter().map(|m| m.to_bits()).collect();
                        length = u32::from(found.length);
                    }
                } else {
                    played = (0..input.byte() % 6).map(|_| input.u16()).collect();
                }
                if input.one_in(16) {
                    length = 1 << 16;
                    errors.push(ErrorCode::BadLength);
                }
                let mut line_len = played.len();
                if input.one_in(32) {
                    line_len = MAX_MOVES + 1; // refused before the line is read
                    errors.push(ErrorCode::BadLength);
                }
                if played.iter().any(|&code| Move::from_bits(code).is_none()) {
                    errors.push(ErrorCode::BadMove);
                }
                let nulls = [input.one_in(16), input.one_in(16), input.one_in(16)];
                if nulls.contains(&true) {
                    errors.push(ErrorCode::NullPointer);
                }
                if counting.is_none() {
                    errors.push(ErrorCode::OutOfRange);
                }
                let room = input.byte() as usize % 8;
                let (mut plies, mut codes, mut count) = (vec![usize::MAX; room], vec![0u16; room], usize::MAX);
                let result = unsafe {
                    c::hayanagi_tsume_alternatives(
                        ptr,
                        table_ptr.cast(),
                        entries,
                        node_limit,
                        max_depth,
                        counting_code,
                        if nulls[0] { core::ptr::null() } else { played.as_ptr() },
                        line_len,
                        length,
                        if nulls[1] { core::ptr::null_mut() } else { plies.as_mut_ptr() },
                        if nulls[2] { core::ptr::null_mut() } else { codes.as_mut_ptr() },
                        room,
                        &mut count,
                    )
                };
                let Some(p) = pos.as_ref().filter(|_| errors.is_empty()) else {
                    assert_result("hayanagi_tsume_alternatives", result, &errors, 0);
                    assert_eq!(count, usize::MAX, "hayanagi_tsume_alternatives: a refused call wrote the count");
                    return;
                };
                let line: Vec<Move> = played.iter().map(|&code| Move::from_bits(code).unwrap()).collect();
                let mut found = vec![TsumeAlternative { ply: usize::MAX, mv: filler }; room];
                let mut solver = solver(&mut table);
                let length = u16::try_from(length).unwrap();
                let (code, written) = match solver.alternatives(p, &line, length, &mut found) {
                    Ok(n) => (0, n),
                    Err(reason) => (tsume_unknown(reason), found.iter().take_while(|a| a.ply != usize::MAX).count()),
                };
                assert_eq!(result, code, "hayanagi_tsume_alternatives result");
                let expected: Vec<(usize, u16)> = found[..written].iter().map(|a| (a.ply, a.mv.to_bits())).collect();
                let got: Vec<(usize, u16)> = plies.iter().zip(&codes).take(count).map(|(&p, &m)| (p, m)).collect();
                assert_eq!((count, got), (written, expected), "hayanagi_tsume_alternatives");
            }
        }
    }

    /// `hayanagi_mate_in_1`, `hayanagi_mate_in_3`, `hayanagi_see`, `hayanagi_see_ge`.
    fn search(&mut self, input: &mut Input) {
        let arg = self.pos_arg(input);
        let (mut errors, pos) = self.pos_errors(arg);
        let ptr = self.pos_ptr(arg);
        match input.byte() % 6 {
            op @ 3..=5 => self.tsume(input, op, ptr, errors, pos),
            0 => {
                let mut mv = 0u16;
                let found = predicate("hayanagi_mate_in_1", |e| unsafe { c::hayanagi_mate_in_1(ptr, &mut mv, e) });
                let expected = pos.as_ref().map(Position::mate_in_1);
                assert_result("hayanagi_mate_in_1", found, &errors, expected.flatten().is_some() as i32);
                match expected.flatten() {
                    Some(mate) => assert_eq!(mv, mate.to_bits(), "hayanagi_mate_in_1 move"),
                    None => assert_eq!(mv, 0, "hayanagi_mate_in_1 wrote a move without a mate"),
                }
            }
            1 => {
                let line_null = input.one_in(16);
                let mut line = [0u16; 3];
                let line_ptr: *mut u16 = if line_null { core::ptr::null_mut() } else { line.as_mut_ptr() };
                let result = unsafe { c::hayanagi_mate_in_3(ptr, line_ptr) };
                if line_null {
                    errors.push(ErrorCode::NullPointer);
                }
                let expected = pos.as_ref().and_then(Position::mate_in_3);
                assert_result("hayanagi_mate_in_3", result, &errors, expected.as_ref().map_or(0, |l| l.len() as i32));
                let expected: Vec<u16> = expected.map_or(vec![], |l| l.moves().iter().map(|m| m.to_bits()).collect());
                if result >= 0 {
                    assert_eq!(&line[..expected.len()], &expected[..], "hayanagi_mate_in_3 line");
                    assert!(line[expected.len()..].iter().all(|&m| m == 0), "hayanagi_mate_in_3 wrote past the line");
                }
            }
            _ => {
                let code = self.move_code(input);
                let custom = input.one_in(2);
                let mut values = hayanagi::SeeValues::DEFAULT;
                let mut raw = [0i32; 14];
                for (i, kind) in PieceKind::ALL.iter().enumerate() {
                    raw[i] = match input.byte() % 8 {
                        0 => input.i32(),
                        1 => MAX_SEE_VALUE * if input.one_in(2) { 1 } else { -1 },
                        _ => hayanagi::SeeValues::DEFAULT.value(*kind) + i32::from(input.byte()) - 128,
                    };
                }
                if custom {
                    if raw.iter().any(|v| v.unsigned_abs() > MAX_SEE_VALUE as u32) {
                        errors.push(ErrorCode::OutOfRange);
                    } else {
                        values = hayanagi::SeeValues::new(raw);
                    }
                }
                errors.extend(Self::move_errors(pos.as_ref(), code));
                let values_ptr: *const i32 = if custom { raw.as_ptr() } else { core::ptr::null() };
                let expected = pos.as_ref().zip(Move::from_bits(code)).map_or(0, |(p, mv)| p.see_with(&values, mv));
                let threshold = input.i32() % 4000;
                let ge = predicate("hayanagi_see_ge", |e| unsafe {
                    c::hayanagi_see_ge(ptr, code, values_ptr, threshold, e)
                });
                assert_result("hayanagi_see_ge", ge, &errors, (expected >= threshold) as i32);
                let value_null = input.one_in(16);
                if value_null {
                    errors.push(ErrorCode::NullPointer);
                }
                let mut value = i32::MIN;
                let value_ptr: *mut i32 = if value_null { core::ptr::null_mut() } else { &mut value };
                let result = unsafe { c::hayanagi_see(ptr, code, values_ptr, value_ptr) };
                assert_result("hayanagi_see", result, &errors, 0);
                if result == 0 {
                    assert_eq!(value, expected, "hayanagi_see");
                } else if !value_null {
                    assert_eq!(value, i32::MIN, "hayanagi_see: a failed call wrote the value");
                }
            }
        }
    }

    /// `hayanagi_position_setup` from a slot's board and hands (mutated) or any bytes, and the
    /// handicap functions.
    fn setup(&mut self, input: &mut Input) {
        let out = self.out_arg(input);
        if input.one_in(3) {
            let index = i32::from(input.byte() % 20) - 2;
            let before = self.slot_bytes(out);
            let out_ptr = self.pos_ptr(out);
            let result = unsafe { c::hayanagi_position_handicap(out_ptr, index) };
            let handicap = usize::try_from(index).ok().and_then(|i| Handicap::ALL.get(i)).copied();
            let mut errors = Vec::new();
            if matches!(out, PosArg::Null) {
                errors.push(ErrorCode::NullPointer);
            }
            if handicap.is_none() {
                errors.push(ErrorCode::OutOfRange);
            }
            assert_result("hayanagi_position_handicap", result, &errors, 0);
            self.store("hayanagi_position_handicap", out, before, result == 0, handicap.map(Handicap::position));
            let name = unsafe { CStr::from_ptr(c::hayanagi_handicap_name(index, input.i32() & 1)) };
            assert!(handicap.is_some() || name == c"unknown", "hayanagi_handicap_name({index})");
            let arg = self.pos_arg(input);
            let (errors, pos) = self.pos_errors(arg);
            let ptr = self.pos_ptr(arg);
            let of = pos.as_ref().map_or(0, |p| Handicap::of(p).map_or(Handicap::ALL.len(), Handicap::index) as i32);
            assert_result("hayanagi_handicap_of", unsafe { c::hayanagi_handicap_of(ptr) }, &errors, of);
            return;
        }
        let (mut board, mut hands) = ([0u8; 81], [0u8; 14]);
        let source = self.shadows[input.byte() as usize % SLOTS].clone();
        match source {
            Some(pos) if !input.one_in(4) => {
                for (i, p) in pos.board().iter().enumerate() {
                    board[i] = piece_code(*p) as u8;
                }
                for color in Color::ALL {
                    for kind in PieceKind::HAND {
                        hands[color.index() * 7 + kind.index()] = pos.hand(color).count(kind);
                    }
                }
                for _ in 0..input.byte() % 4 {
                    let at = input.byte() as usize;
                    match at % 2 {
                        0 => board[at % 81] = input.byte() % 32,
                        _ => hands[at % 14] = input.byte() % 20,
                    }
                }
            }
            _ => {
                for b in board.iter_mut() {
                    *b = if input.one_in(3) { input.byte() % 32 } else { 0 };
                }
                for h in hands.iter_mut() {
                    *h = input.byte() % 4;
                }
            }
        }
        let side = i32::from(input.byte() % 4) - 1;
        let ply = match input.byte() % 4 {
            0 => 0,
            1 => u64::MAX,
            _ => u64::from(input.byte()) + 1,
        };
        let relax = u32::from(input.byte() % 6);
        let capacity = input.byte() as usize % 4;
        let (board_null, hands_null) = (input.one_in(32), input.one_in(32));
        let mut problems = vec![i32::MIN; 2 * 4];
        let mut count = usize::MAX;
        let before = self.slot_bytes(out);
        let out_ptr = self.pos_ptr(out);
        let result = unsafe {
            c::hayanagi_position_setup(
                out_ptr,
                if board_null { core::ptr::null() } else { board.as_ptr() },
                if hands_null { core::ptr::null() } else { hands.as_ptr() },
                side,
                ply,
                relax,
                problems.as_mut_ptr(),
                capacity,
                &mut count,
            )
        };
        // The shadow: the header's rules, in its order.
        let bad_square = board
            .iter()
            .position(|&b| b != 0 && !(usize::from((b - 1) / 16) < 2 && usize::from((b - 1) % 16) < PieceKind::NUM));
        let relaxations = match relax {
            0 => Some(Relaxations::NONE),
            1 => Some(Relaxations::MISSING_KINGS),
            2 => Some(Relaxations::INCOMPLETE_MATERIAL),
            3 => Some(Relaxations::SFEN),
            _ => None,
        };
        let mut written = None;
        if matches!(out, PosArg::Null) || board_null || hands_null {
            assert_eq!(result, ErrorCode::NullPointer.code(), "hayanagi_position_setup NULL");
        } else if !(0..2).contains(&side) || relaxations.is_none() {
            assert_eq!(result, ErrorCode::OutOfRange.code(), "hayanagi_position_setup side/relax");
        } else if let Some(square) = bad_square {
            assert_eq!(result, ErrorCode::OutOfRange.code(), "hayanagi_position_setup board byte");
            assert_eq!(count, 1);
            if capacity > 0 {
                assert_eq!(&problems[..2], &[ErrorCode::OutOfRange.code(), square as i32]);
            }
        } else {
            let mut setup = Setup { ply, side_to_move: Color::ALL[side as usize], ..Setup::EMPTY };
            for (i, &b) in board.iter().enumerate() {
                setup.board[i] = (b != 0).then(|| {
                    Piece::new(Color::ALL[usize::from((b - 1) / 16)], PieceKind::ALL[usize::from((b - 1) % 16)])
                });
            }
            for color in Color::ALL {
                for kind in PieceKind::HAND {
                    setup.hands[color.index()] =
                        setup.hands[color.index()].with(kind, hands[color.index() * 7 + kind.index()]);
                }
            }
            match setup.validate(relaxations.unwrap()) {
                Ok(pos) => {
                    assert_eq!(result, 0, "hayanagi_position_setup: refused what the library accepts");
                    assert_eq!(count, 0);
                    written = Some(pos);
                }
                Err(error) => {
                    let all = error.problems();
                    assert_eq!(result, ErrorCode::from(all[0]).code(), "hayanagi_position_setup first problem");
                    assert_eq!(count, all.len() + error.omitted(), "hayanagi_position_setup count");
                    for (i, p) in all.iter().take(capacity).enumerate() {
                        let square = p.square().map_or(81, |s| s.index() as i32);
                        assert_eq!(&problems[2 * i..2 * i + 2], &[ErrorCode::from(*p).code(), square]);
                    }
                }
            }
        }
        assert!(problems[2 * capacity..].iter().all(|&p| p == i32::MIN), "hayanagi_position_setup wrote past capacity");
        self.store("hayanagi_position_setup", out, before, result == 0, written);
    }

    /// CSA and Japanese move text, both ways.
    fn move_text(&mut self, input: &mut Input) {
        let arg = self.pos_arg(input);
        let (mut errors, pos) = self.pos_errors(arg);
        let ptr = self.pos_ptr(arg);
        let code = self.move_code(input);
        let japanese = input.one_in(2);
        let style = i32::from(input.byte() % 4) - 1;
        let previous_to = match input.byte() % 4 {
            0 => 81,
            1 => i32::from(input.byte()) % 84 - 1,
            _ => Move::from_bits(code).map_or(81, |m| m.to().index() as i32),
        };
        let previous = usize::try_from(previous_to).ok().and_then(Square::try_index);
        let previous_ok = previous_to == 81 || previous.is_some();
        let style_value =
            usize::try_from(style).ok().and_then(|i| [JapaneseStyle::Kif, JapaneseStyle::Ki2].get(i).copied());
        // Writing.
        let mut write_errors = errors.clone();
        if japanese && (style_value.is_none() || !previous_ok) {
            write_errors.push(ErrorCode::OutOfRange);
        }
        write_errors.extend(Self::move_errors(pos.as_ref(), code));
        let text: Option<String> = pos.as_ref().zip(Move::from_bits(code)).and_then(|(p, mv)| {
            if japanese {
                p.japanese_move(mv, previous, style_value?).ok().map(|t| t.to_string())
            } else {
                p.csa_move(mv).ok().map(|t| t.to_string())
            }
        });
        let max = if japanese { JAPANESE_BUFFER_SIZE } else { CSA_BUFFER_SIZE };
        if let Some(text) = &text {
            assert!(text.len() < max, "a move text longer than the header's buffer: {text}");
        }
        let size = input.size(text.as_ref().map_or(max, |t| t.len() + 1), max + 2);
        if text.as_ref().is_some_and(|t| t.len() >= size) && write_errors.is_empty() {
            write_errors.push(ErrorCode::BufferTooSmall);
        }
        let mut buf = vec![CANARY; size];
        let mut needed = usize::MAX;
        let result = unsafe {
            if japanese {
                c::hayanagi_move_to_japanese(ptr, code, previous_to, style, buf.as_mut_ptr().cast(), size, &mut needed)
            } else {
                c::hayanagi_move_to_csa(ptr, code, buf.as_mut_ptr().cast(), size, &mut needed)
            }
        };
        assert_result(
            "hayanagi_move_to_csa/japanese",
            result,
            &write_errors,
            text.as_ref().map_or(0, |t| t.len() as i32),
        );
        if result >= 0 {
            assert_eq!(text_of(&buf), text.as_ref().unwrap().as_bytes());
        } else {
            assert!(buf.iter().all(|&b| b == CANARY), "a failed move text call wrote the buffer");
        }
        // Reading: the text just written, or fuzzed bytes.
        let read_text: Vec<u8> = match (&text, input.one_in(3)) {
            (Some(t), false) => {
                let mut t = t.as_bytes().to_vec();
                if input.one_in(4) && !t.is_empty() {
                    let at = input.byte() as usize % t.len();
                    t[at] = input.byte();
                }
                t
            }
            _ => input.text(),
        };
        let len = input.length(&read_text);
        if len != read_text.len() {
            errors.push(ErrorCode::BadLength);
        }
        let (mut mv, mut offset, mut read) = (0u16, usize::MAX, usize::MAX);
        let result = unsafe {
            if japanese {
                c::hayanagi_parse_japanese_move(
                    ptr,
                    read_text.as_ptr().cast(),
                    len,
                    previous_to,
                    &mut mv,
                    &mut read,
                    &mut offset,
                )
            } else {
                c::hayanagi_parse_csa_move(ptr, read_text.as_ptr().cast(), len, &mut mv, &mut offset)
            }
        };
        if japanese && !previous_ok {
            errors.push(ErrorCode::OutOfRange);
        }
        let what = if japanese { "hayanagi_parse_japanese_move" } else { "hayanagi_parse_csa_move" };
        match (&pos, errors.is_empty()) {
            (Some(pos), true) => {
                let expected: Result<(Move, usize), (ErrorCode, usize)> = if japanese {
                    match core::str::from_utf8(&read_text) {
                        Err(e) => Err((ErrorCode::NotUtf8, e.valid_up_to())),
                        Ok(t) => pos.parse_japanese_move(t, previous).map_err(|e| (e.kind().into(), e.offset())),
                    }
                } else {
                    pos.parse_csa_move(&read_text).map(|m| (m, 7)).map_err(|e| (e.kind().into(), e.offset()))
                };
                match expected {
                    Ok((m, taken)) => {
                        assert_eq!((result, mv), (0, m.to_bits()), "{what}");
                        if japanese {
                            assert_eq!(read, taken, "{what} bytes read");
                        }
                    }
                    Err((code, at)) => {
                        assert_eq!(result, code.code(), "{what} error");
                        assert_eq!(offset, at, "{what} offset");
                        assert_eq!(mv, 0, "{what}: a failed call wrote the move");
                    }
                }
            }
            _ => assert_result(what, result, &errors, 0),
        }
    }

    /// Packed positions, and hcpe/PSV records written into an array and read back by index.
    fn packed(&mut self, input: &mut Input) {
        let arg = self.pos_arg(input);
        let (errors, pos) = self.pos_errors(arg);
        let ptr = self.pos_ptr(arg);
        let format_code = i32::from(input.byte() % 4) - 1;
        let format = usize::try_from(format_code)
            .ok()
            .and_then(|i| [PackedFormat::Hcp, PackedFormat::PackedSfen].get(i).copied());
        if input.one_in(2) {
            // Pack, then unpack what was packed (perhaps mutated, perhaps short) into a slot.
            let size = input.size(32, 34);
            let mut buf = vec![CANARY; size];
            let result = unsafe { c::hayanagi_position_pack(ptr, format_code, buf.as_mut_ptr(), size) };
            let packed = pos.as_ref().zip(format).map(|(p, f)| p.to_packed(f));
            let mut pack_errors = errors.clone();
            if format.is_none() {
                pack_errors.push(ErrorCode::OutOfRange);
            }
            if size < 32 {
                pack_errors.push(ErrorCode::BufferTooSmall);
            }
            if let Some(Err(e)) = packed {
                pack_errors.push(e.into());
            }
            assert_result("hayanagi_position_pack", result, &pack_errors, 32);
            if result == 32 {
                assert_eq!(&buf[..32], &packed.unwrap().unwrap()[..], "hayanagi_position_pack bytes");
            } else {
                assert!(buf.iter().all(|&b| b == CANARY), "hayanagi_position_pack: a failed call wrote");
            }
            let mut bytes = if result == 32 { buf[..32].to_vec() } else { input.bytes(32).to_vec() };
            if input.one_in(3) && !bytes.is_empty() {
                let at = input.byte() as usize % bytes.len();
                bytes[at] ^= 1 << (input.byte() % 8);
            }
            if input.one_in(8) {
                bytes.truncate(input.byte() as usize % 33);
            }
            let out = self.out_arg(input);
            let before = self.slot_bytes(out);
            let out_ptr = self.pos_ptr(out);
            let mut offset = usize::MAX;
            let result =
                unsafe { c::hayanagi_position_unpack(out_ptr, format_code, bytes.as_ptr(), bytes.len(), &mut offset) };
            let expected = match (matches!(out, PosArg::Null), format) {
                (true, _) => Err((ErrorCode::NullPointer, usize::MAX)),
                (false, None) => Err((ErrorCode::OutOfRange, usize::MAX)),
                (false, Some(f)) => match <&[u8; 32]>::try_from(&bytes[..]) {
                    Err(_) => Err((ErrorCode::RecordTruncated, bytes.len())),
                    Ok(array) => Position::from_packed(array, f).map_err(|e| (e.kind().into(), e.byte())),
                },
            };
            match &expected {
                Ok(_) => assert_eq!(result, 0, "hayanagi_position_unpack"),
                Err((code, at)) => {
                    assert_eq!(result, code.code(), "hayanagi_position_unpack error");
                    assert_eq!(offset, *at, "hayanagi_position_unpack offset");
                }
            }
            self.store("hayanagi_position_unpack", out, before, result == 0, expected.ok());
            return;
        }
        // Records: up to 3 written from this position, then one read back.
        let psv = input.one_in(2);
        let size = if psv { Psv::SIZE } else { Hcpe::SIZE };
        let mut array = vec![CANARY; 3 * size + 2];
        let mut written = 0;
        for i in 0..(input.byte() % 4) as usize {
            let code = self.move_code(input);
            let (value, result) =
                (i32::from(input.u16() as i16) * if input.one_in(8) { 3 } else { 1 }, i32::from(input.byte() % 5) - 2);
            let room = input.size(size, size + 1);
            let out = &mut array[i * size..];
            let room = room.min(out.len());
            let got = unsafe {
                if psv {
                    c::hayanagi_psv_write(ptr, value, code, result, out.as_mut_ptr(), room)
                } else {
                    c::hayanagi_hcpe_write(ptr, value, code, result, out.as_mut_ptr(), room)
                }
            };
            let mut errors = errors.clone();
            errors.extend(Self::move_errors(pos.as_ref(), code));
            if i16::try_from(value).is_err() || !(if psv { -1..=1 } else { 0..=2 }).contains(&result) {
                errors.push(ErrorCode::OutOfRange);
            }
            if room < size {
                errors.push(ErrorCode::BufferTooSmall);
            }
            let mut bytes = [0u8; 40];
            let expected = pos.as_ref().zip(Move::from_bits(code)).filter(|_| errors.is_empty()).map(|(p, mv)| {
                if psv {
                    let r = [PsvResult::Loss, PsvResult::Draw, PsvResult::Win][(result + 1) as usize];
                    Psv { position: p.clone(), score: value as i16, mv, result: r }.write(&mut bytes)
                } else {
                    let r = [GameResult::Draw, GameResult::BlackWin, GameResult::WhiteWin][result as usize];
                    Hcpe { position: p.clone(), eval: value as i16, best_move: mv, result: r }.write(&mut bytes)
                }
            });
            if let Some(Err(e)) = expected {
                errors.push(e.into());
            }
            assert_result("hayanagi_hcpe/psv_write", got, &errors, size as i32);
            if got >= 0 {
                assert_eq!(&out[..size], &bytes[..size], "hayanagi_hcpe/psv_write bytes");
                written = i + 1;
            } else {
                break;
            }
        }
        let mut len = (written * size).min(array.len());
        if input.one_in(4) && len > 0 {
            let at = input.byte() as usize % len;
            array[at] = input.byte();
        }
        if input.one_in(8) {
            len = input.byte() as usize % (array.len() + 1);
        }
        let bytes = &array[..len];
        let index = input.byte() as usize % 5;
        let out = self.out_arg(input);
        let before = self.slot_bytes(out);
        let out_ptr = self.pos_ptr(out);
        let (mut value, mut mv, mut result, mut offset) = (i32::MIN, 0u16, i32::MIN, usize::MAX);
        let got = unsafe {
            if psv {
                c::hayanagi_psv_read(bytes.as_ptr(), len, index, out_ptr, &mut value, &mut mv, &mut result, &mut offset)
            } else {
                c::hayanagi_hcpe_read(
                    bytes.as_ptr(),
                    len,
                    index,
                    out_ptr,
                    &mut value,
                    &mut mv,
                    &mut result,
                    &mut offset,
                )
            }
        };
        let start = index * size;
        let expected: Result<(Position, i32, u16, i32), (ErrorCode, usize)> = if matches!(out, PosArg::Null) {
            Err((ErrorCode::NullPointer, usize::MAX))
        } else if start >= len {
            Err((ErrorCode::OutOfRange, usize::MAX))
        } else if start + size > len {
            Err((ErrorCode::RecordTruncated, len))
        } else if psv {
            Psv::read(&bytes[start..start + size])
                .map(|r| (r.position, i32::from(r.score), r.mv.to_bits(), [-1, 0, 1][r.result as usize]))
                .map_err(|(at, k)| (k.into(), start + at))
        } else {
            Hcpe::read(&bytes[start..start + size])
                .map(|r| (r.position, i32::from(r.eval), r.best_move.to_bits(), r.result as i32))
                .map_err(|(at, k)| (k.into(), start + at))
        };
        let what = if psv { "hayanagi_psv_read" } else { "hayanagi_hcpe_read" };
        match &expected {
            Ok((_, v, m, r)) => assert_eq!((got, value, mv, result), (0, *v, *m, *r), "{what}"),
            Err((code, at)) => {
                assert_eq!(got, code.code(), "{what} error");
                assert_eq!(offset, *at, "{what} offset");
                assert_eq!((value, mv, result), (i32::MIN, 0, i32::MIN), "{what}: a failed call wrote");
            }
        }
        self.store(what, out, before, got == 0, expected.ok().map(|e| e.0));
    }

    /// `hayanagi_record_reader_*`: a stream of hcpe or PSV records (written from the slots' positions,
    /// perhaps a byte changed, perhaps a partial record at the end) fed in chunks of fuzzed sizes,
    /// against `Hcpe::read` / `Psv::read` of each record of the whole stream.
    fn record_stream(&mut self, input: &mut Input) {
        let psv = input.one_in(2);
        let (format, size) = if psv { (1, Psv::SIZE) } else { (0, Hcpe::SIZE) };
        let mut stream = Vec::new();
        for _ in 0..input.byte() % 5 {
            let Some(pos) = self.shadows[input.byte() as usize % SLOTS].clone() else { continue };
            let moves = pos.legal_moves();
            let Some(&mv) = moves.get(input.byte() as usize % moves.len().max(1)) else { continue };
            let value = input.u16() as i16;
            let mut bytes = [0u8; 40];
            let written = if psv {
                let result = [PsvResult::Loss, PsvResult::Draw, PsvResult::Win][input.byte() as usize % 3];
                Psv { position: pos, score: value, mv, result }.write(&mut bytes)
            } else {
                let result = [GameResult::Draw, GameResult::BlackWin, GameResult::WhiteWin][input.byte() as usize % 3];
                Hcpe { position: pos, eval: value, best_move: mv, result }.write(&mut bytes)
            };
            if written.is_ok() {
                stream.extend_from_slice(&bytes[..size]);
            }
        }
        if input.one_in(3) && !stream.is_empty() {
            let at = input.byte() as usize % stream.len();
            stream[at] = input.byte();
        }
        let tail = input.byte() as usize % (size + 1);
        stream.extend_from_slice(input.bytes(tail));
        // The reader, in a buffer where it may be moved to another alignment between calls.
        let mut buf = vec![0u8; 64 + 8];
        let mut at = 0;
        let reader = |buf: &mut Vec<u8>, at: usize| buf[at..].as_mut_ptr().cast::<c::RecordReader>();
        if input.one_in(8) {
            // Never set up: refused.
            let (mut used, mut records) = (usize::MAX, u64::MAX);
            let mut pos = [0u8; POSITION_SIZE];
            let got = unsafe {
                c::hayanagi_record_reader_next(
                    reader(&mut buf, at),
                    stream.as_ptr(),
                    stream.len(),
                    &mut used,
                    pos.as_mut_ptr().cast(),
                    core::ptr::null_mut(),
                    core::ptr::null_mut(),
                    core::ptr::null_mut(),
                    core::ptr::null_mut(),
                    core::ptr::null_mut(),
                )
            };
            assert_eq!(got, ErrorCode::NotAReader.code(), "hayanagi_record_reader_next on zeros");
            assert_eq!(used, usize::MAX, "hayanagi_record_reader_next: a refused call wrote");
            let got =
                unsafe { c::hayanagi_record_reader_finish(reader(&mut buf, at), &mut records, core::ptr::null_mut()) };
            assert_eq!(
                (got, records),
                (ErrorCode::NotAReader.code(), u64::MAX),
                "hayanagi_record_reader_finish on zeros"
            );
            return;
        }
        let bad_format = i32::from(input.byte() % 4) + 2;
        assert_eq!(
            unsafe { c::hayanagi_record_reader_init(reader(&mut buf, at), bad_format) },
            ErrorCode::OutOfRange.code()
        );
        assert_eq!(unsafe { c::hayanagi_record_reader_init(reader(&mut buf, at), format) }, 0);
        let out = input.byte() as usize % SLOTS;
        let (mut fed, mut next, mut chunks) = (0usize, 0u64, 0);
        while fed < stream.len() {
            // Empty chunks too; after 64 chunks (the input may have run out: zeros) the rest at once.
            chunks += 1;
            let wanted = if chunks > 64 { stream.len() } else { input.byte() as usize % (2 * size + 4) };
            let chunk = wanted.min(stream.len() - fed);
            let mut left = chunk;
            loop {
                if input.one_in(6) {
                    // A byte copy of the reader, elsewhere: the same reader.
                    let new_at = input.byte() as usize % 8;
                    let state = buf[at..at + 64].to_vec();
                    buf.fill(0);
                    buf[new_at..new_at + 64].copy_from_slice(&state);
                    at = new_at;
                }
                let start = fed + (chunk - left);
                let before = self.positions[out].bytes();
                let (mut used, mut value, mut mv, mut result, mut index, mut offset) =
                    (usize::MAX, i32::MIN, 0u16, i32::MIN, u64::MAX, u64::MAX);
                let got = unsafe {
                    c::hayanagi_record_reader_next(
                        reader(&mut buf, at),
                        if left == 0 && input.one_in(2) { core::ptr::null() } else { stream[start..].as_ptr() },
                        left,
                        &mut used,
                        self.positions[out].ptr().cast(),
                        &mut value,
                        &mut mv,
                        &mut result,
                        &mut index,
                        &mut offset,
                    )
                };
                // The bytes of record `next` received so far, and this call's share.
                let held = start - (next as usize) * size;
                let expected_used = (size - held).min(left);
                assert_eq!(used, expected_used, "hayanagi_record_reader_next consumed");
                left -= used;
                if held + used < size {
                    assert_eq!(got, 0, "hayanagi_record_reader_next: a partial record");
                    assert_eq!(self.positions[out].bytes(), before, "hayanagi_record_reader_next: wrote a position");
                    break;
                }
                let record = &stream[next as usize * size..][..size];
                let expected = if psv {
                    Psv::read(record)
                        .map(|r| (r.position, i32::from(r.score), r.mv.to_bits(), [-1, 0, 1][r.result as usize]))
                } else {
                    Hcpe::read(record).map(|r| (r.position, i32::from(r.eval), r.best_move.to_bits(), r.result as i32))
                };
                assert_eq!(index, next, "hayanagi_record_reader_next index");
                match expected {
                    Ok((position, v, m, r)) => {
                        assert_eq!((got, value, mv, result), (1, v, m, r), "hayanagi_record_reader_next");
                        self.shadows[out] = Some(position);
                        self.check_slot(out);
                    }
                    Err((field, kind)) => {
                        assert_eq!(got, ErrorCode::from(kind).code(), "hayanagi_record_reader_next error");
                        assert_eq!(offset, (next as usize * size + field) as u64, "hayanagi_record_reader_next offset");
                        assert_eq!(
                            self.positions[out].bytes(),
                            before,
                            "hayanagi_record_reader_next: wrote a position"
                        );
                    }
                }
                next += 1;
                if left == 0 {
                    break;
                }
            }
            fed += chunk;
        }
        let (mut records, mut offset) = (u64::MAX, u64::MAX);
        let got = unsafe { c::hayanagi_record_reader_finish(reader(&mut buf, at), &mut records, &mut offset) };
        assert_eq!(records, (stream.len() / size) as u64, "hayanagi_record_reader_finish records");
        if stream.len() % size == 0 {
            assert_eq!((got, offset), (0, u64::MAX), "hayanagi_record_reader_finish");
        } else {
            assert_eq!(
                (got, offset),
                (ErrorCode::RecordTruncated.code(), stream.len() as u64),
                "hayanagi_record_reader_finish"
            );
        }
    }
}

/// `hayanagi_error_message` and `hayanagi_status_name` for any value.
fn names(input: &mut Input) {
    let code = match input.byte() % 4 {
        0 => input.i32(),
        _ => -(input.byte() as i32 % 80),
    };
    let message = unsafe { CStr::from_ptr(c::hayanagi_error_message(code)) };
    match ErrorCode::from_i32(code) {
        Some(known) => assert_eq!(message, known.message(), "hayanagi_error_message({code})"),
        None => assert_eq!(message, c"unknown hayanagi error code", "hayanagi_error_message({code})"),
    }
    let status = match input.byte() % 2 {
        0 => input.i32(),
        _ => input.byte() as i32 % 10 - 1,
    };
    let name = c::hayanagi_status_name(status);
    match usize::try_from(status).ok().and_then(|i| Status::ALL.get(i)) {
        Some(known) => {
            assert!(!name.is_null(), "hayanagi_status_name({status})");
            assert_eq!(unsafe { CStr::from_ptr(name) }.to_bytes(), known.as_str().as_bytes());
        }
        None => assert_eq!(unsafe { CStr::from_ptr(name) }, c"unknown", "hayanagi_status_name({status})"),
    }
}

fuzz_target!(|data: &[u8]| {
    assert_eq!(c::hayanagi_position_size(), POSITION_SIZE);
    assert_eq!(c::hayanagi_undo_record_size(), UNDO_RECORD_SIZE);
    let mut input = Input::new(data);
    let mut world = World::new();
    let startpos_into = input.byte() as usize % SLOTS;
    assert_eq!(unsafe { c::hayanagi_position_startpos(core::ptr::null_mut()) }, ErrorCode::NullPointer.code());
    assert_eq!(unsafe { c::hayanagi_position_startpos(world.positions[startpos_into].ptr().cast()) }, 0);
    world.shadows[startpos_into] = Some(Position::startpos());
    world.check_slot(startpos_into);
    for _ in 0..64 {
        if input.is_empty() {
            break;
        }
        match input.byte() % 17 {
            0 => world.construct(&mut input, false),
            1 => world.construct(&mut input, true),
            2 => world.write_sfen(&mut input),
            3 => world.legal_moves(&mut input),
            4 => world.move_to_usi(&mut input),
            5 => world.parse_usi_move(&mut input),
            6 | 7 => world.play(&mut input, false),
            8 => world.undo(&mut input),
            9 => world.queries(&mut input),
            10 => world.play(&mut input, true),
            11 => world.ask(&mut input),
            12 => world.codes(&mut input),
            13 => world.history_init(&mut input),
            14 => world.history_step(&mut input),
            15 => world.construct_with_history(&mut input),
            _ => match input.byte() % 9 {
                0 => world.shuffle(&mut input),
                1 => names(&mut input),
                2 => world.pass_and_key_after(&mut input),
                3 => world.search(&mut input),
                4 => world.setup(&mut input),
                5 => world.move_text(&mut input),
                6 => world.play_into(&mut input),
                7 => world.record_stream(&mut input),
                _ => world.packed(&mut input),
            },
        }
    }
});
