//! The moves of a game, kept in storage the caller chooses, to judge repetition and perpetual check
//! (docs/RULES.md R45, R46).

use core::fmt;

use crate::{Color, Move, Piece, PlayError, Position, Square, Status, Undo};

/// One recorded move: what a [`History`] keeps per ply. 16 bytes.
///
/// It holds the Zobrist key of the position the move reached, whether that move gave check, the move
/// itself and the piece it captured. The key finds earlier occurrences of a position quickly; the
/// move and the captured piece let the history walk the game back, on a copy of the position, to
/// confirm a key match against the full board, hands and side to move, so a hash collision can never
/// declare a repetition. Whole positions are never stored.
///
/// ```
/// use hayanagi::Entry;
/// assert_eq!(core::mem::size_of::<Entry>(), 16);
/// // 512 plies of history take 8 KiB.
/// assert_eq!(core::mem::size_of::<[Entry; 512]>(), 8192);
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    key: u64,
    mv: Move,
    captured: Option<Piece>,
    gave_check: bool,
}

impl Entry {
    /// The undo record of this entry's move, given the key before it and the ply after it.
    fn undo_record(&self, key_before: u64, ply_after: u64) -> Undo {
        Undo { key_before, key_after: self.key, ply_after, mv: self.mv, captured: self.captured }
    }

    /// A placeholder to fill storage with: `[Entry::EMPTY; 512]`. A [`History`] never reads the
    /// entries it has not written.
    ///
    /// ```
    /// use hayanagi::{Entry, History};
    /// let history = History::new([Entry::EMPTY; 256]);
    /// assert_eq!(history.capacity(), 256);
    /// ```
    pub const EMPTY: Entry =
        Entry { key: 0, mv: Move::board(Square::SQ_9A, Square::SQ_9B, false), captured: None, gave_check: false };

    /// The Zobrist key ([`Position::key`]) of the position the move reached.
    ///
    /// ```
    /// use hayanagi::{Entry, History, Position};
    /// let mut pos = Position::startpos();
    /// let mut history = History::new([Entry::EMPTY; 8]);
    /// let mv = pos.parse_usi_move("7g7f")?;
    /// history.play(&mut pos, mv)?;
    /// assert_eq!(history.entries()[0].key(), pos.key());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn key(&self) -> u64 {
        self.key
    }

    /// The move.
    ///
    /// ```
    /// use hayanagi::{Entry, History, Position};
    /// let mut pos = Position::startpos();
    /// let mut history = History::new([Entry::EMPTY; 8]);
    /// let mv = pos.parse_usi_move("7g7f")?;
    /// history.play(&mut pos, mv)?;
    /// assert_eq!(history.entries()[0].mv(), mv);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn mv(&self) -> Move {
        self.mv
    }

    /// The piece the move captured, as it stood on the board.
    ///
    /// ```
    /// use hayanagi::{Entry, History, Position};
    /// let mut pos = Position::startpos();
    /// let mut history = History::new([Entry::EMPTY; 8]);
    /// for usi in ["7g7f", "3c3d", "8h2b+"] {
    ///     let mv = pos.parse_usi_move(usi)?;
    ///     history.play(&mut pos, mv)?;
    /// }
    /// assert_eq!(history.entries()[0].captured(), None);
    /// assert_eq!(history.entries()[2].captured().map(|piece| piece.to_string()), Some("b".to_string()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn captured(&self) -> Option<Piece> {
        self.captured
    }

    /// True when the move gave check (the side to move after it was in check).
    ///
    /// ```
    /// use hayanagi::{Entry, History, Position};
    /// let mut pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b R 1")?;
    /// let mut history = History::new([Entry::EMPTY; 4]);
    /// let mv = pos.parse_usi_move("R*5b")?;
    /// history.play(&mut pos, mv)?;
    /// assert!(history.entries()[0].gave_check());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn gave_check(&self) -> bool {
        self.gave_check
    }
}

impl Default for Entry {
    fn default() -> Entry {
        Entry::EMPTY
    }
}

impl fmt::Debug for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Entry({}, key {:016x}", self.mv, self.key)?;
        if let Some(captured) = self.captured {
            write!(f, ", captured {captured}")?;
        }
        if self.gave_check {
            f.write_str(", check")?;
        }
        f.write_str(")")
    }
}

/// Why a [`History`] refused a request. The history and the position are unchanged.
///
/// ```
/// use hayanagi::{Entry, History, HistoryError, Position};
/// let mut pos = Position::startpos();
/// let mut history = History::new([Entry::EMPTY; 1]);
/// assert_eq!(history.undo(&mut pos), Err(HistoryError::Empty));
/// let mv = pos.parse_usi_move("7g7f")?;
/// history.play(&mut pos, mv)?;
/// let next = pos.parse_usi_move("3c3d")?;
/// assert_eq!(history.play(&mut pos, next), Err(HistoryError::Full { capacity: 1 }));
/// // A position the history has not reached is refused.
/// let err = history.status(&Position::startpos()).unwrap_err();
/// assert!(matches!(err, HistoryError::NotCurrent { .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryError {
    /// Every entry of the storage is used ([`History::play`], [`History::push`]).
    Full {
        /// The number of entries the storage holds.
        capacity: usize,
    },
    /// The move is not legal in the position ([`History::play`]).
    IllegalMove(Move),
    /// The position is at ply `u64::MAX`, where no move can be played ([`History::play`], as
    /// [`PlayError::PlyLimit`]).
    PlyLimit,
    /// The position is not the one the history has reached: its key differs from the key recorded
    /// for the last move (for [`History::push`]: the key before the move differs). Every method
    /// that takes a position checks this.
    NotCurrent {
        /// The key the history expected.
        expected: u64,
        /// The key it was given.
        found: u64,
    },
    /// There is no move to take back ([`History::undo`]).
    Empty,
}

impl fmt::Display for HistoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HistoryError::Full { capacity } => write!(f, "history full: all {capacity} entries are used"),
            HistoryError::IllegalMove(mv) => write!(f, "illegal move {mv}"),
            HistoryError::PlyLimit => f.write_str("the ply is at 18446744073709551615: no move can be played"),
            HistoryError::NotCurrent { expected, found } => write!(
                f,
                "the position is not the one the history reached (key {found:016x}, expected {expected:016x})"
            ),
            HistoryError::Empty => f.write_str("no move to take back"),
        }
    }
}

impl core::error::Error for HistoryError {}

/// The moves of a game, in storage the caller chooses, to judge repetition (千日手) and perpetual
/// check (連続王手の千日手), docs/RULES.md R44–R48.
///
/// `S` is any slice of [`Entry`] the history may own or borrow: `[Entry; N]` (inline, on the stack
/// or in a static), `&mut [Entry]` (a borrowed buffer), or a `Vec<Entry>` where there is a heap. Each
/// entry takes 16 bytes; the capacity is the storage's length, in moves. When it is full,
/// [`History::play`] and [`History::push`] return [`HistoryError::Full`]: nothing is ever dropped
/// silently.
///
/// The history does not hold the position: the caller keeps it and passes it in; every method that
/// takes one checks that it is the position the history has reached (same Zobrist key). The first
/// move recorded also records the key of the position it was played from, so a history can be
/// filled after the fact, for example from [`Position::from_usi_position_with`].
///
/// ```
/// use hayanagi::{Entry, History, Position, Status};
///
/// let mut pos = Position::startpos();
/// let mut history = History::new([Entry::EMPTY; 64]);
/// // Both sides move a gold out and back, twice: the start position occurs for the third time.
/// for usi in ["6i6h", "4a4b", "6h6i", "4b4a", "6i6h", "4a4b", "6h6i", "4b4a"] {
///     let mv = pos.parse_usi_move(usi).unwrap();
///     history.play(&mut pos, mv).unwrap();
/// }
/// assert_eq!(history.status(&pos), Ok(Status::None));
/// for usi in ["6i6h", "4a4b", "6h6i", "4b4a"] {
///     let mv = pos.parse_usi_move(usi).unwrap();
///     history.play(&mut pos, mv).unwrap();
/// }
/// assert_eq!(history.status(&pos), Ok(Status::DrawRepetition)); // the fourth time
/// assert_eq!((history.len(), history.capacity()), (12, 64));
///
/// // A borrowed buffer works the same way, and can be filled by the USI parser.
/// let mut buffer = [Entry::EMPTY; 16];
/// let mut history = History::new(&mut buffer[..]);
/// let mut full = None;
/// let pos = Position::from_usi_position_with("startpos moves 7g7f 3c3d", |after, undo| {
///     full = full.or(history.push(after, undo).err());
/// })
/// .unwrap();
/// assert_eq!(full, None);
/// assert_eq!(history.len(), 2);
/// assert_eq!(history.status(&pos), Ok(Status::None));
/// ```
///
/// ## Precedence
/// [`History::status`] answers, in this order: [`Status::Mate`] / [`Status::NoMoves`], then
/// repetition ([`Status::WinPerpetualCheck`], [`Status::LossPerpetualCheck`],
/// [`Status::DrawRepetition`]), then [`Status::DrawMaxPly`]. A position without a legal move can
/// never have occurred before in a game of legal moves (no move could have left it), so a mate is
/// never also a repetition; checking it first keeps the answer equal to [`Position::status`]
/// whenever the game ended on the board. A mate or a fourth occurrence reached by the last move
/// allowed still counts as such, not as a draw by the move limit.
///
/// ## Perpetual check
/// At the fourth occurrence (this one and the three most recent earlier ones), the moves since the
/// earliest of the four are examined. If every move of the opponent gave check, the opponent loses:
/// [`Status::WinPerpetualCheck`]. If every move of the side to move gave check, it loses:
/// [`Status::LossPerpetualCheck`]. If both sides gave check with every move, neither is singled out
/// by the rule, and the result is a plain [`Status::DrawRepetition`], as it is when neither did.
pub struct History<S> {
    storage: S,
    len: usize,
    /// The key of the position the first recorded move was played from, once one was recorded.
    start_key: Option<u64>,
}

impl<S> History<S> {
    /// An empty history using `storage`; what the storage holds is ignored and overwritten.
    ///
    /// ```
    /// use hayanagi::{Entry, History};
    /// // Storage on the stack, in a static, or borrowed from a Vec: anything that is a slice of entries.
    /// let mut storage = [Entry::EMPTY; 64];
    /// let history = History::new(&mut storage[..]);
    /// assert!(history.is_empty() && history.capacity() == 64);
    /// ```
    pub const fn new(storage: S) -> History<S> {
        History { storage, len: 0, start_key: None }
    }

    /// The number of moves recorded.
    ///
    /// ```
    /// use hayanagi::{Entry, History, Position};
    /// let mut pos = Position::startpos();
    /// let mut history = History::new([Entry::EMPTY; 8]);
    /// let mv = pos.parse_usi_move("7g7f")?;
    /// history.play(&mut pos, mv)?;
    /// assert_eq!(history.len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// True when no move is recorded.
    ///
    /// ```
    /// use hayanagi::{Entry, History};
    /// assert!(History::new([Entry::EMPTY; 4]).is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Forgets every move (and the start position): the history can record another game.
    ///
    /// ```
    /// use hayanagi::{Entry, History, Position};
    /// let mut pos = Position::startpos();
    /// let mut history = History::new([Entry::EMPTY; 8]);
    /// let mv = pos.parse_usi_move("7g7f")?;
    /// history.play(&mut pos, mv)?;
    /// history.clear();
    /// assert!(history.is_empty() && history.start_key().is_none());
    /// // Now any position may start the next game.
    /// assert!(history.status(&Position::startpos()).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clear(&mut self) {
        self.len = 0;
        self.start_key = None;
    }

    /// Gives the storage back.
    ///
    /// ```
    /// use hayanagi::{Entry, History, Position};
    /// let mut pos = Position::startpos();
    /// let mut history = History::new([Entry::EMPTY; 8]);
    /// let mv = pos.parse_usi_move("7g7f")?;
    /// history.play(&mut pos, mv)?;
    /// let storage: [Entry; 8] = history.into_storage();
    /// assert_eq!(storage[0].mv(), mv);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn into_storage(self) -> S {
        self.storage
    }

    /// The key of the position the first recorded move was played from; `None` until a move is
    /// recorded (and again after [`History::clear`]). With [`History::len`] and the storage, it is
    /// the whole state of a history: [`History::from_parts`] puts one back together.
    ///
    /// ```
    /// use hayanagi::{Entry, History, Position};
    /// let mut pos = Position::startpos();
    /// let mut history = History::new([Entry::EMPTY; 8]);
    /// assert_eq!(history.start_key(), None);
    /// for usi in ["7g7f", "3c3d"] {
    ///     let mv = pos.parse_usi_move(usi)?;
    ///     history.play(&mut pos, mv)?;
    /// }
    /// assert_eq!(history.start_key(), Some(Position::startpos().key())); // the first move's position
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn start_key(&self) -> Option<u64> {
        self.start_key
    }
}

impl<S: AsRef<[Entry]>> History<S> {
    /// The history whose state is `storage`, `len` and `start_key`, as [`History::len`] and
    /// [`History::start_key`] gave them for this storage: for code that keeps the parts apart between
    /// calls (the C API keeps them in the caller's memory). The entries are the ones this library
    /// wrote, so whatever the parts, the history never panics; parts of another history make its
    /// answers meaningless, never unsafe. `None` when `len` is above the storage's length, or a move
    /// is recorded (`len > 0`) without a start key.
    ///
    /// ```
    /// use hayanagi::{Entry, History, Position, Status};
    /// let mut pos = Position::startpos();
    /// let mut history = History::new([Entry::EMPTY; 8]);
    /// let mv = pos.parse_usi_move("7g7f").unwrap();
    /// history.play(&mut pos, mv).unwrap();
    /// let (len, start_key) = (history.len(), history.start_key());
    /// assert_eq!(start_key, Some(Position::startpos().key()));
    ///
    /// let mut again = History::from_parts(history.into_storage(), len, start_key).unwrap();
    /// assert_eq!(again.status(&pos), Ok(Status::None));
    /// assert_eq!(again.undo(&mut pos), Ok(mv));
    /// assert!(History::from_parts([Entry::EMPTY; 8], 9, start_key).is_none());
    /// assert!(History::from_parts([Entry::EMPTY; 8], 1, None).is_none());
    /// ```
    #[must_use]
    pub fn from_parts(storage: S, len: usize, start_key: Option<u64>) -> Option<History<S>> {
        if len > storage.as_ref().len() || (len > 0 && start_key.is_none()) {
            return None;
        }
        Some(History { storage, len, start_key })
    }
}

impl<S: AsRef<[Entry]>> History<S> {
    /// The number of moves the storage can hold.
    ///
    /// ```
    /// use hayanagi::{Entry, History};
    /// assert_eq!(History::new([Entry::EMPTY; 300]).capacity(), 300);
    /// ```
    #[inline]
    pub fn capacity(&self) -> usize {
        self.storage.as_ref().len()
    }

    /// The recorded moves, first to last.
    ///
    /// ```
    /// use hayanagi::{Entry, History, Position};
    /// let mut pos = Position::startpos();
    /// let mut history = History::new([Entry::EMPTY; 8]);
    /// let mv = pos.parse_usi_move("7g7f")?;
    /// history.play(&mut pos, mv)?;
    /// assert_eq!(history.entries().len(), 1);
    /// assert!(!history.entries()[0].gave_check());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn entries(&self) -> &[Entry] {
        self.storage.as_ref().get(..self.len).unwrap_or(&[])
    }

    /// The recorded moves in the order they were played.
    ///
    /// ```
    /// use hayanagi::{Entry, History, Position};
    /// let mut pos = Position::startpos();
    /// let mut history = History::new([Entry::EMPTY; 8]);
    /// for usi in ["7g7f", "3c3d"] {
    ///     let mv = pos.parse_usi_move(usi)?;
    ///     history.play(&mut pos, mv)?;
    /// }
    /// let usi: Vec<String> = history.moves().map(|mv| mv.to_string()).collect();
    /// assert_eq!(usi, ["7g7f", "3c3d"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn moves(&self) -> impl DoubleEndedIterator<Item = Move> + ExactSizeIterator + '_ {
        self.entries().iter().map(|entry| entry.mv)
    }

    /// The key of the position after `plies` recorded moves (0: the start position), if known.
    fn key_after(&self, plies: usize) -> Option<u64> {
        match plies.checked_sub(1) {
            None => self.start_key,
            Some(index) => self.entries().get(index).map(|entry| entry.key),
        }
    }

    /// Checks that `key` is the key of the position the history has reached (any key will do
    /// before the first move is recorded).
    fn check_current(&self, key: u64) -> Result<(), HistoryError> {
        match self.key_after(self.len) {
            Some(expected) if expected != key => Err(HistoryError::NotCurrent { expected, found: key }),
            _ => Ok(()),
        }
    }

    /// The status of `pos`, the position this history has reached (docs/RULES.md R44–R47): mate and
    /// no_moves, four-fold repetition confirmed against the full position, perpetual check. See the
    /// type's documentation for the precedence and the perpetual check rule.
    ///
    /// # Errors
    /// [`HistoryError::NotCurrent`] if `pos` is not the position the history has reached.
    ///
    /// ```
    /// use hayanagi::{Entry, History, Position, Status};
    /// let mut pos = Position::startpos();
    /// let mut history = History::new([Entry::EMPTY; 16]);
    /// // Both kings step out and back twice: the start position occurs the fourth time.
    /// for _ in 0..3 {
    ///     for usi in ["5i5h", "5a5b", "5h5i", "5b5a"] {
    ///         if history.status(&pos)? != Status::None {
    ///             break;
    ///         }
    ///         let mv = pos.parse_usi_move(usi)?;
    ///         history.play(&mut pos, mv)?;
    ///     }
    /// }
    /// assert_eq!(history.status(&pos)?, Status::DrawRepetition);
    /// assert_eq!(history.len(), 12);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn status(&self, pos: &Position) -> Result<Status, HistoryError> {
        self.status_with_max_ply(pos, None)
    }

    /// [`History::status`] with an optional move limit: with `Some(max_ply)`, once the move numbered
    /// `max_ply` has been played (the SFEN move number [`Position::ply`] is above `max_ply`) and the
    /// game has not ended otherwise, the answer is [`Status::DrawMaxPly`]. The limit counts SFEN
    /// move numbers, so a game started from `startpos` is drawn by `Some(256)` after its 256th move.
    ///
    /// # Errors
    /// [`HistoryError::NotCurrent`] if `pos` is not the position the history has reached.
    ///
    /// ```
    /// use hayanagi::{Entry, History, Position, Status};
    /// let mut pos = Position::startpos();
    /// let mut history = History::new([Entry::EMPTY; 8]);
    /// for usi in ["7g7f", "3c3d"] {
    ///     let mv = pos.parse_usi_move(usi).unwrap();
    ///     history.play(&mut pos, mv).unwrap();
    /// }
    /// assert_eq!(history.status_with_max_ply(&pos, Some(2)), Ok(Status::DrawMaxPly));
    /// assert_eq!(history.status_with_max_ply(&pos, Some(3)), Ok(Status::None));
    /// ```
    pub fn status_with_max_ply(&self, pos: &Position, max_ply: Option<u64>) -> Result<Status, HistoryError> {
        self.check_current(pos.key())?;
        let status = pos.status();
        if status.is_over() {
            return Ok(status);
        }
        if let Some(status) = self.repetition(pos) {
            return Ok(status);
        }
        match max_ply {
            Some(max_ply) if pos.ply() > max_ply => Ok(Status::DrawMaxPly),
            _ => Ok(Status::None),
        }
    }

    /// The repetition status of `pos` (which the history has reached), `None` below four occurrences.
    fn repetition(&self, pos: &Position) -> Option<Status> {
        let entries = self.entries();
        let n = entries.len();
        let current = pos.key();
        // Cheap pass over the keys of the earlier positions with the same side to move (after n-2,
        // n-4, ... plies): without three matches there is nothing to confirm.
        let same_side_earlier = (0..n.saturating_sub(1)).rev().step_by(2);
        if same_side_earlier.filter(|&plies| self.key_after(plies) == Some(current)).count() < 3 {
            return None;
        }
        // Walk the game back on a copy, confirming each key match against the full position.
        let mut walker = pos.clone();
        let mut confirmed = 0;
        let mut first = n;
        for plies in (0..n).rev() {
            let entry = entries.get(plies)?;
            let key_before = self.key_after(plies)?;
            // The undo record is rebuilt from the entry (the move, the captured piece, the keys and
            // the ply), so the copy steps back to each earlier position exactly; only its board,
            // hands and side to move are compared.
            let ply_after = walker.ply();
            walker.undo_unchecked(entry.undo_record(key_before, ply_after));
            if (n - plies).is_multiple_of(2) && key_before == current && walker.same_position(pos) {
                confirmed += 1;
                first = plies;
                if confirmed == 3 {
                    break;
                }
            }
        }
        if confirmed < 3 {
            return None;
        }
        // Moves first+1 ..= n: the side to move made first+1, first+3, ..., n-1; the opponent the rest.
        let since_first = entries.get(first..)?;
        let all_checks = |skip: usize| since_first.iter().skip(skip).step_by(2).all(|entry| entry.gave_check);
        let (by_side_to_move, by_opponent) = (all_checks(0), all_checks(1));
        Some(match (by_opponent, by_side_to_move) {
            (true, false) => Status::WinPerpetualCheck,
            (false, true) => Status::LossPerpetualCheck,
            _ => Status::DrawRepetition,
        })
    }
}

impl<S: AsRef<[Entry]> + AsMut<[Entry]>> History<S> {
    /// Plays the legal move `mv` on `pos` (the position the history has reached) and records it.
    /// On an error (history full, illegal move, `pos` not current) neither changes.
    ///
    /// # Errors
    /// [`HistoryError::NotCurrent`] if `pos` is not the position the history has reached,
    /// [`HistoryError::Full`] if every entry is used, [`HistoryError::IllegalMove`] if `mv` is not legal
    /// in `pos`, [`HistoryError::PlyLimit`] at ply `u64::MAX`. Neither the history nor `pos` changes.
    ///
    /// ```
    /// use hayanagi::{Entry, History, HistoryError, Move, Position, Square};
    /// let mut pos = Position::startpos();
    /// let mut history = History::new([Entry::EMPTY; 8]);
    /// let mv = pos.parse_usi_move("7g7f")?;
    /// history.play(&mut pos, mv)?;
    /// assert_eq!(pos.ply(), 2);
    /// // An illegal move changes nothing.
    /// let illegal = Move::normal(Square::SQ_7F, Square::SQ_7D, false).unwrap();
    /// assert_eq!(history.play(&mut pos, illegal), Err(HistoryError::IllegalMove(illegal)));
    /// assert_eq!((history.len(), pos.ply()), (1, 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, pos: &mut Position, mv: Move) -> Result<(), HistoryError> {
        self.check_current(pos.key())?;
        self.check_room()?;
        let undo = pos.play(mv).map_err(|error| match error {
            PlayError::PlyLimit => HistoryError::PlyLimit,
            _ => HistoryError::IllegalMove(mv),
        })?;
        self.record(pos, undo)
    }

    /// Records a move already played: `after` is the position it reached, `undo` what its play
    /// returned (the arguments [`Position::from_usi_position_with`] passes to its callback). The move
    /// is trusted to be legal; the undo record must come from the position the history has reached,
    /// and `after` must be the position the record names.
    ///
    /// # Errors
    /// [`HistoryError::NotCurrent`] if the record was not played from the position the history has
    /// reached (or `after` is not the position it produced), [`HistoryError::Full`] if every entry
    /// is used.
    ///
    /// ```
    /// use hayanagi::{Entry, History, Position};
    /// let mut history = History::new([Entry::EMPTY; 8]);
    /// // Record the moves of a USI command as the parser plays them.
    /// let mut recorded = Ok(());
    /// let pos = Position::from_usi_position_with("startpos moves 7g7f 3c3d", |after, undo| {
    ///     recorded = recorded.and_then(|()| history.push(after, undo));
    /// })?;
    /// recorded?;
    /// assert_eq!(history.len(), 2);
    /// assert!(history.status(&pos).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn push(&mut self, after: &Position, undo: Undo) -> Result<(), HistoryError> {
        self.check_current(undo.key_before)?;
        if (after.key(), after.ply()) != (undo.key_after, undo.ply_after) {
            return Err(HistoryError::NotCurrent { expected: undo.key_after, found: after.key() });
        }
        self.check_room()?;
        self.record(after, undo)
    }

    /// Takes back the last move on `pos` (the position the history has reached) and forgets it;
    /// returns the move.
    ///
    /// # Errors
    /// [`HistoryError::Empty`] if no move is recorded, [`HistoryError::NotCurrent`] if `pos` is not
    /// the position the history has reached. Neither changes.
    ///
    /// ```
    /// use hayanagi::{Entry, History, Position};
    /// let mut pos = Position::startpos();
    /// let mut history = History::new([Entry::EMPTY; 4]);
    /// let mv = pos.parse_usi_move("2g2f").unwrap();
    /// history.play(&mut pos, mv).unwrap();
    /// assert_eq!(history.undo(&mut pos), Ok(mv));
    /// assert_eq!(pos, Position::startpos());
    /// assert!(history.undo(&mut pos).is_err()); // nothing left
    /// ```
    pub fn undo(&mut self, pos: &mut Position) -> Result<Move, HistoryError> {
        let Some(last) = self.len.checked_sub(1) else { return Err(HistoryError::Empty) };
        self.check_current(pos.key())?;
        let (Some(entry), Some(key_before)) = (self.entries().get(last).copied(), self.key_after(last)) else {
            return Err(HistoryError::Empty);
        };
        pos.undo_unchecked(entry.undo_record(key_before, pos.ply()));
        self.len = last;
        Ok(entry.mv)
    }

    fn check_room(&self) -> Result<(), HistoryError> {
        if self.len < self.capacity() { Ok(()) } else { Err(HistoryError::Full { capacity: self.capacity() }) }
    }

    fn record(&mut self, after: &Position, undo: Undo) -> Result<(), HistoryError> {
        let capacity = self.capacity();
        let slot = self.storage.as_mut().get_mut(self.len).ok_or(HistoryError::Full { capacity })?;
        *slot = Entry { key: after.key(), mv: undo.mv, captured: undo.captured, gave_check: after.in_check() };
        if self.len == 0 {
            self.start_key = Some(undo.key_before);
        }
        self.len += 1;
        Ok(())
    }
}

impl<const N: usize> Default for History<[Entry; N]> {
    fn default() -> History<[Entry; N]> {
        History::new([Entry::EMPTY; N])
    }
}

impl<S: AsRef<[Entry]>> fmt::Debug for History<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("History")
            .field("len", &self.len)
            .field("capacity", &self.capacity())
            .field("moves", &self.entries())
            .finish()
    }
}

impl Position {
    /// True when both positions have the same board, hands and side to move: the same position for
    /// the repetition rule, whatever their move numbers (`==` compares the ply too).
    ///
    /// ```
    /// use hayanagi::Position;
    /// let start = Position::startpos();
    /// let later = Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 9")?;
    /// assert!(start.same_position(&later));
    /// assert_ne!(start, later);
    /// # Ok::<(), hayanagi::SfenError>(())
    /// ```
    #[must_use]
    pub fn same_position(&self, other: &Position) -> bool {
        self.side_to_move() == other.side_to_move()
            && Color::ALL.iter().all(|&color| self.hand(color) == other.hand(color))
            && self.board() == other.board()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays `moves` (USI) from `pos` through a new history of 32 entries.
    fn game(mut pos: Position, moves: &str) -> (Position, History<[Entry; 32]>) {
        let mut history = History::default();
        for text in moves.split_whitespace() {
            let mv = pos.parse_usi_move(text).unwrap();
            history.play(&mut pos, mv).unwrap();
        }
        (pos, history)
    }

    const SHUFFLES: &str = "6i6h 4a4b 6h6i 4b4a 6i6h 4a4b 6h6i 4b4a 6i6h 4a4b 6h6i 4b4a";

    #[test]
    fn same_position_compares_board_hands_and_side_but_not_ply() {
        let start = Position::startpos();
        let later = Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 99").unwrap();
        assert!(start.same_position(&later));
        let white = Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1").unwrap();
        assert!(!start.same_position(&white));
        let black_hand = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1").unwrap();
        let white_hand = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b p 1").unwrap();
        assert!(!black_hand.same_position(&white_hand));
        let moved = Position::from_sfen("4k4/9/9/9/9/9/9/9/3K5 b P 1").unwrap();
        assert!(!black_hand.same_position(&moved));
        assert!(black_hand.same_position(&black_hand.clone()));
    }

    #[test]
    fn a_key_match_with_a_different_position_is_no_repetition() {
        // Twelve moves that never repeat a position.
        let (pos, mut history) =
            game(Position::startpos(), "7g7f 3c3d 2g2f 4c4d 2f2e 2b3c 6i7h 3a4b 5g5f 4a3b 3i4h 5a4a");
        assert_eq!(history.status(&pos), Ok(Status::None));
        // Forge the keys of the positions 2, 4 and 6 plies back (same side to move) to collide with
        // the current key: the cheap pass sees three matches, the walk back refutes each of them.
        for plies in [6, 8, 10] {
            history.storage[plies - 1].key = pos.key();
        }
        assert_eq!(history.status(&pos), Ok(Status::None));
        // A forged match added to a real third occurrence (plies 2, 6 and 10) makes no fourth one.
        let (pos, mut history) = game(Position::startpos(), "2g2f 8c8d 6i6h 4a4b 6h6i 4b4a 6i6h 4a4b 6h6i 4b4a");
        history.storage[4 - 1].key = pos.key();
        history.storage[9 - 1].key = pos.key(); // the other side to move: never a candidate
        assert_eq!(history.status(&pos), Ok(Status::None));
        // Played on to a real fourth occurrence, the forged entries change nothing.
        let mut pos = pos;
        for text in ["6i6h", "4a4b", "6h6i", "4b4a"] {
            let mv = pos.parse_usi_move(text).unwrap();
            history.play(&mut pos, mv).unwrap();
        }
        assert_eq!(history.status(&pos), Ok(Status::DrawRepetition));
        let (pos, history) = game(Position::startpos(), SHUFFLES);
        assert_eq!(history.status(&pos), Ok(Status::DrawRepetition));
    }

    #[test]
    fn perpetual_check_judges_each_side_since_the_first_occurrence() {
        // The gold shuffle repeats the start position four times, Black to move. Its moves give no
        // check; forged check flags show how each combination is judged.
        let (pos, mut history) = game(Position::startpos(), SHUFFLES);
        let mut flag = |black: &dyn Fn(usize) -> bool, white: &dyn Fn(usize) -> bool| {
            for (i, entry) in history.storage.iter_mut().take(12).enumerate() {
                // Entry i is move i + 1: Black's moves are the even entries.
                entry.gave_check = if i % 2 == 0 { black(i) } else { white(i) };
            }
            history.status(&pos)
        };
        assert_eq!(flag(&|_| false, &|_| false), Ok(Status::DrawRepetition));
        assert_eq!(flag(&|_| true, &|_| false), Ok(Status::LossPerpetualCheck));
        assert_eq!(flag(&|_| false, &|_| true), Ok(Status::WinPerpetualCheck));
        // Both sides checking all along: neither is singled out, a plain draw.
        assert_eq!(flag(&|_| true, &|_| true), Ok(Status::DrawRepetition));
        // One quiet move anywhere since the first occurrence breaks the chain.
        assert_eq!(flag(&|_| true, &|i| i != 11), Ok(Status::LossPerpetualCheck));
        assert_eq!(flag(&|i| i != 0, &|_| false), Ok(Status::DrawRepetition));
        assert_eq!(flag(&|_| false, &|i| i != 1), Ok(Status::DrawRepetition));
    }
}
