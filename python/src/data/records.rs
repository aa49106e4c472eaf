//! The four record formats of the numpy dtypes, read and written record by record with the core's
//! readers (`Position::from_packed`, `Hcpe`, `Psv`): every rule of the formats lives there.

use std::fmt;

use crate::errors::kind_name;

use hayanagi::{
    Color, GameResult, Hcpe, Move, Move16Format, PackedFormat, PackedRecord, Position, Psv, PsvResult, RecordErrorKind,
    UnpackErrorKind,
};

/// A record format of a numpy array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// HCP alone (cshogi `HuffmanCodedPos`), 32 bytes.
    Hcp,
    /// hcpe (cshogi `HuffmanCodedPosAndEval`), 38 bytes.
    Hcpe,
    /// PackedSfen alone (cshogi `PackedSfen`), 32 bytes.
    PackedSfen,
    /// PSV (cshogi `PackedSfenValue`), 40 bytes.
    Psv,
}

impl Format {
    /// Every format.
    pub const ALL: [Format; 4] = [Format::Hcp, Format::Hcpe, Format::PackedSfen, Format::Psv];

    /// Bytes per record.
    pub const fn size(self) -> usize {
        match self {
            Format::Hcp | Format::PackedSfen => 32,
            Format::Hcpe => Hcpe::SIZE,
            Format::Psv => Psv::SIZE,
        }
    }

    /// The layout of the record's position.
    pub const fn packed(self) -> PackedFormat {
        match self {
            Format::Hcp | Format::Hcpe => PackedFormat::Hcp,
            Format::PackedSfen | Format::Psv => PackedFormat::PackedSfen,
        }
    }

    /// The layout of the record's move field as its format defines it (hcpe: cshogi's move16, PSV:
    /// YaneuraOu's Move16); `None` for a bare position.
    pub const fn standard_move16(self) -> Option<Move16Format> {
        match self {
            Format::Hcpe => Some(Move16Format::Cshogi),
            Format::Psv => Some(Move16Format::YaneuraOu),
            Format::Hcp | Format::PackedSfen => None,
        }
    }

    /// The name used in Python (`"hcp"`, `"hcpe"`, `"packed_sfen"`, `"psv"`).
    pub const fn name(self) -> &'static str {
        match self {
            Format::Hcp => "hcp",
            Format::Hcpe => "hcpe",
            Format::PackedSfen => "packed_sfen",
            Format::Psv => "psv",
        }
    }
}

/// A record that was rejected: its index in the array, the byte within the record where the
/// offending field (or code) starts, and what is wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadRecord {
    /// The index of the record in the array, from 0.
    pub index: usize,
    /// The byte within the record.
    pub offset: usize,
    /// What is wrong.
    pub kind: RecordErrorKind,
}

impl BadRecord {
    /// What is wrong, as a snake_case name (the package's `kind`): the innermost variant of the
    /// core's error (`nifu`, `bad_hand_code`, `illegal`, `game_result`, `padding`, ...).
    pub fn kind_name(&self) -> String {
        match self.kind {
            RecordErrorKind::Position(UnpackErrorKind::Setup(problem)) => kind_name(&problem),
            RecordErrorKind::Position(kind) => kind_name(&kind),
            RecordErrorKind::Move(error) => kind_name(&error),
            kind => kind_name(&kind),
        }
    }

    /// Which part of the record is wrong: `position`, `move`, `game_result`, `padding`, `game_ply`
    /// or `record` (the input ends inside it): the outer variant of the core's error.
    pub fn field(&self) -> String {
        match kind_name(&self.kind).as_str() {
            "ply_zero" => "game_ply".into(),
            "truncated" => "record".into(),
            other => other.into(),
        }
    }
}

impl fmt::Display for BadRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "record {} at byte {}: {}", self.index, self.offset, self.kind)
    }
}

/// A record read and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record {
    /// A bare position (HCP, PackedSfen); ply 1.
    Position(Position),
    /// An hcpe record.
    Hcpe(Hcpe),
    /// A PSV record.
    Psv(Psv),
}

impl Record {
    /// The record's position.
    pub fn position(&self) -> &Position {
        match self {
            Record::Position(position) => position,
            Record::Hcpe(record) => &record.position,
            Record::Psv(record) => &record.position,
        }
    }

    /// The record's move, if the format has one.
    pub fn mv(&self) -> Option<Move> {
        match self {
            Record::Position(_) => None,
            Record::Hcpe(record) => Some(record.best_move),
            Record::Psv(record) => Some(record.mv),
        }
    }
}

const MOVE_FIELD: usize = 34;

fn le16(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes.get(at).copied().unwrap_or(0), bytes.get(at + 1).copied().unwrap_or(0)])
}

/// Reads one record of `format` from its `format.size()` bytes, the move field in the layout
/// `move16` (`None`: the format's own). A move field in another layout is turned into the format's
/// own first and then read by the core's reader, so every rule is checked in one place.
///
/// # Errors
/// The byte within the record and what is wrong there.
pub fn read(format: Format, bytes: &[u8], move16: Option<Move16Format>) -> Result<Record, (usize, RecordErrorKind)> {
    let mut buf = [0u8; 40];
    let bytes = match (format.standard_move16(), move16) {
        (Some(standard), Some(given)) if standard != given => {
            let mv = Move::from_move16(le16(bytes, MOVE_FIELD), given)
                .map_err(|e| (MOVE_FIELD, RecordErrorKind::Move(e)))?;
            for (b, &s) in buf.iter_mut().zip(bytes) {
                *b = s;
            }
            let code = mv.to_move16(standard).to_le_bytes();
            buf[MOVE_FIELD] = code[0];
            buf[MOVE_FIELD + 1] = code[1];
            buf.get(..format.size()).unwrap_or(&[])
        }
        _ => bytes,
    };
    match format {
        Format::Hcp | Format::PackedSfen => {
            let mut packed = [0u8; 32];
            for (b, &s) in packed.iter_mut().zip(bytes) {
                *b = s;
            }
            Position::from_packed(&packed, format.packed())
                .map(Record::Position)
                .map_err(|e| (e.byte(), RecordErrorKind::Position(e.kind())))
        }
        Format::Hcpe => Hcpe::read(bytes).map(Record::Hcpe),
        Format::Psv => Psv::read(bytes).map(Record::Psv),
    }
}

/// A record kept from one read to the next by a loop over records, which [`with_position`] reads
/// each record into in place (`PackedRecord::read_into`, `Position::set_packed`): no position is
/// built and copied per record.
#[derive(Default)]
pub struct Scratch(Option<Record>);

/// Reads one record as [`read`] does, into `scratch`, and gives `use_it` its position and move.
///
/// # Errors
/// The byte within the record and what is wrong there, as [`read`].
#[inline(always)]
pub fn with_position<T>(
    format: Format,
    bytes: &[u8],
    move16: Option<Move16Format>,
    scratch: &mut Scratch,
    use_it: impl FnOnce(&Position, Option<Move>) -> T,
) -> Result<T, (usize, RecordErrorKind)> {
    if move16.is_some() && move16 != format.standard_move16() {
        let record = read(format, bytes, move16)?;
        return Ok(use_it(record.position(), record.mv()));
    }
    match (&mut scratch.0, format) {
        (Some(Record::Hcpe(record)), Format::Hcpe) => {
            record.read_into(bytes)?;
            Ok(use_it(&record.position, Some(record.best_move)))
        }
        (Some(Record::Psv(record)), Format::Psv) => {
            record.read_into(bytes)?;
            Ok(use_it(&record.position, Some(record.mv)))
        }
        (Some(Record::Position(position)), Format::Hcp | Format::PackedSfen) => {
            let mut packed = [0u8; 32];
            for (b, &s) in packed.iter_mut().zip(bytes) {
                *b = s;
            }
            position
                .set_packed(&packed, format.packed())
                .map_err(|e| (e.byte(), RecordErrorKind::Position(e.kind())))?;
            Ok(use_it(position, None))
        }
        // The first record of the loop (or of another format): read as a new value, kept.
        (slot, _) => {
            let record = slot.insert(read(format, bytes, None)?);
            Ok(use_it(record.position(), record.mv()))
        }
    }
}

/// Why a record cannot be written in a format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteError {
    /// The position does not fit the packed layouts (no king of a colour).
    Pack(hayanagi::PackError),
    /// The target format has a move and the source record none.
    NoMove,
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Pack(e) => write!(f, "{e}"),
            WriteError::NoMove => f.write_str("the target format needs a move and the record has none"),
        }
    }
}

/// Writes `record` as `format` into `out` (`format.size()` bytes), the move in layout `move16`
/// (`None`: the format's own). Between hcpe and PSV: eval and score are the same number (both for
/// the side to move); the game result is turned between "who won" (hcpe) and "did the side to move
/// win" (PSV); PSV's game ply is `ply` (hcpe keeps none).
///
/// # Errors
/// [`WriteError`]: a position without both kings, or a move the source does not have.
pub fn write(
    record: &Record,
    format: Format,
    move16: Option<Move16Format>,
    ply: u16,
    out: &mut [u8],
) -> Result<(), WriteError> {
    let mut buf = [0u8; 40];
    let position = record.position();
    let side = position.side_to_move();
    match format {
        Format::Hcp | Format::PackedSfen => {
            let packed = position.to_packed(format.packed()).map_err(WriteError::Pack)?;
            buf[..32].copy_from_slice(&packed);
        }
        Format::Hcpe => {
            let (eval, result) = match record {
                Record::Hcpe(r) => (r.eval, r.result),
                Record::Psv(r) => (r.score, game_result(r.result.winner(side))),
                Record::Position(_) => return Err(WriteError::NoMove),
            };
            let best_move = record.mv().ok_or(WriteError::NoMove)?;
            let hcpe = Hcpe { position: position.clone(), eval, best_move, result };
            hcpe.write(&mut buf).map_err(WriteError::Pack)?;
        }
        Format::Psv => {
            let (score, result) = match record {
                Record::Psv(r) => (r.score, r.result),
                Record::Hcpe(r) => (r.eval, psv_result(r.result, side)),
                Record::Position(_) => return Err(WriteError::NoMove),
            };
            let mv = record.mv().ok_or(WriteError::NoMove)?;
            let psv = Psv { position: position.clone(), score, mv, result };
            psv.write(&mut buf).map_err(WriteError::Pack)?;
            // The game ply field: the record's own for PSV, `ply` for a source without one.
            let ply = match record {
                Record::Psv(r) => u16::try_from(r.position.ply()).unwrap_or(u16::MAX),
                _ => ply,
            };
            buf[36..38].copy_from_slice(&ply.to_le_bytes());
        }
    }
    if let (Some(standard), Some(given), Some(mv)) = (format.standard_move16(), move16, record.mv())
        && standard != given
    {
        buf[MOVE_FIELD..MOVE_FIELD + 2].copy_from_slice(&mv.to_move16(given).to_le_bytes());
    }
    for (o, &b) in out.iter_mut().zip(&buf[..format.size()]) {
        *o = b;
    }
    Ok(())
}

fn game_result(winner: Option<Color>) -> GameResult {
    match winner {
        None => GameResult::Draw,
        Some(Color::Black) => GameResult::BlackWin,
        Some(Color::White) => GameResult::WhiteWin,
    }
}

fn psv_result(result: GameResult, side: Color) -> PsvResult {
    match (result, side) {
        (GameResult::Draw, _) => PsvResult::Draw,
        (GameResult::BlackWin, Color::Black) | (GameResult::WhiteWin, Color::White) => PsvResult::Win,
        _ => PsvResult::Loss,
    }
}
