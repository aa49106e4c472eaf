// The package's tests, written once for Node (node.test.mjs, under node:test) and for browsers
// (browser.html, in headless Chromium). `cases(hy)` takes the imported package, already loaded, and
// returns [name, function] pairs; a function throws on failure.
import { deepEqual, equal, ok, throws } from "./assert.mjs";

export const STARTPOS = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
// docs/RULES.md R114: pieces in hand on both sides.
export const MATSURI = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
// docs/RULES.md R19: the most legal moves known.
export const RICHEST = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";

/** The test's own reading of an SFEN's board and hands (an oracle for board(), pieceAt() and hand()):
 *  81 entries "P", "+p", ... or null in index order, and the counts in hand per colour. */
export function readSfen(sfen) {
  const [board, side, hands] = sfen.split(" ");
  const squares = [];
  for (const rank of board.split("/")) {
    for (let i = 0; i < rank.length; i++) {
      if (/[1-9]/.test(rank[i])) for (let n = Number(rank[i]); n > 0; n--) squares.push(null);
      else if (rank[i] === "+") squares.push(`+${rank[++i]}`);
      else squares.push(rank[i]);
    }
  }
  const hand = { b: { P: 0, L: 0, N: 0, S: 0, G: 0, B: 0, R: 0 }, w: { P: 0, L: 0, N: 0, S: 0, G: 0, B: 0, R: 0 } };
  for (const [, count, letter] of hands === "-" ? [] : hands.matchAll(/(\d*)([A-Za-z])/g)) {
    hand[letter === letter.toUpperCase() ? "b" : "w"][letter.toUpperCase()] = count === "" ? 1 : Number(count);
  }
  return { squares, side, hand };
}

/** A small seeded generator (xorshift32), so that a failing random game can be replayed. */
export function random(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

export function cases(hy) {
  const { Position, Game, HayanagiError, SQUARES, toMove } = hy;

  /** The test's expectation of a piece from its SFEN letter. */
  const pieceOf = (letter) =>
    letter === null
      ? null
      : { color: letter === letter.toUpperCase() ? "b" : "w", type: letter.toUpperCase() };

  /** Asserts that `fn` throws a HayanagiError with this code, offset and message start. */
  function assertError(fn, code, offset, message) {
    const error = throws(fn, HayanagiError);
    equal(error.code, code, "code");
    equal(error.offset, offset, "offset");
    equal(error.name, "HayanagiError");
    ok(error instanceof Error);
    ok(typeof error.errno === "number" && error.errno < 0, "errno");
    ok(error.message.startsWith(message), `message ${JSON.stringify(error.message)}`);
    return error;
  }

  /** JS-driven perft over move codes. */
  function perft(pos, depth) {
    if (depth === 0) return 1;
    const moves = pos.legalMoveCodes();
    let nodes = 0;
    for (const code of moves) {
      pos.play(code);
      nodes += perft(pos, depth - 1);
      pos.undo();
    }
    return nodes;
  }

  return [
    [
      "perft in the module: startpos 1-3, matsuri 1-2, the richest position 1 (docs/RULES.md R114)",
      () => {
        const start = Position.startpos();
        equal(start.perft(0), 1);
        equal(start.perft(1), 30);
        equal(start.perft(2), 900);
        equal(start.perft(3), 25470);
        equal(start.perft(3, false), 25470);
        const matsuri = Position.fromSfen(MATSURI);
        equal(matsuri.perft(1), 207);
        equal(matsuri.perft(2), 28684);
        equal(matsuri.perft(2, false), 28684);
        equal(matsuri.sfen(), MATSURI); // perft leaves the position as it was
        const richest = Position.fromSfen(RICHEST);
        equal(richest.perft(1, false), 593);
        equal(richest.legalMoveCodes().length, 593);
      },
    ],
    [
      "perft driven from JS over move codes agrees with the module's (startpos 3, matsuri 2)",
      () => {
        const start = Position.startpos();
        equal(perft(start, 3), 25470);
        equal(start.sfen(), STARTPOS);
        equal(start.moves().length, 0);
        const matsuri = Position.fromSfen(MATSURI);
        equal(perft(matsuri, 2), 28684);
        equal(matsuri.sfen(), MATSURI);
      },
    ],
    [
      "squares: SQUARES is the numbering of docs/RULES.md R1 (9a = 0, 1a = 8, 7g = 56, 1i = 80), as the module writes moves",
      () => {
        equal(SQUARES.length, 81);
        equal(SQUARES[0], "9a");
        equal(SQUARES[8], "1a");
        equal(SQUARES[56], "7g");
        equal(SQUARES[80], "1i");
        ok(Object.isFrozen(SQUARES));
        // Index i is the square the module calls SQUARES[i]: a drop encoded by index, written by the module.
        for (let i = 0; i < 81; i++) equal(toMove({ drop: "G", to: i }).usi, `G*${SQUARES[i]}`);
        // Every destination of a gold drop on an empty board, by the module's USI text.
        const gold = Position.fromSfen("k8/9/9/9/9/9/9/9/8K b G");
        const drops = gold.legalMoves().filter((move) => "drop" in move);
        equal(drops.length, 79);
        for (const move of drops) ok(SQUARES.includes(move.to));
      },
    ],
    [
      "legal moves: typed, USI and codes agree; typed moves are shared frozen values",
      () => {
        const pos = Position.fromUsi("startpos moves 7g7f 3c3d");
        const typed = pos.legalMoves();
        const usi = pos.legalMovesUsi();
        const codes = pos.legalMoveCodes();
        ok(codes instanceof Uint16Array);
        equal(typed.length, 39);
        deepEqual(
          typed.map((move) => move.usi),
          usi,
        );
        deepEqual(
          typed.map((move) => move.code),
          [...codes],
        );
        const bishop = typed.find((move) => move.usi === "8h2b+");
        deepEqual(bishop, {
          from: "8h",
          to: "2b",
          promote: true,
          piece: { color: "b", type: "B" },
          captured: { color: "w", type: "B" },
          usi: "8h2b+",
          code: bishop.code,
        });
        ok(Object.isFrozen(bishop));
        ok(pos.legalMoves().includes(bishop), "the same object each time");
        ok(usi.includes("8h2b") && usi.includes("8h2b+"), "promotion is optional for the bishop");
        // The returned codes are a copy.
        codes.fill(0);
        equal(pos.legalMoveCodes()[0], typed[0].code);
      },
    ],
    [
      "drops: typed {drop, to}, uppercase for both colours",
      () => {
        const gold = Position.fromSfen("4k4/9/9/9/9/9/9/9/4K4 b G");
        const moves = gold.legalMoves();
        equal(moves.length, 84);
        const drop = moves.find((move) => move.usi === "G*5b");
        deepEqual(drop, { drop: "G", to: "5b", piece: { color: "b", type: "G" }, captured: null, usi: "G*5b", code: drop.code });
        ok(!("from" in drop) && !("promote" in drop));
        const matsuri = Position.fromSfen(MATSURI);
        const letters = new Set(
          matsuri
            .legalMoves()
            .filter((move) => "drop" in move)
            .map((move) => move.drop),
        );
        deepEqual([...letters].sort(), ["G", "N", "P", "S"]);
      },
    ],
    [
      "play and undo by code, USI and typed move; keys match a fresh parse",
      () => {
        const pos = Position.startpos();
        const keys = [pos.key()];
        const code = pos.legalMoves().find((move) => move.usi === "7g7f").code;
        pos.play(code);
        keys.push(pos.key());
        pos.play("3c3d");
        keys.push(pos.key());
        pos.play({ from: "8h", to: "2b", promote: true });
        keys.push(pos.key());
        pos.play({ from: SQUARES.indexOf("3a"), to: SQUARES.indexOf("2b") }); // squares as indices too
        keys.push(pos.key());
        pos.play({ drop: "B", to: "4e" });
        keys.push(pos.key());
        const after = "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6";
        equal(pos.sfen(), after);
        equal(String(pos), after);
        equal(pos.ply(), 6);
        equal(pos.sideToMove(), "w");
        equal(new Set(keys).size, 6);
        equal(Position.fromSfen(after).key(), pos.key());
        equal(Position.fromUsi("position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e").key(), pos.key());
        deepEqual(
          pos.moves().map((move) => move.usi),
          ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"],
        );
        // play returns the position.
        equal(pos.clone().play("2b3a").sideToMove(), "b");
        const played = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"];
        for (let i = 5; i > 0; i--) {
          equal(pos.undo().usi, played[i - 1]); // undo returns the move, as Game.undo does
          equal(pos.key(), keys[i - 1]);
        }
        equal(pos.undo(), null);
        equal(pos.sfen(), STARTPOS);
      },
    ],
    [
      "illegal and malformed moves throw a HayanagiError and change nothing",
      () => {
        const pos = Position.fromUsi("startpos moves 7g7f");
        const before = pos.sfen();
        // Well-formed but not legal here: no offset (the text is fine).
        assertError(() => pos.play("7g7f"), "ILLEGAL_MOVE", undefined, "the move is not legal in the position");
        assertError(() => pos.play("P*5e+"), "MOVE_DROP_PROMOTION", 4, "USI move: a drop cannot promote at byte 4");
        assertError(() => pos.play("p*5e"), "MOVE_LOWERCASE_DROP", 0, "USI move: drops are written uppercase");
        assertError(() => pos.play({ from: "7c", to: "7b" }), "ILLEGAL_MOVE", undefined, "the move is not legal");
        assertError(() => pos.play({ drop: "P", to: "5e" }), "ILLEGAL_MOVE", undefined, "the move is not legal");
        // A code that is not a move encoding, and a code of a move that is not legal here.
        assertError(() => pos.play(1), "BAD_MOVE", undefined, "the value is not a move encoding");
        const white = pos.legalMoveCodes()[0];
        pos.play(white);
        assertError(() => pos.play(white), "ILLEGAL_MOVE", undefined, "the move is not legal");
        pos.undo();
        equal(pos.sfen(), before);
        equal(pos.moves().length, 0); // the command's moves are not on the undo stack
      },
    ],
    [
      "wrong argument types throw TypeError, out-of-range numbers RangeError",
      () => {
        throws(() => Position.fromSfen(null), TypeError);
        throws(() => Position.fromSfen(undefined), TypeError);
        throws(() => Position.fromSfen(42), TypeError);
        throws(() => Position.fromUsi({}), TypeError);
        throws(() => new Position(), TypeError);
        const pos = Position.startpos();
        throws(() => pos.play(), TypeError);
        throws(() => pos.play(null), TypeError);
        throws(() => pos.play(true), TypeError);
        throws(() => pos.play({ from: 81, to: "7f" }), RangeError);
        throws(() => pos.play({ from: "7g", to: "0f" }), RangeError);
        throws(() => pos.play({ from: "7g", to: null }), TypeError);
        throws(() => pos.play({ from: "7g", to: "7f", promote: 1 }), TypeError);
        throws(() => pos.play({ drop: "K", to: "5e" }), TypeError);
        throws(() => pos.play({ drop: "P", from: "7g", to: "5e" }), TypeError);
        throws(() => pos.play(-1), RangeError);
        throws(() => pos.play(65536), RangeError);
        throws(() => pos.play(1.5), RangeError);
        throws(() => pos.play(Number.NaN), RangeError);
        throws(() => pos.perft("3"), TypeError);
        throws(() => pos.perft(-1), RangeError);
        throws(() => pos.perft(1, 1), TypeError);
        equal(pos.sfen(), STARTPOS);
      },
    ],
    [
      "SFEN and USI errors carry the code, the byte offset and the library's message",
      () => {
        const sfenError = (sfen, code, offset, message) =>
          assertError(() => Position.fromSfen(sfen), code, offset, message);
        sfenError(
          "4k4/9/9/4P4/9/4P4/9/9/4K4 b - 1",
          "SFEN_NIFU",
          15,
          "SFEN board: a second unpromoted pawn of one colour on a file (nifu) at byte 15",
        );
        sfenError("4k4/9/9/9/9/9/9/9/4K4 x - 1", "SFEN_BAD_SIDE", 22, "SFEN: the side to move must be 'b' or 'w' at byte 22");
        sfenError("4k4/9/9/9/9/9/9/9/4K4 b", "SFEN_MISSING_FIELD", 23, "SFEN: a field is missing at byte 23");
        sfenError("4k4/9/9/9/9/9/9/9/4K4 b - 0", "SFEN_PLY_ZERO", 26, "SFEN ply: must be at least 1 at byte 26");
        // The input is quoted after the message.
        const error = sfenError("4k4/9/9/9/9/9/9/9/4K4 b - 0", "SFEN_PLY_ZERO", 26, "SFEN ply");
        ok(error.message.endsWith('("4k4/9/9/9/9/9/9/9/4K4 b - 0")'), error.message);
        // Non-ASCII text: the offset counts bytes, which is the character index (the text before it is ASCII).
        sfenError("4k4/9/9/9/9/9/9/9/4K4 b 歩 1", "NON_PRINTABLE", 24, "a byte is not printable ASCII at byte 24");
        assertError(
          () => Position.fromUsi("position startpos moves 7g7f 7g7f"),
          "ILLEGAL_MOVE",
          29,
          "the move is not legal in the position at byte 29",
        );
        assertError(() => Position.fromUsi("startpoz"), "USI_KEYWORD", 0, "USI position: expected 'startpos' or 'sfen' at byte 0");
      },
    ],
    [
      "check and status from the position alone",
      () => {
        const checked = Position.fromSfen("4k4/9/9/9/4R4/9/9/9/4K4 w - 1");
        equal(checked.inCheck(), true);
        equal(checked.status(), "none");
        const mate = Position.fromSfen("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 2");
        equal(mate.inCheck(), true);
        equal(mate.status(), "mate");
        deepEqual(mate.legalMoves(), []);
        equal(mate.legalMoveCodes().length, 0);
        const empty = Position.fromSfen("4k4/9/9/9/9/9/9/9/9 b - 1");
        equal(empty.status(), "no_moves");
        equal(Position.startpos().status(), "none");
        equal(empty.perft(32), 0);
        assertError(() => empty.perft(33), "DEPTH_TOO_LARGE", undefined, "the perft depth is above HAYANAGI_MAX_PERFT_DEPTH");
      },
    ],
    [
      "positions are independent: clone, and many positions alive at once",
      () => {
        const a = Position.fromSfen(MATSURI);
        const b = a.clone();
        b.play(b.legalMoveCodes()[0]);
        equal(a.sfen(), MATSURI);
        equal(b.moves().length, 1);
        equal(a.clone().moves().length, 0);
        // Every legal move of matsuri on its own clone, each checked against a fresh parse.
        const children = a.legalMoves().map((move) => a.clone().play(move));
        equal(children.length, 207);
        for (const child of children) equal(Position.fromSfen(child.sfen()).key(), child.key(), child.sfen());
        equal(a.sfen(), MATSURI);
      },
    ],
    [
      "dispose gives the memory back and later calls throw; the memory is reused",
      () => {
        const pos = Position.startpos();
        pos.dispose();
        throws(() => pos.sfen(), Error);
        throws(() => pos.play("7g7f"), Error);
        pos.dispose(); // twice is harmless
        // Many short-lived positions, disposed: memory is reused, not grown without bound.
        for (let i = 0; i < 10000; i++) Position.fromSfen(MATSURI).dispose();
        // `using` calls Symbol.dispose (the syntax needs Node 24).
        if (typeof Symbol.dispose === "symbol") {
          const scoped = Position.startpos();
          scoped[Symbol.dispose]();
          throws(() => scoped.perft(1), Error);
        }
      },
    ],
    [
      "a long game: the undo stack grows, and undo takes every move back",
      () => {
        const pos = Position.fromSfen("4k4/9/9/9/9/9/9/9/4K4 b - 1");
        const shuffle = ["5i5h", "5a5b", "5h5i", "5b5a"];
        for (let i = 0; i < 1000; i++) pos.play(shuffle[i % 4]);
        equal(pos.ply(), 1001);
        equal(pos.moves().length, 1000);
        while (pos.undo() !== null);
        equal(pos.sfen(), "4k4/9/9/9/9/9/9/9/4K4 b - 1");
      },
    ],
    [
      "a list vouches only for its own position: after undo and another move, a code listed before is tested again",
      () => {
        const pos = Position.startpos().play("7g7f").play("3c3d");
        const capture = pos.moveOf("8h2b+").code;
        ok(pos.legalMoveCodes().includes(capture)); // listed at height 2
        pos.undo();
        pos.play("4a3b"); // height 2 again: the pawn on 3c blocks the bishop
        const before = pos.sfen();
        let refused = null;
        try {
          pos.play(capture);
        } catch (error) {
          refused = error;
        }
        ok(refused instanceof HayanagiError && refused.code === "ILLEGAL_MOVE", `${refused}`);
        equal(pos.sfen(), before); // nothing played
        equal(pos.moves().map((m) => m.usi).join(" "), "7g7f 4a3b");
        pos.play(pos.legalMoveCodes()[0]).undo(); // the new list vouches for this position
        equal(pos.undo().usi, "4a3b");
        ok(pos.legalMoveCodes().length > 0 && pos.play("3c3d").isLegal(capture));
        const copy = pos.clone(); // a clone has the position, not the moves
        equal(copy.sfen(), pos.sfen());
        equal(copy.undo(), null);
        equal(copy.play(capture).sfen(), "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4");
        equal(pos.undo().usi, "3c3d");
      },
    ],
    [
      "input longer than the scratch space (a USI command of 80,000 bytes)",
      () => {
        const before = Position.fromSfen(MATSURI);
        const command = `sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 moves${" 5i5h 5a5b 5h5i 5b5a".repeat(4000)}`;
        ok(command.length > 65536);
        const pos = Position.fromUsi(command);
        equal(pos.ply(), 16001);
        equal(pos.sfen(), "4k4/9/9/9/9/9/9/9/4K4 b - 16001");
        equal(before.perft(1), 207); // positions made before the memory grew still work
        // An error deep inside long input: the message quotes the start only.
        const error = assertError(() => Position.fromUsi(`${command} 5a5b`), "ILLEGAL_MOVE", command.length + 1, "the move");
        ok(error.message.length < 200, error.message);
      },
    ],
      [
      "board, pieceAt, hand, kingSquare, sideToMove agree with the SFEN, along random games",
      () => {
        const next = random(20261201);
        for (let game = 0; game < 8; game++) {
          const pos = game % 2 === 0 ? Position.startpos() : Position.fromSfen(MATSURI);
          for (let ply = 0; ply < 120; ply++) {
            const sfen = pos.sfen();
            const expected = readSfen(sfen);
            const board = pos.board();
            equal(board.length, 81);
            for (let i = 0; i < 81; i++) {
              deepEqual(board[i], pieceOf(expected.squares[i]), `${sfen} ${SQUARES[i]}`);
              ok(pos.pieceAt(i) === board[i] && pos.pieceAt(SQUARES[i]) === board[i], "shared piece values");
            }
            for (const color of ["b", "w"]) {
              deepEqual(pos.hand(color), expected.hand[color], `${sfen} hand ${color}`);
              const king = expected.squares.indexOf(color === "b" ? "K" : "k");
              equal(pos.kingSquare(color), king < 0 ? null : SQUARES[king], `${sfen} king ${color}`);
            }
            equal(pos.sideToMove(), expected.side);
            equal(Position.fromSfen(sfen).key(), pos.key());
            const moves = pos.legalMoves();
            equal(pos.legalMoveCount(), moves.length);
            if (moves.length === 0) break;
            pos.play(moves[next(moves.length)]);
          }
        }
        const tsume = Position.fromSfen("4k4/9/9/9/9/9/9/9/9 b G 1");
        equal(tsume.kingSquare("b"), null);
        equal(tsume.kingSquare("w"), "5a");
        deepEqual(tsume.hand("b"), { P: 0, L: 0, N: 0, S: 0, G: 1, B: 0, R: 0 });
        deepEqual(Position.fromSfen(MATSURI).hand("w"), { P: 5, L: 0, N: 1, S: 1, G: 1, B: 0, R: 0 });
        deepEqual(Position.fromSfen(MATSURI).pieceAt("4b"), { color: "b", type: "+P" });
        throws(() => tsume.pieceAt(81), RangeError);
        throws(() => tsume.pieceAt("5j"), RangeError);
        throws(() => tsume.pieceAt(null), TypeError);
        throws(() => tsume.hand("black"), RangeError);
        throws(() => tsume.hand(0), TypeError);
        throws(() => tsume.kingSquare(undefined), TypeError);
      },
    ],
    [
      "isLegal holds for exactly the listed moves, over every move code; givesCheck agrees with play + inCheck",
      () => {
        for (const sfen of [MATSURI, "4k4/9/9/9/4R4/9/9/9/4K4 w - 1"]) {
          const pos = Position.fromSfen(sfen);
          const listed = new Set(pos.legalMoveCodes());
          let legal = 0;
          for (let code = 0x8000; code <= 0xffff; code++) {
            let answer;
            try {
              answer = pos.isLegal(code);
            } catch (error) {
              ok(error instanceof HayanagiError && error.code === "BAD_MOVE", `${code}: ${error}`);
              ok(!listed.has(code));
              continue;
            }
            equal(answer, listed.has(code), `${sfen}: code ${code}`);
            if (answer) legal++;
          }
          equal(legal, listed.size);
        }
        for (const sfen of [STARTPOS, MATSURI, RICHEST, "4k4/9/9/9/4R4/9/9/9/4K4 w - 1"]) {
          const pos = Position.fromSfen(sfen);
          for (const move of pos.legalMoves()) {
            equal(pos.isLegal(move.usi), true);
            equal(pos.isLegal(move.code), true);
            const checks = pos.clone().play(move).inCheck();
            equal(pos.givesCheck(move), checks, `${sfen}: ${move.usi}`);
          }
        }
        const start = Position.startpos();
        equal(start.isLegal("7g7f"), true);
        equal(start.isLegal({ from: "7g", to: "7e" }), false);
        equal(start.isLegal({ drop: "P", to: "5e" }), false);
        assertError(() => start.isLegal(0), "BAD_MOVE", undefined, "the value is not a move encoding");
        assertError(() => start.givesCheck("7g7e"), "ILLEGAL_MOVE", undefined, "the move is not legal");
      },
    ],
    [
      "a code with the right shape that is not legal is refused, even right after listing the moves",
      () => {
        const pos = Position.startpos();
        pos.legalMoveCodes(); // the list the unchecked play trusts
        const jump = toMove("2h2b"); // the rook over its own pawn onto the bishop
        assertError(() => pos.play(jump.code), "ILLEGAL_MOVE", undefined, "the move is not legal");
        assertError(() => pos.play(toMove("8h2b").code), "ILLEGAL_MOVE", undefined, "the move is not legal");
        equal(pos.sfen(), STARTPOS);
        // A list made at another height does not vouch for this position.
        pos.play("7g7f");
        const white = pos.legalMoveCodes();
        pos.undo();
        pos.play("2g2f");
        for (const code of white) {
          if (!pos.isLegal(code)) assertError(() => pos.play(code), "ILLEGAL_MOVE", undefined, "the move is not legal");
        }
        equal(pos.sfen(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL w - 2");
      },
    ],
    [
      "move codes: toMove from USI, codes and objects; malformed input is a typed error",
      () => {
        deepEqual(toMove("7g7f"), { from: "7g", to: "7f", promote: false, usi: "7g7f", code: toMove("7g7f").code });
        deepEqual(toMove({ from: 64, to: 16, promote: true }).usi, "8h2b+");
        deepEqual(toMove({ drop: "R", to: "1a" }).usi, "R*1a");
        ok(toMove("P*5e") === toMove(toMove("P*5e").code), "one shared value per code");
        assertError(() => toMove("7g7g"), "MOVE_SAME_SQUARE", 2, "USI move");
        assertError(() => toMove({ from: "7g", to: "7g" }), "MOVE_SAME_SQUARE", undefined, "USI move");
        assertError(() => toMove("7g7f "), "MOVE_TRAILING", 4, "USI move");
        assertError(() => toMove(0x1234), "BAD_MOVE", undefined, "the value is not a move encoding");
        throws(() => toMove(undefined), TypeError);
        throws(() => toMove({ from: "7g" }), TypeError);
      },
    ],
    [
      "declaration: the 27- and 24-point rules",
      () => {
        const camp = Position.fromSfen("1RRBB4/GGGSK4/SS7/9/9/9/9/9/4k4 b 6Pgs4n4l12p 1");
        deepEqual(camp.declaration(27), { outcome: "win", points: 32, piecesInCamp: 10, failed: [] });
        equal(camp.declaration(24).outcome, "win");
        // Without the pawns in hand: 26 points, a draw under the 24-point rule, too few under the 27-point rule.
        const draw = Position.fromSfen("1RRBB4/GGGSK4/SS7/9/9/9/9/9/4k4 b gs4n4l18p 1");
        deepEqual(draw.declaration(24), { outcome: "draw", points: 26, piecesInCamp: 10, failed: [] });
        deepEqual(draw.declaration(27), { outcome: "invalid", points: 26, piecesInCamp: 10, failed: ["too_few_points"] });
        // In check from a gold on 5c (then only 9 pieces in the camp are Black's: the 5c square is White's).
        const checked = Position.fromSfen("1RRBB4/GGGSK4/SS2g4/9/9/9/9/9/4k4 b 6Ps4n4l12p 1");
        ok(checked.inCheck());
        deepEqual(checked.declaration(27).failed, ["in_check"]);
        const start = Position.startpos().declaration(27);
        equal(start.outcome, "invalid");
        ok(start.failed.includes("king_not_in_camp") && start.failed.includes("too_few_pieces"), String(start.failed));
        throws(() => camp.declaration(28), RangeError);
        throws(() => camp.declaration("27"), TypeError);
      },
    ],
    [
      "game: repetition, perpetual check and the move limit, judged after every move",
      () => {
        // The kings step back and forth: the start position occurs for the 4th time after 12 moves.
        const game = Game.startpos();
        const shuffle = ["5i5h", "5a5b", "5h5i", "5b5a"];
        for (let i = 0; i < 12; i++) {
          equal(game.status(), "none", `after ${i} moves`);
          game.play(shuffle[i % 4]);
        }
        equal(game.status(), "draw_repetition");
        equal(game.position.status(), "none", "the position alone knows nothing of it");
        deepEqual(game.undo(), { ...toMove("5b5a"), piece: { color: "w", type: "K" }, captured: null });
        equal(game.status(), "none");
        // Perpetual check: Black's rook checks with every move.
        const perpetual = Game.fromSfen("8k/9/9/9/9/9/9/9/K6R1 b - 1");
        const checks = ["2i1i", "1a2a", "1i2i", "2a1a"];
        for (let i = 0; i < 12; i++) {
          equal(perpetual.status(), "none");
          perpetual.play(checks[i % 4]);
        }
        equal(perpetual.position.sideToMove(), "b");
        equal(perpetual.status(), "loss_perpetual_check");
        perpetual.undo();
        perpetual.undo();
        perpetual.play("1i2i").play("2a1a"); // the same again, now through USI after undo
        equal(perpetual.status(), "loss_perpetual_check");
        // Seen from White, through a USI command: after 13 moves the position after Black's first
        // check occurs for the 4th time, White to move: White wins.
        const fromUsi = Game.fromUsi(`sfen 8k/9/9/9/9/9/9/9/K6R1 b - 1 moves ${[...checks, ...checks, ...checks, "2i1i"].join(" ")}`);
        equal(fromUsi.moves().length, 13);
        equal(fromUsi.position.sideToMove(), "w");
        equal(fromUsi.status(), "win_perpetual_check");
        fromUsi.undo(); // Black to move in the first position, for the 4th time: Black loses
        equal(fromUsi.status(), "loss_perpetual_check");
        fromUsi.undo();
        equal(fromUsi.status(), "none");
        // The move limit.
        const limited = Game.startpos().play("7g7f");
        equal(limited.status(2), "none");
        limited.play("3c3d");
        equal(limited.status(2), "draw_max_ply");
        equal(limited.status(2n), "draw_max_ply");
        equal(limited.status(), "none");
        throws(() => limited.status(-1), RangeError);
        throws(() => limited.status("2"), TypeError);
        // Mate: a gold dropped on 5b, guarded by the pawn on 5c.
        const mate = Game.fromSfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").play({ drop: "G", to: "5b" });
        equal(mate.status(), "mate");
        equal(mate.status(1), "mate", "mate before the move limit");
      },
    ],
    [
      "game: moves, undo to the start, errors change nothing, the position is the game's",
      () => {
        const game = Game.fromUsi("position startpos moves 7g7f 3c3d");
        deepEqual(
          game.moves().map((move) => move.usi),
          ["7g7f", "3c3d"],
        );
        game.play({ from: "8h", to: "2b", promote: true });
        const sfen = game.position.sfen();
        assertError(() => game.play("8h2b"), "ILLEGAL_MOVE", undefined, "the move is not legal");
        assertError(() => game.play("8h2"), "MOVE_TRUNCATED", 3, "USI move");
        throws(() => game.play(null), TypeError);
        equal(game.position.sfen(), sfen);
        throws(() => game.position.play("3a2b"), Error);
        throws(() => game.position.undo(), Error);
        throws(() => game.position.dispose(), Error);
        const copy = game.position.clone();
        copy.play("3a2b"); // a clone is free
        equal(game.moves().length, 3);
        equal(game.undo().usi, "8h2b+");
        equal(game.undo().usi, "3c3d");
        equal(game.undo().usi, "7g7f");
        equal(game.undo(), null);
        equal(game.position.sfen(), STARTPOS);
        assertError(() => Game.fromUsi("startpos moves 7g7f 7g7f"), "ILLEGAL_MOVE", 20, "the move is not legal");
        assertError(() => Game.fromSfen("9/9/9/9/9/9/9/9/9 b - 0"), "SFEN_PLY_ZERO", 22, "SFEN ply");
        throws(() => Game.fromSfen(null), TypeError);
        throws(() => new Game(), TypeError);
        game.dispose();
        throws(() => game.play("7g7f"), Error);
      },
    ],
    [
      "game: a long random king walk (600 moves, outgrowing the first history) judged at every move and undo",
      () => {
        // Kings only: no move can give check, so the status is the repetition rule alone, which the
        // test judges itself: the 4th (or later) occurrence of board, hands and side to move.
        // Each king walks in a box of four squares (32 positions in all), so positions recur often.
        const game = Game.fromSfen("4k4/9/9/9/9/9/9/9/4K4 b - 1");
        const boxes = { b: ["5h", "5i", "4h", "4i"], w: ["5a", "5b", "4a", "4b"] };
        const seen = new Map();
        const keyOf = () => game.position.sfen().split(" ").slice(0, 3).join(" ");
        const count = (delta) => {
          const key = keyOf();
          seen.set(key, (seen.get(key) ?? 0) + delta);
          return seen.get(key);
        };
        const expected = (occurrences) => (occurrences >= 4 ? "draw_repetition" : "none");
        count(1);
        const next = random(7);
        let repetitions = 0;
        for (let i = 0; i < 600; i++) {
          const box = boxes[game.position.sideToMove()];
          const moves = game.position.legalMoves().filter((move) => box.includes(move.to));
          game.play(moves[next(moves.length)]);
          const status = game.status();
          equal(status, expected(count(1)), `after move ${i + 1}`);
          if (status === "draw_repetition") repetitions++;
        }
        ok(repetitions > 0, "the walk repeats itself");
        equal(game.moves().length, 600);
        for (let i = 600; i > 0; i--) {
          count(-1);
          ok(game.undo() !== null);
          equal(game.status(), expected(seen.get(keyOf())), `after taking back move ${i}`);
        }
        equal(game.undo(), null);
        equal(game.position.sfen(), "4k4/9/9/9/9/9/9/9/4K4 b - 1");
      },
    ],
      [
      "every move code played on a position whose moves were just listed: only the listed ones are played",
      () => {
        const pos = Position.fromSfen(MATSURI);
        const listed = new Set(pos.legalMoveCodes()); // arms the unchecked play for this position
        let played = 0;
        for (let code = 0; code <= 0xffff; code++) {
          try {
            pos.play(code);
          } catch (error) {
            ok(error instanceof HayanagiError && ["BAD_MOVE", "ILLEGAL_MOVE"].includes(error.code), `${code}: ${error}`);
            ok(!listed.has(code), `listed ${code} refused`);
            continue;
          }
          ok(listed.has(code), `${code} played, not listed`);
          played++;
          pos.undo();
        }
        equal(played, listed.size);
        equal(pos.sfen(), MATSURI);
      },
    ],
    [
      "garbled SFEN and USI text: a HayanagiError or a position whose SFEN reads back the same, never anything else",
      () => {
        const next = random(4242);
        const alphabet = "0123456789abcdefghiklnprsw+*-/ KLNPRSBGmoves";
        const seeds = [STARTPOS, MATSURI, RICHEST, "startpos moves 7g7f 3c3d 8h2b+", `sfen ${MATSURI} moves P*5e`];
        let accepted = 0;
        for (let i = 0; i < 3000; i++) {
          const chars = [...seeds[next(seeds.length)]];
          for (let edits = 1 + next(3); edits > 0; edits--) {
            const at = next(chars.length + 1);
            const op = next(3);
            if (op === 0) chars.splice(at, 1);
            else if (op === 1) chars.splice(at, 0, alphabet[next(alphabet.length)]);
            else chars[at] = alphabet[next(alphabet.length)];
          }
          const text = chars.join("");
          for (const parse of [Position.fromSfen, Position.fromUsi]) {
            let pos;
            try {
              pos = parse(text);
            } catch (error) {
              ok(error instanceof HayanagiError, `${JSON.stringify(text)}: ${error}`);
              ok(error.offset === undefined || (error.offset >= 0 && error.offset <= text.length), `offset ${error.offset}`);
              continue;
            }
            accepted++;
            equal(Position.fromSfen(pos.sfen()).sfen(), pos.sfen(), text);
            equal(Position.fromSfen(pos.sfen()).key(), pos.key(), text);
            pos.dispose();
          }
        }
        ok(accepted > 0, "some garbled text is still valid");
      },
    ],
    [
      "numbers are numbers: ply, perft counts, legalMoveCount; only the 64-bit key is a bigint",
      () => {
        const pos = Position.startpos();
        ok(pos.ply() === 1, "ply() === 1");
        ok(pos.play("7g7f").ply() === 2, "ply() === 2");
        ok(Position.startpos().perft(2) === 900, "perft(2) === 900");
        ok(Position.fromSfen("4k4/9/9/9/9/9/9/9/4K4 b - 123456789012").ply() === 123456789012, "a large ply");
        equal(typeof pos.key(), "bigint");
        ok(Game.startpos().status(10) === "none");
      },
    ],
    [
      "typed moves carry the moving piece and the captured one, as pieceAt tells, along random games",
      () => {
        const pos = Position.fromUsi("startpos moves 7g7f 3c3d");
        const bishop = pos.legalMoves().find((move) => move.usi === "8h2b+");
        deepEqual({ ...bishop.piece }, { color: "b", type: "B" });
        deepEqual({ ...bishop.captured }, { color: "w", type: "B" });
        ok(Object.isFrozen(bishop));
        equal(pos.legalMoves().find((move) => move.usi === "7i7h").captured, null);
        pos.play(bishop).play("3a2b");
        const drop = pos.legalMoves().find((move) => move.usi === "B*4e");
        deepEqual({ ...drop.piece }, { color: "b", type: "B" });
        equal(drop.captured, null);
        equal(drop.drop, "B");
        // In random games: every listed move's pieces are the board's; undo and moves() give the same objects.
        const next = random(99);
        for (const start of [STARTPOS, MATSURI]) {
          const game = Position.fromSfen(start);
          const played = [];
          for (let ply = 0; ply < 80; ply++) {
            const moves = game.legalMoves();
            if (moves.length === 0) break;
            const side = game.sideToMove();
            for (const move of moves) {
              if ("drop" in move) {
                deepEqual([move.piece.color, move.piece.type, move.captured], [side, move.drop, null], move.usi);
              } else {
                equal(move.piece, game.pieceAt(move.from), move.usi);
                equal(move.captured, game.pieceAt(move.to), move.usi);
              }
            }
            const move = moves[next(moves.length)];
            equal(game.moveOf(move.usi), move);
            game.play(move);
            played.push(move);
          }
          deepEqual(game.moves(), played);
          for (let i = played.length - 1; i >= 0; i--) equal(game.undo(), played[i]);
          equal(game.undo(), null);
          equal(game.sfen(), start);
        }
        assertError(() => Position.startpos().moveOf("7g7e"), "ILLEGAL_MOVE", undefined, "the move is not legal");
        equal(toMove("8h2b+").piece, undefined); // a shape alone has no pieces
      },
    ],
    [
      "Game.undo and Game.moves give the same typed moves as the position listed",
      () => {
        const game = Game.fromUsi("position startpos moves 7g7f 3c3d");
        const bishop = game.position.moveOf("8h2b+");
        game.play(bishop);
        deepEqual(
          game.moves().map((move) => [move.usi, move.piece.type, move.captured?.type ?? null]),
          [["7g7f", "P", null], ["3c3d", "P", null], ["8h2b+", "B", "B"]],
        );
        equal(game.undo(), bishop);
        equal(game.undo().piece.color, "w");
      },
    ],
    [
      "dests(): a Map from squares and hand kinds to target squares, the legal moves' own (startpos, matsuri, random games)",
      () => {
        const start = Position.startpos().dests();
        ok(start instanceof Map);
        deepEqual(start.get("7g"), ["7f"]);
        deepEqual(start.get("2h").toSorted(), ["1h", "3h", "4h", "5h", "6h", "7h"]);
        equal(start.get("8h"), undefined); // the bishop cannot move
        // The oracle: legalMoves grouped by origin, promotions counted once.
        const next = random(5);
        const pos = Position.fromSfen(MATSURI);
        for (let ply = 0; ply < 60; ply++) {
          const moves = pos.legalMoves();
          if (moves.length === 0) break;
          const expected = new Map();
          for (const move of moves) {
            const origin = move.drop ?? move.from;
            if (!expected.has(origin)) expected.set(origin, new Set());
            expected.get(origin).add(move.to);
          }
          const dests = pos.dests();
          deepEqual([...dests.keys()].sort(), [...expected.keys()].sort());
          for (const [origin, targets] of dests) {
            equal(targets.length, expected.get(origin).size, origin);
            deepEqual(targets.toSorted(), [...expected.get(origin)].sort(), origin);
          }
          pos.play(moves[next(moves.length)]);
        }
        ok(Position.fromSfen(MATSURI).dests().has("P"), "drops are keyed by their kind");
      },
    ],
    [
      "mate search: mateIn1 and mateIn3 find mates that play out to \"mate\", and none where there is none",
      () => {
        const one = Position.fromSfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
        const move = one.mateIn1();
        equal(move.usi, "G*5b");
        deepEqual({ ...move.piece }, { color: "b", type: "G" });
        equal(one.clone().play(move).status(), "mate");
        deepEqual(one.mateIn3().map((m) => m.usi), ["G*5b"]);
        equal(Position.fromSfen("kn7/9/1G7/9/9/9/9/9/4K4 b P 1").mateIn1(), null); // uchifuzume
        const three = Position.fromSfen("k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1");
        equal(three.mateIn1(), null);
        const line = three.mateIn3();
        equal(line.length, 3);
        const after = three.clone();
        for (const m of line) after.play(m); // each typed in its own position: play checks legality
        equal(after.status(), "mate");
        // Every reply to the first move is mated in 1 (the line is forced).
        const reply = three.clone().play(line[0]);
        for (const answer of reply.legalMoves()) ok(reply.clone().play(answer).mateIn1() !== null, answer.usi);
        equal(Position.startpos().mateIn3(), null);
        equal(three.sfen(), "k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1"); // unchanged
      },
    ],
    [
      "move filters: each the legal moves its definition selects, in random games (captures, drops, checks, evasions, ...)",
      () => {
        const next = random(31);
        for (const start of [STARTPOS, MATSURI, RICHEST]) {
          const pos = Position.fromSfen(start);
          for (let ply = 0; ply < 40; ply++) {
            const all = pos.legalMoves();
            if (all.length === 0) break;
            const check = pos.inCheck();
            const expected = {
              all: all,
              captures: all.filter((m) => !("drop" in m) && m.captured !== null),
              non_captures: all.filter((m) => "drop" in m || m.captured === null),
              drops: all.filter((m) => "drop" in m),
              checks: all.filter((m) => pos.givesCheck(m)),
              quiet_checks: all.filter((m) => pos.givesCheck(m) && m.captured === null),
              evasions: check ? all : [],
            };
            for (const [filter, moves] of Object.entries(expected)) {
              const usi = moves.map((m) => m.usi).sort();
              deepEqual(pos.legalMoves(filter).map((m) => m.usi).sort(), usi, `${filter} at ${pos.sfen()}`);
              deepEqual(pos.legalMovesUsi(filter).toSorted(), usi, filter);
              equal(pos.legalMoveCodes(filter).length, usi.length, filter);
              equal(pos.legalMoveCount(filter), usi.length, filter);
            }
            // A listed filtered move plays (unchecked) like any other.
            const checks = pos.legalMoveCodes("checks");
            if (checks.length > 0) {
              pos.play(checks[0]);
              ok(pos.inCheck(), "a check checks");
              pos.undo();
            }
            pos.play(all[next(all.length)]);
          }
        }
        throws(() => Position.startpos().legalMoves("quiet"), TypeError);
        throws(() => Position.startpos().legalMoveCount(3), TypeError);
      },
    ],
    [
      "SEE: the exchange on the target square (the core's examples), ILLEGAL_MOVE for an illegal move",
      () => {
        const pos = Position.fromSfen("4k4/9/4s4/4p4/9/9/9/4R4/4K4 b - 1");
        equal(pos.see("5h5d"), 90 - 990); // the rook takes a pawn the silver guards
        equal(pos.see("5h5g"), 0); // no capture
        const free = Position.fromSfen("4k4/9/9/4p4/9/9/9/4R4/4K4 b - 1");
        equal(free.see("5h5d"), 90); // an unguarded pawn
        // The caller's values: a rook worth 50 makes taking the guarded pawn pay 90 - 50.
        equal(pos.see("5h5d", [90, 315, 405, 495, 540, 855, 50, 0, 540, 540, 540, 540, 945, 1395]), 40);
        throws(() => pos.see("5h5d", [1, 2, 3]), TypeError);
        assertError(() => pos.see("5h4h4"), "MOVE_TRAILING", 4, "USI move");
        assertError(() => pos.see("5h4g"), "ILLEGAL_MOVE", undefined, "the move is not legal");
      },
    ],
    [
      "CSA moves both ways: every legal move reads back from its CSA text, in random games; bad text is CSA_MOVE with the offset",
      () => {
        const next = random(77);
        for (const start of [STARTPOS, MATSURI]) {
          const pos = Position.fromSfen(start);
          for (let ply = 0; ply < 30; ply++) {
            const moves = pos.legalMoves();
            if (moves.length === 0) break;
            for (const move of moves) equal(pos.parseCsaMove(pos.csaMove(move)), move, move.usi);
            pos.play(moves[next(moves.length)]);
          }
        }
        const start = Position.startpos();
        equal(start.csaMove("7g7f"), "+7776FU");
        equal(start.parseCsaMove("+7776FU").usi, "7g7f");
        const error = assertError(() => start.parseCsaMove("+7x76FU"), "CSA_SQUARE", 2, "");
        ok(error.message.includes("+7x76FU"), error.message);
        assertError(() => start.parseCsaMove("-3334FU"), "CSA_WRONG_SIDE", 0, ""); // White's move, Black to play
        assertError(() => start.parseCsaMove("+7775FU"), "ILLEGAL_MOVE", undefined, "the move is not legal");
        assertError(() => start.csaMove("7g7e"), "ILLEGAL_MOVE", undefined, "the move is not legal");
        throws(() => start.parseCsaMove(7776), TypeError);
      },
    ],
    [
      "handicaps: 16 names (and Japanese names), each a legal start with White to move; unknown names throw",
      () => {
        const list = hy.handicaps();
        equal(list.length, 16);
        equal(new Set(list.map(([name]) => name)).size, 16);
        const bishop = Position.handicap("bishop");
        equal(bishop.sfen(), "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
        equal(Position.handicap("角落ち").sfen(), bishop.sfen());
        for (const [name, japanese] of list) {
          const pos = Position.handicap(name);
          equal(pos.sideToMove(), "w", name);
          equal(Position.handicap(japanese).sfen(), pos.sfen(), japanese);
          ok(pos.legalMoveCount() > 0, name);
          equal(Position.fromSfen(pos.sfen()).key(), pos.key(), name);
        }
        throws(() => Position.handicap("queen"), RangeError);
        throws(() => Position.handicap(3), TypeError);
      },
    ],
    [
      "Japanese notation both ways: every legal move, KIF and KI2, with 同 after the previous move, reads back, in random games",
      () => {
        const next = random(123);
        for (const start of [STARTPOS, MATSURI, RICHEST]) {
          const pos = Position.fromSfen(start);
          let previous = null;
          for (let ply = 0; ply < 25; ply++) {
            const moves = pos.legalMoves();
            if (moves.length === 0) break;
            for (const move of moves) {
              for (const style of ["kif", "ki2"]) {
                const text = pos.japaneseMove(move, { style, previous });
                equal(pos.parseJapaneseMove(text, { previous }), move, `${move.usi} ${style} ${text}`);
              }
            }
            const move = moves[next(moves.length)];
            pos.play(move);
            previous = move.to;
          }
        }
        const pos = Position.fromUsi("startpos moves 7g7f 3c3d 8h2b+");
        equal(pos.japaneseMove("3a2b", { previous: "2b" }), "△同銀");
        equal(pos.japaneseMove("3a2b", { style: "kif", previous: "2b" }), "同　銀(31)");
        equal(pos.japaneseMove("3a2b"), "△２二銀");
        equal(pos.parseJapaneseMove("同銀", { previous: "2b" }).usi, "3a2b");
        assertError(() => pos.parseJapaneseMove("同銀"), "JAPANESE_NO_PREVIOUS_MOVE", 0, "");
        assertError(() => pos.parseJapaneseMove("△２二銀 x"), "MOVE_TRAILING", 12, "");
        assertError(() => pos.parseJapaneseMove("△２二x"), "JAPANESE_PIECE", 9, "");
        throws(() => pos.japaneseMove("3a2b", { style: "csa" }), TypeError);
      },
    ],
    [
      "packed positions (HCP, PackedSfen) and hcpe/PSV records round-trip in random games; corrupt bytes are typed errors with offsets",
      () => {
        const next = random(5150);
        const pos = Position.startpos();
        const hcpe = [];
        const psv = [];
        const expected = [];
        for (let ply = 0; ply < 60; ply++) {
          const moves = pos.legalMoves();
          if (moves.length === 0) break;
          for (const format of ["hcp", "sfen"]) {
            const bytes = pos.pack(format);
            equal(bytes.length, 32);
            const back = Position.unpack(bytes, format);
            equal(back.sfen().split(" ").slice(0, 3).join(" "), pos.sfen().split(" ").slice(0, 3).join(" "), format);
            equal(back.ply(), 1);
          }
          const move = moves[next(moves.length)];
          hcpe.push(hy.writeHcpe(pos, { eval: ply * 7 - 100, bestMove: move, result: ["draw", "black_win", "white_win"][ply % 3] }));
          psv.push(hy.writePsv(pos, { score: 100 - ply, move: move.usi, result: ["loss", "draw", "win"][ply % 3] }));
          expected.push([pos.sfen(), move]);
          pos.play(move);
        }
        const join = (records, size) => {
          const all = new Uint8Array(records.length * size);
          records.forEach((record, i) => all.set(record, i * size));
          return all;
        };
        const hcpes = join(hcpe, 38);
        const psvs = join(psv, 40);
        equal(hy.hcpeCount(hcpes), expected.length);
        equal(hy.psvCount(psvs.buffer), expected.length);
        expected.forEach(([sfen, move], i) => {
          const a = hy.readHcpe(hcpes, i);
          equal(a.position.sfen().split(" ").slice(0, 3).join(" "), sfen.split(" ").slice(0, 3).join(" "));
          equal(a.bestMove, move);
          equal(a.eval, i * 7 - 100);
          equal(a.result, ["draw", "black_win", "white_win"][i % 3]);
          const b = hy.readPsv(psvs, i);
          equal(b.position.sfen(), sfen); // PSV keeps the game ply
          equal(b.move, move);
          equal(b.score, 100 - i);
          equal(b.result, ["loss", "draw", "win"][i % 3]);
        });
        // Corruption: a result byte out of range, a truncated last record, an index past the end.
        const bad = hcpes.slice();
        bad[38 * 3 + 36] = 9;
        const error = assertError(() => hy.readHcpe(bad, 3), "RECORD_GAME_RESULT", 38 * 3 + 36, "");
        ok(error instanceof HayanagiError);
        assertError(() => hy.readHcpe(hcpes.subarray(0, 38 * 2 + 10), 2), "RECORD_TRUNCATED", 38 * 2 + 10, "");
        throws(() => hy.readHcpe(hcpes, expected.length), RangeError);
        throws(() => hy.readHcpe("bytes", 0), TypeError);
        throws(() => Position.unpack(new Uint8Array(32), "hcpe"), TypeError);
        assertError(() => Position.unpack(new Uint8Array(31)), "RECORD_TRUNCATED", 31, "");
        assertError(() => Position.fromSfen("4k4/9/9/9/9/9/9/9/9 b - 1").pack(), "PACK_MISSING_KING", undefined, "");
        throws(() => hy.writeHcpe(Position.startpos(), { eval: 0, bestMove: "7g7f", result: "win" }), TypeError);
        assertError(() => hy.writeHcpe(Position.startpos(), { eval: 0, bestMove: "7g7e", result: "draw" }), "ILLEGAL_MOVE", undefined, "");
      },
    ],
    [
      "setup: board(), hands and side give back the position; relaxations for tsume; every problem named with its square",
      () => {
        for (const sfen of [STARTPOS, MATSURI]) {
          const pos = Position.fromSfen(sfen);
          const made = Position.setup({ board: pos.board(), hands: { b: pos.hand("b"), w: pos.hand("w") }, sideToMove: pos.sideToMove(), ply: 7 });
          equal(made.sfen(), sfen.replace(/ 1$/, " 7"));
        }
        const problem = "k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1";
        const tsume = Position.fromSfen(problem);
        const board = tsume.board();
        const hands = { b: tsume.hand("b"), w: tsume.hand("w") };
        // A tsume has no attacking king: refused as a game position, accepted with the kings relaxed.
        const missing = assertError(() => Position.setup({ board, hands }), "MISSING_KING", undefined, "");
        deepEqual(missing.problems, [{ code: "MISSING_KING", square: null }]);
        equal(Position.setup({ board, hands, relax: ["missing_kings"] }).sfen(), problem);
        equal(Position.setup({ board, hands, relax: "sfen" }).sfen(), problem);
        // Two pawns on a file: the problem names the square.
        const nifu = Position.startpos().board();
        nifu[SQUARES.indexOf("7f")] = { color: "b", type: "P" };
        const error = assertError(() => Position.setup({ board: nifu }), "SFEN_NIFU", undefined, "");
        deepEqual(error.problems, [{ code: "SFEN_NIFU", square: "7g" }, { code: "SFEN_TOO_MANY_PIECES", square: "1g" }]);
        throws(() => Position.setup({ board: [] }), TypeError);
        throws(() => Position.setup({ board: nifu.map(() => ({ color: "x", type: "P" })) }), TypeError);
        throws(() => Position.setup({ board, hands: { b: { K: 1 } } }), TypeError);
        throws(() => Position.setup({ board, relax: ["everything"] }), TypeError);
        equal(Position.handicap("bishop").handicapOf(), "bishop");
        equal(Position.startpos().handicapOf(), null);
      },
    ],
    [
      "tsume: the df-pn solver's mate plays out to mate; no mate where there is none; limits answer why; no tsume is an error",
      () => {
        const three = Position.fromSfen("k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1");
        const answer = three.tsume();
        equal(answer.result, "mate");
        equal(answer.line.length % 2, 1); // attacker first and last (df-pn need not find the shortest)
        const after = three.clone();
        for (const move of answer.line) after.play(move);
        equal(after.status(), "mate");
        ok(answer.nodes > 0);
        deepEqual(Position.fromSfen("8k/9/9/9/9/9/9/9/9 b G 1").tsume({ tableSize: 256 }), { result: "no_mate", line: null, nodes: Position.fromSfen("8k/9/9/9/9/9/9/9/9 b G 1").tsume({ tableSize: 256 }).nodes });
        equal(three.tsume({ nodes: 1 }).result, "node_limit");
        throws(() => three.tsume({ depth: 1000 }), RangeError);
        throws(() => Position.fromSfen("4k4/9/9/9/9/9/9/4r4/4K4 b - 1").tsume(), HayanagiError); // the attacker is in check
      },
    ],
    [
      "tsumeShortest: strict and 無駄合-free lengths (図巧 #26: 5 and 3), proved minimal, mate in 1 and 3 as mateIn1/mateIn3 find; no mate, limits, errors",
      () => {
        // 将棋図巧 #26 three moves before its recorded end (Open Tsume, CC0): strictly a mate in 5; with the
        // convention 3, the line showing the useless interposition and its capture (5 plies).
        const zukou26 = Position.fromSfen("5k2n/3pp2+R+N/5p2r/9/6G2/5Lpp1/9/9/9 b P2b3g4s2n3l12p 23");
        const strict = zukou26.tsumeShortest({ tableSize: 4096 });
        equal(strict.result, "mate");
        equal(strict.length, 5);
        equal(strict.line.length, 5);
        equal(strict.minimal, true);
        ok(strict.nodes > 0);
        const conventional = zukou26.tsumeShortest({ tableSize: 4096, counting: "useless_interpositions_free" });
        equal(conventional.length, 3);
        equal(conventional.line.length, 5);
        equal(conventional.minimal, true);
        for (const answer of [strict, conventional]) {
          const after = zukou26.clone();
          answer.line.forEach((move, i) => {
            if (i % 2 === 0) ok(after.givesCheck(move), `ply ${i} checks`);
            after.play(move);
          });
          equal(after.status(), "mate");
        }
        // Mates in 1 and 3: the length mateIn1 / mateIn3 find.
        for (const sfen of ["4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1", "k8/9/1G7/9/9/9/9/9/9 b G 1"]) {
          const pos = Position.fromSfen(sfen);
          const shortest = pos.tsumeShortest({ tableSize: 1024 });
          const expected = pos.mateIn1() !== null ? 1 : pos.mateIn3().length;
          equal(shortest.length, expected, sfen);
          equal(shortest.line.length, expected, sfen);
          ok(shortest.minimal, sfen);
        }
        const none = Position.fromSfen("8k/9/9/9/9/9/9/9/9 b G 1").tsumeShortest({ tableSize: 256 });
        deepEqual({ ...none, nodes: 0 }, { result: "no_mate", line: null, length: 0, minimal: false, nodes: 0 });
        const hard = Position.fromSfen("9/9/3B3G1/6+p1n/7+p1/7k1/5BL1p/7G1/7+R+r b N2P2g4s2n3l13p 1");
        equal(hard.tsumeShortest({ nodes: 100 }).result, "node_limit");
        throws(() => zukou26.tsumeShortest({ counting: "conventional" }), TypeError);
        throws(() => zukou26.tsumeShortest({ counting: 1 }), TypeError);
        throws(() => zukou26.tsumeShortest({ depth: 0 }), RangeError);
        throws(() => Position.fromSfen("4k4/9/9/9/9/9/9/4r4/4K4 b - 1").tsumeShortest(), HayanagiError);
      },
    ],
    [
      "tsumeAlternatives: the alternative mates (余詰) along a shortest line are exactly the other checks that mate in time (brute force); limits and errors",
      () => {
        // Brute force: a check `move` at `pos` mates within `plies` (1 or 3).
        const matesWithin = (pos, move, plies) => {
          const child = pos.clone().play(move);
          if (child.status() === "mate") return true;
          if (plies < 3) return false;
          const replies = child.legalMoves();
          return replies.length > 0 && replies.every((reply) => child.clone().play(reply).mateIn1() !== null);
        };
        const cases = [
          ["4k4/9/4P4/9/9/9/9/9/4K4 b G 1", 0], // G*5b is the only mate in 1
          ["k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1", 0], // every other check fails
          ["k8/9/1G7/9/9/9/9/9/9 b G 1", 1], // G*9b and G*8b, each held by the gold on 8c
        ];
        for (const [sfen, count] of cases) {
          const pos = Position.fromSfen(sfen);
          const { line, length } = pos.tsumeShortest({ tableSize: 1024 });
          const answer = pos.tsumeAlternatives(line, length, { tableSize: 1024 });
          equal(answer.result, "ok", sfen);
          equal(answer.alternatives.length, count, sfen);
          const at = pos.clone();
          const expected = [];
          line.forEach((played, ply) => {
            if (ply % 2 === 0) {
              for (const check of at.legalMoves("checks")) {
                if (check.usi !== played.usi && matesWithin(at, check, length - ply)) expected.push(`${ply} ${check.usi}`);
              }
            }
            at.play(played);
          });
          deepEqual(answer.alternatives.map(({ ply, move }) => `${ply} ${move.usi}`), expected, sfen);
          for (const { move } of answer.alternatives) ok(typeof move.piece === "object" && move.piece.type === "G", "typed in its position");
        }
        // USI text and codes are lines too; a line that is no mate is "line_not_found".
        const two = Position.fromSfen("k8/9/1G7/9/9/9/9/9/9 b G 1");
        equal(two.tsumeAlternatives(["G*9b"], 1).alternatives[0].move.usi, "G*8b");
        equal(two.tsumeAlternatives(["G*8b"], 1, { counting: "useless_interpositions_free" }).alternatives[0].move.usi, "G*9b");
        deepEqual(two.tsumeAlternatives(["G*7b"], 1), { result: "line_not_found", alternatives: [] });
        deepEqual(two.tsumeAlternatives([], 0), { result: "line_not_found", alternatives: [] });
        throws(() => two.tsumeAlternatives("G*9b", 1), TypeError);
        throws(() => two.tsumeAlternatives(["G*9b"], -1), RangeError);
        throws(() => two.tsumeAlternatives(["G*9b"], 1, { counting: "none" }), TypeError);
        throws(() => two.tsumeAlternatives([null], 1), TypeError);
      },
    ],
    [
      "garbage into every reader of bytes and move text (unpack, hcpe, PSV, CSA, Japanese): a HayanagiError, never a trap",
      () => {
        const next = random(2718);
        const start = Position.startpos();
        const seeds = [start.pack("hcp"), start.pack("sfen"), hy.writeHcpe(start, { eval: 1, bestMove: "7g7f", result: "draw" }), hy.writePsv(start, { score: 1, move: "7g7f", result: "win" })];
        let accepted = 0;
        let refused = 0;
        const attempt = (fn) => {
          try {
            fn();
            accepted++;
          } catch (error) {
            ok(error instanceof HayanagiError, `${error?.name}: ${error?.message}`);
            refused++;
          }
        };
        for (let i = 0; i < 1500; i++) {
          const bytes = seeds[next(seeds.length)].slice();
          for (let flips = 1 + next(4); flips > 0; flips--) bytes[next(bytes.length)] ^= 1 << next(8);
          const cut = next(6) === 0 ? bytes.subarray(0, next(bytes.length)) : bytes;
          attempt(() => Position.unpack(cut.subarray(0, 32), next(2) === 0 ? "hcp" : "sfen"));
          if (cut.length > 0) {
            attempt(() => hy.readHcpe(cut, 0));
            attempt(() => hy.readPsv(cut, 0));
          }
        }
        const texts = ["+7776FU", "-0055KA", "▲７六歩", "△同銀", "７六歩(77)", "５八金右", "同　銀(31)"];
        const alphabet = [..."+-0123456789FUKYKEGIKIKAHITOUMRY▲△同右左上引寄直打成不１２３４５６７８９一二三四五六七八九歩香桂銀金角飛玉と馬龍()　 "];
        for (let i = 0; i < 1500; i++) {
          const chars = [...texts[next(texts.length)]];
          for (let edits = 1 + next(3); edits > 0; edits--) {
            const at = next(chars.length + 1);
            if (next(2) === 0) chars.splice(at, 1);
            else chars.splice(at, 0, alphabet[next(alphabet.length)]);
          }
          const text = chars.join("");
          attempt(() => start.parseCsaMove(text));
          attempt(() => start.parseJapaneseMove(text, { previous: next(2) === 0 ? null : SQUARES[next(81)] }));
        }
        ok(accepted > 0 && refused > 0, `${accepted} accepted, ${refused} refused`);
      },
    ],
  ];
}
