//! HCP and PackedSfen: a position (board, hands, side to move) in 32 bytes.

use core::fmt;

use crate::board::zobrist;
use crate::packed::codes::{self, BITS, BOX, BitReader, BitWriter, EMPTY, INVALID, Layout};
use crate::position::setup::SET;
use crate::{Bitboard, Color, File, Hand, Piece, PieceKind, Position, Rank, Relaxations, Setup, SetupProblem, Square};

/// A 32-byte position layout.
///
/// Both store the side to move, the two king squares, a Huffman code per other square, and one code
/// per piece of the set that is not on the board: in Black's hand, in White's hand, or in neither
/// (the "box", for handicap and problem positions). Neither stores the ply (a position read back has
/// ply 1; PSV records keep it beside the position).
///
/// **What they cannot represent**: a position without both kings. Every other position the SFEN
/// parser accepts fits exactly (both layouts always take 256 bits for two kings and 38 other
/// pieces; a missing king would need one bit more, which cshogi drops — see the README). Reading
/// accepts exactly what writing produces: the layout's codes in its order, with every piece of the
/// set accounted for, and a position that obeys the rules of positions (docs/RULES.md §2).
///
/// ```
/// use hayanagi::{PackedFormat, Position};
/// let pos = Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")?;
/// let hcp = pos.to_packed(PackedFormat::Hcp)?;
/// assert_eq!(hcp[..4], [0x58, 0xa4, 0x49, 0x21]);
/// assert_eq!(Position::from_packed(&hcp, PackedFormat::Hcp)?, pos);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PackedFormat {
    /// Apery's `HuffmanCodedPos` as cshogi reads and writes it (`Board.to_hcp` / `set_hcp`), the
    /// position of dlshogi's hcpe records.
    Hcp,
    /// YaneuraOu's `PackedSfen` (cshogi `Board.to_psfen` / `set_psfen`), the position of PSV records.
    PackedSfen,
}

impl PackedFormat {
    pub(crate) fn layout(self) -> &'static Layout {
        match self {
            PackedFormat::Hcp => &codes::HCP,
            PackedFormat::PackedSfen => &codes::PSFEN,
        }
    }
}

/// Reads what [`Display`](fmt::Display) writes: `HCP` or `PackedSfen`.
///
/// ```
/// use hayanagi::{PackedFormat, ParseError};
/// assert_eq!("PackedSfen".parse(), Ok(PackedFormat::PackedSfen));
/// assert_eq!("hcp".parse::<PackedFormat>(), Err(ParseError::PackedFormat));
/// ```
impl core::str::FromStr for PackedFormat {
    type Err = crate::ParseError;

    fn from_str(s: &str) -> Result<PackedFormat, crate::ParseError> {
        match s {
            "HCP" => Ok(PackedFormat::Hcp),
            "PackedSfen" => Ok(PackedFormat::PackedSfen),
            _ => Err(crate::ParseError::PackedFormat),
        }
    }
}

impl fmt::Display for PackedFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PackedFormat::Hcp => "HCP",
            PackedFormat::PackedSfen => "PackedSfen",
        })
    }
}

/// Why a position cannot be written in a packed layout.
///
/// ```
/// use hayanagi::{Color, PackError, PackedFormat, Position};
/// let tsume = Position::from_sfen("4k4/9/4G4/9/9/9/9/9/9 b G 1")?; // no Black king
/// let err = tsume.to_packed(PackedFormat::PackedSfen).unwrap_err();
/// assert_eq!(err, PackError::MissingKing { color: Color::Black });
/// assert_eq!(err.to_string(), "no black king: packed positions need both kings");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
// Not `non_exhaustive`, so that a mapping of the kinds (the C API's error codes) fails to build
// when one is added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PackError {
    /// The position has no king of this colour: the layouts store both king squares.
    MissingKing {
        /// The colour.
        color: Color,
    },
    /// More pieces of a kind than the set has (no position the library builds has that).
    TooManyPieces {
        /// The base kind.
        kind: PieceKind,
    },
    /// The ply does not fit the record's 16-bit field (PSV).
    PlyTooLarge {
        /// The ply.
        ply: u64,
    },
}

impl fmt::Display for PackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PackError::MissingKing { color } => {
                write!(f, "no {color} king: packed positions need both kings")
            }
            PackError::TooManyPieces { kind } => write!(f, "{}", SetupProblem::TooManyPieces { kind, square: None }),
            PackError::PlyTooLarge { ply } => write!(f, "ply {ply} does not fit 16 bits"),
        }
    }
}

impl core::error::Error for PackError {}

/// What is wrong in a packed position; see [`UnpackError`] for where.
///
/// ```
/// use hayanagi::{PackedFormat, Position, UnpackErrorKind};
/// let err = Position::from_packed(&[0; 32], PackedFormat::PackedSfen).unwrap_err();
/// assert_eq!(err.kind(), UnpackErrorKind::KingsOnOneSquare);
/// assert_eq!(err.kind().to_string(), "both kings on one square");
/// ```
// Not `non_exhaustive`, so that a mapping of the kinds (the C API's error codes) fails to build
// when one is added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnpackErrorKind {
    /// A king square of 81: "no king". cshogi writes that for positions without both kings, which
    /// do not fit in 256 bits (it drops the last bit); this reader rejects them.
    NoKing {
        /// The colour.
        color: Color,
    },
    /// A king square above 81.
    BadKingSquare {
        /// The colour.
        color: Color,
        /// The 7-bit value read.
        value: u8,
    },
    /// Both kings on one square.
    KingsOnOneSquare,
    /// Bits that start no hand code of the layout.
    BadHandCode,
    /// A hand code out of the layout's order (Black's hand, White's hand, then the box; each in the
    /// order P L N S G B R).
    HandOrder,
    /// A code that runs past bit 256.
    Truncated,
    /// A rule of positions is broken ([`Setup::validate`]'s problem: more pieces of a kind than the
    /// set has, counting board, hands and box; a dead piece; nifu; the side not to move in check); the
    /// bit is where the code of the piece it is about starts (its king's, for a check).
    Setup(SetupProblem),
}

impl fmt::Display for UnpackErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use UnpackErrorKind::*;
        match *self {
            NoKing { color } => write!(f, "no {color} king (square 81): packed positions need both kings"),
            BadKingSquare { color, value } => write!(f, "{color} king square {value}, expected 0-80"),
            KingsOnOneSquare => f.write_str("both kings on one square"),
            BadHandCode => f.write_str("expected a hand code, found bits that start none"),
            HandOrder => {
                f.write_str("hand code out of order (expected Black's hand, White's hand, box; each P L N S G B R)")
            }
            Truncated => f.write_str("a code runs past bit 256"),
            Setup(problem) => write!(f, "{problem}"),
        }
    }
}

/// Why 32 bytes were rejected as a packed position: the bit (0-255; bit `i` is bit `i % 8` of byte
/// `i / 8`) where the offending code starts, and what is wrong.
///
/// ```
/// use hayanagi::{Color, PackedFormat, Position, UnpackErrorKind};
/// let err = Position::from_packed(&[0; 32], PackedFormat::Hcp).unwrap_err();
/// assert_eq!((err.bit(), err.kind()), (8, UnpackErrorKind::KingsOnOneSquare));
/// assert_eq!(err.to_string(), "at bit 8 (byte 1): both kings on one square");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnpackError {
    bit: u16,
    kind: UnpackErrorKind,
}

impl UnpackError {
    const fn new(bit: usize, kind: UnpackErrorKind) -> UnpackError {
        UnpackError { bit: if bit > 255 { 255 } else { bit as u16 }, kind }
    }

    /// The bit where the offending code starts (0-255).
    ///
    /// ```
    /// use hayanagi::{PackedFormat, Position};
    /// let mut bytes = Position::startpos().to_packed(PackedFormat::Hcp)?;
    /// bytes[31] = 0xff;
    /// assert_eq!(Position::from_packed(&bytes, PackedFormat::Hcp).unwrap_err().bit(), 249);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn bit(self) -> usize {
        self.bit as usize
    }

    /// The byte of [`UnpackError::bit`].
    ///
    /// ```
    /// use hayanagi::{PackedFormat, Position};
    /// let mut bytes = Position::startpos().to_packed(PackedFormat::Hcp)?;
    /// bytes[31] = 0xff;
    /// let err = Position::from_packed(&bytes, PackedFormat::Hcp).unwrap_err();
    /// assert_eq!((err.bit(), err.byte()), (249, 31));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn byte(self) -> usize {
        self.bit as usize / 8
    }

    /// What is wrong.
    ///
    /// ```
    /// use hayanagi::{PackedFormat, Position, UnpackErrorKind};
    /// let mut bytes = Position::startpos().to_packed(PackedFormat::Hcp)?;
    /// bytes[31] = 0xff;
    /// let err = Position::from_packed(&bytes, PackedFormat::Hcp).unwrap_err();
    /// assert_eq!(err.kind(), UnpackErrorKind::Truncated);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn kind(self) -> UnpackErrorKind {
        self.kind
    }
}

impl fmt::Display for UnpackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at bit {} (byte {}): {}", self.bit, self.byte(), self.kind)
    }
}

impl core::error::Error for UnpackError {}

/// The square of the layouts' numbering (`file - 1) * 9 + rank - 1`: 1a = 0, 1b = 1, ... 9i = 80)
/// as a hayanagi square.
#[inline]
pub(crate) const fn square_of_packed(index: usize) -> Option<Square> {
    if index >= Square::NUM {
        return None;
    }
    match (File::try_index(index / Rank::NUM), Rank::try_index(index % Rank::NUM)) {
        (Some(file), Some(rank)) => Some(Square::new(file, rank)),
        _ => None,
    }
}

/// The squares in the layouts' order (1a, 1b, ... 1i, 2a, ... 9i): where the board codes go.
const PACKED_ORDER: [Square; Square::NUM] = {
    let mut order = [Square::SQ_1A; Square::NUM];
    let mut index = 0;
    while index < Square::NUM {
        if let Some(square) = square_of_packed(index) {
            order[index] = square;
        }
        index += 1;
    }
    order
};

/// A hayanagi square in the layouts' numbering.
#[inline]
pub(crate) const fn packed_of_square(square: Square) -> usize {
    square.file().index() * Rank::NUM + square.rank().index()
}

fn encode(pos: &Position, layout: &Layout) -> Result<[u8; 32], PackError> {
    let (Some(black), Some(white)) = (pos.king(Color::Black), pos.king(Color::White)) else {
        let color = if pos.king(Color::Black).is_none() { Color::Black } else { Color::White };
        return Err(PackError::MissingKing { color });
    };
    let mut out = BitWriter::new();
    out.write(pos.side_to_move() as u8, 1);
    out.write(packed_of_square(black) as u8, 7);
    out.write(packed_of_square(white) as u8, 7);
    let mut counts = [0u32; 7];
    for square in PACKED_ORDER {
        match pos.piece_at(square) {
            None => out.code(EMPTY),
            Some(piece) if piece.kind() == PieceKind::King => {}
            Some(piece) => {
                if let Some(count) = counts.get_mut(piece.kind().unpromote().index()) {
                    *count += 1;
                }
                if let Some(&code) = layout.board.get(piece.index()) {
                    out.code(code);
                }
            }
        }
    }
    for (place, color) in Color::ALL.into_iter().enumerate() {
        let hand = pos.hand(color);
        for kind in PieceKind::HAND {
            let n = hand.count(kind);
            if let Some(count) = counts.get_mut(kind.index()) {
                *count += n as u32;
            }
            let Some(&code) = layout.hand.get(kind.index()).and_then(|codes| codes.get(place)) else { continue };
            for _ in 0..n {
                out.code(code);
            }
        }
    }
    for kind in PieceKind::HAND {
        let (Some(&count), Some(&limit)) = (counts.get(kind.index()), SET.get(kind.index())) else { continue };
        let limit = limit as u32;
        if count > limit {
            return Err(PackError::TooManyPieces { kind });
        }
        let Some(&code) = layout.hand.get(kind.index()).and_then(|codes| codes.get(BOX)) else { continue };
        for _ in count..limit {
            out.code(code);
        }
    }
    debug_assert_eq!(out.cursor, BITS);
    Ok(out.bytes())
}

/// Reads a packed position: [`decode_into`] into a new position.
pub(crate) fn decode(bytes: &[u8; 32], layout: &Layout, ply: u64) -> Result<Position, UnpackError> {
    let mut pos = Position::PLACEHOLDER;
    decode_into(bytes, layout, ply, &mut pos)?;
    Ok(pos)
}

/// Reads a packed position into `pos` (no new position, so nothing to copy): [`fast_decode_into`]
/// for the records that are right (nearly all of them), [`decode_checked`] for the error of one that
/// is not. On an error `pos` is left [empty](Position::empty).
#[inline(always)]
pub(crate) fn decode_into(bytes: &[u8; 32], layout: &Layout, ply: u64, pos: &mut Position) -> Result<(), UnpackError> {
    let fast = fast_decode_into(bytes, layout, ply, pos);
    debug_assert_eq!(fast.then_some(&*pos), decode_checked(bytes, layout, ply).as_ref().ok());
    if fast {
        return Ok(());
    }
    let checked = decode_checked(bytes, layout, ply);
    *pos = checked.as_ref().map_or_else(|_| Position::empty(), Position::clone);
    checked.map(|_| ())
}

/// The piece of a board decode-table slot (`1 + piece index`), for every slot a code starting with
/// `1` gives (`codes` checks at compile time that every such code is a piece's, slots 1-28); the
/// other slots hold a placeholder never read.
const PIECE_BY_SLOT: [Piece; 32] = {
    let mut pieces = [Piece::new(Color::Black, PieceKind::Pawn); 32];
    let mut slot = 1;
    while slot <= Piece::NUM {
        if let Some(piece) = Piece::try_index(slot - 1) {
            pieces[slot] = piece;
        }
        slot += 1;
    }
    pieces
};

/// The board decode-table slots (`1 + piece index`) of each base kind's pieces (P L N S G B R, by
/// index: both colours, unpromoted and promoted), the rest slot 0, which no code gives (its count
/// stays zero).
const BASE_SLOTS: [[u8; 4]; 7] = {
    let mut slots = [[0u8; 4]; 7];
    let mut filled = [0usize; 7];
    let mut slot = 1;
    while slot <= Piece::NUM {
        if let Some(piece) = Piece::try_index(slot - 1)
            && !matches!(piece.kind(), PieceKind::King)
        {
            let base = piece.kind().unpromote().index();
            slots[base][filled[base]] = slot as u8;
            filled[base] += 1;
        }
        slot += 1;
    }
    slots
};

/// The squares that have a board code: all but the two kings'.
const CODED_SQUARES: usize = Square::NUM - 2;

/// Each square of the layouts' numbering as a one-square set.
const PACKED_SETS: [Bitboard; Square::NUM] = {
    let mut sets = [Bitboard::EMPTY; Square::NUM];
    let mut index = 0;
    while index < Square::NUM {
        sets[index] = Bitboard::from_square(PACKED_ORDER[index]);
        index += 1;
    }
    sets
};

/// The position of a packed layout with the layout's own checks (king squares, codes, their order,
/// no kind above the set counting the box) decided once at the end rather than code by code, built
/// straight into `pos`'s sets as the codes are read, and checked by the rules of positions
/// ([`Setup::obeys_rules`], the rules [`Setup::validate`] applies). False whenever
/// [`decode_checked`] would report an error, so that it can say which and where (`pos` is then
/// unspecified: [`decode_into`] replaces it).
///
/// The board part skips runs of empty squares (`0` bits) a word at a time and decodes only the
/// pieces' codes, each from the same 64-bit window as the zeros before it; no pass over the 81
/// squares is left.
#[inline(always)]
fn fast_decode_into(bytes: &[u8; 32], layout: &Layout, ply: u64, pos: &mut Position) -> bool {
    let mut input = BitReader::new(bytes);
    let side = if input.read(1) == 1 { Color::White } else { Color::Black };
    let black_index = input.read(7) as usize;
    let white_index = input.read(7) as usize;
    let (Some(black), Some(white)) = (square_of_packed(black_index), square_of_packed(white_index)) else {
        return false;
    };
    if black == white {
        return false;
    }
    let (first_king, second_king) = (black_index.min(white_index), black_index.max(white_index));
    let (board, by_color, by_kind) = pos.decoding();
    let mut key = 0u64;
    for (color, square) in [(Color::Black, black), (Color::White, white)] {
        let king = Piece::new(color, PieceKind::King);
        board[square.index()] = Some(king);
        by_color[color.index()] |= Bitboard::from_square(square);
        by_kind[PieceKind::King.index()] |= Bitboard::from_square(square);
        key ^= zobrist::board(king, square);
    }
    // `coded`: how many of the coded squares (the layout's order without the kings') are read. The
    // `coded`-th coded square is square `coded + passed` of the layout's order, `passed` the number
    // of kings' squares before it: one from `coded == first_king`, two from `coded + 1 ==
    // second_king` (`bound` is where `passed` grows next).
    let mut coded = 0usize;
    let (mut passed, mut bound) = (0usize, first_king);
    // The board's pieces by decode-table slot (`1 + piece index`), for the material rule.
    let mut by_slot = [0u8; 32];
    // `window`: the stream's next `avail` bits from the cursor (bit 0 first), zeros above them; read
    // again from the stream when the zeros at its start and a whole code (at most 8 bits) after them
    // may not fit in it. Bits past 256 read as zeros (empty squares).
    let mut window = input.peek64();
    let mut avail = 64usize;
    loop {
        let zeros = window.trailing_zeros() as usize;
        if zeros + 8 > avail {
            if avail == 64 {
                // A whole window of empty squares but its last few bits: those squares are passed
                // (and the cursor put back to where the last coded square ends if they are the last).
                coded += zeros;
                input.cursor += zeros;
                if coded >= CODED_SQUARES {
                    input.cursor -= coded - CODED_SQUARES;
                    break;
                }
            }
            window = input.peek64();
            avail = 64;
            continue;
        }
        // A run of empty squares, then (unless they are the last) a piece's code: every board code
        // but the empty square's starts with 1.
        coded += zeros;
        input.cursor += zeros;
        if coded >= CODED_SQUARES {
            input.cursor -= coded - CODED_SQUARES;
            break;
        }
        let entry = layout.board_decode[(window >> zeros) as u8 as usize];
        let slot = (entry & 31) as usize;
        let len = (entry >> 5) as usize + 1;
        input.cursor += len;
        // Two shifts, each below 64 (`zeros` at most 56, `len` at most 8).
        window = window >> zeros >> len;
        avail -= zeros + len;
        while coded >= bound {
            passed += 1;
            bound = if passed == 1 { second_king - 1 } else { usize::MAX };
        }
        let index = coded + passed;
        coded += 1;
        let Some(&square) = PACKED_ORDER.get(index) else { return false };
        let piece = PIECE_BY_SLOT[slot];
        by_slot[slot] += 1;
        board[square.index()] = Some(piece);
        let set = PACKED_SETS.get(index).copied().unwrap_or(Bitboard::EMPTY);
        by_color[piece.color().index()] |= set;
        by_kind[piece.kind().index()] |= set;
        key ^= zobrist::board_of_index(slot.wrapping_sub(1), square);
    }
    if input.cursor > BITS {
        return false;
    }
    let mut hands = [Hand::EMPTY; 2];
    // The pieces on the board and in the box by base kind (P L N S G B R), for the material rule.
    let mut not_held = [0u8; 7];
    for (count, slots) in not_held.iter_mut().zip(&BASE_SLOTS) {
        *count = slots.iter().map(|&slot| by_slot[slot as usize & 31]).sum();
    }
    let mut last = 0u8;
    while input.cursor < BITS {
        let entry = layout.hand_decode[input.peek8() as usize];
        let code = entry & 31;
        if entry == INVALID || code < last {
            return false;
        }
        last = code;
        input.cursor += (entry >> 5) as usize + 1;
        let (place, kind) = (code as usize / 7, code as usize % 7);
        if place == BOX {
            if let Some(count) = not_held.get_mut(kind) {
                *count += 1;
            }
            continue;
        }
        let Some(kind) = PieceKind::try_index(kind) else { return false };
        if let Some(hand) = hands.get_mut(place) {
            // At most 85 codes fit in 256 bits, so a count cannot wrap.
            *hand = hand.with(kind, hand.count(kind) + 1);
        }
    }
    if input.cursor != BITS {
        return false;
    }
    pos.finish_decoding(hands, side, ply, key);
    // No kind above the set (board, hands and box) among the rules: with the 256 bits read, every
    // piece of the set was read (see `codes`).
    Setup::obeys_rules_counted(pos, Relaxations::INCOMPLETE_MATERIAL, &not_held)
}

/// Reads a packed position code by code, checking each as it goes: the reader that names the bit
/// of the first error. [`decode_into`] runs it only for the records [`fast_decode_into`] refuses.
fn decode_checked(bytes: &[u8; 32], layout: &Layout, ply: u64) -> Result<Position, UnpackError> {
    let mut input = BitReader::new(bytes);
    let side = if input.read(1) == 1 { Color::White } else { Color::Black };
    let mut board = [None; Square::NUM];
    // Where each square's code starts, for errors about a square.
    let mut starts = [0u16; Square::NUM];
    let mut kings = [Square::SQ_1A; 2];
    for color in Color::ALL {
        let bit = input.cursor;
        let value = input.read(7);
        let square = match square_of_packed(value as usize) {
            Some(square) => square,
            None if value == 81 => return Err(UnpackError::new(bit, UnpackErrorKind::NoKing { color })),
            None => return Err(UnpackError::new(bit, UnpackErrorKind::BadKingSquare { color, value })),
        };
        if color == Color::White && board[square.index()].is_some() {
            return Err(UnpackError::new(bit, UnpackErrorKind::KingsOnOneSquare));
        }
        board[square.index()] = Some(Piece::new(color, PieceKind::King));
        starts[square.index()] = bit as u16;
        kings[color.index()] = square;
    }
    let mut counts = [0u32; 7];
    // `square`: where the piece stands, `None` for one in a hand or the box.
    let mut count = |kind: PieceKind, square: Option<Square>, bit: usize| -> Result<(), UnpackError> {
        let base = kind.unpromote();
        if let (Some(count), Some(&limit)) = (counts.get_mut(base.index()), SET.get(base.index())) {
            *count += 1;
            if *count > limit as u32 {
                let problem = SetupProblem::TooManyPieces { kind: base, square };
                return Err(UnpackError::new(bit, UnpackErrorKind::Setup(problem)));
            }
        }
        Ok(())
    };
    for square in PACKED_ORDER {
        if square == kings[0] || square == kings[1] {
            continue;
        }
        let bit = input.cursor;
        let entry = layout.board_decode.get(input.peek8() as usize).copied().unwrap_or(0);
        let Some(piece) = (entry & 31).checked_sub(1).and_then(|index| Piece::try_index(index as usize)) else {
            input.cursor += 1;
            continue;
        };
        let len = (entry >> 5) + 1;
        if bit + len as usize > BITS {
            return Err(UnpackError::new(bit, UnpackErrorKind::Truncated));
        }
        input.cursor += len as usize;
        count(piece.kind(), Some(square), bit)?;
        board[square.index()] = Some(piece);
        starts[square.index()] = bit as u16;
    }
    let mut hands = [Hand::EMPTY; 2];
    let mut last = 0u8;
    while input.cursor < BITS {
        let bit = input.cursor;
        let entry = layout.hand_decode.get(input.peek8() as usize).copied().unwrap_or(INVALID);
        if entry == INVALID {
            return Err(UnpackError::new(bit, UnpackErrorKind::BadHandCode));
        }
        let (code, len) = (entry & 31, (entry >> 5) + 1);
        let (place, kind_index) = (code as usize / 7, code as usize % 7);
        if bit + len as usize > BITS {
            return Err(UnpackError::new(bit, UnpackErrorKind::Truncated));
        }
        if code < last {
            return Err(UnpackError::new(bit, UnpackErrorKind::HandOrder));
        }
        last = code;
        input.cursor += len as usize;
        let Some(kind) = PieceKind::try_index(kind_index) else { continue };
        count(kind, None, bit)?;
        if let Some(hand) = hands.get_mut(place) {
            *hand = hand.with(kind, hand.count(kind) + 1);
        }
    }
    // 256 bits with no kind above the set means every piece of the set was read (each piece's
    // codes have a fixed total length; see `codes`).
    debug_assert!(counts.iter().zip(SET).all(|(&count, limit)| count == limit as u32));
    let setup = Setup { board, hands, side_to_move: side, ply };
    // The position rules (docs/RULES.md R64–R70), written once in `Setup::validate`; the box holds
    // what is not on the board or in a hand, so no material is missing.
    setup.validate(Relaxations::INCOMPLETE_MATERIAL).map_err(|error| {
        // Kings come only from the two king fields, on different squares, and the plies readers
        // pass are at least 1; so the problem is one of the board's, at its piece's code.
        debug_assert!(
            !matches!(
                error.problems().first(),
                Some(SetupProblem::TwoKings { .. } | SetupProblem::MissingKing { .. } | SetupProblem::PlyZero) | None
            ),
            "{error}"
        );
        let problem = error.problems().first().copied().unwrap_or(SetupProblem::PlyZero);
        let bit = problem.square().map_or(0, |square| starts.get(square.index()).copied().unwrap_or(0) as usize);
        UnpackError::new(bit, UnpackErrorKind::Setup(problem))
    })
}

impl Position {
    /// The position in a 32-byte packed layout (the ply is not stored).
    ///
    /// # Errors
    /// [`PackError::MissingKing`] for a position without both kings, the one kind of position the
    /// SFEN parser accepts that neither layout can hold.
    ///
    /// ```
    /// use hayanagi::{Color, PackError, PackedFormat, Position};
    /// let psfen = Position::startpos().to_packed(PackedFormat::PackedSfen)?;
    /// assert_eq!(psfen[..4], [0x58, 0xa4, 0x51, 0x22]);
    /// let tsume = Position::from_sfen("4k4/9/4G4/9/9/9/9/9/9 b G 1")?;
    /// assert_eq!(tsume.to_packed(PackedFormat::Hcp), Err(PackError::MissingKing { color: Color::Black }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_packed(&self, format: PackedFormat) -> Result<[u8; 32], PackError> {
        encode(self, format.layout())
    }

    /// Reads a position from a 32-byte packed layout, with ply 1.
    ///
    /// Accepts exactly the bytes [`Position::to_packed`] writes: `to_packed(from_packed(bytes)) ==
    /// bytes` for every accepted input.
    ///
    /// # Errors
    /// An [`UnpackError`] naming the bit: a king square that is 81 (no king) or above, both kings on
    /// one square, bits that start no hand code, hand codes out of order, a code past bit 256, more
    /// pieces of a kind than the set has, or a position that breaks docs/RULES.md R64–R69 (a dead
    /// piece, nifu, the side not to move in check).
    ///
    /// ```
    /// use hayanagi::{PackedFormat, Position, UnpackErrorKind};
    /// let mut bytes = Position::startpos().to_packed(PackedFormat::Hcp)?;
    /// assert_eq!(Position::from_packed(&bytes, PackedFormat::Hcp)?, Position::startpos());
    /// bytes[31] = 0xff; // the last squares' codes now run past the end
    /// let err = Position::from_packed(&bytes, PackedFormat::Hcp).unwrap_err();
    /// assert_eq!((err.bit(), err.kind()), (249, UnpackErrorKind::Truncated));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_packed(bytes: &[u8; 32], format: PackedFormat) -> Result<Position, UnpackError> {
        decode(bytes, format.layout(), 1)
    }

    /// [`Position::from_packed`] into this position, in place: for a loop over many records, which
    /// then builds no new position and copies none.
    ///
    /// # Errors
    /// The [`UnpackError`] of [`Position::from_packed`]; the position is then left empty (no piece on
    /// the board or in a hand, Black to move, ply 1).
    ///
    /// ```
    /// use hayanagi::{PackedFormat, Position};
    /// let mut pos = Position::from_usi_position("startpos moves 7g7f")?;
    /// let bytes = Position::startpos().to_packed(PackedFormat::Hcp)?;
    /// pos.set_packed(&bytes, PackedFormat::Hcp)?;
    /// assert_eq!(pos, Position::startpos());
    /// assert!(pos.set_packed(&[0; 32], PackedFormat::Hcp).is_err());
    /// assert_eq!(pos.sfen().to_string(), "9/9/9/9/9/9/9/9/9 b - 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_packed(&mut self, bytes: &[u8; 32], format: PackedFormat) -> Result<(), UnpackError> {
        decode_into(bytes, format.layout(), 1, self)
    }
}
