"""Packed positions and training records against cshogi: writes `tests/data/packed.txt` for `tests/packed.rs`.

For thousands of positions from random games (the playout machinery of `reference.py`: start position, docs/RULES.md R114
positions, handicaps; uniform, capture-, drop-, check- and promotion-heavy and deep games, so with drops,
promotions and full hands) and random tsume-like placements, it records what cshogi writes: `Board.to_hcp` and
`Board.to_psfen` bytes, the cshogi move16 (`cshogi.move16`) and YaneuraOu Move16 (`cshogi.move16_to_psv`) of
every legal move (as a hash, plus a few moves in full), and an hcpe record (`cshogi.HuffmanCodedPosAndEval`
dtype) and a PSV record (`cshogi.PackedSfenValue` dtype) filled field by field through numpy, so that the record
layouts are cshogi's byte for byte. Every position is also read back with `set_hcp` / `set_psfen` and must give
the same SFEN, and every move code back with `move_from_move16` / `move_from_psv`.

Then the cases where cshogi is lax (lines `lax`): positions it writes although the format cannot hold them (one
or no king: it drops the bits past 256) or the rules forbid them (docs/RULES.md R64–R69) (nifu, a dead piece, the side not to move in
check; 19 pawns, of which it silently drops one; random bytes, which it mostly reads as positions), with the
bytes, what cshogi reads back from them, and the error hayanagi must give.

cshogi is GPL and used only as a black box through its Python API. The output depends only on the seed (and the
Python and cshogi versions: written with Python 3.11, cshogi 1.1.0).

    python3 tests/differential/packed.py                 # rewrites tests/data/packed.txt
    python3 tests/differential/packed.py --out /tmp/p.txt --games 10
"""

import argparse
import subprocess
import sys
from pathlib import Path

sys.dont_write_bytecode = True

import cshogi  # noqa: E402
import numpy as np  # noqa: E402

import reference  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_OUT = ROOT / "tests" / "data" / "packed.txt"
SAMPLE_MOVES = 3


def hcp_bytes(board):
    out = np.zeros(1, dtype=cshogi.HuffmanCodedPos)
    board.to_hcp(out)
    return out.tobytes()


def psfen_bytes(board):
    out = np.zeros(1, dtype=cshogi.PackedSfen)
    board.to_psfen(out)
    return out.tobytes()


def read_hcp(data):
    board = cshogi.Board()
    board.set_hcp(np.frombuffer(data, dtype=cshogi.HuffmanCodedPos))
    return board.sfen()


def read_psfen(data):
    board = cshogi.Board()
    board.set_psfen(np.frombuffer(data, dtype=cshogi.PackedSfen))
    return board.sfen()


def fields3(sfen):
    return " ".join(sfen.split(" ")[:3])


def move_codes(board):
    """[(usi, move16, psv move16)] of every legal move, sorted by USI; each code read back by cshogi."""
    codes = []
    for move in board.legal_moves:
        m16 = cshogi.move16(move)
        psv = cshogi.move16_to_psv(m16)
        assert board.move_from_move16(m16) == move, (board.sfen(), cshogi.move_to_usi(move))
        assert board.move_from_psv(psv) == move, (board.sfen(), cshogi.move_to_usi(move))
        assert cshogi.move16_from_psv(psv) == m16
        codes.append((cshogi.move_to_usi(move), m16, psv))
    return sorted(codes)


def codes_text(codes):
    return " ".join(f"{usi}={m16:04x}={psv:04x}" for usi, m16, psv in codes)


def records(board, codes, rng):
    """An hcpe and a PSV record of the position (hex), filled through cshogi's dtypes."""
    hcpe = np.zeros(1, dtype=cshogi.HuffmanCodedPosAndEval)
    board.to_hcp(hcpe["hcp"])
    hcpe["eval"] = rng.randint(-32768, 32767)
    hcpe["bestMove16"] = np.int16(np.uint16(rng.choice(codes)[1]).view(np.int16))
    hcpe["gameResult"] = rng.randint(0, 2)
    psv = np.zeros(1, dtype=cshogi.PackedSfenValue)
    board.to_psfen(psv["sfen"])
    psv["score"] = rng.randint(-32768, 32767)
    psv["move"] = rng.choice(codes)[2]
    psv["gamePly"] = min(max(board.move_number, 1), 65535)
    psv["game_result"] = rng.randint(-1, 1)
    assert hcpe.itemsize == 38 and psv.itemsize == 40
    return hcpe.tobytes().hex(), psv.tobytes().hex()


def has_both_kings(sfen):
    board_field = sfen.split(" ")[0]
    return "K" in board_field and "k" in board_field


def collect(rng, games):
    """[(label, SFEN)] of distinct positions (board, side, hands) from playouts and tsume placements."""
    seen, out = set(), []

    def add(label, sfen):
        key = reference.same_fields(sfen)
        if key not in seen:
            seen.add(key)
            out.append((label, sfen))

    for origin, start in reference.START_SFENS.items():
        for bias in reference.BIASES:
            plies = (200, 360) if bias == "deep" else (10, 160)
            count = games if origin == "start" else max(2, games // 4)
            for _ in range(count):
                _, _, sfens = reference.playout(start, bias, rng, rng.randint(*plies))
                for sfen in rng.sample(sfens, min(6, len(sfens))):
                    add(f"{bias}/{origin}", sfen)
    for _ in range(games * 4):
        add("tsume", reference.random_tsume(rng))
    return out


# Positions cshogi writes that hayanagi must reject: (label, SFEN cshogi accepts, hayanagi's error kind).
LAX = [
    ("one-king", "4k4/9/9/9/9/9/9/9/9 b RB2G2S2N2L9P2g2s2n2l9p 1", "no-king"),
    ("one-king-white-hand-last", "4k4/9/9/9/9/9/9/9/9 b 2r 1", "no-king"),
    ("one-king-black", "9/9/9/9/9/9/9/9/4K4 b - 1", "no-king"),
    ("no-kings", "9/9/9/9/9/9/9/9/9 b - 1", "no-king"),
    ("nifu", "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PPP1PPPPP/1B5R1/LNSGKGSNL b - 1", "nifu"),
    # 19 pawns: cshogi writes the 18 on the board and silently drops the one in hand.
    ("19-pawns", "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b P 1", "drops-piece"),
    ("dead-pawn", "lnsgkgsnP/1r5b1/pppppppp1/9/9/9/PPPPPPPP1/1B5R1/LNSGKGSNL w l 1", "dead-piece"),
    ("dead-knight", "lnsgkgs1l/1r5N1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGS1L w Bn 1", "dead-piece"),
    ("opponent-in-check", "4k4/9/9/9/4R4/9/9/9/4K4 b - 1", "opponent-in-check"),
]


RANDOM_INPUTS = 6
ISOLATED_READ = """
import sys, cshogi, numpy as np
board = cshogi.Board()
data = np.frombuffer(bytes.fromhex(sys.argv[2]), dtype=cshogi.HuffmanCodedPos if sys.argv[1] == "hcp" else cshogi.PackedSfen)
try:
    (board.set_hcp if sys.argv[1] == "hcp" else board.set_psfen)(data)
    print(" ".join(board.sfen().split(" ")[:3]))
except Exception as error:
    print("error: " + str(error))
sys.stdout.flush()
"""


def read_isolated(name, data):
    """What cshogi reads from `data` in a process of its own: the SFEN, `error: ...`, or `crash (signal N)`."""
    done = subprocess.run([sys.executable, "-c", ISOLATED_READ, name, data.hex()], capture_output=True, text=True)
    text = done.stdout.strip()
    if done.returncode < 0:
        text = f"{text + '; ' if text else ''}crash (signal {-done.returncode})"
    return text


def lax_lines():
    lines = []
    for label, sfen, expected in LAX:
        board = cshogi.Board(sfen)
        for name, write, read in (("hcp", hcp_bytes, read_hcp), ("psfen", psfen_bytes, read_psfen)):
            data = write(board)
            lines.append("\t".join(["lax", label, name, data.hex(), fields3(read(data)), expected, sfen]))
    # Random bytes: cshogi reads most as positions (with far more pieces than a set has), raises on some, and on
    # some crashes the interpreter afterwards; each read runs in its own process. hayanagi rejects them all.
    rng = reference.new_rng(12)
    for index in range(RANDOM_INPUTS):
        data = bytes(rng.randrange(256) for _ in range(32))
        for name in ("hcp", "psfen"):
            lines.append("\t".join(["lax", f"random-{index}", name, data.hex(), read_isolated(name, data), "rejected", "-"]))
    # What cshogi reads from 32 zero bytes: both kings on 1a and 22 pawns (hayanagi: kings on one square).
    for name, read in (("hcp", read_hcp), ("psfen", read_psfen)):
        zeros = bytes(32)
        lines.append("\t".join(["lax", "zeros", name, zeros.hex(), fields3(read(zeros)), "kings-on-one-square", "-"]))
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--games", type=int, default=30, help="games per bias from the start position")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    rng = reference.new_rng(args.seed)
    lines = [
        "# Packed positions and records from cshogi (tests/differential/packed.py; do not edit).",
        f"# seed {args.seed}, cshogi {getattr(cshogi, '__version__', '1.1.0')}.",
        "# pos <label> <sfen> <hcp> <psfen> <fnv1a64 of all legal 'usi=move16=psv'> <sample moves> <hcpe> <psv>",
        "# kingless <label> <sfen>: hayanagi must refuse to pack (no king)",
        "# lax <label> <format> <bytes cshogi writes> <what cshogi reads back> <hayanagi's error> <sfen>",
    ]
    positions = kingless = 0
    for label, sfen in collect(rng, args.games):
        board = cshogi.Board(sfen)
        if not has_both_kings(sfen):
            lines.append("\t".join(["kingless", label, sfen]))
            kingless += 1
            continue
        hcp, psfen = hcp_bytes(board), psfen_bytes(board)
        assert fields3(read_hcp(hcp)) == fields3(sfen), sfen
        assert fields3(read_psfen(psfen)) == fields3(sfen), sfen
        codes = move_codes(board)
        sample = rng.sample(codes, min(SAMPLE_MOVES, len(codes)))
        hcpe, psv = records(board, codes, rng) if codes else ("-", "-")
        lines.append(
            "\t".join(
                [
                    "pos",
                    label,
                    sfen,
                    hcp.hex(),
                    psfen.hex(),
                    f"{reference.fnv1a64(codes_text(codes)):016x}",
                    codes_text(sorted(sample)) or "-",
                    hcpe,
                    psv,
                ]
            )
        )
        positions += 1
    lax = lax_lines()
    lines += lax
    args.out.write_text("\n".join(lines) + "\n")
    print(f"{args.out}: {positions} positions, {kingless} without both kings, {len(lax)} lax cases")


if __name__ == "__main__":
    main()
