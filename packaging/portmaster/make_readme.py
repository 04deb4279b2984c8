#!/usr/bin/env python3
"""make_readme.py TEMPLATE VERSION < CONTROLS.md > README.md

Writes the port's README.md from TEMPLATE, putting in the version and the
controls table: the rows of the game's one table of controls (as
print_controls prints it, in Markdown: Where | Action | Keyboard | Gamepad |
Mouse and touch) that have a gamepad binding, as Button | Where | Action.
"""
import sys


def pad_table(markdown):
    """The gamepad rows of the controls table, as a Markdown table."""
    rows = ["| Button | Where | Action |", "|--|--|--|"]
    header = None
    for line in markdown.splitlines():
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
            continue
        if set(line) <= set("|-: "):
            continue
        row = dict(zip(header, cells))
        if row.get("Gamepad"):
            rows.append(f"| {row['Gamepad']} | {row['Where']} | {row['Action']} |")
    if header is None or "Gamepad" not in header or len(rows) == 2:
        raise ValueError("no gamepad bindings in the controls table")
    return "\n".join(rows)


def main():
    template, version = sys.argv[1], sys.argv[2]
    with open(template, encoding="utf-8") as f:
        text = f.read()
    sys.stdout.write(text.replace("@VERSION@", version).replace("@CONTROLS@", pad_table(sys.stdin.read())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
