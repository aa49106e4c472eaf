"""Shows what cshogi says about one position and, given hayanagi's moves, the difference: for the rows of
tests/data/differential.txt that keep only a hash of the move list.

    python3 tests/differential/explain.py '<SFEN>' ['<hayanagi moves, space-separated>']
"""

import sys

sys.dont_write_bytecode = True

import cshogi  # noqa: E402

import reference  # noqa: E402


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    sfen = sys.argv[1]
    in_check, mate, moves = reference.analyse(cshogi.Board(sfen))
    print(f"cshogi: in check {int(in_check)}, mate {int(mate)}, {len(moves)} moves: {' '.join(moves)}")
    if len(sys.argv) == 3:
        ours = set(sys.argv[2].split())
        print(f"hayanagi only: {' '.join(sorted(ours - set(moves)))}")
        print(f"cshogi only:   {' '.join(sorted(set(moves) - ours))}")


if __name__ == "__main__":
    main()
