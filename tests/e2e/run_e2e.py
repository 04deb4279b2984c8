#!/usr/bin/env python3
"""The end-to-end cases' one runner.

  run_e2e.py --list SOURCE_DIR
      prints each test of the cases in SOURCE_DIR (for CMake), a line each:
      NAME|CASE_FILE|WALK|TIMEOUT|CROSS
  run_e2e.py CASE_FILE WALK COLONIAL JUDGE PNG_CHECK OUT_ROOT
      plays one case (WALK "-" for the case itself) and checks it.

A case is one file, tests/e2e/NAME.script: the script player's steps
(game/app/script/script_player.h), and in its comments lines beginning with
'#:', which this runner reads and the player ignores: how the app is run, what
is done before, and what must hold after. Every directive is described in
tests/e2e/README.md; the checks read the game record (colonial-judge), files,
and the event lines the app prints for programs (docs/EVENTS.md), never a
sentence meant for people.

E2E_VIDEO=offscreen draws with SDL's offscreen driver instead of Xvfb, and
COLONIAL_RUNNER runs the target's programs through an emulator: a cross
build's app under qemu-user ("qemu-aarch64 -L /usr/aarch64-linux-gnu").
E2E_RENDERER names SDL's renderer (SDL_RENDER_DRIVER: software, opengl,
opengles2) over the case's '#: renderer'; the app must say it drew with it.
"""

import fnmatch
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

DEFAULT_SCREEN = "1280x800"
SMALL_SCREEN = "640x480"
OFFSCREEN_SCREEN = "1024x768"  # SDL's offscreen driver's display
DEFAULT_RUN = "--save $SAVE --new-game --seed 7"
# SDL's renderers a case may draw with. The cases draw with the software
# one: under Xvfb OpenGL is Mesa's llvmpipe, three times its CPU for the
# same pictures; the cases marked '#: renderer opengl' (and the first turn's
# twins in CMakeLists.txt) play the GPU path.
RENDERERS = ("software", "opengl", "opengles2")
DEFAULT_RENDERER = "software"
DEFAULT_TIMEOUT = 300  # a hung app must not hang the run; a case takes seconds
LANGUAGES = ("fr", "de")
# The steps a pad-only case may have: no tap, key, text or drag.
PAD_STEPS = {"pad", "wait", "pass", "expect", "await", "screenshot", "focus", "whole", "cursor", "absent", "quit"}
ACTIONS = {"run", "judge", "write", "age", "edit"}
CHECKS = {"show", "replays", "event", "no-event", "line", "file", "no-file", "picture", "branches"}


class CaseError(Exception):
    pass


class Directive:
    def __init__(self, line_no, name, args):
        self.line_no = line_no
        self.name = name
        self.args = args  # the rest of the line, as written
        self.input = []  # its '#:|' lines (a judge's input, a file's lines)
        self.steps = []  # run: its script's lines

    def where(self):
        return f"line {self.line_no}: #: {self.name} {self.args}".rstrip()


class Case:
    """One case file, read."""

    def __init__(self, path):
        self.path = Path(path)
        self.name = self.path.stem
        self.screen = DEFAULT_SCREEN
        self.window = None
        self.timeout = DEFAULT_TIMEOUT
        self.cross = False
        self.renderer = DEFAULT_RENDERER
        self.pad_only = False
        self.walks_only = False
        self.walks = {}  # name -> {language, screen, window, script}
        self.actions = []
        self.checks = []
        self.steps = []  # every step of every run, for pad-only
        self._read()

    def _read(self):
        last = None
        run = None
        lines = self.path.read_text(encoding="utf-8").split("\n")
        for n, line in enumerate(lines, 1):
            if line.startswith("#:|"):
                if last is None:
                    raise CaseError(f"{self.path}:{n}: a '#:|' line follows no directive")
                last.input.append(line[4:] if line.startswith("#:| ") else line[3:])
                continue
            if line.startswith("#:"):
                # The words after the name as written: a REGEX may end in a space.
                name, _, args = line[2:].lstrip().partition(" ")
                d = Directive(n, name.strip(), args.lstrip())
                last = d
                self._declare(d)
                if d.name == "run":
                    run = d
                continue
            last = None
            if run is not None:
                run.steps.append(line)
            if line.strip() and not line.lstrip().startswith("#"):
                self.steps.append(line.strip())
        runs = [a for a in self.actions if a.name == "run"]
        if not runs:
            # One run of the whole file with the usual options.
            d = Directive(0, "run", DEFAULT_RUN)
            d.steps = lines
            self.actions.append(d)
        elif any(line.strip() and not line.startswith("#") for line in lines[: runs[0].line_no - 1]):
            raise CaseError(f"{self.path}: steps before the first '#: run'")

    def _declare(self, d):
        a = d.args.split()
        if d.name == "screen":
            self.screen = size(d, a)
        elif d.name == "window":
            self.window = self.screen = size(d, a)
        elif d.name == "timeout":
            if len(a) != 1 or not a[0].isdigit():
                raise CaseError(f"{self.path}: {d.where()}: wants a number of seconds")
            self.timeout = int(a[0])
        elif d.name == "cross":
            self.cross = True
        elif d.name == "renderer":
            if len(a) != 1 or a[0] not in RENDERERS:
                raise CaseError(f"{self.path}: {d.where()}: wants one of {', '.join(RENDERERS)}")
            self.renderer = a[0]
        elif d.name == "pad-only":
            self.pad_only = True
        elif d.name == "walks-only":
            self.walks_only = True
        elif d.name == "walks":
            for w in a:
                self.walks[w] = walk_named(w)
        elif d.name == "walk":
            if not a:
                raise CaseError(f"{self.path}: {d.where()}: wants a name")
            walk = walk_named(a[0])
            for kv in a[1:]:
                key, eq, value = kv.partition("=")
                if not eq or key not in ("language", "screen", "window", "script"):
                    raise CaseError(f"{self.path}: {d.where()}: '{kv}' is not language=, screen=, window= or script=")
                walk[key] = value
                if key == "window":
                    walk["screen"] = value
            self.walks[a[0]] = walk
        elif d.name in ACTIONS:
            self.actions.append(d)
        elif d.name in CHECKS:
            self.checks.append(d)
        else:
            raise CaseError(f"{self.path}: {d.where()}: unknown directive '{d.name}'")


def size(d, a):
    if len(a) != 1 or not re.fullmatch(r"\d+x\d+", a[0]):
        raise CaseError(f"{d.where()}: wants WIDTHxHEIGHT")
    return a[0]


def walk_named(name):
    """A walk's settings from its name: fr or de, and small for 640x480."""
    parts = name.split("_")
    walk = {"language": None, "screen": None, "window": None, "script": None}
    for p in parts:
        if p in LANGUAGES:
            walk["language"] = p
        elif p == "small":
            walk["screen"] = SMALL_SCREEN
    return walk


def list_tests(source_dir):
    cases = {p.stem: Case(p) for p in sorted(Path(source_dir).glob("*.script"))}
    # A script that a walk plays instead is part of that case, not one itself.
    played = {w["script"] for c in cases.values() for w in c.walks.values() if w["script"]}
    for missing in played - {c.path.name for c in cases.values()}:
        raise CaseError(f"a walk plays {missing}, which is not in {source_dir}")
    for case in cases.values():
        if case.path.name in played:
            continue
        if not case.walks_only:
                print(f"{case.name}|{case.path}|-|{case.timeout}|{int(case.cross)}")
        for walk_name, walk in case.walks.items():
            played_case = cases[Path(walk["script"]).stem] if walk["script"] else case
            print(f"{case.name}_{walk_name}|{case.path}|{walk_name}|{played_case.timeout}|0")


class Run:
    """One case played: its files, the app's log, and what it checks."""

    def __init__(self, case_file, walk_name, colonial, judge, png_check, out_root):
        self.case = Case(case_file)
        self.test_name = self.case.name if walk_name == "-" else f"{self.case.name}_{walk_name}"
        if walk_name != "-" and walk_name not in self.case.walks:
            raise CaseError(f"{case_file} has no walk '{walk_name}'")
        self.walk = self.case.walks[walk_name] if walk_name != "-" else walk_named("")
        if self.walk["script"]:
            self.case = Case(Path(case_file).parent / self.walk["script"])
        self.out = Path(out_root) / self.test_name
        self.out_root = Path(out_root)
        self.save = self.out / "save.colonial"
        self.log = self.out / "log.txt"
        self.runner = shlex.split(os.environ.get("COLONIAL_RUNNER", ""))
        self.colonial, self.judge_bin, self.png_check_bin = colonial, judge, png_check
        self.video = os.environ.get("E2E_VIDEO", "xvfb")
        # A case's renderer draws the case; its walks check words and layout.
        case_renderer = self.case.renderer if walk_name == "-" else DEFAULT_RENDERER
        self.renderer = os.environ.get("E2E_RENDERER", case_renderer)
        self.window = self.walk["window"] or self.case.window
        self.screen = self.walk["screen"] or self.case.screen
        if self.video == "offscreen":
            self.screen = OFFSCREEN_SCREEN
        self.runs = 0

    # --- what a directive's words stand for
    def expand(self, s):
        width, height = self.screen.split("x")
        for var, value in (("$SAVE", str(self.save)), ("$OUT", str(self.out)), ("$WIDTH", width),
                           ("$HEIGHT", height)):
            s = s.replace(var, value)
        return s

    def path(self, name):
        p = Path(self.expand(name))
        return p if p.is_absolute() else self.out / p

    def fail(self, what):
        sys.stderr.write(f"run_e2e.py {self.test_name}: {what}\n")
        if self.log.exists():
            sys.stderr.write("--- app output:\n" + self.log.read_text(errors="replace"))
        sys.exit(1)

    def log_text(self):
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    # --- the programs
    def app(self, options, script):
        env = dict(os.environ, SDL_AUDIODRIVER="dummy")
        env.pop("WAYLAND_DISPLAY", None)
        # Mesa's software rasterizer draws on the app's own thread: its worker
        # threads cost a fifth more CPU in waking each other, and ctest
        # already runs one case per core.
        env.setdefault("LP_NUM_THREADS", "0")
        if self.renderer:
            env["SDL_RENDER_DRIVER"] = self.renderer
        command = self.runner + [self.colonial] + options + ["--script", str(script), "--shots", str(self.out)]
        if self.video == "offscreen":
            env.pop("DISPLAY", None)
            env["SDL_VIDEODRIVER"] = "offscreen"
        else:
            env["SDL_VIDEODRIVER"] = "x11"
            command = ["xvfb-run", "-a", "-s", f"-screen 0 {self.screen}x24"] + command
        with open(self.log, "a") as log:
            return subprocess.run(command, stdout=log, stderr=subprocess.STDOUT, env=env).returncode

    def judge(self, args, stdin=None):
        return subprocess.run(self.runner + [self.judge_bin] + args, input=stdin, capture_output=True, text=True)

    def png_check(self, png, width, height):
        return subprocess.run(self.runner + [self.png_check_bin, str(png), str(width), str(height)],
                              capture_output=True, text=True).returncode == 0

    # --- the actions, in the order of the file
    def play(self):
        if self.video == "xvfb" and not shutil.which("xvfb-run"):
            sys.exit("run_e2e.py: xvfb-run not found: apt-get install xvfb xauth")
        shutil.rmtree(self.out, ignore_errors=True)
        self.out.mkdir(parents=True)
        # The board art's cache goes in the test's tree, never in the user's
        # home: one per screen size, since the app keeps only a few screens'
        # levels in it and cases of other sizes running beside each other
        # would push out each other's (each start would draw its board
        # again). Mesa's shader cache is shared by all.
        cache = self.out_root / "cache"
        os.environ["XDG_CACHE_HOME"] = str(cache / f"art-{self.window or self.screen}")
        os.environ["MESA_SHADER_CACHE_DIR"] = str(cache / "mesa_shader_cache")
        if self.case.pad_only:
            other = [s for s in self.case.steps if s.split()[0].lower() not in PAD_STEPS]
            if other:
                self.fail("the pad game has steps that are not the pad's: " + "; ".join(other))
        for a in self.case.actions:
            getattr(self, "do_" + a.name)(a)

    def do_run(self, d):
        self.runs += 1
        options = shlex.split(self.expand(d.args))
        if self.window:
            options += ["--window", self.window]
        if self.walk["language"]:
            options += ["--language", self.walk["language"]]
        script = self.out / f"run-{self.runs}.script"
        script.write_text("\n".join(self.fill_points(d.steps)) + "\n")
        status = self.app(options, script)
        if status != 0:
            self.fail(f"run {self.runs} (the app with {' '.join(options)}) exited with status {status}")

    def fill_points(self, steps):
        """@EVENT:CODE in a step: the x and y of the last event EVENT with
        code=CODE so far (where the app said it drew a name)."""
        events = parse_events(self.log_text())
        filled = []
        for step in steps:
            if not step.lstrip().startswith("#"):
                for event, code in re.findall(r"@([a-z-]+):(\S+)", step):
                    found = [e for e in events if e[0] == event and e[1].get("code") == code]
                    if not found:
                        self.fail(f"no event {event} code={code} before the step '{step.strip()}'")
                    step = step.replace(f"@{event}:{code}", f"{found[-1][1]['x']} {found[-1][1]['y']}", 1)
            filled.append(step)
        return filled

    def do_judge(self, d):
        args = shlex.split(self.expand(d.args))
        r = self.judge(args, "\n".join(d.input) + "\n" if d.input else None)
        if r.returncode != 0:
            self.fail(f"{d.where()}: colonial-judge failed: {r.stdout}{r.stderr}")

    def do_write(self, d):
        self.path(d.args).write_text("\n".join(d.input))

    def do_age(self, d):
        name, days = d.args.rsplit(" ", 1)
        then = time.time() - float(days) * 86400
        os.utime(self.path(name), (then, then))

    def do_edit(self, d):
        name, _, sed = d.args.partition(" ")
        m = re.fullmatch(r"s/((?:[^/\\]|\\.)*)/((?:[^/\\]|\\.)*)/", sed.strip())
        if not m:
            raise CaseError(f"{d.where()}: wants FILE s/REGEX/REPLACEMENT/")
        f = self.path(name)
        text, count = re.subn(m.group(1), m.group(2), f.read_text(), flags=re.M)
        if count == 0:
            self.fail(f"{d.where()}: no line of {f} matches")
        f.write_text(text)

    # --- the checks
    def check(self):
        log = self.log_text()
        events = parse_events(log)
        if self.renderer and not has_event(events, "playing", {"renderer": self.renderer}):
            self.fail(f"the app did not draw with the {self.renderer} renderer")
        if self.walk["language"]:
            if not has_event(events, "language", {"code": self.walk["language"]}):
                self.fail(f"the app did not speak {self.walk['language']}")
            clipped = [e for e in events if e[0] == "clipped"]
            if clipped:
                self.fail(f"text is cut off in {self.walk['language']} at {self.screen}: {clipped}")
        # Every screenshot has a picture in it, at the size of the screen.
        shots = sorted(self.out.glob("[0-9]*.png"))
        width, height = self.screen.split("x")
        for png in shots:
            if not self.png_check(png, width, height):
                self.fail(f"blank or wrong-sized screenshot {png}")
        for d in self.case.checks:
            getattr(self, "check_" + d.name.replace("-", "_"))(d, events)
        print(f"run_e2e.py {self.test_name}: passed ({len(shots)} screenshots in {self.out})")

    def judge_show(self):
        r = self.judge(["show", str(self.save)])
        (self.out / "show.txt").write_text(r.stdout + r.stderr)
        if r.returncode != 0:
            self.fail(f"colonial-judge show failed: {r.stdout}{r.stderr}")
        return r.stdout

    def check_show(self, d, events):
        shown = self.judge_show()
        if d.args not in shown:
            self.fail(f"colonial-judge show lacks: {d.args}\n{shown}")

    def check_replays(self, d, events):
        for pattern in d.args.split():
            files = sorted(glob.glob(str(self.path(pattern))))
            if not files:
                self.fail(f"{d.where()}: no file {pattern}")
            for f in files:
                r = self.judge(["verify", f])
                if r.returncode != 0:
                    self.fail(f"{f} does not replay: {r.stdout}{r.stderr}")

    def check_event(self, d, events):
        words = d.args.split()
        count = int(words.pop(0)) if words and words[0].isdigit() else None
        name, fields = event_pattern(d, words, self.expand)
        n = sum(1 for e in events if matches(e, name, fields))
        if (count is None and n == 0) or (count is not None and n != count):
            said = [e for e in events if e[0] == name]
            self.fail(f"{d.where()}: {n} such event{'s' if n != 1 else ''}; the app's {name} events: {said}")

    def check_no_event(self, d, events):
        name, fields = event_pattern(d, d.args.split(), self.expand)
        found = [e for e in events if matches(e, name, fields)]
        if found:
            self.fail(f"{d.where()}: the app said {found}")

    def check_line(self, d, events):
        count = None
        words = d.args.split(" ", 1)
        if words[0].isdigit():
            count = int(words[0])
            words = words[1].split(" ", 1) if len(words) == 2 else []
        else:
            words = d.args.split(" ", 1)
        if len(words) != 2:
            raise CaseError(f"{d.where()}: wants [COUNT] FILE REGEX")
        f = self.path(words[0])
        if not f.exists():
            self.fail(f"{d.where()}: there is no {f}")
        lines = f.read_text(errors="replace").split("\n")
        n = sum(1 for line in lines if re.search(words[1], line))
        if (count is None and n == 0) or (count is not None and n != count):
            self.fail(f"{d.where()}: {n} matching line{'s' if n != 1 else ''} in {f}:\n" +
                      "\n".join(lines[:60]))

    def check_file(self, d, events):
        if not glob.glob(str(self.path(d.args))):
            self.fail(f"{d.where()}: no such file")

    def check_no_file(self, d, events):
        found = glob.glob(str(self.path(d.args)))
        if found:
            self.fail(f"{d.where()}: {found}")

    def check_picture(self, d, events):
        name, width, height = self.expand(d.args).split()
        if not self.path(name).exists() or not self.png_check(self.path(name), width, height):
            self.fail(f"{d.where()}: no such picture")

    def check_branches(self, d, events):
        r = self.judge(["branches", str(self.save)])
        if r.returncode != 0 or not re.search(d.args, r.stdout, re.M):
            self.fail(f"{d.where()}: colonial-judge branches said:\n{r.stdout}{r.stderr}")


def parse_events(log):
    """The event lines of a log (docs/EVENTS.md): (NAME, {KEY: VALUE})."""
    events = []
    for line in log.split("\n"):
        words = line.split(" ")
        if len(words) < 2 or words[0] != "event":
            continue
        fields = {}
        for w in words[2:]:
            key, _, value = w.partition("=")
            fields[key] = re.sub(r"%([0-9A-F]{2})", lambda m: chr(int(m.group(1), 16)), value)
        events.append((words[1], fields))
    return events


def event_pattern(d, words, expand):
    if not words:
        raise CaseError(f"{d.where()}: wants an event's name")
    fields = {}
    for w in words[1:]:
        key, eq, value = w.partition("=")
        if not eq:
            raise CaseError(f"{d.where()}: '{w}' is not KEY=VALUE")
        fields[key] = expand(value)
    return words[0], fields


def matches(event, name, fields):
    """Whether an event is NAME with every field given (a value may be a
    shell pattern: url=http://127.0.0.1:*)."""
    return event[0] == name and all(k in event[1] and fnmatch.fnmatchcase(event[1][k], v) for k, v in fields.items())


def has_event(events, name, fields):
    return any(matches(e, name, fields) for e in events)


def main(argv):
    try:
        if len(argv) == 3 and argv[1] == "--list":
            list_tests(argv[2])
            return 0
        if len(argv) != 7:
            sys.stderr.write(__doc__)
            return 2
        run = Run(*argv[1:])
        run.play()
        run.check()
        return 0
    except CaseError as e:
        sys.stderr.write(f"run_e2e.py: {e}\n")
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
