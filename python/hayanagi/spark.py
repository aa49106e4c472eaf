"""Record files on Spark: the array functions of hayanagi run unchanged inside ``mapInArrow``.

A record file is split into byte ranges of whole records (``record_ranges``); each Spark task reads
its range (``read_range``) and hands numpy arrays of records to the same functions a single process
calls (``hayanagi.validate``, ``hayanagi.unique``, ``hayanagi.packed_features``, ...). Between Arrow
and numpy, records travel as a binary column of fixed-size values (``to_arrow`` / ``from_arrow``),
without a copy per record. ``hcpe_pipeline`` is the whole job of python/README.md: validate,
deduplicate across the cluster, featurise.

pyspark and pyarrow are imported only when these functions run.
"""

from __future__ import annotations

import os
from typing import Any, Iterator, List, Sequence, Tuple

import numpy as np

from . import _hayanagi as _h

_DTYPES = {
    "hcp": _h.HuffmanCodedPos,
    "hcpe": _h.HuffmanCodedPosAndEval,
    "packed_sfen": _h.PackedSfen,
    "psv": _h.PackedSfenValue,
}


def dtype_of(format: str) -> np.dtype:
    """The numpy dtype of a record format name ('hcp', 'hcpe', 'packed_sfen', 'psv')."""
    try:
        return _DTYPES[format]
    except KeyError:
        raise _h.ArrayError(f"unknown record format {format!r}: expected one of {sorted(_DTYPES)}") from None


def record_ranges(paths: Sequence[str], format: str, records_per_range: int = 1 << 20) -> List[Tuple[str, int, int, int]]:
    """Splits record files into ranges of whole records: ``(path, first_index, byte_offset, count)``
    rows, ``first_index`` counting from 0 across all the files in order. A file that is not a whole
    number of records raises ``RecordError`` (kind 'truncated') naming it."""
    size = dtype_of(format).itemsize
    rows = []
    index = 0
    for path in paths:
        length = os.path.getsize(path)
        if length % size:
            err = _h.RecordError(
                f"record {index + length // size} at byte {length % size}: {path}: the file ends "
                f"{length % size} bytes into the record")
            err.index, err.offset, err.field, err.kind = index + length // size, length % size, "record", "truncated"
            err.reason = f"{path}: the file ends {length % size} bytes into the record"
            raise err
        total = length // size
        for first in range(0, total, records_per_range):
            count = min(records_per_range, total - first)
            rows.append((path, index + first, first * size, count))
        index += total
    return rows


def read_range(path: str, format: str, byte_offset: int, count: int) -> np.ndarray:
    """The ``count`` records of ``path`` from ``byte_offset``, as an array of the format's dtype."""
    dtype = dtype_of(format)
    records = np.fromfile(path, dtype=dtype, count=count, offset=byte_offset)
    if len(records) != count:
        raise _h.ArrayError(f"{path}: expected {count} records at byte {byte_offset}, found {len(records)}")
    return records


def to_arrow(records: np.ndarray) -> Any:
    """An array of records (or any 2-D uint8 array, one row per value) as a pyarrow binary array."""
    import pyarrow as pa

    data = np.ascontiguousarray(records).view(np.uint8).reshape(len(records), -1)
    width = data.shape[1] if len(records) else 0
    offsets = np.arange(0, (len(records) + 1) * width, width if width else 1, dtype=np.int32)[: len(records) + 1]
    return pa.Array.from_buffers(pa.binary(), len(records), [None, pa.py_buffer(offsets), pa.py_buffer(data)])


def from_arrow(column: Any, dtype: Any) -> np.ndarray:
    """A pyarrow binary array whose values are records of ``dtype`` as a numpy array (no copy per
    record). A null or a value of another size raises ``ArrayError``."""
    import pyarrow as pa

    dtype = np.dtype(dtype)
    if isinstance(column, pa.ChunkedArray):
        column = column.combine_chunks()
    if column.null_count:
        raise _h.ArrayError(f"{column.null_count} null values where records of {dtype.itemsize} bytes were expected")
    if column.type == pa.large_binary():
        offset_type = np.int64
    elif column.type == pa.binary():
        offset_type = np.int32
    else:
        raise _h.ArrayError(f"expected a binary column of records, got {column.type}")
    n = len(column)
    if n == 0:
        return np.zeros(0, dtype)
    buffers = column.buffers()
    offsets = np.frombuffer(buffers[1], dtype=offset_type)[column.offset : column.offset + n + 1]
    sizes = np.diff(offsets)
    if (sizes != dtype.itemsize).any():
        bad = int(np.flatnonzero(sizes != dtype.itemsize)[0])
        raise _h.ArrayError(f"value {bad} has {int(sizes[bad])} bytes, expected records of {dtype.itemsize}")
    data = np.frombuffer(buffers[2], dtype=np.uint8)[offsets[0] : offsets[-1]]
    return data.view(dtype)


def hcpe_pipeline(spark: Any, paths: Sequence[str], *, records_per_range: int = 1 << 20, partitions: int = 0) -> Tuple[Any, Any]:
    """The job of python/README.md on hcpe files: ``(features, problems)``, two DataFrames.

    ``problems`` has a row ``(index, offset, field, kind, reason)`` for every bad record (index across
    the files in order). ``features`` has one row ``(index, record, features, label)`` for the first
    good record of each distinct position (board, hands, side to move): the record, its 1,205-byte
    packed features (``hayanagi.packed_features``) and its move label (``hayanagi.move_labels``).
    Sorted by index, it equals the single-process
    ``good = records[validate(records).valid]; first = good[unique(good)]``.
    """
    import pyarrow as pa
    from pyspark.sql import functions as F

    ranges = record_ranges(paths, "hcpe", records_per_range)
    frame = spark.createDataFrame(ranges, "path string, first long, byte_offset long, count long")
    frame = frame.repartition(partitions or max(1, len(ranges)))

    def read_and_check(batches: Iterator[Any]) -> Iterator[Any]:
        import hayanagi

        for batch in batches:
            for path, first, byte_offset, count in zip(*(batch.column(i).to_pylist() for i in range(4))):
                records = read_range(path, "hcpe", byte_offset, count)
                problems = hayanagi.validate(records)
                index = np.arange(first, first + count, dtype=np.int64)
                good = problems.valid
                kinds = [None] * count
                reasons = [None] * count
                fields = [None] * count
                offsets = np.zeros(count, dtype=np.int64)
                for i, o, f, k, r in zip(problems.indices, problems.offsets, problems.fields, problems.kinds, problems.reasons):
                    kinds[i], reasons[i], fields[i], offsets[i] = k, r, f, o
                yield pa.RecordBatch.from_arrays(
                    [pa.array(index), to_arrow(records), to_arrow(records["hcp"]), pa.array(offsets),
                     pa.array(fields, pa.string()), pa.array(kinds, pa.string()), pa.array(reasons, pa.string()),
                     pa.array(good)],
                    names=["index", "record", "position", "offset", "field", "kind", "reason", "good"])

    checked = frame.mapInArrow(
        read_and_check,
        "index long, record binary, position binary, offset long, field string, kind string, reason string, good boolean")
    # Both results come from this one pass over the files: keep it rather than read them twice.
    checked = checked.cache()
    problems = checked.filter(~F.col("good")).select("index", "offset", "field", "kind", "reason")
    # Deduplicate across the cluster: the first record of each position, compared by its exact bytes
    # (one to one with positions), whichever task read it.
    firsts = (checked.filter(F.col("good")).groupBy("position")
              .agg(F.min(F.struct("index", "record")).alias("first"))
              .select(F.col("first.index").alias("index"), F.col("first.record").alias("record")))

    def featurise(batches: Iterator[Any]) -> Iterator[Any]:
        import hayanagi

        for batch in batches:
            records = from_arrow(batch.column(1), hayanagi.HuffmanCodedPosAndEval)
            features = hayanagi.packed_features(records, threads=1)
            labels = hayanagi.move_labels(records, threads=1)
            yield pa.RecordBatch.from_arrays(
                [batch.column(0), batch.column(1), to_arrow(features), pa.array(labels)],
                names=["index", "record", "features", "label"])

    features = firsts.mapInArrow(featurise, "index long, record binary, features binary, label long")
    return features, problems
