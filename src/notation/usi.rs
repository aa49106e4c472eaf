//! USI: moves (`7g7f`, `8h2b+`, `P*5e`, docs/RULES.md R90) and the `position` command.
//!
//! Everything here reads bytes, allocates nothing and never panics. Words are separated by exactly
//! one ASCII space, as the SFEN fields are: no space at the start or the end, no runs of spaces.

use core::fmt;

use crate::notation::sfen::{self, Ply, SfenError, SfenErrorKind, SfenField};
use crate::{Color, File, Move, Piece, PlayError, Position, Rank, Square, Undo};

/// Why a USI move is malformed (syntax only; see [`UsiMoveError`]).
///
/// ```
/// use hayanagi::{Move, MoveSyntaxError, UsiMoveError};
/// let err = Move::from_usi_bytes(b"7j7f").unwrap_err();
/// assert_eq!(err, UsiMoveError::Syntax { offset: 1, error: MoveSyntaxError::Rank });
/// assert_eq!(MoveSyntaxError::Rank.to_string(), "expected a rank letter a-i");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveSyntaxError {
    /// The move is empty.
    Empty,
    /// The move ends early (`7g7`, `P*`).
    Truncated,
    /// Not a file digit `1`-`9` where a square begins.
    File,
    /// Not a rank letter `a`-`i` where a square's rank is expected.
    Rank,
    /// A drop of a lowercase letter (`p*5e`): drops are written uppercase for both colours.
    LowercaseDrop,
    /// A drop of something that is not a hand piece letter (`K*5e`, `X*5e`).
    DropPiece,
    /// A drop letter not followed by `*`.
    Star,
    /// `+` after a drop.
    DropPromotion,
    /// A board move from a square to the same square.
    SameSquare,
    /// Text after the move (anything but one `+` after a board move).
    Trailing,
}

impl fmt::Display for MoveSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveSyntaxError::Empty => "the move is empty",
            MoveSyntaxError::Truncated => "the move ends early",
            MoveSyntaxError::File => "expected a file digit 1-9",
            MoveSyntaxError::Rank => "expected a rank letter a-i",
            MoveSyntaxError::LowercaseDrop => "drops are written uppercase (P*5e) for both colours",
            MoveSyntaxError::DropPiece => "expected a piece letter that can be dropped (P L N S G B R)",
            MoveSyntaxError::Star => "expected '*' after the dropped piece",
            MoveSyntaxError::DropPromotion => "a drop cannot promote",
            MoveSyntaxError::SameSquare => "a move must change square",
            MoveSyntaxError::Trailing => "text after the move",
        })
    }
}

/// Why a USI move was rejected: malformed, or well formed but not legal in the position.
///
/// ```
/// use hayanagi::{Move, MoveSyntaxError, Position, Square, UsiMoveError};
/// let pos = Position::startpos();
/// assert_eq!(pos.parse_usi_move("7g7e"), Err(UsiMoveError::Illegal(Move::normal(Square::SQ_7G, Square::SQ_7E, false).unwrap())));
/// assert_eq!(pos.parse_usi_move("7g"), Err(UsiMoveError::Syntax { offset: 2, error: MoveSyntaxError::Truncated }));
/// assert_eq!(pos.parse_usi_move("7g7e").unwrap_err().to_string(), "illegal move 7g7e");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UsiMoveError {
    /// The text is not a USI move.
    Syntax {
        /// Byte offset of the problem in the move (in a [`UsiError`], in the whole input).
        offset: usize,
        /// What is wrong.
        error: MoveSyntaxError,
    },
    /// A well-formed move that is not legal in the position.
    Illegal(Move),
}

impl fmt::Display for UsiMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UsiMoveError::Syntax { offset, error } => write!(f, "at byte {offset}: {error}"),
            UsiMoveError::Illegal(mv) => write!(f, "illegal move {mv}"),
        }
    }
}

impl core::error::Error for UsiMoveError {}

fn syntax<T>(offset: usize, error: MoveSyntaxError) -> Result<T, UsiMoveError> {
    Err(UsiMoveError::Syntax { offset, error })
}

/// The square written at `usi[at..at + 2]`.
fn square_at(usi: &[u8], at: usize) -> Result<Square, UsiMoveError> {
    let file = match usi.get(at) {
        None => return syntax(at, MoveSyntaxError::Truncated),
        Some(&byte) => File::from_usi(byte),
    };
    let Some(file) = file else { return syntax(at, MoveSyntaxError::File) };
    let rank = match usi.get(at + 1) {
        None => return syntax(at + 1, MoveSyntaxError::Truncated),
        Some(&byte) => Rank::from_usi(byte),
    };
    let Some(rank) = rank else { return syntax(at + 1, MoveSyntaxError::Rank) };
    Ok(Square::new(file, rank))
}

impl Move {
    /// Reads a USI move, syntax only (docs/RULES.md R90): `7g7f`, `8h2b+`, `P*5e` (also
    /// `"7g7f".parse()`). Drop letters are uppercase for both colours; `+` is allowed only after a
    /// board move. Whether the move is legal is [`Position::parse_usi_move`]'s question.
    ///
    /// # Errors
    /// [`UsiMoveError::Syntax`] with the byte offset and what is wrong (never `Illegal`).
    ///
    /// ```
    /// use hayanagi::{Move, Square};
    /// let mv = Move::from_usi("7g7f")?;
    /// assert_eq!(mv, Move::normal(Square::SQ_7G, Square::SQ_7F, false).unwrap());
    /// assert_eq!("7g7f".parse::<Move>()?, mv);
    /// assert_eq!(mv.to_string().parse::<Move>()?, mv);
    /// # Ok::<(), hayanagi::UsiMoveError>(())
    /// ```
    pub fn from_usi(usi: &str) -> Result<Move, UsiMoveError> {
        Move::from_usi_bytes(usi.as_bytes())
    }

    /// [`Move::from_usi`] on bytes.
    ///
    /// # Errors
    /// As [`Move::from_usi`].
    ///
    /// ```
    /// use hayanagi::{Move, MoveSyntaxError, PieceKind, Square, UsiMoveError};
    /// assert_eq!(Move::from_usi_bytes(b"8h2b+"), Ok(Move::normal(Square::SQ_8H, Square::SQ_2B, true).unwrap()));
    /// assert_eq!(Move::from_usi_bytes(b"P*5e"), Ok(Move::drop(PieceKind::Pawn, Square::SQ_5E).unwrap()));
    /// assert_eq!(
    ///     Move::from_usi_bytes(b"p*5e"),
    ///     Err(UsiMoveError::Syntax { offset: 0, error: MoveSyntaxError::LowercaseDrop })
    /// );
    /// assert_eq!(
    ///     Move::from_usi_bytes(b"P*5e+"),
    ///     Err(UsiMoveError::Syntax { offset: 4, error: MoveSyntaxError::DropPromotion })
    /// );
    /// ```
    pub fn from_usi_bytes(usi: &[u8]) -> Result<Move, UsiMoveError> {
        let Some(&first) = usi.first() else { return syntax(0, MoveSyntaxError::Empty) };
        if first.is_ascii_alphabetic() {
            let kind = match Piece::from_letter(first) {
                Some(piece) if piece.kind().is_hand_kind() => match piece.color() {
                    Color::Black => piece.kind(),
                    Color::White => return syntax(0, MoveSyntaxError::LowercaseDrop),
                },
                _ => return syntax(0, MoveSyntaxError::DropPiece),
            };
            match usi.get(1) {
                Some(b'*') => {}
                Some(_) => return syntax(1, MoveSyntaxError::Star),
                None => return syntax(1, MoveSyntaxError::Truncated),
            }
            let to = square_at(usi, 2)?;
            match usi.get(4) {
                None => {}
                Some(b'+') => return syntax(4, MoveSyntaxError::DropPromotion),
                Some(_) => return syntax(4, MoveSyntaxError::Trailing),
            }
            match Move::drop(kind, to) {
                Some(mv) => Ok(mv),
                None => syntax(0, MoveSyntaxError::DropPiece),
            }
        } else {
            let from = square_at(usi, 0)?;
            let to = square_at(usi, 2)?;
            let promote = match usi.get(4) {
                None => false,
                Some(b'+') => true,
                Some(_) => return syntax(4, MoveSyntaxError::Trailing),
            };
            if usi.len() > 5 {
                return syntax(5, MoveSyntaxError::Trailing);
            }
            if from == to {
                return syntax(2, MoveSyntaxError::SameSquare);
            }
            Ok(Move::board(from, to, promote))
        }
    }
}

/// Reads a USI move, syntax only, with [`Move::from_usi`].
impl core::str::FromStr for Move {
    type Err = UsiMoveError;

    fn from_str(s: &str) -> Result<Move, UsiMoveError> {
        Move::from_usi(s)
    }
}

/// What is wrong in a USI `position` command; see [`UsiError`] for where.
///
/// ```
/// use hayanagi::{Position, UsiErrorKind};
/// let err = Position::from_usi_position("startpos 7g7f").unwrap_err();
/// assert_eq!(err.kind(), UsiErrorKind::Trailing);
/// assert_eq!(err.kind().to_string(), "expected ' moves' or the end of the input");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UsiErrorKind {
    /// A byte outside printable ASCII (`0x20..=0x7e`).
    NonPrintable {
        /// The byte.
        byte: u8,
    },
    /// Neither `startpos` nor `sfen` where the position begins (after an optional `position `).
    Keyword,
    /// The SFEN after `sfen` is rejected; its offset is into the whole input.
    Sfen(SfenError),
    /// Text after the position that is not ` moves`.
    Trailing,
    /// A move of the list is malformed or not legal in the position it is played in; a syntax
    /// error's offset is into the whole input.
    Move {
        /// Index of the move in the list (0 for the first).
        index: usize,
        /// What is wrong with it.
        error: UsiMoveError,
    },
    /// The position before this move is at ply `u64::MAX`, where no move can be played (as
    /// [`PlayError::PlyLimit`](crate::PlayError::PlyLimit)).
    PlyLimit {
        /// Index of the move in the list (0 for the first).
        index: usize,
    },
}

impl fmt::Display for UsiErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UsiErrorKind::NonPrintable { byte } => write!(f, "byte 0x{byte:02x} is not printable ASCII"),
            UsiErrorKind::Keyword => f.write_str("expected 'startpos' or 'sfen'"),
            UsiErrorKind::Sfen(error) => write!(f, "{}", error.kind()),
            UsiErrorKind::Trailing => f.write_str("expected ' moves' or the end of the input"),
            UsiErrorKind::Move { index, error: UsiMoveError::Syntax { error, .. } } => {
                write!(f, "moves[{index}]: {error}")
            }
            UsiErrorKind::Move { index, error: UsiMoveError::Illegal(mv) } => {
                write!(f, "moves[{index}]: illegal move {mv}")
            }
            UsiErrorKind::PlyLimit { index } => {
                write!(f, "moves[{index}]: the ply is at 18446744073709551615: no move can be played")
            }
        }
    }
}

/// Why a USI `position` command was rejected: the byte offset into the whole input and what is wrong.
///
/// ```
/// use hayanagi::{Move, Position, Square, UsiErrorKind, UsiMoveError};
/// let err = Position::from_usi_position("position startpos moves 7g7f 7g7f").unwrap_err();
/// let mv = Move::normal(Square::SQ_7G, Square::SQ_7F, false).unwrap();
/// assert_eq!(err.offset(), 29);
/// assert_eq!(err.kind(), UsiErrorKind::Move { index: 1, error: UsiMoveError::Illegal(mv) });
/// assert_eq!(err.to_string(), "at byte 29: moves[1]: illegal move 7g7f");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UsiError {
    offset: usize,
    kind: UsiErrorKind,
}

impl UsiError {
    /// The byte offset into the input.
    ///
    /// ```
    /// use hayanagi::Position;
    /// // The bad rank letter `j` of the second move is byte 30 of the command.
    /// let err = Position::from_usi_position("position startpos moves 7g7f 3j3d").unwrap_err();
    /// assert_eq!(err.offset(), 30);
    /// ```
    #[inline]
    #[must_use]
    pub const fn offset(self) -> usize {
        self.offset
    }

    /// What is wrong.
    ///
    /// ```
    /// use hayanagi::{Position, UsiErrorKind};
    /// let err = Position::from_usi_position("position start").unwrap_err();
    /// assert_eq!((err.offset(), err.kind()), (9, UsiErrorKind::Keyword));
    /// ```
    #[inline]
    #[must_use]
    pub const fn kind(self) -> UsiErrorKind {
        self.kind
    }
}

impl fmt::Display for UsiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            UsiErrorKind::Sfen(error) => write!(f, "sfen {error}"),
            kind => write!(f, "at byte {}: {kind}", self.offset),
        }
    }
}

impl core::error::Error for UsiError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match &self.kind {
            UsiErrorKind::Sfen(error) => Some(error),
            UsiErrorKind::Move { error, .. } => Some(error),
            _ => None,
        }
    }
}

impl UsiError {
    /// The same error with every offset moved by `by` bytes (for a move list inside a command).
    const fn shifted(self, by: usize) -> UsiError {
        let kind = match self.kind {
            UsiErrorKind::Move { index, error: UsiMoveError::Syntax { offset, error } } => {
                UsiErrorKind::Move { index, error: UsiMoveError::Syntax { offset: offset.saturating_add(by), error } }
            }
            kind => kind,
        };
        UsiError { offset: self.offset.saturating_add(by), kind }
    }
}

fn usi_error<T>(offset: usize, kind: UsiErrorKind) -> Result<T, UsiError> {
    Err(UsiError { offset, kind })
}

/// The offset of the first space in `input` at or after `from`, or the input's length.
fn word_end(input: &[u8], from: usize) -> usize {
    input.get(from..).and_then(|rest| rest.iter().position(|&b| b == b' ')).map_or(input.len(), |i| from + i)
}

impl Position {
    /// Parses a USI move and accepts it only if it is legal here (docs/RULES.md R91).
    ///
    /// ```
    /// use hayanagi::{Position, UsiMoveError};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.parse_usi_move("7g7f").unwrap().to_string(), "7g7f");
    /// assert!(matches!(pos.parse_usi_move("7g7f+"), Err(UsiMoveError::Illegal(_))));
    /// assert!(matches!(pos.parse_usi_move("7g7"), Err(UsiMoveError::Syntax { offset: 3, .. })));
    /// ```
    ///
    /// # Errors
    /// [`UsiMoveError::Syntax`] (with the byte offset and the [`MoveSyntaxError`]) when `usi` is not a USI
    /// move, as [`Move::from_usi_bytes`] reads it; [`UsiMoveError::Illegal`] when it is one but not legal
    /// in this position (a promotion that is not allowed included).
    pub fn parse_usi_move(&self, usi: &str) -> Result<Move, UsiMoveError> {
        self.parse_usi_move_bytes(usi.as_bytes())
    }

    /// [`Position::parse_usi_move`] on bytes.
    ///
    /// ```
    /// use hayanagi::{Position, UsiMoveError};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.parse_usi_move_bytes(b"2g2f")?.to_string(), "2g2f");
    /// assert!(matches!(pos.parse_usi_move_bytes(b"2g2f\xff"), Err(UsiMoveError::Syntax { offset: 4, .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Position::parse_usi_move`]: [`UsiMoveError::Syntax`] for malformed bytes,
    /// [`UsiMoveError::Illegal`] for a well-formed move that is not legal here.
    pub fn parse_usi_move_bytes(&self, usi: &[u8]) -> Result<Move, UsiMoveError> {
        let mv = Move::from_usi_bytes(usi)?;
        if self.is_legal(mv) { Ok(mv) } else { Err(UsiMoveError::Illegal(mv)) }
    }

    /// Reads the position of a USI `position` command, without allocating:
    /// `[position ]startpos[ moves m1 m2 ...]` or `[position ]sfen <board> <side> <hands> <ply>[ moves ...]`.
    ///
    /// All 4 SFEN fields are required after `sfen`. Words are separated by exactly one ASCII space; no
    /// space may begin or end the input. `moves` may be followed by no move. Each move must be legal in
    /// the position it is played in; the result's ply is the start ply plus the number of moves. Any
    /// other text is an error. Every offset in the [`UsiError`] is into `input`.
    ///
    /// ```
    /// use hayanagi::{Color, Position, UsiErrorKind, SfenErrorKind, SfenField};
    /// let pos = Position::from_usi_position("position startpos moves 7g7f 3c3d").unwrap();
    /// assert_eq!(pos.ply(), 3);
    /// assert_eq!(pos.side_to_move(), Color::Black);
    ///
    /// let pos = Position::from_usi_position("sfen 4k4/9/9/9/9/9/9/9/4K4 b G 10 moves G*5b").unwrap();
    /// assert_eq!(pos.sfen().to_string(), "4k4/4G4/9/9/9/9/9/9/4K4 w - 11");
    ///
    /// let err = Position::from_usi_position("sfen 4k4/9/9/9/9/9/9/9/4K4 b -").unwrap_err();
    /// match err.kind() {
    ///     UsiErrorKind::Sfen(e) => assert_eq!((e.field(), e.kind()), (SfenField::Ply, SfenErrorKind::MissingField)),
    ///     other => panic!("{other:?}"),
    /// }
    /// ```
    ///
    /// # Errors
    /// A [`UsiError`] with the byte offset into `input` and the [`UsiErrorKind`]:
    /// [`NonPrintable`](UsiErrorKind::NonPrintable) for a byte outside `0x20..=0x7e`;
    /// [`Keyword`](UsiErrorKind::Keyword) when neither `startpos` nor `sfen` begins the position;
    /// [`Sfen`](UsiErrorKind::Sfen) with the [`SfenError`] of the SFEN after `sfen` (the ply is required
    /// there); [`Trailing`](UsiErrorKind::Trailing) for text after the position other than ` moves`;
    /// [`Move`](UsiErrorKind::Move) with the move's index and its [`UsiMoveError`] (malformed, or not legal
    /// where it is played); [`PlyLimit`](UsiErrorKind::PlyLimit) for a move after ply `u64::MAX`.
    pub fn from_usi_position(input: &str) -> Result<Position, UsiError> {
        Position::from_usi_position_bytes_with(input.as_bytes(), |_, _| {})
    }

    /// [`Position::from_usi_position`], calling `after_move(&position, undo)` after each move of the
    /// list is played, with the position after the move and the record [`Position::undo`] takes
    /// (which holds the move: [`Undo::mv`]), so that a caller can keep a history. On an error, the
    /// moves before the bad one have been reported.
    ///
    /// ```
    /// use hayanagi::Position;
    /// let mut keys = [0u64; 4];
    /// let mut n = 0;
    /// let pos = Position::from_usi_position_with("startpos moves 2g2f 8c8d 2f2e", |pos, _undo| {
    ///     keys[n] = pos.key();
    ///     n += 1;
    /// })
    /// .unwrap();
    /// assert_eq!(n, 3);
    /// assert_eq!(keys[2], pos.key());
    /// ```
    ///
    /// # Errors
    /// The [`UsiError`]s of [`Position::from_usi_position`]; `after_move` has been called for every move
    /// before the one in error.
    pub fn from_usi_position_with(input: &str, after_move: impl FnMut(&Position, Undo)) -> Result<Position, UsiError> {
        Position::from_usi_position_bytes_with(input.as_bytes(), after_move)
    }

    /// [`Position::from_usi_position`] on bytes.
    ///
    /// ```
    /// use hayanagi::{Position, UsiErrorKind};
    /// let pos = Position::from_usi_position_bytes(b"startpos moves 7g7f")?;
    /// assert_eq!(pos.ply(), 2);
    /// let err = Position::from_usi_position_bytes(b"startpos\tmoves").unwrap_err();
    /// assert_eq!((err.offset(), err.kind()), (8, UsiErrorKind::NonPrintable { byte: b'\t' }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// The [`UsiError`]s of [`Position::from_usi_position`]; a byte that is not printable ASCII (UTF-8
    /// included) is [`UsiErrorKind::NonPrintable`].
    pub fn from_usi_position_bytes(input: &[u8]) -> Result<Position, UsiError> {
        Position::from_usi_position_bytes_with(input, |_, _| {})
    }

    /// [`Position::from_usi_position_with`] on bytes.
    ///
    /// ```
    /// use hayanagi::Position;
    /// let mut played = Vec::new();
    /// let pos = Position::from_usi_position_bytes_with(b"startpos moves 7g7f 3c3d", |_, undo| {
    ///     played.push(undo.mv().to_string());
    /// })?;
    /// assert_eq!(played, ["7g7f", "3c3d"]);
    /// assert_eq!(pos.ply(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// The [`UsiError`]s of [`Position::from_usi_position_bytes`]; `after_move` has been called for every
    /// move before the one in error.
    pub fn from_usi_position_bytes_with(
        input: &[u8],
        after_move: impl FnMut(&Position, Undo),
    ) -> Result<Position, UsiError> {
        if let Some((offset, byte)) = sfen::first_non_printable(input) {
            return usi_error(offset, UsiErrorKind::NonPrintable { byte });
        }
        let start = if input.starts_with(b"position ") { 9 } else { 0 };
        let keyword_end = word_end(input, start);
        let (mut pos, at) = match input.get(start..keyword_end) {
            Some(b"startpos") => (Position::startpos(), keyword_end),
            Some(b"sfen") => {
                let sfen_start = keyword_end + 1;
                if sfen_start > input.len() {
                    let error = SfenError::new(SfenField::Board, input.len(), SfenErrorKind::MissingField);
                    return usi_error(input.len(), UsiErrorKind::Sfen(error));
                }
                // The SFEN is the next 4 words; if the fourth is `moves`, the ply is missing.
                let mut ends = [input.len(); 4];
                let mut from = sfen_start;
                for end in ends.iter_mut() {
                    *end = word_end(input, from);
                    from = *end + 1;
                }
                let [_, _, hands_end, ply_end] = ends;
                let sfen_end = match input.get(hands_end + 1..ply_end) {
                    Some(b"moves") => hands_end,
                    _ => ply_end,
                };
                let sfen = input.get(sfen_start..sfen_end).unwrap_or(&[]);
                match sfen::parse(sfen, Ply::Required) {
                    Ok(pos) => (pos, sfen_end),
                    Err(error) => {
                        let error = error.shifted(sfen_start);
                        return usi_error(error.offset(), UsiErrorKind::Sfen(error));
                    }
                }
            }
            _ => return usi_error(start, UsiErrorKind::Keyword),
        };
        if at == input.len() {
            return Ok(pos);
        }
        // `at` is a space now: the word after it must be `moves`.
        let moves_end = word_end(input, at + 1);
        if input.get(at + 1..moves_end) != Some(b"moves") {
            return usi_error(at + 1, UsiErrorKind::Trailing);
        }
        let list_start = moves_end + 1;
        match input.get(list_start..) {
            // `moves` ends the input: no move.
            None => Ok(pos),
            // `moves ` and nothing after it: an empty first move.
            Some([]) => {
                let error = UsiMoveError::Syntax { offset: list_start, error: MoveSyntaxError::Empty };
                usi_error(list_start, UsiErrorKind::Move { index: 0, error })
            }
            Some(list) => match pos.play_usi_moves_bytes_with(list, after_move) {
                Ok(()) => Ok(pos),
                Err(error) => Err(error.shifted(list_start)),
            },
        }
    }

    /// Plays a USI move list, as it follows the word `moves` in a `position` command: moves separated
    /// by exactly one ASCII space (`"7g7f 3c3d"`), each legal in the position it is played in; an
    /// empty list plays nothing. On an error nothing is played: the position is as it was. The
    /// one reader of move lists, behind [`Position::from_usi_position`] and the records crate.
    ///
    /// ```
    /// use hayanagi::{Position, UsiErrorKind};
    /// let mut pos = Position::startpos();
    /// pos.play_usi_moves("7g7f 3c3d")?;
    /// assert_eq!(pos, Position::from_usi_position("startpos moves 7g7f 3c3d")?);
    /// let err = pos.play_usi_moves("8h2b+ 8h2b+").unwrap_err();
    /// assert!(matches!(err.kind(), UsiErrorKind::Move { index: 1, .. }));
    /// assert_eq!(err.offset(), 6);
    /// assert_eq!(pos.ply(), 3); // unchanged
    /// # Ok::<(), hayanagi::UsiError>(())
    /// ```
    ///
    /// # Errors
    /// A [`UsiError`] with the byte offset into `moves`:
    /// [`NonPrintable`](UsiErrorKind::NonPrintable) for a byte outside `0x20..=0x7e`;
    /// [`Move`](UsiErrorKind::Move) with the move's index and its [`UsiMoveError`] (malformed, an empty
    /// word from a space too many included, or not legal where it is played);
    /// [`PlyLimit`](UsiErrorKind::PlyLimit) for a move after ply `u64::MAX`.
    pub fn play_usi_moves(&mut self, moves: &str) -> Result<(), UsiError> {
        self.play_usi_moves_bytes_with(moves.as_bytes(), |_, _| {})
    }

    /// [`Position::play_usi_moves`] on bytes, calling `after_move(&position, undo)` after each move
    /// is played (as [`Position::from_usi_position_with`] does). On an error the moves before the
    /// bad one have been reported, and the position is as it was before the list.
    ///
    /// ```
    /// use hayanagi::Position;
    /// let mut pos = Position::startpos();
    /// let mut played = Vec::new();
    /// pos.play_usi_moves_bytes_with(b"2g2f 8c8d", |_, undo| played.push(undo.mv().to_string()))?;
    /// assert_eq!(played, ["2g2f", "8c8d"]);
    /// assert!(pos.play_usi_moves_bytes_with(b"2f2e  2e2d", |_, _| {}).is_err()); // two spaces
    /// assert_eq!(pos.ply(), 3);
    /// # Ok::<(), hayanagi::UsiError>(())
    /// ```
    ///
    /// # Errors
    /// The [`UsiError`]s of [`Position::play_usi_moves`]; `after_move` has been called for every move
    /// before the one in error.
    pub fn play_usi_moves_bytes_with(
        &mut self,
        moves: &[u8],
        mut after_move: impl FnMut(&Position, Undo),
    ) -> Result<(), UsiError> {
        if let Some((offset, byte)) = sfen::first_non_printable(moves) {
            return usi_error(offset, UsiErrorKind::NonPrintable { byte });
        }
        if moves.is_empty() {
            return Ok(());
        }
        let start = self.clone();
        let fail = |pos: &mut Position, offset, kind| {
            *pos = start.clone();
            usi_error(offset, kind)
        };
        let mut move_start = 0;
        for (index, text) in moves.split(|&byte| byte == b' ').enumerate() {
            let mv = match Move::from_usi_bytes(text) {
                Ok(mv) => mv,
                Err(UsiMoveError::Syntax { offset, error }) => {
                    let offset = move_start + offset;
                    let error = UsiMoveError::Syntax { offset, error };
                    return fail(self, offset, UsiErrorKind::Move { index, error });
                }
                Err(error) => return fail(self, move_start, UsiErrorKind::Move { index, error }),
            };
            let undo = match self.play(mv) {
                Ok(undo) => undo,
                Err(PlayError::PlyLimit) => return fail(self, move_start, UsiErrorKind::PlyLimit { index }),
                Err(_) => {
                    let error = UsiMoveError::Illegal(mv);
                    return fail(self, move_start, UsiErrorKind::Move { index, error });
                }
            };
            after_move(self, undo);
            move_start += text.len() + 1;
        }
        Ok(())
    }
}
