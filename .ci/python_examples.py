"""Runs the Python examples of Markdown files: every ```python block, each in a fresh namespace.

A block that is not meant to run (an install command shown as Python, a sketch) is marked
```python no-run. A file without Python blocks is fine; a run with no block at all fails, so that a
moved README section cannot silently drop the check.
"""

import re
import sys

BLOCK = re.compile(r"^```python([^\n]*)\n(.*?)^```", re.S | re.M)


def main(paths: list[str]) -> int:
    ran = 0
    for path in paths:
        text = open(path, encoding="utf-8").read()
        for match in BLOCK.finditer(text):
            if "no-run" in match.group(1):
                continue
            line = text.count("\n", 0, match.start()) + 2
            code = compile(match.group(2), f"{path}:{line}", "exec")
            exec(code, {"__name__": "__main__"})
            ran += 1
    print(f"python examples: {ran} run from {', '.join(paths)}")
    return 0 if ran else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
