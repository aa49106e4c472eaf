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
    first = board.legal_moves()[0]
    print(board.to_cshogi(first), board.move_from_cshogi(board.to_cshogi(first)).usi, board.svg(scale=0.5)[:4])
    record = hayanagi.GameRecord(board)
    record.append(board.legal_moves()[0], time_ms=1000, comments=["typed"])
    record.outcome = hayanagi.Outcome("resign", winner=hayanagi.WHITE)
    ending: str | None = record.outcome.ending if record.outcome else None
    times: list[int | None] = [m.time_ms for m in record.moves]
    print(ending, times[-1], record.to_text("kif").count("\n"), record.board().status().is_over)
    kif = "手合割：平手\n   1 ７六歩(77)\n**対局 評価値 30 読み筋 △３四歩(33)\n   2 ３四歩(33)\n\n変化：2手\n   2 ８四歩(83)\n"
    tree = hayanagi.GameRecord.from_text(kif, "kif")
    evaluation: hayanagi.Evaluation | None = tree.moves[0].evaluation
    score: int | None = evaluation.centipawns if evaluation else None
    for path, variation in tree.walk():
        branch: hayanagi.GameRecord = tree.line(path)
        start_ply: int = variation.ply
        print(path, start_ply, len(variation), branch.board().usi(), score)
    tree.variations = [hayanagi.Variation(2, ["8c8d", hayanagi.RecordMove("2g2f", time_ms=1000)])]
    tree.time_control = hayanagi.TimeControl.parse("10分+30秒")
    control: hayanagi.TimeControl | None = tree.time_control
    data: bytes = tree.to_bytes("kif", "shift_jis")
    games: list[hayanagi.GameRecord] = hayanagi.GameRecord.all_from_bytes(data)
    print(control.byoyomi_ms if control else None, games[0].format, tree.to_text("jkf")[:1], tree.variation_count)
    try:
        hayanagi.GameRecord.from_text("+7776XX", "csa")
    except hayanagi.GameRecordError as err:
        print(err.line, err.column, err.kind, err.ply)
    tsume: hayanagi.TsumeResult = Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").mate(nodes=10_000, time_ms=1000)
    line: list[Move] = tsume.moves
    print(tsume.status, tsume.reason, tsume.nodes, [m.usi for m in line], tsume.is_mate)
    two = Board("k8/9/1G7/9/9/9/9/9/9 b G 1")
    shortest = two.mate(shortest=True, counting="useless_interpositions_free", table_mb=1)
    length: int | None = shortest.length
    if length is not None:
        found: hayanagi.TsumeAlternatives = two.mate_alternatives(shortest.moves, length, counting="useless_interpositions_free")
        others: list[hayanagi.TsumeAlternative] = found.alternatives
        print(shortest.minimal, shortest.first_proof, found.status, [(a.ply, a.move.usi) for a in others])
    import numpy as np

    row = np.frombuffer(board.to_packed("hcp"), dtype=np.uint8)
    board.set_hcp(row)
    board.set_hcp(bytearray(board.to_packed("hcp")))


if __name__ == "__main__":
    main()
