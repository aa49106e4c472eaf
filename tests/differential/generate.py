"""Differential tests: hayanagi's legal moves, check and mate against cshogi (and python-shogi).

README. Two parts. (1) `generate.py` (this file) writes `tests/data/differential.txt`: hand-made positions that
stress the rules (uchifuzume with a pinned capturer, pawn-move mate, nifu, dead pieces, forced and optional
promotions, double, triple and quadruple check, pins, the king on the checker's line, positions without one or
both kings; see `handmade.py`, where each has an expectation worked out by hand), each also turned around, and
thousands of positions from random playouts (start position, the perft positions of docs/RULES.md R114, handicaps, tsume-like starts;
uniform, capture-, drop-, check- and promotion-heavy and deep games), random tsume-like placements, and random
positions where a pawn drop would mate (half of them with the only capturer pinned). The output depends only on
the seed (and the Python and cshogi versions: written with Python 3.11, cshogi 1.1.0). For each position it
records what cshogi says:
in check, mate, the number of legal moves, and the sorted USI list (kept in full for hand-made positions and
short lists, otherwise its 64-bit FNV-1a hash). `cargo test --test differential` reads that file. (2) `live.py`
draws fresh positions every CI run and compares `hayanagi analyze` with cshogi directly, including invalid
inputs judged by the SFEN rules (docs/RULES.md R80–R85, `rules.py`). `explain.py` shows the difference for one position.

Where python-shogi is also consulted (here only), its two known bugs are handled: it allows a mating pawn drop
when the only piece that could take the pawn is pinned (counted and skipped), and its hash ignores White's hand
(its hash is not used). Where a reference disagrees with the rules (docs/RULES.md), the rules win: hand-made
expectations are checked against cshogi and generation stops if one fails. cshogi and python-shogi are GPL and
used only as black boxes through their Python API.

    python3 tests/differential/generate.py            # rewrites tests/data/differential.txt
    python3 tests/differential/generate.py --no-python-shogi --out /tmp/d.txt
"""

import argparse
import sys
from pathlib import Path

sys.dont_write_bytecode = True

import cshogi  # noqa: E402

import handmade  # noqa: E402
import reference  # noqa: E402
import rules  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_OUT = ROOT / "tests" / "data" / "differential.txt"

# (origin, bias, games, (min plies, max plies), first ply sampled, positions sampled per game)
PLAYOUT_PLAN = [("start", bias, 50, (20, 160), 1, 8) for bias in reference.BIASES if bias != "deep"]
PLAYOUT_PLAN += [("start", "deep", 25, (200, 400), 200, 10)]
PLAYOUT_PLAN += [
    (origin, bias, 8, (10, 120), 1, 8)
    for origin in reference.START_SFENS
    if origin != "start"
    for bias in reference.BIASES
    if bias != "deep"
]
PLAYOUT_PLAN += [(origin, "deep", 4, (200, 320), 200, 8) for origin in reference.START_SFENS if origin != "start"]
TSUME_COUNT = 900
UCHIFUZUME_COUNT = 150
IN_CHECK_PER_GAME = 6


def collect(seed):
    """[(label, SFEN)]: hand-made positions first, then sampled playouts and tsume-like placements, without
    repeating a position (board, side, hands)."""
    records = [("rule/" + label, sfen) for label, sfen, _, _ in handmade.with_flipped()]
    seen = {reference.same_fields(sfen) for _, sfen in records}
    rng = reference.new_rng(seed)

    def add(label, sfen):
        key = reference.same_fields(sfen)
        if key not in seen:
            seen.add(key)
            records.append((label, sfen))

    for origin, bias, games, (lo, hi), first, samples in PLAYOUT_PLAN:
        for _ in range(games):
            _, _, sfens = reference.playout(reference.START_SFENS[origin], bias, rng, rng.randint(lo, hi))
            candidates = sfens[first - 1 :]
            for sfen in rng.sample(candidates, min(samples, len(candidates))):
                add(f"{bias}/{origin}", sfen)
            if bias == "check":  # more positions in check than sampling alone would give
                in_check = [sfen for sfen in candidates if cshogi.Board(sfen).is_check()]
                for sfen in rng.sample(in_check, min(IN_CHECK_PER_GAME, len(in_check))):
                    add(f"{bias}/{origin}/in-check", sfen)
            if sfens and not cshogi.Board(sfens[-1]).legal_moves:
                add(f"{bias}/{origin}/end", sfens[-1])
    for _ in range(TSUME_COUNT):
        add("tsume/random", reference.random_tsume(rng))
    found = 0
    while found < UCHIFUZUME_COUNT:
        sfen = reference.random_tsume(rng)
        if reference.pawn_drop_mate_square(sfen):
            add("tsume/pawn-drop-mate", sfen)
            found += 1
    for _ in range(UCHIFUZUME_COUNT):
        sfen = reference.random_pinned_capturer_tsume(rng)
        if sfen is None:
            sys.exit("no pinned-capturer pawn-drop mate found: the search is broken")
        add("tsume/pawn-drop-mate-pinned-capturer", sfen)
    return records


def check_reference(label, sfen, board, in_check, moves):
    """The generator's own checks that the recorded position is one the SFEN rules accept (docs/RULES.md R80–R85) and that cshogi reads it
    as written; an exception here is a bug in the generator."""
    pos = rules.parse(sfen)
    assert str(pos) == sfen, (label, sfen, str(pos))
    assert rules.in_check(pos, pos.side) == in_check, (label, sfen)
    assert board.sfen() == sfen, (label, sfen, board.sfen())
    assert len(moves) == len(set(moves)), (label, sfen)


def compare_python_shogi(records, answers):
    """python-shogi's view of every record: returns (agreeing, known-bug cases, no-answer count, unexplained)."""
    import shogi

    agree, known, no_answer, unexplained = 0, [], 0, []
    for (label, sfen), (in_check, _, moves) in zip(records, answers):
        theirs = reference.python_shogi_moves(sfen)
        if theirs is None:
            no_answer += 1
            continue
        extra, missing = sorted(set(theirs) - set(moves)), sorted(set(moves) - set(theirs))
        if theirs == moves and shogi.Board(sfen).is_check() == in_check:
            agree += 1
        elif not missing and extra and all(reference.pawn_drop_mates(sfen, m) for m in extra):
            known.append((label, sfen, extra))
        else:
            unexplained.append((label, sfen, extra, missing))
    return agree, known, no_answer, unexplained


def line(label, sfen, in_check, mate, moves, full):
    listed = " ".join(moves) if full else f"fnv1a64:{reference.fnv1a64(' '.join(moves)):016x}"
    return f"{label}\t{sfen}\t{int(in_check)}\t{int(mate)}\t{len(moves)}\t{listed or '-'}\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=20250601)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument(
        "--full-list-max", type=int, default=16, help="random positions with at most this many moves keep the list"
    )
    parser.add_argument("--no-python-shogi", action="store_true", help="skip the python-shogi cross-check")
    args = parser.parse_args()

    records = collect(args.seed)
    expectations = {"rule/" + label: expect for label, _, _, expect in handmade.with_flipped()}
    answers = []
    for label, sfen in records:
        board = cshogi.Board(sfen)
        in_check, mate, moves = reference.analyse(board)
        check_reference(label, sfen, board, in_check, moves)
        if label in expectations:
            failures = handmade.check_expectation(expectations[label], in_check, mate, moves)
            if failures:
                sys.exit(f"cshogi breaks the rules on {label} ({sfen}): {'; '.join(failures)}")
        answers.append((in_check, mate, moves))

    if not args.no_python_shogi:
        agree, known, no_answer, unexplained = compare_python_shogi(records, answers)
        print(f"python-shogi: {agree} agree, {len(known)} known pinned-capturer pawn-drop bug, {no_answer} unanswered")
        for label, sfen, extra in known[:6]:
            print(f"  known bug  {label}  {sfen}  python-shogi also allows {' '.join(extra)}")
        if len(known) > 6:
            print(f"  known bug  ... and {len(known) - 6} more")
        for label, sfen, extra, missing in unexplained:
            print(f"  DISAGREE   {label}  {sfen}  python-shogi extra: {extra} missing: {missing}")
        if unexplained:
            sys.exit("python-shogi and cshogi disagree beyond the known bug: settle each case by the rules first")

    hand_made = len(expectations)
    with open(args.out, "w") as out:
        out.write(
            "# hayanagi differential test data, written by tests/differential/generate.py "
            f"--seed {args.seed} --full-list-max {args.full_list_max} (cshogi 1.1.0); do not edit by hand.\n"
            "# Tab-separated: label, SFEN, in check (0/1), mate (0/1), number of legal moves, legal moves in USI\n"
            "# sorted by byte order and joined by single spaces (`-` for none), or `fnv1a64:` and the 64-bit\n"
            "# FNV-1a hash of that string in 16 hex digits. The hand-made positions come first, labelled rule/.\n"
        )
        for i, ((label, sfen), (in_check, mate, moves)) in enumerate(zip(records, answers)):
            full = i < hand_made or len(moves) <= args.full_list_max
            out.write(line(label, sfen, in_check, mate, moves, full))
    checks = sum(1 for a in answers if a[0])
    mates = sum(1 for a in answers if a[1])
    print(
        f"{len(records)} positions ({hand_made} hand-made), {checks} in check, {mates} mate, "
        f"{args.out.stat().st_size} bytes -> {args.out}"
    )


if __name__ == "__main__":
    main()
