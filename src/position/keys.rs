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
        let us = self.side_to_move();
        let to = mv.to();
        let mut key = self.key() ^ zobrist::SIDE;
        match mv.from() {
            None => {
                let Some(kind) = mv.drop_kind() else { return self.key() };
                let count = self.hand(us).count(kind);
                if self.piece_at(to).is_some() || count == 0 {
                    return self.key();
                }
                key ^= zobrist::hand_or_zero(us, kind, count) ^ zobrist::hand_or_zero(us, kind, count - 1);
                key ^= zobrist::board(Piece::new(us, kind), to);
            }
            Some(from) => {
                let Some(piece) = self.piece_at(from) else { return self.key() };
                if let Some(captured) = self.piece_at(to) {
                    key ^= zobrist::board(captured, to);
                    if captured.kind() != PieceKind::King {
                        let kind = captured.kind().unpromote();
                        let count = self.hand(us).count(kind);
                        key ^= zobrist::hand_or_zero(us, kind, count)
                            ^ zobrist::hand_or_zero(us, kind, count.wrapping_add(1));
                    }
                }
                let moved = match (mv.is_promotion(), piece.kind().promote()) {
                    (true, Some(promoted)) => Piece::new(piece.color(), promoted),
                    _ => piece,
                };
                key ^= zobrist::board(piece, from) ^ zobrist::board(moved, to);
            }
        }
        key
    }
}
