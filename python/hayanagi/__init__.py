"""hayanagi: a shogi core in Rust for Python.

Boards with exact legal moves and the rules (repetition, perpetual check, declaration), mate search,
game records (CSA, KIF, KI2) and training-data arrays. See python/README.md for the reference.
"""

from ._hayanagi import (
    BLACK,
    STARTPOS,
    WHITE,
    Board,
    Declaration,
    Error,
    GameRecord,
    GameRecordError,
    Move,
    MoveError,
    MoveFilter,
    Outcome,
    PackedError,
    RecordMove,
    SfenError,
    Status,
    UsiError,
    parse_square,
    square_name,
)

__all__ = [
    "BLACK",
    "STARTPOS",
    "WHITE",
    "Board",
    "Declaration",
    "Error",
    "GameRecord",
    "GameRecordError",
    "Move",
    "MoveError",
    "MoveFilter",
    "Outcome",
    "PackedError",
    "RecordMove",
    "SfenError",
    "Status",
    "UsiError",
    "parse_square",
    "square_name",
]
