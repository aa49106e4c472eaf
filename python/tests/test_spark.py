"""A PySpark local[2] job runs the array functions unchanged inside mapInArrow: it validates,
deduplicates and featurises an hcpe file split into partitions, and its result equals the
single-process call. Runs where pyspark is installed (.ci/python.sh installs it; HAYANAGI_SPARK=1
makes a missing pyspark a failure instead of a skip)."""

import os
import sys

import numpy as np
import pytest

import hayanagi as hy

if os.environ.get("HAYANAGI_SPARK") == "1":
    import pyspark  # noqa: F401
else:
    pytest.importorskip("pyspark")
    pytest.importorskip("pyarrow")

from hayanagi import spark as hs  # noqa: E402


def game_records(n, seed):
    """hcpe records of every position of random games (python/tests/games.py):
    many games from the start position, so positions repeat."""
    from games import random_records

    return random_records(n, seed, keep=1.0, plies=(4, 120))[0]


@pytest.fixture(scope="module")
def session():
    from pyspark.sql import SparkSession

    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    # Loopback only: the driver, its block manager and the workers talk on 127.0.0.1.
    os.environ["SPARK_LOCAL_IP"] = "127.0.0.1"
    spark = (
        SparkSession.builder.master("local[2]")
        .appName("hayanagi-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", "1000")
        .getOrCreate()
    )
    yield spark
    spark.stop()


def test_spark_job_equals_one_process(tmp_path, session):
    records = game_records(6000, seed=4)
    records["gameResult"][[17, 2500, 5999]] = 9  # bad records, in three partitions
    records["hcp"][4000] = 0
    path = tmp_path / "games.hcpe"
    records.tofile(path)
    # Two files: the job counts indices across them in order.
    half = tmp_path / "more.hcpe"
    records[:1000].tofile(half)
    everything = np.concatenate([records, records[:1000]])

    features, problems = hs.hcpe_pipeline(session, [str(path), str(half)], records_per_range=1600)
    got_problems = sorted(tuple(row) for row in problems.collect())
    rows = sorted(features.collect(), key=lambda row: row["index"])

    # The same work in one process.
    found = hy.validate(everything)
    expected_problems = sorted(zip(found.indices.tolist(), found.offsets.tolist(), found.fields, found.kinds, found.reasons))
    assert got_problems == expected_problems and len(got_problems) == 5
    good_index = np.flatnonzero(found.valid)
    firsts = good_index[hy.unique(everything[found.valid])]
    assert [row["index"] for row in rows] == firsts.tolist()
    assert len(firsts) < len(good_index)  # there were duplicates to drop
    got_records = np.frombuffer(b"".join(row["record"] for row in rows), hy.HuffmanCodedPosAndEval)
    assert np.array_equal(got_records, everything[firsts])
    got_features = np.frombuffer(b"".join(row["features"] for row in rows), np.uint8).reshape(len(rows), -1)
    assert np.array_equal(got_features, hy.packed_features(everything[firsts]))
    assert [row["label"] for row in rows] == hy.move_labels(everything[firsts]).tolist()


def test_arrow_round_trip():
    import pyarrow as pa

    records = game_records(50, seed=1)
    column = hs.to_arrow(records)
    assert column.type == pa.binary() and len(column) == 50
    assert np.array_equal(hs.from_arrow(column, hy.HuffmanCodedPosAndEval), records)
    assert np.array_equal(hs.from_arrow(column.slice(7, 20), hy.HuffmanCodedPosAndEval), records[7:27])
    with pytest.raises(hy.ArrayError):
        hs.from_arrow(pa.array([b"x" * 38, b"y"]), hy.HuffmanCodedPosAndEval)
    with pytest.raises(hy.ArrayError):
        hs.from_arrow(pa.array([b"x" * 38, None]), hy.HuffmanCodedPosAndEval)


def test_ranges_refuse_a_truncated_file(tmp_path):
    path = tmp_path / "cut.hcpe"
    path.write_bytes(b"\0" * 40)
    with pytest.raises(hy.RecordError) as raised:
        hs.record_ranges([str(path)], "hcpe")
    assert (raised.value.index, raised.value.offset, raised.value.kind) == (1, 2, "truncated")
