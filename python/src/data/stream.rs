//! Record files larger than memory: read and written in chunks of a bounded size, with progress
//! reported on long runs.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::time::{Duration, Instant};

use numpy::PyArray1;
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;

use crate::data::batch::{self, Input};
use crate::data::bind::{self, Problems};
use crate::data::records::{BadRecord, Format};

/// Progress of a long run: nothing, a line on stderr at most once a second, or a Python callable
/// given `(records_done, records_total)`.
pub(crate) struct Progress {
    report: Option<Py<PyAny>>,
    print: bool,
    label: String,
    total: u64,
    started: Instant,
    last: Instant,
}

impl Progress {
    pub(crate) fn new(progress: Option<&Bound<'_, PyAny>>, label: String, total: u64) -> PyResult<Progress> {
        let (print, report) = match progress {
            None => (false, None),
            Some(p) if p.is_callable() => (false, Some(p.clone().unbind())),
            Some(p) => (p.is_truthy()?, None),
        };
        let now = Instant::now();
        Ok(Progress { report, print, label, total, started: now, last: now })
    }

    pub(crate) fn update(&mut self, py: Python<'_>, done: u64, last: bool) -> PyResult<()> {
        let now = Instant::now();
        if !last && now.duration_since(self.last) < Duration::from_secs(1) {
            return Ok(());
        }
        self.last = now;
        if let Some(report) = &self.report {
            report.call1(py, (done, self.total))?;
        }
        if self.print {
            let seconds = now.duration_since(self.started).as_secs_f64().max(1e-9);
            let rate = done as f64 / seconds;
            let percent = if self.total == 0 { 100.0 } else { done as f64 * 100.0 / self.total as f64 };
            let left = if rate > 0.0 { (self.total.saturating_sub(done)) as f64 / rate } else { 0.0 };
            let status = if last { format!("done in {seconds:.1} s") } else { format!("{left:.0} s left") };
            eprintln!(
                "hayanagi: {}: {done} of {} records ({percent:.1} %), {:.0} records/s, {status}",
                self.label, self.total, rate
            );
        }
        Ok(())
    }
}

fn os_error(path: &str, error: io::Error) -> PyErr {
    PyOSError::new_err(format!("{path}: {error}"))
}

/// Opens a file to read: the file, its length and its name as shown in messages.
fn open(path: &std::path::Path) -> PyResult<(File, u64, String)> {
    let shown = path.display().to_string();
    let file = File::open(path).map_err(|e| os_error(&shown, e))?;
    let bytes = file.metadata().map_err(|e| os_error(&shown, e))?.len();
    Ok((file, bytes, shown))
}

fn parse_format_or_dtype(py: Python<'_>, format: &Bound<'_, PyAny>) -> PyResult<Format> {
    if let Ok(name) = format.extract::<String>() {
        return bind::parse_format(&name);
    }
    let dtype = py.import("numpy")?.getattr("dtype")?.call1((format,))?;
    for candidate in Format::ALL {
        if dtype.eq(bind::dtype_of(py, candidate)?)? {
            return Ok(candidate);
        }
    }
    Err(bind::array_error("dtype", format!("{} is none of the record dtypes", dtype.str()?)))
}

/// Reads a record file in chunks: iterating gives arrays of the format's dtype of at most `chunk`
/// records each, so memory stays bounded whatever the file's size. A file that ends inside a
/// record raises `RecordError` (kind 'Truncated') after the last whole chunk; nothing is dropped
/// silently. `progress=True` prints a line to stderr at most once a second; a callable is given
/// `(records_done, records_total)`.
#[pyclass(module = "hayanagi")]
pub struct RecordFileReader {
    file: Option<File>,
    path: String,
    format: Format,
    chunk: usize,
    done: u64,
    total: u64,
    tail: u64,
    progress: Progress,
}

#[pymethods]
impl RecordFileReader {
    #[new]
    #[pyo3(signature = (path, format, *, chunk=1 << 16, progress=None))]
    fn new(
        py: Python<'_>,
        path: std::path::PathBuf,
        format: &Bound<'_, PyAny>,
        chunk: usize,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<RecordFileReader> {
        let format = parse_format_or_dtype(py, format)?;
        let (file, bytes, shown) = open(&path)?;
        let size = format.size() as u64;
        let progress = Progress::new(progress, shown.clone(), bytes / size)?;
        Ok(RecordFileReader {
            file: Some(file),
            path: shown,
            format,
            chunk: chunk.max(1),
            done: 0,
            total: bytes / size,
            tail: bytes % size,
            progress,
        })
    }

    /// The number of whole records in the file.
    #[getter]
    fn total(&self) -> u64 {
        self.total
    }

    /// The number of records read so far: the index in the file of the next chunk's first record.
    #[getter]
    fn records_read(&self) -> u64 {
        self.done
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some(file) = self.file.as_mut() else { return Ok(None) };
        let size = self.format.size();
        let want = (self.total - self.done).min(self.chunk as u64) as usize;
        if want == 0 {
            self.file = None;
            self.progress.update(py, self.done, true)?;
            if self.tail != 0 {
                return Err(bind::record_error_parts(
                    self.done as usize,
                    self.tail as usize,
                    "truncated",
                    format!("{}: the file ends {} bytes into the record", self.path, self.tail),
                ));
            }
            return Ok(None);
        }
        let path = &self.path;
        let buf = py.detach(|| {
            let mut buf = vec![0u8; want * size];
            file.read_exact(&mut buf).map(|()| buf).map_err(|e| os_error(path, e))
        })?;
        self.done += want as u64;
        self.progress.update(py, self.done, false)?;
        PyArray1::from_vec(py, buf).call_method1("view", (bind::dtype_of(py, self.format)?,)).map(Some)
    }
}

/// Writes arrays of records to a file (`mode` 'w' to create or truncate, 'a' to append). Each
/// array is validated before any of it is written unless `validate=False`: a bad record raises
/// `RecordError` with its index in the file, and the file keeps what was written before. Use as a
/// context manager or call `close()`.
#[pyclass(module = "hayanagi")]
pub struct RecordFileWriter {
    file: Option<File>,
    path: String,
    format: Format,
    validate: bool,
    written: u64,
}

#[pymethods]
impl RecordFileWriter {
    #[new]
    #[pyo3(signature = (path, format, *, mode="w", validate=true))]
    fn new(
        py: Python<'_>,
        path: std::path::PathBuf,
        format: &Bound<'_, PyAny>,
        mode: &str,
        validate: bool,
    ) -> PyResult<RecordFileWriter> {
        let format = parse_format_or_dtype(py, format)?;
        let shown = path.display().to_string();
        let mut options = OpenOptions::new();
        match mode {
            "w" => options.write(true).create(true).truncate(true),
            "a" => options.append(true).create(true),
            other => return Err(bind::array_error("mode", format!("mode {other:?}: expected 'w' or 'a'"))),
        };
        let file = options.open(&path).map_err(|e| os_error(&shown, e))?;
        let bytes = file.metadata().map_err(|e| os_error(&shown, e))?.len();
        if bytes % format.size() as u64 != 0 {
            return Err(bind::array_error(
                "file",
                format!("{shown}: {bytes} bytes is not a whole number of {} records", format.name()),
            ));
        }
        Ok(RecordFileWriter { file: Some(file), path: shown, format, validate, written: bytes / format.size() as u64 })
    }

    /// The number of records in the file.
    #[getter]
    fn records_written(&self) -> u64 {
        self.written
    }

    /// Appends the records of `array` (of the writer's format).
    fn write(&mut self, py: Python<'_>, array: &Bound<'_, PyAny>) -> PyResult<()> {
        let records = bind::extract(array, Some(self.format.name()), None)?;
        let (input, bytes) = (records.input, records.slice());
        let Some(file) = self.file.as_mut() else {
            return Err(bind::array_error("closed", format!("{}: the writer is closed", self.path)));
        };
        let (validate, written, path) = (self.validate, self.written, &self.path);
        py.detach(|| {
            if validate && let Some(bad) = batch::validate(input, bytes, 0).first() {
                let at = BadRecord { index: bad.index + written as usize, ..*bad };
                return Err(bind::record_error(&at));
            }
            file.write_all(bytes).map_err(|e| os_error(path, e))
        })?;
        self.written += records.len as u64;
        Ok(())
    }

    /// Flushes and closes the file.
    fn close(&mut self) -> PyResult<()> {
        if let Some(mut file) = self.file.take() {
            file.flush().map_err(|e| os_error(&self.path, e))?;
        }
        Ok(())
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(&mut self, _args: &Bound<'_, pyo3::types::PyTuple>) -> PyResult<bool> {
        self.close()?;
        Ok(false)
    }
}

/// Every bad record of a record file, read in chunks (bounded memory besides the list of
/// problems): a `Problems` whose indices are the records' indices in the file.
#[pyfunction]
#[pyo3(signature = (path, format, *, move16=None, chunk=1 << 18, threads=0, progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn validate_file(
    py: Python<'_>,
    path: std::path::PathBuf,
    format: &Bound<'_, PyAny>,
    move16: Option<&str>,
    chunk: usize,
    threads: i64,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Problems> {
    let threads = bind::parse_threads(threads)?;
    let format = parse_format_or_dtype(py, format)?;
    let input = Input { format, move16: bind::parse_move16(move16)? };
    let (mut file, bytes, shown) = open(&path)?;
    let size = format.size();
    let total = bytes / size as u64;
    let mut progress = Progress::new(progress, shown.clone(), total)?;
    let mut bad = Vec::new();
    let mut buf = vec![0u8; chunk.max(1) * size];
    let mut done = 0u64;
    while done < total {
        let want = (total - done).min(chunk.max(1) as u64) as usize;
        let part = buf.get_mut(..want * size).unwrap_or(&mut []);
        let found = py.detach(|| {
            file.read_exact(part).map_err(|e| os_error(&shown, e))?;
            Ok::<_, PyErr>(batch::validate(input, part, threads))
        })?;
        bad.extend(found.into_iter().map(|b| BadRecord { index: b.index + done as usize, ..b }));
        done += want as u64;
        progress.update(py, done, false)?;
    }
    progress.update(py, done, true)?;
    if bytes % size as u64 != 0 {
        let offset = (bytes % size as u64) as usize;
        bad.push(BadRecord {
            index: total as usize,
            offset,
            kind: hayanagi::RecordErrorKind::Truncated { len: offset },
        });
    }
    Ok(bind::problems(total as usize + usize::from(bytes % size as u64 != 0), bad))
}

/// Converts a record file into another format chunk by chunk (as `convert` does an array), with
/// bounded memory. Raises `RecordError` with the index in the file for the first record that is
/// bad or cannot be written; `dst` then holds the records before it. Returns the number written.
#[pyfunction]
#[pyo3(signature = (src, dst, to, *, format, move16=None, to_move16=None, ply=1, chunk=1 << 18, threads=0, progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn convert_file(
    py: Python<'_>,
    src: std::path::PathBuf,
    dst: std::path::PathBuf,
    to: &Bound<'_, PyAny>,
    format: &Bound<'_, PyAny>,
    move16: Option<&str>,
    to_move16: Option<&str>,
    ply: u16,
    chunk: usize,
    threads: i64,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<u64> {
    let threads = bind::parse_threads(threads)?;
    let from = parse_format_or_dtype(py, format)?;
    let to = parse_format_or_dtype(py, to)?;
    let input = Input { format: from, move16: bind::parse_move16(move16)? };
    let to_move16 = bind::parse_move16(to_move16)?;
    if ply == 0 {
        return Err(bind::array_error("ply", "ply=0: plies start at 1".into()));
    }
    let (mut reader, bytes, shown) = open(&src)?;
    let out_shown = dst.display().to_string();
    let mut writer = File::create(&dst).map_err(|e| os_error(&out_shown, e))?;
    let (size, chunk) = (from.size(), chunk.max(1));
    let total = bytes / size as u64;
    let mut progress = Progress::new(progress, shown.clone(), total)?;
    let mut buf = vec![0u8; chunk * size];
    let mut out = vec![0u8; chunk * to.size()];
    let mut done = 0u64;
    while done < total {
        let want = (total - done).min(chunk as u64) as usize;
        let part = buf.get_mut(..want * size).unwrap_or(&mut []);
        let written = out.get_mut(..want * to.size()).unwrap_or(&mut []);
        py.detach(|| {
            reader.read_exact(part).map_err(|e| os_error(&shown, e))?;
            batch::convert(input, part, to, to_move16, &|_| ply, written, threads)
                .map_err(|e| bind::convert_error(e, done as usize))?;
            writer.write_all(written).map_err(|e| os_error(&out_shown, e))
        })?;
        done += want as u64;
        progress.update(py, done, false)?;
    }
    progress.update(py, done, true)?;
    writer.flush().map_err(|e| os_error(&out_shown, e))?;
    if bytes % size as u64 != 0 {
        let offset = (bytes % size as u64) as usize;
        return Err(bind::record_error_parts(
            total as usize,
            offset,
            "truncated",
            format!("{shown}: the file ends {offset} bytes into the record"),
        ));
    }
    Ok(total)
}
