"""A consumer of the array functions, type-checked by `mypy --strict` against the stubs in CI."""

import numpy as np
import numpy.typing as npt

import hayanagi


def features_of(path: str) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    packed: list[npt.NDArray[np.uint8]] = []
    labels: list[npt.NDArray[np.int64]] = []
    for chunk in hayanagi.RecordFileReader(path, hayanagi.HuffmanCodedPosAndEval, chunk=4096):
        problems = hayanagi.validate(chunk, threads=2)
        good = chunk[problems.valid]
        first = good[hayanagi.unique(good)]
        packed.append(hayanagi.packed_features(first))
        labels.append(hayanagi.move_labels(first))
    return np.concatenate(packed), np.concatenate(labels)


def main() -> None:
    records = hayanagi.from_sfen([hayanagi.STARTPOS])
    f1, f2 = hayanagi.input_features(records)
    board = hayanagi.Board()
    hayanagi.make_input_features(board, f1[0], f2[0])
    label: int = hayanagi.make_move_label(0x1E3B, hayanagi.BLACK)
    try:
        hayanagi.validate(np.zeros(3, np.float32))
    except hayanagi.ArrayError as err:
        print(err.kind, err.reason)
    try:
        hayanagi.validate(np.zeros(1, hayanagi.HuffmanCodedPos)).raise_first()
    except hayanagi.RecordError as err:
        index: int = err.index
        print(index, err.offset, err.field, err.kind)
    print(label, hayanagi.to_sfen(records), hayanagi.convert(records, "packed_sfen").dtype)


if __name__ == "__main__":
    main()
