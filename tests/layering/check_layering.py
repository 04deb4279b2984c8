#!/usr/bin/env python3
"""The layering of the source tree, checked on every include.

Each folder may include headers only from the folders listed for it below
(and the standard library); SDL only in platform/ and the build-time art
tool, Dear ImGui only where the app draws panels. The CMake targets already
make most wrong includes fail to build (each folder's headers are visible
only to the targets that link it); this check also catches relative paths
and headers that happen to be reachable through another target.

usage: check_layering.py REPO_ROOT    (exit 1 and a list of violations)
"""
import os
import re
import sys

# folder -> folders whose headers it may include (itself always)
ALLOWED = {
    "engine": [],
    "platform": [],
    "game/judge": ["engine", "platform:files", "platform:instructions", "game/server", "game/server/languages", "game/daide",
                   "game/text"],
    "game/daide": ["engine"],
    "game/text": ["engine", "platform:files", "platform:instructions"],
    "game/palette": ["engine"],
    "game/app/input": ["platform:input"],
    "game/app/board": ["engine", "game/palette", "platform", "game/app/input"],
    "game/app/widgets": ["engine", "game/text", "game/palette", "platform", "game/app/board"],
    "game/app/orders": ["engine", "game/text", "platform", "game/app/board", "game/app/widgets", "game/app/input"],
    "game/app/flow": ["engine", "game/text"],
    "game/app/persist": ["engine", "game/text", "platform:files"],
    "game/app/computer": ["engine", "game/text", "platform", "game/app/flow", "game/app/widgets"],
    "game/app/session": ["engine", "game/text", "platform", "game/app/computer", "game/app/orders", "game/app/flow",
                         "game/app/persist"],
    "game/app/phones": ["engine", "game/text", "platform", "game/server", "game/server/languages",
                        "game/app/session", "game/app/flow", "game/app/widgets"],
    "game/app/gm": ["engine", "game/text", "platform", "game/app/session", "game/app/flow", "game/app/widgets"],
    "game/app/kiosk": ["engine", "game/text", "platform", "game/app/session", "game/app/persist", "game/app/flow",
                       "game/app/widgets", "game/app/board", "game/palette", "game/app/input"],
    "game/server": ["engine", "game/palette", "platform:files"],
    "game/server/languages": ["engine", "game/text", "game/server"],
    "game/app/script": ["engine", "platform"],
    "game/app/bench": ["engine", "platform", "game/app/board", "game/app/widgets", "game/app/orders"],
    "game/app/screens": ["engine", "game/text", "game/palette", "platform", "game/app", "game/app/board", "game/app/widgets",
                         "game/app/orders", "game/app/flow", "game/app/persist", "game/app/script",
                         "game/app/input", "game/app/computer", "game/app/session", "game/app/phones",
                         "game/server", "game/app/gm", "game/app/kiosk"],
    "game/app": ["engine", "game/text", "game/palette", "platform", "game/app/board", "game/app/widgets", "game/app/orders",
                 "game/app/flow", "game/app/persist", "game/app/script", "game/app/input", "game/app/computer",
                 "game/app/session", "game/app/phones", "game/server", "game/app/gm", "game/app/kiosk",
                 "game/app/screens"],
}
SDL_OK = ("platform", "tools/mapart")
IMGUI_OK = ("platform", "game/app", "game/app/screens", "game/app/widgets", "game/app/orders",
            "game/app/bench", "game/app/computer", "game/app/phones", "game/app/gm", "game/app/kiosk")


def folder_of(path):
    d = os.path.dirname(path)
    return d


def main():
    root = sys.argv[1]
    headers = {}  # basename -> folder
    sources = []
    for top in ("engine", "platform", "game"):
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            rel = os.path.relpath(dirpath, root)
            for f in files:
                if f.endswith((".h", ".cpp")):
                    sources.append(os.path.join(rel, f))
                if f.endswith(".h"):
                    headers.setdefault(f, []).append(rel)
    bad = []
    include = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
    for src in sorted(sources):
        folder = folder_of(src)
        allowed = ALLOWED.get(folder)
        if allowed is None:
            bad.append(f"{src}: folder {folder} has no layering rule (add it to tests/layering/check_layering.py)")
            continue
        with open(os.path.join(root, src), encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                m = include.match(line)
                if not m:
                    continue
                kind, name = m.groups()
                if kind == "<":
                    if name.startswith("SDL") and not folder.startswith(SDL_OK):
                        bad.append(f"{src}:{n}: SDL belongs to platform/ ({name})")
                    if name.startswith("imgui") and folder not in IMGUI_OK:
                        bad.append(f"{src}:{n}: Dear ImGui is not for {folder}/ ({name})")
                    continue
                if "/" in name or name.startswith(".."):
                    bad.append(f"{src}:{n}: include by path ({name}); include by name, through the target")
                    continue
                homes = headers.get(name, [])
                if not homes:
                    continue  # a generated or system header
                home = homes[0]
                if home == folder:
                    continue
                ok = False
                for a in allowed:
                    base, _, only = a.partition(":")
                    if home == base and (not only or name == only + ".h"):
                        ok = True
                if not ok:
                    bad.append(f"{src}:{n}: {folder}/ may not include {home}/{name}")
    if bad:
        print("Layering violations:")
        for b in bad:
            print("  " + b)
        return 1
    print(f"{len(sources)} files follow the layering.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
