//! Legal move generation (docs/RULES.md R10–R37), legality and check tests.
//!
//! Moves are produced in groups, one origin and a target set at a time ([`MoveGroup`]), into a
//! [`Sink`]: the list sink writes each move, the counting sink only counts the targets (what bulk
//! perft needs), the search sink looks for one move, the check sink keeps the moves that give check,
//! and the public callback hands the groups out — so all of them follow exactly the same rules. A
//! sink may stop the generation early ([`ControlFlow::Break`]). [`Scope`] restricts the board
//! targets and turns drops off (captures, non-captures, drops only); `kinds.rs` maps each
//! [`MoveFilter`](crate::MoveFilter) to a scope and sink, `checks.rs` holds the check sink,
//! `codes.rs` the sink that writes move codes into a caller's array (the C API's),
//! `legality.rs` the one-move questions.

mod checks;
mod codes;
pub(crate) mod kinds;
mod legality;

use core::ops::ControlFlow;

pub use kinds::{MoveFilter, MoveGroup, MoveGroupIter, Origin, Promotion};

use crate::board::attacks::{empty_board_lines, lance_ray, sliders_aimed_at};
use crate::{
    Bitboard, Color, Move, MoveList, PieceKind, Position, Square, between, bishop_attacks, lance_attacks, rook_attacks,
    step_attacks, step_to,
};

/// Receives generated moves in groups. A group may have no target (the generator does not test
/// each split of a target set); sinks that hand groups on to users drop those.
pub(crate) trait Sink {
    /// Whether the pawn-drop-mate test first looks for any piece that could defend the pawn (see
    /// [`Position::pawn_drop_mates`]): the same answer, cheaper when none could. On for counting
    /// (bulk perft's leaves, where drops are much of the work); off for the other sinks, whose
    /// code the extra test made slower (nobulk perft).
    const PAWN_DEFENDER_PREFILTER: bool = false;

    /// Whether the king's moves with two or more squares left after the stepping pieces skip the
    /// slider lookups outright when the enemy has no slider (see [`Position::unattacked`]): the
    /// same answer. On for counting without a popcount instruction (the default x86-64 build,
    /// where the 593-move position's leaves gained 0.8 % by it); elsewhere the test cost more
    /// than it saved (matsuri d3 bulk +1.6 % with popcount, nobulk perft +0.2 %), so it is off.
    const KING_SLIDERLESS_EXIT: bool = false;

    /// Takes one group; [`ControlFlow::Break`] stops the generation.
    fn add(&mut self, group: MoveGroup) -> ControlFlow<()>;

    /// The drops of each of `kinds` onto the same `targets`, one group per kind in that order; a
    /// sink that only counts counts the targets once.
    #[inline(always)]
    fn add_drops(&mut self, kinds: &[PieceKind], targets: Bitboard) -> ControlFlow<()> {
        for &kind in kinds {
            self.add(MoveGroup::new(Origin::Drop(kind), targets, Promotion::Unpromoted))?;
        }
        ControlFlow::Continue(())
    }

    /// The drops of a lance (if `lance`) and a knight (if `knight`) of `us` onto `targets` but their
    /// dead squares, one group each in that order.
    #[inline(always)]
    fn add_forward_drops(&mut self, us: Color, lance: bool, knight: bool, targets: Bitboard) -> ControlFlow<()> {
        let drop = |kind, targets| MoveGroup::new(Origin::Drop(kind), targets, Promotion::Unpromoted);
        if lance {
            self.add(drop(PieceKind::Lance, targets & !Bitboard::dead_squares(us, PieceKind::Pawn)))?;
        }
        if knight {
            self.add(drop(PieceKind::Knight, targets & !Bitboard::dead_squares(us, PieceKind::Knight)))?;
        }
        ControlFlow::Continue(())
    }

    /// Moves of a pawn, lance or knight of `us` (a knight if `knight`) from `origin` onto `to`:
    /// forced promotion on its dead rows (where it could never move again), optional elsewhere in
    /// the zone, none outside it.
    #[inline(always)]
    fn add_forward(&mut self, us: Color, origin: Origin, to: Bitboard, knight: bool) -> ControlFlow<()> {
        forward_groups(self, us, origin, to, knight)
    }

    /// Moves of a silver, bishop or rook of `us` from `from` onto `to`: promotion optional when the
    /// move starts or ends in the zone.
    #[inline(always)]
    fn add_zone(&mut self, us: Color, from: Square, to: Bitboard) -> ControlFlow<()> {
        zone_groups(self, us, from, to)
    }
}

/// [`Sink::add_forward`]'s groups, handed to `sink.add` (the default, and what a sink that
/// overrides it for some moves does with the others).
#[inline(always)]
pub(crate) fn forward_groups<S: Sink + ?Sized>(
    sink: &mut S,
    us: Color,
    origin: Origin,
    to: Bitboard,
    knight: bool,
) -> ControlFlow<()> {
    let zone = Bitboard::promotion_zone(us);
    let group = |targets, promotion| MoveGroup::new(origin, targets, promotion);
    if !to.intersects(zone) {
        return sink.add(group(to, Promotion::Unpromoted));
    }
    let dead = Bitboard::dead_squares(us, if knight { PieceKind::Knight } else { PieceKind::Pawn });
    sink.add(group(to & dead, Promotion::Promoted))?;
    sink.add(group(to & zone & !dead, Promotion::Both))?;
    sink.add(group(to & !zone, Promotion::Unpromoted))
}

/// [`Sink::add_zone`]'s groups, handed to `sink.add` (as [`forward_groups`]).
#[inline(always)]
pub(crate) fn zone_groups<S: Sink + ?Sized>(sink: &mut S, us: Color, from: Square, to: Bitboard) -> ControlFlow<()> {
    let zone = Bitboard::promotion_zone(us);
    if zone.contains(from) {
        sink.add(board(from, to, Promotion::Both))
    } else if to.intersects(zone) {
        sink.add(board(from, to & zone, Promotion::Both))?;
        sink.add(board(from, to & !zone, Promotion::Unpromoted))
    } else {
        sink.add(board(from, to, Promotion::Unpromoted))
    }
}

/// The number of squares of each of 512 row patterns: a row's count in one read where the CPU has
/// no popcount instruction.
#[cfg(not(target_feature = "popcnt"))]
static ROW_COUNTS: [u8; 512] = {
    let mut counts = [0; 512];
    let mut pattern = 0;
    while pattern < 512 {
        counts[pattern] = (pattern as u32).count_ones() as u8;
        pattern += 1;
    }
    counts
};

/// The squares of `set` on each row of `us`'s promotion zone, the farthest row (the pawn's and
/// lance's dead row) first.
#[inline(always)]
fn zone_row_counts(set: Bitboard, us: Color) -> [u32; 3] {
    let (lo, hi) = (set.lo(), set.hi());
    let rows = match us {
        Color::Black => [lo, lo >> 9, lo >> 18],
        Color::White => [hi >> 8, (lo >> 63) | (hi << 1), lo >> 54],
    };
    rows.map(|row| {
        let row = row & 0x1ff;
        #[cfg(target_feature = "popcnt")]
        let count = row.count_ones();
        #[cfg(not(target_feature = "popcnt"))]
        let count = match ROW_COUNTS.get(row as usize) {
            Some(&count) => count as u32,
            None => 0,
        };
        count
    })
}

/// Which moves a generation covers: board moves (the king's included) only onto `board`, and drops
/// only if `drops` (drops go onto empty squares whatever `board` says).
#[derive(Clone, Copy)]
pub(crate) struct Scope {
    pub(crate) board: Bitboard,
    pub(crate) drops: bool,
}

impl Scope {
    /// Every legal move.
    pub(crate) const ALL: Scope = Scope { board: Bitboard::FULL, drops: true };
}

/// Per board row (rank), the rows within three of it; per column (file), the columns within two:
/// [`near`]'s halves.
const NEAR_LINES: ([Bitboard; 9], [Bitboard; 9]) = {
    let (mut rows, mut cols) = ([Bitboard::EMPTY; 9], [Bitboard::EMPTY; 9]);
    let mut square: usize = 0;
    while square < 81 {
        let (row, col) = (square / 9, square % 9);
        let bit: u128 = 1 << square;
        let mut line: usize = 0;
        while line < 9 {
            if row.abs_diff(line) <= 3 {
                let bits = rows[line].to_u128() | bit;
                rows[line] = Bitboard::from_raw(bits as u64, (bits >> 64) as u64);
            }
            if col.abs_diff(line) <= 2 {
                let bits = cols[line].to_u128() | bit;
                cols[line] = Bitboard::from_raw(bits as u64, (bits >> 64) as u64);
            }
            line += 1;
        }
        square += 1;
    }
    (rows, cols)
};

/// [`NEAR_LINES`] as stored: their intersection per square (1,296 bytes, one read instead of a
/// division and two reads; the king's moves ask for it in every generation) in the full layout with
/// a popcount instruction, the two halves (288 bytes) elsewhere: in the compact layout for the
/// flash, and in the default x86-64 build because there the table measured worse (nobulk perft 4
/// +0.1 % instructions under callgrind, bulk perft 5 0.5 % fewer: the code around compiled
/// differently), while with popcount it saved 0.6-1.1 % on every perft measured.
#[cfg(any(feature = "compact-tables", not(target_feature = "popcnt")))]
static NEAR_TABLE: ([Bitboard; 9], [Bitboard; 9]) = NEAR_LINES;
#[cfg(all(not(feature = "compact-tables"), target_feature = "popcnt"))]
static NEAR_TABLE: [Bitboard; 81] = {
    let mut table = [Bitboard::EMPTY; 81];
    let mut square: usize = 0;
    while square < 81 {
        let (rows, cols) = (NEAR_LINES.0[square / 9].to_u128(), NEAR_LINES.1[square % 9].to_u128());
        let bits = rows & cols;
        table[square] = Bitboard::from_raw(bits as u64, (bits >> 64) as u64);
        square += 1;
    }
    table
};

/// The squares within two files and three ranks of `center`: wherever a stepping piece (a knight
/// included) must stand to reach `center` or a square next to it.
#[inline(always)]
fn near(center: Square) -> Bitboard {
    #[cfg(any(feature = "compact-tables", not(target_feature = "popcnt")))]
    let near = {
        let (row, col) = (center.index() / 9, center.index() % 9);
        match (NEAR_TABLE.0.get(row), NEAR_TABLE.1.get(col)) {
            (Some(&rows), Some(&cols)) => rows & cols,
            _ => Bitboard::FULL,
        }
    };
    #[cfg(all(not(feature = "compact-tables"), target_feature = "popcnt"))]
    let near = match NEAR_TABLE.get(center.index()) {
        Some(&near) => near,
        None => Bitboard::FULL,
    };
    near
}

/// The stepping attacks next to a king, from [`Position::enemy_king_steps`], and what they were
/// computed from: the king's [`near`] squares and the pieces of the attacking side on them. While
/// those pieces stand there (the same set: a move that leaves or enters the squares changes it),
/// the attacks are the same.
#[derive(Clone, Copy)]
pub(crate) struct KingSteps {
    near: Bitboard,
    pieces: Bitboard,
    attacks: Bitboard,
}

impl KingSteps {
    /// Whether any piece of the attacking side stands near the king (without, there is nothing to
    /// reuse: the attacks are empty and cost only the test).
    #[inline(always)]
    pub(crate) fn has_pieces(&self) -> bool {
        !self.pieces.is_empty()
    }
}

/// Writes each move into a [`MoveList`].
pub(crate) struct ListSink<'a>(pub(crate) &'a mut MoveList);

impl ListSink<'_> {
    /// Appends one generated move: the list was cleared and no position has more legal moves than
    /// it holds (at most 593 of 1,024), so a full list is a broken invariant.
    #[inline(always)]
    fn append(&mut self, mv: Move) {
        let pushed = self.0.push(mv);
        debug_assert!(pushed, "a generation filled the move list");
    }
}

impl Sink for ListSink<'_> {
    #[inline(always)]
    fn add(&mut self, group: MoveGroup) -> ControlFlow<()> {
        each_move(group, |mv| self.append(mv));
        ControlFlow::Continue(())
    }
}

/// Hands each move of `group` to `append` in list order (a promoting move before its
/// non-promoting twin): the loop of every sink that writes moves out one by one.
#[inline(always)]
pub(crate) fn each_move(group: MoveGroup, mut append: impl FnMut(Move)) {
    let (targets, promotion) = (group.targets(), group.promotion());
    let mut push = |from, to| {
        if promotion != Promotion::Unpromoted {
            append(Move::board(from, to, true));
        }
        if promotion != Promotion::Promoted {
            append(Move::board(from, to, false));
        }
    };
    match group.origin() {
        Origin::Square(from) => {
            for to in targets {
                push(from, to);
            }
        }
        Origin::PawnPushes(color) => {
            for to in targets {
                if let Some(from) = to.behind(color) {
                    push(from, to);
                }
            }
        }
        Origin::Drop(kind) => {
            for to in targets {
                if let Some(mv) = Move::drop(kind, to) {
                    append(mv);
                }
            }
        }
    }
}

/// Counts moves without writing them.
pub(crate) struct CountSink(pub(crate) u64);

impl Sink for CountSink {
    const PAWN_DEFENDER_PREFILTER: bool = true;
    const KING_SLIDERLESS_EXIT: bool = cfg!(not(target_feature = "popcnt"));

    #[inline(always)]
    fn add(&mut self, group: MoveGroup) -> ControlFlow<()> {
        let targets = group.targets();
        // Without a popcount instruction a count costs a dozen operations a half, more than the
        // test for the empty groups (most promotion and zone splits are empty).
        #[cfg(not(target_feature = "popcnt"))]
        if targets.is_empty() {
            return ControlFlow::Continue(());
        }
        let n = targets.count() as u64;
        self.0 += if group.promotion() == Promotion::Both { 2 * n } else { n };
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn add_drops(&mut self, kinds: &[PieceKind], targets: Bitboard) -> ControlFlow<()> {
        self.0 += kinds.len() as u64 * targets.count() as u64;
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn add_forward_drops(&mut self, us: Color, lance: bool, knight: bool, targets: Bitboard) -> ControlFlow<()> {
        // One count of the targets, less those on the dead rows, counted row by row.
        if lance || knight {
            let [last, second, _] = zone_row_counts(targets, us);
            let lance_targets = targets.count() - last;
            self.0 += if lance { lance_targets as u64 } else { 0 };
            self.0 += if knight { (lance_targets - second) as u64 } else { 0 };
        }
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn add_forward(&mut self, us: Color, _origin: Origin, to: Bitboard, knight: bool) -> ControlFlow<()> {
        // Every target once, and once more where promotion is optional (the zone's rows that are
        // not dead rows).
        #[cfg(not(target_feature = "popcnt"))]
        if to.is_empty() {
            return ControlFlow::Continue(());
        }
        let mut n = to.count();
        if to.intersects(Bitboard::promotion_zone(us)) {
            let [_, second, third] = zone_row_counts(to, us);
            n += if knight { third } else { second + third };
        }
        self.0 += n as u64;
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn add_zone(&mut self, us: Color, from: Square, to: Bitboard) -> ControlFlow<()> {
        // Every target once, and once more where the move may promote.
        #[cfg(not(target_feature = "popcnt"))]
        if to.is_empty() {
            return ControlFlow::Continue(());
        }
        let zone = Bitboard::promotion_zone(us);
        let n = if zone.contains(from) {
            2 * to.count()
        } else if to.intersects(zone) {
            let [last, second, third] = zone_row_counts(to, us);
            to.count() + last + second + third
        } else {
            to.count()
        };
        self.0 += n as u64;
        ControlFlow::Continue(())
    }
}

/// Looks for one move; stops when it is found.
pub(crate) struct FindSink(pub(crate) Move);

impl Sink for FindSink {
    #[inline(always)]
    fn add(&mut self, group: MoveGroup) -> ControlFlow<()> {
        if group.contains(self.0) { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    }
}

/// A board group from `from`.
#[inline(always)]
fn board(from: Square, targets: Bitboard, promotion: Promotion) -> MoveGroup {
    MoveGroup::new(Origin::Square(from), targets, promotion)
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
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let _ = self.generate_into(&mut ListSink(&mut list), Scope::ALL);
        list
    }

    /// Writes every legal move of the side to move into `list`, replacing its contents.
    ///
    /// ```
    /// use hayanagi::{MoveList, Position};
    /// let mut list = MoveList::new();
    /// Position::startpos().generate_legal_moves(&mut list);
    /// assert_eq!(list.len(), 30);
    /// let pos = Position::from_usi_position("startpos moves 7g7f")?;
    /// pos.generate_legal_moves(&mut list); // replaces, does not append
    /// assert_eq!(list.len(), 30);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn generate_legal_moves(&self, list: &mut MoveList) {
        list.clear();
        let _ = self.generate_into(&mut ListSink(list), Scope::ALL);
    }

    /// The number of legal moves, counted without writing them (faster than generating them).
    ///
    /// ```
    /// use hayanagi::Position;
    /// assert_eq!(Position::startpos().count_legal_moves(), 30);
    /// ```
    #[inline]
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        let mut sink = CountSink(0);
        let _ = self.generate_into(&mut sink, Scope::ALL);
        sink.0
    }

    /// The targets of non-king board moves and of drops, given the check: anywhere (but onto our own
    /// pieces, or onto any piece for drops) when not in check; the checker and the squares between it
    /// and the king when in single check. `None` in double check (only the king may move).
    #[inline(always)]
    pub(crate) fn evasion_targets(&self, king: Option<Square>, checkers: Bitboard) -> Option<(Bitboard, Bitboard)> {
        match (checkers.lsb(), king) {
            (Some(_), Some(_)) if checkers.has_more_than_one() => None,
            (Some(checker), Some(king)) => {
                let block = between(king, checker);
                Some((block.with(checker), block))
            }
            _ => Some((!self.colored(self.side_to_move()), !self.occupied())),
        }
    }

    /// Generates the legal moves `scope` covers into `sink`.
    #[inline(always)]
    pub(crate) fn generate_into<S: Sink>(&self, sink: &mut S, scope: Scope) -> ControlFlow<()> {
        self.generate_checked(sink, scope, self.checkers(), None)
    }

    /// [`Position::generate_into`] with the checkers already known (`checkers` must be
    /// [`Position::checkers`]), and the enemy's stepping attacks next to our king if `king_steps`
    /// has them (see [`KingSteps`]).
    #[inline(always)]
    pub(crate) fn generate_checked<S: Sink>(
        &self,
        sink: &mut S,
        scope: Scope,
        checkers: Bitboard,
        king_steps: Option<&KingSteps>,
    ) -> ControlFlow<()> {
        debug_assert_eq!(checkers, self.checkers());
        let us = self.side_to_move();
        let own = self.colored(us);
        let king = self.king(us);
        let board_scope = !scope.board.is_empty();
        if let Some(king) = king
            && board_scope
        {
            self.king_moves(sink, king, own | !scope.board, king_steps)?;
        }
        let Some((targets, drop_targets)) = self.evasion_targets(king, checkers) else {
            return ControlFlow::Continue(());
        };
        if board_scope {
            let pinned = self.pinned();
            // Most positions have no pin: their moves are generated without a pin test per piece, by
            // a second copy of the generator (about 60 KB of code on a Cortex-M0). The compact tables
            // are the layout for small flash, so there the one copy serves both.
            if cfg!(not(feature = "compact-tables")) && pinned.is_empty() {
                self.board_moves(sink, us, targets & scope.board, Bitboard::EMPTY)?;
            } else {
                self.board_moves(sink, us, targets & scope.board, pinned)?;
            }
        }
        if scope.drops && !drop_targets.is_empty() {
            self.drop_moves(sink, us, drop_targets)?;
        }
        ControlFlow::Continue(())
    }

    /// King moves onto safe squares outside `excluded`; `steps`, if given, the enemy's stepping
    /// attacks next to the king as [`KingSteps`] knows them.
    #[inline(always)]
    pub(crate) fn king_moves<S: Sink>(
        &self,
        sink: &mut S,
        king: Square,
        excluded: Bitboard,
        steps: Option<&KingSteps>,
    ) -> ControlFlow<()> {
        let them = self.side_to_move().flip();
        // The king leaves its square, so a slider checking it also attacks the squares behind it.
        let occupied = self.occupied().without(king);
        let targets = step_attacks(self.side_to_move(), PieceKind::King, king) & !excluded;
        let safe = self.unattacked(them, targets, king, occupied, S::KING_SLIDERLESS_EXIT, steps);
        if safe.is_empty() { ControlFlow::Continue(()) } else { sink.add(board(king, safe, Promotion::Unpromoted)) }
    }

    /// The squares of `squares` (each one next to `center` or `center` itself) that `color` does not
    /// attack with `occupied` blocking its sliders: [`Position::attacks_square`] for a set at once.
    /// The stepping pieces near `center` (few, usually none of the enemy's) add their steps. If one
    /// square is left, only the sliders aimed at it on an empty board are tested, each by the
    /// squares between; if more, each slider is looked up once, and only when its lines on an empty
    /// board cross what is left (not at all, with `sliderless_exit`, when `color` has no slider).
    /// `steps`, if given, were computed for `color` and `center` in this or an earlier position
    /// (they are used while `color`'s pieces near `center` are the same).
    #[inline(always)]
    pub(crate) fn unattacked(
        &self,
        color: Color,
        squares: Bitboard,
        center: Square,
        occupied: Bitboard,
        sliderless_exit: bool,
        steps: Option<&KingSteps>,
    ) -> Bitboard {
        if squares.is_empty() {
            return squares;
        }
        let theirs = self.colored(color);
        let k = |kind: PieceKind| self.kind(kind) & theirs;
        let steps = match steps {
            Some(known) if theirs & known.near == known.pieces => known.attacks,
            _ => self.step_attacks_near(color, center),
        };
        let mut safe = squares & !steps;
        let (rooks, bishops, lances) = (
            k(PieceKind::Rook) | k(PieceKind::Dragon),
            k(PieceKind::Bishop) | k(PieceKind::Horse),
            k(PieceKind::Lance),
        );
        if !safe.has_more_than_one() {
            let Some(to) = safe.lsb() else { return safe };
            // Usually no slider is aimed at it, and one `between` read settles the few that are.
            for from in sliders_aimed_at(color, to, rooks, bishops, lances) {
                if !between(from, to).intersects(occupied) {
                    return Bitboard::EMPTY;
                }
            }
            return safe;
        }
        if sliderless_exit && (rooks | bishops | lances).is_empty() {
            return safe;
        }
        for from in rooks {
            if empty_board_lines(from)[0].intersects(safe) {
                safe &= !rook_attacks(from, occupied);
            }
        }
        for from in bishops {
            if empty_board_lines(from)[1].intersects(safe) {
                safe &= !bishop_attacks(from, occupied);
            }
        }
        for from in lances {
            if lance_ray(color, from).intersects(safe) {
                safe &= !lance_attacks(color, from, occupied);
            }
        }
        safe
    }

    /// What the leaf counts below this position can share: the enemy king's [`near`] squares and
    /// the side to move's stepping attacks next to it ([`Position::step_attacks_near`]); `None`
    /// without an enemy king.
    #[inline(always)]
    pub(crate) fn enemy_king_steps(&self) -> Option<KingSteps> {
        let king = self.king(self.side_to_move().flip())?;
        let near = near(king);
        let pieces = self.colored(self.side_to_move()) & near;
        Some(KingSteps { near, pieces, attacks: self.step_attacks_of(self.side_to_move(), pieces) })
    }

    /// The squares `color`'s pieces near `center` (see [`near`]) reach in one step: among the squares
    /// next to `center`, exactly those a stepping piece of `color` attacks.
    #[inline(always)]
    fn step_attacks_near(&self, color: Color, center: Square) -> Bitboard {
        self.step_attacks_of(color, self.colored(color) & near(center))
    }

    /// The squares `color`'s pieces on `pieces` reach in one step.
    #[inline(always)]
    fn step_attacks_of(&self, color: Color, pieces: Bitboard) -> Bitboard {
        let mut attacked = Bitboard::EMPTY;
        for from in pieces {
            if let Some(piece) = self.piece_at(from) {
                attacked |= step_attacks(color, piece.kind(), from);
            }
        }
        attacked
    }

    /// True when a slider (lance, bishop, rook, horse or dragon) of `color` attacks `square` with
    /// `occupied` blocking: [`Position::attacks_square`] without the stepping pieces.
    #[inline(always)]
    fn slider_attacks_square(&self, color: Color, square: Square, occupied: Bitboard) -> bool {
        let theirs = self.colored(color);
        let k = |kind: PieceKind| self.kind(kind) & theirs;
        let rooks = k(PieceKind::Rook) | k(PieceKind::Dragon);
        if !rooks.is_empty() && rook_attacks(square, occupied).intersects(rooks) {
            return true;
        }
        let bishops = k(PieceKind::Bishop) | k(PieceKind::Horse);
        if !bishops.is_empty() && bishop_attacks(square, occupied).intersects(bishops) {
            return true;
        }
        let lances = k(PieceKind::Lance);
        !lances.is_empty() && lance_attacks(color.flip(), square, occupied).intersects(lances)
    }

    /// Moves of every piece but the king onto `targets`.
    #[inline(always)]
    fn board_moves<S: Sink>(&self, sink: &mut S, us: Color, targets: Bitboard, pinned: Bitboard) -> ControlFlow<()> {
        // Pawns, all at once when not pinned.
        let pawns = self.pieces(us, PieceKind::Pawn);
        let pushes = (pawns & !pinned).forward(us) & targets;
        sink.add_forward(us, Origin::PawnPushes(us), pushes, false)?;
        for from in pawns & pinned {
            self.piece_moves(sink, us, PieceKind::Pawn, from, targets, pinned)?;
        }
        for from in self.pieces(us, PieceKind::Lance) {
            self.piece_moves(sink, us, PieceKind::Lance, from, targets, pinned)?;
        }
        // A pinned knight can never move: no knight jump stays on a line through the king.
        for from in self.pieces(us, PieceKind::Knight) & !pinned {
            self.piece_moves(sink, us, PieceKind::Knight, from, targets, pinned)?;
        }
        for from in self.pieces(us, PieceKind::Silver) {
            self.piece_moves(sink, us, PieceKind::Silver, from, targets, pinned)?;
        }
        for from in self.golds() & self.colored(us) {
            self.piece_moves(sink, us, PieceKind::Gold, from, targets, pinned)?;
        }
        for from in self.pieces(us, PieceKind::Bishop) {
            self.piece_moves(sink, us, PieceKind::Bishop, from, targets, pinned)?;
        }
        for from in self.pieces(us, PieceKind::Rook) {
            self.piece_moves(sink, us, PieceKind::Rook, from, targets, pinned)?;
        }
        for from in self.pieces(us, PieceKind::Horse) {
            self.piece_moves(sink, us, PieceKind::Horse, from, targets, pinned)?;
        }
        for from in self.pieces(us, PieceKind::Dragon) {
            self.piece_moves(sink, us, PieceKind::Dragon, from, targets, pinned)?;
        }
        ControlFlow::Continue(())
    }

    /// Moves of `us`'s piece of `kind` (not the king; the gold stands for every gold mover) on `from`
    /// onto `targets`, along its pin line if `pinned` holds it.
    #[inline(always)]
    pub(crate) fn piece_moves<S: Sink>(
        &self,
        sink: &mut S,
        us: Color,
        kind: PieceKind,
        from: Square,
        targets: Bitboard,
        pinned: Bitboard,
    ) -> ControlFlow<()> {
        let occupied = self.occupied();
        // Pinned pieces move only along the line between their king and the pinner.
        let reach = |attacks: Bitboard| -> Bitboard {
            if pinned.contains(from) { attacks & targets & self.pin_line(us, from) } else { attacks & targets }
        };
        let king_steps = || step_attacks(us, PieceKind::King, from);
        match kind {
            PieceKind::Pawn => {
                sink.add_forward(us, Origin::Square(from), reach(Bitboard::from_square(from).forward(us)), false)
            }
            PieceKind::Lance => {
                sink.add_forward(us, Origin::Square(from), reach(lance_attacks(us, from, occupied)), false)
            }
            PieceKind::Knight => sink.add_forward(us, Origin::Square(from), reach(step_attacks(us, kind, from)), true),
            PieceKind::Silver => sink.add_zone(us, from, reach(step_attacks(us, kind, from))),
            PieceKind::Bishop => sink.add_zone(us, from, reach(bishop_attacks(from, occupied))),
            PieceKind::Rook => sink.add_zone(us, from, reach(rook_attacks(from, occupied))),
            PieceKind::Horse => {
                sink.add(board(from, reach(bishop_attacks(from, occupied) | king_steps()), Promotion::Unpromoted))
            }
            PieceKind::Dragon => {
                sink.add(board(from, reach(rook_attacks(from, occupied) | king_steps()), Promotion::Unpromoted))
            }
            PieceKind::King => ControlFlow::Continue(()),
            _ => sink.add(board(from, reach(step_attacks(us, PieceKind::Gold, from)), Promotion::Unpromoted)),
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
    pub(crate) fn drop_moves<S: Sink>(&self, sink: &mut S, us: Color, targets: Bitboard) -> ControlFlow<()> {
        let hand = self.hand(us);
        if hand.is_empty() {
            return ControlFlow::Continue(());
        }
        let drop = |kind, targets| MoveGroup::new(Origin::Drop(kind), targets, Promotion::Unpromoted);
        if hand.count(PieceKind::Pawn) > 0 {
            let nifu = self.pieces(us, PieceKind::Pawn).fill_files();
            let mut to = targets & !Bitboard::dead_squares(us, PieceKind::Pawn) & !nifu;
            // Uchifuzume: a pawn dropped in front of the enemy king must not mate it.
            if let Some(their_king) = self.king(us.flip()) {
                let front = step_attacks(us.flip(), PieceKind::Pawn, their_king);
                if let Some(square) = (to & front).lsb()
                    && self.pawn_drop_mates(square, their_king, S::PAWN_DEFENDER_PREFILTER)
                {
                    to = to.without(square);
                }
            }
            sink.add(drop(PieceKind::Pawn, to))?;
        }
        sink.add_forward_drops(us, hand.count(PieceKind::Lance) > 0, hand.count(PieceKind::Knight) > 0, targets)?;
        // The kinds that drop anywhere: one target set for all.
        let mut kinds = [PieceKind::Silver; 4];
        let mut held = 0;
        for kind in [PieceKind::Silver, PieceKind::Gold, PieceKind::Bishop, PieceKind::Rook] {
            if hand.count(kind) > 0
                && let Some(slot) = kinds.get_mut(held)
            {
                *slot = kind;
                held += 1;
            }
        }
        sink.add_drops(kinds.get(..held).unwrap_or(&[]), targets)
    }

    /// True when a pawn of the side to move dropped on `square` (in front of the enemy king on
    /// `their_king`) would leave the enemy without a legal reply.
    ///
    /// With `prefilter` ([`Sink::PAWN_DEFENDER_PREFILTER`]) it first asks whether any piece of ours
    /// could defend the pawn at all: one stands a king's step or a knight's jump away, or a slider of
    /// ours is on a line with it on an empty board. Usually none does, so the king takes the pawn and
    /// these few reads answer without the full test.
    #[inline(always)]
    fn pawn_drop_mates(&self, square: Square, their_king: Square, prefilter: bool) -> bool {
        if !prefilter {
            return self.defended_pawn_drop_mates(square, their_king);
        }
        let us = self.side_to_move();
        let own = self.colored(us);
        let k = |kind: PieceKind| self.kind(kind);
        let steppers = (step_to(us, PieceKind::King, square) | step_to(us, PieceKind::Knight, square)) & own;
        let sliders = sliders_aimed_at(
            us,
            square,
            (k(PieceKind::Rook) | k(PieceKind::Dragon)) & own,
            (k(PieceKind::Bishop) | k(PieceKind::Horse)) & own,
            k(PieceKind::Lance) & own,
        );
        !(steppers | sliders).is_empty() && self.defended_pawn_drop_mates(square, their_king)
    }

    /// [`Position::pawn_drop_mates`] when a piece of ours might defend the pawn: the refutations are
    /// tried cheapest and likeliest first: the king takes an undefended pawn, the king steps away,
    /// and only then (rarely reached) another piece takes the pawn.
    #[inline(never)]
    fn defended_pawn_drop_mates(&self, square: Square, their_king: Square) -> bool {
        let us = self.side_to_move();
        let them = us.flip();
        let occupied = self.occupied().with(square);
        // Our stepping pieces' attacks next to their king: on the pawn and on the king's escapes.
        let stepped = self.step_attacks_near(us, their_king);
        // The king takes the pawn unless we defend it.
        if !stepped.contains(square) && !self.slider_attacks_square(us, square, occupied) {
            return false;
        }
        // The king steps away to a square we do not attack.
        let escapes = step_attacks(them, PieceKind::King, their_king) & !self.colored(them).with(square) & !stepped;
        let without_king = occupied.without(their_king);
        for to in escapes {
            if !self.slider_attacks_square(us, to, without_king) {
                return false;
            }
        }
        // Another piece takes it unless that uncovers its king.
        let capturers = self.attackers_to(them, square, occupied).without(their_king);
        for from in capturers {
            let after = occupied.without(from);
            if self.slider_attackers(us, their_king, after).is_empty() {
                return false;
            }
        }
        true
    }
}
