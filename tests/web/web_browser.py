#!/usr/bin/python3
"""The web build (build-web/site, made by ./scripts/web) in headless
Chromium (Debian's chromium through python3-selenium, WebGL by SwiftShader),
served from 127.0.0.1, playing the native end-to-end cases' scripts through
the same script player (colonial --script): the record it leaves is read
back with colonial-judge, as run_e2e.sh reads the native app's.

usage: web_browser.py CASE SITE JUDGE E2E_DIR OUT_DIR [--native COLONIAL]

The cases are read as run_e2e.py reads them (tests/e2e/README.md): their
runs' steps, their `#: show` lines; the program's event lines
(docs/EVENTS.md) are checked, never its sentences.

CASE first_turn: one movement turn at a pass-and-play table; the record
  shows what tests/e2e/first_turn.script's `#: show` lines say and replays (verify). With
  --native, the native app plays the same script under Xvfb and the two
  records must be the same, line for line.
CASE companion, pad: tests/e2e/companion.script (orders keyed in for
  several powers on one screen, adjudicated when asked) at its 1920x1080 and
  pad.script (a whole year by the pad alone) at its 480x320, with their
  runs' options; their `#: event` and `#: show` lines hold, and with
  --native the native app (SDL's software renderer, offscreen) leaves the
  same record, byte for byte.
CASE resume: a game started and Britain's order given (resume.script's
  first run), the page reloaded: the game resumes from the page's storage
  (IndexedDB) and is played on (its second run), as its `#: show` lines say.
CASE languages: the native cases lang_fr and lang_de in a French browser:
  French by the browser's language alone, then German chosen on the
  new-game screen after --language en; their `#: event`, `#: no-event`
  and `#: show` lines hold.
CASE records: the first turn's record downloaded from the menu (Chromium's
  downloads folder): the page's record, shown and verified by colonial-judge,
  resumed by the native app (--native); then, in another game, a damaged
  and a foreign file given to the page's file input are refused with the
  game in play untouched, and the downloaded record is opened and played.
CASE offline: one visit starts a game (resume.script's first run), the
  service worker takes the page; the server stopped, a reload starts the
  app and resumes the game.
CASE computer: the native case computer (four computer seats, easy to
  hard, two turns): their decisions made in the page's Web Worker
  (colonial_bot.js: `computer-deciding where=worker` each time), the page
  drawing meanwhile; the same seed gives the same orders as the native
  app's worker thread, so the case's `#: show` and `#: event` lines hold
  as natively. Then again with the worker's script missing from the
  folder: the decisions made on the page (`where=page`), the same orders.
CASE bench: the engine's speed in the page's worker (colonial_bot.js's
  colonial_bot_bench: random Colonial games for 3 s, a hard decision five
  times) beside the same measures natively (colonial-judge bench), printed
  as figures: a benchmark, nothing judged but that both ran.
CASE served: colonial-judge serve --app SITE (bounded in time, 127.0.0.1):
  the app at its APP address draws and starts a game, and the service
  worker takes the page; reached by a name that is not this machine's (a
  LAN's plain http://), the app runs and says where the installable copy is.
CASE touch: two fingers spread on the board zoom it, one finger drags it
  (Chromium's touch input through CDP); a double tap zooms no page.
CASE keyboard: a name field tapped gives the page's input element the focus
  (a tablet's on-screen keyboard); what it inserts is the seat's name.
CASE no_webgl: Chromium with WebGL off: the software renderer draws the board
  to the canvas and the app says so.
CASE tabs: the app in two tabs: the second plays but never writes the saves.
CASE newer: a save written by a newer version is left untouched, and said so.
CASE shots: the start, the new-game form and a turn's orders at 1024x768,
  768x1024 (a tablet both ways) and 390x844 (a phone), saved in OUT_DIR to
  be looked at; each must be drawn at the page's size.
Screenshots and the records go to OUT_DIR/CASE/.
"""
import base64
import functools
import http.server
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

CASE, SITE, JUDGE, E2E, OUT_ROOT = sys.argv[1:6]
sys.path.insert(0, E2E)
from run_e2e import Case, event_pattern, has_event, matches, parse_events  # noqa: E402  (the e2e cases' one reader)

NATIVE = sys.argv[7] if len(sys.argv) > 7 and sys.argv[6] == "--native" else None
OUT = os.path.join(OUT_ROOT, CASE)
shutil.rmtree(OUT, ignore_errors=True)
os.makedirs(OUT)
work = tempfile.mkdtemp(prefix="colonial-web-")
failures = []
SAVE = "/libsdl/e2e.colonial"  # in the page's storage (IndexedDB)


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what, flush=True)


# Files of the site the server answers 404 for (a case's fault: a file
# missing from the folder).
missing = set()


class Files(http.server.SimpleHTTPRequestHandler):
    """The site at /, the runs' scripts at /input/; nothing else."""

    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".wasm": "application/wasm", ".js": "text/javascript", ".data": "application/octet-stream"})

    def translate_path(self, path):
        path = urllib.parse.urlparse(path).path
        if os.path.basename(path) in missing:
            return os.path.join(work, "missing", os.path.basename(path))
        if path.startswith("/input/"):
            return os.path.join(work, os.path.basename(path))
        return super().translate_path(path)

    def end_headers(self):
        # The scripts may be read by the app served from another origin (the
        # judge's /app/ in CASE served).
        if self.path.startswith("/input/"):
            self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Files, directory=SITE))
threading.Thread(target=server.serve_forever, daemon=True).start()
BASE = "http://127.0.0.1:%d/" % server.server_address[1]


def browser(width, height, language="en", flags=()):
    """Headless Chromium whose language (navigator.language) is LANGUAGE, with FLAGS."""
    o = Options()
    for a in [*flags, "--headless", "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
              "--ignore-gpu-blocklist", "--no-first-run", "--disable-background-networking",
              "--disable-component-update", "--disable-sync", "--lang=" + language,
              "--window-size=%d,%d" % (width, height), "--user-data-dir=" + os.path.join(work, "chrome")]:
        o.add_argument(a)
    o.add_experimental_option("prefs", {"intl.accept_languages": language})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=o)
    # The page's own size, exactly: a window's frame would take some of it,
    # and headless Chromium makes no window narrower than 500 pixels.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    return driver


def empty_storage(driver, base=None):
    """Empties the origin's saves (IndexedDB) and waits until that is done: a
    page of the origin that is not the app (which would hold the database
    open), so the next page never opens it while it is being deleted."""
    driver.get((base or BASE) + "manifest.webmanifest")
    outcome = driver.execute_async_script(
        """const done = arguments[arguments.length - 1];
           const r = indexedDB.deleteDatabase('/libsdl');
           r.onsuccess = () => done('deleted'); r.onerror = () => done('error'); r.onblocked = () => done('blocked');""")
    check(outcome == "deleted", "the page's storage could not be emptied: " + str(outcome))


def page_url(args, inputs=(), base=None):
    query = [("args", " ".join(args))] + [("input", "/input/" + name) for name in inputs]
    return (base or BASE) + "index.html?" + urllib.parse.urlencode(query)


def wait_for(driver, script, seconds):
    end = time.time() + seconds
    while time.time() < end:
        value = driver.execute_script(script)
        if value is not None and value is not False:
            return value
        time.sleep(0.2)
    return None


def play(driver, args, inputs, name, seconds=600, base=None):
    """Loads the page with ARGS, waits for the program to exit; its log and status."""
    driver.get(page_url(args, inputs, base))
    status = wait_for(driver, "return window.colonialExit;", seconds)
    # The last save's write to IndexedDB is asynchronous: let it finish.
    wait_for(driver, "return !window.colonialStorageError && window.colonialSaved > 0;", 10)
    log = "\n".join(driver.execute_script("return window.colonialLog || [];"))
    with open(os.path.join(OUT, name + ".log"), "w") as f:
        f.write(log + "\n")
    print(log, flush=True)
    return status, log


def read_file(driver, path):
    """A file of the page's file system (bytes), or None."""
    data = driver.execute_script(
        """try { const b = Module.FS.readFile(arguments[0]); let s = '';
             for (let i = 0; i < b.length; i += 8192) s += String.fromCharCode.apply(null, b.subarray(i, i + 8192));
             return btoa(s); } catch (e) { return null; }""", path)
    return None if data is None else base64.b64decode(data)


def keep_shots(driver, folder, into):
    os.makedirs(into, exist_ok=True)
    names = driver.execute_script("try { return Module.FS.readdir(arguments[0]); } catch (e) { return []; }", folder)
    count = 0
    for name in names:
        if name.endswith(".png"):
            with open(os.path.join(into, name), "wb") as f:
                f.write(read_file(driver, folder + "/" + name))
            count += 1
    return count


def judge(*args):
    return subprocess.run([JUDGE, *args], capture_output=True, text=True)


def case_runs(name):
    """The case's runs' scripts, written to /input/NAME-K.script, and its `#: show` lines."""
    scripts, shows, _ = read_case(name)
    return scripts, shows


def read_case(name):
    """case_runs, and the case itself (its runs' options, its checks)."""
    case = Case(os.path.join(E2E, name + ".script"))
    scripts = []
    for k, run in enumerate([a for a in case.actions if a.name == "run"], 1):
        scripts.append("%s-%d.script" % (name, k))
        with open(os.path.join(work, scripts[-1]), "w") as f:
            f.write("\n".join(run.steps) + "\n")
    return scripts, [c.args for c in case.checks if c.name == "show"], case


def expect_events(case, events):
    """The case's `#: event [COUNT] NAME [KEY=VALUE...]` and `#: no-event` checks, as run_e2e.py makes them."""
    for c in case.checks:
        if c.name not in ("event", "no-event"):
            continue
        words = c.args.split()
        count = int(words.pop(0)) if c.name == "event" and words and words[0].isdigit() else None
        name, fields = event_pattern(c, words, lambda value: value)
        seen = sum(1 for e in events if matches(e, name, fields))
        if c.name == "no-event":
            check(seen == 0, "%s: printed %d time(s)" % (c.where(), seen))
        else:
            check(seen == count if count is not None else seen > 0, "%s: printed %d time(s)" % (c.where(), seen))


def expect_show(record_path, expected):
    """As run_e2e.py: every `#: show` line is in colonial-judge show's output; the record replays."""
    shown = judge("show", record_path)
    check(shown.returncode == 0, "colonial-judge show failed: " + shown.stderr)
    with open(os.path.join(OUT, "show.txt"), "w") as f:
        f.write(shown.stdout)
    for line in expected:
        check(line in shown.stdout, "colonial-judge show lacks: %s\n%s" % (line, shown.stdout))
    verified = judge("verify", record_path)
    check(verified.returncode == 0, "the record does not replay: " + verified.stdout + verified.stderr)


def check_record(driver, name, expected, what="no record was saved"):
    """The page's record kept as OUT/NAME and checked as run_e2e.py checks
    the native one (expect_show); its bytes, or None when there is none."""
    record = read_file(driver, SAVE)
    check(record is not None, what)
    if record is not None:
        path = os.path.join(OUT, name)
        with open(path, "wb") as f:
            f.write(record)
        expect_show(path, expected)
    return record


def native_case(name, width, height, compare_shots=False):
    """The native case NAME (tests/e2e/NAME.script) played in the page at
    WIDTHxHEIGHT through the same script player with its run's options: its
    `#: event` and `#: show` lines hold, and with --native the native app
    plays the same script with the same options and leaves the same record,
    byte for byte. COMPARE_SHOTS: the native app draws under Xvfb with
    OpenGL (the screenshots then compared with the page's), else with SDL's
    software renderer offscreen (only its record is compared)."""
    driver = browser(width, height)
    try:
        (script,), expected, case = read_case(name)
        options = next(a for a in case.actions if a.name == "run").args.replace("$SAVE", SAVE).split()
        if case.window:
            options += ["--window", case.window]
        args = options + ["--script", "/input/" + script, "--shots", "/shots"]
        empty_storage(driver)
        status, log = play(driver, args, [script], "web")
        events = parse_events(log)
        check(status == 0, "the web app exited with status %s" % status)
        expect_events(case, events)
        check(has_event(events, "playing", {"width": str(width), "height": str(height)}),
              "the page was not drawn at %dx%d" % (width, height))
        wanted = sum(1 for step in case.steps if step.split()[0] == "screenshot")
        kept = keep_shots(driver, "/shots", os.path.join(OUT, "web"))
        check(kept == wanted, "the script took %d screenshots of its %d" % (kept, wanted))
        record = read_file(driver, SAVE)
        check(record is not None, "no record was saved")
        if record is None:
            return
        web_record = os.path.join(OUT, "web.colonial")
        with open(web_record, "wb") as f:
            f.write(record)
        expect_show(web_record, expected)
        if NATIVE:
            native_record = os.path.join(OUT, "native.colonial")
            shots = os.path.join(OUT, "native")
            os.makedirs(shots)
            native_args = [a.replace(SAVE, native_record) for a in options]
            command = [NATIVE, *native_args, "--script", os.path.join(work, script), "--shots", shots]
            env = dict(os.environ, SDL_AUDIODRIVER="dummy", XDG_CACHE_HOME=os.path.join(work, "cache"))
            if compare_shots:
                env["SDL_VIDEODRIVER"] = "x11"
                command = ["xvfb-run", "-a", "-s", "-screen 0 %dx%dx24" % (width, height)] + command
            else:
                env.update(SDL_VIDEODRIVER="offscreen", SDL_RENDER_DRIVER="software")
            run = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
            with open(os.path.join(OUT, "native.log"), "w") as f:
                f.write(run.stdout + run.stderr)
            check(run.returncode == 0, "the native app failed: " + run.stdout + run.stderr)
            native = open(native_record, "rb").read() if os.path.exists(native_record) else b""
            check(native == record, "the web and native records differ:\n%s\n---\n%s" %
                  (record.decode(errors="replace"), native.decode(errors="replace")))
    finally:
        driver.quit()


def first_turn():
    native_case("first_turn", 1280, 800, compare_shots=True)


def companion():
    """A companion phase: orders keyed in for several powers on one screen, adjudicated when asked."""
    native_case("companion", 1920, 1080)


def pad():
    """A whole year with the pad alone at a handheld's 480x320 (pad steps only)."""
    native_case("pad", 480, 320)


def resume_first_visit(driver, name):
    """resume.script's first run (a game started, Britain's order given, the
    program quit) in an emptied storage, logged as NAME."""
    empty_storage(driver)
    (first, _), _ = case_runs("resume")
    status, log = play(driver, ["--save", SAVE, "--new-game", "--seed", "7", "--script", "/input/" + first],
                       [first], name)
    check(status == 0, "%s: the first visit exited with status %s" % (name, status))
    check(has_event(parse_events(log), "quit-by-player", {}), "%s: the first visit's script did not end" % name)


def resume():
    driver = browser(1280, 800)
    try:
        resume_first_visit(driver, "first")
        (_, second), expected = case_runs("resume")
        # A reload: only what IndexedDB kept is there.
        status, log = play(driver, ["--save", SAVE, "--script", "/input/" + second, "--shots", "/shots"], [second],
                           "reloaded")
        events = parse_events(log)
        check(status == 0, "the reloaded page exited with status %s" % status)
        check(has_event(events, "resumed", {}), "the game was not resumed after the reload")
        check(has_event(events, "script-finished", {}), "the game's script did not finish after the reload")
        keep_shots(driver, "/shots", os.path.join(OUT, "web"))
        check_record(driver, "web.colonial", expected, "no record after the reload")
    finally:
        driver.quit()


def languages():
    """The native French and German cases (tests/e2e/lang_fr.script,
    lang_de.script) in a French browser: French with no option (the
    browser's language, navigator.language, as the system's natively);
    then --language en, which comes first, and German chosen on the
    new-game screen."""
    driver = browser(1280, 800, "fr")
    try:
        check(driver.execute_script("return navigator.language;").startswith("fr"), "the browser is not French")
        for name, drop, first_language in [("lang_fr", "--language fr", "fr"), ("lang_de", None, "en")]:
            (script,), expected, case = read_case(name)
            options = next(a for a in case.actions if a.name == "run").args
            if drop:
                check(drop in options, "%s: its run has no %s to leave out" % (name, drop))
                options = options.replace(drop, "")
            args = options.replace("$SAVE", SAVE).split() + ["--script", "/input/" + script, "--shots", "/shots"]
            empty_storage(driver)
            status, log = play(driver, args, [script], name)
            events = parse_events(log)
            check(status == 0, "%s: the web app exited with status %s" % (name, status))
            languages_said = [e[1].get("code") for e in events if e[0] == "language"]
            check(languages_said[:1] == [first_language],
                  "%s: the page started in %s, not %s" % (name, languages_said[:1], first_language))
            expect_events(case, events)
            check(keep_shots(driver, "/shots", os.path.join(OUT, name)) >= 10, "%s: screenshots missing" % name)
            record = read_file(driver, SAVE)
            check(record is not None, "%s: no record was saved" % name)
            if record is not None:
                path = os.path.join(OUT, name + ".colonial")
                with open(path, "wb") as f:
                    f.write(record)
                expect_show(path, expected)
    finally:
        driver.quit()


def events_so_far(driver):
    return parse_events("\n".join(driver.execute_script("return window.colonialLog || [];")))


def wait_for_event(driver, name, count, seconds=60):
    """Waits until the page has printed event NAME COUNT times; whether it did."""
    end = time.time() + seconds
    while time.time() < end:
        if sum(1 for e in events_so_far(driver) if e[0] == name) >= count:
            return True
        time.sleep(0.2)
    return False


def downloaded(folder, name, seconds=30):
    """The file NAME the browser downloaded into FOLDER, once whole; None after SECONDS."""
    path = os.path.join(folder, name)
    end = time.time() + seconds
    while time.time() < end:
        if os.path.exists(path) and not any(f.endswith(".crdownload") for f in os.listdir(folder)):
            return path
        time.sleep(0.2)
    return None


def native_resumes(record):
    """The native app started on a copy of RECORD (SDL's offscreen driver): its record reader resumes it."""
    copy = os.path.join(work, "native-" + os.path.basename(record))
    shutil.copyfile(record, copy)
    quit_script = os.path.join(work, "quit.script")
    with open(quit_script, "w") as f:
        f.write("wait 5\nquit\n")
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen", SDL_RENDER_DRIVER="software", SDL_AUDIODRIVER="dummy",
               XDG_CACHE_HOME=os.path.join(work, "cache"))
    run = subprocess.run([NATIVE, "--save", copy, "--script", quit_script], env=env, capture_output=True, text=True,
                         timeout=300)
    with open(os.path.join(OUT, "native.log"), "w") as f:
        f.write(run.stdout + run.stderr)
    check(run.returncode == 0, "the native app failed on the downloaded record: " + run.stdout + run.stderr)
    check(has_event(parse_events(run.stdout), "resumed", {"file": copy, "from-backup": "no"}),
          "the native app did not resume the downloaded record:\n" + run.stdout + run.stderr)


def records():
    """A record downloaded from the page (the menu's "Download the record")
    is the page's record, replays (colonial-judge verify) and is resumed by
    the native app; then opened in another game through the page's file
    input: a damaged and a foreign file are refused (the game in play and
    its record untouched), the downloaded record is played."""
    driver = browser(1280, 800)
    folder = os.path.join(work, "downloads")
    os.makedirs(folder)
    try:
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": folder})
        # The first turn, then its record downloaded from the menu.
        (script,), expected = case_runs("first_turn")
        with open(os.path.join(work, script)) as f:
            steps = f.read().rstrip().split("\n")
        check(steps[-1] == "quit", "first_turn.script no longer ends by quitting")
        with open(os.path.join(work, "download.script"), "w") as f:
            f.write("\n".join(steps[:-1] + ["button Menu", "button Download the record", "wait 10", "quit"]) + "\n")
        empty_storage(driver)
        status, log = play(driver, ["--save", SAVE, "--new-game", "--seed", "7", "--script", "/input/download.script"],
                           ["download.script"], "download")
        check(status == 0, "the web app exited with status %s" % status)
        kept = read_file(driver, SAVE)
        path = downloaded(folder, os.path.basename(SAVE))
        check(path is not None, "nothing was downloaded: %s" % os.listdir(folder))
        if path is None or kept is None:
            return
        record = open(path, "rb").read()
        check(record == kept, "the download is not the page's record")
        expect_show(path, expected)
        native_resumes(path)

        # Another game in the page; the menu's "Open a record..." opens the page's file picker.
        with open(os.path.join(work, "open.script"), "w") as f:
            f.write("wait 5\nbutton Start game\nbutton OK\nbutton Menu\nbutton Open a record...\nwait 5\nquit\n")
        empty_storage(driver)
        status, _ = play(driver, ["--save", SAVE, "--new-game", "--seed", "8", "--script", "/input/open.script"],
                         ["open.script"], "another-game")
        check(status == 0, "the other game's page exited with status %s" % status)
        check(driver.execute_script("return window.colonialPicks;") == 1, "the menu did not open the file picker")
        # That game resumed, in play with no script (a script's end ends the
        # program): the files are given to the page's file input.
        driver.get(page_url(["--save", SAVE]))
        check(wait_for_event(driver, "resumed", 1), "the other game did not resume")
        in_play = read_file(driver, SAVE)
        check(in_play is not None and in_play != record, "no other game in play")
        damaged = os.path.join(work, "damaged.colonial")
        with open(damaged, "w") as f:
            f.write("colonial-record 1\nvariant colonial\nthe rest was lost\n")
        picture = os.path.abspath(os.path.join(SITE, "icons", "colonial-192.png"))
        picker = driver.find_element("id", "colonial-open")
        for n, refused in enumerate([damaged, picture], 1):
            picker.send_keys(refused)
            check(wait_for_event(driver, "record-refused", n, 30), "%s was not refused" % refused)
            check(read_file(driver, SAVE) == in_play, "refusing %s changed the game in play's record" % refused)
        check(not has_event(events_so_far(driver), "record-opened", {}), "a refused file was opened")
        driver.save_screenshot(os.path.join(OUT, "refused.png"))
        picker.send_keys(path)
        check(wait_for_event(driver, "record-opened", 1, 30), "the downloaded record was not opened")
        time.sleep(1)
        driver.save_screenshot(os.path.join(OUT, "opened.png"))
        opened = read_file(driver, SAVE)
        check(opened is not None, "no record after opening one")
        if opened is not None:
            reopened = os.path.join(OUT, "opened.colonial")
            with open(reopened, "wb") as f:
                f.write(opened)
            expect_show(reopened, expected)
        archived = driver.execute_script(
            "return Module.FS.readdir('/libsdl').filter(function (n) { return n.startsWith('game-'); });")
        check(len(archived) == 1, "the game played before was not archived: %s" % archived)
        with open(os.path.join(OUT, "open.log"), "w") as f:
            f.write("\n".join(driver.execute_script("return window.colonialLog;")) + "\n")
        check(driver.execute_script("return window.colonialExit;") is None, "the page stopped")
    finally:
        driver.quit()


def offline():
    """One visit from the test's server on 127.0.0.1 (a secure origin: the
    service worker registers) starts a game and gives an order; the server
    is stopped (it no longer answers); a reload starts the app from the
    service worker's cache, and the game saved in the visit resumes."""
    driver = browser(1280, 800)
    driver.set_script_timeout(90)
    try:
        resume_first_visit(driver, "online")
        worker = wait_for(driver, """return navigator.serviceWorker && navigator.serviceWorker.controller &&
                                     navigator.serviceWorker.controller.state === 'activated';""", 60)
        check(worker, "no service worker controls the page after the visit")
        server.shutdown()
        server.server_close()
        try:
            urllib.request.urlopen(BASE, timeout=5)
            check(False, "the server still answers")
        except OSError:
            pass
        try:
            driver.get(page_url(["--save", SAVE]))
        except WebDriverException as e:
            check(False, "the page did not load with the server stopped: %s" % e.msg)
            return
        check(wait_for_event(driver, "resumed", 1, 120), "the game did not resume with the server stopped")
        check(wait_for_event(driver, "playing", 1, 30), "the app did not start with the server stopped")
        check(driver.execute_script("return !!navigator.serviceWorker.controller;"),
              "the page was not served by the service worker")
        time.sleep(1)
        driver.save_screenshot(os.path.join(OUT, "offline.png"))
        log = "\n".join(driver.execute_script("return window.colonialLog || [];"))
        with open(os.path.join(OUT, "offline.log"), "w") as f:
            f.write(log + "\n")
        check(has_event(parse_events(log), "resumed", {"file": SAVE, "from-backup": "no"}),
              "the game saved in the visit was not the one resumed")
        check(driver.execute_script("return window.colonialExit;") is None, "the page stopped")
    finally:
        driver.quit()


def served():
    """colonial-judge serve GAME --app SITE (the real site) on 127.0.0.1 for
    a bounded time: the page at its APP address draws, a game starts, and
    there (127.0.0.1 is a secure origin) the service worker takes the page.
    The same table reached by a name that is not this machine's (Chromium
    maps colonial.test to 127.0.0.1: a LAN's plain http:// address) runs the
    app but may keep no offline copy: the app says where the installable
    copy is."""
    game = os.path.join(work, "game.txt")
    made = judge("new", "-o", game)
    check(made.returncode == 0, "colonial-judge new failed: " + made.stderr)
    log_path = os.path.join(OUT, "serve.log")
    with open(log_path, "w") as log:
        table = subprocess.Popen([JUDGE, "serve", game, "--port", "0", "--for", "300", "--app", SITE],
                                 stdout=log, stderr=subprocess.STDOUT)
    try:
        app = None
        end = time.time() + 60
        while app is None and time.time() < end and table.poll() is None:
            with open(log_path) as f:
                app = next((line.split()[1] for line in f if line.startswith("APP http")), None)
            time.sleep(0.1)
        check(app is not None and app.startswith("http://127.0.0.1:") and app.endswith("/app/"),
              "the judge printed no APP address: " + open(log_path).read())
        if app is None:
            return
        with open(os.path.join(work, "served.script"), "w") as f:
            f.write(SHOTS_SCRIPT)
        args = ["--save", SAVE, "--new-game", "--seed", "7", "--script", "/input/served.script", "--shots", "/shots"]
        query = urllib.parse.urlencode([("args", " ".join(args)), ("input", BASE + "input/served.script")])
        driver = browser(1024, 768)
        try:
            driver.get(app + "index.html?" + query)
            status = wait_for(driver, "return window.colonialExit;", 300)
            log = "\n".join(driver.execute_script("return window.colonialLog || [];"))
            with open(os.path.join(OUT, "secure.log"), "w") as f:
                f.write(log + "\n")
            events = parse_events(log)
            check(status == 0, "the app served by the judge exited with status %s" % status)
            check(has_event(events, "playing", {"width": "1024", "height": "768"}), "the served app drew no frame")
            check(has_event(events, "script-finished", {}), "the served app's script did not finish")
            check(keep_shots(driver, "/shots", os.path.join(OUT, "secure")) == 2, "the served app's screenshots")
            check(not has_event(events, "no-offline-copy", {}), "127.0.0.1 said it keeps no offline copy")
            worker = wait_for(driver, """const w = navigator.serviceWorker;
                                         return w && w.controller && w.controller.state === 'activated' &&
                                                w.controller.scriptURL;""", 60)
            check(worker == app + "sw.js", "no service worker of /app/ took the page: %s" % worker)
        finally:
            driver.quit()
        lan = app.replace("127.0.0.1", "colonial.test")
        driver = browser(1024, 768, flags=["--host-resolver-rules=MAP colonial.test 127.0.0.1"])
        try:
            driver.get(lan + "index.html?" + urllib.parse.urlencode([("args", "--save %s --new-game" % SAVE)]))
            check(driver.execute_script("return window.isSecureContext;") is False,
                  "http://colonial.test counts as a secure origin")
            check(wait_for_event(driver, "playing", 1, 120), "the app at a LAN address drew no frame")
            check(wait_for_event(driver, "no-offline-copy", 1, 30), "the app at a LAN address did not say where "
                  "the installable copy is")
            time.sleep(1)
            driver.save_screenshot(os.path.join(OUT, "lan.png"))
            check(driver.execute_script("return window.colonialExit;") is None, "the app at a LAN address stopped")
        finally:
            driver.quit()
    finally:
        table.terminate()
        table.wait(30)


TOUCH_SCRIPT = """wait 5
expect new-game
button Start game
expect orders
wait 10
labels
wait 300
labels
wait 300
labels
screenshot touched
quit
"""


def middles(events, round_number):
    """The board's province middles ({code: (x, y)}) the script's ROUND_NUMBER-th `labels` step printed."""
    rounds, current, seen = [], {}, set()
    for name, fields in events:
        if name != "board-middle":
            continue
        if fields["code"] in seen:
            rounds.append(current)
            current, seen = {}, set()
        seen.add(fields["code"])
        current[fields["code"]] = (int(fields["x"]), int(fields["y"]))
    rounds.append(current)
    return rounds[round_number] if round_number < len(rounds) else {}


def touches(driver, kind, points):
    """One touch event through the browser's input (CDP): POINTS [(x, y)...], one per finger."""
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
        "type": kind, "touchPoints": [{"x": x, "y": y, "id": n} for n, (x, y) in enumerate(points)]})


def gesture(driver, start, end, steps=12):
    """Fingers put down at START, moved in STEPS to END, lifted: a drag (one
    finger) or a pinch (two)."""
    touches(driver, "touchStart", start)
    for k in range(1, steps + 1):
        time.sleep(0.05)
        touches(driver, "touchMove", [(a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps)
                                      for a, b in zip(start, end)])
    time.sleep(0.05)
    touches(driver, "touchEnd", [])


def touch():
    """A tablet's fingers on the board (Chromium's touch input through CDP,
    as a touch screen sends it; the page's SDL turns it into finger events):
    two fingers spread apart zoom the board in about their middle, one
    finger drags it; the board's names (the script's `labels` steps) move
    as the fingers did. The page lets no browser gesture take the board's:
    a double tap zooms no page, nothing scrolls."""
    with open(os.path.join(work, "touch.script"), "w") as f:
        f.write(TOUCH_SCRIPT)
    driver = browser(1024, 768)
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 1024, "height": 768, "deviceScaleFactor": 1, "mobile": True})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        empty_storage(driver)
        driver.get(page_url(["--save", SAVE, "--new-game", "--seed", "7", "--companion", "--script",
                             "/input/touch.script", "--shots", "/shots"], ["touch.script"]))
        check(driver.execute_script("return navigator.maxTouchPoints;") >= 2, "the browser has no touch screen")
        check(wait_for(driver, "return document.readyState === 'complete';", 30), "the page did not load")
        provinces = None
        for n in range(60 * 5):
            provinces = middles(events_so_far(driver), 0)
            if len(provinces) > 100:
                break
            time.sleep(0.2)
        check(len(provinces) > 100, "the script's first labels step printed no board")
        count = len(provinces)
        # Two fingers 100 pixels apart about the middle, spread to 300: about three times as near.
        gesture(driver, [(462, 384), (562, 384)], [(362, 384), (662, 384)])
        wait_for(driver, "return (window.colonialLog || []).filter(l => l.startsWith('event board-middle')).length >= "
                 + str(2 * count) + ";", 60)
        # One finger dragged 80 pixels right and 60 up.
        gesture(driver, [(512, 500)], [(592, 440)])
        # A double tap (no zoom of the page) and a finger pulled down (no pull-to-refresh, no scrolling).
        for _ in range(2):
            touches(driver, "touchStart", [(900, 700)])
            touches(driver, "touchEnd", [])
            time.sleep(0.1)
        status = wait_for(driver, "return window.colonialExit;", 120)
        check(status == 0, "the touch script exited with status %s" % status)
        log = "\n".join(driver.execute_script("return window.colonialLog || [];"))
        with open(os.path.join(OUT, "touch.log"), "w") as f:
            f.write(log + "\n")
        events = parse_events(log)
        before, pinched, dragged = middles(events, 0), middles(events, 1), middles(events, 2)
        check(len(pinched) == count and len(dragged) == count, "the script's labels steps did not all print")
        if len(pinched) != count or len(dragged) != count:
            return

        def spread(at):
            xs = [p[0] for p in at.values()]
            return max(xs) - min(xs)
        ratio = spread(pinched) / max(1, spread(before))
        check(2.0 < ratio < 3.6, "the pinch zoomed the board %.2f times, not about 3" % ratio)
        # The whole board moved one way, the finger's (80 right, 60 up), by
        # most of its 100 pixels (the page's first moves of a finger are
        # partly lost: about a third in headless Chromium).
        shifts = sorted({(dragged[c][0] - pinched[c][0], dragged[c][1] - pinched[c][1]) for c in pinched})
        xs, ys = [d[0] for d in shifts], [d[1] for d in shifts]
        dx, dy = sum(xs) / len(xs), sum(ys) / len(ys)
        check(max(xs) - min(xs) <= 2 and max(ys) - min(ys) <= 2 and 50 <= (dx * dx + dy * dy) ** 0.5 <= 102
              and dx > 0 and abs(dx * 60 + dy * 80) <= 5 * 100,
              "the drag did not move the board with the finger (80, -60): %s" % shifts[:5])
        check(driver.execute_script("return window.visualViewport.scale;") == 1, "the page itself was zoomed")
        check(driver.execute_script("return [window.scrollX, window.scrollY];") == [0, 0], "the page scrolled")
        style = driver.execute_script("""const c = getComputedStyle(document.getElementById('canvas')),
                                         b = getComputedStyle(document.body);
                                         return [c.touchAction, b.overscrollBehaviorY];""")
        check(style == ["none", "none"], "the browser may take the board's gestures: %s" % style)
        keep_shots(driver, "/shots", OUT)
    finally:
        driver.quit()


KEYBOARD_SCRIPT = """wait 5
expect new-game
wait 300
screenshot typed
button name 2
text Ben
button Start game
expect handoff
wait 5
quit
"""


NAME_1_AT = (684, 622)  # the first seat's name field on the new-game screen at 1024x768


def keyboard():
    """A tablet's on-screen keyboard: a finger's tap on a text field of the
    app (the first seat's name) gives the page's input element the focus
    within the tap itself (iOS shows its keyboard only then); what that
    keyboard inserts (CDP
    Input.insertText, as an on-screen keyboard or a composition does, with
    no key events) is typed into the app's field; the focus leaves the input
    when no field is being typed in. A physical keyboard's text (the
    script's `text`) still goes in once."""
    with open(os.path.join(work, "keyboard.script"), "w") as f:
        f.write(KEYBOARD_SCRIPT)
    driver = browser(1024, 768)
    try:
        empty_storage(driver)
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        driver.get(page_url(["--save", SAVE, "--new-game", "--seed", "7", "--script", "/input/keyboard.script",
                             "--shots", "/shots"], ["keyboard.script"]))
        check(wait_for_event(driver, "playing", 1, 120), "the page drew no frame")
        time.sleep(1)
        touches(driver, "touchStart", [NAME_1_AT])
        time.sleep(0.5)
        touches(driver, "touchEnd", [])
        check(driver.execute_script("return window.colonialFocusInTap;") == 1,
              "the tap on the name field did not focus the page's input element within the tap")
        focused = wait_for(driver, "const a = document.activeElement; return a && a.id === 'colonial-text';", 30)
        check(focused, "tapping a name field did not focus the page's input element")
        driver.execute_cdp_cmd("Input.insertText", {"text": "Ada Ł"})
        check(wait_for(driver, "return document.getElementById('colonial-text').value === '';", 10),
              "the input element kept what was typed")
        status = wait_for(driver, "return window.colonialExit;", 120)
        check(status == 0, "the keyboard script exited with status %s" % status)
        check(driver.execute_script("return document.activeElement.id;") != "colonial-text",
              "the page's input element kept the focus with no field being typed in")
        log = "\n".join(driver.execute_script("return window.colonialLog || [];"))
        with open(os.path.join(OUT, "keyboard.log"), "w") as f:
            f.write(log + "\n")
        check(has_event(parse_events(log), "script-finished", {}), "the keyboard script did not finish")
        keep_shots(driver, "/shots", OUT)
        record = read_file(driver, SAVE)
        check(record is not None, "no record was saved")
        if record is not None:
            with open(os.path.join(OUT, "web.colonial"), "wb") as f:
                f.write(record)
            text = record.decode(errors="replace")
            check("Ada Ł" in text and "Ben" in text and "Ada ŁBen" not in text and "BenBen" not in text,
                  "the names typed are not the seats' names in the record:\n" + text[:600])
    finally:
        driver.quit()


def no_webgl():
    """A browser with no WebGL (Chromium with WebGL turned off): the app
    draws with SDL's software renderer to the canvas (a 2D context) and
    says so in one line."""
    with open(os.path.join(work, "nowebgl.script"), "w") as f:
        f.write("wait 5\nexpect new-game\nwait 10\nscreenshot no-webgl\nquit\n")
    driver = browser(1024, 768, flags=["--disable-webgl", "--disable-3d-apis"])
    try:
        check(driver.execute_script("return !document.createElement('canvas').getContext('webgl');"),
              "the browser still offers WebGL")
        empty_storage(driver)
        driver.get(page_url(["--save", SAVE, "--new-game", "--script", "/input/nowebgl.script", "--shots", "/shots"],
                            ["nowebgl.script"]))
        check(wait_for_event(driver, "playing", 1, 120), "the app drew no frame without WebGL")
        events = events_so_far(driver)
        check(has_event(events, "playing", {"renderer": "software", "width": "1024", "height": "768"}),
              "not drawn by the software renderer at the page's size: %s" % [e for e in events if e[0] == "playing"])
        check(has_event(events, "no-webgl", {}), "the app did not say it has no WebGL")
        time.sleep(1)
        colours = driver.execute_script("""const c = document.getElementById('canvas'), g = c.getContext('2d');
            if (!g) return 0;
            const d = g.getImageData(0, 0, c.width, c.height).data, seen = new Set();
            for (let i = 0; i < d.length; i += 4 * 97) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
            return seen.size;""")
        check(colours > 20, "the canvas shows no board (%s colours in its 2D context)" % colours)
        driver.save_screenshot(os.path.join(OUT, "no-webgl-page.png"))
        status = wait_for(driver, "return window.colonialExit;", 120)
        check(status == 0, "the app without WebGL exited with status %s" % status)
        keep_shots(driver, "/shots", OUT)
    finally:
        driver.quit()


def idb_file(driver, path, base=None):
    """The bytes IndexedDB keeps for the page's file PATH (what IDBFS wrote
    there, the saves as the next visit reads them), or None; read from a
    page of the origin that is not the app."""
    driver.get((base or BASE) + "manifest.webmanifest")
    data = driver.execute_async_script(
        """const done = arguments[arguments.length - 1], path = arguments[0];
           const r = indexedDB.open('/libsdl');
           r.onerror = () => done(null);
           r.onsuccess = () => {
             const db = r.result;
             if (!db.objectStoreNames.contains('FILE_DATA')) { db.close(); return done(null); }
             const get = db.transaction('FILE_DATA').objectStore('FILE_DATA').get(path);
             get.onsuccess = () => {
               db.close();
               const e = get.result;
               if (!e || !e.contents) return done(null);
               let s = '';
               for (let i = 0; i < e.contents.length; i += 8192)
                 s += String.fromCharCode.apply(null, e.contents.subarray(i, i + 8192));
               done(btoa(s));
             };
             get.onerror = () => { db.close(); done(null); };
           };""", path)
    return None if data is None else base64.b64decode(data)


def tabs():
    """The same app open in two tabs: the first keeps the saves; the second
    plays but writes nothing to the browser's storage and says so; the
    first tab's game is what a later visit finds. On 127.0.0.1 (a secure
    origin) by the Web Locks API; at a name that is not this machine's (a
    LAN's plain http://, colonial.test mapped to 127.0.0.1), which has no
    Web Locks, by the tabs asking each other (BroadcastChannel)."""
    def script(name, notices):
        # Each notice (this tab keeps nothing; no offline copy here) taken by its OK, then a game.
        with open(os.path.join(work, name), "w") as f:
            f.write("wait 5\nexpect new-game\nwait 10\nscreenshot notices\n" + "button OK\n" * notices +
                    "button Start game\nexpect handoff\nbutton OK\nwait 10\nquit\n")
    first, second = "first.script", "second.script"
    for where, base, locks in [("secure", BASE, True), ("lan", BASE.replace("127.0.0.1", "colonial.test"), False)]:
        driver = browser(1024, 768, flags=["--host-resolver-rules=MAP colonial.test 127.0.0.1"])
        try:
            empty_storage(driver, base)
            script(first, 0 if locks else 1)
            script(second, 1 if locks else 2)
            status, _ = play(driver, ["--save", SAVE, "--new-game", "--seed", "7", "--script", "/input/" + first],
                             [first], where + "-first-tab", base=base)
            check(status == 0, "%s: the first tab exited with status %s" % (where, status))
            check(driver.execute_script("return !!navigator.locks;") == locks,
                  "%s: Web Locks %s" % (where, "missing" if locks else "offered"))
            kept = read_file(driver, SAVE)
            check(kept is not None, "%s: the first tab saved nothing" % where)
            first_tab = driver.current_window_handle
            driver.switch_to.new_window("tab")
            driver.get(page_url(["--save", SAVE, "--new-game", "--seed", "8", "--script", "/input/" + second,
                                 "--shots", "/shots"], [second], base))
            status = wait_for(driver, "return window.colonialExit;", 300)
            check(status == 0, "%s: the second tab exited with status %s" % (where, status))
            check(driver.execute_script("return window.colonialStorageError;") == "another tab",
                  "%s: the second tab did not find the saves kept by the first" % where)
            other_game = read_file(driver, SAVE)
            check(other_game is not None and other_game != kept, "%s: the second tab played no other game" % where)
            keep_shots(driver, "/shots", os.path.join(OUT, where))
            log = "\n".join(driver.execute_script("return window.colonialLog || [];"))
            with open(os.path.join(OUT, where + "-second-tab.log"), "w") as f:
                f.write(log + "\n")
            check(driver.execute_script("return !!window.colonialSaved;") is False,
                  "%s: the second tab wrote the storage" % where)
            driver.close()
            driver.switch_to.window(first_tab)
            check(idb_file(driver, SAVE, base) == kept, "%s: the storage does not hold the first tab's game" % where)
        finally:
            driver.quit()


def newer():
    """An old cached copy of the app meeting a save written by a newer
    version (its record's version above this build's): the app says so in
    one line, saves nothing, and the save is left byte for byte as it was,
    in the page and in the browser's storage."""
    driver = browser(1024, 768)
    try:
        resume_first_visit(driver, "saved")
        record = read_file(driver, SAVE)
        check(record is not None and b"\ncolonial-record 1\n" in record, "no version 1 record was saved")
        if record is None or b"\ncolonial-record 1\n" not in record:
            return
        files = sorted(driver.execute_script("return Module.FS.readdir('/libsdl');"))
        newer_record = record.replace(b"\ncolonial-record 1\n", b"\ncolonial-record 99\n", 1) + b"a-later-line 1\n"
        saved = driver.execute_async_script(
            """const done = arguments[arguments.length - 1];
               Module.FS.writeFile(arguments[0], Uint8Array.from(atob(arguments[1]), c => c.charCodeAt(0)));
               Module.FS.syncfs(false, (e) => done(e ? String(e) : 'ok'));""",
            SAVE, base64.b64encode(newer_record).decode())
        check(saved == "ok", "the newer save could not be put in the page's storage: %s" % saved)
        with open(os.path.join(work, "newer.script"), "w") as f:
            # The notice first (its OK), then a game played in this copy.
            f.write("wait 5\nexpect new-game\nwait 10\nscreenshot newer\nbutton OK\nbutton Start game\n"
                    "expect handoff\nbutton OK\nwait 10\nquit\n")
        status, log = play(driver, ["--save", SAVE, "--script", "/input/newer.script", "--shots", "/shots"],
                           ["newer.script"], "newer")
        events = parse_events(log)
        check(status == 0, "the page meeting a newer save exited with status %s" % status)
        check(has_event(events, "record-newer", {"file": SAVE}), "the app did not say the save is newer")
        check(not has_event(events, "resumed", {}) and not has_event(events, "record-damaged", {}),
              "the newer save was read or taken for a damaged one")
        check(read_file(driver, SAVE) == newer_record, "the newer save was changed in the page")
        names = sorted(driver.execute_script("return Module.FS.readdir('/libsdl');"))
        check(names == files, "the files beside the newer save changed: %s, then %s" % (files, names))
        keep_shots(driver, "/shots", OUT)
        check(idb_file(driver, SAVE) == newer_record, "the newer save was changed in the browser's storage")
    finally:
        driver.quit()


SHOTS_SCRIPT = """wait 5
expect new-game
screenshot new-game
button Start game
expect handoff
button OK
expect handoff
button Reveal
expect orders
place HON
screenshot orders
quit
"""


def shots():
    with open(os.path.join(work, "shots.script"), "w") as f:
        f.write(SHOTS_SCRIPT)
    for width, height in [(1024, 768), (768, 1024), (390, 844)]:
        driver = browser(width, height)
        try:
            empty_storage(driver)
            size = driver.execute_script("return [window.innerWidth, window.innerHeight];")
            check(size == [width, height], "%dx%d: the page is %s" % (width, height, size))
            status, log = play(driver, ["--save", SAVE, "--new-game", "--seed", "7", "--script",
                                        "/input/shots.script", "--shots", "/shots"], ["shots.script"],
                               "%dx%d" % (width, height))
            check(status == 0, "%dx%d: exited with status %s" % (width, height, status))
            check(has_event(parse_events(log), "playing", {"width": str(size[0]), "height": str(size[1])}),
                  "%dx%d: not drawn at the page's size %s" % (width, height, size))
            for name in driver.execute_script("return Module.FS.readdir('/shots');"):
                if name.endswith(".png"):
                    with open(os.path.join(OUT, "%dx%d-%s" % (width, height, name)), "wb") as f:
                        f.write(read_file(driver, "/shots/" + name))
            driver.save_screenshot(os.path.join(OUT, "%dx%d-page.png" % (width, height)))
        finally:
            driver.quit()


# Marks the page's log lines of the computer's decisions with the page's
# clock, and keeps the page's long tasks (over 50 ms on its thread), so that
# the longest while the computer decided can be printed (a figure, not a
# check: this machine's load decides it).
WATCH_COMPUTER = """
window.colonialMarks = [];
window.colonialLongTasks = [];
const pageLog = console.log.bind(console);
console.log = function (text) {
  if (typeof text === 'string' && text.startsWith('event computer-'))
    window.colonialMarks.push([text.split(' ')[1], performance.now()]);
  pageLog.apply(console, arguments);
};
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.colonialLongTasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
"""


def computer():
    for where in ("worker", "page"):
        computer_decides(where)


def computer_decides(where):
    """The computer case with the decisions in the worker, or on the page
    when the worker's script is missing from the folder (a fresh profile:
    the service worker keeps the first run's copy)."""
    if where == "page":
        missing.add("colonial_bot.js")
        shutil.rmtree(os.path.join(work, "chrome"), ignore_errors=True)
    driver = browser(1280, 800)
    try:
        (script,), expected, case = read_case("computer")
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH_COMPUTER})
        empty_storage(driver)
        status, log = play(driver, ["--save", SAVE, "--new-game", "--seed", "7", "--script", "/input/" + script],
                           [script], "computer-" + where)
        events = parse_events(log)
        check(status == 0, "%s: the web app exited with status %s" % (where, status))
        expect_events(case, events)
        deciding = [e for e in events if e[0] == "computer-deciding"]
        check(len(deciding) == 2 and all(e[1].get("where") == where for e in deciding),
              "the computer did not decide in the %s: %s" % (where, deciding))
        marks = driver.execute_script("return window.colonialMarks || [];")
        tasks = driver.execute_script("return window.colonialLongTasks || [];")
        windows, began = [], None
        for name, at in marks:
            if name == "computer-deciding":
                began = at
            elif name == "computer-orders" and began is not None:
                windows.append((began, at))
                began = None
        during = [d for start, d in tasks if any(a <= start + d and start <= b for a, b in windows)]
        print("the computer's decisions: %s ms in the %s; the page's longest task meanwhile %d ms "
              "(%d over 100 ms)" % (", ".join("%d" % (b - a) for a, b in windows), where, max(during, default=0),
                                    sum(1 for d in during if d > 100)), flush=True)
        check_record(driver, "computer-%s.colonial" % where, expected)
    finally:
        missing.clear()
        driver.quit()


def bench():
    driver = browser(1280, 800)
    try:
        driver.get(BASE + "manifest.webmanifest")  # a page of the site's origin, not the app
        driver.set_script_timeout(120)
        # Emscripten's worker protocol (emscripten_call_worker): the function's
        # name, a callback id and the bytes; the reply's bytes come back.
        reply = driver.execute_async_script(
            """const done = arguments[arguments.length - 1];
               const worker = new Worker('colonial_bot.js');
               worker.onerror = (e) => done('error: ' + e.message);
               worker.onmessage = (m) => {
                 if (m.data.callbackId !== 1) return;
                 const b = m.data.data ? new Uint8Array(m.data.data) : null;
                 done(b ? Array.from(b) : 'no data');
               };
               const budget = new Float64Array([arguments[0]]);
               worker.postMessage({funcName: 'colonial_bot_bench', callbackId: 1,
                                   data: new Uint8Array(budget.buffer)});""", 3.0)
        check(isinstance(reply, list), "the worker's bench did not answer: %s" % reply)
        if not isinstance(reply, list):
            return
        # BotBenchReply: u32 format, int games, then doubles at 8-byte
        # alignment, the samples' count last.
        fmt, games, seconds, median, phases, hard_median, hard_min, samples = struct.unpack(
            "<Ii5di", bytes(reply)[:struct.calcsize("<Ii5di")])
        check(games > 0 and samples == 5, "the worker's bench reply: %s games, %s samples" % (games, samples))
        native = judge("bench")
        check(native.returncode == 0, "colonial-judge bench failed: " + native.stderr)
        native_games = re.search(r"Colonial:\s+\d+ games in [\d.]+ s: ([\d.]+) games/s \(median of \d+ windows? "
                                 r"([\d.]+)", native.stdout)
        native_hard = re.search(r"decision, Colonial 1870, Britain: median (\d+) ms of \d+ \(min (\d+)\)",
                                native.stdout)
        check(native_games is not None and native_hard is not None, "colonial-judge bench's figures: " + native.stdout)
        if native_games and native_hard:
            rate = games / seconds
            print("random Colonial games: the page's worker %.1f games/s (median of ten windows %.1f), native %s "
                  "(median %s): the browser at %.0f%% of native; %.0f phases a game" %
                  (rate, median, native_games.group(1), native_games.group(2),
                   100 * median / float(native_games.group(2)), phases), flush=True)
            print("a hard decision, Colonial 1870, Britain: the page's worker median %.0f ms (min %.0f) of 5, "
                  "native median %s ms (min %s)" % (hard_median, hard_min, native_hard.group(1), native_hard.group(2)),
                  flush=True)
    finally:
        driver.quit()


{"first_turn": first_turn, "companion": companion, "pad": pad, "resume": resume, "shots": shots, "languages": languages,
 "records": records, "served": served, "touch": touch, "keyboard": keyboard, "no_webgl": no_webgl, "tabs": tabs,
 "newer": newer, "computer": computer, "bench": bench,
 "offline": offline}[CASE]()
server.shutdown()
shutil.rmtree(work, ignore_errors=True)
if failures:
    print("%d failure(s)" % len(failures))
    sys.exit(1)
print("web %s: passed" % CASE)
