"""What the reference implementations say about a position, and the shared pieces of the differential tests:
the move-list hash, biased random playouts and random tsume-like placements.

cshogi and python-shogi are GPL: they are used here as black boxes through their Python API only.
"""

import random

import cshogi

import rules

FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3


def fnv1a64(text):
    """64-bit FNV-1a of the bytes of `text`; the data file stores it for the moves string (sorted USI, joined by
    single spaces) where the full list would make the file too big."""
    h = FNV_OFFSET
    for byte in text.encode("ascii"):
        h = ((h ^ byte) * FNV_PRIME) & 0xFFFFFFFFFFFFFFFF
    return h


assert (fnv1a64(""), fnv1a64("a"), fnv1a64("foobar")) == (0xCBF29CE484222325, 0xAF63DC4C8601EC8C, 0x85944171F73967E8)


def usi_moves(board):
    """cshogi's legal moves in USI, sorted by byte order."""
    return sorted(cshogi.move_to_usi(m) for m in board.legal_moves)


def analyse(board):
    """(in_check, mate, sorted legal moves) from cshogi."""
    moves = usi_moves(board)
    check = board.is_check()
    return check, check and not moves, moves


def same_fields(sfen):
    """The first 3 fields (board, side, hands): cshogi writes 0 for a missing ply and clamps big ones."""
    return sfen.rsplit(" ", 1)[0] if sfen.count(" ") == 3 else sfen


def python_shogi_moves(sfen):
    """python-shogi's legal moves, or None when it cannot handle the position (it raises on some positions
    without kings). Its known bugs: it allows a mating pawn drop when the only piece that could capture the
    pawn is pinned (so its list may hold one extra `P*xx`), and its Zobrist hash ignores White's hand (not used
    here)."""
    import shogi

    try:
        return sorted(m.usi() for m in shogi.Board(sfen).legal_moves)
    except Exception:  # noqa: BLE001 - any failure means "no opinion"
        return None


def pawn_drop_mates(sfen, move):
    """Whether the pawn drop `move` would mate (so the rules forbid it). An extra mating pawn drop in
    python-shogi's list is its known pinned-capturer bug. The drop is made on the parsed position (cshogi will
    not play an illegal move) and cshogi says whether the defender is then in check without a legal move."""
    if not move.startswith("P*"):
        return False
    pos = rules.parse(sfen)
    square = (ord(move[3]) - ord("a")) * 9 + (9 - int(move[2]))
    if pos.board[square] is not None or not pos.hands[pos.side].get("P"):
        return False
    pos.board[square] = (pos.side, "P", False)
    pos.hands[pos.side]["P"] -= 1
    pos.side = 1 - pos.side
    board = cshogi.Board(str(pos))
    return board.is_check() and len(board.legal_moves) == 0


def is_capture(board, move):
    return cshogi.move_cap(move) != 0


def gives_check(board, move):
    board.push(move)
    check = board.is_check()
    board.pop()
    return check


BIASES = ("uniform", "capture", "drop", "check", "promote", "deep")


def pick_move(board, moves, bias, rng):
    """A random legal move; the bias multiplies the weight of the moves it favours."""
    if bias in ("uniform", "deep"):
        return rng.choice(moves)
    if bias == "capture":
        favoured = [m for m in moves if is_capture(board, m)]
    elif bias == "drop":
        favoured = [m for m in moves if cshogi.move_is_drop(m)]
    elif bias == "promote":
        favoured = [m for m in moves if cshogi.move_is_promotion(m) or is_capture(board, m)]
    elif bias == "check":
        favoured = [m for m in moves if gives_check(board, m)]
    else:
        raise ValueError(bias)
    if favoured and rng.random() < 0.8:
        return rng.choice(favoured)
    return rng.choice(moves)


def playout(start_sfen, bias, rng, plies):
    """Plays up to `plies` random moves from `start_sfen`; returns (start SFEN, [USI moves], [SFEN after each
    move]). Stops at a position without legal moves (mate)."""
    board = cshogi.Board(start_sfen)
    played, sfens = [], []
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        mv = pick_move(board, moves, bias, rng)
        played.append(cshogi.move_to_usi(mv))
        board.push(mv)
        sfens.append(board.sfen())
    return start_sfen, played, sfens


def random_tsume(rng):
    """A random tsume-like position: a White king near an edge, Black pieces and a few White ones around it,
    Black holding pieces (often a pawn), Black's king present only sometimes. Valid by docs/RULES.md R64–R69 (retried until
    it is); Black to move."""
    while True:
        board = [None] * 81
        pool = {"P": 18, "L": 4, "N": 4, "S": 4, "G": 4, "B": 2, "R": 2}
        row, col = rng.choice([0, 0, 0, 1, 2]), rng.choice([0, 1, 2, 4, 6, 7, 8, 8])
        king = row * 9 + col
        board[king] = (rules.WHITE, "K", False)
        if rng.random() < 0.4:
            board[rng.randrange(63, 81)] = (rules.BLACK, "K", False)
        near = [
            r * 9 + c
            for r in range(max(0, row - 3), min(9, row + 4))
            for c in range(max(0, col - 3), min(9, col + 4))
            if board[r * 9 + c] is None
        ]
        rng.shuffle(near)
        for color, n in ((rules.BLACK, rng.randint(1, 5)), (rules.WHITE, rng.randint(0, 4))):
            for _ in range(n):
                if not near:
                    break
                letter = rng.choice("PPPLNSGGBR")
                if pool[letter] == 0:
                    continue
                pool[letter] -= 1
                board[near.pop()] = (color, letter, letter in "PLNSBR" and rng.random() < 0.25)
        hands = [{}, {}]
        for letter in "PPPLNSGBR":
            if pool[letter] and rng.random() < 0.5:
                n = rng.randint(1, min(pool[letter], 3))
                hands[rules.BLACK][letter] = hands[rules.BLACK].get(letter, 0) + n
                pool[letter] -= n
        if rng.random() < 0.5:
            for letter, n in pool.items():
                if n:
                    hands[rules.WHITE][letter] = n
        pos = rules.Sfen(board, rules.BLACK, hands, rng.randint(1, 200))
        try:
            rules.validate(pos)
        except rules.Invalid:
            continue
        return str(pos)


START_SFENS = {
    "start": cshogi.STARTING_SFEN,
    "matsuri": "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "max593": "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "lance-handicap": "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "bishop-handicap": "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "two-piece-handicap": "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "six-piece-handicap": "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "ten-piece-handicap": "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "tsume-one-king": "4k4/9/9/9/9/9/9/9/9 b RB2G2S2N2L9P2g2s2n2l9p 1",
    "bare-kings": "4k4/9/9/9/9/9/9/9/4K4 b RBGSNLPrbgsnlp 1",
}


def new_rng(seed):
    return random.Random(seed)


def pawn_drop_mate_square(sfen):
    """The square in front of the defending king where a pawn drop by the side to move would mate (and so is
    illegal), or None. There is at most one: the square the king would be checked from."""
    pos = rules.parse(sfen)
    king = next((sq for sq, p in enumerate(pos.board) if p == (1 - pos.side, "K", False)), None)
    if king is None or not pos.hands[pos.side].get("P"):
        return None
    row, col = divmod(king, 9)
    row -= rules.forward(pos.side)
    if not 0 <= row < 9:
        return None
    move = f"P*{9 - col}{chr(ord('a') + row)}"
    if pos.board[row * 9 + col] is not None or any(
        pos.board[r * 9 + col] == (pos.side, "P", False) for r in range(9)
    ):
        return None
    return move if pawn_drop_mates(sfen, move) else None


def capturer_pinned(sfen, move):
    """Whether a piece of the defender other than its king attacks the drop square of `move` (so it could take
    the pawn but for a pin)."""
    pos = rules.parse(sfen)
    square = (ord(move[3]) - ord("a")) * 9 + (9 - int(move[2]))
    board = [None if p is not None and p[1] == "K" else p for p in pos.board]
    return rules.attacked(board, square, 1 - pos.side)


def random_pinned_capturer_tsume(rng, tries=20000):
    """A random position where Black's pawn drop in front of White's king would mate only because the White
    piece that could take the pawn is pinned to its king (python-shogi's known bug); None if not found."""
    for _ in range(tries):
        board = [None] * 81
        kr, kc = rng.randrange(0, 3), rng.randrange(0, 9)
        king, drop = kr * 9 + kc, (kr + 1) * 9 + kc
        board[king] = (rules.WHITE, "K", False)
        # The capturer stands next to the king on a line that goes on past it, with the pinner further out.
        dr, dc = rng.choice(rules.KING_STEPS)
        cr, cc = kr + dr, kc + dc
        if not (0 <= cr < 9 and 0 <= cc < 9) or (cr, cc) == (kr + 1, kc):
            continue
        letter, promoted = rng.choice([("G", False), ("S", False), ("P", True), ("B", True), ("R", False)])
        capturer = (rules.WHITE, letter, promoted)
        alone = [capturer if sq == cr * 9 + cc else None for sq in range(81)]
        if not rules.attacked(alone, drop, rules.WHITE):
            continue
        board[cr * 9 + cc] = capturer
        distance = rng.randint(1, 4)
        pr, pc = cr + dr * distance, cc + dc * distance
        if not (0 <= pr < 9 and 0 <= pc < 9):
            continue
        # A lance could pin only from below the king, which is where the pawn goes.
        pinner = rng.choice(("R", "+R") if dr == 0 or dc == 0 else ("B", "+B"))
        board[pr * 9 + pc] = (rules.BLACK, pinner.lstrip("+"), pinner.startswith("+"))
        empty = [sq for sq in range(81) if board[sq] is None and sq != drop and abs(sq // 9 - kr) <= 3]
        rng.shuffle(empty)
        for _ in range(rng.randint(1, 4)):
            board[empty.pop()] = (rules.BLACK, rng.choice("GGSNLP"), False)
        if rng.random() < 0.5:
            board[rng.choice([sq for sq in range(63, 81) if board[sq] is None])] = (rules.BLACK, "K", False)
        pos = rules.Sfen(board, rules.BLACK, [{"P": 1}, {}], 1)
        try:
            rules.validate(pos)
        except rules.Invalid:
            continue
        sfen = str(pos)
        move = pawn_drop_mate_square(sfen)
        if move and capturer_pinned(sfen, move):
            return sfen
    return None
