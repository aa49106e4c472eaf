"""Live differential test: fresh random positions every run, answered by `hayanagi analyze` and checked against
cshogi (moves, in check, mate and the SFEN it prints) and against the SFEN rules (docs/RULES.md R80–R85) for inputs that must be rejected.

    python3 tests/differential/live.py [--count N] [--seed S] [--binary PATH]

It prints the seed first; `--seed S` replays a run. Exit status 0 when everything agrees, 1 with a report of
each difference otherwise, 2 when the binary cannot be built or run. Without `--binary` it runs
`cargo build --release --bin hayanagi` first and uses `$CARGO_TARGET_DIR` (default `target`)/release/hayanagi.

What is sent (see generate.py for the README of the differential tests):
- N valid positions from random playouts (all biases and starting positions of generate.py), random tsume-like
  placements, pawn-drop-mate positions (some with a pinned capturer) and the hand-made rule positions, written
  as a plain SFEN (4 fields, sometimes with a new ply up to 2^63 - 1, or 3 fields) or as a USI position
  command (`[position ]startpos|sfen <4 fields> moves ...`), plus a few move sequences that repeat a position
  four times (docs/RULES.md R45, R46: repetition and perpetual check statuses);
- about N/3 mutated inputs: characters replaced, inserted or deleted, hands and plies broken, pieces added or
  removed, the side flipped, illegal or malformed moves in a list. `rules.py` (docs/RULES.md R80–R85, not cshogi, which
  accepts nearly anything) decides whether each must be accepted (then it is compared with cshogi like the
  others), rejected (`error`), or is a form `rules.py` leaves open (either answer, but an `ok` must be right);
- every SFEN hayanagi printed, again: parse -> print -> parse must give the same answer.
Each Zobrist key must belong to exactly one position (board, side, hands) across the run.
"""

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

sys.dont_write_bytecode = True

try:
    import cshogi
except ImportError:
    print("live.py needs cshogi: pip install cshogi")
    sys.exit(2)

import handmade  # noqa: E402
import reference  # noqa: E402
import rules  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
KEY = re.compile(r"^[0-9a-f]{16}$")
MAX_REPORTED = 30


class Accept:
    """The input must be answered `ok` with these values."""

    def __init__(self, sfen, status, moves, in_check):
        self.sfen, self.status, self.moves, self.in_check = sfen, status, moves, in_check


class Reject:
    def __init__(self, reason):
        self.reason = reason


class Either:
    """`rules.py` leaves the input open: `error` is fine, and so is `ok` with these values (None: any `ok`)."""

    def __init__(self, reason, accept):
        self.reason, self.accept = reason, accept


def answer_for(board, ply):
    """What hayanagi must print for cshogi's board with the given ply (the status as if there were no history)."""
    in_check, mate, moves = reference.analyse(board)
    status = "mate" if mate else ("no_moves" if not moves else "none")
    return Accept(f"{reference.same_fields(board.sfen())} {ply}", status, moves, in_check)


def judge_plain(text):
    """The expectation for a plain SFEN line, by the SFEN rules (docs/RULES.md R80–R85)."""
    try:
        pos = rules.parse(text)
    except rules.Invalid as e:
        return Reject(str(e))
    except rules.Ambiguous as e:
        try:
            pos = rules.parse(text, lenient=True)
        except rules.Invalid:
            return Either(str(e), None)
        return Either(str(e), answer_for(board_of(pos), pos.ply))
    return answer_for(board_of(pos), pos.ply)


def board_of(pos):
    """cshogi's board for a parsed position, checked to read back as written."""
    board = cshogi.Board(str(pos))
    if reference.same_fields(board.sfen()) != pos.position_key():
        raise AssertionError(f"cshogi reads {pos} as {board.sfen()}")
    return board


def repetition_status(keys, checks):
    """docs/RULES.md R44–R46 for the last position of a move sequence: keys[i] is position i (board, side, hands), checks[i]
    whether its side to move is in check. None when this judge leaves it open (more than 4 occurrences, or both
    sides checking throughout)."""
    last = len(keys) - 1
    seen = [i for i, key in enumerate(keys) if key == keys[last]]
    if len(seen) < 4:
        return "none"
    if len(seen) > 4:
        return None
    since = range(seen[0] + 1, last + 1)
    # The move into position p gave check iff checks[p]; the side to move at the end made the moves into the
    # positions of the other parity.
    opponent_always = all(checks[p] for p in since if p % 2 == last % 2)
    mover_always = all(checks[p] for p in since if p % 2 != last % 2)
    if opponent_always and mover_always:
        return None
    if opponent_always:
        return "win_perpetual_check"
    if mover_always:
        return "loss_perpetual_check"
    return "draw_repetition"


def judge_usi(start_sfen, moves, ply):
    """The expectation for `[position ]sfen <start> moves ...` where every move is checked against cshogi's legal
    list (a move not in it makes the whole line an error)."""
    board = cshogi.Board(start_sfen)
    keys, checks = [reference.same_fields(board.sfen())], [board.is_check()]
    for i, move in enumerate(moves):
        if move not in reference.usi_moves(board):
            return Reject(f"move {i + 1} ({move}) is not legal")
        board.push_usi(move)
        keys.append(reference.same_fields(board.sfen()))
        checks.append(board.is_check())
    answer = answer_for(board, ply + len(moves))
    if answer.status == "none":
        status = repetition_status(keys, checks)
        if status is None:
            return Either("repetition beyond the fourth occurrence", None)
        answer.status = status
    return answer


def usi_line(prefix, start, moves, origin_is_start):
    head = "startpos" if origin_is_start else f"sfen {start}"
    return f"{prefix}{head}" + (" moves " + " ".join(moves) if moves else "")


class Cases:
    def __init__(self, rng):
        self.rng = rng
        self.lines, self.expected, self.kinds = [], [], []

    def add(self, kind, line, expectation):
        self.lines.append(line)
        self.expected.append(expectation)
        self.kinds.append(kind)


def random_ply(rng, ply):
    return rng.choice([ply, ply, rng.randint(1, 10**6), rules.PLY_MAX_ACCEPTED, rng.randint(1, rules.PLY_MAX_ACCEPTED)])


def add_position(cases, kind, sfen, moves=None, start=None, origin_is_start=False):
    """Adds one valid position in a random form; `moves` from `start` lead to it when known."""
    rng = cases.rng
    form = rng.random()
    if moves is not None and form < 0.3:
        prefix = rng.choice(["", "position "])
        if not origin_is_start and rng.random() < 0.5:  # the ply printed is the start ply plus the moves
            start = f"{reference.same_fields(start)} {rng.randint(1, 10**9)}"
        line = usi_line(prefix, start, moves, origin_is_start)
        ply = int(start.split()[3])
        cases.add(kind + "/usi", line, judge_usi(start, moves, ply))
        return
    fields = sfen.split()
    if form < 0.45:
        text = " ".join(fields[:3])
        cases.add(kind + "/3-fields", text, judge_plain(text))
        return
    text = " ".join(fields[:3] + [str(random_ply(rng, int(fields[3])))])
    cases.add(kind, text, judge_plain(text))


def add_playouts(cases, count):
    rng = cases.rng
    origins = list(reference.START_SFENS)
    target = len(cases.lines) + count
    while len(cases.lines) < target:
        origin = rng.choice(["start"] * 4 + origins)
        bias = rng.choice(reference.BIASES)
        plies = rng.randint(200, 320) if bias == "deep" else rng.randint(4, 140)
        start = reference.START_SFENS[origin]
        _, moves, sfens = reference.playout(start, bias, rng, plies)
        if not sfens:
            continue
        first = 200 if bias == "deep" and len(sfens) > 200 else 1
        for index in sorted(rng.sample(range(first - 1, len(sfens)), min(6, len(sfens) - first + 1))):
            add_position(cases, f"{bias}/{origin}", sfens[index], moves[: index + 1], start, origin == "start")


def add_repetitions(cases, count):
    """Random positions from which both sides shuffle a piece back and forth until a position occurs 4 times."""
    rng = cases.rng
    made, tries = 0, 0
    while made < count and tries < count * 50:
        tries += 1
        origin = rng.choice(list(reference.START_SFENS))
        start = reference.START_SFENS[origin]
        _, moves, _ = reference.playout(start, "uniform", rng, rng.randint(0, 40))
        board = cshogi.Board(start)
        for move in moves:
            board.push_usi(move)
        cycle = []
        for _ in range(2):
            options = [m for m in reference.usi_moves(board) if "*" not in m and not m.endswith("+")]
            rng.shuffle(options)
            for move in options:
                back = move[2:4] + move[0:2]
                mv = board.move_from_usi(move)
                if cshogi.move_cap(mv):
                    continue
                board.push_usi(move)
                cycle.append((move, back))
                break
        if len(cycle) != 2:
            continue
        ok = True
        for _, back in cycle:
            if back not in reference.usi_moves(board):
                ok = False
                break
            board.push_usi(back)
        if not ok:
            continue
        loop = [cycle[0][0], cycle[1][0], cycle[0][1], cycle[1][1]]
        extra = rng.randint(0, 3)  # end on any of the 4 positions of the cycle
        sequence = moves + loop * 3 + loop[:extra]
        ply = int(start.split()[3])
        expectation = judge_usi(start, sequence, ply)
        if isinstance(expectation, Accept):
            cases.add("repetition", usi_line("", start, sequence, origin == "start"), expectation)
            made += 1
    # Perpetual check: Black's rook checks from 1i and 2i while White's king steps between 1a and 2a.
    start = "8k/9/9/9/9/9/9/9/K6R1 b - 1"
    for length in (12, 13):
        sequence = (["2i1i", "1a2a", "1i2i", "2a1a"] * 4)[:length]
        line = f"sfen {start} moves {' '.join(sequence)}"
        cases.add("repetition/perpetual-check", line, judge_usi(start, sequence, 1))


def add_tsume(cases, count):
    rng = cases.rng
    for i in range(count):
        if i % 20 == 0:
            sfen = reference.random_pinned_capturer_tsume(rng)
            kind = "tsume/pawn-drop-mate-pinned-capturer"
        else:
            sfen, kind = reference.random_tsume(rng), "tsume/random"
        if sfen:
            add_position(cases, kind, sfen)


TEXT_NOISE = "0123456789+/PLNSGBRKplnsgbrkx- "
HAND_TOKENS = ["P", "p", "0P", "1P", "01P", "P2", "+P", "K", "k", "-", "18P", "2R", "3b", "19p", "10L", "G", "5n"]
PLY_TOKENS = ["0", "-1", "x", "1.5", "+1", "01", "18446744073709551615", "18446744073709551616",
              "9223372036854775807", "9223372036854775808", "99999999999999999999999999"]


def mutate_text(rng, text):
    """A random change to the text of a valid SFEN."""
    fields = text.split(" ")
    board_len = len(fields[0])
    choice = rng.randrange(9)
    if choice == 0:
        i = rng.randrange(board_len)
        return text[:i] + rng.choice(TEXT_NOISE) + text[i + 1 :]
    if choice == 1:
        i = rng.randrange(len(text))
        return text[:i] + text[i + 1 :]
    if choice == 2:
        i = rng.randrange(board_len + 1)
        return text[:i] + rng.choice(TEXT_NOISE) + text[i:]
    if choice == 3:
        fields[1] = rng.choice(["B", "W", "x", "bw", "", "-"])
    elif choice == 4:
        token = rng.choice(HAND_TOKENS)
        fields[2] = token if rng.random() < 0.3 or fields[2] == "-" else fields[2] + token
    elif choice == 5:
        fields = fields[:3] + [rng.choice(PLY_TOKENS)]
    elif choice == 6:
        i = rng.randrange(len(text) + 1)
        return text[:i] + rng.choice(["\t", "\x7f", "\x01", "\u00e9", "\x00"]) + text[i:]
    elif choice == 7:
        fields = fields + [rng.choice(["x", "1", "moves", "moves 7g7f"])]
    else:
        fields = fields[: rng.choice([1, 2])]
    return " ".join(fields)


def mutate_position(rng, text):
    """A random change to the position itself, written back as canonical SFEN."""
    pos = rules.parse(text)
    choice = rng.randrange(5)
    squares = list(range(81))
    if choice == 0:  # add a piece
        empty = [sq for sq in squares if pos.board[sq] is None]
        letter = rng.choice("PPPPLNSGBRK")
        pos.board[rng.choice(empty)] = (rng.randrange(2), letter, letter in "PLNSBR" and rng.random() < 0.2)
    elif choice == 1:  # remove a piece
        occupied = [sq for sq in squares if pos.board[sq] is not None]
        if occupied:
            pos.board[rng.choice(occupied)] = None
    elif choice == 2:  # the other side to move
        pos.side = 1 - pos.side
    elif choice == 3:  # a piece moved somewhere at random
        occupied = [sq for sq in squares if pos.board[sq] is not None]
        empty = [sq for sq in squares if pos.board[sq] is None]
        if occupied:
            sq = rng.choice(occupied)
            pos.board[rng.choice(empty)], pos.board[sq] = pos.board[sq], None
    else:  # an extra piece in hand
        color, letter = rng.randrange(2), rng.choice("PPLNSGBR")
        pos.hands[color][letter] = pos.hands[color].get(letter, 0) + rng.randint(1, 3)
    return str(pos)


BAD_MOVES = ["7g7f+", "p*5e", "P*5a", "0a1b", "7g", "7g7f7e", "P*", "K*5e", "+P*5e", "5e5e", "1a1a+", "9j9i", "moves"]


def near_misses(board):
    """Well-formed moves that are not legal here: a promotion flag added or dropped where the rules forbid it,
    cshogi's pseudo-legal moves that are not legal (the king left in check, pinned pieces, uchifuzume), and
    moves of the side not to move."""
    legal = set(reference.usi_moves(board))
    out = [m[:-1] if m.endswith("+") else m + "+" for m in legal]
    out += [cshogi.move_to_usi(m) for m in board.pseudo_legal_moves]
    fields = board.sfen().split(" ")
    fields[1] = "w" if fields[1] == "b" else "b"
    out += reference.usi_moves(cshogi.Board(" ".join(fields)))
    return sorted(set(out) - legal)


def mutate_usi(rng, line):
    """(kind, line, expectation) for a USI position command with one move replaced or a field dropped."""
    head, moves = line.split(" moves ")
    moves = moves.split(" ")
    start = head.split("sfen ", 1)[1] if "sfen " in head else cshogi.STARTING_SFEN
    i = rng.randrange(len(moves))
    if rng.random() < 0.1 and "sfen " in head:  # `sfen` needs all 4 fields
        return "mutated/usi-3-fields", f"{head.rsplit(' ', 1)[0]} moves {' '.join(moves)}", Reject("sfen, 3 fields")
    board = cshogi.Board(start)
    for move in moves[:i]:
        board.push_usi(move)
    misses = near_misses(board)
    if misses and rng.random() < 0.6:
        moves[i], kind = rng.choice(misses), "mutated/usi-near-miss"
    else:
        moves[i], kind = rng.choice(BAD_MOVES + moves), "mutated/usi-move"
    return kind, f"{head} moves {' '.join(moves)}", judge_usi(start, moves, int(start.split()[3]))


def break_rule(rng, text):
    """The position with one SFEN rule (docs/RULES.md R85) broken on purpose (it may break others too): a dead piece, nifu,
    the side not to move in check, or a second king."""
    pos = rules.parse(text)
    empty = [sq for sq in range(81) if pos.board[sq] is None]
    color = rng.randrange(2)
    choice = rng.randrange(4)
    if choice == 0:
        letter = rng.choice("PLN")
        last = [0, 1] if letter == "N" else [0]
        rows = [r if color == rules.BLACK else 8 - r for r in last]
        spots = [sq for sq in empty if sq // 9 in rows]
        if spots:
            pos.board[rng.choice(spots)] = (color, letter, False)
    elif choice == 1:
        files = [sq % 9 for sq in range(81) if pos.board[sq] == (color, "P", False)]
        spots = [sq for sq in empty if sq % 9 in files and sq // 9 != (0 if color == rules.BLACK else 8)]
        if spots:
            pos.board[rng.choice(spots)] = (color, "P", False)
    elif choice == 2:
        pos.side = 1 - pos.side
    else:
        pos.board[rng.choice(empty)] = (color, "K", False)
    return str(pos)


def add_mutations(cases, valid, count):
    rng = cases.rng
    plain = [(k, line, e) for k, line, e in valid if " moves " not in line and "startpos" not in line]
    commands = [(k, line, e) for k, line, e in valid if " moves " in line]
    checked = [(k, line, e) for k, line, e in plain if e.in_check]
    for _ in range(count):
        r = rng.random()
        if r < 0.25 and commands:
            cases.add(*mutate_usi(rng, rng.choice(commands)[1]))
            continue
        if r < 0.3 and checked:  # the side in check is no longer the one to move
            line = rng.choice(checked)[1]
            pos = rules.parse(line)
            pos.side = 1 - pos.side
            text = str(pos)
            cases.add("mutated/side-in-check", text, judge_plain(text))
            continue
        line = rng.choice(plain)[1]
        if r < 0.45:
            text = break_rule(rng, line)
            cases.add("mutated/rule", text, judge_plain(text))
        elif r < 0.75:
            text = mutate_text(rng, line)
            if " moves" in text:
                cases.add("mutated/text", text, Either("plain SFEN followed by moves", None))
            else:
                cases.add("mutated/text", text, judge_plain(text))
        else:
            text = mutate_position(rng, line)
            cases.add("mutated/position", text, judge_plain(text))


def build_binary():
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    if not target.is_absolute():
        target = ROOT / target
    command = ["cargo", "build", "--release", "--quiet", "--bin", "hayanagi"]
    result = subprocess.run(command, cwd=ROOT)
    if result.returncode != 0:
        sys.exit(2)
    return target / "release" / "hayanagi"


def run_analyze(binary, lines):
    data = "".join(line + "\n" for line in lines).encode("utf-8")
    try:
        result = subprocess.run([str(binary), "analyze"], input=data, capture_output=True, timeout=300)
    except (OSError, subprocess.TimeoutExpired) as e:
        print(f"cannot run {binary} analyze: {e}")
        sys.exit(2)
    out = result.stdout.decode("utf-8", errors="replace").split("\n")
    if out and out[-1] == "":
        out.pop()
    return result.returncode, out, result.stderr.decode("utf-8", errors="replace")


def compare(expectation, got):
    """What is wrong with one output line (None when it is right)."""
    fields = got.split("\t")
    if isinstance(expectation, Reject):
        if fields[0] == "error" and len(fields) >= 2 and fields[1].strip():
            return None
        return f"must be rejected ({expectation.reason}), got: {got[:200]}"
    if isinstance(expectation, Either):
        if fields[0] == "error" and len(fields) >= 2:
            return None
        expectation = expectation.accept
        if expectation is None:
            return None if fields[0] == "ok" and len(fields) == 6 else f"malformed answer: {got[:200]}"
    if fields[0] != "ok" or len(fields) != 6:
        return f"must be accepted as {expectation.sfen}, got: {got[:300]}"
    _, sfen, key, check, status, moves = fields
    problems = []
    if sfen != expectation.sfen:
        problems.append(f"SFEN {sfen}, expected {expectation.sfen}")
    if not KEY.match(key):
        problems.append(f"key {key!r} is not 16 lowercase hex digits")
    if check != str(int(expectation.in_check)):
        problems.append(f"in check {check}, cshogi {int(expectation.in_check)}")
    if status != expectation.status:
        problems.append(f"status {status}, expected {expectation.status}")
    ours = moves.split(" ") if moves else []
    if ours != expectation.moves:
        extra = sorted(set(ours) - set(expectation.moves))
        missing = sorted(set(expectation.moves) - set(ours))
        order = "" if extra or missing else " (same moves, not sorted by byte order or repeated)"
        problems.append(f"moves differ{order}: hayanagi only [{' '.join(extra)}], cshogi only [{' '.join(missing)}]")
    return "; ".join(problems) or None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=3000, help="valid positions to generate")
    parser.add_argument("--seed", type=int, default=None, help="default: from the clock")
    parser.add_argument("--binary", type=Path, default=None, help="default: build target/release/hayanagi")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else int(time.time() * 1000) % 2**32
    print(f"live differential test: seed {seed} (replay: python3 tests/differential/live.py --count {args.count} "
          f"--seed {seed})", flush=True)
    binary = args.binary or build_binary()
    began = time.time()

    cases = Cases(reference.new_rng(seed))
    for label, sfen, _, _ in handmade.with_flipped():
        cases.add("rule/" + label, sfen, judge_plain(sfen))
    tsume = max(1, args.count // 8)
    add_playouts(cases, max(0, args.count - tsume - len(cases.lines)))
    add_tsume(cases, tsume)
    add_repetitions(cases, max(2, args.count // 300))
    valid = [(k, line, e) for k, line, e in zip(cases.kinds, cases.lines, cases.expected) if isinstance(e, Accept)]
    add_mutations(cases, valid, args.count // 3)
    generated = time.time()

    code, out, stderr = run_analyze(binary, cases.lines)
    failures = []
    if code not in (0, 2):
        failures.append(f"`hayanagi analyze` exited with status {code}: {stderr[-2000:]}")
    if len(out) != len(cases.lines):
        failures.append(f"{len(cases.lines)} lines in, {len(out)} lines out")
    keys, positions = {}, {}
    printed = []
    for kind, line, expectation, got in zip(cases.kinds, cases.lines, cases.expected, out):
        problem = compare(expectation, got)
        if problem:
            failures.append(f"[{kind}] {line!r}\n    {problem}")
            continue
        fields = got.split("\t")
        if fields[0] == "ok" and len(fields) == 6:
            printed.append((got, fields[1]))
            position = reference.same_fields(fields[1])
            if keys.setdefault(fields[2], position) != position:
                failures.append(f"key {fields[2]} for two positions: {keys[fields[2]]} and {position}")
            if positions.setdefault(position, fields[2]) != fields[2]:
                failures.append(f"two keys for {position}: {positions[position]} and {fields[2]}")

    # Parse -> print -> parse: every SFEN printed, read again, gives the same answer (the status aside: a
    # repetition needs the moves that led to it).
    code2, again, stderr2 = run_analyze(binary, [sfen for _, sfen in printed])
    if code2 not in (0, 2) or len(again) != len(printed):
        failures.append(f"round trip: status {code2}, {len(printed)} lines in, {len(again)} out: {stderr2[-2000:]}")
    for (first, sfen), second in zip(printed, again):
        a, b = first.split("\t"), second.split("\t")
        if len(b) != 6 or a[:4] + a[5:] != b[:4] + b[5:]:
            failures.append(f"round trip of {sfen!r}:\n    first  {first[:300]}\n    second {second[:300]}")

    counts = {}
    for e in cases.expected:
        counts[type(e).__name__] = counts.get(type(e).__name__, 0) + 1
    print(
        f"{len(cases.lines)} inputs ({counts.get('Accept', 0)} valid, {counts.get('Reject', 0)} invalid, "
        f"{counts.get('Either', 0)} left open), {len(printed)} round trips; generated in "
        f"{generated - began:.1f} s, checked in {time.time() - generated:.1f} s"
    )
    if failures:
        print(f"\n{len(failures)} DIFFERENCES (seed {seed}):")
        for failure in failures[:MAX_REPORTED]:
            print(failure)
        if len(failures) > MAX_REPORTED:
            print(f"... and {len(failures) - MAX_REPORTED} more")
        sys.exit(1)
    print("all agree")


if __name__ == "__main__":
    main()
