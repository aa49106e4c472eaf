"""The array functions: dtypes, validation, conversion, deduplication, features and labels (bit for
bit against cshogi, which is GPL and used only as a black box through its Python API), streaming
files, and bad input raising typed errors."""

import numpy as np
import pytest

import hayanagi as hy

cshogi = pytest.importorskip("cshogi")
dlshogi = pytest.importorskip("cshogi.dlshogi")

from games import random_records  # noqa: E402

DTYPES = [
    (hy.HuffmanCodedPos, "HuffmanCodedPos", "hcp"),
    (hy.HuffmanCodedPosAndEval, "HuffmanCodedPosAndEval", "hcpe"),
    (hy.PackedSfen, "PackedSfen", "packed_sfen"),
    (hy.PackedSfenValue, "PackedSfenValue", "psv"),
]


@pytest.fixture(scope="module")
def sample():
    return random_records(3000, seed=15)


@pytest.mark.parametrize("ours,name,format", DTYPES)
def test_dtypes_are_cshogis(ours, name, format):
    theirs = getattr(cshogi, name)
    assert ours == theirs and ours.descr == theirs.descr and ours.itemsize == theirs.itemsize
    assert hy.validate(np.zeros(0, ours)).indices.tolist() == []


def test_sizes():
    assert [d.itemsize for d, _, _ in DTYPES] == [32, 38, 32, 40]
    assert (hy.FEATURES1_NUM, hy.FEATURES2_NUM) == (dlshogi.FEATURES1_NUM, dlshogi.FEATURES2_NUM) == (62, 57)
    assert hy.PACKED_FEATURES_BYTES == 1205 and hy.MOVE_LABELS == 2187


def test_cshogi_records_are_valid(sample):
    records, _ = sample
    problems = hy.validate(records, threads=2)
    assert len(problems) == 0 and not problems and problems.valid.all()


def test_features_equal_cshogis_bit_for_bit(sample):
    records, _ = sample
    ours1, ours2 = hy.input_features(records, threads=2)
    assert ours1.shape == (len(records), 62, 9, 9) and ours1.dtype == np.float32
    assert ours2.shape == (len(records), 57, 9, 9) and ours2.dtype == np.float32
    board = cshogi.Board()
    f1 = np.zeros((62, 9, 9), np.float32)
    f2 = np.zeros((57, 9, 9), np.float32)
    for i, record in enumerate(records):
        board.set_hcp(record["hcp"])
        dlshogi.make_input_features(board, f1, f2)
        assert np.array_equal(ours1[i], f1), (i, board.sfen(), np.argwhere(ours1[i] != f1)[:5])
        assert np.array_equal(ours2[i], f2), (i, board.sfen())
    packed = hy.packed_features(records, threads=2)
    assert packed.shape == (len(records), 1205) and packed.dtype == np.uint8
    planes = np.concatenate([ours1.reshape(len(records), -1), ours2.reshape(len(records), -1)], axis=1)
    assert np.array_equal(np.unpackbits(packed, axis=1, count=119 * 81, bitorder="little"), planes.astype(np.uint8))
    back1, back2 = hy.unpack_features(packed)
    assert np.array_equal(back1, ours1) and np.array_equal(back2, ours2)


def test_labels_equal_cshogis(sample):
    records, _ = sample
    labels = hy.move_labels(records, threads=2)
    board = cshogi.Board()
    for i, record in enumerate(records):
        board.set_hcp(record["hcp"])
        move = board.move_from_move16(int(record["bestMove16"]) & 0xFFFF)
        assert labels[i] == dlshogi.make_move_label(move, board.turn), (i, board.sfen())


def test_make_move_label_of_every_legal_move(sample):
    _, sfens = sample
    board = cshogi.Board()
    for sfen in sfens[:300]:
        board.set_sfen(sfen)
        for move in board.legal_moves:
            expected = dlshogi.make_move_label(move, board.turn)
            assert hy.make_move_label(move, board.turn) == expected
            assert hy.make_move_label(cshogi.move16(move), board.turn) == expected


def test_sfen_hcp_and_packed_sfen_bytes_equal_cshogis(sample):
    records, sfens = sample
    assert [s.rsplit(" ", 1)[0] for s in hy.to_sfen(records)] == [s.rsplit(" ", 1)[0] for s in sfens]
    assert np.array_equal(hy.from_sfen(sfens), records["hcp"].view(hy.HuffmanCodedPos).reshape(-1))
    psfen = hy.from_sfen(sfens, hy.PackedSfen)
    board = cshogi.Board()
    theirs = np.zeros(len(sfens), cshogi.PackedSfen)
    for i, sfen in enumerate(sfens):
        board.set_sfen(sfen)
        board.to_psfen(theirs[i : i + 1])
    assert np.array_equal(psfen, theirs)
    assert np.array_equal(hy.convert(records, "packed_sfen"), theirs)
    assert np.array_equal(hy.convert(psfen, "hcp"), records["hcp"].view(hy.HuffmanCodedPos).reshape(-1))


def test_hcpe_to_psv_as_cshogi_reads_it(sample):
    records, _ = sample
    psv = hy.convert(records, "psv", ply=17)
    assert psv.dtype == cshogi.PackedSfenValue and len(hy.validate(psv)) == 0
    board = cshogi.Board()
    for record, converted in zip(records[:1000], psv[:1000]):
        board.set_hcp(record["hcp"])
        move = board.move_from_move16(int(record["bestMove16"]) & 0xFFFF)
        # cshogi's name for YaneuraOu's Move16 is 'psv'.
        assert converted["move"] == cshogi.move16_to_psv(cshogi.move16(move))
        assert board.move_from_psv(int(converted["move"])) == move
        assert converted["score"] == record["eval"] and converted["gamePly"] == 17
        winner = {0: None, 1: cshogi.BLACK, 2: cshogi.WHITE}[int(record["gameResult"])]
        expected = 0 if winner is None else (1 if winner == board.turn else -1)
        assert converted["game_result"] == expected
    assert np.array_equal(hy.convert(psv, "hcpe"), records)
    # The move field in the other layout, named: read back only when named.
    odd = hy.convert(records, "psv", to_move16="cshogi")
    assert np.array_equal(odd["move"], records["bestMove16"].view(np.uint16))
    assert np.array_equal(hy.convert(odd, "hcpe", move16="cshogi"), records)


def test_unique_keeps_the_first_of_each_position(sample):
    records, _ = sample
    doubled = np.concatenate([records, records[::-1]])
    doubled["eval"][len(records):] += 1  # the same positions with other values are still duplicates
    first = hy.unique(doubled, threads=2)
    _, expected = np.unique(records["hcp"], axis=0, return_index=True)
    assert first.tolist() == sorted(expected.tolist())
    keys = hy.position_keys(doubled)
    assert len(set(keys[first].tolist())) == len(first)
    assert np.array_equal(keys[: len(records)], keys[len(records):][::-1])


def test_threads_do_not_change_answers(sample):
    records, _ = sample
    for function in (hy.packed_features, hy.move_labels, hy.position_keys, hy.unique):
        one = function(records, threads=1)
        assert np.array_equal(function(records, threads=2), one)
        assert np.array_equal(function(records, threads=5), one)


def corrupt(records):
    bad = records[:50].copy()
    bad["gameResult"][3] = 7
    bad["dummy"][11] = 1
    bad["hcp"][20] = 0  # both kings on 1a
    bad["bestMove16"][30] = 0
    start = hy.from_sfen(["lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"])
    bad["hcp"][40] = start["hcp"][0]
    bad["hcp"][40][31] = 0xFF  # the last squares' codes run past the end
    return bad


def test_validate_names_every_bad_record(sample):
    records, _ = sample
    problems = hy.validate(corrupt(records))
    assert problems.indices.tolist() == [3, 11, 20, 30, 40]
    assert problems.fields == ["game_result", "padding", "position", "move", "position"]
    assert problems.kinds == ["game_result", "padding", "kings_on_one_square", "no_move", "truncated"]
    assert problems.offsets.tolist() == [36, 37, 1, 34, 31]
    assert all(problems.reasons)
    assert problems.valid.sum() == 45
    errors = problems.errors()
    assert [e.index for e in errors] == [3, 11, 20, 30, 40]
    with pytest.raises(hy.RecordError):
        problems.raise_first()


@pytest.mark.parametrize(
    "function",
    [hy.input_features, hy.packed_features, hy.move_labels, hy.position_keys, hy.unique, hy.to_sfen,
     lambda r: hy.convert(r, "psv")],
)
def test_functions_raise_the_first_bad_record(sample, function):
    records, _ = sample
    with pytest.raises(hy.RecordError) as raised:
        function(corrupt(records))
    error = raised.value
    assert isinstance(error, ValueError)
    assert (error.index, error.offset, error.field, error.kind) == (3, 36, "game_result", "game_result")
    assert str(error).startswith("record 3 at byte 36: ")


@pytest.mark.parametrize(
    "argument,kind",
    [
        (np.zeros(3, np.float32), "dtype"),
        (np.zeros((3, 38), np.uint8), "dtype"),  # uint8 needs format=
        (np.zeros((2, 3), hy.HuffmanCodedPosAndEval), "shape"),
        ([b"\0" * 38], "type"),
        (b"\0" * 38, "type"),
    ],
)
def test_wrong_arrays_raise_array_error(argument, kind):
    for function in (hy.validate, hy.packed_features, hy.input_features, hy.unique):
        with pytest.raises(hy.ArrayError) as raised:
            function(argument)
        assert raised.value.kind == kind and isinstance(raised.value, ValueError)


def test_uint8_arrays_with_a_format(sample):
    records, _ = sample
    raw = records[:10].view(np.uint8)
    assert np.array_equal(hy.packed_features(raw, format="hcpe"), hy.packed_features(records[:10]))
    assert np.array_equal(hy.move_labels(raw.reshape(10, 38), format="hcpe"), hy.move_labels(records[:10]))
    with pytest.raises(hy.RecordError) as raised:
        hy.validate(raw[:-5], format="hcpe")
    assert (raised.value.index, raised.value.offset, raised.value.kind) == (9, 33, "truncated")
    with pytest.raises(hy.ArrayError):
        hy.validate(raw.reshape(10, 38), format="psv")  # rows of 38 bytes are no PSV
    with pytest.raises(hy.ArrayError):
        hy.validate(records, format="psv")  # the dtype says hcpe
    with pytest.raises(hy.ArrayError):
        hy.validate(records, format="hcpx")
    with pytest.raises(hy.ArrayError):
        hy.validate(records, move16="apery")
    with pytest.raises(hy.ArrayError):
        hy.validate(records, threads=-1)
    # A strided view (a field of a larger array) is read as well as a contiguous one.
    assert np.array_equal(hy.packed_features(records["hcp"][::2].copy().view(hy.HuffmanCodedPos).reshape(-1)),
                          hy.packed_features(records[::2]))


def test_random_bytes_never_crash():
    rng = np.random.default_rng(5)
    for dtype, _, _ in DTYPES:
        junk = rng.integers(0, 256, size=(2000, dtype.itemsize), dtype=np.uint8).view(dtype).reshape(-1)
        problems = hy.validate(junk)
        assert len(problems) + int(problems.valid.sum()) == 2000
        good = junk[problems.valid]
        hy.packed_features(good)  # whatever validate accepts, the others accept
        if dtype.itemsize > 32:
            hy.move_labels(good)


def test_make_move_label_rejects_bad_codes():
    with pytest.raises(hy.ArrayError):
        hy.make_move_label(0, 0)
    with pytest.raises(hy.ArrayError):
        hy.make_move_label(0x1E3B, 2)


def test_record_files_stream_in_bounded_chunks(tmp_path, sample):
    records, _ = sample
    path = tmp_path / "a.hcpe"
    with hy.RecordFileWriter(path, hy.HuffmanCodedPosAndEval) as writer:
        for start in range(0, len(records), 700):
            writer.write(records[start : start + 700])
        assert writer.records_written == len(records)
    seen = []
    reader = hy.RecordFileReader(path, "hcpe", chunk=256, progress=lambda done, total: seen.append((done, total)))
    chunks = list(reader)
    assert max(len(c) for c in chunks) == 256 and reader.total == len(records)
    assert np.array_equal(np.concatenate(chunks), records)
    assert seen[-1] == (len(records), len(records))
    # A writer refuses a bad record before writing any of its array, naming its index in the file.
    with hy.RecordFileWriter(path, "hcpe", mode="a") as writer:
        with pytest.raises(hy.RecordError) as raised:
            writer.write(corrupt(records))
        assert raised.value.index == len(records) + 3
    assert path.stat().st_size == len(records) * 38
    # validate_file and convert_file give indices in the file.
    bad = tmp_path / "bad.hcpe"
    with hy.RecordFileWriter(bad, "hcpe", validate=False) as writer:
        writer.write(records[:100])
        writer.write(corrupt(records))
    problems = hy.validate_file(bad, "hcpe", chunk=64)
    assert problems.indices.tolist() == [103, 111, 120, 130, 140]
    out = tmp_path / "a.psv"
    assert hy.convert_file(path, out, "psv", format="hcpe", chunk=999, ply=3) == len(records)
    assert np.array_equal(np.fromfile(out, hy.PackedSfenValue), hy.convert(records, "psv", ply=3))
    with pytest.raises(hy.RecordError) as raised:
        hy.convert_file(bad, out, "psv", format="hcpe", chunk=64)
    assert raised.value.index == 103


def test_a_truncated_file_is_reported_not_dropped(tmp_path, sample):
    records, _ = sample
    path = tmp_path / "cut.hcpe"
    path.write_bytes(records[:10].tobytes()[:-5])
    reader = hy.RecordFileReader(path, hy.HuffmanCodedPosAndEval)
    with pytest.raises(hy.RecordError) as raised:
        list(reader)
    assert (raised.value.index, raised.value.offset, raised.value.kind) == (9, 33, "truncated")
    problems = hy.validate_file(path, "hcpe")
    assert problems.indices.tolist() == [9] and problems.kinds == ["truncated"]


def test_progress_lines(tmp_path, sample, capfd):
    records, _ = sample
    path = tmp_path / "p.hcpe"
    records.tofile(path)
    hy.validate_file(path, "hcpe", progress=True)
    assert f"{len(records)} of {len(records)} records (100.0 %)" in capfd.readouterr().err


def test_packed_features_into_a_given_array(sample):
    records, _ = sample
    out = np.full((100, 1205), 0xA5, np.uint8)
    got = hy.packed_features(records[:100], out=out, threads=2)
    assert got is out
    assert np.array_equal(out, hy.packed_features(records[:100]))
    for wrong in [out[:99], out.astype(np.int16), out[:, ::-1], np.zeros((100, 1204), np.uint8)]:
        with pytest.raises(hy.ArrayError):
            hy.packed_features(records[:100], out=wrong)


def test_input_features_into_given_arrays(sample):
    records, _ = sample
    f1 = np.full((100, 62, 9, 9), 7, np.float32)
    f2 = np.full((100, 57, 9, 9), 7, np.float32)
    got = hy.input_features(records[:100], out=(f1, f2))
    assert got[0] is f1 and got[1] is f2
    expected = hy.input_features(records[:100])
    assert np.array_equal(f1, expected[0]) and np.array_equal(f2, expected[1])
    for wrong in [(f1[:99], f2[:99]), (f1.astype(np.float64), f2), (f1[:, ::-1], f2)]:
        with pytest.raises(hy.ArrayError):
            hy.input_features(records[:100], out=wrong)
