// The board page (examples/board/) driven in headless Chromium by puppeteer-core, as a user would: clicks
// play a short game (a promotion choice, a drop from the hand), undo takes a move back, a KIF record is
// loaded and stepped through, and a screenshot is compared with the stored one (test/board.png) within a
// small tolerance; the mate button, and a CSA file chosen in the file input. Every position the page
// shows is checked against the package itself, in Node.
//   node test/board.test.mjs URL CHROMIUM EXPECTED.png [--update]
// npm/check.sh serves the installed project on 127.0.0.1 and runs this; --update writes the screenshot.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { load, loadExtended, Position } from "hayanagi";
import { loadRecords, readRecord, writeRecord } from "hayanagi/records";
import puppeteer from "puppeteer-core";

const [url, chromium, expectedPath, update] = process.argv.slice(2);
await Promise.all([load(), loadExtended(), loadRecords()]);

let checks = 0;
function check(condition, message) {
  if (!condition) throw new Error(`board: ${message}`);
  checks++;
}
const sfenAfter = (start, moves) => {
  const pos = Position.fromUsi(`sfen ${start}${moves.length ? ` moves ${moves.join(" ")}` : ""}`);
  return pos.sfen();
};
const START = Position.startpos().sfen();

const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--font-render-hinting=none", "--force-color-profile=srgb"],
});
try {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.setViewport({ width: 900, height: 640, deviceScaleFactor: 1 });
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]", { timeout: 20000 });
  const text = (selector) => page.$eval(selector, (element) => element.textContent);
  const sfen = () => text("#sfen");
  const targets = () => page.$$eval(".sq.target", (cells) => cells.map((cell) => cell.dataset.square).sort());
  const moveList = () => page.$$eval("#moves li", (items) => items.map((item) => item.textContent));
  const click = (selector) => page.click(selector);
  const square = (name) => click(`[data-square="${name}"]`);
  check((await sfen()) === START, `the start position, not ${await sfen()}`);

  // A short game by clicks: targets are the legal ones (the package's dests(), asked in Node).
  const played = [];
  const playByClicks = async (from, to, promote) => {
    const pos = Position.fromUsi(`sfen ${START}${played.length ? ` moves ${played.join(" ")}` : ""}`);
    const origin = from;
    if (origin.length === 1) await click(`#hand-${pos.sideToMove()} [data-drop="${origin}"]`);
    else await square(origin);
    const expected = (pos.dests().get(origin) ?? []).toSorted();
    check(JSON.stringify(await targets()) === JSON.stringify(expected), `targets of ${origin}: ${await targets()} (expected ${expected})`);
    await square(to);
    if (promote !== undefined) {
      check(await page.$eval("#promotion", (element) => !element.hidden), `the promotion choice after ${from}${to}`);
      await click(`#promotion [data-promote="${promote}"]`);
    }
    played.push(origin.length === 1 ? `${origin}*${to}` : `${from}${to}${promote ? "+" : ""}`);
    check((await sfen()) === sfenAfter(START, played), `after ${played.join(" ")}: ${await sfen()}`);
  };
  await playByClicks("7g", "7f");
  await playByClicks("3c", "3d");
  await playByClicks("8h", "2b", true);
  await playByClicks("3a", "2b");
  await playByClicks("B", "4e");
  check((await sfen()) === "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6", "the game's SFEN");
  // The moves in Japanese, as the records module names them.
  const names = readRecord(`sfen ${START} moves ${played.join(" ")}`, { format: "usi" }).moves.map((move) => move.ki2);
  check(JSON.stringify(await moveList()) === JSON.stringify(names), `the move list ${await moveList()}`);
  check((await moveList())[0] === "▲７六歩" && (await moveList())[2] === "▲２二角成", `Japanese names: ${await moveList()}`);
  // A click on a square that is no target, then on an enemy piece: nothing is selected, nothing played.
  await square("5e");
  await square("9g"); // Black's pawn, White to move
  check((await targets()).length === 0 && (await sfen()) === sfenAfter(START, played), "a click that plays nothing");
  // Undo takes back the drop.
  await click("#undo");
  played.pop();
  check((await sfen()) === sfenAfter(START, played), `after undo: ${await sfen()}`);
  check((await moveList()).length === 4, "undo shortens the move list");

  // A KIF record, pasted and loaded, stepped through.
  const kif = await readFile(new URL("data/board.kif", import.meta.url), "utf8");
  const record = readRecord(kif);
  await page.$eval("#load", (element) => (element.open = true));
  await page.$eval("#record-text", (element, value) => (element.value = value), kif);
  await click("#load-text");
  check((await sfen()) === record.start, "a loaded record starts at its start");
  check(JSON.stringify(await moveList()) === JSON.stringify(record.moves.map((move) => move.ki2)), `the record's moves: ${await moveList()}`);
  const usi = record.moves.map((move) => move.usi);
  for (let ply = 1; ply <= 3; ply++) {
    await click("#next");
    check((await sfen()) === sfenAfter(record.start, usi.slice(0, ply)), `record step ${ply}`);
  }
  await click("#moves li[data-ply='6']");
  check((await sfen()) === sfenAfter(record.start, usi.slice(0, 6)), "a click on the 6th move");
  await click("#prev");
  await click("#prev");
  check((await sfen()) === sfenAfter(record.start, usi.slice(0, 4)), "two steps back");
  check((await text("#moves li.current")) === record.moves[3].ki2, "the current move is marked");

  // The screenshot at this state, against the stored one.
  await square("2f"); // Black to move: the pawn's target is highlighted
  check(JSON.stringify(await targets()) === JSON.stringify(["2e"]), "2f's target");
  const shot = await (await page.$("#app")).screenshot({ type: "png" });
  if (update === "--update") {
    await writeFile(expectedPath, shot);
    console.log(`board: wrote ${expectedPath}`);
  } else {
    const stored = await readFile(expectedPath);
    // Chromium decodes both and counts the pixels that differ by more than 48 in a channel.
    const compare = await browser.newPage();
    const result = await compare.evaluate(
      async (a, b) => {
        const decode = async (base64) => {
          const image = new Image();
          image.src = `data:image/png;base64,${base64}`;
          await image.decode();
          const canvas = document.createElement("canvas");
          canvas.width = image.width;
          canvas.height = image.height;
          const context = canvas.getContext("2d");
          context.drawImage(image, 0, 0);
          return context.getImageData(0, 0, image.width, image.height);
        };
        const [x, y] = [await decode(a), await decode(b)];
        if (x.width !== y.width || x.height !== y.height) return { size: `${x.width}x${x.height} vs ${y.width}x${y.height}` };
        let differing = 0;
        for (let i = 0; i < x.data.length; i += 4) {
          for (let c = 0; c < 3; c++) {
            if (Math.abs(x.data[i + c] - y.data[i + c]) > 48) {
              differing++;
              break;
            }
          }
        }
        return { differing, pixels: x.width * x.height };
      },
      shot.toString("base64"),
      stored.toString("base64"),
    );
    await compare.close();
    check(result.size === undefined, `the screenshot's size differs: ${result.size}`);
    const share = result.differing / result.pixels;
    console.log(`board: screenshot ${result.differing} of ${result.pixels} pixels differ (${(100 * share).toFixed(3)} %, at most 0.5 %)`);
    if (share > 0.005) await writeFile(expectedPath.replace(/\.png$/, ".actual.png"), shot);
    check(share <= 0.005, `the screenshot differs from ${expectedPath} in ${(100 * share).toFixed(2)} % of its pixels (written beside it as .actual.png)`);
  }

  // A record that is not one: the page says what and where.
  await page.$eval("#record-text", (element) => (element.value = "   1 ７六歩(77)\n   3 ３四歩(33)\n"));
  await click("#load-text");
  check(/^RecordError: line 2/.test(await text("#error")), `the error shown: ${await text("#error")}`);
  // A position pasted as an SFEN, and the mate button: the line the package finds, in Japanese.
  const problem = "k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1";
  await page.$eval("#record-text", (element, value) => (element.value = value), problem);
  await click("#load-text");
  check((await sfen()) === problem && (await text("#error")) === "", "an SFEN sets up a position");
  await click("#mate");
  const line = Position.fromSfen(problem).mateIn3().map((move) => move.usi);
  const mateNames = readRecord(`sfen ${problem} moves ${line.join(" ")}`, { format: "usi" }).moves.map((move) => move.ki2);
  check(line.length === 3 && (await text("#mate-result")) === `3手詰: ${mateNames.join(" ")}`, `the mate shown: ${await text("#mate-result")}`);
  await page.$eval("#record-text", (element) => (element.value = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"));
  await click("#load-text");
  await click("#mate");
  check((await text("#mate-result")) === "詰みはありません", `no mate at the start: ${await text("#mate-result")}`);
  // A longer problem: no mate in 3, so the tsume solver answers; its line, played out, mates.
  const longer = "9/9/9/9/4k4/9/9/9/9 b 2R2B 1";
  await page.$eval("#record-text", (element, value) => (element.value = value), longer);
  await click("#load-text");
  await click("#mate");
  const solved = Position.fromSfen(longer).tsume({ nodes: 300000 });
  check(Position.fromSfen(longer).mateIn3() === null, "the longer problem has no mate in 3");
  check(solved.result === "mate", `the solver mates ${longer}: ${solved.result}`);
  const end = Position.fromSfen(longer);
  for (const move of solved.line) end.play(move);
  check(end.status() === "mate", "the solver's line mates");
  const longNames = readRecord(`sfen ${longer} moves ${solved.line.map((move) => move.usi).join(" ")}`, { format: "usi" }).moves.map((move) => move.ki2);
  check((await text("#mate-result")) === `${solved.line.length}手詰: ${longNames.join(" ")}`, `the tsume shown: ${await text("#mate-result")}`);
  // A record file chosen in the file input: the KIF record above, written as CSA.
  const dir = await mkdtemp(join(tmpdir(), "board-"));
  try {
    const csaPath = join(dir, "game.csa");
    await writeFile(csaPath, writeRecord(record, "csa"));
    await (await page.$("#record-file")).uploadFile(csaPath);
    await page.waitForFunction((n) => document.querySelectorAll("#moves li").length === n, { timeout: 10000 }, record.moves.length);
    check(JSON.stringify(await moveList()) === JSON.stringify(record.moves.map((move) => move.ki2)), `the file's moves: ${await moveList()}`);
    await click("#next");
    check((await sfen()) === sfenAfter(record.start, usi.slice(0, 1)), "the file's record steps");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  check(errors.length === 0, `errors in the page: ${errors.join("; ")}`);
  console.log(`board: ${checks} checks passed`);
} finally {
  await browser.close();
}
