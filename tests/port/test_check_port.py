#!/usr/bin/env python3
"""Unit tests of packaging/portmaster/check_port.py: a port laid out by the
packaging rules passes, and each rule broken is reported."""
import io
import json
import os
import struct
import subprocess
import sys
import unittest
import zipfile
import zlib
from unittest import mock

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../packaging/portmaster"))
import check_port  # noqa: E402
import make_readme  # noqa: E402

SCRIPT = "Colonial Diplomacy.sh"


def png(width, height):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b"")


def port_json(**changes):
    info = {"version": 2, "name": "colonial.zip", "items": [SCRIPT, "colonial"], "items_opt": None,
            "attr": {"title": "Colonial Diplomacy", "desc": "A game.", "inst": "Ready to run.", "genres": ["strategy"],
                     "porter": ["us"], "image": {}, "rtr": True, "runtime": None, "reqs": [], "arch": ["aarch64"]}}
    info.update(changes)
    return json.dumps(info)


GAMEINFO = """<?xml version="1.0" encoding="utf-8"?>
<gameList><game><path>./Colonial Diplomacy.sh</path><name>Colonial Diplomacy</name>
<desc>A game.</desc><image>./colonial/cover.png</image></game></gameList>"""
README = "## Notes\nThanks to the makers.\n\n## Controls\n\n| Button | Action |\n|--|--|\n| A | Choose |\n"


def good_files():
    return {
        SCRIPT: "#!/bin/bash\n",
        "port.json": port_json(),
        "README.md": README,
        "screenshot.png": png(640, 480),
        "cover.png": png(600, 800),
        "gameinfo.xml": GAMEINFO,
        "colonial/colonial.aarch64": b"\x7fELF",
        "colonial/licenses/colonial.LICENSE.txt": "GPL",
        "colonial/licenses/libraries.txt": "# file package licence\nlibfoo.so.1 libfoo1 libfoo1.copyright\n",
        "colonial/licenses/libfoo1.copyright": "MIT",
        "colonial/libs.aarch64/libfoo.so.1": b"\x7fELF",
    }


def make_zip(files):
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as zf:
        for name, content in files.items():
            zf.writestr(name, content)
    return data.getvalue()


def problems_of(**changes):
    files = good_files()
    for name, content in changes.items():
        name = name.replace("__", "/").replace("_DOT_", ".").replace("_SP_", " ")
        if content is None:
            files.pop(name, None)
        else:
            files[name] = content
    return check_port.check(make_zip(files))


class LayoutTest(unittest.TestCase):
    def assertProblem(self, problems, text):
        self.assertTrue(any(text in p for p in problems), f"no problem saying {text!r} in {problems}")

    def test_a_good_port_passes(self):
        self.assertEqual(check_port.check(make_zip(good_files())), [])

    def test_top_level_files(self):
        self.assertProblem(problems_of(port_DOT_json=None), "port.json: missing")
        self.assertProblem(problems_of(README_DOT_md=None), "readme.md: missing")
        self.assertProblem(problems_of(screenshot_DOT_png=None), "screenshot.png (or .jpg): missing")
        self.assertProblem(problems_of(gameinfo_DOT_xml=None), "gameinfo.xml: missing")
        self.assertProblem(problems_of(notes_DOT_txt="x"), "not a file PortMaster accepts")

    def test_scripts_and_folders(self):
        self.assertProblem(problems_of(**{"Other_DOT_sh": "#!/bin/bash"}), "2 launch scripts")
        self.assertProblem(problems_of(colonial__run_DOT_sh="#!/bin/bash"), "a shell script inside the port folder")
        self.assertProblem(problems_of(extra__file="x"), "2 folders at the top")
        files = good_files()
        files["lower case.sh"] = files.pop(SCRIPT)
        files["port.json"] = port_json(items=["lower case.sh", "colonial"])
        self.assertProblem(check_port.check(make_zip(files)), "starts with a capital letter")
        files = {k.replace("colonial/", "Colonial/"): v for k, v in good_files().items()}
        self.assertProblem(check_port.check(make_zip(files)), "a portname is lowercase")

    def test_paths_that_climb_out(self):
        self.assertProblem(problems_of(**{"colonial/../../etc/passwd": "x"}), "a path outside the ports folder")

    def test_port_json(self):
        self.assertProblem(problems_of(port_DOT_json=port_json(version=1)), "version is 1, not 2")
        self.assertProblem(problems_of(port_DOT_json=port_json(name="x.zip")), "not 'colonial.zip'")
        self.assertProblem(problems_of(port_DOT_json=port_json(items=["colonial"])), "port.json: items")
        self.assertProblem(problems_of(port_DOT_json="{not json"), "not readable JSON")
        info = json.loads(port_json())
        del info["attr"]["arch"]
        info["attr"]["rtr"] = "yes"
        problems = problems_of(port_DOT_json=json.dumps(info))
        self.assertProblem(problems, "attr has no arch")
        self.assertProblem(problems, "attr.rtr")

    def test_screenshot_is_640x480(self):
        self.assertProblem(problems_of(screenshot_DOT_png=png(480, 320)), "not exactly 640x480")
        self.assertProblem(problems_of(screenshot_DOT_png=b"GIF89a"), "not a PNG or JPEG")

    def test_gameinfo(self):
        self.assertProblem(problems_of(gameinfo_DOT_xml=GAMEINFO.replace("./Colonial", "./Other")), "path is")
        self.assertProblem(problems_of(cover_DOT_png=None), "the image 'colonial/cover.png' is not in the zip")
        self.assertProblem(problems_of(gameinfo_DOT_xml="<gameList>"), "not readable XML")

    def test_readme(self):
        self.assertProblem(problems_of(README_DOT_md="## Notes\nThanks.\n"), "no Controls section")
        self.assertProblem(problems_of(README_DOT_md=README.replace("Thanks", "Made")), "no thank-you note")

    def test_port_folder(self):
        self.assertProblem(problems_of(colonial__colonial_DOT_aarch64=None), "colonial.aarch64: missing")
        problems = problems_of(colonial__licenses__colonial_DOT_LICENSE_DOT_txt=None,
                               colonial__licenses__libraries_DOT_txt=None, colonial__licenses__libfoo1_DOT_copyright=None)
        self.assertProblem(problems, "licenses/: missing or empty")
        self.assertProblem(problems, "libraries.txt: missing")
        self.assertProblem(problems_of(colonial__libs_DOT_aarch64__libbar_DOT_so_DOT_2=b"\x7fELF"),
                           "libbar.so.2: no line in licenses/libraries.txt")
        self.assertProblem(problems_of(colonial__licenses__libfoo1_DOT_copyright=None),
                           "its licence licenses/libfoo1.copyright is not in the zip")


def objdump_of(lines_by_file):
    """A stand-in for subprocess.run(objdump -T FILE) printing the given lines."""
    def run(args, capture_output, text):
        name = os.path.basename(args[-1])
        return subprocess.CompletedProcess(args, 0, stdout="\n".join(lines_by_file.get(name, [])), stderr="")
    return run


def und(version, symbol):
    return f"0000000000000000      DF *UND*\t0000000000000000 ({version}) {symbol}"


class SymbolVersionTest(unittest.TestCase):
    def check_with(self, lines_by_file):
        with mock.patch.object(check_port.subprocess, "run", objdump_of(lines_by_file)):
            return check_port.check(make_zip(good_files()), objdump="objdump", max_glibc="2.31")

    def test_glibc_231_passes(self):
        self.assertEqual(self.check_with({"colonial.aarch64": [und("GLIBC_2.17", "abort"), und("GLIBC_2.31", "x")]}),
                         [])

    def test_newer_glibc_fails(self):
        problems = self.check_with({"libfoo.so.1": [und("GLIBC_2.33", "stat"), und("GLIBC_2.4", "y")]})
        self.assertEqual(problems, ["colonial/libs.aarch64/libfoo.so.1: needs GLIBC_2.33, newer than glibc 2.31"])

    def test_glibcxx_needs_a_shipped_libstdcxx(self):
        problems = self.check_with({"colonial.aarch64": [und("GLIBCXX_3.4.30", "_ZNSt6thread")]})
        self.assertEqual(len(problems), 1)
        self.assertIn("needs GLIBCXX_3.4.30, and the zip ships no libstdc++", problems[0])
        shipped = "0000000000011c070  w   DF .text\t0000000000000024  GLIBCXX_3.4.30 _ZNSt6thread"
        self.assertEqual(self.check_with({"colonial.aarch64": [und("GLIBCXX_3.4.30", "_ZNSt6thread")],
                                          "libfoo.so.1": [shipped]}), [])


class ReadmeTest(unittest.TestCase):
    TABLE = ("| Where | Action | Keyboard | Gamepad | Mouse and touch |\n|---|---|---|---|---|\n"
             "| Anywhere | Help | F1 | Back |  |\n| Anywhere | Fullscreen | F11 |  |  |\n"
             "| Orders | Choose | Enter | A | tap |\n")

    def test_pad_rows_only(self):
        table = make_readme.pad_table(self.TABLE)
        self.assertEqual(table.splitlines(), ["| Button | Where | Action |", "|--|--|--|",
                                              "| Back | Anywhere | Help |", "| A | Orders | Choose |"])

    def test_a_table_without_pad_bindings_is_refused(self):
        with self.assertRaises(ValueError):
            make_readme.pad_table("| Where | Action | Keyboard |\n|---|---|---|\n| Anywhere | Help | F1 |\n")


if __name__ == "__main__":
    unittest.main()
