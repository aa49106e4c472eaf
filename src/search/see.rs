//! Static exchange evaluation: what a move wins or loses on its target square if both sides then
//! capture there, each with its least valuable piece, for as long as it pays.

use crate::{Bitboard, Color, Move, PieceKind, Position};

/// The piece values [`Position::see_with`] counts, one per kind, in any unit the caller likes.
///
/// Capturing a piece gains its value (a caller who counts the captured piece going to hand can
/// use doubled values). The values also rank the capturers: each side captures with its least
/// valuable piece first, ties broken by [`PieceKind::index`], the king always last.
///
/// [`SeeValues::DEFAULT`] (centipawn-like; the king's value is never gained, since a king is never
/// captured in an exchange):
///
/// | kind | P | L | N | S | G | B | R | K | +P | +L | +N | +S | +B | +R |
/// |---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|
/// | value | 90 | 315 | 405 | 495 | 540 | 855 | 990 | 0 | 540 | 540 | 540 | 540 | 945 | 1395 |
///
/// ```
/// use hayanagi::{PieceKind, SeeValues};
/// assert_eq!(SeeValues::DEFAULT.value(PieceKind::Rook), 990);
/// // Pieces that do not promote: the promoted small pieces count as their base kind.
/// let mut values = [0; PieceKind::NUM];
/// for kind in PieceKind::ALL {
///     values[kind.index()] = SeeValues::DEFAULT.value(kind.unpromote());
/// }
/// let flat = SeeValues::new(values);
/// assert_eq!(flat.value(PieceKind::Dragon), 990);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeeValues {
    values: [i32; PieceKind::NUM],
    /// The kinds other than the king, least valuable first.
    order: [PieceKind; PieceKind::NUM - 1],
}

impl SeeValues {
    /// The table shown on [`SeeValues`].
    ///
    /// ```
    /// use hayanagi::{PieceKind, SeeValues};
    /// assert_eq!(SeeValues::DEFAULT.value(PieceKind::Pawn), 90);
    /// assert_eq!(SeeValues::default(), SeeValues::DEFAULT);
    /// ```
    pub const DEFAULT: SeeValues = SeeValues::new([90, 315, 405, 495, 540, 855, 990, 0, 540, 540, 540, 540, 945, 1395]);

    /// A table from one value per kind, indexed by [`PieceKind::index`] (pawn, lance, knight,
    /// silver, gold, bishop, rook, king, then the promoted pawn, lance, knight, silver, bishop, rook).
    ///
    /// ```
    /// use hayanagi::{PieceKind, SeeValues};
    /// // Usable in a constant.
    /// const FLAT: SeeValues = SeeValues::new([1, 3, 3, 5, 6, 8, 10, 0, 6, 6, 6, 6, 10, 12]);
    /// assert_eq!(FLAT.value(PieceKind::Silver), 5);
    /// ```
    #[must_use]
    pub const fn new(values: [i32; PieceKind::NUM]) -> SeeValues {
        let mut order = [PieceKind::Pawn; PieceKind::NUM - 1];
        let mut len = 0;
        let mut index = 0;
        while index < PieceKind::NUM {
            let kind = PieceKind::ALL[index];
            // `len < order.len()` always holds (13 kinds but the king); the bound and the checked
            // reads below let the compiler see every index in range, so that a table built at run
            // time (the C API's caller values) links no panic path.
            if !matches!(kind, PieceKind::King) && len < order.len() {
                // Insertion sort, stable: equal values keep index order.
                let mut at = len;
                while at > 0 && at < order.len() && value_of(&values, order[at - 1]) > values[index] {
                    order[at] = order[at - 1];
                    at -= 1;
                }
                if at < order.len() {
                    order[at] = kind;
                }
                len += 1;
            }
            index += 1;
        }
        SeeValues { values, order }
    }

    /// The value of `kind`.
    ///
    /// ```
    /// use hayanagi::{PieceKind, SeeValues};
    /// assert_eq!(SeeValues::DEFAULT.value(PieceKind::Dragon), 1395);
    /// ```
    #[must_use]
    #[inline]
    pub const fn value(&self, kind: PieceKind) -> i32 {
        // `get`, not `[]`: a kind's index is always below 14, but where the compiler cannot see that,
        // indexing would link the panic machinery into the exchange loop.
        let index = kind.index();
        if index < PieceKind::NUM { self.values[index] } else { 0 }
    }
}

/// `values[kind.index()]`, with a check the compiler can see (0 past the end, which no kind is).
const fn value_of(values: &[i32; PieceKind::NUM], kind: PieceKind) -> i32 {
    let index = kind.index();
    if index < PieceKind::NUM { values[index] } else { 0 }
}

impl Default for SeeValues {
    /// [`SeeValues::DEFAULT`].
    fn default() -> SeeValues {
        SeeValues::DEFAULT
    }
}

impl Position {
    /// True when [`Position::see`] of `mv` is at least `threshold`: the move does not lose more
    /// than `-threshold` in the exchange on its target square (with [`SeeValues::DEFAULT`]).
    ///
    /// ```
    /// use hayanagi::Position;
    /// // The rook takes a pawn the silver guards: it wins 90 and loses 990.
    /// let pos: Position = "4k4/9/4s4/4p4/9/9/9/4R4/4K4 b - 1".parse()?;
    /// let mv = pos.parse_usi_move("5h5d")?;
    /// assert!(!pos.see_ge(mv, 0));
    /// assert!(pos.see_ge(mv, 90 - 990));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        self.see_with(&SeeValues::DEFAULT, mv) >= threshold
    }

    /// [`Position::see_ge`] with the caller's values.
    ///
    /// ```
    /// use hayanagi::{Position, SeeValues};
    /// // With a rook worth less than a pawn, taking the guarded pawn pays.
    /// let values = SeeValues::new([90, 315, 405, 495, 540, 855, 50, 0, 540, 540, 540, 540, 945, 1395]);
    /// let pos: Position = "4k4/9/4s4/4p4/9/9/9/4R4/4K4 b - 1".parse()?;
    /// assert!(pos.see_ge_with(&values, pos.parse_usi_move("5h5d")?, 40));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn see_ge_with(&self, values: &SeeValues, mv: Move, threshold: i32) -> bool {
        self.see_with(values, mv) >= threshold
    }

    /// The static exchange evaluation of `mv` with [`SeeValues::DEFAULT`]; see [`Position::see_with`].
    ///
    /// ```
    /// use hayanagi::Position;
    /// // Pawn takes pawn. If the gold took back, the rook behind the pawn (an x-ray) would take the
    /// // gold: so the gold does not, and the pawn wins 90.
    /// let pos: Position = "4k4/9/9/4g4/4p4/4P4/9/4R4/4K4 b - 1".parse()?;
    /// assert_eq!(pos.see(pos.parse_usi_move("5f5e")?), 90);
    /// // With a rook behind the gold, the gold takes back and Black stops: 90 - 90.
    /// let pos: Position = "4k4/4r4/9/4g4/4p4/4P4/9/4R4/4K4 b - 1".parse()?;
    /// assert_eq!(pos.see(pos.parse_usi_move("5f5e")?), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn see(&self, mv: Move) -> i32 {
        self.see_with(&SeeValues::DEFAULT, mv)
    }

    /// The static exchange evaluation of `mv` for the side to move, with `values`: the value of the
    /// piece it captures (0 for a drop or a non-capture), minus what the opponent then wins by
    /// capturing on the same square, and so on, each side capturing with its least valuable
    /// attacker (see [`SeeValues`]) and stopping whenever capturing further would not pay.
    ///
    /// The definition, exactly: attackers are found with the board as it stands after the captures so
    /// far, so a slider (rook, bishop, lance, dragon, horse) behind a piece that has captured joins
    /// in (x-rays); pins are not considered (a pinned piece may capture); the king captures only as
    /// the last capturer, when the other side then has no attacker left on the square; captures in
    /// the exchange do not promote, and the piece `mv` moves stands on the square as `mv` leaves it
    /// (promoted when `mv` promotes), but promotion itself gains nothing.
    ///
    /// `mv` should be legal; for any other move the result is some number, never a panic.
    ///
    /// ```
    /// use hayanagi::{Position, SeeValues};
    /// let pos: Position = "4k4/9/4s4/4p4/9/9/9/4R4/4K4 b - 1".parse()?;
    /// let mv = pos.parse_usi_move("5h5d")?;
    /// assert_eq!(pos.see_with(&SeeValues::DEFAULT, mv), 90 - 990);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn see_with(&self, values: &SeeValues, mv: Move) -> i32 {
        let to = mv.to();
        let mut occupied = self.occupied();
        let (mut standing, first) = match (mv.from(), mv.drop_kind()) {
            (Some(from), _) => {
                let Some(piece) = self.piece_at(from) else { return 0 };
                let kind = match (mv.is_promotion(), piece.kind().promote()) {
                    (true, Some(promoted)) => promoted,
                    _ => piece.kind(),
                };
                occupied = occupied.without(from);
                (kind, self.piece_at(to).map_or(0, |captured| values.value(captured.kind())))
            }
            (None, Some(kind)) => {
                occupied = occupied.with(to);
                (kind, 0)
            }
            (None, None) => return 0,
        };
        // At most 40 pieces, so at most 39 captures follow the move.
        let mut gains = [0i32; 40];
        gains[0] = first;
        let mut depth = 0;
        let mut side = self.side_to_move().flip();
        let mut attackers = self.all_attackers(to, occupied);
        while depth + 1 < gains.len() {
            let own = attackers & self.colored(side);
            let Some((from, kind)) = self.least_valuable(values, own, side) else { break };
            occupied = occupied.without(from);
            let rest = self.all_attackers(to, occupied);
            if kind == PieceKind::King && rest.intersects(self.colored(side.flip())) {
                break;
            }
            depth += 1;
            gains[depth] = values.value(standing) - gains[depth - 1];
            standing = kind;
            attackers = rest;
            side = side.flip();
        }
        while depth > 0 {
            gains[depth - 1] = -core::cmp::max(-gains[depth - 1], gains[depth]);
            depth -= 1;
        }
        gains[0]
    }

    /// Pieces of both colours that attack `to` through `occupied`, among those still in `occupied`.
    #[inline]
    fn all_attackers(&self, to: crate::Square, occupied: Bitboard) -> Bitboard {
        (self.attackers_to(Color::Black, to, occupied) | self.attackers_to(Color::White, to, occupied)) & occupied
    }

    /// The least valuable of `side`'s pieces in `attackers` (lowest square first among equals).
    #[inline]
    fn least_valuable(
        &self,
        values: &SeeValues,
        attackers: Bitboard,
        side: Color,
    ) -> Option<(crate::Square, PieceKind)> {
        if attackers.is_empty() {
            return None;
        }
        for kind in values.order {
            if let Some(square) = (attackers & self.pieces(side, kind)).lsb() {
                return Some((square, kind));
            }
        }
        (attackers & self.pieces(side, PieceKind::King)).lsb().map(|square| (square, PieceKind::King))
    }
}
