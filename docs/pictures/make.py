#!/usr/bin/env python3
"""Draws the README's pictures as SVG files beside this script, from facts and from measured output.

    python3 docs/pictures/make.py          # writes squares.svg, architecture.svg and speed.svg
    python3 docs/pictures/make.py --check  # exit 1 if a committed picture differs from what it would write (CI)

- squares.svg: the square and bit numbering every API uses (index = row * 9 + col, row 0 = rank a, col 0 =
  file 9; bits 0-63 in `lo`, 64-80 in `hi`) with the USI and Japanese name of each square.
- architecture.svg: the crates and how they depend on each other (the arrows point from a user to what it uses).
- speed.svg: the perft speed table as a chart, drawn from `benches/peers/latest.md`, the saved output of
  `benches/peers/run.sh` (the rows of every engine and build, as that script prints them).

Plain Python (no plotting library), so the output is byte-identical on every machine.
"""

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
FONT = "font-family=\"'Noto Sans CJK JP', 'Hiragino Sans', 'Yu Gothic', 'DejaVu Sans', sans-serif\""
KANJI_DIGITS = "一二三四五六七八九"
FULL_WIDTH = "１２３４５６７８９"


def esc(text):
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def svg(width, height, body, title):
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" {FONT}>\n<title>{esc(title)}</title>\n'
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>\n' + "".join(body) + "</svg>\n"
    )


def text(x, y, content, size=12, anchor="middle", weight="normal", fill="#222222"):
    return (
        f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
        f'fill="{fill}">{esc(content)}</text>\n'
    )


def squares():
    cell, left, top = 58, 64, 70
    width = left + 9 * cell + 150
    body = [text(width / 2, 26, "Square index = row × 9 + col   (row 0 = rank a, col 0 = file 9)", 16, weight="bold")]
    body.append(text(width / 2, 48, "bits 0-63 are Bitboard.lo, 64-80 the low 17 bits of Bitboard.hi (bit index - 64)",
                     13, fill="#444444"))
    for col in range(9):
        body.append(text(left + col * cell + cell / 2, top - 8, f"file {9 - col}", 12))
    for row in range(9):
        y = top + row * cell
        body.append(text(left - 30, y + cell / 2 + 5, f"{'abcdefghi'[row]} {KANJI_DIGITS[row]}", 13, weight="bold"))
        for col in range(9):
            index = row * 9 + col
            x = left + col * cell
            fill = "#e3edfa" if index < 64 else "#fbe6cf"
            body.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}" stroke="#777777"/>\n')
            body.append(text(x + cell / 2, y + 25, index, 17, weight="bold"))
            usi = f"{9 - col}{'abcdefghi'[row]}"
            body.append(text(x + cell / 2, y + 43, f"{usi} {FULL_WIDTH[8 - col]}{KANJI_DIGITS[row]}", 11,
                             fill="#555555"))
    right = left + 9 * cell
    for first, label, colour in ((0, "Black's promotion zone", "#1f4e8c"), (6, "White's promotion zone", "#8c3b1f")):
        y1, y2 = top + first * cell + 3, top + (first + 3) * cell - 3
        body.append(f'<path d="M{right + 8},{y1} h8 V{y2} h-8" fill="none" stroke="{colour}" stroke-width="2.5"/>\n')
        body.append(text(right + 22, (y1 + y2) / 2 - 4, label.rsplit(" ", 2)[0], 12, anchor="start", fill=colour))
        body.append(text(right + 22, (y1 + y2) / 2 + 12, "promotion zone", 12, anchor="start", fill=colour))
    body.append(f'<path d="M{right + 16},{top + 5.8 * cell} V{top + 3.3 * cell}" stroke="#1f4e8c" stroke-width="2" '
                f'marker-end="url(#up)"/>\n')
    body.append(text(right + 28, top + 4.5 * cell - 4, "Black", 12, anchor="start", fill="#1f4e8c"))
    body.append(text(right + 28, top + 4.5 * cell + 12, "moves up", 12, anchor="start", fill="#1f4e8c"))
    body.insert(0, '<defs><marker id="up" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="7" markerHeight="7" '
                'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#1f4e8c"/></marker></defs>\n')
    bottom = top + 9 * cell
    for i, (colour, label) in enumerate((("#e3edfa", "squares 0-63: Bitboard.lo"), ("#fbe6cf", "squares 64-80: Bitboard.hi"))):
        x = left + i * 4.6 * cell
        body.append(f'<rect x="{x}" y="{bottom + 12}" width="16" height="16" fill="{colour}" stroke="#777777"/>\n')
        body.append(text(x + 24, bottom + 25, label, 12, anchor="start"))
    body.append(text(width / 2, bottom + 56,
                     "Black (先手, uppercase in SFEN) moves toward rank a; White (後手, lowercase) toward rank i. "
                     "USI 7g = ７七 = square 56.", 12, fill="#444444"))
    return svg(width, bottom + 72, body, "hayanagi square and bit numbering")


def box(x, y, w, h, title, lines, fill):
    out = [f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" fill="{fill}" stroke="#444444"/>\n',
           text(x + w / 2, y + 20, title, 14, weight="bold")]
    for i, line in enumerate(lines):
        out.append(text(x + w / 2, y + 38 + i * 15, line, 11, fill="#333333"))
    return out


def arrow(x1, y1, x2, y2):
    return (f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#444444" stroke-width="1.6" '
            f'marker-end="url(#head)"/>\n')


def architecture():
    body = ['<defs><marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" '
            'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#444444"/></marker></defs>\n']
    body.append(text(440, 30, "hayanagi: one core, everything else built on it (an arrow points to what is used)", 16, weight="bold"))
    # The core, its layers bottom-up.
    core_x, core_y, core_w, core_h = 250, 330, 380, 190
    body.append(f'<rect x="{core_x}" y="{core_y}" width="{core_w}" height="{core_h}" rx="10" fill="#eef5ee" '
                'stroke="#2f6b2f" stroke-width="2"/>\n')
    body.append(text(core_x + core_w / 2, core_y + 22, "hayanagi (the core crate)", 15, weight="bold"))
    body.append(text(core_x + core_w / 2, core_y + 40, "#![no_std] · no heap · no unsafe · no runtime dependencies",
                     11, fill="#2f6b2f"))
    layers = [
        "rules/ (status, history, declaration, mate)  ·  search/ (SEE, tsume)",
        "notation/ (SFEN, USI, CSA, Japanese)  ·  packed/ (HCP, PSV, ...)",
        "position/ (Position, movegen, setup, handicaps)",
        "board/ (Bitboard, attacks, tables)  ·  types/ (Square, Piece, Move, ...)",
    ]
    for i, layer in enumerate(layers):
        y = core_y + 52 + i * 33
        body.append(f'<rect x="{core_x + 14}" y="{y}" width="{core_w - 28}" height="27" rx="4" fill="#ffffff" '
                    'stroke="#7aa67a"/>\n')
        body.append(text(core_x + core_w / 2, y + 18, layer, 11))
    body += box(20, 560, 200, 62, "build.rs + gen/", ["magic, attack, between, step", "and Zobrist tables as const"],
                "#f4f4f4")
    body.append(arrow(core_x + 40, core_y + core_h, 150, 560))
    body.append(text(200, 540, "at build time", 11, anchor="end", fill="#555555"))
    body += box(660, 560, 200, 62, "firmware (Cortex-M)", ["the core alone, compact-tables:", "micro:bit, 256 KB / 16 KB"],
                "#f4f4f4")
    body.append(arrow(760, 560, core_x + core_w - 40, core_y + core_h))
    # Sibling crates: the bindings on top, the crates they share in the middle.
    body += box(40, 70, 180, 70, "npm: hayanagi", ["WebAssembly modules,", "ESM + CommonJS, TypeScript"], "#faf0ee")
    body += box(480, 70, 180, 70, "Python (python/)", ["import hayanagi", "PyO3, numpy, abi3 wheel"], "#faf0ee")
    body += box(690, 70, 170, 70, "CLI (cli/)", ["hayanagi perft, moves,", "mate, convert, pack"], "#faf0ee")
    body += box(40, 200, 180, 70, "C API (capi/)", ["libhayanagi.a / .so", "include/hayanagi.h"], "#eef0fa")
    body += box(360, 200, 200, 70, "hayanagi-records", ["CSA, KIF, KI2, JKF files", "std, encoding_rs"], "#eef0fa")
    body.append(arrow(130, 140, 130, 200))                      # npm -> C API (compiled to wasm32)
    body.append(text(138, 175, "wasm32", 11, anchor="start", fill="#555555"))
    body.append(arrow(220, 135, 372, 200))                      # npm -> records (its second module)
    body.append(arrow(130, 270, core_x + 30, core_y))           # C API -> core
    body.append(arrow(460, 270, 460, core_y))                   # records -> core
    body.append(arrow(520, 140, 520, 200))                      # Python -> records
    body.append(arrow(620, 140, 600, core_y))                   # Python -> core
    body.append(arrow(700, 140, 560, 222))                      # CLI -> records
    body.append(arrow(775, 140, core_x + core_w - 10, core_y))  # CLI -> core
    return svg(880, 640, body, "hayanagi architecture")


def parse_peer_rows(path):
    """The rows `benches/peers/run.sh` prints: position, depth, build, engine, mode, nodes, ms, Mnps, ratio."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 9 or cells[0] in ("position", "---") or cells[0].startswith("-"):
            continue
        position, depth, build, engine, mode, _nodes, _ms, mnps, _ratio = cells
        try:
            value = float(mnps.replace(",", ""))
        except ValueError:
            continue
        rows.append((position, int(depth), build, engine, mode, value))
    return rows


def speed(rows, note):
    cases = []
    for position, depth, _build, _engine, mode, _ in rows:
        if (position, depth, mode) not in cases:
            cases.append((position, depth, mode))
    engines = []
    for _p, _d, _b, engine, _m, _v in rows:
        if engine not in engines:
            engines.append(engine)
    value = {(p, d, b, e, m): v for p, d, b, e, m, v in rows}
    bar, gap, label_w, plot_w = 9, 14, 190, 560
    body = [text(label_w + plot_w / 2, 24, "Perft speed, million nodes per second of thread CPU time", 16,
                 weight="bold"),
            text(label_w + plot_w / 2, 44, "each case scaled to its fastest engine; dark: default build, light: "
                 "target-cpu=native", 12, fill="#444444")]
    colours = {"hayanagi": ("#2f6b2f", "#8fc48f")}
    y = 62
    for position, depth, mode in cases:
        present = [e for e in engines if any((position, depth, b, e, mode) in value for b in ("default", "native"))]
        top = max(value.get((position, depth, b, e, mode), 0.0) for e in present for b in ("default", "native"))
        body.append(text(12, y + 12, f"{position}, depth {depth}, {mode}", 13, anchor="start", weight="bold"))
        y += 20
        for engine in present:
            dark, light = colours.get(engine, ("#5a6b8c", "#b5c0d6"))
            body.append(text(label_w - 8, y + bar + 4, engine, 11, anchor="end"))
            for i, build in enumerate(("default", "native")):
                v = value.get((position, depth, build, engine, mode))
                if v is None:
                    continue
                w = max(1.0, plot_w * v / top)
                body.append(f'<rect x="{label_w}" y="{y + i * bar}" width="{w:.1f}" height="{bar - 1}" '
                            f'fill="{dark if i == 0 else light}"/>\n')
                body.append(text(label_w + w + 4, y + i * bar + bar - 1, f"{v:,.1f}", 9, anchor="start",
                                 fill="#333333"))
            y += 2 * bar + 4
        y += gap
    body.append(text(12, y + 8, note, 11, anchor="start", fill="#444444"))
    return svg(label_w + plot_w + 90, y + 22, body, "perft speed of hayanagi and its peers")


def outputs():
    out = {"squares.svg": squares(), "architecture.svg": architecture()}
    latest = ROOT / "benches" / "peers" / "latest.md"
    if latest.exists():
        rows = parse_peer_rows(latest)
        header = latest.read_text(encoding="utf-8").splitlines()
        note = next((re.sub(r"[`*]", "", h) for h in header if "UTC" in h), "")
        if rows:
            out["speed.svg"] = speed(rows, "From benches/peers/latest.md (benches/peers/run.sh). " + note[:110])
    return out


def main():
    check = "--check" in sys.argv[1:]
    stale = []
    for name, content in outputs().items():
        path = HERE / name
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != content:
                stale.append(name)
        else:
            path.write_text(content, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)} ({len(content):,} bytes)")
    if stale:
        print("pictures out of date (run python3 docs/pictures/make.py): " + ", ".join(stale), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
