#!/usr/bin/python3
"""The phones' order pad in a real browser (Debian's chromium, headless,
driven by python3-selenium), against `colonial-judge serve` on 127.0.0.1:
two powers' pages at 360x640 enter orders by tapping the board, say Done,
and after the phase is played both show its results. Then a French phone
(chromium --lang=fr: Accept-Language fr) gets its page in French, and its
order errors too, while the judge speaks English.

usage: pad_browser.py JUDGE OUT_DIR     (screenshots go to OUT_DIR)
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser_shared import chrome, wait_for

JUDGE, OUT = sys.argv[1], sys.argv[2]
os.makedirs(OUT, exist_ok=True)
work = tempfile.mkdtemp(prefix="colonial-pad-")
game = os.path.join(work, "game.txt")
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def http(method, url, body=None):
    data = body.encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method)
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


subprocess.run([JUDGE, "new", "-o", game], check=True, stdout=subprocess.DEVNULL)
server = subprocess.Popen([JUDGE, "serve", game, "--port", "0", "--for", "120"], stdout=subprocess.PIPE, text=True)
urls = {}
deadline = time.time() + 10
while len(urls) < 7 and time.time() < deadline:
    line = server.stdout.readline()
    m = re.match(r"^(\w+) (http://127\.0\.0\.1:\d+/s/\w+/)$", line.strip())
    if m:
        urls[m.group(1)] = m.group(2)
assert len(urls) == 7, "the server printed no URLs"


def browser(name, language=None):
    return chrome(os.path.join(work, "chrome-" + name), language,
                  device={"width": 360, "height": 640, "pixelRatio": 2.0}, console=True)




def tap_province(driver, code):
    """Scrolls the board to the province and taps its middle, as a finger would."""
    point = driver.execute_script(
        "const j = arguments[0]; return fetch('/static/board.json').then(r => r.json()).then(b => {"
        "  const p = b.provinces.find(p => p.code === j); return [p.point[0], p.point[1], b.width]; });", code)
    box = driver.find_element(By.ID, "board-scroll")
    canvas = driver.find_element(By.ID, "board")
    driver.execute_script(
        "const [x, y, w] = arguments[0]; const box = arguments[1], cv = arguments[2];"
        "const k = cv.clientWidth / w; box.scrollLeft = x * k - box.clientWidth / 2;"
        "box.scrollTop = y * k - box.clientHeight / 2; box.scrollIntoView({block: 'center'});", point, box, canvas)
    # Where the province is on screen, as an offset from the middle of the
    # board's box (which the screen shows whole): where the finger goes.
    at = driver.execute_script(
        "const [x, y, w] = arguments[0]; const c = arguments[2].getBoundingClientRect();"
        "const b = arguments[1].getBoundingClientRect(); const k = c.width / w;"
        "return [c.left + x * k - (b.left + b.width / 2), c.top + y * k - (b.top + b.height / 2)];",
        point, box, canvas)
    ActionChains(driver).move_to_element_with_offset(box, int(at[0]), int(at[1])).click().perform()
    time.sleep(0.2)


def orders_of(power):
    return http("GET", urls[power] + "orders")[1]


pads = {}
try:
    for power, moves in (("Britain", [("del", "pun")]), ("China", [("can", "ton")])):
        d = browser(power)
        pads[power] = d
        d.get(urls[power])
        check(wait_for(d, "return !document.getElementById('board-box').hidden && typeof document.getElementById('board').width === 'number' && document.getElementById('hint').textContent.length > 0"),
              power + ": the board did not show")
        d.save_screenshot(os.path.join(OUT, "pad-%s-start.png" % power.lower()))
        for frm, to in moves:
            tap_province(d, frm)
            check("goes" in d.find_element(By.ID, "hint").text, power + ": tapping " + frm + " did not select the unit: " + d.find_element(By.ID, "hint").text)
            d.save_screenshot(os.path.join(OUT, "pad-%s-selected.png" % power.lower()))
            tap_province(d, to)
            ok = wait_for(d, "return document.getElementById('message').textContent.startsWith('Saved')")
            check(ok, power + ": the order was not saved: " + d.find_element(By.ID, "message").text)
        # The phase line counts the orders saved.
        line = {"Britain": "1 of 6 units ordered", "China": "1 of 5 units ordered"}[power]
        check(wait_for(d, "return document.getElementById('task').textContent === arguments[0]", 5, line),
              power + ": the phase line says " + d.find_element(By.ID, "task").text)
        expected = {"Britain": "A del - pun", "China": "A can - ton"}[power]
        check(expected in orders_of(power), power + ": the server has " + repr(orders_of(power)))
        check(expected in d.find_element(By.ID, "orders").get_attribute("value"), power + ": the order box lacks it")
        d.find_element(By.ID, "done").click()
        check(wait_for(d, "return document.getElementById('done-badge').textContent === 'done'"), power + ": Done did not take")
        d.save_screenshot(os.path.join(OUT, "pad-%s-done.png" % power.lower()))
    # The colours: a colour-blind palette chosen, kept by the browser; a
    # later version's name is answered and the printed board's used.
    d = pads["Britain"]
    Select(d.find_element(By.ID, "palette")).select_by_value("deuteranopia")
    d.save_screenshot(os.path.join(OUT, "pad-britain-deuteranopia.png"))
    check(d.execute_script("return localStorage.getItem('colonial-palette')") == "deuteranopia", "the palette was not kept")
    d.refresh()
    check(wait_for(d, "return document.getElementById('palette').value === 'deuteranopia'"), "the palette was not read back")
    d.execute_script("localStorage.setItem('colonial-palette', 'ultraviolet')")
    d.refresh()
    check(wait_for(d, "return document.getElementById('message').textContent.includes('not known to this version')"),
          "a later version's palette was not answered: " + d.find_element(By.ID, "message").text)
    check(d.find_element(By.ID, "palette").get_attribute("value") == "board", "a later version's palette was not replaced")
    # Britain's page must never show China's orders.
    check("can - ton" not in pads["Britain"].page_source, "Britain's page shows China's order")
    # The other five say Done from their phones' API.
    for power in urls:
        if power not in pads:
            status, text = http("POST", urls[power] + "done", "done")
            check(status == 200, power + " done: %d %s" % (status, text))
    for power, d in pads.items():
        shown = wait_for(d, "return document.getElementById('results-text').textContent.includes('A del - pun')", 15)
        check(shown, power + ": the results did not show")
        check("1872" in d.find_element(By.ID, "phase").text, power + ": the phase did not move on: " + d.find_element(By.ID, "phase").text)
        d.save_screenshot(os.path.join(OUT, "pad-%s-results.png" % power.lower()))
        errors = [e for e in d.get_log("browser") if e["level"] == "SEVERE" and "favicon" not in e["message"]]
        check(not errors, power + ": browser errors: %s" % errors)

    # A French phone: Holland's page asked in French.
    d = browser("Holland", "fr")
    pads["Holland"] = d
    d.get(urls["Holland"])
    check(wait_for(d, "return document.getElementById('hint').textContent.length > 0"), "French: the board did not show")
    check(d.execute_script("return document.documentElement.lang") == "fr", "French: the page is not lang=fr")
    check(d.find_element(By.ID, "save").text == "Enregistrer les ordres", "French: " + d.find_element(By.ID, "save").text)
    check(d.find_element(By.ID, "hint").text.startswith("Touchez une unité"), "French hint: " + d.find_element(By.ID, "hint").text)
    check("Hollande" in d.find_element(By.ID, "power").text, "French power name: " + d.find_element(By.ID, "power").text)
    # The phase just played and its results, in French too (the table is English).
    title = d.find_element(By.ID, "results-title").text
    check(title == "1870, mouvements", "French: the results are called " + title)
    said = d.execute_script("return document.getElementById('results-text').textContent")
    check("Grande-Bretagne : A del - pun : réussi" in said, "French: the results say " + said[:300])
    check("Britain" not in said and "succeeded" not in said and "no order" not in said,
          "French: English in the results: " + said[:300])
    d.find_element(By.ID, "orders").clear()
    d.find_element(By.ID, "orders").send_keys("A bor - nowhere")
    d.find_element(By.ID, "save").click()
    french = wait_for(d, "const m = document.getElementById('message'); return m.className === 'error' && m.textContent")
    d.save_screenshot(os.path.join(OUT, "pad-holland-fr.png"))
    english = http("POST", urls["Holland"] + "orders", "A bor - nowhere")[1]
    check(french and french.strip() != english.strip(), "French: the order error is the English one: %r" % french)
    print("French phone's error:", french)
    # The refused order's 400 is the browser's network log; scripts must not fail.
    errors = [e for e in d.get_log("browser") if e["level"] == "SEVERE" and e.get("source") != "network"]
    check(not errors, "French: browser errors: %s" % errors)
finally:
    for d in pads.values():
        d.quit()
    server.terminate()
    server.wait(10)
    shutil.rmtree(work, ignore_errors=True)

if failures:
    print("pad_browser: %d failure(s)" % len(failures))
    sys.exit(1)
print("pad_browser: two phones entered orders by tapping the board and saw the results; a French phone got French")
