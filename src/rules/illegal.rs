//! Why a move is not legal: the one rule it breaks, for messages that name it (二歩, 打ち歩詰め,
//! 王手放置). [`Position::is_legal`] answers yes or no; this answers which rule, and agrees with it
//! on every move value (a test compares the two over every move code of crowded positions).

use core::fmt;

use crate::{Bitboard, Move, Piece, PieceKind, Position, attacks};

/// The rule an illegal move breaks, from [`Position::illegality`] (docs/RULES.md R17). When several
/// apply, one is named in this order: the move's shape and the pieces (for a board move: the same
/// square twice, no own piece on the from square, an own piece on the to square, unreachable, then a
/// promotion not allowed or a dead piece; for a drop: not in hand, occupied, a dead piece, nifu), then
/// the own king (a check ignored, or the king exposed), then uchifuzume.
///
/// ```
/// use hayanagi::{Illegality, Move, PieceKind, Position, Square};
/// let pos: Position = "4k4/9/9/9/9/9/4P4/9/4K4 b P 1".parse().unwrap();
/// let nifu = Move::drop(PieceKind::Pawn, Square::SQ_5E).unwrap();
/// assert_eq!(pos.illegality(nifu), Some(Illegality::TwoPawns));
/// assert_eq!(Illegality::TwoPawns.to_string(), "a second unpromoted pawn on the file (二歩, nifu)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Illegality {
    /// A board move whose from and to squares are the same.
    NullMove,
    /// The from square holds no piece of the side to move.
    NoPiece,
    /// The to square holds a piece of the side to move.
    OwnPiece,
    /// The piece does not move that way, or another piece stands in its way.
    Unreachable,
    /// A promotion of a piece that has no promoted form, or outside the promotion zone.
    CannotPromote,
    /// The piece would stand where it can never move again: a pawn or lance on the last rank, a
    /// knight on the last two (行き所のない駒), by an unpromoted move or a drop.
    DeadPiece,
    /// A drop of a kind the side to move does not hold.
    NotInHand,
    /// A drop onto an occupied square.
    Occupied,
    /// A pawn dropped on a file that holds an unpromoted pawn of the same side (二歩, nifu).
    TwoPawns,
    /// A pawn drop that mates (打ち歩詰め, uchifuzume).
    PawnDropMate,
    /// The side to move is in check and the move leaves the king attacked (王手放置).
    IgnoresCheck,
    /// The move exposes the own king: the king steps into an attack or a pinned piece leaves its
    /// line (自殺手).
    ExposesKing,
}

impl fmt::Display for Illegality {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Illegality::NullMove => "the from and to squares are the same",
            Illegality::NoPiece => "no piece of the side to move on the from square",
            Illegality::OwnPiece => "the to square holds a piece of the side to move",
            Illegality::Unreachable => "the piece cannot go there (not its move, or blocked)",
            Illegality::CannotPromote => "the piece cannot promote on this move",
            Illegality::DeadPiece => "the piece could never move again there (行き所のない駒)",
            Illegality::NotInHand => "the side to move has no such piece in hand",
            Illegality::Occupied => "a drop onto an occupied square",
            Illegality::TwoPawns => "a second unpromoted pawn on the file (二歩, nifu)",
            Illegality::PawnDropMate => "a pawn drop that mates (打ち歩詰め, uchifuzume)",
            Illegality::IgnoresCheck => "the king is in check and the move does not answer it (王手放置)",
            Illegality::ExposesKing => "the move leaves the own king attacked (自殺手)",
        })
    }
}

impl core::error::Error for Illegality {}

impl Position {
    /// The rule `mv` breaks here, or `None` when it is legal: `None` exactly when
    /// [`Position::is_legal`] is true, for any move value.
    ///
    /// ```
    /// use hayanagi::{Illegality, Move, PieceKind, Position, Square};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.illegality(Move::normal(Square::SQ_7G, Square::SQ_7F, false).unwrap()), None);
    /// assert_eq!(pos.illegality(Move::normal(Square::SQ_7G, Square::SQ_7E, false).unwrap()), Some(Illegality::Unreachable));
    /// assert_eq!(pos.illegality(Move::normal(Square::SQ_7G, Square::SQ_7F, true).unwrap()), Some(Illegality::CannotPromote));
    /// // A pawn dropped in front of a king that cannot escape or take it: 打ち歩詰め.
    /// let pos: Position = "k8/2G6/9/1N7/9/9/9/9/8K b P 1".parse().unwrap();
    /// assert_eq!(pos.illegality(Move::drop(PieceKind::Pawn, Square::SQ_9B).unwrap()), Some(Illegality::PawnDropMate));
    /// // In check from the rook on 5h, a move elsewhere ignores it: 王手放置.
    /// let pos: Position = "4k4/9/9/9/9/9/9/4r4/P3K4 b - 1".parse().unwrap();
    /// assert_eq!(pos.illegality(Move::normal(Square::SQ_9I, Square::SQ_9H, false).unwrap()), Some(Illegality::IgnoresCheck));
    /// ```
    #[must_use]
    pub fn illegality(&self, mv: Move) -> Option<Illegality> {
        let reason = self.rule_broken(mv);
        debug_assert_eq!(reason.is_none(), self.is_legal(mv), "illegality({mv}) disagrees with is_legal");
        reason
    }

    fn rule_broken(&self, mv: Move) -> Option<Illegality> {
        let us = self.side_to_move();
        let to = mv.to();
        let moved = match (mv.from(), mv.drop_kind()) {
            (Some(from), _) => {
                if from == to {
                    return Some(Illegality::NullMove);
                }
                let Some(piece) = self.piece_at(from).filter(|p| p.color() == us) else {
                    return Some(Illegality::NoPiece);
                };
                if self.colored(us).contains(to) {
                    return Some(Illegality::OwnPiece);
                }
                if !attacks(piece, from, self.occupied()).contains(to) {
                    return Some(Illegality::Unreachable);
                }
                if mv.is_promotion() {
                    match piece.kind().promote() {
                        Some(kind) if from.is_promotion_zone(us) || to.is_promotion_zone(us) => Piece::new(us, kind),
                        _ => return Some(Illegality::CannotPromote),
                    }
                } else if piece.is_dead_on(to) {
                    return Some(Illegality::DeadPiece);
                } else {
                    piece
                }
            }
            (None, Some(kind)) => {
                if self.hand(us).count(kind) == 0 {
                    return Some(Illegality::NotInHand);
                }
                if self.piece_at(to).is_some() {
                    return Some(Illegality::Occupied);
                }
                let piece = Piece::new(us, kind);
                if piece.is_dead_on(to) {
                    return Some(Illegality::DeadPiece);
                }
                if kind == PieceKind::Pawn
                    && self.pieces(us, PieceKind::Pawn).iter().any(|pawn| pawn.file() == to.file())
                {
                    return Some(Illegality::TwoPawns);
                }
                piece
            }
            (None, None) => return Some(Illegality::NullMove),
        };
        if self.leaves_king_attacked(mv, moved.kind()) {
            return Some(if self.in_check() { Illegality::IgnoresCheck } else { Illegality::ExposesKing });
        }
        if mv.drop_kind() == Some(PieceKind::Pawn) && self.pawn_drop_would_mate(mv) {
            return Some(Illegality::PawnDropMate);
        }
        None
    }

    /// True when, after `mv` (a move the pieces allow), a piece of the opponent attacks the own
    /// king. `kind` is the moving piece's kind before the move.
    fn leaves_king_attacked(&self, mv: Move, kind: PieceKind) -> bool {
        let us = self.side_to_move();
        let to = mv.to();
        let king = match mv.from() {
            Some(_) if kind == PieceKind::King => to,
            _ => match self.king(us) {
                Some(king) => king,
                None => return false,
            },
        };
        let occupied = match mv.from() {
            Some(from) => self.occupied().without(from).with(to),
            None => self.occupied().with(to),
        };
        // A captured piece attacks nothing any more.
        let attackers = self.attackers_to(us.flip(), king, occupied) & !Bitboard::from_square(to);
        !attackers.is_empty()
    }

    /// True when the pawn drop `mv` (otherwise legal) mates.
    fn pawn_drop_would_mate(&self, mv: Move) -> bool {
        let Some(their_king) = self.king(self.side_to_move().flip()) else { return false };
        if !crate::step_attacks(self.side_to_move(), PieceKind::Pawn, mv.to()).contains(their_king) {
            return false;
        }
        // The drop is legal but for this rule, so the position after it is a real one.
        let mut after = self.clone();
        after.play_unchecked(mv);
        !after.has_legal_move()
    }
}

#[cfg(test)]
mod tests {
    use crate::{Illegality, Move, PieceKind, Position, Square};

    /// Every move code (all 16-bit values that decode) of crowded positions: `illegality` is
    /// `None` exactly for the legal moves.
    #[test]
    fn agrees_with_is_legal_on_every_move_code() {
        for sfen in [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "k8/2G6/9/1N7/9/9/9/9/8K b P 1",
            "4k4/9/9/9/9/9/9/4r4/P3K4 b - 1",
            "8k/9/7P1/9/9/9/9/9/4K4 w Srb4g3s4n4l17p 1",
        ] {
            let pos: Position = sfen.parse().unwrap();
            let mut legal = 0;
            for bits in 0..=u16::MAX {
                let Some(mv) = Move::from_bits(bits) else { continue };
                let reason = pos.illegality(mv);
                assert_eq!(reason.is_none(), pos.is_legal(mv), "{sfen}: {mv} {reason:?}");
                legal += usize::from(reason.is_none());
            }
            assert_eq!(legal, pos.legal_moves().len(), "{sfen}");
        }
    }

    /// When a move breaks several rules, the first of the documented order is named.
    #[test]
    fn the_first_rule_in_the_documented_order_is_named() {
        let pos: Position = "4k4/9/9/9/9/9/4P3P/9/4K4 b P 1".parse().unwrap();
        let drop = |kind, sq| Move::drop(kind, sq).unwrap();
        // Not in hand before dead; occupied before nifu; dead before nifu.
        assert_eq!(pos.illegality(drop(PieceKind::Knight, Square::SQ_5A)), Some(Illegality::NotInHand));
        assert_eq!(pos.illegality(drop(PieceKind::Pawn, Square::SQ_5G)), Some(Illegality::Occupied));
        assert_eq!(pos.illegality(drop(PieceKind::Pawn, Square::SQ_1A)), Some(Illegality::DeadPiece));
        // Unreachable before a promotion outside the zone; own piece before unreachable.
        let board = |from, to, promote| Move::normal(from, to, promote).unwrap();
        assert_eq!(pos.illegality(board(Square::SQ_5G, Square::SQ_5E, true)), Some(Illegality::Unreachable));
        assert_eq!(pos.illegality(board(Square::SQ_5I, Square::SQ_5G, false)), Some(Illegality::OwnPiece));
        // In check from the rook on 5h: a pawn drop elsewhere ignores it, whether or not it would mate.
        let pos: Position = "k8/2G6/9/1N7/9/9/9/4r4/4K4 b P 1".parse().unwrap();
        assert_eq!(pos.illegality(drop(PieceKind::Pawn, Square::SQ_9B)), Some(Illegality::IgnoresCheck));
    }

    #[test]
    fn each_rule_is_named() {
        let pos: Position = "4k4/9/9/9/9/9/4P4/9/4K4 b NP 1".parse().unwrap();
        let drop = |kind, sq| Move::drop(kind, sq).unwrap();
        assert_eq!(pos.illegality(drop(PieceKind::Pawn, Square::SQ_5E)), Some(Illegality::TwoPawns));
        assert_eq!(pos.illegality(drop(PieceKind::Pawn, Square::SQ_1A)), Some(Illegality::DeadPiece));
        assert_eq!(pos.illegality(drop(PieceKind::Knight, Square::SQ_1B)), Some(Illegality::DeadPiece));
        assert_eq!(pos.illegality(drop(PieceKind::Gold, Square::SQ_1B)), Some(Illegality::NotInHand));
        assert_eq!(pos.illegality(drop(PieceKind::Knight, Square::SQ_5G)), Some(Illegality::Occupied));
        let pos: Position = "4k4/9/9/9/9/9/9/4r4/4K4 b - 1".parse().unwrap();
        assert_eq!(
            pos.illegality(Move::normal(Square::SQ_5I, Square::SQ_4H, false).unwrap()),
            Some(Illegality::IgnoresCheck)
        );
        let pos: Position = "4k4/9/9/9/9/9/4r4/4G4/4K4 b - 1".parse().unwrap();
        assert_eq!(
            pos.illegality(Move::normal(Square::SQ_5H, Square::SQ_4H, false).unwrap()),
            Some(Illegality::ExposesKing)
        );
    }
}
