//! Fixed-size training records on packed positions (hcpe, PSV), and streams of them.

use core::fmt;
use core::marker::PhantomData;

use crate::packed::move16::{Move16Error, Move16Format};
use crate::packed::position::{PackError, PackedFormat, UnpackError, UnpackErrorKind, decode, decode_into};
use crate::{Color, Move, Position};

/// A fixed-size record of a packed position and what a training pipeline stores beside it.
///
/// Implemented by [`Hcpe`] (38 bytes) and [`Psv`] (40 bytes); [`Records`], [`RecordReader`] and
/// [`RecordWriter`] work on any of them.
///
/// ```
/// use hayanagi::{Hcpe, PsvResult, PackedRecord, Position, Psv};
/// // Code written once for both formats.
/// fn plies<R: PackedRecord>(records: &[R]) -> Vec<u64> {
///     records.iter().map(|r| r.position().ply()).collect()
/// }
/// assert_eq!((Hcpe::SIZE, Psv::SIZE), (38, 40));
/// let pos = Position::from_usi_position("startpos moves 7g7f")?;
/// let psv = Psv { mv: pos.parse_usi_move("3c3d")?, position: pos, score: 0, result: PsvResult::Draw };
/// assert_eq!(plies(&[psv]), [2]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait PackedRecord: Sized {
    /// The record's size in bytes.
    const SIZE: usize;

    /// Reads one record from exactly [`SIZE`](Self::SIZE) bytes.
    ///
    /// # Errors
    /// The byte offset within the record and what is wrong there.
    fn read(bytes: &[u8]) -> Result<Self, (usize, RecordErrorKind)>;

    /// [`read`](Self::read) into this record, in place: for a loop over many records, which then
    /// builds no new position and copies none.
    ///
    /// # Errors
    /// The error of [`read`](Self::read); the record is then unspecified (a record whose position
    /// is a valid one, not necessarily with a legal move).
    ///
    /// ```
    /// use hayanagi::{GameResult, Hcpe, PackedRecord, Position};
    /// let pos = Position::startpos();
    /// let first = Hcpe { best_move: pos.parse_usi_move("7g7f")?, position: pos, eval: 0, result: GameResult::Draw };
    /// let mut bytes = [0u8; 40];
    /// first.write(&mut bytes)?;
    /// let mut record = first.clone();
    /// record.position.play(record.best_move)?;
    /// assert_eq!(record.read_into(&bytes[..Hcpe::SIZE]), Ok(()));
    /// assert_eq!(record, first);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn read_into(&mut self, bytes: &[u8]) -> Result<(), (usize, RecordErrorKind)> {
        *self = Self::read(bytes)?;
        Ok(())
    }

    /// Writes the record into the first [`SIZE`](Self::SIZE) bytes of `out`.
    ///
    /// # Errors
    /// [`PackError`] for a position (or ply) the record cannot hold; `out` is then unchanged.
    fn write(&self, out: &mut [u8; 40]) -> Result<(), PackError>;

    /// The record's position.
    fn position(&self) -> &Position;
}

/// The result of the game an hcpe record comes from, as dlshogi and cshogi store it (cshogi's
/// `DRAW`, `BLACK_WIN`, `WHITE_WIN`).
///
/// ```
/// use hayanagi::{GameResult, Hcpe, PackedRecord, Position};
/// let pos = Position::startpos();
/// let record = Hcpe { best_move: pos.parse_usi_move("7g7f")?, position: pos, eval: 0, result: GameResult::WhiteWin };
/// let mut bytes = [0u8; 40];
/// record.write(&mut bytes)?;
/// assert_eq!(bytes[36], 2); // cshogi's WHITE_WIN
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// 0.
    Draw,
    /// 1.
    BlackWin,
    /// 2.
    WhiteWin,
}

/// The result of the game a PSV record comes from, for the side to move in the record's position
/// (PSV's `game_result`: -1, 0, 1). [`GameResult`] is the same fact by colour, as hcpe stores it.
///
/// ```
/// use hayanagi::{PsvResult, PackedRecord, Position, Psv};
/// let pos = Position::startpos();
/// let record = Psv { mv: pos.parse_usi_move("7g7f")?, position: pos, score: -300, result: PsvResult::Loss };
/// let mut bytes = [0u8; 40];
/// record.write(&mut bytes)?;
/// assert_eq!(bytes[38] as i8, -1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PsvResult {
    /// -1: the side to move lost.
    Loss,
    /// 0.
    Draw,
    /// 1: the side to move won.
    Win,
}

/// An hcpe record (dlshogi's `HuffmanCodedPosAndEval`, cshogi's `HuffmanCodedPosAndEval` dtype), 38
/// bytes: the position as HCP (32), `eval` (i16, little-endian), `bestMove16` (u16, cshogi layout),
/// `gameResult` (u8: 0 draw, 1 Black won, 2 White won), one padding byte (0).
///
/// Reading rejects a position HCP rejects, a best move that is not legal in it, a game result
/// above 2 and a non-zero padding byte. The position read has ply 1 (hcpe stores none).
///
/// ```
/// use hayanagi::{GameResult, Hcpe, PackedRecord, Position};
/// let pos = Position::startpos();
/// let record = Hcpe { best_move: pos.parse_usi_move("2g2f")?, position: pos, eval: -35, result: GameResult::BlackWin };
/// let mut bytes = [0u8; 40];
/// record.write(&mut bytes)?;
/// assert_eq!(bytes[32..38], [0xdd, 0xff, 0x8e, 0x07, 1, 0]);
/// assert_eq!(Hcpe::read(&bytes[..Hcpe::SIZE]), Ok(record));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hcpe {
    /// The position (ply 1 when read).
    pub position: Position,
    /// The evaluation, as the producer stored it (dlshogi: for the side to move).
    pub eval: i16,
    /// The best move, legal in `position`.
    pub best_move: Move,
    /// The result of the game.
    pub result: GameResult,
}

/// A PSV record (YaneuraOu's `PackedSfenValue`, cshogi's `PackedSfenValue` dtype), 40 bytes: the
/// position as PackedSfen (32), `score` (i16, little-endian), `move` (u16, YaneuraOu layout),
/// `gamePly` (u16), `game_result` (i8: 1 win, 0 draw, -1 loss for the side to move), one padding
/// byte (0).
///
/// Reading rejects a position PackedSfen rejects, a move that is not legal in it, a game ply of 0
/// (docs/RULES.md R58: plies start at 1), a result outside -1..=1 and a non-zero padding byte. The
/// position read has the record's game ply; writing needs a ply of at most 65,535.
///
/// ```
/// use hayanagi::{PsvResult, PackedRecord, Position, Psv};
/// let pos = Position::from_usi_position("position startpos moves 7g7f")?;
/// let record = Psv { mv: pos.parse_usi_move("3c3d")?, position: pos, score: 12, result: PsvResult::Draw };
/// let mut bytes = [0u8; 40];
/// record.write(&mut bytes)?;
/// assert_eq!(bytes[32..40], [12, 0, 0x15, 0x0a, 2, 0, 0, 0]);
/// assert_eq!(Psv::read(&bytes), Ok(record));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Psv {
    /// The position, with the record's game ply as its ply.
    pub position: Position,
    /// The score, for the side to move.
    pub score: i16,
    /// The move (the best move of the search that produced the record), legal in `position`.
    pub mv: Move,
    /// The result of the game for the side to move.
    pub result: PsvResult,
}

/// What is wrong in a record; see [`RecordError`] for where.
///
/// ```
/// use hayanagi::{GameResult, Hcpe, PackedRecord, Position, RecordErrorKind};
/// let pos = Position::startpos();
/// let record = Hcpe { best_move: pos.parse_usi_move("7g7f")?, position: pos, eval: 0, result: GameResult::Draw };
/// let mut bytes = [0u8; 40];
/// record.write(&mut bytes)?;
/// bytes[36] = 3; // no such game result
/// assert_eq!(Hcpe::read(&bytes[..Hcpe::SIZE]), Err((36, RecordErrorKind::GameResult { value: 3 })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
// Not `non_exhaustive`, so that a mapping of the kinds (the C API's error codes) fails to build
// when one is added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordErrorKind {
    /// The packed position is rejected (the offset is at the byte of the offending code).
    Position(UnpackErrorKind),
    /// The move field is not a legal move of the position.
    Move(Move16Error),
    /// A game result outside the record's values.
    GameResult {
        /// The byte.
        value: u8,
    },
    /// A padding byte that is not 0.
    Padding {
        /// The byte.
        value: u8,
    },
    /// A PSV game ply of 0.
    PlyZero,
    /// The input ends inside a record.
    Truncated {
        /// How many bytes of the record are there.
        len: usize,
    },
}

impl fmt::Display for RecordErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            RecordErrorKind::Position(kind) => write!(f, "position: {kind}"),
            RecordErrorKind::Move(error) => write!(f, "move: {error}"),
            RecordErrorKind::GameResult { value } => write!(f, "game result {value} is not one of the format's"),
            RecordErrorKind::Padding { value } => write!(f, "padding byte 0x{value:02x}, expected 0"),
            RecordErrorKind::PlyZero => write!(f, "game ply: {}", crate::SetupProblem::PlyZero),
            RecordErrorKind::Truncated { len } => write!(f, "the input ends {len} bytes into the record"),
        }
    }
}

/// Why a record of a stream was rejected: its index (from 0), the byte offset in the stream of the
/// offending field, and what is wrong.
///
/// ```
/// use hayanagi::{Hcpe, RecordErrorKind, Records};
/// let mut err = Records::<Hcpe>::new(&[0u8; 40]);
/// let err = err.next().unwrap().unwrap_err();
/// assert_eq!((err.index(), err.offset()), (0, 1));
/// assert_eq!(err.to_string(), "record 0 at byte 1: position: both kings on one square");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RecordError {
    index: u64,
    offset: u64,
    kind: RecordErrorKind,
}

impl RecordError {
    /// The index of the record in the stream, from 0.
    ///
    /// ```
    /// use hayanagi::{Hcpe, Records};
    /// // Three all-zero records: each is rejected, each with its own index.
    /// let errors: Vec<u64> = Records::<Hcpe>::new(&[0u8; 38 * 3]).map(|r| r.unwrap_err().index()).collect();
    /// assert_eq!(errors, [0, 1, 2]);
    /// ```
    #[inline]
    #[must_use]
    pub const fn index(self) -> u64 {
        self.index
    }

    /// The byte offset in the stream of the offending field (or of the end, for a truncated record).
    ///
    /// ```
    /// use hayanagi::{Hcpe, Records};
    /// // The second record's position error is at its byte 1, byte 38 + 1 of the stream.
    /// let err = Records::<Hcpe>::new(&[0u8; 76]).nth(1).unwrap().unwrap_err();
    /// assert_eq!(err.offset(), 39);
    /// ```
    #[inline]
    #[must_use]
    pub const fn offset(self) -> u64 {
        self.offset
    }

    /// What is wrong.
    ///
    /// ```
    /// use hayanagi::{Psv, RecordErrorKind, Records};
    /// let err = Records::<Psv>::new(&[0u8; 10]).next().unwrap().unwrap_err();
    /// assert_eq!(err.kind(), RecordErrorKind::Truncated { len: 10 });
    /// ```
    #[inline]
    #[must_use]
    pub const fn kind(self) -> RecordErrorKind {
        self.kind
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "record {} at byte {}: {}", self.index, self.offset, self.kind)
    }
}

impl core::error::Error for RecordError {}

fn array32(bytes: &[u8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    copy(&mut out, bytes);
    out
}

/// Copies as much of `src` as fits into `dst` (no length check that could panic).
fn copy(dst: &mut [u8], src: &[u8]) {
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = s;
    }
}

fn le16(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes.get(at).copied().unwrap_or(0), bytes.get(at + 1).copied().unwrap_or(0)])
}

fn read_position(bytes: &[u8], format: PackedFormat, ply: u64) -> Result<Position, (usize, RecordErrorKind)> {
    decode(&array32(bytes), format.layout(), ply).map_err(position_error)
}

fn read_position_into(
    bytes: &[u8],
    format: PackedFormat,
    ply: u64,
    pos: &mut Position,
) -> Result<(), (usize, RecordErrorKind)> {
    decode_into(&array32(bytes), format.layout(), ply, pos).map_err(position_error)
}

fn position_error(e: UnpackError) -> (usize, RecordErrorKind) {
    (e.byte(), RecordErrorKind::Position(e.kind()))
}

fn check_padding(bytes: &[u8], at: usize) -> Result<(), (usize, RecordErrorKind)> {
    match bytes.get(at).copied().unwrap_or(0) {
        0 => Ok(()),
        value => Err((at, RecordErrorKind::Padding { value })),
    }
}

/// The fields of an hcpe record after its position: eval, best move (checked in `position`), result.
#[inline(always)]
fn hcpe_fields(position: &Position, bytes: &[u8]) -> Result<(i16, Move, GameResult), (usize, RecordErrorKind)> {
    let eval = le16(bytes, 32) as i16;
    let best_move =
        position.move_from_move16(le16(bytes, 34), Move16Format::Cshogi).map_err(|e| (34, RecordErrorKind::Move(e)))?;
    let result = match bytes.get(36).copied().unwrap_or(0) {
        0 => GameResult::Draw,
        1 => GameResult::BlackWin,
        2 => GameResult::WhiteWin,
        value => return Err((36, RecordErrorKind::GameResult { value })),
    };
    check_padding(bytes, 37)?;
    Ok((eval, best_move, result))
}

impl PackedRecord for Hcpe {
    const SIZE: usize = 38;

    fn read(bytes: &[u8]) -> Result<Hcpe, (usize, RecordErrorKind)> {
        let position = read_position(bytes, PackedFormat::Hcp, 1)?;
        let (eval, best_move, result) = hcpe_fields(&position, bytes)?;
        Ok(Hcpe { position, eval, best_move, result })
    }

    fn read_into(&mut self, bytes: &[u8]) -> Result<(), (usize, RecordErrorKind)> {
        read_position_into(bytes, PackedFormat::Hcp, 1, &mut self.position)?;
        (self.eval, self.best_move, self.result) = hcpe_fields(&self.position, bytes)?;
        Ok(())
    }

    fn write(&self, out: &mut [u8; 40]) -> Result<(), PackError> {
        let hcp = self.position.to_packed(PackedFormat::Hcp)?;
        copy(&mut out[..32], &hcp);
        copy(&mut out[32..34], &self.eval.to_le_bytes());
        copy(&mut out[34..36], &self.best_move.to_move16(Move16Format::Cshogi).to_le_bytes());
        out[36] = match self.result {
            GameResult::Draw => 0,
            GameResult::BlackWin => 1,
            GameResult::WhiteWin => 2,
        };
        out[37] = 0;
        Ok(())
    }

    fn position(&self) -> &Position {
        &self.position
    }
}

/// The fields of a PSV record after its position (read with ply `ply.max(1)`): score, move (checked
/// in `position`), result; `ply` is the record's game ply field.
#[inline(always)]
fn psv_fields(position: &Position, ply: u16, bytes: &[u8]) -> Result<(i16, Move, PsvResult), (usize, RecordErrorKind)> {
    let score = le16(bytes, 32) as i16;
    let mv = position
        .move_from_move16(le16(bytes, 34), Move16Format::YaneuraOu)
        .map_err(|e| (34, RecordErrorKind::Move(e)))?;
    if ply == 0 {
        return Err((36, RecordErrorKind::PlyZero));
    }
    let result = match bytes.get(38).copied().unwrap_or(0) as i8 {
        -1 => PsvResult::Loss,
        0 => PsvResult::Draw,
        1 => PsvResult::Win,
        value => return Err((38, RecordErrorKind::GameResult { value: value as u8 })),
    };
    check_padding(bytes, 39)?;
    Ok((score, mv, result))
}

impl PackedRecord for Psv {
    const SIZE: usize = 40;

    fn read(bytes: &[u8]) -> Result<Psv, (usize, RecordErrorKind)> {
        let ply = le16(bytes, 36);
        let position = read_position(bytes, PackedFormat::PackedSfen, ply.max(1) as u64)?;
        let (score, mv, result) = psv_fields(&position, ply, bytes)?;
        Ok(Psv { position, score, mv, result })
    }

    fn read_into(&mut self, bytes: &[u8]) -> Result<(), (usize, RecordErrorKind)> {
        let ply = le16(bytes, 36);
        read_position_into(bytes, PackedFormat::PackedSfen, ply.max(1) as u64, &mut self.position)?;
        (self.score, self.mv, self.result) = psv_fields(&self.position, ply, bytes)?;
        Ok(())
    }

    fn write(&self, out: &mut [u8; 40]) -> Result<(), PackError> {
        let ply = self.position.ply();
        let Ok(game_ply) = u16::try_from(ply) else { return Err(PackError::PlyTooLarge { ply }) };
        let sfen = self.position.to_packed(PackedFormat::PackedSfen)?;
        copy(&mut out[..32], &sfen);
        copy(&mut out[32..34], &self.score.to_le_bytes());
        copy(&mut out[34..36], &self.mv.to_move16(Move16Format::YaneuraOu).to_le_bytes());
        copy(&mut out[36..38], &game_ply.to_le_bytes());
        out[38] = match self.result {
            PsvResult::Loss => -1i8 as u8,
            PsvResult::Draw => 0,
            PsvResult::Win => 1,
        };
        out[39] = 0;
        Ok(())
    }

    fn position(&self) -> &Position {
        &self.position
    }
}

/// The records of a byte slice, in order: an iterator of `Result<R, RecordError>`. A slice whose
/// length is not a multiple of the record size ends with a [`RecordErrorKind::Truncated`] error.
/// A rejected record does not stop the iteration: the next call reads the next record.
///
/// ```
/// use hayanagi::{Hcpe, PackedRecord, Records, RecordErrorKind};
/// let mut bytes = [0u8; 80];
/// let records: Vec<_> = Records::<Hcpe>::new(&bytes[..Hcpe::SIZE * 2 + 1]).collect();
/// assert_eq!(records.len(), 3);
/// assert_eq!(records[2].as_ref().unwrap_err().kind(), RecordErrorKind::Truncated { len: 1 });
/// ```
pub struct Records<'a, R> {
    bytes: &'a [u8],
    index: u64,
    offset: u64,
    record: PhantomData<R>,
}

impl<'a, R: PackedRecord> Records<'a, R> {
    /// The records of `bytes`, numbered from 0 at offset 0.
    ///
    /// ```
    /// use hayanagi::{PsvResult, PackedRecord, Position, Psv, Records};
    /// let pos = Position::startpos();
    /// let record = Psv { mv: pos.parse_usi_move("7g7f")?, position: pos, score: 0, result: PsvResult::Draw };
    /// let mut bytes = [0u8; 80];
    /// record.write((&mut bytes[..40]).try_into()?)?;
    /// let read: Vec<_> = Records::<Psv>::new(&bytes).collect();
    /// assert_eq!(read.len(), 2);
    /// assert_eq!(read[0], Ok(record)); // the second, all zeros, is an error
    /// assert!(read[1].is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn new(bytes: &'a [u8]) -> Records<'a, R> {
        Records::starting_at(bytes, 0, 0)
    }

    /// The records of `bytes`, the first numbered `index` at stream offset `offset` (for a stream
    /// read in pieces that each hold whole records).
    ///
    /// ```
    /// use hayanagi::{Hcpe, Records};
    /// // The piece of a stream that starts with record 5, at byte 5 * 38 = 190.
    /// let err = Records::<Hcpe>::starting_at(&[0u8; 38], 5, 190).next().unwrap().unwrap_err();
    /// assert_eq!((err.index(), err.offset()), (5, 191));
    /// ```
    #[must_use]
    pub const fn starting_at(bytes: &'a [u8], index: u64, offset: u64) -> Records<'a, R> {
        Records { bytes, index, offset, record: PhantomData }
    }
}

impl<R: PackedRecord> Iterator for Records<'_, R> {
    type Item = Result<R, RecordError>;

    fn next(&mut self) -> Option<Result<R, RecordError>> {
        if self.bytes.is_empty() {
            return None;
        }
        let (index, offset) = (self.index, self.offset);
        let Some((record, rest)) = self.bytes.split_at_checked(R::SIZE) else {
            let len = self.bytes.len();
            self.bytes = &[];
            let kind = RecordErrorKind::Truncated { len };
            return Some(Err(RecordError { index, offset: offset + len as u64, kind }));
        };
        self.bytes = rest;
        self.index += 1;
        self.offset += R::SIZE as u64;
        Some(R::read(record).map_err(|(at, kind)| RecordError { index, offset: offset + at as u64, kind }))
    }
}

/// Reads a stream of records from chunks of any size (as a file or socket delivers them), keeping
/// the part of a record that a chunk ends in (at most 39 bytes) until the next chunk: no allocation.
///
/// ```
/// use hayanagi::{Hcpe, GameResult, PackedRecord, Position, RecordReader};
/// let pos = Position::startpos();
/// let record = Hcpe { best_move: pos.parse_usi_move("7g7f")?, position: pos, eval: 0, result: GameResult::Draw };
/// let mut stream = [0u8; 76];
/// let mut buf = [0u8; 40];
/// record.write(&mut buf)?;
/// stream[..38].copy_from_slice(&buf[..38]);
/// stream[38..].copy_from_slice(&buf[..38]);
/// let mut reader = RecordReader::<Hcpe>::new();
/// let mut read = 0;
/// for chunk in stream.chunks(5) {
///     for result in reader.feed(chunk) {
///         assert_eq!(result?, record);
///         read += 1;
///     }
/// }
/// assert_eq!((read, reader.finish()), (2, Ok(())));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct RecordReader<R> {
    carry: [u8; 40],
    carry_len: usize,
    index: u64,
    offset: u64,
    record: PhantomData<R>,
}

impl<R: PackedRecord> Default for RecordReader<R> {
    fn default() -> Self {
        RecordReader::new()
    }
}

impl<R: PackedRecord> RecordReader<R> {
    /// A reader at the start of a stream.
    ///
    /// ```
    /// use hayanagi::{Hcpe, RecordReader};
    /// let reader = RecordReader::<Hcpe>::new();
    /// assert_eq!(reader.count(), 0);
    /// assert_eq!(reader.finish(), Ok(())); // an empty stream is a whole one
    /// ```
    #[must_use]
    pub const fn new() -> RecordReader<R> {
        RecordReader { carry: [0; 40], carry_len: 0, index: 0, offset: 0, record: PhantomData }
    }

    /// The records that `chunk` completes, in order. Run the iterator to its end before the next
    /// call: the bytes it has not reached when dropped are not kept.
    ///
    /// ```
    /// use hayanagi::{Hcpe, RecordReader};
    /// let stream = [0u8; 76]; // two (rejected) records
    /// let mut reader = RecordReader::<Hcpe>::new();
    /// assert_eq!(reader.feed(&stream[..50]).count(), 1); // 12 bytes of the second are kept
    /// assert_eq!(reader.feed(&stream[50..]).count(), 1);
    /// assert_eq!(reader.count(), 2);
    /// ```
    pub fn feed<'a>(&'a mut self, chunk: &'a [u8]) -> Chunk<'a, R> {
        Chunk { reader: self, chunk }
    }

    /// Ends the stream.
    ///
    /// # Errors
    /// [`RecordErrorKind::Truncated`] if the stream ended inside a record.
    ///
    /// ```
    /// use hayanagi::{Psv, RecordErrorKind, RecordReader};
    /// let mut reader = RecordReader::<Psv>::new();
    /// assert_eq!(reader.feed(&[0u8; 30]).count(), 0);
    /// let err = reader.finish().unwrap_err();
    /// assert_eq!((err.offset(), err.kind()), (30, RecordErrorKind::Truncated { len: 30 }));
    /// ```
    pub fn finish(&self) -> Result<(), RecordError> {
        match self.carry_len {
            0 => Ok(()),
            len => Err(RecordError {
                index: self.index,
                offset: self.offset + len as u64,
                kind: RecordErrorKind::Truncated { len },
            }),
        }
    }

    /// How many records the reader has read (accepted or rejected).
    ///
    /// ```
    /// use hayanagi::{Hcpe, RecordReader};
    /// let mut reader = RecordReader::<Hcpe>::new();
    /// let _ = reader.feed(&[0u8; 100]).count(); // two records and 24 bytes
    /// assert_eq!(reader.count(), 2);
    /// ```
    #[must_use]
    pub const fn count(&self) -> u64 {
        self.index
    }

    fn decode(&mut self, bytes: &[u8]) -> Result<R, RecordError> {
        let (index, offset) = (self.index, self.offset);
        self.index += 1;
        self.offset += R::SIZE as u64;
        R::read(bytes).map_err(|(at, kind)| RecordError { index, offset: offset + at as u64, kind })
    }
}

/// The records one chunk completes; see [`RecordReader::feed`].
///
/// ```
/// use hayanagi::{Hcpe, RecordReader};
/// let mut reader = RecordReader::<Hcpe>::new();
/// let chunk = reader.feed(&[0u8; 40]);
/// let results: Vec<_> = chunk.collect();
/// assert_eq!(results.len(), 1); // one record; its 2 extra bytes wait for the next chunk
/// ```
pub struct Chunk<'a, R> {
    reader: &'a mut RecordReader<R>,
    chunk: &'a [u8],
}

impl<R: PackedRecord> Iterator for Chunk<'_, R> {
    type Item = Result<R, RecordError>;

    fn next(&mut self) -> Option<Result<R, RecordError>> {
        let reader = &mut *self.reader;
        if reader.carry_len > 0 {
            let need = R::SIZE - reader.carry_len;
            let take = need.min(self.chunk.len());
            let (head, rest) = self.chunk.split_at_checked(take)?;
            copy(reader.carry.get_mut(reader.carry_len..)?, head);
            reader.carry_len += take;
            self.chunk = rest;
            if reader.carry_len < R::SIZE {
                return None;
            }
            reader.carry_len = 0;
            let carry = reader.carry;
            return Some(reader.decode(carry.get(..R::SIZE)?));
        }
        match self.chunk.split_at_checked(R::SIZE) {
            Some((record, rest)) => {
                self.chunk = rest;
                Some(reader.decode(record))
            }
            None => {
                let len = self.chunk.len();
                copy(&mut reader.carry, self.chunk);
                reader.carry_len = len;
                self.chunk = &[];
                None
            }
        }
    }
}

/// Why a record could not be written; the buffer then holds the records written before it.
///
/// ```
/// use hayanagi::{PsvResult, PackError, Position, Psv, RecordWriteError, RecordWriter};
/// let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b G 70000")?;
/// let record = Psv { mv: pos.parse_usi_move("G*5b")?, position: pos, score: 0, result: PsvResult::Win };
/// let mut buf = [0u8; 40];
/// let err = RecordWriter::new(&mut buf).push(&record).unwrap_err();
/// assert_eq!(err, RecordWriteError::Pack(PackError::PlyTooLarge { ply: 70000 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RecordWriteError {
    /// The buffer has no room for another record.
    BufferFull,
    /// The record's position (or ply) does not fit the format.
    Pack(PackError),
}

impl fmt::Display for RecordWriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordWriteError::BufferFull => f.write_str("the buffer is full"),
            RecordWriteError::Pack(error) => write!(f, "{error}"),
        }
    }
}

impl core::error::Error for RecordWriteError {}

/// Writes records one after the other into a caller's buffer.
///
/// ```
/// use hayanagi::{PsvResult, Position, Psv, RecordWriteError, RecordWriter, Records};
/// let pos = Position::startpos();
/// let record = Psv { mv: pos.parse_usi_move("7g7f")?, position: pos, score: 0, result: PsvResult::Win };
/// let mut buf = [0u8; 100];
/// let mut writer = RecordWriter::new(&mut buf);
/// writer.push(&record)?;
/// writer.push(&record)?;
/// assert_eq!(writer.push(&record), Err(RecordWriteError::BufferFull));
/// let bytes = writer.written();
/// assert_eq!(bytes.len(), 80);
/// assert!(Records::<Psv>::new(bytes).all(|r| r == Ok(record.clone())));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct RecordWriter<'a> {
    buf: &'a mut [u8],
    len: usize,
}

impl<'a> RecordWriter<'a> {
    /// A writer that fills `buf` from its start.
    ///
    /// ```
    /// use hayanagi::RecordWriter;
    /// let mut buf = [0u8; 400];
    /// let writer = RecordWriter::new(&mut buf);
    /// assert!(writer.is_empty());
    /// ```
    pub const fn new(buf: &'a mut [u8]) -> RecordWriter<'a> {
        RecordWriter { buf, len: 0 }
    }

    /// Appends one record.
    ///
    /// # Errors
    /// [`RecordWriteError::BufferFull`] when fewer than `R::SIZE` bytes are left,
    /// [`RecordWriteError::Pack`] for a record the format cannot hold; nothing is written then.
    ///
    /// ```
    /// use hayanagi::{GameResult, Hcpe, Position, RecordWriteError, RecordWriter};
    /// let pos = Position::startpos();
    /// let record = Hcpe { best_move: pos.parse_usi_move("7g7f")?, position: pos, eval: 0, result: GameResult::Draw };
    /// let mut buf = [0u8; 50];
    /// let mut writer = RecordWriter::new(&mut buf);
    /// writer.push(&record)?;
    /// assert_eq!(writer.push(&record), Err(RecordWriteError::BufferFull)); // 12 bytes left
    /// assert_eq!(writer.len(), 38);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn push<R: PackedRecord>(&mut self, record: &R) -> Result<(), RecordWriteError> {
        let Some(dst) = self.buf.get_mut(self.len..self.len.saturating_add(R::SIZE)) else {
            return Err(RecordWriteError::BufferFull);
        };
        let mut bytes = [0u8; 40];
        record.write(&mut bytes).map_err(RecordWriteError::Pack)?;
        copy(dst, &bytes);
        self.len += R::SIZE;
        Ok(())
    }

    /// The bytes written so far.
    ///
    /// ```
    /// use hayanagi::{GameResult, Hcpe, PackedFormat, Position, RecordWriter};
    /// let pos = Position::startpos();
    /// let record = Hcpe { best_move: pos.parse_usi_move("7g7f")?, position: pos, eval: 0, result: GameResult::Draw };
    /// let mut buf = [0u8; 100];
    /// let mut writer = RecordWriter::new(&mut buf);
    /// writer.push(&record)?;
    /// assert_eq!(writer.written()[..32], Position::startpos().to_packed(PackedFormat::Hcp)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn written(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or(&[])
    }

    /// The number of bytes written so far.
    ///
    /// ```
    /// use hayanagi::{PsvResult, Position, Psv, RecordWriter};
    /// let pos = Position::startpos();
    /// let record = Psv { mv: pos.parse_usi_move("7g7f")?, position: pos, score: 0, result: PsvResult::Draw };
    /// let mut buf = [0u8; 100];
    /// let mut writer = RecordWriter::new(&mut buf);
    /// writer.push(&record)?;
    /// writer.push(&record)?;
    /// assert_eq!(writer.len(), 80);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// True when nothing has been written.
    ///
    /// ```
    /// use hayanagi::{PsvResult, Position, Psv, RecordWriter};
    /// let pos = Position::startpos();
    /// let record = Psv { mv: pos.parse_usi_move("7g7f")?, position: pos, score: 0, result: PsvResult::Draw };
    /// let mut buf = [0u8; 40];
    /// let mut writer = RecordWriter::new(&mut buf);
    /// assert!(writer.is_empty());
    /// writer.push(&record)?;
    /// assert!(!writer.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Which colour won, from a [`PsvResult`] for `side`; `None` for a draw.
impl PsvResult {
    /// The winner, given the side the result is for; `None` for a draw.
    ///
    /// ```
    /// use hayanagi::{Color, PsvResult};
    /// assert_eq!(PsvResult::Win.winner(Color::White), Some(Color::White));
    /// assert_eq!(PsvResult::Loss.winner(Color::White), Some(Color::Black));
    /// assert_eq!(PsvResult::Draw.winner(Color::Black), None);
    /// ```
    #[must_use]
    pub const fn winner(self, side: Color) -> Option<Color> {
        match self {
            PsvResult::Win => Some(side),
            PsvResult::Loss => Some(side.flip()),
            PsvResult::Draw => None,
        }
    }
}
