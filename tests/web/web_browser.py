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

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Files, directory=SITE))
threading.Thread(target=server.serve_forever, daemon=True).start()
BASE = "http://127.0.0.1:%d/" % server.server_address[1]


def browser(width, height, language="en"):
    """Headless Chromium whose language (navigator.language) is LANGUAGE."""
    o = Options()
    for a in ["--headless", "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
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


def empty_storage(driver):
    """Empties the origin's saves (IndexedDB) and waits until that is done: a
    page of the origin that is not the app (which would hold the database
    open), so the next page never opens it while it is being deleted."""
    driver.get(BASE + "manifest.webmanifest")
    outcome = driver.execute_async_script(
        """const done = arguments[arguments.length - 1];
           const r = indexedDB.deleteDatabase('/libsdl');
           r.onsuccess = () => done('deleted'); r.onerror = () => done('error'); r.onblocked = () => done('blocked');""")
    check(outcome == "deleted", "the page's storage could not be emptied: " + str(outcome))


def page_url(args, inputs=()):
    query = [("args", " ".join(args))] + [("input", "/input/" + name) for name in inputs]
    return BASE + "index.html?" + urllib.parse.urlencode(query)


def wait_for(driver, script, seconds):
    end = time.time() + seconds
    while time.time() < end:
        value = driver.execute_script(script)
        if value is not None and value is not False:
            return value
        time.sleep(0.2)
    return None


def play(driver, args, inputs, name, seconds=600):
    """Loads the page with ARGS, waits for the program to exit; its log and status."""
    driver.get(page_url(args, inputs))
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


def first_turn():
    driver = browser(1280, 800)
    try:
        (script,), expected = case_runs("first_turn")
        args = ["--save", SAVE, "--new-game", "--seed", "7", "--script", "/input/" + script, "--shots", "/shots"]
        empty_storage(driver)
        status, log = play(driver, args, [script], "web")
        events = parse_events(log)
        check(status == 0, "the web app exited with status %s" % status)
        check(has_event(events, "script-finished", {}), "the script did not finish")
        check(has_event(events, "playing", {"width": "1280", "height": "800"}), "the page was not drawn at 1280x800")
        check(keep_shots(driver, "/shots", os.path.join(OUT, "web")) >= 10, "the script's screenshots are missing")
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
            env = dict(os.environ, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy", XDG_CACHE_HOME=os.path.join(work, "cache"))
            run = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", NATIVE, "--save", native_record,
                                  "--new-game", "--seed", "7", "--script", os.path.join(work, script),
                                  "--shots", shots], env=env, capture_output=True, text=True, timeout=600)
            check(run.returncode == 0, "the native app failed: " + run.stdout + run.stderr)
            native = open(native_record, "rb").read() if os.path.exists(native_record) else b""
            check(native == record, "the web and native records differ:\n%s\n---\n%s" %
                  (record.decode(errors="replace"), native.decode(errors="replace")))
    finally:
        driver.quit()


def resume():
    driver = browser(1280, 800)
    try:
        empty_storage(driver)
        (first, second), expected = case_runs("resume")
        status, log = play(driver, ["--save", SAVE, "--new-game", "--seed", "7", "--script", "/input/" + first],
                           [first], "first")
        events = parse_events(log)
        check(status == 0, "the first visit exited with status %s" % status)
        check(has_event(events, "quit-by-player", {}) or has_event(events, "script-finished", {}),
              "the first visit's script did not end")
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
        empty_storage(driver)
        (first, _), _ = case_runs("resume")
        status, log = play(driver, ["--save", SAVE, "--new-game", "--seed", "7", "--script", "/input/" + first],
                           [first], "online")
        check(status == 0, "the visit exited with status %s" % status)
        check(has_event(parse_events(log), "quit-by-player", {}), "the visit's script did not end")
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


{"first_turn": first_turn, "resume": resume, "shots": shots, "languages": languages,
 "records": records, "computer": computer, "bench": bench,
 "offline": offline}[CASE]()
server.shutdown()
shutil.rmtree(work, ignore_errors=True)
if failures:
    print("%d failure(s)" % len(failures))
    sys.exit(1)
print("web %s: passed" % CASE)
