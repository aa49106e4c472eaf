//! SFEN: reading (strict, docs/RULES.md R80–R88) and writing positions.
//!
//! The parser works on bytes, allocates nothing and never panics. It reads the input into plain data
//! (board array, hands, side, ply) with the byte offset of every piece, checks the rules on that data,
//! and only then builds the [`Position`]; every rejection is an [`SfenError`] naming the field, the
//! byte offset and the reason.

use core::fmt;
use core::str::FromStr;

use crate::position::setup::SET;
use crate::types::geometry;
use crate::{Color, File, Hand, Piece, PieceKind, Position, Rank, Relaxations, SetupError, SetupProblem, Square};

/// A position written as SFEN with 4 fields; see [`Position::sfen`].
///
/// ```
/// use hayanagi::Position;
/// let pos = Position::from_usi_position("startpos moves 7g7f")?;
/// let command = format!("position sfen {}", pos.sfen());
/// assert_eq!(command, "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
/// assert_eq!(Position::from_sfen(&pos.sfen().to_string())?, pos);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Sfen<'a>(&'a Position);

/// An upper bound on the length of the SFEN [`Position::sfen`] and [`Position::write_sfen`] write for
/// any position the parser accepts or that moves lead to from one.
///
/// Derivation (such a position holds at most the 40 pieces of one set, at most one king per colour):
/// - board: with `n` pieces on it, at most `n + min(n, 34)` bytes of pieces (only the 34 pieces other
///   than golds and kings can be promoted and take two bytes), at most `min(81 - n, n + 9)` digits
///   (one per run of empty squares, and a rank with `k` pieces has at most `k + 1` runs) and 8 `/`:
///   at most 115 + 8 = 123 bytes for any `n` from 0 to 40;
/// - hands, both colours together: pawns at most 5 bytes (`10P8p`), each of lance, knight, silver and
///   gold at most 4 (`2L2l`), bishop and rook at most 2 (`Bb`): 25 bytes;
/// - side 1 byte, 3 spaces, ply at most 20 digits (`u64::MAX` = 18446744073709551615).
///
/// 123 + 1 + 25 + 3 + 20 = 172.
///
/// ```
/// use hayanagi::{MAX_SFEN_LEN, Position};
/// let pos = Position::from_sfen("+l+n+sgkg+s+n+l/9/9/9/9/9/9/9/4K4 b RB2G2S2N2L18Prb 18446744073709551615")?;
/// let mut buf = [0u8; MAX_SFEN_LEN];
/// let len = pos.write_sfen(&mut buf).expect("MAX_SFEN_LEN is always enough");
/// assert!(len <= MAX_SFEN_LEN);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const MAX_SFEN_LEN: usize = 172;

/// The field of an SFEN an [`SfenError`] is about.
///
/// ```
/// use hayanagi::{Position, SfenField};
/// let err = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 x - 1").unwrap_err();
/// assert_eq!(err.field(), SfenField::Side);
/// assert_eq!(err.field().to_string(), "side");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SfenField {
    /// The input as a whole (a byte that is not printable ASCII, text after the last field).
    Input,
    /// The first field: the board, rank `a` first, `/` between ranks.
    Board,
    /// The second field: `b` or `w`.
    Side,
    /// The third field: pieces in hand, or `-`.
    Hands,
    /// The fourth field: the move number.
    Ply,
}

impl fmt::Display for SfenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SfenField::Input => "input",
            SfenField::Board => "board",
            SfenField::Side => "side",
            SfenField::Hands => "hands",
            SfenField::Ply => "ply",
        })
    }
}

/// What is wrong in an SFEN; see [`SfenError`] for where.
///
/// ```
/// use hayanagi::{Position, SetupProblem, SfenErrorKind};
/// let err = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 01").unwrap_err();
/// assert_eq!(err.kind(), SfenErrorKind::PlyLeadingZero);
/// assert_eq!(err.kind().to_string(), "the ply has a leading 0");
/// // A broken rule is the rule's own problem, with its message.
/// let err = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 0").unwrap_err();
/// assert_eq!(err.kind(), SfenErrorKind::Setup(SetupProblem::PlyZero));
/// assert_eq!(err.kind().to_string(), "ply 0 (the first move is ply 1)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SfenErrorKind {
    // ----- the input as a whole -----
    /// A byte outside printable ASCII (`0x20..=0x7e`).
    NonPrintable {
        /// The byte.
        byte: u8,
    },
    /// The input ends before this field (3 fields are required; 4 after `sfen` in a USI command).
    MissingField,
    /// The field is empty: two spaces in a row, or a space at the start or the end.
    EmptyField,
    /// Text after the fourth field.
    TrailingText,

    // ----- board -----
    /// Not 9 ranks: a tenth `/`, or the board ends before the ninth rank.
    RankCount,
    /// A rank does not cover exactly 9 squares (the offset is at the first square too many, or at the
    /// `/` or end of field that comes too early).
    FileCount {
        /// The rank.
        rank: Rank,
    },
    /// The digit `0`.
    ZeroDigit,
    /// A byte that is not a piece letter where a piece is expected (board or hands).
    UnknownPiece {
        /// The byte.
        byte: u8,
    },
    /// `+` before a king or gold, or not followed by a piece letter.
    BadPromotion,

    // ----- side -----
    /// The side to move is not `b` or `w`.
    BadSide,

    // ----- hands -----
    /// A count of zero (`0P`).
    HandZeroCount,
    /// A count written with a leading zero (`02P`).
    HandLeadingZero,
    /// A count not followed by a piece letter (`P2` at the end of the field).
    HandCountWithoutPiece,
    /// A promoted piece in hand (`+P`).
    HandPromoted,
    /// A king in hand.
    HandKing,
    /// The same piece (kind and colour) given twice (`PP`, `2PP`).
    HandRepeated {
        /// The piece.
        piece: Piece,
    },
    /// `-` (empty hands) together with pieces, or twice.
    HandDash,

    // ----- rules -----
    /// A rule of positions is broken ([`Setup::validate`](crate::Setup::validate)'s problem: too many pieces of a kind, a
    /// second king, a dead piece, nifu, the side not to move in check, ply 0); the offset is at the
    /// piece or hand entry it is about.
    Setup(SetupProblem),

    // ----- ply -----
    /// The ply has a leading zero (`01`).
    PlyLeadingZero,
    /// A byte of the ply that is not a decimal digit (`+`, `-` and spaces included).
    PlyNotDigit,
    /// The ply is larger than `u64::MAX`.
    PlyOverflow,
}

impl fmt::Display for SfenErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SfenErrorKind::*;
        match *self {
            NonPrintable { byte } => write!(f, "byte 0x{byte:02x} is not printable ASCII"),
            MissingField => f.write_str("the field is missing"),
            EmptyField => f.write_str("the field is empty (fields are separated by exactly one space)"),
            TrailingText => f.write_str("text after the last field"),
            RankCount => f.write_str("the board must have exactly 9 ranks"),
            FileCount { rank } => write!(f, "rank {rank} must cover exactly 9 squares"),
            ZeroDigit => f.write_str("the digit 0"),
            UnknownPiece { byte } => write!(f, "'{}' is not a piece letter", byte.escape_ascii()),
            BadPromotion => f.write_str("'+' must be followed by a piece that can promote"),
            BadSide => f.write_str("the side to move must be 'b' or 'w'"),
            HandZeroCount => f.write_str("a count of 0"),
            HandLeadingZero => f.write_str("a count with a leading 0"),
            HandCountWithoutPiece => f.write_str("a count without a piece"),
            HandPromoted => f.write_str("a promoted piece in hand"),
            HandKing => f.write_str("a king in hand"),
            HandRepeated { piece } => write!(f, "piece '{piece}' given twice"),
            HandDash => f.write_str("'-' must be the whole field"),
            Setup(problem) => write!(f, "{problem}"),
            PlyLeadingZero => f.write_str("the ply has a leading 0"),
            PlyNotDigit => f.write_str("the ply must be decimal digits only"),
            PlyOverflow => f.write_str("the ply is larger than 18446744073709551615"),
        }
    }
}

/// Why an SFEN was rejected: the field, the byte offset into the input and what is wrong.
///
/// Errors about a piece on the board (too many of a kind, a second king, a dead piece, nifu, the king
/// in check) point at that piece (at its `+` if it is promoted); errors about a hand entry point at
/// the entry (its count, if it has one).
///
/// ```
/// use hayanagi::{Position, SfenErrorKind, SfenField, Piece, Color, PieceKind};
/// let err = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 2PGP 1").unwrap_err();
/// assert_eq!(err.field(), SfenField::Hands);
/// assert_eq!(err.offset(), 27);
/// assert_eq!(err.kind(), SfenErrorKind::HandRepeated { piece: Piece::new(Color::Black, PieceKind::Pawn) });
/// assert_eq!(err.to_string(), "hands at byte 27: piece 'P' given twice");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SfenError {
    field: SfenField,
    offset: usize,
    kind: SfenErrorKind,
}

impl SfenError {
    pub(crate) const fn new(field: SfenField, offset: usize, kind: SfenErrorKind) -> SfenError {
        SfenError { field, offset, kind }
    }

    /// The field the error is about.
    ///
    /// ```
    /// use hayanagi::{Position, SfenField};
    /// let err = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b +P 1").unwrap_err();
    /// assert_eq!(err.field(), SfenField::Hands);
    /// ```
    #[inline]
    #[must_use]
    pub const fn field(self) -> SfenField {
        self.field
    }

    /// The byte offset into the input (for an SFEN inside a USI `position` command, into the whole
    /// command). At the end of the input for a missing field.
    ///
    /// ```
    /// use hayanagi::Position;
    /// // The digit `5` at byte 2 takes rank a past its 9 squares.
    /// let err = Position::from_sfen("4k5/9/9/9/9/9/9/9/4K4 b - 1").unwrap_err();
    /// assert_eq!(err.offset(), 2);
    /// ```
    #[inline]
    #[must_use]
    pub const fn offset(self) -> usize {
        self.offset
    }

    /// What is wrong.
    ///
    /// ```
    /// use hayanagi::{Color, Position, SetupProblem, SfenErrorKind, Square};
    /// let err = Position::from_sfen("4k4/9/9/9/9/9/9/9/3KK4 b - 1").unwrap_err();
    /// let problem = SetupProblem::TwoKings { color: Color::Black, square: Square::SQ_5I };
    /// assert_eq!(err.kind(), SfenErrorKind::Setup(problem));
    /// ```
    #[inline]
    #[must_use]
    pub const fn kind(self) -> SfenErrorKind {
        self.kind
    }

    /// The same error with the offset moved by `by` bytes (for an SFEN embedded in a longer input).
    pub(crate) const fn shifted(self, by: usize) -> SfenError {
        SfenError { offset: self.offset.saturating_add(by), ..self }
    }
}

impl fmt::Display for SfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}: {}", self.field, self.offset, self.kind)
    }
}

impl core::error::Error for SfenError {}

/// The first byte of `input` outside printable ASCII (`0x20..=0x7e`), with its offset.
pub(crate) fn first_non_printable(input: &[u8]) -> Option<(usize, u8)> {
    input.iter().copied().enumerate().find(|&(_, byte)| !(0x20..=0x7e).contains(&byte))
}

/// The board read from the first field: pieces and the offset of each piece's first byte.
struct Board {
    pieces: [Option<Piece>; Square::NUM],
    offsets: [u16; Square::NUM],
}

fn parse_board(field: &[u8]) -> Result<Board, SfenError> {
    let err = |offset, kind| Err(SfenError::new(SfenField::Board, offset, kind));
    let mut board = Board { pieces: [None; Square::NUM], offsets: [0; Square::NUM] };
    let mut row = 0usize;
    let mut col = 0usize;
    let mut i = 0;
    while let Some(&byte) = field.get(i) {
        let rank = Rank::try_index(row).unwrap_or(Rank::I);
        match byte {
            b'/' => {
                if col != 9 {
                    return err(i, SfenErrorKind::FileCount { rank });
                }
                row += 1;
                col = 0;
                if row == 9 {
                    return err(i, SfenErrorKind::RankCount);
                }
            }
            b'0' => return err(i, SfenErrorKind::ZeroDigit),
            b'1'..=b'9' => {
                col += (byte - b'0') as usize;
                if col > 9 {
                    return err(i, SfenErrorKind::FileCount { rank });
                }
            }
            _ => {
                let start = i;
                let promoted = byte == b'+';
                let letter = if promoted {
                    i += 1;
                    match field.get(i) {
                        Some(&next) if next.is_ascii_alphabetic() => next,
                        _ => return err(start, SfenErrorKind::BadPromotion),
                    }
                } else {
                    byte
                };
                let Some(piece) = Piece::from_letter(letter) else {
                    return err(i, SfenErrorKind::UnknownPiece { byte: letter });
                };
                let piece = match (promoted, piece.kind().promote()) {
                    (false, _) => piece,
                    (true, Some(kind)) => Piece::new(piece.color(), kind),
                    (true, None) => return err(start, SfenErrorKind::BadPromotion),
                };
                if col >= 9 {
                    return err(start, SfenErrorKind::FileCount { rank });
                }
                let square = geometry::square_index(row as u8, col as u8) as usize;
                if let (Some(slot), Some(offset)) = (board.pieces.get_mut(square), board.offsets.get_mut(square)) {
                    *slot = Some(piece);
                    // A board that fits 9 ranks of 9 squares is at most 170 bytes long.
                    *offset = start as u16;
                }
                col += 1;
            }
        }
        i += 1;
    }
    if col != 9 {
        return err(field.len(), SfenErrorKind::FileCount { rank: Rank::try_index(row).unwrap_or(Rank::I) });
    }
    if row != 8 {
        return err(field.len(), SfenErrorKind::RankCount);
    }
    Ok(board)
}

/// One entry of the hands field: a count (1 when not written) of a piece, at an offset.
#[derive(Clone, Copy)]
struct HandEntry {
    offset: usize,
    piece: Piece,
    count: u32,
}

/// The hands field as entries in input order; at most 14 (each piece at most once).
struct Hands {
    entries: [Option<HandEntry>; 14],
}

impl Hands {
    fn iter(&self) -> impl Iterator<Item = HandEntry> + '_ {
        self.entries.iter().flatten().copied()
    }
}

/// Reads the hands field; `base` is its offset in the input.
fn parse_hands(field: &[u8], base: usize) -> Result<Hands, SfenError> {
    let err = |offset: usize, kind| Err(SfenError::new(SfenField::Hands, base + offset, kind));
    let mut hands = Hands { entries: [None; 14] };
    if field == b"-" {
        return Ok(hands);
    }
    let mut len = 0;
    let mut i = 0;
    while i < field.len() {
        let start = i;
        let mut count: Option<u32> = None;
        while let Some(&digit @ b'0'..=b'9') = field.get(i) {
            count = Some(count.unwrap_or(0).saturating_mul(10).saturating_add((digit - b'0') as u32));
            i += 1;
        }
        if count == Some(0) {
            return err(start, SfenErrorKind::HandZeroCount);
        }
        if count.is_some() && field.get(start) == Some(&b'0') {
            return err(start, SfenErrorKind::HandLeadingZero);
        }
        let Some(&letter) = field.get(i) else {
            return err(start, SfenErrorKind::HandCountWithoutPiece);
        };
        let piece = match letter {
            b'+' => return err(i, SfenErrorKind::HandPromoted),
            b'-' => return err(i, SfenErrorKind::HandDash),
            _ => match Piece::from_letter(letter) {
                None => return err(i, SfenErrorKind::UnknownPiece { byte: letter }),
                Some(piece) if piece.kind() == PieceKind::King => return err(i, SfenErrorKind::HandKing),
                Some(piece) => piece,
            },
        };
        if hands.iter().any(|entry| entry.piece == piece) {
            return err(start, SfenErrorKind::HandRepeated { piece });
        }
        // At most 14 distinct pieces pass the check above, so there is always a free slot.
        if let Some(slot) = hands.entries.get_mut(len) {
            *slot = Some(HandEntry { offset: base + start, piece, count: count.unwrap_or(1) });
            len += 1;
        }
        i += 1;
    }
    Ok(hands)
}

/// Reads the ply field; `base` is its offset in the input.
fn parse_ply(field: &[u8], base: usize) -> Result<u64, SfenError> {
    let err = |offset: usize, kind| Err(SfenError::new(SfenField::Ply, base + offset, kind));
    if let Some(bad) = field.iter().position(|b| !b.is_ascii_digit()) {
        return err(bad, SfenErrorKind::PlyNotDigit);
    }
    let mut ply: u64 = 0;
    for &digit in field {
        match ply.checked_mul(10).and_then(|p| p.checked_add((digit - b'0') as u64)) {
            Some(p) => ply = p,
            None => return err(0, SfenErrorKind::PlyOverflow),
        }
    }
    match (ply, field.first()) {
        (0, _) => err(0, SfenErrorKind::Setup(SetupProblem::PlyZero)),
        (_, Some(b'0')) => err(0, SfenErrorKind::PlyLeadingZero),
        _ => Ok(ply),
    }
}

/// Whether a plain SFEN may omit the ply (3 or 4 fields) or must give it (USI `sfen`: 4 fields).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ply {
    Optional,
    Required,
}

/// The strict parser behind every entry point.
pub(crate) fn parse(input: &[u8], ply_field: Ply) -> Result<Position, SfenError> {
    use SfenErrorKind::*;
    if let Some((offset, byte)) = first_non_printable(input) {
        return Err(SfenError::new(SfenField::Input, offset, NonPrintable { byte }));
    }
    // Split at single spaces: up to 4 fields as (start, end), and where text after them begins.
    let mut fields = [(0usize, 0usize); 4];
    let mut count = 0;
    let mut start = 0;
    let mut trailing = None;
    for (i, &byte) in input.iter().enumerate() {
        if byte != b' ' {
            continue;
        }
        if let Some(slot) = fields.get_mut(count) {
            *slot = (start, i);
        }
        count += 1;
        start = i + 1;
        if count == fields.len() {
            trailing = Some(i);
            break;
        }
    }
    if let Some(slot) = fields.get_mut(count) {
        *slot = (start, input.len());
        count += 1;
    }
    // Field `index` as (text, offset): `None` when the input ends before it; an error when empty.
    let field = |index: usize, name: SfenField| -> Result<Option<(&[u8], usize)>, SfenError> {
        match fields.get(index) {
            Some(&(start, end)) if index < count => match input.get(start..end) {
                Some(text) if !text.is_empty() => Ok(Some((text, start))),
                _ => Err(SfenError::new(name, start, EmptyField)),
            },
            _ => Ok(None),
        }
    };
    let missing = |name| Err(SfenError::new(name, input.len(), MissingField));

    let Some((board_field, _)) = field(0, SfenField::Board)? else { return missing(SfenField::Board) };
    let board = parse_board(board_field)?;
    let side = match field(1, SfenField::Side)? {
        None => return missing(SfenField::Side),
        Some((b"b", _)) => Color::Black,
        Some((b"w", _)) => Color::White,
        Some((_, start)) => return Err(SfenError::new(SfenField::Side, start, BadSide)),
    };
    let hands = match field(2, SfenField::Hands)? {
        None => return missing(SfenField::Hands),
        Some((text, start)) => parse_hands(text, start)?,
    };
    let ply = match field(3, SfenField::Ply)? {
        None if ply_field == Ply::Optional => 1,
        None => return missing(SfenField::Ply),
        Some((text, start)) => parse_ply(text, start)?,
    };
    if let Some(offset) = trailing {
        return Err(SfenError::new(SfenField::Input, offset, TrailingText));
    }

    // The rules, written once in `Setup::validate`; the first problem becomes the error, at the
    // byte of the piece (or hand entry) it is about.
    let mut hand = [Hand::EMPTY; 2];
    for entry in hands.iter() {
        let slot = &mut hand[entry.piece.color().index()];
        // A count above 255 is far above any set's and is refused as such.
        *slot = slot.with(entry.piece.kind(), u8::try_from(entry.count).unwrap_or(u8::MAX));
    }
    let setup = crate::Setup { board: board.pieces, hands: hand, side_to_move: side, ply };
    setup.validate(Relaxations::SFEN).map_err(|error| rule_error(&error, &board, &hands))
}

/// The SFEN error for the first problem `Setup::validate` found, in the order the text reads: board
/// problems in reading order, then the hand entry that takes a kind over the set, then the king
/// left in check. The kind is the problem itself; the offset is at its piece or hand entry.
fn rule_error(error: &SetupError, board: &Board, hands: &Hands) -> SfenError {
    let on_board = |square: Square, problem| {
        let offset = board.offsets.get(square.index()).copied().unwrap_or(0) as usize;
        SfenError::new(SfenField::Board, offset, SfenErrorKind::Setup(problem))
    };
    // The hand entry (in input order) where the count of `kind` first exceeds the set.
    let hand_entry = |kind: PieceKind| {
        let limit = SET.get(kind.index()).copied().unwrap_or(0) as u32;
        let mut count = board.pieces.iter().flatten().filter(|piece| piece.kind().unpromote() == kind).count() as u32;
        hands.iter().filter(|entry| entry.piece.kind() == kind).find_map(|entry| {
            count = count.saturating_add(entry.count);
            (count > limit).then_some(entry.offset)
        })
    };
    let mut in_hands: Option<SfenError> = None;
    for &problem in error.problems() {
        let found = match problem {
            SetupProblem::TooManyPieces { kind, square: None } => {
                let offset = hand_entry(kind).unwrap_or(0);
                if in_hands.is_none_or(|first| offset < first.offset()) {
                    in_hands = Some(SfenError::new(SfenField::Hands, offset, SfenErrorKind::Setup(problem)));
                }
                continue;
            }
            SetupProblem::OpponentInCheck { king } => in_hands.unwrap_or(on_board(king, problem)),
            SetupProblem::TwoKings { square, .. }
            | SetupProblem::TooManyPieces { square: Some(square), .. }
            | SetupProblem::DeadPiece { square, .. }
            | SetupProblem::Nifu { square, .. } => on_board(square, problem),
            SetupProblem::PlyZero | SetupProblem::MissingKing { .. } | SetupProblem::MissingPieces { .. } => {
                // The ply field never reads 0, and `Relaxations::SFEN` lets the others pass.
                debug_assert!(false, "SFEN validation reported {problem:?}");
                continue;
            }
        };
        return found;
    }
    in_hands.unwrap_or(SfenError::new(SfenField::Input, 0, SfenErrorKind::TrailingText))
}

/// Collects `fmt::Write` output into a byte buffer, counting what does not fit.
struct SliceWriter<'a> {
    buf: &'a mut [u8],
    len: usize,
}

impl fmt::Write for SliceWriter<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len.saturating_add(s.len());
        if let Some(dst) = self.buf.get_mut(self.len..end) {
            for (d, &b) in dst.iter_mut().zip(s.as_bytes()) {
                *d = b;
            }
        }
        self.len = end;
        Ok(())
    }
}

impl Position {
    /// Parses an SFEN strictly (docs/RULES.md R80–R88): `<board> <side> <hands> [<ply>]`, fields
    /// separated by exactly one ASCII space, no space before the first or after the last field; a
    /// missing ply means 1.
    ///
    /// Accepted also, since they are unambiguous: adjacent digits in a rank (`45` for 9 empty squares),
    /// hand pieces in any order, and an explicit count of 1 (`1P`). Rejected, with an [`SfenError`]
    /// naming the field and byte: everything docs/RULES.md R80–R85 lists (non-printable bytes, a
    /// malformed board, side or hands, too many pieces of a kind, two kings of a colour, a piece that
    /// could never move, nifu, the side not to move in check, a ply of 0, with a sign or a non-digit,
    /// or above `u64::MAX`), and counts or plies with a leading zero. Never panics, never allocates.
    ///
    /// ```
    /// use hayanagi::{Color, Position, SetupProblem, SfenErrorKind, SfenField, Square};
    /// let pos = Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -").unwrap();
    /// assert_eq!(pos, Position::startpos());
    ///
    /// let pos = Position::from_sfen("8k/9/9/9/9/9/9/9/K8 w 2P10p 42").unwrap();
    /// assert_eq!((pos.side_to_move(), pos.ply()), (Color::White, 42));
    ///
    /// // Two black pawns on file 5.
    /// let err = Position::from_sfen("4k4/9/9/4P4/9/4P4/9/9/4K4 b - 1").unwrap_err();
    /// let nifu = SetupProblem::Nifu { color: Color::Black, square: Square::SQ_5F };
    /// assert_eq!((err.field(), err.offset(), err.kind()), (SfenField::Board, 15, SfenErrorKind::Setup(nifu)));
    /// ```
    ///
    /// # Errors
    /// An [`SfenError`] with the [`SfenField`], the byte offset and the [`SfenErrorKind`]:
    /// - the input: [`NonPrintable`](SfenErrorKind::NonPrintable) for a byte outside `0x20..=0x7e`,
    ///   [`MissingField`](SfenErrorKind::MissingField) when it ends before the hands,
    ///   [`EmptyField`](SfenErrorKind::EmptyField) for two spaces in a row or a space at either end,
    ///   [`TrailingText`](SfenErrorKind::TrailingText) after the ply;
    /// - the board: [`RankCount`](SfenErrorKind::RankCount) (not 9 ranks),
    ///   [`FileCount`](SfenErrorKind::FileCount) (a rank not 9 squares wide),
    ///   [`ZeroDigit`](SfenErrorKind::ZeroDigit), [`UnknownPiece`](SfenErrorKind::UnknownPiece) (also in
    ///   the hands), [`BadPromotion`](SfenErrorKind::BadPromotion) (`+` before a king, a gold or nothing);
    /// - the side: [`BadSide`](SfenErrorKind::BadSide) (not `b` or `w`);
    /// - the hands: [`HandZeroCount`](SfenErrorKind::HandZeroCount),
    ///   [`HandLeadingZero`](SfenErrorKind::HandLeadingZero),
    ///   [`HandCountWithoutPiece`](SfenErrorKind::HandCountWithoutPiece),
    ///   [`HandPromoted`](SfenErrorKind::HandPromoted), [`HandKing`](SfenErrorKind::HandKing),
    ///   [`HandRepeated`](SfenErrorKind::HandRepeated), [`HandDash`](SfenErrorKind::HandDash) (`-` with
    ///   pieces);
    /// - the rules: [`Setup`](SfenErrorKind::Setup) with the [`SetupProblem`] (more of a kind than the
    ///   set has, a second king, a piece that could never move, nifu, the side not to move in check,
    ///   ply 0), at the piece or hand entry it is about;
    /// - the ply: [`PlyLeadingZero`](SfenErrorKind::PlyLeadingZero),
    ///   [`PlyNotDigit`](SfenErrorKind::PlyNotDigit) (a sign or any non-digit),
    ///   [`PlyOverflow`](SfenErrorKind::PlyOverflow) (above `u64::MAX`).
    pub fn from_sfen(sfen: &str) -> Result<Position, SfenError> {
        parse(sfen.as_bytes(), Ply::Optional)
    }

    /// [`Position::from_sfen`] on bytes (no UTF-8 check needed: any byte that is not printable ASCII
    /// is an error).
    ///
    /// ```
    /// use hayanagi::{Position, SfenErrorKind};
    /// assert!(Position::from_sfen_bytes(b"4k4/9/9/9/9/9/9/9/4K4 b - 1").is_ok());
    /// let err = Position::from_sfen_bytes(b"4k4/9/9/9/9/9/9/9/4K4 b - 1\n").unwrap_err();
    /// assert_eq!(err.kind(), SfenErrorKind::NonPrintable { byte: b'\n' });
    /// ```
    ///
    /// # Errors
    /// The [`SfenError`]s of [`Position::from_sfen`]; a byte that is not printable ASCII (UTF-8 included)
    /// is [`SfenErrorKind::NonPrintable`].
    pub fn from_sfen_bytes(sfen: &[u8]) -> Result<Position, SfenError> {
        parse(sfen, Ply::Optional)
    }

    /// The position as SFEN (board, side, hands, ply), for `Display`:
    ///
    /// ```
    /// use hayanagi::Position;
    /// assert_eq!(
    ///     Position::startpos().sfen().to_string(),
    ///     "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
    /// );
    /// ```
    #[must_use]
    pub fn sfen(&self) -> Sfen<'_> {
        Sfen(self)
    }

    /// Writes the SFEN of [`Position::sfen`] (4 fields, no terminating NUL) into `buf` and returns its
    /// length; if `buf` is too short, returns `Err` with the length needed (what `buf` holds then is
    /// unspecified). A buffer of [`MAX_SFEN_LEN`] bytes is always long enough.
    ///
    /// ```
    /// use hayanagi::{MAX_SFEN_LEN, Position};
    /// let mut buf = [0u8; MAX_SFEN_LEN];
    /// let len = Position::startpos().write_sfen(&mut buf).unwrap();
    /// assert_eq!(&buf[..len], b"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    /// assert_eq!(Position::startpos().write_sfen(&mut buf[..10]), Err(len));
    /// ```
    ///
    /// # Errors
    /// `Err(needed)` when `buf` is shorter than the SFEN: `needed` is its length in bytes (never more than
    /// [`MAX_SFEN_LEN`]).
    pub fn write_sfen(&self, buf: &mut [u8]) -> Result<usize, usize> {
        let capacity = buf.len();
        let mut writer = SliceWriter { buf, len: 0 };
        // `SliceWriter` never fails.
        let _ = fmt::write(&mut writer, format_args!("{}", self.sfen()));
        if writer.len <= capacity { Ok(writer.len) } else { Err(writer.len) }
    }
}

/// Parses with [`Position::from_sfen`].
impl FromStr for Position {
    type Err = SfenError;

    fn from_str(s: &str) -> Result<Position, SfenError> {
        Position::from_sfen(s)
    }
}

impl fmt::Display for Sfen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pos = self.0;
        for rank in Rank::ALL {
            if rank != Rank::A {
                f.write_str("/")?;
            }
            let mut empty = 0;
            for file in File::ALL.into_iter().rev() {
                let piece = pos.piece_at(Square::new(file, rank));
                match piece {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{piece}")?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
        }
        write!(f, " {} ", pos.side_to_move().to_sfen())?;
        let (black, white) = (pos.hand(Color::Black), pos.hand(Color::White));
        if black.is_empty() && white.is_empty() {
            f.write_str("-")?;
        } else {
            for (color, hand) in [(Color::Black, black), (Color::White, white)] {
                for kind in crate::types::hand::SFEN_ORDER {
                    let letter = Piece::new(color, kind).letter();
                    match hand.count(kind) {
                        0 => {}
                        1 => write!(f, "{letter}")?,
                        n => write!(f, "{n}{letter}")?,
                    }
                }
            }
        }
        write!(f, " {}", pos.ply())
    }
}

impl fmt::Debug for Sfen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sfen(\"{self}\")")
    }
}

/// Reads one colour's hand as [`Display`](fmt::Display) writes it: the SFEN hands text in Black's
/// (uppercase) letters, `-` for an empty hand, pieces in any order, each at most once, a count
/// written only when it is 2 or more. The errors are the SFEN hands field's ([`SfenField::Hands`],
/// with the byte offset into the text); a lowercase letter is
/// [`SfenErrorKind::UnknownPiece`] (not a letter of Black's hand), and a count above the set's
/// (18 P, 4 L N S G, 2 B R) is [`SetupProblem::TooManyPieces`] in [`SfenErrorKind::Setup`].
///
/// ```
/// use hayanagi::{Hand, PieceKind, SetupProblem, SfenErrorKind};
/// let hand: Hand = "R2P".parse()?;
/// assert_eq!((hand.count(PieceKind::Rook), hand.count(PieceKind::Pawn)), (1, 2));
/// assert_eq!("-".parse::<Hand>()?, Hand::EMPTY);
/// assert_eq!(hand.to_string().parse::<Hand>()?, hand);
/// assert_eq!("2p".parse::<Hand>().unwrap_err().kind(), SfenErrorKind::UnknownPiece { byte: b'p' });
/// let too_many = SetupProblem::TooManyPieces { kind: PieceKind::Pawn, square: None };
/// assert_eq!("19P".parse::<Hand>().unwrap_err().kind(), SfenErrorKind::Setup(too_many));
/// # Ok::<(), hayanagi::SfenError>(())
/// ```
impl FromStr for Hand {
    type Err = SfenError;

    fn from_str(s: &str) -> Result<Hand, SfenError> {
        let text = s.as_bytes();
        if let Some((offset, byte)) = first_non_printable(text) {
            return Err(SfenError::new(SfenField::Hands, offset, SfenErrorKind::NonPrintable { byte }));
        }
        if text.is_empty() {
            return Err(SfenError::new(SfenField::Hands, 0, SfenErrorKind::EmptyField));
        }
        let mut hand = Hand::EMPTY;
        for entry in parse_hands(text, 0)?.iter() {
            let kind = entry.piece.kind();
            if entry.piece.color() != Color::Black {
                let byte = text.get(entry.offset..).and_then(|rest| rest.iter().find(|b| b.is_ascii_alphabetic()));
                let byte = byte.copied().unwrap_or(b'?');
                return Err(SfenError::new(SfenField::Hands, entry.offset, SfenErrorKind::UnknownPiece { byte }));
            }
            let most = SET.get(kind.index()).copied().unwrap_or(0);
            match u8::try_from(entry.count) {
                Ok(count) if count <= most => hand = hand.with(kind, count),
                _ => {
                    let problem = SetupProblem::TooManyPieces { kind, square: None };
                    return Err(SfenError::new(SfenField::Hands, entry.offset, SfenErrorKind::Setup(problem)));
                }
            }
        }
        Ok(hand)
    }
}
