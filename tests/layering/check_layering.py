#!/usr/bin/env python3
"""The map of the source tree and its layering, both checked.

FOLDERS says in one line what each folder holds: every top-level, game/* and
game/app/* folder, and every folder with a layering rule. docs/ARCHITECTURE.md
carries the same lines, with the rules, in its table of the tree (printed by
--map), and the check fails when a folder is missing there or described
differently, so the map a newcomer reads is the one checked here.

Each folder may include headers only from the folders listed for it in
ALLOWED (and the standard library); SDL only in platform/ and the build-time
art tool, Dear ImGui only where the app draws panels. The CMake targets already
make most wrong includes fail to build (each folder's headers are visible
only to the targets that link it); this check also catches relative paths
and headers that happen to be reachable through another target.

usage: check_layering.py REPO_ROOT          (exit 1 and a list of violations)
       check_layering.py REPO_ROOT --map    (the table for docs/ARCHITECTURE.md)
"""
import os
import re
import sys

# folder -> what it holds, one line each (docs/ARCHITECTURE.md's table of the tree)
FOLDERS = {
    "assets": "the maps (compiled into the binaries), fonts, gamepad mappings, the board art's inputs, the phones' "
              "web pages (`web/`)",
    "cmake": "the maps embedded at build time (`embed_maps.cmake`), the cross-build toolchains",
    "docs": "this page, the record, map and server formats, adjudication, DAIDE, the words used, the man pages",
    "engine": "the rules core: map, position, orders and their notation, legal choices, the adjudicator, the game and "
              "its record, the computer players; no SDL, files or clock, no heap after start-up",
    "game": "the programs: the app, the judge, and the servers and language they share",
    "packaging": "the Debian package, the kiosk image's recipe (`image/`), the PortMaster port, the systemd units",
    "platform": "the only part of the programs that includes SDL: window, renderer and canvas, input events, files with atomic "
                "saves, clock, sound, Dear ImGui's backends",
    "po": "the translation catalogs (French, German) and their template, compiled by msgfmt at build time",
    "scripts": "the developer's commands: `test` (the test command), `format`, `tidy`, `play`, `image`, `port`",
    "tests": "the tests, a folder per part or kind (engine units, DATC, app components, end to end, render, fuzz, "
             "soak, image); `tests/CMakeLists.txt` says what each runs",
    "third_party": "the one piece of Dear ImGui that Debian's library lacks (its SDL_Renderer backend), with its "
                   "licence and version",
    "tools": "build-time tools: the board art (`mapart/`), the icon, the man pages from `--help`",
    "game/app": "`bin/colonial`, the game: the loop and the wiring (`app.h`), in folders by concern below",
    "game/daide": "the DAIDE server and its games, for `colonial-judge daide` and tournaments against the hobby's "
                  "bots",
    "game/judge": "`bin/colonial-judge`, the command-line judge: one file per subcommand (`cmd_*.cpp`)",
    "game/server": "the phones' order server (cpp-httplib): seats and their secrets, the pages and JSON a phone "
                   "reads, the game master's page; run by the app's `phones/` and `colonial-judge serve`",
    "game/server/languages": "the languages a phone's page is offered in, from the catalogs",
    "game/palette": "the powers' colours in each palette (the printed board's and three colour-blind ones), for "
                    "the app's board and the phones' pages",
    "game/season": "a club's season: players' standings across finished game records by a scoring system, merged "
                   "spellings, the CSV and printable page; for `colonial-judge score` and the kiosk's Season",
    "game/text": "the language the programs speak: its choice, gettext, the engine's phrases filled from the "
                 "catalogs",
    "game/app/input": "the table of controls (`controls.h`): every key, button, stick and gesture",
    "game/app/board": "drawing the board (`board_view.h`), art, camera, tints, arrows, the one hit test "
                      "(`BoardView::pick`)",
    "game/app/widgets": "ImGui for fingers (`touch_ui.h`: buttons, `begin_dialog`, `confirm_dialog`, the side "
                        "panel), layout, status panel, QR codes, script targets",
    "game/app/orders": "the order pad: legal-only model (`order_entry_model.h`), its panel and input "
                       "(`order_entry.h`), the plan of retreats and builds, the preview of its orders",
    "game/app/flow": "whose turn and which screen (`turn_flow.h`), what is open over the screen (`modals.h`), "
                     "new-game choices (`new_game_setup.h`), the timer's alerts",
    "game/app/persist": "autosave and resume (`autosave.h`), the kiosk's records, staff PIN and settings",
    "game/app/computer": "the computer players (`computer_players.h`): their worker thread, the Computer screen's "
                         "card, the seats dialog",
    "game/app/session": "the game played and its life (`game_session.h`: board, game, record, flow, order pads, "
                        "computer players), the timer's tones",
    "game/app/phones": "the order server inside the app (`phone_table.h`) and the Phones dialog",
    "game/app/gm": "the game master's tools (`gm_tools.h`): position editor and its panel, order sheet, rollback "
                   "and branches, pictures",
    "game/app/kiosk": "a club's kiosk (`kiosk.h`): staff mode and PIN pad, its settings, the attract view, its "
                      "tables",
    "game/app/lessons": "the first game that teaches by doing (`lessons.h`): each lesson's position, goal and "
                        "explanations, a lesson played on a game of its own",
    "game/app/script": "scripted input for the end-to-end tests (`script_player.h`)",
    "game/app/screens": "the screens App draws (`screen_*.cpp`, members of `App`) and the new-game form",
    "game/app/bench": "`board_bench`: frame time, start-up and texture memory of the board",
}

# folder -> folders whose headers it may include (itself always)
ALLOWED = {
    "engine": [],
    "platform": [],
    "game/judge": ["engine", "platform:files", "platform:instructions", "game/server", "game/server/languages", "game/daide",
                   "game/text", "game/season"],
    "game/season": ["engine", "game/text", "platform:files"],
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
                       "game/app/widgets", "game/app/board", "game/palette", "game/app/input", "game/season"],
    "game/server": ["engine", "game/palette", "platform:files"],
    "game/server/languages": ["engine", "game/text", "game/server"],
    "game/app/lessons": ["engine", "game/text"],
    "game/app/script": ["engine", "platform"],
    "game/app/bench": ["engine", "platform", "game/app/board", "game/app/widgets", "game/app/orders"],
    "game/app/screens": ["engine", "game/text", "game/palette", "platform", "game/app", "game/app/board", "game/app/widgets",
                         "game/app/orders", "game/app/flow", "game/app/persist", "game/app/script",
                         "game/app/input", "game/app/computer", "game/app/session", "game/app/phones",
                         "game/server", "game/app/gm", "game/app/kiosk", "game/app/lessons"],
    "game/app": ["engine", "game/text", "game/palette", "platform", "game/app/board", "game/app/widgets", "game/app/orders",
                 "game/app/flow", "game/app/persist", "game/app/script", "game/app/input", "game/app/computer",
                 "game/app/session", "game/app/phones", "game/server", "game/app/gm", "game/app/kiosk",
                 "game/app/lessons", "game/app/screens"],
}
SDL_OK = ("platform", "tools/mapart")
IMGUI_OK = ("platform", "game/app", "game/app/screens", "game/app/widgets", "game/app/orders",
            "game/app/bench", "game/app/computer", "game/app/phones", "game/app/gm", "game/app/kiosk")


def folder_of(path):
    d = os.path.dirname(path)
    return d


def may_include(folder):
    """ALLOWED[folder] as the table says it: `app/` folders by their own name."""
    if folder not in ALLOWED:
        return "-"
    names = []  # (name, headers only)
    for a in ALLOWED[folder]:
        base, _, only = a.partition(":")
        name = base[len("game/app/"):] if base.startswith("game/app/") else base
        if names and names[-1][0] == name and only:
            names[-1][1].append(only + ".h")
        else:
            names.append((name, [only + ".h"] if only else []))
    shown = [f"{name} ({', '.join(only)})" if only else name for name, only in names]
    return ", ".join(shown) if shown else "no other folder"


def map_row(folder):
    return f"| `{folder}/` | {FOLDERS[folder]} | {may_include(folder)} |"


def mapped_folders(root):
    """The folders the map must describe: top-level, game/*, game/app/*, and those with a rule."""
    found = set(ALLOWED)
    for parent in ("", "game", "game/app"):
        for name in os.listdir(os.path.join(root, parent) if parent else root):
            path = f"{parent}/{name}" if parent else name
            if not name.startswith(".") and name != "build" and not name.startswith("build-") \
                    and os.path.isdir(os.path.join(root, path)):
                found.add(path)
    return sorted(found)


def check_map(root, doc_text):
    """What the map in docs/ARCHITECTURE.md gets wrong: missing, different or stale rows."""
    bad = []
    rows = {}
    for line in doc_text.splitlines():
        m = re.match(r"^\| `([^`]+)/` \|", line)
        if m:
            rows[m.group(1)] = line.rstrip()
    for folder in mapped_folders(root):
        if folder not in FOLDERS:
            bad.append(f"{folder}/: no line says what it holds (add it to FOLDERS in tests/layering/check_layering.py)")
        elif folder not in rows:
            bad.append(f"docs/ARCHITECTURE.md does not describe {folder}/ (paste its row from check_layering.py --map)")
        elif rows[folder] != map_row(folder):
            bad.append(f"docs/ARCHITECTURE.md describes {folder}/ differently:\n      has  {rows[folder]}\n"
                       f"      want {map_row(folder)}")
    for folder in sorted(set(rows) - set(FOLDERS)):
        bad.append(f"docs/ARCHITECTURE.md describes {folder}/, which FOLDERS does not have")
    for folder in sorted(set(FOLDERS) - set(mapped_folders(root))):
        bad.append(f"FOLDERS describes {folder}/, which is not in the tree")
    return bad


def main():
    root = sys.argv[1]
    if sys.argv[2:] == ["--map"]:
        print("| Folder | What it holds | May include |\n|---|---|---|")
        for folder in mapped_folders(root):
            if folder in FOLDERS:
                print(map_row(folder))
        return 0
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
    with open(os.path.join(root, "docs", "ARCHITECTURE.md"), encoding="utf-8") as fh:
        map_bad = check_map(root, fh.read())
    if bad or map_bad:
        if bad:
            print("Layering violations:")
        for b in bad:
            print("  " + b)
        if map_bad:
            print("The map of the tree:")
        for b in map_bad:
            print("  " + b)
        return 1
    print(f"{len(sources)} files follow the layering; docs/ARCHITECTURE.md describes {len(FOLDERS)} folders.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
