//! Setting up a position by hand: a plain, editable [`Setup`] (board, hands, side, ply) that
//! validates into a [`Position`], with an error that lists every reason it is not one, and named
//! [`Relaxations`] for what a game position must have but a problem or a handicap may lack.
//!
//! The SFEN reader builds a [`Setup`] and validates it here with [`Relaxations::SFEN`], so the rules
//! of docs/RULES.md R64–R70 are written once.

use core::fmt;
use core::ops::{BitOr, BitOrAssign};

use crate::{Bitboard, Color, Hand, Piece, PieceKind, Position, Square};

/// The most pieces of each hand kind one set has, indexed by kind (P L N S G B R).
pub(crate) const SET: [u8; 7] = [18, 4, 4, 4, 4, 2, 2];

/// A position as plain data, free to edit: what stands on each square, what each side holds, whose
/// move it is and the move number. Nothing is checked until [`validate`](Setup::validate) turns it
/// into a [`Position`].
///
/// ```
/// use hayanagi::{Color, Piece, PieceKind, Relaxations, Setup, Square};
///
/// // A tsume problem: White's king on 1a, Black's gold on 1c, a gold in Black's hand, no Black king,
/// // and White holding the rest of the pieces, as tsume problems are set.
/// let mut setup = Setup::EMPTY;
/// setup.set(Square::from_usi_bytes(b"1a")?, Some(Piece::new(Color::White, PieceKind::King)));
/// setup.set(Square::from_usi_bytes(b"1c")?, Some(Piece::new(Color::Black, PieceKind::Gold)));
/// setup.hands[Color::Black.index()] = setup.hand(Color::Black).with(PieceKind::Gold, 1);
/// setup.give_rest_to(Color::White);
/// let pos = setup.validate(Relaxations::MISSING_KINGS)?;
/// assert_eq!(pos.sfen().to_string(), "8k/9/8G/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1");
///
/// // A game position must have both kings: without the relaxation it is refused, with the reason.
/// let err = setup.validate(Relaxations::NONE).unwrap_err();
/// assert_eq!(err.to_string(), "Black has no king");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// What stands on each square, indexed by [`Square::index`].
    pub board: [Option<Piece>; Square::NUM],
    /// The pieces in hand, indexed by [`Color::index`].
    pub hands: [Hand; Color::NUM],
    /// Whose move it is.
    pub side_to_move: Color,
    /// The move number (1 for the first move of a game; 0 is refused).
    pub ply: u64,
}

impl Default for Setup {
    /// [`Setup::EMPTY`].
    fn default() -> Setup {
        Setup::EMPTY
    }
}

impl Setup {
    /// An empty board, empty hands, Black to move, ply 1.
    ///
    /// ```
    /// use hayanagi::{Relaxations, Setup};
    /// assert!(Setup::EMPTY.board.iter().all(Option::is_none));
    /// assert!(Setup::EMPTY.validate(Relaxations::MISSING_KINGS | Relaxations::INCOMPLETE_MATERIAL).is_ok());
    /// ```
    pub const EMPTY: Setup =
        Setup { board: [None; Square::NUM], hands: [Hand::EMPTY; Color::NUM], side_to_move: Color::Black, ply: 1 };

    /// The piece on `square`, if any.
    ///
    /// ```
    /// use hayanagi::{Position, Setup, Square};
    /// let setup = Setup::from(&Position::startpos());
    /// assert_eq!(setup.piece_at(Square::from_usi_bytes(b"5i")?).map(|p| p.to_string()), Some("K".to_string()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board[square.index()]
    }

    /// Puts `piece` on `square` (`None` empties it); returns what stood there.
    ///
    /// ```
    /// use hayanagi::{Position, Setup, Square};
    /// let mut setup = Setup::from(&Position::startpos());
    /// let pawn = setup.set(Square::from_usi_bytes(b"7g")?, None);
    /// assert!(pawn.is_some() && setup.piece_at(Square::from_usi_bytes(b"7g")?).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub const fn set(&mut self, square: Square, piece: Option<Piece>) -> Option<Piece> {
        let old = self.board[square.index()];
        self.board[square.index()] = piece;
        old
    }

    /// The pieces `color` holds.
    ///
    /// ```
    /// use hayanagi::{Color, Setup};
    /// assert!(Setup::EMPTY.hand(Color::White).is_empty());
    /// ```
    #[must_use]
    #[inline]
    pub const fn hand(&self, color: Color) -> Hand {
        self.hands[color.index()]
    }

    /// How many pieces of each hand kind are missing from board and hands: what a full set (18 pawns,
    /// 4 lances, knights, silvers and golds, 2 bishops and rooks) has beyond what is here. Promoted
    /// pieces count as their base kind; kinds with more than the set count as 0 missing.
    ///
    /// ```
    /// use hayanagi::{Handicap, PieceKind, Setup};
    /// let rest = Setup::from(&Handicap::Bishop.position()).missing();
    /// assert_eq!(rest.count(PieceKind::Bishop), 1);
    /// assert_eq!(rest.total(), 1);
    /// ```
    #[must_use]
    pub fn missing(&self) -> Hand {
        let counts = self.counts();
        let mut rest = Hand::EMPTY;
        for kind in PieceKind::HAND {
            let have = counts[kind.index()];
            let full = SET[kind.index()] as u32;
            rest = rest.with(kind, full.saturating_sub(have) as u8);
        }
        rest
    }

    /// Adds every missing piece ([`missing`](Setup::missing)) to `color`'s hand: the convention of
    /// tsume problems, where the defender (White) holds all the pieces not shown.
    ///
    /// ```
    /// use hayanagi::{Color, PieceKind, Setup};
    /// let mut setup = Setup::EMPTY;
    /// setup.give_rest_to(Color::White);
    /// assert_eq!(setup.hand(Color::White).count(PieceKind::Pawn), 18);
    /// assert!(setup.missing().is_empty());
    /// ```
    pub fn give_rest_to(&mut self, color: Color) {
        let rest = self.missing();
        let hand = &mut self.hands[color.index()];
        for kind in PieceKind::HAND {
            *hand = hand.with(kind, hand.count(kind).saturating_add(rest.count(kind)));
        }
    }

    /// Board and hand pieces of each hand kind (promoted as their base), kings left out.
    pub(crate) fn counts(&self) -> [u32; 7] {
        let mut counts = [0u32; 7];
        for piece in self.board.iter().flatten() {
            if let Some(count) = counts.get_mut(piece.kind().unpromote().index()) {
                *count += 1;
            }
        }
        for kind in PieceKind::HAND {
            counts[kind.index()] += self.hands[0].count(kind) as u32 + self.hands[1].count(kind) as u32;
        }
        counts
    }

    /// Checks the rules and builds the [`Position`], relaxing only what `relax` names.
    ///
    /// Always checked (docs/RULES.md R64–R66, R69): at most one king per colour; no more pieces of a
    /// kind than the set has; no piece that could never move again (a pawn or lance on its last rank, a
    /// knight on its last two); no two unpromoted pawns of one colour on a file (nifu); the side not to
    /// move not in check; a ply of at least 1. Checked unless relaxed: both kings present
    /// ([`Relaxations::MISSING_KINGS`]) and the whole set of 40 pieces on the board or in hand
    /// ([`Relaxations::INCOMPLETE_MATERIAL`]).
    ///
    /// ```
    /// use hayanagi::{Position, Relaxations, Setup};
    /// let setup = Setup::from(&Position::startpos());
    /// assert_eq!(setup.validate(Relaxations::NONE)?, Position::startpos());
    /// # Ok::<(), hayanagi::SetupError>(())
    /// ```
    ///
    /// # Errors
    /// A [`SetupError`] listing every problem found ([`SetupError::problems`]), board problems in
    /// reading order (9a, 8a, ..., 1i) first. The setup is not changed.
    pub fn validate(&self, relax: Relaxations) -> Result<Position, SetupError> {
        let pos = Position::from_parts(&self.board, self.hands, self.side_to_move, self.ply);
        // Nearly every setup obeys the rules (records being read, SFENs of real games): the whole set
        // of rules checked on the position's bitboards first, with no branch per square; only a setup
        // that fails them is walked square by square to list its problems in reading order.
        if Setup::obeys_rules(&pos, relax) {
            debug_assert_eq!(self.problems(&pos, relax).len, 0, "{self:?}");
            return Ok(pos);
        }
        let error = self.problems(&pos, relax);
        if error.len == 0 { Ok(pos) } else { Err(error) }
    }

    /// True when `pos` breaks none of the rules [`Setup::validate`] checks under `relax`: the same
    /// rules as [`Setup::problems`], decided on the position's bitboards and hands alone, so that a
    /// reader that builds the position itself (the packed layouts) checks it with this one rule set.
    pub(crate) fn obeys_rules(pos: &Position, relax: Relaxations) -> bool {
        let mut on_board = [0u8; 7];
        for (count, kind) in on_board.iter_mut().zip(PieceKind::HAND) {
            let of_kind = |kind: PieceKind| pos.by_kind.get(kind.index()).copied().unwrap_or(Bitboard::EMPTY);
            *count = (of_kind(kind) | kind.promote().map_or(Bitboard::EMPTY, of_kind)).count() as u8;
        }
        Setup::obeys_rules_counted(pos, relax, &on_board)
    }

    /// [`Setup::obeys_rules`] with the pieces of each base kind (P L N S G B R) that are not in a hand
    /// counted by the caller: `not_held[kind]`, those on the board and, for the packed layouts, those
    /// in the box (which holds the rest of the set), so that no kind has more pieces than the set.
    #[inline(always)]
    pub(crate) fn obeys_rules_counted(pos: &Position, relax: Relaxations, not_held: &[u8; 7]) -> bool {
        let mut ok = pos.ply() != 0;
        for color in Color::ALL {
            let own = |kind: PieceKind| pos.pieces(color, kind);
            let kings = own(PieceKind::King);
            ok &= !kings.has_more_than_one();
            ok &= relax.contains(Relaxations::MISSING_KINGS) || !kings.is_empty();
            let dead = (own(PieceKind::Pawn) & Bitboard::dead_squares(color, PieceKind::Pawn))
                | (own(PieceKind::Lance) & Bitboard::dead_squares(color, PieceKind::Lance))
                | (own(PieceKind::Knight) & Bitboard::dead_squares(color, PieceKind::Knight));
            ok &= dead.is_empty();
            // Nifu: two unpromoted pawns in one file are two set bits in one column of the 9-bit rows.
            // The rows are merged in a tree (rows 5-8 onto 0-3, then 3-4 onto 0-1, 2 onto 0, 1 onto 0); every two
            // rows meet in exactly one merge, which sees a column both hold as a common bit.
            let mut rows = own(PieceKind::Pawn).to_u128();
            let mut twice = 0u128;
            for (shift, keep) in [(45u32, 45u32), (27, 27), (18, 18), (9, 9)] {
                twice |= rows & (rows >> shift);
                rows = (rows | rows >> shift) & ((1u128 << keep) - 1);
            }
            ok &= twice == 0;
        }
        for kind in PieceKind::HAND {
            let total = pos.hand(Color::Black).count(kind) as u32
                + pos.hand(Color::White).count(kind) as u32
                + not_held.get(kind.index()).copied().unwrap_or(0) as u32;
            let full = SET.get(kind.index()).copied().unwrap_or(0) as u32;
            ok &= total <= full;
            ok &= relax.contains(Relaxations::INCOMPLETE_MATERIAL) || total == full;
        }
        let side = pos.side_to_move();
        ok && !pos.king(side.flip()).is_some_and(|king| pos.is_attacked(side, king))
    }

    /// Every problem of the setup, in the order [`Setup::validate`] documents; `pos` is the position
    /// built from it.
    fn problems(&self, pos: &Position, relax: Relaxations) -> SetupError {
        let mut error = SetupError { problems: [SetupProblem::PlyZero; SetupError::CAPACITY], len: 0, omitted: 0 };
        let mut kings: [Option<Square>; 2] = [None; 2];
        let mut second_king = [false; 2];
        let mut board_counts = [0u32; 7];
        // Per colour, the files that already hold an unpromoted pawn, one bit per file.
        let mut pawn_files = [0u16; 2];
        for square in Square::ALL {
            let Some(piece) = self.board[square.index()] else { continue };
            let color = piece.color();
            let base = piece.kind().unpromote();
            if base == PieceKind::King {
                match kings[color.index()] {
                    None => kings[color.index()] = Some(square),
                    Some(_) if !second_king[color.index()] => {
                        second_king[color.index()] = true;
                        error.push(SetupProblem::TwoKings { color, square });
                    }
                    Some(_) => {}
                }
            } else {
                let count = &mut board_counts[base.index()];
                *count += 1;
                if *count == SET[base.index()] as u32 + 1 {
                    error.push(SetupProblem::TooManyPieces { kind: base, square: Some(square) });
                }
            }
            if piece.is_dead_on(square) {
                error.push(SetupProblem::DeadPiece { piece, square });
            }
            if piece.kind() == PieceKind::Pawn {
                let files = &mut pawn_files[color.index()];
                let bit = 1u16 << square.file().index();
                if *files & bit != 0 {
                    error.push(SetupProblem::Nifu { color, square });
                }
                *files |= bit;
            }
        }
        let counts = self.counts();
        for kind in PieceKind::HAND {
            let limit = SET[kind.index()] as u32;
            if board_counts[kind.index()] <= limit && counts[kind.index()] > limit {
                error.push(SetupProblem::TooManyPieces { kind, square: None });
            }
        }
        if !relax.contains(Relaxations::MISSING_KINGS) {
            for color in Color::ALL {
                if kings[color.index()].is_none() {
                    error.push(SetupProblem::MissingKing { color });
                }
            }
        }
        if !relax.contains(Relaxations::INCOMPLETE_MATERIAL) {
            for kind in PieceKind::HAND {
                let (have, full) = (counts[kind.index()], SET[kind.index()] as u32);
                if have < full {
                    error.push(SetupProblem::MissingPieces { kind, missing: (full - have) as u8 });
                }
            }
        }
        if self.ply == 0 {
            error.push(SetupProblem::PlyZero);
        }
        // With two kings of a colour "in check" has no single meaning; that problem is listed already.
        if !second_king[self.side_to_move.flip().index()]
            && let Some(king) = pos.king(self.side_to_move.flip())
            && pos.is_attacked(self.side_to_move, king)
        {
            error.push(SetupProblem::OpponentInCheck { king });
        }
        error
    }
}

impl From<&Position> for Setup {
    /// The position as plain data (the same board, hands, side and ply).
    fn from(pos: &Position) -> Setup {
        Setup {
            board: *pos.board(),
            hands: [pos.hand(Color::Black), pos.hand(Color::White)],
            side_to_move: pos.side_to_move(),
            ply: pos.ply(),
        }
    }
}

impl TryFrom<Setup> for Position {
    type Error = SetupError;

    /// [`Setup::validate`] with no relaxation: a game position.
    fn try_from(setup: Setup) -> Result<Position, SetupError> {
        setup.validate(Relaxations::NONE)
    }
}

/// What [`Setup::validate`] may let pass: each a rule a game position keeps but a problem, a study or
/// a handicap may not. Combine them with `|`.
///
/// ```
/// use hayanagi::{Position, Relaxations, Setup};
/// let relax = Relaxations::MISSING_KINGS | Relaxations::INCOMPLETE_MATERIAL;
/// assert_eq!(relax, Relaxations::SFEN);
/// assert!(relax.contains(Relaxations::MISSING_KINGS) && !Relaxations::NONE.contains(relax));
/// // A lone king: fine for SFEN, not a game position.
/// let setup = Setup::from(&Position::from_sfen("4k4/9/9/9/9/9/9/9/9 b - 1")?);
/// assert!(setup.validate(Relaxations::SFEN).is_ok() && setup.validate(Relaxations::NONE).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Relaxations(u8);

impl Relaxations {
    /// Nothing relaxed: a position of a game between two complete sets (both kings, all 40 pieces).
    ///
    /// ```
    /// use hayanagi::{Position, Relaxations, Setup};
    /// assert!(Setup::from(&Position::startpos()).validate(Relaxations::NONE).is_ok());
    /// ```
    pub const NONE: Relaxations = Relaxations(0);
    /// A colour may have no king (tsume problems omit the attacker's king; studies omit both).
    ///
    /// ```
    /// use hayanagi::{Color, Relaxations, Setup};
    /// let mut setup = Setup::EMPTY;
    /// setup.give_rest_to(Color::White); // all 38 pieces but the kings in White's hand
    /// assert!(setup.validate(Relaxations::NONE).is_err());
    /// assert!(setup.validate(Relaxations::MISSING_KINGS).is_ok());
    /// ```
    pub const MISSING_KINGS: Relaxations = Relaxations(1);
    /// Pieces of the set may be missing from board and hands: handicap games (the stronger side gives
    /// up pieces), and problems that do not hand the rest to the defender.
    ///
    /// ```
    /// use hayanagi::{Handicap, Relaxations};
    /// let setup = Handicap::Rook.setup();
    /// assert!(setup.validate(Relaxations::NONE).is_err());
    /// assert!(setup.validate(Relaxations::INCOMPLETE_MATERIAL).is_ok());
    /// ```
    pub const INCOMPLETE_MATERIAL: Relaxations = Relaxations(2);
    /// What an SFEN may describe (docs/RULES.md R85): [`MISSING_KINGS`](Self::MISSING_KINGS) and
    /// [`INCOMPLETE_MATERIAL`](Self::INCOMPLETE_MATERIAL).
    ///
    /// ```
    /// use hayanagi::{Position, Relaxations, Setup};
    /// // Anything the SFEN reader accepts validates with these relaxations, to the same position.
    /// let pos = Position::from_sfen("8k/9/9/9/9/9/9/9/9 b G 1")?;
    /// assert_eq!(Setup::from(&pos).validate(Relaxations::SFEN)?, pos);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const SFEN: Relaxations = Relaxations(3);

    /// Whether every relaxation in `other` is in `self`.
    ///
    /// ```
    /// use hayanagi::Relaxations;
    /// assert!(Relaxations::SFEN.contains(Relaxations::INCOMPLETE_MATERIAL));
    /// ```
    #[must_use]
    #[inline]
    pub const fn contains(self, other: Relaxations) -> bool {
        self.0 & other.0 == other.0
    }

    /// Both sets of relaxations together (as `|`, usable in `const`).
    ///
    /// ```
    /// use hayanagi::Relaxations;
    /// const TSUME: Relaxations = Relaxations::MISSING_KINGS.union(Relaxations::INCOMPLETE_MATERIAL);
    /// assert_eq!(TSUME, Relaxations::SFEN);
    /// ```
    #[must_use]
    #[inline]
    pub const fn union(self, other: Relaxations) -> Relaxations {
        Relaxations(self.0 | other.0)
    }
}

impl BitOr for Relaxations {
    type Output = Relaxations;
    fn bitor(self, other: Relaxations) -> Relaxations {
        self.union(other)
    }
}

impl BitOrAssign for Relaxations {
    fn bitor_assign(&mut self, other: Relaxations) {
        *self = self.union(other);
    }
}

/// One reason a [`Setup`] is not a position.
///
/// ```
/// use hayanagi::{Color, Piece, PieceKind, Relaxations, Setup, SetupProblem, Square};
/// let mut setup = Setup::EMPTY;
/// let pawn = Piece::new(Color::Black, PieceKind::Pawn);
/// setup.set(Square::SQ_5A, Some(pawn));
/// let err = setup.validate(Relaxations::SFEN).unwrap_err();
/// assert_eq!(err.problems(), [SetupProblem::DeadPiece { piece: pawn, square: Square::SQ_5A }]);
/// assert_eq!(err.problems()[0].to_string(), "P on 5a could never move again");
/// ```
///
/// Every reader that checks the rules (SFEN, the packed layouts, the records crate's readers) reports
/// a broken rule as one of these, wrapped in its own error with its own position information
/// ([`SfenErrorKind::Setup`](crate::SfenErrorKind::Setup),
/// [`UnpackErrorKind::Setup`](crate::UnpackErrorKind::Setup)); the message is this one's. Not
/// `non_exhaustive`, so that a mapping of the problems (the C API's error codes) fails to build when a
/// problem is added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetupProblem {
    /// A colour has no king (relaxed by [`Relaxations::MISSING_KINGS`]).
    MissingKing {
        /// The colour.
        color: Color,
    },
    /// A second king of one colour (reported once per colour, at the second king in reading order).
    TwoKings {
        /// The colour.
        color: Color,
        /// Where the second king stands.
        square: Square,
    },
    /// More pieces of a kind than the set has (board and both hands; promoted pieces count as their
    /// base kind): 18 P, 4 L, 4 N, 4 S, 4 G, 2 B, 2 R. Reported once per kind.
    TooManyPieces {
        /// The base kind.
        kind: PieceKind,
        /// The square of the first piece beyond the set, in reading order, when the board alone has too
        /// many; `None` when the hands take the count over.
        square: Option<Square>,
    },
    /// Fewer pieces of a kind than the set has, on the board and in hand together (relaxed by
    /// [`Relaxations::INCOMPLETE_MATERIAL`]).
    MissingPieces {
        /// The base kind.
        kind: PieceKind,
        /// How many are missing.
        missing: u8,
    },
    /// A piece that could never move again: a pawn or lance on its last rank, a knight on its last two.
    DeadPiece {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// A second unpromoted pawn of one colour on a file (二歩).
    Nifu {
        /// The colour.
        color: Color,
        /// The second pawn on the file, in reading order.
        square: Square,
    },
    /// The side not to move is in check: its king could be taken.
    OpponentInCheck {
        /// The king in check.
        king: Square,
    },
    /// The ply is 0 (the first move of a game is ply 1).
    PlyZero,
}

impl SetupProblem {
    /// The square the problem is about, if it is about one: the second king, the first piece beyond
    /// the set, the dead piece, the second pawn, the king in check.
    ///
    /// ```
    /// use hayanagi::{Color, SetupProblem, Square};
    /// let nifu = SetupProblem::Nifu { color: Color::Black, square: Square::SQ_5E };
    /// assert_eq!(nifu.square(), Some(Square::SQ_5E));
    /// assert_eq!(SetupProblem::PlyZero.square(), None);
    /// ```
    #[must_use]
    pub const fn square(&self) -> Option<Square> {
        match *self {
            SetupProblem::TwoKings { square, .. }
            | SetupProblem::DeadPiece { square, .. }
            | SetupProblem::Nifu { square, .. }
            | SetupProblem::OpponentInCheck { king: square } => Some(square),
            SetupProblem::TooManyPieces { square, .. } => square,
            SetupProblem::MissingKing { .. } | SetupProblem::MissingPieces { .. } | SetupProblem::PlyZero => None,
        }
    }
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SetupProblem::MissingKing { color } => write!(f, "{} has no king", color_name(color)),
            SetupProblem::TwoKings { color, square } => write!(f, "a second {} king on {square}", color_name(color)),
            SetupProblem::TooManyPieces { kind, square: Some(square) } => {
                write!(
                    f,
                    "more than {} {} (counting promoted ones), the first extra on {square}",
                    limit(kind),
                    name(kind)
                )
            }
            SetupProblem::TooManyPieces { kind, square: None } => {
                write!(f, "more than {} {} on the board and in hand", limit(kind), name(kind))
            }
            SetupProblem::MissingPieces { kind, missing } => {
                write!(f, "{missing} of the {} {} missing from board and hands", limit(kind), name(kind))
            }
            SetupProblem::DeadPiece { piece, square } => write!(f, "{piece} on {square} could never move again"),
            SetupProblem::Nifu { color, square } => {
                write!(f, "a second unpromoted {} pawn on the file of {square} (nifu)", color_name(color))
            }
            SetupProblem::OpponentInCheck { king } => write!(f, "the side not to move is in check (king on {king})"),
            SetupProblem::PlyZero => f.write_str("ply 0 (the first move is ply 1)"),
        }
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

fn limit(kind: PieceKind) -> u8 {
    SET.get(kind.index()).copied().unwrap_or(1)
}

fn name(kind: PieceKind) -> &'static str {
    match kind.unpromote() {
        PieceKind::Pawn => "pawns",
        PieceKind::Lance => "lances",
        PieceKind::Knight => "knights",
        PieceKind::Silver => "silvers",
        PieceKind::Gold => "golds",
        PieceKind::Bishop => "bishops",
        PieceKind::Rook => "rooks",
        _ => "kings",
    }
}

/// Why a [`Setup`] is not a position: every problem [`Setup::validate`] found, in the order it checks
/// them (the first [`CAPACITY`](Self::CAPACITY) kept, the rest counted).
///
/// ```
/// use hayanagi::{Relaxations, Setup, SetupProblem};
/// let mut setup = Setup::EMPTY;
/// setup.ply = 0;
/// let err = setup.validate(Relaxations::NONE).unwrap_err();
/// assert_eq!(err.problems().len(), 10); // two kings and seven kinds missing, ply 0
/// assert!(err.problems().contains(&SetupProblem::PlyZero));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SetupError {
    problems: [SetupProblem; SetupError::CAPACITY],
    len: u8,
    omitted: u16,
}

impl SetupError {
    /// How many problems an error keeps; more are counted in [`omitted`](Self::omitted).
    ///
    /// ```
    /// use hayanagi::SetupError;
    /// assert_eq!(SetupError::CAPACITY, 24);
    /// ```
    pub const CAPACITY: usize = 24;

    fn push(&mut self, problem: SetupProblem) {
        match self.problems.get_mut(self.len as usize) {
            Some(slot) => {
                *slot = problem;
                self.len += 1;
            }
            None => self.omitted = self.omitted.saturating_add(1),
        }
    }

    /// The problems, in the order [`Setup::validate`] checks them; never empty.
    ///
    /// ```
    /// use hayanagi::{Color, Relaxations, Setup, SetupProblem};
    /// let err = Setup::EMPTY.validate(Relaxations::INCOMPLETE_MATERIAL).unwrap_err();
    /// assert_eq!(
    ///     err.problems(),
    ///     [SetupProblem::MissingKing { color: Color::Black }, SetupProblem::MissingKing { color: Color::White }]
    /// );
    /// ```
    #[must_use]
    pub fn problems(&self) -> &[SetupProblem] {
        self.problems.get(..self.len as usize).unwrap_or(&[])
    }

    /// How many problems were found beyond the [`CAPACITY`](Self::CAPACITY) kept.
    ///
    /// ```
    /// use hayanagi::{Color, Piece, PieceKind, Relaxations, Setup, Square};
    /// // 27 pawns on Black's last rank and beyond: each one dead, most of them nifu too.
    /// let mut setup = Setup::EMPTY;
    /// for square in Square::ALL.into_iter().take(27) {
    ///     setup.set(square, Some(Piece::new(Color::Black, PieceKind::Pawn)));
    /// }
    /// let err = setup.validate(Relaxations::SFEN).unwrap_err();
    /// assert_eq!(err.problems().len(), 24);
    /// assert!(err.omitted() > 0);
    /// ```
    #[must_use]
    pub const fn omitted(&self) -> usize {
        self.omitted as usize
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.problems().iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{problem}")?;
        }
        if self.omitted > 0 {
            write!(f, "; and {} more", self.omitted)?;
        }
        Ok(())
    }
}

impl core::error::Error for SetupError {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random setups, most of them breaking some rule: the bitboard check `validate` tries first
    /// accepts exactly those the square-by-square listing finds nothing wrong with, and the
    /// position it returns is the one built square by square.
    #[test]
    fn the_bitboard_check_agrees_with_the_listing() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |bound: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % bound
        };
        let (mut accepted, mut refused) = (0, 0);
        for round in 0..20_000 {
            // Start from a legal position (the start, or its material scattered) and spoil it a little.
            let mut setup = Setup::from(&Position::startpos());
            for _ in 0..next(6) {
                let (a, b) = (next(81) as usize, next(81) as usize);
                setup.board.swap(a, b);
            }
            for _ in 0..next(3) {
                let square = next(81) as usize;
                setup.board[square] = match next(4) {
                    0 => None,
                    _ => Piece::try_index(next(Piece::NUM as u64) as usize),
                };
            }
            if next(4) == 0 {
                let kind = PieceKind::HAND[next(7) as usize];
                let color = Color::ALL[next(2) as usize];
                setup.hands[color.index()] = setup.hand(color).with(kind, next(3) as u8);
            }
            setup.side_to_move = Color::ALL[next(2) as usize];
            setup.ply = if round % 97 == 0 { 0 } else { 1 + next(300) };
            for relax in
                [Relaxations::NONE, Relaxations::MISSING_KINGS, Relaxations::INCOMPLETE_MATERIAL, Relaxations::SFEN]
            {
                let pos = Position::from_parts(&setup.board, setup.hands, setup.side_to_move, setup.ply);
                let listed = setup.problems(&pos, relax).len;
                assert_eq!(Setup::obeys_rules(&pos, relax), listed == 0, "{setup:?} {relax:?}");
                if listed == 0 {
                    accepted += 1;
                } else {
                    refused += 1;
                }
                let mut by_square =
                    Position::from_parts(&[None; Square::NUM], setup.hands, setup.side_to_move, setup.ply);
                for square in Square::ALL {
                    if let Some(piece) = setup.board[square.index()] {
                        by_square.put(square, piece);
                        if piece.kind() == PieceKind::King {
                            by_square.kings[piece.color().index()] = Some(square);
                        }
                    }
                }
                by_square.key = by_square.compute_key();
                assert_eq!(pos, by_square);
                assert_eq!(
                    (pos.by_color, pos.by_kind, pos.kings),
                    (by_square.by_color, by_square.by_kind, by_square.kings)
                );
            }
        }
        assert!(accepted > 5_000 && refused > 5_000, "{accepted} accepted, {refused} refused");
    }
}
