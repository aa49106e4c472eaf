//! The Python face of the array functions: numpy arrays in and out, the GIL released while the
//! kernels run, bad input raised as `RecordError` / `ArrayError` (both `ValueError`s).

use hayanagi::Move16Format;
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyString, PyTuple};

use crate::errors;

use crate::data::batch::{self, ConvertError, Input};
use crate::data::features::{BOARD_PLANES, CELLS, HAND_PLANES, PACKED_BITS, PACKED_BYTES, Planes};
use crate::data::labels::{self, LABELS};
use crate::data::records::{BadRecord, Format, WriteError};

pyo3::create_exception!(
    hayanagi,
    RecordError,
    crate::errors::Error,
    "A record that is not valid: `index` (in the array or file), `offset` (the byte within the \
     record where the offending field starts), `field` (the part of the record: 'position', 'move', \
     'game_result', 'padding', 'game_ply', 'record'), `kind` (a snake_case name such as 'nifu' or \
     'illegal') and `reason` (the message)."
);
pyo3::create_exception!(
    hayanagi,
    ArrayError,
    crate::errors::Error,
    "An argument that is not an array of records of the expected kind: a wrong dtype, shape, \
     format name or move16 layout name; `kind` names which."
);

/// The record formats' numpy dtypes, made once.
struct Dtypes([Py<PyAny>; 4]);

fn dtypes(py: Python<'_>) -> PyResult<&[Py<PyAny>; 4]> {
    static DTYPES: PyOnceLock<Dtypes> = PyOnceLock::new();
    let made = DTYPES.get_or_try_init(py, || -> PyResult<Dtypes> {
        let np = py.import("numpy")?;
        let make = |spec: &str| -> PyResult<Py<PyAny>> {
            let fields = py.eval(&std::ffi::CString::new(spec)?, None, None)?;
            Ok(np.getattr("dtype")?.call1((fields,))?.unbind())
        };
        Ok(Dtypes([
            make("[('hcp', 'u1', (32,))]")?,
            make(
                "[('hcp', 'u1', (32,)), ('eval', '<i2'), ('bestMove16', '<i2'), ('gameResult', 'i1'), ('dummy', 'u1')]",
            )?,
            make("[('sfen', 'u1', (32,))]")?,
            make(
                "[('sfen', 'u1', (32,)), ('score', '<i2'), ('move', '<u2'), ('gamePly', '<u2'), ('game_result', 'i1'), ('padding', 'u1')]",
            )?,
        ]))
    })?;
    Ok(&made.0)
}

fn format_index(format: Format) -> usize {
    match format {
        Format::Hcp => 0,
        Format::Hcpe => 1,
        Format::PackedSfen => 2,
        Format::Psv => 3,
    }
}

pub(crate) fn dtype_of(py: Python<'_>, format: Format) -> PyResult<Bound<'_, PyAny>> {
    Ok(dtypes(py)?[format_index(format)].bind(py).clone())
}

pub(crate) fn array_error(kind: &str, reason: String) -> PyErr {
    Python::attach(|py| {
        let text = PyString::new(py, &reason).into_any().unbind();
        errors::new_error::<ArrayError>(py, &reason, kind, None, &[("reason", text)])
    })
}

pub(crate) fn record_error(bad: &BadRecord) -> PyErr {
    record_error_at(bad.index, bad.offset, &bad.field(), &bad.kind_name(), bad.kind.to_string())
}

pub(crate) fn record_error_parts(index: usize, offset: usize, kind: &str, reason: String) -> PyErr {
    record_error_at(index, offset, "record", kind, reason)
}

fn record_error_at(index: usize, offset: usize, field: &str, kind: &str, reason: String) -> PyErr {
    Python::attach(|py| {
        let message = format!("record {index} at byte {offset}: {reason}");
        let extra = [
            ("index", index.into_pyobject(py).map(|i| i.into_any().unbind())),
            ("field", Ok(PyString::new(py, field).into_any().unbind())),
            ("reason", Ok(PyString::new(py, &reason).into_any().unbind())),
        ];
        let extra: Vec<(&str, Py<PyAny>)> = extra.into_iter().filter_map(|(k, v)| v.ok().map(|v| (k, v))).collect();
        errors::new_error::<RecordError>(py, message, kind, Some(offset), &extra)
    })
}

pub(crate) fn parse_format(name: &str) -> PyResult<Format> {
    Format::ALL.into_iter().find(|f| f.name() == name).ok_or_else(|| {
        array_error("format", format!("unknown record format {name:?}: expected 'hcp', 'hcpe', 'packed_sfen' or 'psv'"))
    })
}

pub(crate) fn parse_move16(name: Option<&str>) -> PyResult<Option<Move16Format>> {
    match name {
        None => Ok(None),
        Some("cshogi") => Ok(Some(Move16Format::Cshogi)),
        Some("yaneuraou") => Ok(Some(Move16Format::YaneuraOu)),
        Some(other) => Err(array_error(
            "move16",
            format!("unknown move16 layout {other:?}: expected 'cshogi' (Apery's, hcpe's) or 'yaneuraou' (PSV's)"),
        )),
    }
}

pub(crate) fn parse_threads(threads: i64) -> PyResult<usize> {
    usize::try_from(threads)
        .map_err(|_| array_error("threads", format!("threads={threads}: expected 0 (every core) or a positive count")))
}

/// An array of records as bytes, with its format.
pub(crate) struct Records<'py> {
    bytes: PyReadonlyArray1<'py, u8>,
    pub(crate) input: Input,
    pub(crate) len: usize,
}

impl Records<'_> {
    pub(crate) fn slice(&self) -> &[u8] {
        // A view made by `extract` is contiguous.
        self.bytes.as_slice().unwrap_or(&[])
    }
}

/// Reads `array` as records: one of the four dtypes (the format is the dtype's), or `uint8` of
/// shape `(n, size)` or `(n * size,)` with `format` named.
pub(crate) fn extract<'py>(
    array: &Bound<'py, PyAny>,
    format: Option<&str>,
    move16: Option<&str>,
) -> PyResult<Records<'py>> {
    let py = array.py();
    let np = py.import("numpy")?;
    let Ok(untyped) = array.cast::<numpy::PyUntypedArray>() else {
        return Err(array_error(
            "type",
            format!("expected a numpy array of records, got {}", array.get_type().name()?),
        ));
    };
    let named = format.map(parse_format).transpose()?;
    let dtype = untyped.getattr("dtype")?;
    let mut by_dtype = None;
    for candidate in Format::ALL {
        if dtype.eq(dtype_of(py, candidate)?)? {
            by_dtype = Some(candidate);
        }
    }
    let format = match (by_dtype, named) {
        (Some(found), Some(named)) if found != named => {
            return Err(array_error(
                "format",
                format!("format={:?} but the array's dtype is that of {:?}", named.name(), found.name()),
            ));
        }
        (Some(found), _) => {
            if untyped.ndim() != 1 {
                return Err(array_error(
                    "shape",
                    format!("expected a 1-D array of records, got shape {:?}", untyped.shape()),
                ));
            }
            found
        }
        (None, named) => {
            let is_u8 = dtype.eq(np.getattr("dtype")?.call1(("u1",))?)?;
            let Some(format) = named.filter(|_| is_u8) else {
                return Err(array_error(
                    "dtype",
                    format!(
                        "dtype {} is none of the record dtypes (HuffmanCodedPos, HuffmanCodedPosAndEval, PackedSfen, \
                         PackedSfenValue); a uint8 array needs format= ('hcp', 'hcpe', 'packed_sfen', 'psv')",
                        dtype.str()?
                    ),
                ));
            };
            let shape = untyped.shape();
            let ok = match shape {
                [_] => true,
                [_, width] => *width == format.size(),
                _ => false,
            };
            if !ok {
                return Err(array_error(
                    "shape",
                    format!(
                        "a uint8 array of {} records must have shape (n, {}) or (n * {},), got {:?}",
                        format.name(),
                        format.size(),
                        format.size(),
                        shape
                    ),
                ));
            }
            format
        }
    };
    let input = Input { format, move16: parse_move16(move16)? };
    if input.move16.is_some() && format.standard_move16().is_none() {
        return Err(array_error(
            "move16",
            format!("{} records have no move field: move16 does not apply", format.name()),
        ));
    }
    let flat = np
        .getattr("ascontiguousarray")?
        .call1((array,))?
        .call_method1("view", ("u1",))?
        .call_method1("reshape", (-1,))?;
    let bytes: PyReadonlyArray1<'py, u8> = flat.extract()?;
    let total = bytes.len();
    let len = total / format.size();
    if total % format.size() != 0 {
        let offset = total % format.size();
        return Err(record_error_parts(
            len,
            offset,
            "truncated",
            format!("the input ends {offset} bytes into the record"),
        ));
    }
    Ok(Records { bytes, input, len })
}

/// The records and thread count of an array function's arguments.
fn arguments<'py>(
    records: &Bound<'py, PyAny>,
    format: Option<&str>,
    move16: Option<&str>,
    threads: i64,
) -> PyResult<(Records<'py>, usize)> {
    let threads = parse_threads(threads)?;
    Ok((extract(records, format, move16)?, threads))
}

/// A batch function writing per-record values: `(input, bytes, out, threads)`.
type Kernel<T> = fn(Input, &[u8], &mut [T], usize) -> Result<(), BadRecord>;

/// Runs `kernel`, which writes `width` values per record, into a fresh vector with the GIL released.
fn per_record<T: Clone + Default + Send>(
    py: Python<'_>,
    records: &Records<'_>,
    threads: usize,
    width: usize,
    kernel: Kernel<T>,
) -> PyResult<Vec<T>> {
    let (input, bytes, n) = (records.input, records.slice(), records.len);
    py.detach(|| {
        let mut out = vec![T::default(); n * width];
        kernel(input, bytes, &mut out, threads).map(|()| out)
    })
    .map_err(|bad| record_error(&bad))
}

/// A list of the bad records of an array, from [`validate`].
#[pyclass(module = "hayanagi", frozen)]
pub struct Problems {
    len: usize,
    bad: Vec<BadRecord>,
}

#[pymethods]
impl Problems {
    /// The indices of the bad records, ascending (int64).
    #[getter]
    fn indices<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        PyArray1::from_vec(py, self.bad.iter().map(|b| b.index as i64).collect())
    }

    /// The byte within each bad record where the offending field starts (int64).
    #[getter]
    fn offsets<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        PyArray1::from_vec(py, self.bad.iter().map(|b| b.offset as i64).collect())
    }

    /// What is wrong with each, as a snake_case kind ('nifu', 'illegal', 'game_result', ...).
    #[getter]
    fn kinds(&self) -> Vec<String> {
        self.bad.iter().map(BadRecord::kind_name).collect()
    }

    /// Which part of each record is wrong ('position', 'move', 'game_result', 'padding', ...).
    #[getter]
    fn fields(&self) -> Vec<String> {
        self.bad.iter().map(BadRecord::field).collect()
    }

    /// What is wrong with each, as a sentence.
    #[getter]
    fn reasons(&self) -> Vec<String> {
        self.bad.iter().map(|b| b.kind.to_string()).collect()
    }

    /// A boolean array over all records: True for the good ones (`records[problems.valid]`).
    #[getter]
    fn valid<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let mut mask = vec![true; self.len];
        for bad in &self.bad {
            if let Some(m) = mask.get_mut(bad.index) {
                *m = false;
            }
        }
        PyArray1::from_vec(py, mask)
    }

    /// Raises the first problem as a `RecordError`; does nothing when there is none.
    fn raise_first(&self) -> PyResult<()> {
        match self.bad.first() {
            Some(bad) => Err(record_error(bad)),
            None => Ok(()),
        }
    }

    /// The problems as `RecordError` objects (not raised).
    fn errors(&self, py: Python<'_>) -> Vec<Py<PyAny>> {
        self.bad.iter().map(|b| record_error(b).into_value(py).into_any()).collect()
    }

    fn __len__(&self) -> usize {
        self.bad.len()
    }

    fn __bool__(&self) -> bool {
        !self.bad.is_empty()
    }

    fn __repr__(&self) -> String {
        match self.bad.first() {
            None => format!("Problems(none in {} records)", self.len),
            Some(first) => format!("Problems({} of {} records; first: {first})", self.bad.len(), self.len),
        }
    }
}

/// Every bad record of `records`, with its index, byte and reason: a `Problems` (empty when all
/// are good). Never raises for bad records; raises `ArrayError` for an argument that is not an
/// array of records.
#[pyfunction]
#[pyo3(signature = (records, *, format=None, move16=None, threads=0))]
fn validate(
    py: Python<'_>,
    records: &Bound<'_, PyAny>,
    format: Option<&str>,
    move16: Option<&str>,
    threads: i64,
) -> PyResult<Problems> {
    let (records, threads) = arguments(records, format, move16, threads)?;
    let (input, bytes) = (records.input, records.slice());
    let bad = py.detach(|| batch::validate(input, bytes, threads));
    Ok(Problems { len: records.len, bad })
}

/// `(features1, features2)` of `n` positions from their float32 values.
fn planes_tuple(py: Python<'_>, board: Vec<f32>, hand: Vec<f32>, n: usize) -> PyResult<Bound<'_, PyTuple>> {
    let board = reshape(PyArray1::from_vec(py, board).into_any(), &[n, BOARD_PLANES, 9, 9])?;
    let hand = reshape(PyArray1::from_vec(py, hand).into_any(), &[n, HAND_PLANES, 9, 9])?;
    PyTuple::new(py, [board, hand])
}

fn reshape<'py>(array: Bound<'py, PyAny>, shape: &[usize]) -> PyResult<Bound<'py, PyAny>> {
    array.call_method1("reshape", (PyTuple::new(array.py(), shape)?,))
}

/// dlshogi's input features of every record, as cshogi's `dlshogi.make_input_features` fills them:
/// `(features1, features2)`, float32 arrays of shape `(n, 62, 9, 9)` and `(n, 57, 9, 9)`, new or
/// the pair `out` given (reused batch after batch, as a data loader does). Raises `RecordError` for
/// the first bad record (`out` may then be partly written).
#[pyfunction]
#[pyo3(signature = (records, *, format=None, move16=None, threads=0, out=None))]
fn input_features<'py>(
    py: Python<'py>,
    records: &Bound<'py, PyAny>,
    format: Option<&str>,
    move16: Option<&str>,
    threads: i64,
    out: Option<(Bound<'py, PyAny>, Bound<'py, PyAny>)>,
) -> PyResult<Bound<'py, PyTuple>> {
    let (records, threads) = arguments(records, format, move16, threads)?;
    let (input, bytes, n) = (records.input, records.slice(), records.len);
    if let Some((features1, features2)) = out {
        {
            let mut board = planes_out(&features1, "out[0]", &[n, BOARD_PLANES, 9, 9])?;
            let mut hand = planes_out(&features2, "out[1]", &[n, HAND_PLANES, 9, 9])?;
            let (Ok(board), Ok(hand)) = (board.as_slice_mut(), hand.as_slice_mut()) else {
                return Err(array_error("features", "the out arrays must be C-contiguous".into()));
            };
            py.detach(|| batch::features_f32(input, bytes, board, hand, threads)).map_err(|bad| record_error(&bad))?;
        }
        return PyTuple::new(py, [features1, features2]);
    }
    let (board, hand) = py
        .detach(|| {
            let mut board = vec![0f32; n * BOARD_PLANES * CELLS];
            let mut hand = vec![0f32; n * HAND_PLANES * CELLS];
            batch::features_f32(input, bytes, &mut board, &mut hand, threads).map(|()| (board, hand))
        })
        .map_err(|bad| record_error(&bad))?;
    planes_tuple(py, board, hand, n)
}

/// The features of every record packed one bit a cell: uint8 of shape `(n, 1205)`, new or the array
/// `out` given (reused batch after batch: no new memory to fault in). Bit `plane * 81 + cell` (planes
/// 0-61 of `features1`, then 62-118 for `features2`) is bit `i % 8` of byte `i / 8`:
/// `numpy.unpackbits(p, axis=-1, count=9639, bitorder="little")` gives the planes (see
/// `unpack_features`). Raises `RecordError` for the first bad record (`out` may then be partly
/// written).
#[pyfunction]
#[pyo3(signature = (records, *, format=None, move16=None, threads=0, out=None))]
fn packed_features<'py>(
    py: Python<'py>,
    records: &Bound<'py, PyAny>,
    format: Option<&str>,
    move16: Option<&str>,
    threads: i64,
    out: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (records, threads) = arguments(records, format, move16, threads)?;
    if let Some(array) = out {
        {
            let shape = [records.len, PACKED_BYTES];
            let wrong = || {
                array_error("features", format!("out must be a writable C-contiguous uint8 array of shape {shape:?}"))
            };
            let typed = array.cast::<numpy::PyArrayDyn<u8>>().map_err(|_| wrong())?;
            if typed.shape() != shape || !typed.is_c_contiguous() {
                return Err(wrong());
            }
            let mut writable = typed.try_readwrite().map_err(|_| wrong())?;
            let bytes_out = writable.as_slice_mut().map_err(|_| wrong())?;
            let (input, bytes) = (records.input, records.slice());
            py.detach(|| batch::features_packed(input, bytes, bytes_out, threads)).map_err(|bad| record_error(&bad))?;
        }
        return Ok(array);
    }
    let out = per_record(py, &records, threads, PACKED_BYTES, batch::features_packed)?;
    reshape(PyArray1::from_vec(py, out).into_any(), &[records.len, PACKED_BYTES])
}

/// Packed features (from `packed_features`) back to `(features1, features2)` float32 arrays.
#[pyfunction]
#[pyo3(signature = (packed, *, threads=0))]
fn unpack_features<'py>(py: Python<'py>, packed: &Bound<'py, PyAny>, threads: i64) -> PyResult<Bound<'py, PyTuple>> {
    let threads = parse_threads(threads)?;
    let Ok(array) = packed.cast::<numpy::PyUntypedArray>() else {
        return Err(array_error("type", "expected a numpy uint8 array of shape (n, 1205)".into()));
    };
    let shape = array.shape().to_vec();
    let is_u8 = array.getattr("dtype")?.eq(py.import("numpy")?.getattr("dtype")?.call1(("u1",))?)?;
    if !is_u8 || shape.len() != 2 || shape[1] != PACKED_BYTES {
        return Err(array_error(
            "shape",
            format!("expected uint8 of shape (n, {PACKED_BYTES}), got {} {shape:?}", array.getattr("dtype")?.str()?),
        ));
    }
    let n = shape[0];
    let flat = py.import("numpy")?.getattr("ascontiguousarray")?.call1((packed,))?.call_method1("reshape", (-1,))?;
    let bytes: PyReadonlyArray1<'_, u8> = flat.extract()?;
    let bytes = bytes.as_slice().unwrap_or(&[]);
    let (board, hand) = py.detach(|| {
        let mut board = vec![0f32; n * BOARD_PLANES * CELLS];
        let mut hand = vec![0f32; n * HAND_PLANES * CELLS];
        let mut outs: Vec<(&mut [f32], &mut [f32])> =
            board.chunks_exact_mut(BOARD_PLANES * CELLS).zip(hand.chunks_exact_mut(HAND_PLANES * CELLS)).collect();
        let _ = crate::data::parallel::rows(bytes, PACKED_BYTES, &mut outs, 1, threads, |_, run, out| {
            for (packed, (board, hand)) in run.chunks_exact(PACKED_BYTES).zip(out.iter_mut()) {
                for bit in 0..PACKED_BITS {
                    let value = (packed.get(bit / 8).copied().unwrap_or(0) >> (bit % 8) & 1) as f32;
                    let slot = if bit < BOARD_PLANES * CELLS {
                        board.get_mut(bit)
                    } else {
                        hand.get_mut(bit - BOARD_PLANES * CELLS)
                    };
                    if let Some(slot) = slot {
                        *slot = value;
                    }
                }
            }
            Ok::<(), ()>(())
        });
        (board, hand)
    });
    planes_tuple(py, board, hand, n)
}

/// dlshogi's move label (0-2186) of every record's move (hcpe's best move, PSV's move), as cshogi's
/// `dlshogi.make_move_label` gives it: int64 of shape `(n,)`. Raises `RecordError` for the first
/// bad record.
#[pyfunction]
#[pyo3(signature = (records, *, format=None, move16=None, threads=0))]
fn move_labels<'py>(
    py: Python<'py>,
    records: &Bound<'py, PyAny>,
    format: Option<&str>,
    move16: Option<&str>,
    threads: i64,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let (records, threads) = arguments(records, format, move16, threads)?;
    if records.input.format.standard_move16().is_none() {
        return Err(array_error(
            "format",
            format!("{} records have no move: labels need hcpe or psv", records.input.format.name()),
        ));
    }
    Ok(PyArray1::from_vec(py, per_record(py, &records, threads, 1, batch::labels)?))
}

/// The Zobrist key of every record's position (uint64; the same key as `Board.zobrist_key`), for
/// partitioning and joins. Raises `RecordError` for the first bad record.
#[pyfunction]
#[pyo3(signature = (records, *, format=None, move16=None, threads=0))]
fn position_keys<'py>(
    py: Python<'py>,
    records: &Bound<'py, PyAny>,
    format: Option<&str>,
    move16: Option<&str>,
    threads: i64,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let (records, threads) = arguments(records, format, move16, threads)?;
    Ok(PyArray1::from_vec(py, per_record(py, &records, threads, 1, batch::keys)?))
}

/// The indices (int64, ascending) of the first record of each distinct position (board, hands,
/// side to move; the move, value and ply fields are not compared): `records[unique(records)]`
/// deduplicates. Exact: positions are compared by their packed bytes, which are one to one with
/// positions. Raises `RecordError` for the first bad record.
#[pyfunction]
#[pyo3(signature = (records, *, format=None, move16=None, threads=0))]
fn unique<'py>(
    py: Python<'py>,
    records: &Bound<'py, PyAny>,
    format: Option<&str>,
    move16: Option<&str>,
    threads: i64,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let (records, threads) = arguments(records, format, move16, threads)?;
    let (input, bytes) = (records.input, records.slice());
    let first = py.detach(|| batch::unique(input, bytes, threads)).map_err(|bad| record_error(&bad))?;
    Ok(PyArray1::from_vec(py, first.into_iter().map(|i| i as i64).collect()))
}

/// The `Problems` of `len` records.
pub(crate) fn problems(len: usize, bad: Vec<BadRecord>) -> Problems {
    Problems { len, bad }
}

/// A conversion error as a `RecordError`, its index moved on by `base` (records before the chunk).
pub(crate) fn convert_error(error: ConvertError, base: usize) -> PyErr {
    match error {
        ConvertError::Bad(bad) => record_error(&BadRecord { index: bad.index + base, ..bad }),
        ConvertError::Write(index, error) => write_error(index + base, &error),
    }
}

fn write_error(index: usize, error: &WriteError) -> PyErr {
    let kind = match error {
        WriteError::Pack(_) => "pack",
        WriteError::NoMove => "no_move",
    };
    record_error_parts(index, 0, kind, error.to_string())
}

/// Every record written in format `to` ('hcp', 'hcpe', 'packed_sfen', 'psv'): hcpe <-> PSV (eval and
/// score are the same number, for the side to move; the game result is turned between "who won"
/// and "did the side to move win"; PSV's gamePly is `ply`, hcpe keeps none) and any record to a bare
/// position. `move16` names the layout of the input's move field and `to_move16` the output's
/// (default: each format's own, 'cshogi' for hcpe and 'yaneuraou' for PSV). Raises `RecordError`
/// for the first record that is bad or cannot be written.
#[pyfunction]
#[pyo3(signature = (records, to, *, format=None, move16=None, to_move16=None, ply=1, threads=0))]
#[allow(clippy::too_many_arguments)]
fn convert<'py>(
    py: Python<'py>,
    records: &Bound<'py, PyAny>,
    to: &str,
    format: Option<&str>,
    move16: Option<&str>,
    to_move16: Option<&str>,
    ply: u16,
    threads: i64,
) -> PyResult<Bound<'py, PyAny>> {
    let (records, threads) = arguments(records, format, move16, threads)?;
    let to = parse_format(to)?;
    let to_move16 = parse_move16(to_move16)?;
    if ply == 0 {
        return Err(array_error("ply", "ply=0: plies start at 1".into()));
    }
    let (input, bytes, n) = (records.input, records.slice(), records.len);
    let out = py
        .detach(|| {
            let mut out = vec![0u8; n * to.size()];
            batch::convert(input, bytes, to, to_move16, &|_| ply, &mut out, threads).map(|()| out)
        })
        .map_err(|e| convert_error(e, 0))?;
    PyArray1::from_vec(py, out).call_method1("view", (dtype_of(py, to)?,))
}

/// The SFEN of every record's position (a list of str; PSV records give their gamePly, the others
/// ply 1). Raises `RecordError` for the first bad record.
#[pyfunction]
#[pyo3(signature = (records, *, format=None, move16=None, threads=0))]
fn to_sfen<'py>(
    py: Python<'py>,
    records: &Bound<'py, PyAny>,
    format: Option<&str>,
    move16: Option<&str>,
    threads: i64,
) -> PyResult<Bound<'py, PyList>> {
    let (records, threads) = arguments(records, format, move16, threads)?;
    let (input, bytes) = (records.input, records.slice());
    let sfens = py.detach(|| batch::sfens(input, bytes, threads)).map_err(|bad| record_error(&bad))?;
    PyList::new(py, sfens)
}

/// Positions from SFEN (a sequence of str) as an array of `dtype` (`HuffmanCodedPos` or
/// `PackedSfen`; for hcpe and PSV use `convert` on such an array or fill the fields). Raises
/// `RecordError` naming the index of the first SFEN that is not a position the layouts hold.
#[pyfunction]
#[pyo3(signature = (sfens, dtype=None))]
fn from_sfen<'py>(
    py: Python<'py>,
    sfens: Vec<String>,
    dtype: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let format = match dtype {
        None => Format::Hcp,
        Some(dtype) => {
            let dtype = py.import("numpy")?.getattr("dtype")?.call1((dtype,))?;
            if dtype.eq(dtype_of(py, Format::Hcp)?)? {
                Format::Hcp
            } else if dtype.eq(dtype_of(py, Format::PackedSfen)?)? {
                Format::PackedSfen
            } else {
                return Err(array_error(
                    "dtype",
                    format!("from_sfen makes HuffmanCodedPos or PackedSfen arrays, not {}", dtype.str()?),
                ));
            }
        }
    };
    let out = py
        .detach(|| {
            let mut out = vec![0u8; sfens.len() * 32];
            for (index, (sfen, out)) in sfens.iter().zip(out.chunks_exact_mut(32)).enumerate() {
                let pos =
                    hayanagi::Position::from_sfen(sfen).map_err(|e| (index, "sfen".to_string(), e.to_string()))?;
                let packed = pos.to_packed(format.packed()).map_err(|e| (index, "pack".to_string(), e.to_string()))?;
                out.copy_from_slice(&packed);
            }
            Ok(out)
        })
        .map_err(|(index, kind, reason): (usize, String, String)| record_error_parts(index, 0, &kind, reason))?;
    PyArray1::from_vec(py, out).call_method1("view", (dtype_of(py, format)?,))
}

/// cshogi's `dlshogi.make_move_label(move, color)`: the label (0-2186) of a move code (cshogi's
/// 16- or 32-bit move; the low 16 bits are read as cshogi's move16) played by `color` (0 Black,
/// 1 White). Raises `ArrayError` for a code that is no move or that no piece could make.
#[pyfunction]
fn make_move_label(code: u32, color: u8) -> PyResult<i64> {
    let mover = match color {
        0 => hayanagi::Color::Black,
        1 => hayanagi::Color::White,
        _ => return Err(array_error("color", format!("color {color}: expected 0 (Black) or 1 (White)"))),
    };
    let mv = hayanagi::Move::from_move16((code & 0xffff) as u16, Move16Format::Cshogi)
        .map_err(|e| array_error("move", format!("move code {code:#x}: {e}")))?;
    labels::move_label(mv, mover)
        .map(i64::from)
        .map_err(|_| array_error("move", format!("move {mv}: no piece moves from its origin to its destination")))
}

/// A caller's float32 feature array of shape `shape` (C-contiguous, writable), borrowed to write.
fn planes_out<'py>(
    array: &Bound<'py, PyAny>,
    name: &str,
    shape: &[usize],
) -> PyResult<numpy::PyReadwriteArrayDyn<'py, f32>> {
    let wrong =
        || array_error("features", format!("{name} must be a writable C-contiguous float32 array of shape {shape:?}"));
    let array = array.cast::<numpy::PyArrayDyn<f32>>().map_err(|_| wrong())?;
    if array.shape() != shape || !array.is_c_contiguous() {
        return Err(wrong());
    }
    array.try_readwrite().map_err(|_| wrong())
}

/// cshogi's `dlshogi.make_input_features(board, features1, features2)`: fills `features1` (float32,
/// shape (62, 9, 9)) and `features2` (float32, shape (57, 9, 9)) with the board's input features,
/// bit for bit as cshogi does. Raises `ArrayError` for arrays of another dtype, shape or layout
/// (where cshogi writes past them).
#[pyfunction]
fn make_input_features(
    board: PyRef<'_, crate::Board>,
    features1: &Bound<'_, PyAny>,
    features2: &Bound<'_, PyAny>,
) -> PyResult<()> {
    let mut board_out = planes_out(features1, "features1", &[BOARD_PLANES, 9, 9])?;
    let mut hand_out = planes_out(features2, "features2", &[HAND_PLANES, 9, 9])?;
    let planes = Planes::new(board.position());
    match (board_out.as_slice_mut(), hand_out.as_slice_mut()) {
        (Ok(b), Ok(h)) => {
            planes.write_f32(b, h);
            Ok(())
        }
        _ => Err(array_error("features", "the feature arrays must be C-contiguous".into())),
    }
}

/// Adds the array functions, dtypes and exceptions to `m`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    for (name, format) in [
        ("HuffmanCodedPos", Format::Hcp),
        ("HuffmanCodedPosAndEval", Format::Hcpe),
        ("PackedSfen", Format::PackedSfen),
        ("PackedSfenValue", Format::Psv),
    ] {
        m.add(name, dtype_of(py, format)?)?;
    }
    m.add("FEATURES1_NUM", BOARD_PLANES)?;
    m.add("FEATURES2_NUM", HAND_PLANES)?;
    m.add("PACKED_FEATURES_BYTES", PACKED_BYTES)?;
    m.add("MOVE_LABELS", LABELS)?;
    let record_error = py.get_type::<RecordError>();
    for name in ["index", "field", "reason"] {
        record_error.setattr(name, py.None())?;
    }
    let array_error = py.get_type::<ArrayError>();
    array_error.setattr("reason", py.None())?;
    m.add("RecordError", record_error)?;
    m.add("ArrayError", array_error)?;
    m.add_class::<Problems>()?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(input_features, m)?)?;
    m.add_function(wrap_pyfunction!(packed_features, m)?)?;
    m.add_function(wrap_pyfunction!(unpack_features, m)?)?;
    m.add_function(wrap_pyfunction!(move_labels, m)?)?;
    m.add_function(wrap_pyfunction!(position_keys, m)?)?;
    m.add_function(wrap_pyfunction!(unique, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    m.add_function(wrap_pyfunction!(to_sfen, m)?)?;
    m.add_function(wrap_pyfunction!(from_sfen, m)?)?;
    m.add_function(wrap_pyfunction!(make_move_label, m)?)?;
    m.add_function(wrap_pyfunction!(make_input_features, m)?)?;
    m.add_class::<crate::data::stream::RecordFileReader>()?;
    m.add_class::<crate::data::stream::RecordFileWriter>()?;
    m.add_function(wrap_pyfunction!(crate::data::stream::validate_file, m)?)?;
    m.add_function(wrap_pyfunction!(crate::data::stream::convert_file, m)?)?;
    Ok(())
}
