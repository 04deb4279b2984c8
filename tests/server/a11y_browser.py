#!/usr/bin/python3
"""The phones' order pad and the game master's tablet for a screen reader
and a keyboard, in a real browser (Debian's chromium, headless, driven by
python3-selenium), against `colonial-judge serve` on 127.0.0.1.

axe-core (vendored in tests/third_party/axe-core: Debian has no package of
it) is injected into the pad (360x640) and the tablet (1024x768) in a
movement phase, a retreat phase and an adjustment phase (set up with
`colonial-judge edit`), and into the pad without the board's art (the list
of orders by unit is then the way in); any violation fails, printed. Then
Russia's player hands in all five orders with Tab, the arrow keys and
Enter alone - no click, no tap - says Done, and the table has them.

usage: a11y_browser.py JUDGE AXE_JS OUT_DIR     (screenshots go to OUT_DIR)
"""
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_shared import chrome, wait_for

JUDGE, AXE, OUT = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(OUT, exist_ok=True)
work = tempfile.mkdtemp(prefix="colonial-a11y-")
game = os.path.join(work, "game.colonial")
failures = []
drivers = []
server = None
with open(AXE) as f:
    axe_source = f.read()


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what, flush=True)
    return ok


def http(method, url, body=None):
    data = body.encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method)
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def serve():
    """The judge serving the game: each power's URL and the game master's
    (the seats file keeps them from one start to the next)."""
    global server
    server = subprocess.Popen([JUDGE, "serve", game, "--port", "0", "--for", "300"], stdout=subprocess.PIPE, text=True)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in server.stdout], daemon=True).start()
    urls = {}
    deadline = time.time() + 10
    # A line per power still playing, then the game master's.
    while "GM" not in urls and time.time() < deadline:
        try:
            line = lines.get(timeout=1)
        except queue.Empty:
            continue
        m = re.match(r"^(\w+) (http://127\.0\.0\.1:\d+/(?:s|gm)/\w+/)$", line.strip())
        if m:
            urls[m.group(1)] = m.group(2)
    assert "GM" in urls and "Russia" in urls, "the server printed no URLs: %s" % urls
    return urls


def stop():
    server.terminate()
    server.wait(10)


def edit(position):
    """The game master's correction of the position (the server stopped)."""
    r = subprocess.run([JUDGE, "edit", game, "-"], input=position, text=True, capture_output=True)
    assert r.returncode == 0, "edit refused: " + r.stdout + r.stderr


def browser(name, width, height, mobile, language=None):
    d = chrome(os.path.join(work, "chrome-" + name), language,
               device={"width": width, "height": height, "pixelRatio": 2.0} if mobile else None,
               window=(width, height))
    drivers.append(d)
    return d




def axe(d, what):
    """axe-core's every rule on the page as it is: each violation printed."""
    d.execute_script(axe_source)
    found = d.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const failed = (e) => ({passes: 0, version: "?",
                                violations: [{id: "axe-error", impact: "critical", help: String(e), nodes: []}]});
        axe.run(document).then((r) => done({
          passes: r.passes.length,
          version: r.testEngine.version,
          violations: r.violations.map((v) => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map((n) => n.target.join(" ") + ": " + n.failureSummary),
          })),
        }), (e) => done(failed(e)));""")
    violations = found["violations"]
    print("axe %s %s: %d rules passed, %d violated" % (found["version"], what, found["passes"], len(violations)))
    check(found["passes"] > 10, "%s: axe checked next to nothing" % what)
    for v in violations:
        print("axe %s: %s (%s): %s" % (what, v["id"], v["impact"], v["help"]))
        for n in v["nodes"][:6]:
            print("    " + n.replace("\n", " "))
    check(not violations, "%s: %d accessibility violation(s): %s" % (what, len(violations),
                                                                    ", ".join(v["id"] for v in violations)))


def shot(d, name):
    d.save_screenshot(os.path.join(OUT, name + ".png"))


def open_pad(d, url, expect_list=True):
    d.get(url)
    if expect_list:
        check(wait_for(d, "return !document.getElementById('list-box').hidden && "
                          "document.querySelectorAll('#unit-list select, #unit-list button').length > 0"),
              "the list of orders by unit did not show on " + url)
    time.sleep(0.3)


def open_gm(d, url):
    d.get(url)
    check(wait_for(d, "return document.getElementById('phase').textContent !== 'Colonial' && "
                      "!document.getElementById('power-box').hidden"), "the tablet did not show the table")
    wait_for(d, "return document.querySelectorAll('#unit-list select, #unit-list button').length > 0", 5)
    time.sleep(0.3)


def both_checked(pad, tablet, urls, phase):
    """axe on Russia's pad (its list in sight) and on the tablet, each pictured."""
    axe(pad, "the pad, " + phase)
    pad.execute_script("document.getElementById('list-box').scrollIntoView()")
    shot(pad, "pad-russia-" + phase)
    open_gm(tablet, urls["GM"])
    axe(tablet, "the tablet, " + phase)
    shot(tablet, "gm-" + phase)


def key(d, *keys):
    """Keys pressed on whatever has the focus: no element is clicked."""
    ActionChains(d).send_keys(*keys).perform()
    time.sleep(0.05)


def focused(d):
    return d.execute_script("const e = document.activeElement; return e ? e.id || e.tagName : ''")


def tab_to(d, wanted, presses=60):
    for _ in range(presses):
        if focused(d) == wanted:
            return True
        key(d, Keys.TAB)
    return focused(d) == wanted


def choose_by_arrows(d, words, presses=80):
    """The focused <select> moved by the arrow keys to the option `words`."""
    script = "const s = document.activeElement; return s.options[s.selectedIndex].textContent"
    for _ in range(presses):
        if d.execute_script(script) == words:
            return True
        key(d, Keys.ARROW_DOWN)
    return d.execute_script(script) == words


try:
    subprocess.run([JUDGE, "new", "-o", game], check=True, stdout=subprocess.DEVNULL)
    urls = serve()
    pad = browser("pad", 360, 640, True)
    tablet = browser("tablet", 1024, 768, False)

    # A movement phase: the pad with its board and its list, the tablet.
    open_pad(pad, urls["Russia"])
    check(not pad.execute_script("return document.getElementById('board-box').hidden"), "the board did not show")
    axe(pad, "the pad, movement")
    pad.execute_script("document.getElementById('list-box').scrollIntoView()")
    shot(pad, "pad-russia-list")
    open_gm(tablet, urls["GM"])
    axe(tablet, "the tablet, movement")
    shot(tablet, "gm-movement")
    tablet.execute_script("document.getElementById('open-sheet').click()")
    check(wait_for(tablet, "return !document.getElementById('sheet-view').hidden"), "the order sheet did not open")
    axe(tablet, "the tablet's order sheet")
    tablet.execute_script("document.getElementById('sheet-cancel').click()")

    # Keyboard alone: Russia's five orders with Tab and the arrow keys, then Done with Enter.
    pad.get(urls["Russia"])
    check(wait_for(pad, "return document.querySelectorAll('#unit-list select').length === 5"),
          "Russia's five units are not listed")
    wanted = {"Army in Moscow": ("Move to Perm", "A mos - prm"), "Fleet in Odessa": ("Hold", "F ode H"),
              "Army in Omsk": ("Hold", "A oms H"), "Fleet in Port Arthur": ("Hold", "F por H"),
              "Army in Vladivostok": ("Hold", "A vla H")}
    check(tab_to(pad, "unit-order-0"), "Tab never reached the first unit's orders (at %s)" % focused(pad))
    for i in range(5):
        check(focused(pad) == "unit-order-%d" % i, "Tab did not go to unit %d's orders but %s" % (i, focused(pad)))
        label = pad.execute_script("return document.activeElement.labels[0].textContent")
        check(label in wanted, "a unit labelled %r" % label)
        words = wanted.get(label, ("Hold", ""))[0]
        check(choose_by_arrows(pad, words), "%s: the arrow keys never reached %r" % (label, words))
        key(pad, Keys.TAB)
    check(wait_for(pad, "return document.getElementById('task').textContent === '5 of 5 units ordered'", 5),
          "the phase line says " + pad.execute_script("return document.getElementById('task').textContent"))
    pad.execute_script("document.getElementById('list-box').scrollIntoView()")
    shot(pad, "pad-russia-keyboard-orders")
    check(tab_to(pad, "done"), "Tab never reached Done (at %s)" % focused(pad))
    key(pad, Keys.ENTER)
    check(wait_for(pad, "return document.getElementById('done-badge').textContent === 'done'", 5),
          "Enter on Done did not take")
    shot(pad, "pad-russia-keyboard-done")
    status, orders = http("GET", urls["GM"] + "orders?power=Russia")
    check(status == 200, "the table's orders for Russia: %d %s" % (status, orders))
    for _, text in wanted.values():
        check(text in orders.splitlines(), "the table lacks %r: %r" % (text, orders))
    powers = json.loads(http("GET", urls["GM"] + "state")[1])["powers"]
    check([p["done"] for p in powers if p["name"] == "Russia"] == [True], "the table does not have Russia done")

    # Without the board's art (a board file of one's own): the list is the way in.
    pad.execute_cdp_cmd("Network.enable", {})
    pad.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/static/board.png"]})
    open_pad(pad, urls["Russia"])
    check(pad.execute_script("return document.getElementById('board-box').hidden"), "a board without art showed")
    axe(pad, "the pad without the board's art")
    shot(pad, "pad-russia-no-art")
    pad.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})

    # A French phone: the list in French, the orders saved unchanged.
    french = browser("pad-fr", 360, 640, True, "fr")
    open_pad(french, urls["Russia"])
    label = french.execute_script("return document.querySelector('label[for=unit-order-0]').textContent")
    chosen = french.execute_script("const s = document.getElementById('unit-order-0'); "
                                   "return s.options[s.selectedIndex].textContent")
    check(label == "Armée à Moscow" and chosen == "Se déplacer vers Perm",
          "French: the first unit reads %r, its order %r" % (label, chosen))
    check(french.find_element(By.ID, "list-title").text == "Ordres par unité",
          "French heading: " + french.find_element(By.ID, "list-title").text)
    axe(french, "the pad in French")
    french.execute_script("document.getElementById('list-box').scrollIntoView()")
    shot(french, "pad-russia-fr")
    stop()

    # A retreat phase: Russia's army in Moscow dislodged by a Turkish one.
    edit("PRESTATE_SETPHASE 1870 Retreat\nPRESTATE\n  Turkey: A mos\n  Russia: A oms\n  Russia: F ode\n"
         "PRESTATE_DISLODGED\n  Russia: A mos\n")
    urls = serve()
    open_pad(pad, urls["Russia"])
    options = pad.execute_script("return [...document.querySelectorAll('#unit-order-0 option')].map((o) => o.textContent)")
    check("Disband" in options and "Retreat to Perm" in options, "the retreat's choices: %s" % options)
    both_checked(pad, tablet, urls, "retreat")
    stop()

    # An adjustment phase: Russia owns its five home colonies with one unit left.
    edit("PRESTATE_SETPHASE 1870 Adjustment\nPRESTATE\n  Russia: A oms\n  Turkey: A con\n"
         "PRESTATE_SUPPLYCENTER_OWNERS\n" + "".join("  Russia: %s\n" % c for c in ("mos", "oms", "ode", "por", "vla")) +
         "  Turkey: con\nPRESTATE_DISLODGED\n")
    urls = serve()
    open_pad(pad, urls["Russia"])
    builds = pad.execute_script("return [...document.querySelectorAll('#unit-list button')].map((b) => b.textContent)")
    check("Build an army in Moscow" in builds and "Waive a build" in builds, "the adjustment's choices: %s" % builds)
    # A build by the keyboard: Tab to its button, Enter; pressed, and in the orders.
    first = pad.execute_script("const b = document.querySelector('#unit-list button'); b.id = 'first-build'; "
                               "return b.textContent")
    check(tab_to(pad, "first-build"), "Tab never reached the first build")
    key(pad, Keys.ENTER)
    check(wait_for(pad, "return document.getElementById('first-build').getAttribute('aria-pressed') === 'true' && "
                        "document.getElementById('message').textContent.startsWith('Saved')", 5),
          "Enter on %r did not give it" % first)
    both_checked(pad, tablet, urls, "adjustment")

    # The phase played: its results on the pad and the tablet.
    for power in urls:
        if power != "GM":
            http("POST", urls[power] + "done", "done")  # 409 for the powers with nothing to do
    check(wait_for(pad, "return !document.getElementById('results').hidden && "
                        "document.getElementById('results-text').textContent.length > 0", 15),
          "the adjustment's results did not show on the pad")
    axe(pad, "the pad, after a phase")
    shot(pad, "pad-russia-results")
    check(wait_for(tablet, "return !document.getElementById('results-view').hidden", 15),
          "the tablet did not show the results")
    axe(tablet, "the tablet, results")
    shot(tablet, "gm-results")
    stop()
    server = None
finally:
    for d in drivers:
        d.quit()
    if server:
        stop()
    shutil.rmtree(work, ignore_errors=True)

if failures:
    print("a11y_browser: %d failure(s)" % len(failures))
    sys.exit(1)
print("a11y_browser: no accessibility violation on the pad and the tablet in three kinds of phase; Russia's orders "
      "handed in by keyboard alone")
