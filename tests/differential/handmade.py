"""Hand-made positions that stress the move rules (docs/RULES.md R10–R37): each one is named for the rule it tests, and each is
also recorded turned 180 degrees with the colours swapped (label suffix `/flipped`), so both sides are covered.

Positions are written as {square: SFEN letter} so a reader can check them against a board diagram. Each has
an expectation worked out from the rules by hand, checked against cshogi when the data file is generated:
`+m` the move m is legal, `-m` it is not, `=n` there are n legal moves, `check` the side to move is in check,
`mate` it is mated (neither word: it is not in check).
"""

import rules


def place(pieces, side="b", hands="-", ply=1):
    """An SFEN from {"5a": "k", "4c": "+P", ...}."""
    board = [None] * 81
    for square, letter in pieces.items():
        file, rank = int(square[0]), ord(square[1]) - ord("a")
        promoted = letter.startswith("+")
        letter = letter.lstrip("+")
        color = rules.BLACK if letter.isupper() else rules.WHITE
        board[rank * 9 + (9 - file)] = (color, letter.upper(), promoted)
    text = rules.Sfen(board, 0, [{}, {}], 1).board_field()
    return str(rules.parse(f"{text} {side} {hands} {ply}"))


# (label, SFEN, note, expectation)
POSITIONS = [
    # Uchifuzume: a pawn DROP that mates is illegal; a pawn MOVE that mates and other drops that mate are legal.
    (
        "uchifuzume/basic",
        place({"1a": "k", "3c": "N", "1c": "G", "5i": "K"}, hands="GLP"),
        "P*1b mates (2a: knight, 2b and 1b: gold) so it is missing; G*1b and L*1b mate too and are legal",
        "-P*1b +G*1b +L*1b +1c1b",
    ),
    (
        "uchifuzume/only-capturer-pinned",
        place({"1a": "k", "2a": "s", "9a": "R", "1c": "G", "5i": "K"}, hands="P"),
        "P*1b mates: the silver on 2a could take it but is pinned by the rook on 9a (python-shogi allows it)",
        "-P*1b +P*1d",
    ),
    (
        "uchifuzume/capturer-unpinned-by-the-drop",
        place({"1a": "k", "3c": "N", "2c": "G", "1c": "g", "1e": "L", "5i": "K"}, hands="P"),
        "P*1b is legal: the gold on 1c, pinned by the lance before the drop, is shielded by the pawn and takes it",
        "+P*1b",
    ),
    (
        "uchifuzume/defender-pinned-still-guards",
        place({"1a": "k", "2a": "r", "2c": "G", "2i": "K"}, hands="P"),
        "P*1b mates: the gold guarding 1b is pinned against Black's king but still keeps the king off 1b",
        "-P*1b +P*1c",
    ),
    (
        "uchifuzume/king-can-capture",
        place({"1a": "k", "3c": "N", "3a": "S", "5i": "K"}, hands="P"),
        "P*1b is legal: the king takes the unguarded pawn (2a and 2b are guarded)",
        "+P*1b",
    ),
    (
        "uchifuzume/king-can-escape",
        place({"1a": "k", "1c": "G", "5i": "K"}, hands="P"),
        "P*1b is legal: the king escapes to 2a",
        "+P*1b",
    ),
    (
        "uchifuzume/attacker-without-king",
        place({"1a": "k", "3c": "N", "1c": "G"}, hands="P"),
        "P*1b mates and is missing even though Black has no king",
        "-P*1b +P*1d",
    ),
    (
        "uchifuzume/drop-cuts-rook-guard",
        place({"2a": "k", "2c": "N", "1d": "N", "9b": "R", "5i": "K"}, hands="P"),
        "P*2b is legal: the pawn itself cuts the rook's guard of 1b, where the king escapes",
        "+P*2b",
    ),
    (
        "uchifuzume/drop-cuts-rook-guard-but-covered",
        place({"2a": "k", "2c": "N", "1d": "N", "2d": "N", "9b": "R", "5i": "K"}, hands="P"),
        "the same with 1b also guarded by the knight on 2d: P*2b mates and is missing",
        "-P*2b +P*3b",
    ),
    (
        "uchifuzume/drop-cuts-bishop-guard",
        place({"2a": "k", "1d": "N", "2d": "N", "4c": "N", "4d": "B", "5i": "K"}, hands="P"),
        "P*2b is legal: the pawn cuts the bishop's guard of 1a, where the king escapes",
        "+P*2b",
    ),
    (
        "uchifuzume/drop-cuts-bishop-guard-but-covered",
        place({"2a": "k", "1d": "N", "2d": "N", "2c": "N", "4d": "B", "5i": "K"}, hands="P"),
        "the same with 1a also guarded by the knight on 2c: P*2b mates and is missing",
        "-P*2b",
    ),
    (
        "pawn-move-mate-is-legal",
        place({"1a": "k", "3c": "N", "2c": "G", "1c": "P", "5i": "K"}),
        "1c1b and 1c1b+ mate and are both legal",
        "+1c1b +1c1b+ =13",
    ),
    # Nifu.
    (
        "nifu/own-pawn-on-file",
        place({"5a": "k", "3b": "p", "5g": "P", "5i": "K"}, hands="P"),
        "no P* on file 5; file 3 is open to Black although White has a pawn there",
        "-P*5b -P*5h +P*3c +P*3i =69",
    ),
    (
        "nifu/tokin-does-not-count",
        place({"5a": "k", "5c": "+P", "5i": "K"}, hands="P"),
        "P* on file 5 is allowed: a tokin is not a pawn",
        "+P*5b +P*5d =81",
    ),
    # Dead pieces and forced promotion.
    (
        "dead-pieces/forced-promotions",
        place({"9a": "k", "5b": "P", "3c": "N", "7d": "N", "1d": "L", "5e": "N", "5i": "K"}, hands="PLN"),
        "5b5a+ only; knights from 3c and 7d only promote; lance to 1a only promotes; no P/L drop on rank a, "
        "no N drop on ranks a-b",
        "+5b5a+ -5b5a +3c2a+ -3c2a -3c4a +7d6b+ -7d6b +1d1a+ -1d1a +5e4c -P*9a -L*9a -N*9b +N*9c =204",
    ),
    (
        "dead-pieces/drops-on-empty-board",
        place({"5e": "k"}, hands="RBGSNLP"),
        "pawn and lance drops skip rank a, knight drops ranks a and b; the others go anywhere",
        "-P*1a -L*1a -N*1b +N*1c +S*1a +G*1a +B*1a +R*1a =524",
    ),
    # Optional promotions.
    (
        "optional-promotion/into-third-rank",
        place({"9a": "k", "5d": "P", "1e": "L", "8e": "N", "6d": "S", "9i": "B", "2h": "R", "5i": "K"}),
        "pawn 5d5c, lance to 1c/1b, knight to 7c/9c, silver to 5c/6c/7c, bishop and rook into the zone: "
        "each with and without +",
        "+5d5c +5d5c+ +1e1c +1e1c+ -1e1d+ +1e1a+ -1e1a +8e7c +8e7c+ +6d6c +6d6c+ +9i3c +9i3c+ +2h2c +2h2c+ =55",
    ),
    (
        "optional-promotion/out-of-zone",
        place({"9a": "k", "6c": "S", "3c": "B", "2b": "R", "5i": "K"}),
        "silver 6c back to 5d/7d, bishop 3c and rook 2b leaving the zone: each with and without +",
        "+6c5d +6c5d+ +6c7d+ +3c7g +3c7g+ +2b2i +2b2i+ =67",
    ),
    (
        "optional-promotion/inside-zone",
        place({"9a": "k", "5c": "P", "1c": "L", "4b": "S", "6c": "B", "2c": "R", "5i": "K"}),
        "moves within the zone may promote or not, except to the last rank for pawn and lance",
        "+5c5b +5c5b+ +1c1b +1c1b+ +1c1a+ -1c1a +4b4a +4b4a+ +2c2a +2c2a+ =62",
    ),
    (
        "no-promotion/gold-king-promoted",
        place({"9a": "k", "5d": "G", "3d": "+P", "7d": "+B", "2d": "+R", "5i": "K"}),
        "gold, tokin, horse and dragon never get a +",
        "+5d5c -5d5c+ +3d3c -3d3c+ +7d4a -7d4a+ +2d2a -2d2a+ =45",
    ),
    # Check, double check, pins.
    (
        "double-check/knight-and-rook",
        place({"5a": "k", "7b": "s", "6c": "N", "5i": "R", "1i": "K"}, side="w", hands="g"),
        "king moves only: no interposing drop, and the silver may not take the knight",
        "=4 +5a4a +5a4b +5a6a +5a6b check",
    ),
    (
        "double-check/rook-and-bishop",
        place({"5a": "k", "1e": "B", "5i": "R", "1i": "K"}, side="w", hands="gs"),
        "4a and 6a and 6b only; 4b and 5b are on the checkers' lines",
        "=3 +5a4a +5a6a +5a6b check",
    ),
    (
        "double-check/king-takes-one-checker",
        place({"5a": "k", "5b": "G", "9a": "R", "1i": "K"}, side="w"),
        "5a5b only: 4a/6a on the rook's rank, 4b/6b guarded by the gold",
        "=1 +5a5b check",
    ),
    (
        "double-check/sliders-no-interposing",
        place({"5e": "k", "5a": "R", "9a": "B", "1i": "K"}, side="w", hands="rbgsnlp"),
        "rook and bishop both check: no drop helps, the king moves off both lines",
        "=4 +5e4d +5e6f -5e5f -5e4f check",
    ),
    (
        "triple-check/rook-bishop-knight",
        place({"5e": "k", "5i": "R", "1a": "B", "4g": "N", "9i": "K"}, side="w", hands="gsp"),
        "a position can hold three checks: only 6d, 4e, 6e and 4f are safe",
        "=4 +5e6d +5e4e +5e6e +5e4f check",
    ),
    (
        "quadruple-check/king-takes-the-gold",
        place({"5e": "k", "5i": "R", "1a": "B", "4g": "N", "4f": "G", "9i": "K"}, side="w", hands="gsp"),
        "four checkers; the king may take the gold on 4f, which nothing else guards",
        "=3 +5e4f -5e4e +5e6d check",
    ),
    (
        "pin/pinned-pieces-cannot-interpose",
        place(
            {"5e": "k", "5d": "g", "4d": "s", "6d": "s", "4e": "g", "6e": "g", "5a": "R", "1a": "B", "9a": "B",
             "1e": "R", "9e": "+l", "5i": "L", "1i": "K"},
            side="w",
        ),
        "in check from the lance: of the four pinned pieces none may block on 5f; the free gold on 6e may",
        "=3 +6e5f -4e5f -4e4f +5e4f +5e6f check",
    ),
    (
        "pin/gold-on-file",
        place({"5a": "k", "5c": "g", "5h": "R", "1i": "K"}, side="w"),
        "the gold moves only along file 5 (5b, 5d)",
        "=7 +5c5b +5c5d -5c4c -5c6c -5c4d",
    ),
    (
        "pin/silver-on-diagonal",
        place({"1a": "k", "3c": "s", "5e": "B", "9i": "K"}, side="w"),
        "the silver moves only along the diagonal (2b, 4d)",
        "=5 +3c2b +3c4d -3c3d -3c2d -3c4b",
    ),
    (
        "pin/lance-takes-pinner",
        place({"5a": "k", "5c": "l", "5g": "R", "1i": "K"}, side="w"),
        "the lance may slide to 5d-5f and take on 5g with or without promotion",
        "=10 +5c5g +5c5g+ +5c5d",
    ),
    (
        "pin/knight-frozen",
        place({"5a": "k", "5c": "n", "5g": "L", "1i": "K"}, side="w"),
        "the pinned knight has no move",
        "=5",
    ),
    (
        "pin/rook-along-rank",
        place({"1a": "k", "4a": "r", "8a": "R", "9i": "K"}, side="w"),
        "the rook slides along rank a between the king and the pinner and takes it",
        "=9 +4a8a +4a2a -4a4b",
    ),
    (
        "pin/bishop-by-rook",
        place({"5a": "k", "5d": "b", "5i": "R", "1i": "K"}, side="w"),
        "the bishop pinned on a file has no move",
        "=5",
    ),
    (
        "pin/pinned-piece-cannot-take-checker",
        place({"5a": "k", "5c": "g", "5i": "R", "4c": "N", "1i": "K"}, side="w"),
        "in check from the knight on 4c: the gold on 5c could take it but is pinned by the rook",
        "=5 -5c4c check",
    ),
    (
        "check/king-along-rook-line",
        place({"5c": "k", "5i": "R", "1i": "K"}, side="w"),
        "5c5b and 5c5d stay on the rook's file and are illegal",
        "=6 -5c5b -5c5d check",
    ),
    (
        "check/king-along-bishop-line",
        place({"5e": "k", "9a": "B", "1i": "K"}, side="w"),
        "5e4f and 5e6d stay on the bishop's diagonal and are illegal",
        "=6 -5e4f -5e6d check",
    ),
    (
        "check/king-away-from-lance",
        place({"5e": "k", "5i": "L", "1i": "K"}, side="w"),
        "5e5d is behind the king on the lance's file and illegal",
        "=6 -5e5d -5e5f check",
    ),
    (
        "check/adjacent-dragon",
        place({"5a": "k", "4b": "+R", "1i": "K"}, side="w"),
        "the dragon on 4b checks diagonally and guards rank b and file 4",
        "=2 +5a4b +5a6a check",
    ),
    (
        "check/interpose-with-drops-and-nifu",
        place({"5a": "k", "9e": "K", "1e": "r", "5g": "P", "3g": "P"}, hands="GP"),
        "drops between 1e and 9e block the rook, but no P* on files 5 and 3",
        "=16 -P*5e -P*3e +P*4e +G*5e check",
    ),
    (
        "check/capture-checker-forced-promotion",
        place({"9i": "k", "2a": "g", "2b": "P", "1b": "K"}),
        "2b2a+ only (a pawn on rank a must promote), and the king may take the gold",
        "=4 +2b2a+ -2b2a +1b2a -1b1a check",
    ),
    # Mate and no moves (docs/RULES.md R44: statuses of a position on its own).
    (
        "mate/gold-guarded-by-pawn",
        place({"5a": "k", "5b": "G", "5c": "P", "5i": "K"}, side="w"),
        "White is mated",
        "=0 mate",
    ),
    (
        "no-moves/king-boxed-in",
        place({"9a": "k", "2a": "r", "3f": "b", "1i": "K"}),
        "Black is not in check and has no legal move",
        "=0",
    ),
    (
        "no-moves/nothing-to-move",
        place({"5a": "k"}),
        "Black has no piece at all",
        "=0",
    ),
    # Kings missing.
    (
        "no-king/tsume-gold-drop-mate",
        place({"5a": "k", "5c": "P"}, hands="G"),
        "G*5b mates and is legal; Black has no king",
        "+G*5b +5c5b",
    ),
    (
        "no-king/side-to-move-has-none",
        place({"5i": "K", "5h": "P"}, side="w", hands="2g"),
        "White has no king: every drop is legal",
        "=79",
    ),
    (
        "no-king/neither-side",
        place({"5e": "p"}, hands="P"),
        "no kings: pawn drops everywhere except rank a",
        "=71 -P*5a +P*5i",
    ),
    (
        "hand/eighteen-pawns",
        place({"5a": "k", "5i": "K"}, hands="18P"),
        "all 18 pawns in one hand",
        "=76",
    ),
    ("spec/startpos", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "30 moves", "=30"),
    ("spec/matsuri", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", "207 moves", "=207"),
    ("spec/max-593", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", "593 moves", "=593"),
]


def flip_square(square):
    return f"{10 - int(square[0])}{chr(ord('a') + ord('i') - ord(square[1]))}"


def flip_token(token):
    """An expectation token for the position turned around: squares move, drop letters stay uppercase."""
    if token[0] not in "+-":
        return token
    sign, move = token[0], token[1:]
    if move[1] == "*":
        return f"{sign}{move[:2]}{flip_square(move[2:4])}"
    return f"{sign}{flip_square(move[0:2])}{flip_square(move[2:4])}{move[4:]}"


def with_flipped():
    """Every position, then every position turned around, as (label, SFEN, note, expectation)."""
    out = []
    for label, sfen, note, expect in POSITIONS:
        out.append((label, sfen, note, expect))
        turned = str(rules.flipped(rules.parse(sfen)))
        out.append((label + "/flipped", turned, note + " (colours swapped)", " ".join(map(flip_token, expect.split()))))
    return out


def check_expectation(expect, in_check, mate, moves):
    """The expectation's failures for this answer (empty if it holds)."""
    failures = []
    tokens = expect.split()
    moves = set(moves)
    if in_check != ("check" in tokens or "mate" in tokens):
        failures.append(f"in check: {in_check}")
    if mate != ("mate" in tokens):
        failures.append(f"mate: {mate}")
    for token in tokens:
        if token[0] == "+" and token[1:] not in moves:
            failures.append(f"{token[1:]} missing")
        elif token[0] == "-" and token[1:] in moves:
            failures.append(f"{token[1:]} present")
        elif token[0] == "=" and int(token[1:]) != len(moves):
            failures.append(f"{len(moves)} moves, not {token[1:]}")
    return failures
