#!/usr/bin/env python3
"""Checks a PortMaster port zip against PortMaster's packaging rules.

usage: check_port.py ZIP [--objdump PROGRAM] [--max-glibc 2.31]

Written from PortMaster's packaging guide and from what its installer
accepts in a zip:
  - at the top: exactly one launch script "Name With Capitals.sh", the port
    folder (a portname: a lowercase letter or digit, then lowercase letters,
    digits, '.' or '_'), port.json, README.md, screenshot.png|jpg, gameinfo.xml
    and optionally cover.png|jpg; nothing else; no path that is absolute or
    climbs out (/..); no other .sh inside the folder;
  - port.json: version 2, name "<portname>.zip", items [script, portname],
    attr with title, desc, inst, genres, porter, rtr, runtime, reqs, arch;
  - screenshot exactly 640x480;
  - gameinfo.xml: a gameList/game whose path is "./<script>" and whose image
    is a file of the zip;
  - README.md: a Controls section with a table, and a thank-you note;
  - the folder holds licenses/ (not empty), the program <portname>.aarch64
    when arch names aarch64, and every file of libs.aarch64/ is named in
    licenses/libraries.txt with a licence file that exists.
With --objdump, every ELF file of the zip must need no GLIBC_ symbol version
newer than --max-glibc and no GLIBCXX_ or CXXABI_ version at all unless the
zip ships the libstdc++ that defines it.
Prints each problem on its own line; exit status 0 when there is none.
"""
import argparse
import io
import json
import re
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zipfile

PORTNAME = re.compile(r"^[a-z0-9][a-z0-9._]*$")
TOP_LEVEL_FILES = {"port.json", "readme.md", "screenshot.png", "screenshot.jpg", "gameinfo.xml", "cover.png",
                   "cover.jpg"}
ATTR_KEYS = ("title", "desc", "inst", "genres", "porter", "rtr", "runtime", "reqs", "arch")


def image_size(data):
    """(width, height) of a PNG or JPEG, or None."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
        return struct.unpack(">II", data[16:24])
    if data[:2] == b"\xff\xd8":
        at = 2
        while at + 9 < len(data):
            if data[at] != 0xFF:
                return None
            marker = data[at + 1]
            length = struct.unpack(">H", data[at + 2:at + 4])[0]
            if marker in (0xC0, 0xC1, 0xC2):
                height, width = struct.unpack(">HH", data[at + 5:at + 9])
                return width, height
            at += 2 + length
    return None


def check_top_level(names, problems):
    """Returns (script, portname) found at the top of the zip."""
    scripts, folders = [], set()
    for name in names:
        if name.startswith("/") or name.startswith("../") or "/../" in name:
            problems.append(f"{name}: a path outside the ports folder")
            continue
        if "/" in name:
            folders.add(name.split("/")[0])
            if name.lower().endswith(".sh"):
                problems.append(f"{name}: a shell script inside the port folder (only the launch script, at the top)")
        elif name.lower().endswith(".sh"):
            scripts.append(name)
        elif name.lower() not in TOP_LEVEL_FILES:
            problems.append(f"{name}: not a file PortMaster accepts at the top of a port")
    if len(scripts) != 1:
        problems.append(f"the zip has {len(scripts)} launch scripts at the top, not one: {scripts}")
    if len(folders) != 1:
        problems.append(f"the zip has {len(folders)} folders at the top, not one port folder: {sorted(folders)}")
    script = scripts[0] if scripts else ""
    portname = next(iter(folders)) if len(folders) == 1 else ""
    if script and not script[0].isupper():
        problems.append(f"{script}: the launch script's name starts with a capital letter")
    if portname and not PORTNAME.match(portname):
        problems.append(f"{portname}/: a portname is lowercase letters, digits, '.' and '_', not starting with . or _")
    lower = {n.lower() for n in names if "/" not in n}
    for required in ("port.json", "readme.md", "gameinfo.xml"):
        if required not in lower:
            problems.append(f"{required}: missing at the top of the zip")
    if not lower & {"screenshot.png", "screenshot.jpg"}:
        problems.append("screenshot.png (or .jpg): missing at the top of the zip")
    return script, portname


def check_port_json(zf, script, portname, problems):
    """Returns port.json's attr.arch list."""
    try:
        info = json.loads(zf.read("port.json").decode("utf-8"))
    except (KeyError, ValueError) as e:
        problems.append(f"port.json: not readable JSON ({e})")
        return []
    if info.get("version") != 2:
        problems.append(f"port.json: version is {info.get('version')!r}, not 2")
    if info.get("name") != f"{portname}.zip":
        problems.append(f"port.json: name is {info.get('name')!r}, not {portname + '.zip'!r}")
    if sorted(info.get("items") or []) != sorted([script, portname]):
        problems.append(f"port.json: items are {info.get('items')!r}, not [{script!r}, {portname!r}]")
    attr = info.get("attr")
    if not isinstance(attr, dict):
        problems.append("port.json: no attr object")
        return []
    for key in ATTR_KEYS:
        if key not in attr:
            problems.append(f"port.json: attr has no {key}")
    for key in ("title", "desc", "inst"):
        if not isinstance(attr.get(key), str) or not attr.get(key):
            problems.append(f"port.json: attr.{key} is not a text")
    for key in ("genres", "porter", "reqs", "arch"):
        if not isinstance(attr.get(key), list):
            problems.append(f"port.json: attr.{key} is not a list")
    if not isinstance(attr.get("rtr"), bool):
        problems.append("port.json: attr.rtr (ready to run) is not true or false")
    arch = attr.get("arch") if isinstance(attr.get("arch"), list) else []
    return arch


def check_screenshot(zf, names, problems):
    for name in ("screenshot.png", "screenshot.jpg"):
        if name in names:
            size = image_size(zf.read(name))
            if size != (640, 480):
                problems.append(f"{name}: {size[0]}x{size[1] if size else ''} is not exactly 640x480"
                                if size else f"{name}: not a PNG or JPEG picture")


def check_gameinfo(zf, names, script, problems):
    try:
        root = ET.fromstring(zf.read("gameinfo.xml"))
    except (KeyError, ET.ParseError) as e:
        problems.append(f"gameinfo.xml: not readable XML ({e})")
        return
    game = root.find("game") if root.tag == "gameList" else None
    if game is None:
        problems.append("gameinfo.xml: no <gameList><game>")
        return
    if (game.findtext("path") or "") != f"./{script}":
        problems.append(f"gameinfo.xml: path is {game.findtext('path')!r}, not {'./' + script!r}")
    for tag in ("name", "desc"):
        if not (game.findtext(tag) or "").strip():
            problems.append(f"gameinfo.xml: no <{tag}>")
    image = (game.findtext("image") or "").removeprefix("./")
    # The installer moves the top-level cover into the port folder.
    top = image.split("/", 1)[1] if "/" in image else image
    if image and image not in names and top not in names:
        problems.append(f"gameinfo.xml: the image {image!r} is not in the zip")


def check_readme(zf, problems):
    text = zf.read("README.md").decode("utf-8", "replace") if "README.md" in zf.namelist() else ""
    if not text:
        return
    controls = re.search(r"^##+ *Controls *$(.*?)(?=^##|\Z)", text, re.M | re.S)
    if not controls or not re.search(r"^\|.*\|\s*$\n^\|[-: |]+\|\s*$\n^\|", controls.group(1), re.M):
        problems.append("README.md: no Controls section with a table")
    if not re.search(r"thank", text, re.I):
        problems.append("README.md: no thank-you note to the game's makers")


def check_folder(zf, names, portname, arch, problems):
    inside = [n[len(portname) + 1:] for n in names if n.startswith(portname + "/")]
    files = {n for n in inside if n and not n.endswith("/")}
    if not any(n.startswith("licenses/") for n in files):
        problems.append(f"{portname}/licenses/: missing or empty")
    if "aarch64" in arch and f"{portname}.aarch64" not in files:
        problems.append(f"{portname}/{portname}.aarch64: missing (port.json names the arch aarch64)")
    libs = sorted(n for n in files if n.startswith("libs.aarch64/"))
    if not libs:
        return
    listed = {}
    if "licenses/libraries.txt" in files:
        for line in zf.read(f"{portname}/licenses/libraries.txt").decode("utf-8").splitlines():
            parts = line.split()
            if len(parts) >= 2 and not line.startswith("#"):
                listed[parts[0]] = parts[-1]
    else:
        problems.append(f"{portname}/licenses/libraries.txt: missing (which licence covers each library)")
    for lib in libs:
        base = lib.split("/", 1)[1]
        if base not in listed:
            problems.append(f"{portname}/{lib}: no line in licenses/libraries.txt")
        elif f"licenses/{listed[base]}" not in files:
            problems.append(f"{portname}/{lib}: its licence licenses/{listed[base]} is not in the zip")


def version_key(text):
    return tuple(int(p) for p in re.findall(r"\d+", text))


def check_elves(zf, objdump, max_glibc, problems):
    """Checks the symbol versions each ELF file of the zip needs."""
    elves = [i for i in zf.infolist() if not i.is_dir() and zf.read(i.filename)[:4] == b"\x7fELF"]
    if not elves:
        problems.append("the zip holds no ELF file")
        return 0
    defined = set()  # GLIBCXX_/CXXABI_ versions a shipped libstdc++ defines
    needed = {}
    with tempfile.TemporaryDirectory() as tmp:
        for info in elves:
            path = zf.extract(info, tmp)
            out = subprocess.run([objdump, "-T", path], capture_output=True, text=True)
            if out.returncode != 0:
                problems.append(f"{info.filename}: {objdump} -T failed: {out.stderr.strip()}")
                continue
            for line in out.stdout.splitlines():
                m = re.search(r"\s(\(?)((GLIBC|GLIBCXX|CXXABI)_[0-9.]+)\)?\s+\S+$", line)
                if not m:
                    continue
                version, kind = m.group(2), m.group(3)
                undefined = "*UND*" in line
                if not undefined and kind != "GLIBC":
                    defined.add(version)
                elif undefined:
                    needed.setdefault(info.filename, set()).add(version)
    for name, versions in sorted(needed.items()):
        for version in sorted(versions):
            kind, number = version.split("_", 1)
            if kind == "GLIBC" and version_key(number) > version_key(max_glibc):
                problems.append(f"{name}: needs {version}, newer than glibc {max_glibc}")
            elif kind != "GLIBC" and version not in defined:
                problems.append(f"{name}: needs {version}, and the zip ships no libstdc++ that defines it")
    return len(elves)


def check(zip_bytes, objdump=None, max_glibc="2.31", report=None):
    """Returns the list of problems of the zip given as bytes; `report`, a
    list, gets what was checked."""
    problems = []
    try:
        zf = zipfile.ZipFile(io.BytesIO(zip_bytes))
    except zipfile.BadZipFile as e:
        return [f"not a zip file ({e})"]
    names = zf.namelist()
    script, portname = check_top_level(names, problems)
    if not portname:
        return problems
    arch = check_port_json(zf, script, portname, problems) if "port.json" in names else []
    check_screenshot(zf, names, problems)
    if "gameinfo.xml" in names:
        check_gameinfo(zf, names, script, problems)
    check_readme(zf, problems)
    check_folder(zf, names, portname, arch, problems)
    if objdump:
        count = check_elves(zf, objdump, max_glibc, problems)
        if report is not None:
            report.append(f"{count} ELF files checked: none needs more than glibc {max_glibc} or a GLIBCXX it lacks")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("zip")
    parser.add_argument("--objdump", help="objdump for the zip's architecture: also check every ELF's symbols")
    parser.add_argument("--max-glibc", default="2.31")
    args = parser.parse_args()
    report = []
    with open(args.zip, "rb") as f:
        problems = check(f.read(), args.objdump, args.max_glibc, report)
    for p in problems:
        print(f"{args.zip}: {p}")
    if not problems:
        for line in report:
            print(f"check_port: {line}")
        print(f"check_port: {args.zip} follows PortMaster's packaging rules")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
