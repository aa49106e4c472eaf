"""Board pictures: str(board) is the text diagram; board._repr_svg_() is an SVG that headless
Chromium renders to (nearly) the stored image. Regenerate the stored images after an intended
change with `HAYANAGI_UPDATE_PICTURES=1 python -m pytest tests/test_picture.py` and look at them."""

import os
import pathlib
import shutil
import subprocess
import tempfile
import xml.etree.ElementTree as ET

import pytest

from hayanagi import Board

PICTURES = pathlib.Path(__file__).parent / "pictures"
CASES = {
    # The last move (a drop) highlighted, a horse captured into White's hand.
    "drop": "startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e",
    # Promoted pieces in red, hands with counts, a board move with its origin highlighted.
    "hands": "sfen 4k4/9/4P4/9/9/9/9/9/4K4 b 2P3Grbsnl 1 moves 5c5b+",
    "start": "startpos",
}


def test_text_diagram():
    board = Board.from_usi("startpos moves 7g7f 3c3d 8h2b+")
    assert str(board) == "\n".join(
        [
            "white hand: -",
            "   9  8  7  6  5  4  3  2  1",
            "  l  n  s  g  k  g  s  n  l  a",
            "  .  r  .  .  .  .  . +B  .  b",
            "  p  p  p  p  p  p  .  p  p  c",
            "  .  .  .  .  .  .  p  .  .  d",
            "  .  .  .  .  .  .  .  .  .  e",
            "  .  .  P  .  .  .  .  .  .  f",
            "  P  P  .  P  P  P  P  P  P  g",
            "  .  .  .  .  .  .  .  R  .  h",
            "  L  N  S  G  K  G  S  N  L  i",
            "black hand: B",
            "white to move, ply 4",
        ]
    )


def test_svg_structure():
    board = Board.from_usi(CASES["drop"])
    root = ET.fromstring(board._repr_svg_())
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == f"{ns}svg" and root.get("viewBox") == "0 0 488 434"
    pieces = [t.text for t in root.iter(f"{ns}text") if t.text and len(t.text) == 1]
    assert "角" in pieces and "玉" in pieces
    assert len(root.findall(f".//{ns}rect[@class='last']")) == 1  # a drop has no origin square
    board.push("3d3e")
    assert len(ET.fromstring(board.svg()).findall(f".//{ns}rect[@class='last']")) == 2
    assert ET.fromstring(board.svg(highlight_last=False)).find(f".//{ns}rect[@class='last']") is None
    assert ET.fromstring(board.svg(scale=2)).get("width") == "976"
    with pytest.raises(ValueError):
        board.svg(scale=0)


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    pytest.fail("headless Chromium is needed to check the SVG pictures (.ci/python.sh installs it)")


def render(svg: str, out: pathlib.Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        page = pathlib.Path(tmp) / "board.svg"
        page.write_text(svg, encoding="utf-8")
        subprocess.run(
            [
                chromium(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                "--force-device-scale-factor=1",
                "--window-size=488,434",
                f"--user-data-dir={tmp}/profile",
                f"--screenshot={out}",
                page.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )


@pytest.mark.parametrize("name", sorted(CASES))
def test_svg_renders_as_the_stored_picture(name, tmp_path):
    from PIL import Image, ImageChops

    shot = tmp_path / f"{name}.png"
    render(Board.from_usi(CASES[name])._repr_svg_(), shot)
    stored = PICTURES / f"{name}.png"
    if os.environ.get("HAYANAGI_UPDATE_PICTURES"):
        shutil.copy(shot, stored)
    got = Image.open(shot).convert("RGB")
    want = Image.open(stored).convert("RGB")
    assert got.size == want.size
    diff = ImageChops.difference(got, want).convert("L")
    histogram = diff.histogram()
    pixels = got.size[0] * got.size[1]
    mean = sum(value * count for value, count in enumerate(histogram)) / pixels
    far = sum(histogram[64:]) / pixels
    # Antialiasing and font hinting may move edges a little; a wrong piece, square or hand moves
    # hundreds of pixels far.
    assert mean < 2.0 and far < 0.004, f"{name}: mean difference {mean:.2f}, {far:.2%} of pixels far off"
