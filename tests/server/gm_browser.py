#!/usr/bin/python3
"""The game master's tablet in a real browser (Debian's chromium, headless,
driven by python3-selenium) at a tablet's size with touch events, on
127.0.0.1 only. The table is `colonial-judge serve`, or the app itself under
Xvfb (--app: its script waits for each screen the tablet brings about and
takes its picture, so the app's screen is seen to follow).

The tablet, as a game master uses it: Britain's and China's orders tapped on
the board, China marked done, an order sheet pasted with a mistake (its
"did you mean"), the good lines accepted, the phase timer stopped, run and
reset, the board pinched larger, the phase played (the question answered),
the results read, the history looked at, the phase rolled back (asked
first), and played again from a tablet held upright. A tablet that asks for
French first gets the page, its scripts' words and the server's replies in
French (a power's name and a reply joined by a French colon). Its first load must
stay under 400 KB and its polls under 8 KB.

usage: gm_browser.py OUT_DIR --judge JUDGE
       gm_browser.py OUT_DIR --app COLONIAL JUDGE SCRIPT
       gm_browser.py OUT_DIR (--judge JUDGE | --app COLONIAL JUDGE) --bench N
--bench N, a benchmark rather than a test: N phases played from the tablet
(every power marked done first), and how long each took from the tap on Play
to the results drawn on the tablet (min, median, max); the app runs without
a script, idle between requests as at a table.
"""
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium.webdriver.common.by import By

from browser_shared import chrome, wait_for

OUT = sys.argv[1]
MODE = sys.argv[2]
args = sys.argv[3:]
BENCH = 0
if "--bench" in args:
    BENCH = int(args[args.index("--bench") + 1])
    args = args[:args.index("--bench")]
os.makedirs(OUT, exist_ok=True)
work = tempfile.mkdtemp(prefix="colonial-gm-")
game = os.path.join(work, "game.colonial")
failures = []
drivers = []
host = None


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what, flush=True)
    return ok


def http(method, url, body=None, headers=None):
    data = body.encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def wait_line(path, pattern, seconds=30):
    """The first group of the first line of the file at `path` like `pattern`."""
    end = time.time() + seconds
    while time.time() < end:
        with open(path) as f:
            for line in f:
                m = re.match(pattern, line.strip())
                if m:
                    return m.group(1)
        if host.poll() is not None:
            break
        time.sleep(0.1)
    with open(path) as f:
        raise SystemExit("no line like %r in %s:\n%s" % (pattern, path, f.read()[-2000:]))


def start_table():
    """The judge or the app, serving a game whose movement phases have a timer."""
    global host
    judge = args[0] if MODE == "--judge" else args[1]
    subprocess.run([judge, "new", "-o", game, "--timer", "movement=900"], check=True, stdout=subprocess.DEVNULL)
    log = os.path.join(OUT, "host-log.txt")
    with open(log, "w") as out:
        if MODE == "--judge":
            host = subprocess.Popen([judge, "serve", game, "--port", "0", "--for", "600"], stdout=out,
                                    stderr=subprocess.STDOUT)
            return wait_line(log, r"^GM (http://127\.0\.0\.1:\d+/gm/\w+/)$")
        colonial = args[0]
        script = ["--script", args[2], "--shots", OUT] if not BENCH else []
        # A session of its own: xvfb-run, its X server and the app end together.
        # SDL's software renderer: the app draws every frame while the
        # browser works, and Mesa's llvmpipe would take a core from it.
        host = subprocess.Popen(["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", colonial, "--companion", "--save",
                                 game, "--phones", "--phones-listen", "127.0.0.1"] + script,
                                stdout=out, stderr=subprocess.STDOUT,
                                env=dict(os.environ, SDL_VIDEODRIVER="x11", SDL_RENDER_DRIVER="software"),
                                start_new_session=True)
    return wait_line(log, r"^event gm-seat url=(http://127\.0\.0\.1:\d+/gm/\w+/)$", 60)


def app_shot(name, seconds=60):
    """In --app mode: waits until the app's script has taken this picture
    (it takes it when its screen shows what the tablet asked for)."""
    if MODE != "--app":
        return
    path = os.path.join(OUT, name + ".png")
    end = time.time() + seconds
    while time.time() < end and not os.path.exists(path):
        if host.poll() is not None:
            break
        time.sleep(0.1)
    check(os.path.exists(path), "the app never showed " + name)


def browser(width, height, language=None):
    d = chrome(os.path.join(work, "chrome-%dx%d%s" % (width, height, language or "")), language,
               device={"width": width, "height": height, "pixelRatio": 2.0, "touch": True},
               user_agent="Mozilla/5.0 (Linux; Android 14; Tablet) AppleWebKit/537.36 (KHTML, like Gecko) "
                          "Chrome/120.0 Safari/537.36", console=True)
    drivers.append(d)
    return d




def touch_at(d, x, y):
    """A finger's tap: touch events (the page sees no mouse)."""
    d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    time.sleep(0.15)


def tap(d, css):
    el = d.find_element(By.CSS_SELECTOR, css)
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
    r = d.execute_script("const b = arguments[0].getBoundingClientRect(); return [b.left + b.width / 2, "
                         "b.top + b.height / 2, b.width, b.height]", el)
    check(r[2] >= 44 and r[3] >= 44, "%s is smaller than a finger: %dx%d" % (css, r[2], r[3]))
    touch_at(d, r[0], r[1])


def tap_province(d, code):
    """Scrolls the board to the province and taps its middle."""
    at = d.execute_script(
        "const j = arguments[0]; const b = ColonialBoard.art.json;"
        "const p = b.provinces.find(p => p.code === j).point;"
        "const box = document.getElementById('board-scroll'), cv = document.getElementById('board');"
        "const k = cv.clientWidth / b.width;"
        "box.scrollLeft = p[0] * k - box.clientWidth / 2; box.scrollTop = p[1] * k - box.clientHeight / 2;"
        "const c = cv.getBoundingClientRect(); return [c.left + p[0] * k, c.top + p[1] * k];", code)
    touch_at(d, at[0], at[1])


def text(d, id_):
    return d.find_element(By.ID, id_).text


def state(d):
    return json.loads(d.execute_script(
        "return fetch('state', {cache: 'no-store'}).then(r => r.text())"))


def shot(d, name):
    d.save_screenshot(os.path.join(OUT, name + ".png"))


def first_load(d, url):
    d.get(url)
    check(wait_for(d, "return document.querySelectorAll('#powers button').length === 7 && "
                      "document.getElementById('board').width > 0", 20), "the page did not show the table")
    time.sleep(0.5)
    # As sent (compressed where the server compresses) and as read: the
    # limit holds for the larger, whatever the network does.
    sent, read = d.execute_script(
        "const e = performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'));"
        "return [e.reduce((s, x) => s + (x.encodedBodySize || 0), 0), e.reduce((s, x) => s + (x.decodedBodySize || 0), 0)]")
    print("gm_browser: first load %.1f KB sent, %.1f KB read" % (sent / 1024, read / 1024), flush=True)
    check(0 < read <= 400 * 1024, "the first load is %d bytes (400 KB at most)" % read)


def orders_by_tapping(d, url):
    check("Britain" in text(d, "power-name"), "Britain is not the first power: " + text(d, "power-name"))
    tap_province(d, "del")
    check("goes" in text(d, "hint"), "tapping del did not take Britain's army: " + text(d, "hint"))
    shot(d, "gm-land-1-selected")
    tap_province(d, "pun")
    check(wait_for(d, "return document.getElementById('message').textContent.includes('saved')"),
          "Britain's order was not saved: " + text(d, "message"))
    check("A del - pun" in http("GET", url + "orders?power=Britain")[1], "the table lacks Britain's order")
    check(wait_for(d, "return document.getElementById('power-task').textContent === '1 of 6 units ordered'"),
          "Britain's phase line says " + text(d, "power-task"))
    tap(d, "#powers button[data-power=China]")
    check(wait_for(d, "return document.getElementById('power-name').textContent === 'China'"), "China not chosen")
    tap_province(d, "can")
    tap_province(d, "ton")
    check(wait_for(d, "return document.getElementById('orders').value.includes('A can - ton')"),
          "China's order is not in its box")
    check("A can - ton" in http("GET", url + "orders?power=China")[1], "the table lacks China's order")
    tap(d, "#done")
    check(wait_for(d, "return document.querySelector('#powers button[data-power=China]').className.includes('done')"),
          "China is not marked done")
    shot(d, "gm-land-2-orders")


def sheet_with_a_mistake(d, url):
    tap(d, "#open-sheet")
    d.execute_script(
        "const s = document.getElementById('sheet');"
        "s.value = 'France: A TON H\\nChnia: A PEK - SHA\\nRussia: A MOS H\\n';"
        "s.dispatchEvent(new Event('input'));")  # as a paste
    check(wait_for(d, "return document.querySelectorAll('#sheet-lines li').length === 3"), "the lines were not read")
    bad = d.find_element(By.CSS_SELECTOR, "#sheet-lines li.bad").text
    check("line 2" in bad and "did you mean China" in bad, "the bad line says: " + bad)
    check("Accept the good lines (2), leave out the bad" in text(d, "sheet-accept"),
          "accept says: " + text(d, "sheet-accept"))
    shot(d, "gm-land-3-sheet")
    tap(d, "#sheet-accept")
    check(wait_for(d, "return document.getElementById('message').textContent.includes('Orders taken for France, "
                      "Russia')"), "the sheet was not taken: " + text(d, "message"))
    check("A ton H" in http("GET", url + "orders?power=France")[1], "the table lacks France's order")
    s = state(d)
    check(s["powers"][2]["done"] and s["powers"][5]["done"], "France and Russia are not done")


def timer(d):
    check(d.find_element(By.ID, "clock").is_displayed(), "no clock on the page")
    tap(d, "#clock-pause")
    check(wait_for(d, "return document.getElementById('clock-start').disabled === false"), "the clock did not stop")
    check(not state(d)["timer"]["running"], "the table's clock runs")
    shot(d, "gm-land-4-clock-stopped")
    tap(d, "#clock-reset")
    check(wait_for(d, "return document.getElementById('clock-time').textContent === '15:00'"), "no reset")
    tap(d, "#clock-start")
    check(wait_for(d, "return document.getElementById('clock-pause').disabled === false"), "the clock did not run")
    check(state(d)["timer"]["running"], "the table's clock is stopped")


def pinch(d, spread):
    box = d.execute_script("const b = document.getElementById('board-scroll').getBoundingClientRect();"
                           "return [b.left + b.width / 2, b.top + b.height / 2]")
    cx, cy = box
    points = lambda gap: [{"x": cx - gap, "y": cy, "id": 1}, {"x": cx + gap, "y": cy, "id": 2}]
    d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(60)})
    for i in range(1, 11):
        d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points(60 + spread * i / 10)})
    d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    time.sleep(0.3)


def zoom(d):
    before = d.execute_script("return document.getElementById('board').clientWidth")
    pinch(d, 90)
    after = d.execute_script("return document.getElementById('board').clientWidth")
    check(after > before * 1.5, "pinching did not zoom the board: %d to %d" % (before, after))
    check(d.execute_script("return window.visualViewport.scale") == 1, "the page zoomed, not the board")
    shot(d, "gm-land-5-zoomed")
    pinch(d, -50)


def play_and_results(d):
    tap(d, "#play")
    check(wait_for(d, "return !document.getElementById('ask').hidden"), "no question before playing")
    question = text(d, "ask-text")
    check("Adjudicate now?" in question and "Not done: Britain, Holland, Japan, Turkey." in question,
          "the question: " + question)
    shot(d, "gm-land-6-question")
    tap(d, "#ask-yes")
    check(wait_for(d, "return document.getElementById('results-title').textContent === 'Results: 1870 Movement'", 15),
          "no results on the tablet")
    listed = text(d, "results-list")
    check("Punjab" in listed and "Delhi" in listed, "the results do not say Britain moved: " + listed[:300])
    shot(d, "gm-land-7-results")
    app_shot("gm-app-2-results")
    french_results(d.current_url)


def french_results(url):
    """The results on a French tablet beside the English one: the title, the
    powers and the sentences in French, none of them in English."""
    d = browser(1024, 768, "fr")
    d.get(url)  # the results, not the powers' orders: first_load's table is not shown
    check(wait_for(d, "return document.getElementById('results-title').textContent === "
                      "'R\u00e9sultats : 1870, mouvements'", 15),
          "French: the results are called " + text(d, "results-title"))
    listed = text(d, "results-list")
    check("L'armée britannique a quitté Delhi pour Punjab." in listed, "French: the results say " + listed[:300])
    check("Grande-Bretagne" in listed and "Britain" not in listed and "moved" not in listed and
          "no order" not in listed, "French: English in the results: " + listed[:300])
    shot(d, "gm-land-fr-results")
    d.quit()
    drivers.remove(d)


def history_and_rollback(d, url):
    tap(d, "#next")
    check(wait_for(d, "return !document.getElementById('orders-view').hidden && "
                      "document.getElementById('phase').textContent === '1872 Movement'"), "not on to 1872")
    tap(d, "#open-history")
    check(wait_for(d, "return document.getElementById('where').textContent === 'phase 1 of 1'"), "no history")
    shot(d, "gm-land-8-history")
    app_shot("gm-app-3-history")
    tap(d, "#close-history")
    check(wait_for(d, "return !document.getElementById('orders-view').hidden"), "the history did not close")
    app_shot("gm-app-4-orders-again")
    tap(d, "#rollback")
    check(wait_for(d, "return !document.getElementById('ask').hidden"), "no question before rolling back")
    check("Play 1870 Movement again?" in text(d, "ask-text"), "the rollback question: " + text(d, "ask-text"))
    shot(d, "gm-land-9-rollback-question")
    tap(d, "#ask-yes")
    check(wait_for(d, "return document.getElementById('phase').textContent === '1870 Movement'"), "not rolled back")
    check(wait_for(d, "return document.getElementById('orders').value.includes('A del - pun')"),
          "Britain's orders did not come back: " + d.find_element(By.ID, "orders").get_attribute("value"))
    s = state(d)
    check(s["branches"] == 1 and s["history"] == 0, "no branch kept: %s" % {k: s[k] for k in ("branches", "history")})


def upright(url):
    d = browser(768, 1024)
    d.get(url)
    check(wait_for(d, "return document.querySelectorAll('#powers button').length === 7", 20), "upright: no table")
    time.sleep(0.5)
    shot(d, "gm-port-1-orders")
    tap(d, "#play")
    check(wait_for(d, "return !document.getElementById('ask').hidden"), "upright: no question")
    tap(d, "#ask-yes")
    check(wait_for(d, "return document.getElementById('results-title').textContent === 'Results: 1870 Movement'", 15),
          "upright: no results")
    shot(d, "gm-port-2-results")
    app_shot("gm-app-5-played-again")
    if MODE == "--app":
        # The other way: the game master goes on at the table's screen, and
        # the tablet follows; then opens the history for the app to see.
        check(wait_for(d, "return !document.getElementById('orders-view').hidden && "
                          "document.getElementById('phase').textContent === '1872 Movement'", 15),
              "the tablet did not follow the app on to 1872")
        shot(d, "gm-port-3-followed-the-app")
        tap(d, "#open-history")
        app_shot("gm-app-7-history-again")
    return d


def polls_small(d):
    sizes = d.execute_script("return performance.getEntriesByType('resource').filter(e => e.name.includes('/state'))"
                             ".map(e => e.decodedBodySize)")
    print("gm_browser: %d polls, largest %d bytes, median %d" % (len(sizes), max(sizes), statistics.median(sizes)),
          flush=True)
    check(sizes and max(sizes) <= 8 * 1024, "a poll of %d bytes (8 KB at most)" % max(sizes))


def no_errors(d, who):
    # A play answered with its question (409) is the browser's "error" too.
    errors = [e for e in d.get_log("browser") if e["level"] == "SEVERE" and not re.search(r"/play - .* 409", e["message"])]
    check(not errors, who + ": browser errors: %s" % errors)


def bench(d, url, n):
    """n phases played from the tablet: from the tap that plays the phase (the
    question's Adjudicate: some powers are never done here) to its results
    drawn on the tablet."""
    times = []
    for i in range(n):
        s = state(d)
        if s["screen"] == "results":
            http("POST", url + "next", "next", {"X-Colonial-Serial": str(s["serial"])})
        check(wait_for(d, "return !document.getElementById('orders-view').hidden && "
                          "!document.getElementById('play').disabled"), "bench: no orders screen")
        d.execute_script("document.getElementById('play').click()")
        check(wait_for(d, "return !document.getElementById('ask').hidden"), "bench: no question")
        got = d.execute_async_script(
            "const want = arguments[0], done = arguments[1]; const t0 = performance.now();"
            "const seen = (e) => { if (e.detail.index !== want) return;"
            "  document.removeEventListener('gm-results', seen); done([performance.now() - t0, e.detail.index]); };"
            "document.addEventListener('gm-results', seen);"
            "document.getElementById('ask-yes').click();", s["history"])
        check(got[1] == s["history"], "bench: the results of phase %d, not %d" % (got[1], s["history"]))
        times.append(got[0])
    times.sort()
    print("gm_browser: play to results on the tablet, %d phases: min %.1f ms, median %.1f ms, max %.1f ms"
          % (n, times[0], statistics.median(times), times[-1]), flush=True)


def french(url):
    """A tablet that asks for French: the page's words, its scripts' and the
    server's replies in French; nothing it does here changes the table."""
    d = browser(1024, 768, "fr")
    first_load(d, url)
    check(d.execute_script("return document.documentElement.lang") == "fr", "French: the page is not lang=fr")
    check(text(d, "play") == "Jouer la phase", "French: the play button says " + text(d, "play"))
    check(text(d, "open-sheet") == "Feuille d'ordres", "French: the sheet button says " + text(d, "open-sheet"))
    check(text(d, "power-badge") == "pas terminé", "French: Britain's badge says " + text(d, "power-badge"))
    check(text(d, "power-note").startswith("unités : "), "French: the power's note says " + text(d, "power-note"))
    check(text(d, "power-task").startswith("Ordres donnés : "), "French: the phase line says " + text(d, "power-task"))
    # The phase and the powers as the French read them (the API keeps the board's names).
    check(text(d, "phase") == "1870, mouvements", "French: the phase says " + text(d, "phase"))
    check(text(d, "power-name") == "Grande-Bretagne", "French: the power is called " + text(d, "power-name"))
    named = d.execute_script("return [...document.querySelectorAll('#powers button .name')].map(n => n.textContent)")
    check(named == ["Grande-Bretagne", "Chine", "France", "Hollande", "Japon", "Russie", "Turquie"],
          "French: the powers are called %s" % named)
    d.find_element(By.ID, "orders").clear()
    d.find_element(By.ID, "orders").send_keys("A DEL - NOWHERE")
    tap(d, "#save")
    said = wait_for(d, "const m = document.getElementById('message'); return m.className === 'error' && m.textContent")
    check(said and said.startswith("ligne 1 : ") and "rien n'a été enregistré" in said, "French: saving says %r" % said)
    # Britain's orders cleared (it had none): the power, then what the table
    # said, joined by a French colon.
    tap(d, "#clear")
    said = wait_for(d, "const m = document.getElementById('message'); return m.className === 'ok' && m.textContent")
    check(said == "Grande-Bretagne : tous les ordres sont retirés : vos unités tiendront",
          "French: clearing says %r" % said)
    tap(d, "#open-sheet")
    d.execute_script(
        "const s = document.getElementById('sheet');"
        "s.value = 'France: A TON H\\nChnia: A PEK - SHA\\n';"
        "s.dispatchEvent(new Event('input'));")
    check(wait_for(d, "return document.querySelectorAll('#sheet-lines li').length === 2"), "French: no lines read")
    bad = d.find_element(By.CSS_SELECTOR, "#sheet-lines li.bad").text
    check(bad.startswith("ligne 2 : "), "French: the bad line says " + bad)
    check(text(d, "sheet-accept") == "Accepter les bonnes lignes (1), laisser les mauvaises",
          "French: accept says " + text(d, "sheet-accept"))
    shot(d, "gm-land-fr")
    tap(d, "#sheet-cancel")
    # The refused orders' 400 is the browser's network log; scripts must not fail.
    errors = [e for e in d.get_log("browser") if e["level"] == "SEVERE" and e.get("source") != "network"]
    check(not errors, "French: browser errors: %s" % errors)
    d.quit()
    drivers.remove(d)
    check("A del" not in http("GET", url + "orders?power=Britain")[1], "French: Britain's orders changed")


def test(url):
    app_shot("gm-app-1-table")
    french(url)
    d = browser(1024, 768)
    first_load(d, url)
    shot(d, "gm-land-0-start")
    orders_by_tapping(d, url)
    sheet_with_a_mistake(d, url)
    timer(d)
    zoom(d)
    play_and_results(d)
    history_and_rollback(d, url)
    polls_small(d)
    no_errors(d, "landscape")
    d2 = upright(url)
    no_errors(d2, "upright")


try:
    url = start_table()
    if BENCH:
        d = browser(1024, 768)
        first_load(d, url)
        bench(d, url, BENCH)
    else:
        test(url)
finally:
    for d in drivers:
        d.quit()
    if host:
        if MODE == "--app":
            try:
                if BENCH:
                    os.killpg(host.pid, signal.SIGTERM)  # the app saves and leaves
                host.wait(60)  # the script quits when it has seen the last screen
            except subprocess.TimeoutExpired:
                pass
            with open(os.path.join(OUT, "host-log.txt")) as f:
                check(host.returncode == 0 or BENCH, "the app ended with %s: %s" % (host.returncode, f.read()[-1500:]))
            if host.poll() is None:
                os.killpg(host.pid, signal.SIGKILL)
        if host.poll() is None:
            host.terminate()
        host.wait(10)

if MODE == "--app" and not failures and not BENCH:
    judge = args[1]
    check(subprocess.run([judge, "verify", game], stdout=subprocess.DEVNULL).returncode == 0,
          "the app's record does not verify")
    out = subprocess.run([judge, "branches", game], stdout=subprocess.PIPE, text=True).stdout
    check(out.startswith("1: left at 1870 Movement"), "the app's record has no branch: " + out)
shutil.rmtree(work, ignore_errors=True)
if failures:
    print("gm_browser: %d failure(s)" % len(failures))
    sys.exit(1)
if not BENCH:
    print("gm_browser: the tablet gave orders by taps and a sheet, ran the clock, played, read the results and the "
          "history, rolled back and played again" + (" (the app followed)" if MODE == "--app" else ""))
