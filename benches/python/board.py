"""Per-call speed of the Python Board API beside cshogi and rsshogi (black boxes from PyPI).

Run it through `bash benches/python/run.sh` (which builds the wheel and makes the venv). Every
operation runs on the same positions for every library; the libraries take turns within each
round (the order rotating), each turn lasting at least --seconds, and the report gives per library
the median rate over the rounds and, per library, the median of its per-round ratio to cshogi.

Operations (each a per-call Python cost, as a training script or notebook pays it):
  legal moves     the legal-move list of a position (cshogi: list(board.legal_moves))
  push+pop        play a legal move and take it back (each library's own move value)
  push+pop (code) the same with the move as an int (cshogi's 32-bit move, hayanagi's Move.code,
                  rsshogi's move32)
  push+pop (USI)  the same with the move as USI text (push_usi)
  board from SFEN set an existing board to an SFEN (set_sfen)
  set_hcp         set an existing board to 32 HCP bytes (cshogi's HuffmanCodedPos)
  CSA files       parse a CSA file of a whole game (times, comments, ending) from disk
"""

import argparse
import os
import random
import statistics
import sys
import tempfile
import time

import numpy as np

import cshogi
import cshogi.CSA
import hayanagi
import rsshogi.core
import rsshogi.record


def random_games(count: int, plies: int, seed: int) -> list[list[str]]:
    """Games of random legal moves (USI), stopping at the end of a game."""
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        board = hayanagi.Board()
        moves = []
        for _ in range(plies):
            legal = board.legal_moves()
            if not legal or board.status() != hayanagi.Status.NONE:
                break
            mv = rng.choice(legal)
            board.push(mv)
            moves.append(mv.usi)
        games.append(moves)
    return games


def positions(games: list[list[str]], every: int) -> list[str]:
    sfens = []
    for moves in games:
        board = hayanagi.Board()
        for i, usi in enumerate(moves):
            board.push(usi)
            if i % every == every - 1 and board.count_legal_moves() > 0:
                sfens.append(board.sfen())
    return sfens


def csa_files(games: list[list[str]], directory: str, seed: int) -> list[str]:
    """One CSA file per game as Floodgate writes them: players, event, start time, a time and an
    evaluation comment per move, the ending."""
    rng = random.Random(seed)
    paths = []
    for n, moves in enumerate(games):
        record = hayanagi.GameRecord()
        record.headers = [("先手", f"engine{n}a"), ("後手", f"engine{n}b"), ("棋戦", "bench"), ("開始日時", "2026/12/01 10:00:00")]
        for usi in moves:
            record.append(usi, time_ms=rng.randrange(0, 30) * 1000, comments=[f"** {rng.randrange(-3000, 3000)} {usi}"])
        record.outcome = hayanagi.Outcome("resign")
        path = os.path.join(directory, f"game{n:03}.csa")
        record.to_file(path, "csa")
        paths.append(path)
    return paths


def hcp_bytes(sfens: list[str]) -> list[bytes]:
    return [hayanagi.Board(sfen).to_packed("hcp") for sfen in sfens]


def make_ops(sfens: list[str], paths: list[str]):
    """For each operation and library, a function running the operation `n` times."""
    cboards = [cshogi.Board(s) for s in sfens]
    hboards = [hayanagi.Board(s) for s in sfens]
    rboards = []
    for s in sfens:
        b = rsshogi.core.Board()
        b.set_sfen(s)
        rboards.append(b)
    k = len(sfens)
    cmoves = [next(iter(b.legal_moves)) for b in cboards]
    hmoves = [b.legal_moves()[0] for b in hboards]
    rmoves = [b.legal_moves()[0] for b in rboards]
    hcodes = [m.code for m in hmoves]
    rcodes = [b.legal_moves_move32()[0] for b in rboards]
    usis = [m.usi for m in hmoves]  # the same text for every library (each lists its moves in its own order)
    hcps = hcp_bytes(sfens)
    cb, hb, rb = cshogi.Board(), hayanagi.Board(), rsshogi.core.Board()
    hcp_arrays = [np.frombuffer(h, dtype=cshogi.HuffmanCodedPos)[0]["hcp"] for h in hcps]

    # Plain loops (no lambda per call), the same shape for every library.
    def c_legal(n):
        for i in range(n):
            list(cboards[i % k].legal_moves)

    def h_legal(n):
        for i in range(n):
            hboards[i % k].legal_moves()

    def r_legal(n):
        for i in range(n):
            rboards[i % k].legal_moves()

    def c_push(n):
        for i in range(n):
            b = cboards[i % k]
            b.push(cmoves[i % k])
            b.pop()

    def h_push(n):
        for i in range(n):
            b = hboards[i % k]
            b.push(hmoves[i % k])
            b.pop()

    def r_push(n):
        for i in range(n):
            b = rboards[i % k]
            b.push_move(rmoves[i % k])
            b.pop()

    def h_push_code(n):
        for i in range(n):
            b = hboards[i % k]
            b.push(hcodes[i % k])
            b.pop()

    def r_push_code(n):
        for i in range(n):
            b = rboards[i % k]
            b.push_move32(rcodes[i % k])
            b.pop()

    def usi_of(boards):
        def run(n):
            for i in range(n):
                b = boards[i % k]
                b.push_usi(usis[i % k])
                b.pop()

        return run

    def sfen_of(board):
        def run(n):
            for i in range(n):
                board.set_sfen(sfens[i % k])

        return run

    def c_hcp(n):
        for i in range(n):
            cb.set_hcp(hcp_arrays[i % k])

    def h_hcp(n):
        for i in range(n):
            hb.set_hcp(hcps[i % k])

    def r_hcp(n):
        for i in range(n):
            rb.set_hcp(hcps[i % k])

    files = len(paths)

    def c_csa(n):
        for i in range(n):
            cshogi.CSA.Parser.parse_file(paths[i % files])

    def h_csa(n):
        for i in range(n):
            hayanagi.GameRecord.from_file(paths[i % files])

    def r_csa(n):
        for i in range(n):
            rsshogi.record.Record.from_csa_file(paths[i % files], encoding="utf-8")

    ops = {
        "legal moves": {"cshogi": c_legal, "hayanagi": h_legal, "rsshogi": r_legal},
        "push+pop": {"cshogi": c_push, "hayanagi": h_push, "rsshogi": r_push},
        "push+pop (code)": {"cshogi": c_push, "hayanagi": h_push_code, "rsshogi": r_push_code},
        "push+pop (USI)": {"cshogi": usi_of(cboards), "hayanagi": usi_of(hboards), "rsshogi": usi_of(rboards)},
        "board from SFEN": {"cshogi": sfen_of(cb), "hayanagi": sfen_of(hb), "rsshogi": sfen_of(rb)},
        "set_hcp": {"cshogi": c_hcp, "hayanagi": h_hcp, "rsshogi": r_hcp},
        "CSA files": {"cshogi": c_csa, "hayanagi": h_csa, "rsshogi": r_csa},
    }
    return ops


def check_same_answers(sfens: list[str], paths: list[str]) -> None:
    """The libraries do the same work: equal legal-move counts, equal parsed move counts."""
    for s in sfens:
        b = rsshogi.core.Board()
        b.set_sfen(s)
        counts = (len(list(cshogi.Board(s).legal_moves)), len(hayanagi.Board(s).legal_moves()), len(b.legal_moves()))
        assert len(set(counts)) == 1, (s, counts)
    for path in paths:
        c = len(cshogi.CSA.Parser.parse_file(path)[0].moves)
        h = len(hayanagi.GameRecord.from_file(path).moves)
        r = len(rsshogi.record.Record.from_csa_file(path, encoding="utf-8").moves)
        assert c == h == r, (path, c, h, r)


def timed(f, n: int) -> float:
    start = time.perf_counter()
    f(n)
    return time.perf_counter() - start


def calibrate(f, seconds: float) -> int:
    n = 1
    while True:
        t = timed(f, n)
        if t >= seconds / 4:
            return max(1, int(n * seconds / t))
        n *= 4


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.3, help="the least time of one turn")
    parser.add_argument("--only", help="run only the operations whose name contains this")
    args = parser.parse_args()
    games = random_games(40, 160, seed=15)
    sfens = positions(games, every=7)
    with tempfile.TemporaryDirectory() as tmp:
        paths = csa_files(games, tmp, seed=15)
        check_same_answers(sfens, paths)
        ops = make_ops(sfens, paths)
        from importlib.metadata import version

        versions = f"cshogi {version('cshogi')}, rsshogi {version('rsshogi')}, hayanagi {version('hayanagi')}"
        print(f"# Python per-call speed, {len(sfens)} positions of {len(games)} random games, {len(paths)} CSA files")
        print(f"# python {sys.version.split()[0]}, {versions}; {args.rounds} rounds, turns of >= {args.seconds} s")
        print("| operation | cshogi /s | hayanagi /s | rsshogi /s | hayanagi / cshogi | rsshogi / cshogi |")
        print("|---|--:|--:|--:|--:|--:|")
        for name, libs in ops.items():
            if args.only and args.only not in name:
                continue
            counts = {lib: calibrate(f, args.seconds) for lib, f in libs.items()}
            rates = {lib: [] for lib in libs}
            order = list(libs)
            for r in range(args.rounds):
                for lib in order[r % len(order):] + order[: r % len(order)]:
                    rates[lib].append(counts[lib] / timed(libs[lib], counts[lib]))
            ratio = {lib: statistics.median(h / c for h, c in zip(rates[lib], rates["cshogi"])) for lib in libs}
            med = {lib: statistics.median(v) for lib, v in rates.items()}
            print(
                f"| {name} | {fmt(med['cshogi'])} | {fmt(med['hayanagi'])} | {fmt(med['rsshogi'])} "
                f"| {ratio['hayanagi']:.2f} | {ratio['rsshogi']:.2f} |",
                flush=True,
            )
    return 0


def fmt(rate: float) -> str:
    if rate >= 1e6:
        return f"{rate / 1e6:.2f} M"
    if rate >= 1e3:
        return f"{rate / 1e3:.1f} k"
    return f"{rate:.0f}"


if __name__ == "__main__":
    sys.exit(main())
