#!/usr/bin/env python3
"""The map check of check_layering.py fails when it should: docs/ARCHITECTURE.md
with a folder's row removed, with a row reworded, and with a row for a folder
the tree does not have, each reported by name; the doc as it is, nothing.

usage: check_map_fails.py REPO_ROOT
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_layering  # noqa: E402


def main():
    root = sys.argv[1]
    with open(os.path.join(root, "docs", "ARCHITECTURE.md"), encoding="utf-8") as fh:
        doc = fh.read()
    failures = []

    def expect(what, text, needle):
        found = check_layering.check_map(root, text)
        if needle is None and found:
            failures.append(f"{what}: reported {found}")
        if needle is not None and not any(needle in b for b in found):
            failures.append(f"{what}: nothing said of {needle} (said {found})")

    expect("the doc as it is", doc, None)
    for folder in ("po", "game/daide", "game/app/kiosk"):
        row = check_layering.map_row(folder)
        if row not in doc:
            failures.append(f"{folder}/'s row is not in the doc to remove")
            continue
        expect(f"{folder}/ removed", doc.replace(row + "\n", ""), f"does not describe {folder}/")
        expect(f"{folder}/ reworded", doc.replace(row, row.replace(" | ", " | once ", 1)),
               f"describes {folder}/ differently")
    expect("a folder that is gone", doc + "| `game/gone/` | nothing | - |\n", "game/gone/")
    for f in failures:
        print("  " + f)
    if failures:
        return 1
    print("the map check catches a removed, a reworded and a stale row")
    return 0


if __name__ == "__main__":
    sys.exit(main())
