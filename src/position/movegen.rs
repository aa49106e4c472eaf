//! Legal move generation (SPEC §3), legality and check tests.
//!
//! Moves are produced in groups, one origin and a target set at a time, into a [`Sink`]: the list
//! sink writes each move, the counting sink only counts the targets (what bulk perft needs), and the
//! search sink looks for one move (what [`Position::is_legal`] needs) — so all three follow exactly
//! the same rules.

use crate::position::attacks_king;
use crate::{
    Bitboard, Color, Move, MoveList, Piece, PieceKind, Position, Square, between, bishop_attacks, lance_attacks,
    rook_attacks, step_attacks,
};

/// Promotion choice of a group of board moves.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Promotion {
    /// Only the unpromoted move exists.
    Never,
    /// Only the promoting move is legal (the piece could never move again otherwise).
    Forced,
    /// Both the promoting and the unpromoted move are legal.
    Optional,
}

/// Receives generated moves in groups.
pub(crate) trait Sink {
    /// Moves from `from` to each square of `targets`.
    fn board(&mut self, from: Square, targets: Bitboard, promotion: Promotion);
    /// Pawn pushes to each square of `targets`, each from the square behind it (`to + back`).
    fn pawns(&mut self, targets: Bitboard, back: i8, promotion: Promotion);
    /// Drops of `kind` on each square of `targets`.
    fn drops(&mut self, kind: PieceKind, targets: Bitboard);
}

/// Writes each move into a [`MoveList`].
struct ListSink<'a>(&'a mut MoveList);

impl ListSink<'_> {
    /// The move from `from` to `to`, promoting and/or not as `promotion` allows.
    #[inline(always)]
    fn push(&mut self, from: Square, to: Square, promotion: Promotion) {
        if promotion != Promotion::Never {
            self.0.push(Move::normal(from, to, true));
        }
        if promotion != Promotion::Forced {
            self.0.push(Move::normal(from, to, false));
        }
    }
}

impl Sink for ListSink<'_> {
    #[inline(always)]
    fn board(&mut self, from: Square, targets: Bitboard, promotion: Promotion) {
        for to in targets {
            self.push(from, to, promotion);
        }
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, back: i8, promotion: Promotion) {
        for to in targets {
            if let Some(from) = Square::try_index((to as i8 + back) as usize) {
                self.push(from, to, promotion);
            }
        }
    }

    #[inline(always)]
    fn drops(&mut self, kind: PieceKind, targets: Bitboard) {
        for to in targets {
            if let Some(mv) = Move::drop(kind, to) {
                self.0.push(mv);
            }
        }
    }
}

/// Counts moves without writing them.
struct CountSink(u64);

impl CountSink {
    #[inline(always)]
    fn add(&mut self, targets: Bitboard, promotion: Promotion) {
        let n = targets.count() as u64;
        self.0 += if promotion == Promotion::Optional { 2 * n } else { n };
    }
}

impl Sink for CountSink {
    #[inline(always)]
    fn board(&mut self, _from: Square, targets: Bitboard, promotion: Promotion) {
        self.add(targets, promotion);
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _back: i8, promotion: Promotion) {
        self.add(targets, promotion);
    }

    #[inline(always)]
    fn drops(&mut self, _kind: PieceKind, targets: Bitboard) {
        self.add(targets, Promotion::Never);
    }
}

/// Looks for one move.
struct FindSink {
    wanted: Move,
    found: bool,
}

impl FindSink {
    #[inline(always)]
    fn matches(&self, promotion: Promotion) -> bool {
        if self.wanted.is_promotion() { promotion != Promotion::Never } else { promotion != Promotion::Forced }
    }
}

impl Sink for FindSink {
    fn board(&mut self, from: Square, targets: Bitboard, promotion: Promotion) {
        if self.wanted.from() == Some(from) && targets.contains(self.wanted.to()) && self.matches(promotion) {
            self.found = true;
        }
    }

    fn pawns(&mut self, targets: Bitboard, back: i8, promotion: Promotion) {
        let to = self.wanted.to();
        if targets.contains(to)
            && self.wanted.from().map(|from| from as i8) == Some(to as i8 + back)
            && self.matches(promotion)
        {
            self.found = true;
        }
    }

    fn drops(&mut self, kind: PieceKind, targets: Bitboard) {
        if self.wanted.drop_kind() == Some(kind) && targets.contains(self.wanted.to()) {
            self.found = true;
        }
    }
}

/// Rows a piece of `color` can never leave: the last `n` ranks in its direction.
#[inline(always)]
const fn last_ranks(color: Color, n: u32) -> Bitboard {
    // Rows 0..n for Black, rows 9-n..9 for White; 9 squares per row.
    let rows = (1u128 << (9 * n)) - 1;
    let bits = match color {
        Color::Black => rows,
        Color::White => rows << (81 - 9 * n),
    };
    match Bitboard::from_u128(bits) {
        Some(bb) => bb,
        None => Bitboard::EMPTY,
    }
}

const ZONE: [Bitboard; 2] = [last_ranks(Color::Black, 3), last_ranks(Color::White, 3)];
const LAST_1: [Bitboard; 2] = [last_ranks(Color::Black, 1), last_ranks(Color::White, 1)];
const LAST_2: [Bitboard; 2] = [last_ranks(Color::Black, 2), last_ranks(Color::White, 2)];

/// Every square of each file that holds a square of `bb`.
#[inline(always)]
fn fill_files(bb: Bitboard) -> Bitboard {
    let mut bits = bb.to_u128();
    bits |= bits >> 9;
    bits |= bits >> 18;
    bits |= bits >> 36;
    bits |= bits >> 72;
    bits |= bits << 9;
    bits |= bits << 18;
    bits |= bits << 36;
    bits |= bits << 72;
    Bitboard::from_u128(bits & Bitboard::FULL.to_u128()).unwrap_or(Bitboard::EMPTY)
}

/// Moves every square one row toward `color`'s front (pawn pushes).
#[inline(always)]
fn forward(color: Color, bb: Bitboard) -> Bitboard {
    let bits = match color {
        Color::Black => bb.to_u128() >> 9,
        Color::White => (bb.to_u128() << 9) & Bitboard::FULL.to_u128(),
    };
    Bitboard::from_u128(bits).unwrap_or(Bitboard::EMPTY)
}

/// Moves of a pawn, lance or knight: forced promotion on the `dead` ranks (where it could never move
/// again), optional elsewhere in the zone, none outside it.
#[inline(always)]
fn forward_moves<S: Sink>(sink: &mut S, from: Square, to: Bitboard, zone: Bitboard, dead: Bitboard) {
    sink.board(from, to & dead, Promotion::Forced);
    sink.board(from, to & zone & !dead, Promotion::Optional);
    sink.board(from, to & !zone, Promotion::Never);
}

/// Moves of a silver, bishop or rook: promotion optional when the move starts or ends in the zone.
#[inline(always)]
fn zone_moves<S: Sink>(sink: &mut S, from: Square, to: Bitboard, zone: Bitboard) {
    if zone.contains(from) {
        sink.board(from, to, Promotion::Optional);
    } else {
        sink.board(from, to & zone, Promotion::Optional);
        sink.board(from, to & !zone, Promotion::Never);
    }
}

impl Position {
    /// Every legal move of the side to move.
    ///
    /// ```
    /// use hayanagi::Position;
    /// let moves = Position::startpos().legal_moves();
    /// assert_eq!(moves.len(), 30);
    /// assert!(moves.iter().any(|mv| mv.to_string() == "7g7f"));
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut ListSink(&mut list));
        list
    }

    /// Writes every legal move of the side to move into `list`, replacing its contents.
    #[inline]
    pub fn generate_legal_moves(&self, list: &mut MoveList) {
        list.clear();
        self.generate(&mut ListSink(list));
    }

    /// The number of legal moves, counted without writing them (faster than generating them).
    ///
    /// ```
    /// use hayanagi::Position;
    /// assert_eq!(Position::startpos().count_legal_moves(), 30);
    /// ```
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let mut sink = CountSink(0);
        self.generate(&mut sink);
        sink.0
    }

    /// True when `mv` is legal: exactly when it is in [`Position::legal_moves`].
    ///
    /// ```
    /// use hayanagi::{Move, PieceKind, Position, Square};
    /// let pos = Position::startpos();
    /// assert!(pos.is_legal(Move::normal(Square::SQ_7G, Square::SQ_7F, false)));
    /// assert!(!pos.is_legal(Move::normal(Square::SQ_7G, Square::SQ_7F, true)));
    /// assert!(!pos.is_legal(Move::drop(PieceKind::Pawn, Square::SQ_5E).unwrap()));
    /// ```
    pub fn is_legal(&self, mv: Move) -> bool {
        // Cheap rejections first; the generator decides the rest, so the two can never disagree.
        let us = self.side_to_move();
        match mv.from() {
            Some(from) => match self.piece_at(from) {
                Some(piece) if piece.color() == us => {}
                _ => return false,
            },
            None => match mv.drop_kind() {
                Some(kind) if self.hand(us).count(kind) > 0 && self.piece_at(mv.to()).is_none() => {}
                _ => return false,
            },
        }
        let mut sink = FindSink { wanted: mv, found: false };
        self.generate(&mut sink);
        sink.found
    }

    /// True when the legal move `mv` gives check (directly or by uncovering a slider).
    ///
    /// ```
    /// use hayanagi::{Move, Position, PieceKind, Square};
    /// let pos: Position = "4k4/9/9/9/9/9/9/9/4K4 b G 1".parse().unwrap();
    /// assert!(pos.gives_check(Move::drop(PieceKind::Gold, Square::SQ_5B).unwrap()));
    /// assert!(!pos.gives_check(Move::drop(PieceKind::Gold, Square::SQ_5C).unwrap()));
    /// ```
    pub fn gives_check(&self, mv: Move) -> bool {
        let us = self.side_to_move();
        let Some(their_king) = self.king(us.flip()) else { return false };
        let to = mv.to();
        let occupied = self.occupied();
        match mv.from() {
            None => match mv.drop_kind() {
                Some(kind) => attacks_king(Piece::new(us, kind), to, their_king, occupied.with(to)),
                None => false,
            },
            Some(from) => {
                let Some(piece) = self.piece_at(from) else { return false };
                let moved = match (mv.is_promotion(), piece.kind().promote()) {
                    (true, Some(kind)) => Piece::new(us, kind),
                    _ => piece,
                };
                let after = occupied.without(from).with(to);
                attacks_king(moved, to, their_king, after)
                    || !(self.slider_attackers(us, their_king, after).without(from)).is_empty()
            }
        }
    }

    /// Generates every legal move into `sink`.
    #[inline(always)]
    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) {
        let us = self.side_to_move();
        let own = self.colored(us);
        let checkers = self.checkers();
        let king = self.king(us);
        if let Some(king) = king {
            self.king_moves(sink, king, own);
            if checkers.has_more_than_one() {
                return;
            }
        }
        let (targets, drop_targets) = match (checkers.lsb(), king) {
            (Some(checker), Some(king)) => {
                let block = between(king, checker);
                (block.with(checker), block)
            }
            _ => (!own, !self.occupied()),
        };
        self.board_moves(sink, us, targets, self.pinned());
        if !drop_targets.is_empty() {
            self.drop_moves(sink, us, drop_targets);
        }
    }

    #[inline(always)]
    fn king_moves<S: Sink>(&self, sink: &mut S, king: Square, own: Bitboard) {
        let them = self.side_to_move().flip();
        // The king leaves its square, so a slider checking it also attacks the squares behind it.
        let occupied = self.occupied().without(king);
        let mut targets = step_attacks(self.side_to_move(), PieceKind::King, king) & !own;
        let mut safe = Bitboard::EMPTY;
        while let Some(to) = targets.pop_lsb() {
            if !self.attacks_square(them, to, occupied) {
                safe = safe.with(to);
            }
        }
        if !safe.is_empty() {
            sink.board(king, safe, Promotion::Never);
        }
    }

    /// Moves of every piece but the king onto `targets`.
    #[inline(always)]
    fn board_moves<S: Sink>(&self, sink: &mut S, us: Color, targets: Bitboard, pinned: Bitboard) {
        let occupied = self.occupied();
        let zone = ZONE[us.index()];
        let last1 = LAST_1[us.index()];
        let last2 = LAST_2[us.index()];

        // Pawns, all at once when not pinned.
        let pawns = self.pieces(us, PieceKind::Pawn);
        let pushes = forward(us, pawns & !pinned) & targets;
        let back: i8 = if us == Color::Black { 9 } else { -9 };
        sink.pawns(pushes & last1, back, Promotion::Forced);
        sink.pawns(pushes & zone & !last1, back, Promotion::Optional);
        sink.pawns(pushes & !zone, back, Promotion::Never);

        // Pinned pieces move only along the line between their king and the pinner.
        let reach = |from: Square, attacks: Bitboard| -> Bitboard {
            if pinned.contains(from) { attacks & targets & self.pin_line(us, from) } else { attacks & targets }
        };

        for from in pawns & pinned {
            let to = reach(from, forward(us, Bitboard::from_square(from)));
            forward_moves(sink, from, to, zone, last1);
        }
        for from in self.pieces(us, PieceKind::Lance) {
            forward_moves(sink, from, reach(from, lance_attacks(us, from, occupied)), zone, last1);
        }
        // A pinned knight can never move: no knight jump stays on a line through the king.
        for from in self.pieces(us, PieceKind::Knight) & !pinned {
            forward_moves(sink, from, step_attacks(us, PieceKind::Knight, from) & targets, zone, last2);
        }
        for from in self.pieces(us, PieceKind::Silver) {
            zone_moves(sink, from, reach(from, step_attacks(us, PieceKind::Silver, from)), zone);
        }
        for from in self.golds() & self.colored(us) {
            sink.board(from, reach(from, step_attacks(us, PieceKind::Gold, from)), Promotion::Never);
        }
        for from in self.pieces(us, PieceKind::Bishop) {
            zone_moves(sink, from, reach(from, bishop_attacks(from, occupied)), zone);
        }
        for from in self.pieces(us, PieceKind::Rook) {
            zone_moves(sink, from, reach(from, rook_attacks(from, occupied)), zone);
        }
        let king_steps = |from| step_attacks(us, PieceKind::King, from);
        for from in self.pieces(us, PieceKind::Horse) {
            sink.board(from, reach(from, bishop_attacks(from, occupied) | king_steps(from)), Promotion::Never);
        }
        for from in self.pieces(us, PieceKind::Dragon) {
            sink.board(from, reach(from, rook_attacks(from, occupied) | king_steps(from)), Promotion::Never);
        }
    }

    /// The squares a piece of `us` pinned on `from` may move to: up to and including the pinner.
    #[inline(never)]
    fn pin_line(&self, us: Color, from: Square) -> Bitboard {
        let Some(king) = self.king(us) else { return Bitboard::FULL };
        // The slider that `from` shields the king from (a checker is not it).
        let pinner = self.slider_attackers(us.flip(), king, self.occupied().without(from)) & !self.checkers();
        match pinner.lsb() {
            Some(pinner) => between(king, pinner).with(pinner),
            None => Bitboard::FULL,
        }
    }

    /// Drops onto the empty squares of `targets`.
    #[inline(always)]
    fn drop_moves<S: Sink>(&self, sink: &mut S, us: Color, targets: Bitboard) {
        let hand = self.hand(us);
        if hand.is_empty() {
            return;
        }
        if hand.count(PieceKind::Pawn) > 0 {
            let nifu = fill_files(self.pieces(us, PieceKind::Pawn));
            let mut to = targets & !LAST_1[us.index()] & !nifu;
            // Uchifuzume: a pawn dropped in front of the enemy king must not mate it.
            if let Some(their_king) = self.king(us.flip()) {
                let front = step_attacks(us.flip(), PieceKind::Pawn, their_king);
                if let Some(square) = (to & front).lsb()
                    && self.pawn_drop_mates(square, their_king)
                {
                    to = to.without(square);
                }
            }
            sink.drops(PieceKind::Pawn, to);
        }
        if hand.count(PieceKind::Lance) > 0 {
            sink.drops(PieceKind::Lance, targets & !LAST_1[us.index()]);
        }
        if hand.count(PieceKind::Knight) > 0 {
            sink.drops(PieceKind::Knight, targets & !LAST_2[us.index()]);
        }
        for kind in [PieceKind::Silver, PieceKind::Gold, PieceKind::Bishop, PieceKind::Rook] {
            if hand.count(kind) > 0 {
                sink.drops(kind, targets);
            }
        }
    }

    /// True when a pawn of the side to move dropped on `square` (in front of the enemy king on
    /// `their_king`) would leave the enemy without a legal reply.
    fn pawn_drop_mates(&self, square: Square, their_king: Square) -> bool {
        let us = self.side_to_move();
        let them = us.flip();
        let occupied = self.occupied().with(square);
        // The king takes the pawn unless we defend it.
        if !self.attacks_square(us, square, occupied) {
            return false;
        }
        // Another piece takes it unless that uncovers its king.
        let capturers = self.attackers_to(them, square, occupied).without(their_king);
        for from in capturers {
            let after = occupied.without(from);
            if self.slider_attackers(us, their_king, after).is_empty() {
                return false;
            }
        }
        // The king steps away to a square we do not attack.
        let escapes = step_attacks(them, PieceKind::King, their_king) & !self.colored(them).with(square);
        let without_king = occupied.without(their_king);
        for to in escapes {
            if !self.attacks_square(us, to, without_king) {
                return false;
            }
        }
        true
    }
}
