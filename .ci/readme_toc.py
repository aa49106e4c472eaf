#!/usr/bin/env python3
"""Writes the README's table of contents between its `<!-- toc ... -->` and `<!-- /toc -->` lines.

    python3 .ci/readme_toc.py          # rewrite README.md's contents list from its ## and ### headings
    python3 .ci/readme_toc.py --check  # exit 1 if the list is not what the headings give, or a link is dead (CI)

The anchors are GitHub's: the heading in lower case, punctuation other than `-` and `_` removed, spaces as
`-`, and `-1`, `-2`, ... after a repeated heading. `--check` also checks every `](#anchor)` link of the README.
"""

import re
import sys
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"
START = re.compile(r"^<!-- toc\b.*-->$")
END = "<!-- /toc -->"


def slug(heading):
    text = re.sub(r"`|\*\*|\[|\]\([^)]*\)", "", heading).strip().lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def headings(lines):
    """(level, text, anchor) of every ## and ### heading outside code blocks."""
    seen = {}
    out = []
    fence = False
    for line in lines:
        if line.startswith("```"):
            fence = not fence
            continue
        match = None if fence else re.match(r"^(#{1,6}) (.+?)\s*$", line)
        if not match:
            continue
        level, text = len(match.group(1)), match.group(2)
        anchor = slug(text)
        count = seen.get(anchor, 0)
        seen[anchor] = count + 1
        if count:
            anchor = f"{anchor}-{count}"
        out.append((level, text, anchor))
    return out


def contents(lines):
    items = []
    for level, text, anchor in headings(lines):
        if level in (2, 3) and text != "Contents":
            items.append(f"{'  ' * (level - 2)}- [{text.replace('`', '')}](#{anchor})")
    return items


def main():
    check = "--check" in sys.argv[1:]
    lines = README.read_text(encoding="utf-8").splitlines()
    start = next((i for i, line in enumerate(lines) if START.match(line)), None)
    end = next((i for i, line in enumerate(lines) if line == END), None)
    if start is None or end is None or end < start:
        sys.exit("README.md: no <!-- toc --> ... <!-- /toc --> lines")
    new = lines[: start + 1] + contents(lines) + lines[end:]
    anchors = {anchor for _, _, anchor in headings(lines)}
    dead = sorted({a for a in re.findall(r"\]\(#([^)]+)\)", "\n".join(lines)) if a not in anchors})
    if check:
        problems = []
        if new != lines:
            problems.append("the contents list is out of date (run python3 .ci/readme_toc.py)")
        if dead:
            problems.append("links to no heading: " + ", ".join("#" + a for a in dead))
        if problems:
            sys.exit("README.md: " + "; ".join(problems))
        return
    README.write_text("\n".join(new) + "\n", encoding="utf-8")
    if dead:
        print("links to no heading: " + ", ".join("#" + a for a in dead), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
