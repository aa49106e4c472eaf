// A playable shogi board over the hayanagi package: the core (legal moves, where each piece can go,
// play, status), its extended module (mate search) and hayanagi/records (KIF, KI2, CSA read and written, moves in Japanese).
// The page keeps a start position and a line of USI moves, shows the position after `ply` of them, and
// draws everything again after each change: the package answers every question, the page only draws.
import { load, loadExtended, Position, SQUARES } from "hayanagi";
import { loadRecords, readRecord, writeRecord } from "hayanagi/records";

// The core module; the extended one (mate search, the tsume solver); the records module.
await Promise.all([load(), loadExtended(), loadRecords()]);

const NAMES = { P: "歩", L: "香", N: "桂", S: "銀", G: "金", B: "角", R: "飛", K: "玉" };
Object.assign(NAMES, { "+P": "と", "+L": "杏", "+N": "圭", "+S": "全", "+B": "馬", "+R": "龍" });
const HAND_ORDER = ["R", "B", "G", "S", "N", "L", "P"];
const START = Position.startpos().sfen();

const state = {
  start: START, // the SFEN before the first move
  line: [], // the moves, USI
  names: [], // the moves in Japanese (KI2), from hayanagi/records
  headers: [],
  ply: 0, // how many of them the board shows
  selected: null, // a square ("7g") or a kind in hand ("P") whose targets are shown
  pending: null, // the two moves (promote or not) waiting for the choice
  mate: "",
  error: "",
};
let current = Position.startpos(); // the position shown

const $ = (id) => document.getElementById(id);

/** The USI position command of the first `ply` moves of the line. */
function command(ply) {
  const moves = state.line.slice(0, ply);
  return `sfen ${state.start}${moves.length > 0 ? ` moves ${moves.join(" ")}` : ""}`;
}

/** The line's moves in Japanese: the records module reads the line as a USI record. */
function name() {
  state.names = readRecord(command(state.line.length), { format: "usi" }).moves.map((move) => move.ki2);
}

function render() {
  current.dispose();
  current = Position.fromUsi(command(state.ply));
  const pos = current;
  const dests = pos.dests();
  const targets = state.selected === null ? [] : (dests.get(state.selected) ?? []);
  const last = state.ply > 0 ? state.line[state.ply - 1] : null;
  const lastSquare = last === null ? null : last.slice(2, 4); // "7g7f", "8h2b+", "P*5e": the target
  // The board, 9a at the top left (SQUARES is in that order).
  const cells = pos.board().map((piece, i) => {
    const square = SQUARES[i];
    const classes = ["sq"];
    if (piece !== null) classes.push(piece.color);
    if (piece?.type.startsWith("+")) classes.push("promoted");
    if (square === state.selected) classes.push("from");
    if (targets.includes(square)) classes.push("target");
    else if (square === lastSquare) classes.push("last");
    const text = piece === null ? "" : `<span>${NAMES[piece.type]}</span>`;
    return `<button type="button" class="${classes.join(" ")}" data-square="${square}">${text}</button>`;
  });
  $("board").innerHTML = cells.join("");
  for (const color of ["b", "w"]) {
    const hand = pos.hand(color);
    $(`hand-${color}`).innerHTML = HAND_ORDER.filter((kind) => hand[kind] > 0)
      .map((kind) => {
        const selected = color === pos.sideToMove() && state.selected === kind ? " from" : "";
        const count = hand[kind] > 1 ? hand[kind] : "";
        return `<button type="button" class="drop${selected}" data-color="${color}" data-drop="${kind}">${NAMES[kind]}${count}</button>`;
      })
      .join("");
  }
  $("promotion").hidden = state.pending === null;
  const side = pos.sideToMove() === "b" ? "☗先手" : "☖後手";
  const status = { none: pos.inCheck() ? "王手" : "", mate: "詰み", no_moves: "指し手なし" }[pos.status()];
  $("status").textContent = `${pos.ply()}手目 ${side}の番${status ? ` (${status})` : ""}`;
  $("moves").innerHTML = state.names
    .map((text, i) => `<li data-ply="${i + 1}"${i + 1 === state.ply ? ' class="current"' : ""}>${text}</li>`)
    .join("");
  $("mate-result").textContent = state.mate;
  $("error").textContent = state.error;
  $("sfen").textContent = pos.sfen();
}

/** Plays a move at the ply shown: the moves after it are dropped, as a board GUI does. */
function play(move) {
  state.line = [...state.line.slice(0, state.ply), move.usi];
  state.ply++;
  state.selected = null;
  state.pending = null;
  state.mate = "";
  name();
  render();
}

function select(origin) {
  state.selected = origin !== null && current.dests().has(origin) && state.selected !== origin ? origin : null;
  state.pending = null;
  render();
}

/** A click on a target plays the move there, or asks whether to promote when both are legal. */
function clickSquare(square) {
  const targets = state.selected === null ? [] : (current.dests().get(state.selected) ?? []);
  if (targets.includes(square)) {
    const moves = current.legalMoves().filter((move) => (move.drop ?? move.from) === state.selected && move.to === square);
    if (moves.length === 1) return play(moves[0]);
    state.pending = moves; // a promotion and a non-promotion
    return render();
  }
  const piece = current.pieceAt(square);
  select(piece !== null && piece.color === current.sideToMove() ? square : null);
}

function goTo(ply) {
  state.ply = Math.max(0, Math.min(state.line.length, ply));
  state.selected = null;
  state.pending = null;
  state.mate = "";
  render();
}

/** Loads a record (text or a file's bytes) or an SFEN, and shows its start. */
function loadRecord(input) {
  state.error = "";
  try {
    if (typeof input === "string" && /^\s*[1-9lnsgkrbpLNSGKRBP+/]+ [bw] /.test(input)) {
      const pos = Position.fromSfen(input.trim());
      state.start = pos.sfen();
      state.line = [];
      state.headers = [];
      pos.dispose();
    } else {
      const record = readRecord(input);
      state.start = record.start;
      state.line = record.moves.map((move) => move.usi);
      state.headers = record.headers;
    }
    name();
    goTo(0);
  } catch (error) {
    state.error = `${error.name}: ${error.message}`;
    render();
  }
}

function exportRecord(format) {
  $("record-text").value = writeRecord({ start: state.start, headers: state.headers, moves: state.line }, format);
  $("load").open = true;
}

/** Mate search from the position shown: the shortest mate in 3 if there is one, else the tsume
 *  solver (checks at every move); the line in Japanese, or that there is none. */
function mate() {
  let line = current.mateIn3();
  let note = "";
  if (line === null) {
    const answer = current.tsume({ nodes: 300000 });
    line = answer.line;
    if (answer.result === "no_mate") note = "詰みはありません";
    else if (answer.result !== "mate") note = `わかりません (${answer.result})`;
  }
  if (line === null) {
    state.mate = note;
  } else {
    const moves = line.map((move) => move.usi).join(" ");
    const names = readRecord(`sfen ${current.sfen()} moves ${moves}`, { format: "usi" }).moves.map((move) => move.ki2);
    state.mate = `${line.length}手詰: ${names.join(" ")}`;
  }
  render();
}

$("board").addEventListener("click", (event) => {
  const cell = event.target.closest("[data-square]");
  if (cell) clickSquare(cell.dataset.square);
});
for (const color of ["b", "w"]) {
  $(`hand-${color}`).addEventListener("click", (event) => {
    const button = event.target.closest("[data-drop]");
    if (button && button.dataset.color === current.sideToMove()) select(button.dataset.drop);
  });
}
$("promotion").addEventListener("click", (event) => {
  const button = event.target.closest("[data-promote]");
  if (!button || state.pending === null) return;
  const promote = button.dataset.promote === "true";
  play(state.pending.find((move) => move.promote === promote));
});
$("moves").addEventListener("click", (event) => {
  const item = event.target.closest("[data-ply]");
  if (item) goTo(Number(item.dataset.ply));
});
$("first").addEventListener("click", () => goTo(0));
$("prev").addEventListener("click", () => goTo(state.ply - 1));
$("next").addEventListener("click", () => goTo(state.ply + 1));
$("last").addEventListener("click", () => goTo(state.line.length));
$("undo").addEventListener("click", () => {
  if (state.ply === 0) return;
  state.line = state.line.slice(0, state.ply - 1);
  name();
  goTo(state.ply - 1);
});
$("mate").addEventListener("click", mate);
$("load-text").addEventListener("click", () => loadRecord($("record-text").value));
$("record-file").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (file) loadRecord(new Uint8Array(await file.arrayBuffer()));
});
$("export-kif").addEventListener("click", () => exportRecord("kif"));
$("export-csa").addEventListener("click", () => exportRecord("csa"));

render();
document.body.dataset.ready = "true";
