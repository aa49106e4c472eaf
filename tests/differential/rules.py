"""SFEN as docs/RULES.md R80–R85 defines it, written from the rules for the differential tests: a strict reader that says
whether hayanagi must accept or reject an input, and the writer whose output hayanagi must match.

cshogi accepts almost anything (repeated hand pieces, a side not to move in check, ply 0), so it can never
decide whether an input is valid; this module does, and cshogi is only asked about positions it accepts.

Inputs the first written contract did not settle raise `Ambiguous` (a count of 1 written in a hand, leading
zeros, a ply between 2^63 and 2^64 - 1, two digits in a row on a rank, extra spaces) unless something else makes
them invalid; the live step accepts either answer for those. docs/RULES.md now settles each (R80, R81, R83, R84),
and tests/sfen.rs checks them by name.
"""

SET_COUNTS = {"P": 18, "L": 4, "N": 4, "S": 4, "G": 4, "B": 2, "R": 2}
HAND_ORDER = "RBGSNLP"
PROMOTABLE = "PLNSBR"
BLACK, WHITE = 0, 1
PLY_MAX_ACCEPTED = 2**63 - 1
U64_MAX = 2**64 - 1


class Invalid(Exception):
    """The rules say this input must be rejected."""


class Ambiguous(Exception):
    """This reader does not decide whether this input is accepted (see the module docstring)."""


class Sfen:
    """A parsed position: board[row * 9 + col] is None or (color, letter, promoted) with the letter uppercase;
    hands[color][letter] counts; side is BLACK or WHITE; ply is an int."""

    def __init__(self, board, side, hands, ply):
        self.board = board
        self.side = side
        self.hands = hands
        self.ply = ply

    def board_field(self):
        ranks = []
        for row in range(9):
            out, empty = "", 0
            for col in range(9):
                piece = self.board[row * 9 + col]
                if piece is None:
                    empty += 1
                    continue
                if empty:
                    out += str(empty)
                    empty = 0
                color, letter, promoted = piece
                out += ("+" if promoted else "") + (letter if color == BLACK else letter.lower())
            if empty:
                out += str(empty)
            ranks.append(out)
        return "/".join(ranks)

    def hands_field(self):
        out = ""
        for color in (BLACK, WHITE):
            for letter in HAND_ORDER:
                n = self.hands[color].get(letter, 0)
                if n:
                    out += (str(n) if n >= 2 else "") + (letter if color == BLACK else letter.lower())
        return out or "-"

    def position_key(self):
        """Board, side and hands: what repetition compares (docs/RULES.md R45)."""
        return f"{self.board_field()} {'bw'[self.side]} {self.hands_field()}"

    def __str__(self):
        """The SFEN writer (docs/RULES.md R87): 4 fields, hands Black then White in order R B G S N L P."""
        return f"{self.position_key()} {self.ply}"


def parse(text, lenient=False):
    """Parses a plain SFEN (3 or 4 fields) by docs/RULES.md R80–R85. Raises Invalid, or Ambiguous unless `lenient` (then the
    unsettled forms get their natural meaning)."""

    notes = []  # forms this reader leaves open; they matter only if nothing makes the input invalid

    def unsettled(why):
        notes.append(why)

    for i, ch in enumerate(text):
        if not 0x20 <= ord(ch) <= 0x7E:
            raise Invalid(f"byte {i} is not printable ASCII")
    fields = text.split(" ")
    if any(f == "" for f in fields):
        unsettled("empty field (extra spaces)")
        fields = text.split()
    if len(fields) not in (3, 4):
        raise Invalid(f"{len(fields)} fields")
    board = parse_board(fields[0], unsettled)
    if fields[1] not in ("b", "w"):
        raise Invalid("side")
    side = BLACK if fields[1] == "b" else WHITE
    hands = parse_hands(fields[2], unsettled)
    ply = 1
    if len(fields) == 4:
        ply = parse_ply(fields[3], unsettled)
    pos = Sfen(board, side, hands, ply)
    validate(pos)
    if notes and not lenient:
        raise Ambiguous(notes[0])
    return pos


def parse_board(field, unsettled):
    ranks = field.split("/")
    if len(ranks) != 9:
        raise Invalid("rank count")
    board = []
    for rank in ranks:
        row, i, previous_digit = [], 0, False
        while i < len(rank):
            ch = rank[i]
            if ch.isdigit():
                if ch == "0":
                    raise Invalid("digit 0")
                if previous_digit:
                    unsettled("two digits in a row")
                row.extend([None] * int(ch))
                previous_digit = True
                i += 1
                continue
            previous_digit = False
            promoted = ch == "+"
            if promoted:
                i += 1
                if i == len(rank):
                    raise Invalid("+ at end of rank")
                ch = rank[i]
            if ch.upper() not in "PLNSGBRK" or not ch.isalpha():
                raise Invalid(f"unknown letter {ch!r}")
            if promoted and ch.upper() not in PROMOTABLE:
                raise Invalid("+ on a piece that cannot promote")
            row.append((BLACK if ch.isupper() else WHITE, ch.upper(), promoted))
            i += 1
        if len(row) != 9:
            raise Invalid("file count")
        board.extend(row)
    return board


def parse_hands(field, unsettled):
    hands = [{}, {}]
    if field == "-":
        return hands
    i = 0
    while i < len(field):
        start = i
        while i < len(field) and field[i].isdigit():
            i += 1
        digits = field[start:i]
        if i == len(field):
            raise Invalid("count with no piece" if digits else "empty hand")
        ch = field[i]
        i += 1
        if ch.upper() not in HAND_ORDER or not ch.isalpha():
            raise Invalid(f"{ch!r} in hand")
        if digits:
            if int(digits) == 0:
                raise Invalid("zero count")
            if digits[0] == "0":
                unsettled("leading zero in a count")
            if int(digits) == 1:
                unsettled("count 1 written")
        color = BLACK if ch.isupper() else WHITE
        if ch.upper() in hands[color]:
            raise Invalid("repeated piece in hand")
        hands[color][ch.upper()] = int(digits) if digits else 1
    return hands


def parse_ply(field, unsettled):
    if not field.isdigit() or not field.isascii():
        raise Invalid("ply not a number")
    value = int(field)
    if value == 0:
        raise Invalid("ply 0")
    if value > U64_MAX:
        raise Invalid("ply overflow")
    if field[0] == "0":
        unsettled("leading zero in ply")
    if value > PLY_MAX_ACCEPTED:
        unsettled("ply above 2^63 - 1")
    return value


def validate(pos):
    """The position rules (docs/RULES.md R64–R69)."""
    counts = {letter: 0 for letter in SET_COUNTS}
    kings = [0, 0]
    for sq, piece in enumerate(pos.board):
        if piece is None:
            continue
        color, letter, promoted = piece
        if letter == "K":
            kings[color] += 1
            continue
        counts[letter] += 1
        row = sq // 9
        last = row if color == BLACK else 8 - row  # distance from the piece's last rank
        if not promoted and (letter in "PL" and last == 0 or letter == "N" and last <= 1):
            raise Invalid("dead piece")
    for color in (BLACK, WHITE):
        for letter, n in pos.hands[color].items():
            counts[letter] += n
    for letter, n in counts.items():
        if n > SET_COUNTS[letter]:
            raise Invalid(f"too many {letter}")
    if max(kings) > 1:
        raise Invalid("two kings of a colour")
    for color in (BLACK, WHITE):
        for col in range(9):
            pawns = sum(1 for row in range(9) if pos.board[row * 9 + col] == (color, "P", False))
            if pawns > 1:
                raise Invalid("nifu")
    if in_check(pos, 1 - pos.side):
        raise Invalid("side not to move in check")


def forward(color):
    return -1 if color == BLACK else 1


GOLD_STEPS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0)]  # (row, col) for Black
SILVER_STEPS = [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 1)]
KING_STEPS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
DIAGONALS = [(-1, -1), (-1, 1), (1, -1), (1, 1)]
ORTHOGONALS = [(-1, 0), (1, 0), (0, -1), (0, 1)]


def piece_moves(color, letter, promoted):
    """(steps, slides) as (row, col) deltas for a piece of `color`."""
    flip = 1 if color == BLACK else -1
    oriented = lambda deltas: [(dr * flip, dc) for dr, dc in deltas]
    if promoted and letter in "PLNS" or letter == "G":
        return oriented(GOLD_STEPS), []
    if letter == "P":
        return oriented([(-1, 0)]), []
    if letter == "L":
        return [], oriented([(-1, 0)])
    if letter == "N":
        return oriented([(-2, -1), (-2, 1)]), []
    if letter == "S":
        return oriented(SILVER_STEPS), []
    if letter == "K":
        return KING_STEPS, []
    if letter == "B":
        return (ORTHOGONALS if promoted else []), DIAGONALS
    if letter == "R":
        return (DIAGONALS if promoted else []), ORTHOGONALS
    raise ValueError(letter)


def attacked(board, target, by):
    """Whether a piece of colour `by` attacks square `target`."""
    tr, tc = divmod(target, 9)
    for sq, piece in enumerate(board):
        if piece is None or piece[0] != by:
            continue
        r, c = divmod(sq, 9)
        steps, slides = piece_moves(*piece)
        if (tr - r, tc - c) in steps:
            return True
        for dr, dc in slides:
            rr, cc = r + dr, c + dc
            while 0 <= rr < 9 and 0 <= cc < 9:
                if (rr, cc) == (tr, tc):
                    return True
                if board[rr * 9 + cc] is not None:
                    break
                rr, cc = rr + dr, cc + dc
    return False


def in_check(pos, color):
    """Whether `color`'s king (if it has one) is attacked."""
    for sq, piece in enumerate(pos.board):
        if piece == (color, "K", False) and attacked(pos.board, sq, 1 - color):
            return True
    return False


def flipped(pos):
    """The same position seen from the other side: board turned 180 degrees, colours and hands swapped."""
    board = [None if p is None else (1 - p[0], p[1], p[2]) for p in reversed(pos.board)]
    return Sfen(board, 1 - pos.side, [dict(pos.hands[WHITE]), dict(pos.hands[BLACK])], pos.ply)
