#!/usr/bin/env python3
"""Comments and strings say why, not which ticket: no source file, script or
document of the repository cites an issue number, and none names a path
outside the repository (a developer's machine, the rulebooks' folder beside
the clone), which a reader of a plain clone cannot follow.

usage: check_references.py REPO_ROOT    (exit 1 and a list of lines)
"""
import os
import re
import subprocess
import sys

PATTERNS = [
    (re.compile(r"\bissues?\s*#?\d+", re.I), "cites an issue number"),
    (re.compile(r"\(issue\b|(?<![-\w])issue:|the issue.s", re.I), "cites an issue"),
    # /home/colonial/ is the kiosk's own user on the systems we make.
    (re.compile(r"/work/|\.\./shared\b|/home/(?!colonial/)\w+/"), "names a path outside the repository"),
]
TEXT_SUFFIXES = (".cpp", ".h", ".py", ".sh", ".cmake", ".md", ".txt", ".json", ".script", ".map", ".html", ".css",
                 ".js", ".service", ".desktop")
SKIP_PREFIXES = ("tests/fuzz/corpus/", "LICENSE")
# Copied test data may quote its sources' issue numbers; its comments still
# never point outside the repository.
PATHS_ONLY_PREFIXES = ("tests/data/",)


def main():
    root = sys.argv[1]
    files = subprocess.run(["git", "-C", root, "ls-files", "--cached", "--others", "--exclude-standard"],
                           capture_output=True, text=True, check=True).stdout.split("\n")
    this = os.path.relpath(__file__, root)
    bad = []
    for f in files:
        if not f or f.startswith(SKIP_PREFIXES) or f == this:
            continue
        if not (f.endswith(TEXT_SUFFIXES) or os.path.basename(f) in ("CMakeLists.txt", "run", "test", "play")):
            continue
        path = os.path.join(root, f)
        if not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8", errors="replace") as fh:
            for n, line in enumerate(fh, 1):
                for pattern, why in PATTERNS:
                    if f.startswith(PATHS_ONLY_PREFIXES) and pattern is not PATTERNS[-1][0]:
                        continue
                    if pattern.search(line):
                        bad.append(f"{f}:{n}: {why}: {line.strip()[:100]}")
    if bad:
        print("References a reader of the repository cannot follow:")
        for b in bad:
            print("  " + b)
        return 1
    print("No issue numbers or outside paths cited.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
