//! The Zobrist key in parts: the board part (pieces and side to move) and the hand part, which a
//! tsume solver's table keeps apart to compare hands by dominance; and the key after a move, without
//! playing it.

use crate::{Color, Hand, Move, Piece, PieceKind, Position, zobrist};

/// The keys of both hands (Black's first), every (colour, kind, count) XORed together.
#[inline(always)]
pub(crate) fn hands_key(hands: &[Hand; Color::NUM]) -> u64 {
    let mut key = 0;
    for color in Color::ALL {
        for kind in PieceKind::HAND {
            key ^= zobrist::hand_or_zero(color, kind, hands[color.index()].count(kind));
        }
    }
    key
}

impl Position {
    /// The hand part of [`Position::key`]: the keys of both hands, every (colour, kind, count)
    /// XORed together (computed on each call from the 14 counts, not kept).
    ///
    /// ```
    /// use hayanagi::Position;
    /// let pos: Position = "4k4/9/9/9/9/9/9/9/4K4 b G 1".parse().unwrap();
    /// let other: Position = "4k4/9/9/9/9/9/9/9/4K4 b S 1".parse().unwrap();
    /// assert_eq!(pos.board_key(), other.board_key());
    /// assert_ne!(pos.hand_key(), other.hand_key());
    /// assert_eq!(pos.key(), pos.board_key() ^ pos.hand_key());
    /// ```
    #[must_use]
    pub fn hand_key(&self) -> u64 {
        hands_key(&self.hands)
    }

    /// The board part of [`Position::key`]: the pieces on the board and the side to move, without
    /// the hands. `key() == board_key() ^ hand_key()`, so keys stay what they always were.
    ///
    /// ```
    /// use hayanagi::Position;
    /// // Same board and side, different hands: one board key, two keys.
    /// let a: Position = "4k4/9/9/9/9/9/9/9/4K4 b P 1".parse()?;
    /// let b: Position = "4k4/9/9/9/9/9/9/9/4K4 b 2P 1".parse()?;
    /// assert_eq!(a.board_key(), b.board_key());
    /// assert_ne!(a.key(), b.key());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn board_key(&self) -> u64 {
        self.key() ^ self.hand_key()
    }

    /// The Zobrist key the position would have after [`Position::play_unchecked`]`(mv)`, computed
    /// without playing it (to prefetch a hash table entry, for example). For a legal move this is
    /// the key after playing it; for any other move value it is whatever key `play_unchecked` would
    /// leave (never a panic), so check legality first where that matters.
    ///
    /// ```
    /// use hayanagi::Position;
    /// let mut pos = Position::startpos();
    /// let mv = pos.parse_usi_move("7g7f").unwrap();
    /// let key = pos.key_after(mv);
    /// pos.play(mv).unwrap();
    /// assert_eq!(pos.key(), key);
    /// ```
    #[must_use]
    pub fn key_after(&self, mv: Move) -> u64 {
        let (board, hand) = self.key_changes(mv);
        self.key() ^ board ^ hand
    }

    /// [`Position::board_key`] after [`Position::play_unchecked`]`(mv)`, from `board_key` (this
    /// position's board key, which the caller has): the board part of [`Position::key_after`].
    #[inline]
    pub(crate) fn board_key_after(&self, board_key: u64, mv: Move) -> u64 {
        board_key ^ self.key_changes(mv).0
    }

    /// What `mv` changes in the key's board part (the side to move included) and in its hand part;
    /// nothing for a move `play_unchecked` would not play.
    #[inline]
    fn key_changes(&self, mv: Move) -> (u64, u64) {
        let us = self.side_to_move();
        let to = mv.to();
        let mut board = zobrist::SIDE;
        let mut hand = 0;
        match mv.from() {
            None => {
                let Some(kind) = mv.drop_kind() else { return (0, 0) };
                let count = self.hand(us).count(kind);
                if self.piece_at(to).is_some() || count == 0 {
                    return (0, 0);
                }
                hand ^= zobrist::hand_or_zero(us, kind, count) ^ zobrist::hand_or_zero(us, kind, count - 1);
                board ^= zobrist::board(Piece::new(us, kind), to);
            }
            Some(from) => {
                let Some(piece) = self.piece_at(from) else { return (0, 0) };
                if let Some(captured) = self.piece_at(to) {
                    board ^= zobrist::board(captured, to);
                    if captured.kind() != PieceKind::King {
                        let kind = captured.kind().unpromote();
                        let count = self.hand(us).count(kind);
                        hand ^= zobrist::hand_or_zero(us, kind, count)
                            ^ zobrist::hand_or_zero(us, kind, count.wrapping_add(1));
                    }
                }
                let moved = match (mv.is_promotion(), piece.kind().promote()) {
                    (true, Some(promoted)) => Piece::new(piece.color(), promoted),
                    _ => piece,
                };
                board ^= zobrist::board(piece, from) ^ zobrist::board(moved, to);
            }
        }
        (board, hand)
    }
}

#[cfg(test)]
mod tests {
    use crate::position::random_walks;

    /// `board_key_after` is the board key after the move, and `key_after` the key, for every legal
    /// move along random walks (a fixed seed) from a tsume position and the start.
    #[test]
    fn the_keys_after_a_move_are_those_of_the_position_it_leaves() {
        let mut moves_seen = 0;
        let sfens = [
            "1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        ];
        random_walks(&sfens, 20, 30, 0x6b65_7973_6166_7465, |pos, moves| {
            for &mv in moves.iter() {
                let mut after = pos.clone();
                let _ = after.play_unchecked(mv);
                assert_eq!(pos.board_key_after(pos.board_key(), mv), after.board_key(), "{mv}");
                assert_eq!(pos.key_after(mv), after.key(), "{mv}");
                moves_seen += 1;
            }
        });
        assert!(moves_seen > 10_000, "{moves_seen}");
    }
}
