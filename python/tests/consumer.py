"""A consumer of the package, type-checked by `mypy --strict` against the stubs in CI."""

import hayanagi
from hayanagi import Board, Move, MoveFilter, Status


def playout(board: Board, plies: int) -> list[str]:
    played: list[str] = []
    for _ in range(plies):
        moves: list[Move] = board.legal_moves()
        if not moves or board.status() != Status.NONE:
            break
        mv = moves[len(moves) // 2]
        board.push(mv)
        played.append(mv.usi)
    return played


def main() -> None:
    board = Board()
    print(playout(board, 20), board.sfen(), board.key, board.in_check)
    captures: int = board.count_legal_moves(MoveFilter.CAPTURES)
    print(captures, board.mate_in_1(), board.hand(hayanagi.BLACK))
    try:
        Board("not an sfen")
    except hayanagi.SfenError as err:
        kind: str = err.kind
        offset: int | None = err.offset
        print(kind, offset, err.field)
    code: int = Move.from_usi("7g7f").to_cshogi16()
    print(Move.from_cshogi16(code), board.to_packed("hcp").hex())


if __name__ == "__main__":
    main()
