#!/usr/bin/python3
"""A scored game's points at its end on the phones' pages and the game
master's tablet, in a real browser (Debian's chromium, headless, driven by
python3-selenium), against `colonial-judge serve` on 127.0.0.1 only.

A game scored by Carnage, two players named, ended by the clock
(`colonial-judge end`): Britain's phone (360x640) and the tablet (1024x768
and 768x1024) show the system's name over every player's points, the most
first, the survivors sharing the draw; a French phone and tablet show the
same table in French (its heading, columns, powers and numbers). A solo by
Sum of Squares: the winner's row marked, in English and French.
A game nobody scores shows no table. Screenshots go to OUT_DIR.

usage: scores_browser.py JUDGE OUT_DIR
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from selenium.webdriver.common.by import By

from browser_shared import chrome, wait_for

JUDGE, OUT = sys.argv[1], sys.argv[2]
os.makedirs(OUT, exist_ok=True)
work = tempfile.mkdtemp(prefix="colonial-scores-")
failures = []
drivers = []
servers = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what, flush=True)
    return ok


def judge(*args):
    return subprocess.run([JUDGE] + list(args), check=True, stdout=subprocess.PIPE, text=True).stdout


def serve(game):
    """The judge serving `game`: each power's URL and the game master's."""
    server = subprocess.Popen([JUDGE, "serve", game, "--port", "0", "--for", "120"], stdout=subprocess.PIPE, text=True)
    servers.append(server)
    urls = {}
    deadline = time.time() + 10
    while len(urls) < 8 and time.time() < deadline:
        m = re.match(r"^(\w+) (http://127\.0\.0\.1:\d+/(?:s|gm)/\w+/)$", server.stdout.readline().strip())
        if m:
            urls[m.group(1)] = m.group(2)
    assert len(urls) == 8, "the server printed no URLs: %s" % urls
    return urls


def browser(width, height, language=None, touch=False):
    d = chrome(os.path.join(work, "chrome-%d" % len(drivers)), language,
               device={"width": width, "height": height, "pixelRatio": 2.0, "touch": touch}, console=True)
    drivers.append(d)
    return d




def shown_table(d, who):
    """The scores as the page shows them: heading, columns, rows of cells;
    the table as wide as its box at most (no sideways scrolling), styled by
    board.css."""
    check(wait_for(d, "const s = document.getElementById('scores'); return !s.hidden && s.querySelector('tbody tr')"),
          who + ": no points shown")
    table = d.execute_script(
        "const s = document.getElementById('scores');"
        "return {title: s.querySelector('h2').textContent,"
        "  head: [...s.querySelectorAll('th')].map(c => c.textContent),"
        "  rows: [...s.querySelectorAll('tbody tr')].map(r => [...r.cells].map(c => c.textContent)),"
        "  shares: s.querySelectorAll('tbody tr.draw').length,"
        "  marks: [...s.querySelectorAll('tbody .mark')].map(m => m.textContent),"
        "  visible: s.getBoundingClientRect().height > 0,"
        "  fits: s.scrollWidth <= s.clientWidth,"
        "  styled: getComputedStyle(s).overflowX === 'auto'}")
    check(table["fits"], who + ": the table is wider than its box")
    check(table["styled"], who + ": the pages' shared style (board.css) is not applied")
    return table


def no_errors(d, who):
    errors = [e for e in d.get_log("browser") if e["level"] == "SEVERE" and "favicon" not in e["message"]]
    check(not errors, who + ": browser errors: %s" % errors)


def page_ready(d, url):
    d.get(url)
    check(wait_for(d, "return document.readyState === 'complete'"), "the page did not load: " + url)


def check_english(table, who):
    check(table["title"] == "Scoring: Carnage", who + ": the heading says " + table["title"])
    check(table["head"] == ["Power", "Player", "Colonies", "Points"], who + ": the columns are %s" % table["head"])
    rows = table["rows"]
    check(len(rows) == 7, who + ": %d rows" % len(rows))
    # The clock ends it as a draw of every survivor: Britain has the most
    # colonies at the start (6), first of seven: 7000 and a point a colony.
    check(rows and rows[0] == ["Britain", "Alice", "6", "7,006"], who + ": the first row is %s" % rows[:1])
    # China and Russia tie for second (5 each): they share second's and
    # third's, (6000 + 5000) / 2, and a point a colony.
    check(rows[1:3] == [["China", "Bob", "5", "5,505"], ["Russia", "", "5", "5,505"]],
          who + ": the second and third rows are %s" % rows[1:3])
    # Every row shares the draw: no row is marked.
    check(table["shares"] == 7 and table["marks"] == [], who + ": %d rows share the draw, marked %s"
          % (table["shares"], table["marks"]))
    check(table["visible"], who + ": the table takes no room")


def check_french(table, who):
    check(table["title"] == "Décompte des points : Carnage", who + ": the heading says " + table["title"])
    check(table["head"] == ["Puissance", "Joueur", "Colonies", "Points"], who + ": the columns are %s" % table["head"])
    rows = table["rows"]
    # French groups thousands with a narrow no-break space.
    check(rows and rows[0] == ["Grande-Bretagne", "Alice", "6", "7\u202f006"],
          who + ": the first row is %s" % rows[:1])
    check(not any("Britain" in c for r in rows for c in r), who + ": English in %s" % rows)


try:
    scored = os.path.join(work, "scored.colonial")
    judge("new", "-o", scored, "--rule", "scoring=carnage", "--player", "Britain=Alice", "--player", "China=Bob")
    judge("end", scored, "--by", "colonies")
    urls = serve(scored)

    phone = browser(360, 640)
    page_ready(phone, urls["Britain"])
    check_english(shown_table(phone, "phone"), "phone")
    check(phone.find_element(By.ID, "not-asked").text.startswith("Time is up"),
          "phone: the ending says " + phone.find_element(By.ID, "not-asked").text)
    phone.execute_script("document.getElementById('scores').scrollIntoView({block: 'start'})")
    phone.save_screenshot(os.path.join(OUT, "scores-phone-en.png"))
    # The table fits the phone's width: nothing to scroll sideways.
    width = phone.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    check(width[0] <= width[1], "phone: the page is %d wide on a %d screen" % tuple(width))
    no_errors(phone, "phone")

    tablet = browser(1024, 768, touch=True)
    page_ready(tablet, urls["GM"])
    check(wait_for(tablet, "return !document.getElementById('wait-view').hidden"), "tablet: no game-over view")
    check_english(shown_table(tablet, "tablet"), "tablet")
    tablet.save_screenshot(os.path.join(OUT, "scores-tablet-en.png"))
    no_errors(tablet, "tablet")

    upright = browser(768, 1024, touch=True)
    page_ready(upright, urls["GM"])
    check_english(shown_table(upright, "upright tablet"), "upright tablet")
    upright.save_screenshot(os.path.join(OUT, "scores-tablet-upright-en.png"))

    phone_fr = browser(360, 640, "fr")
    page_ready(phone_fr, urls["Holland"])
    check_french(shown_table(phone_fr, "French phone"), "French phone")
    phone_fr.execute_script("document.getElementById('scores').scrollIntoView({block: 'start'})")
    phone_fr.save_screenshot(os.path.join(OUT, "scores-phone-fr.png"))
    width = phone_fr.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    check(width[0] <= width[1], "French phone: the page is %d wide on a %d screen" % tuple(width))
    no_errors(phone_fr, "French phone")

    tablet_fr = browser(1024, 768, "fr", touch=True)
    page_ready(tablet_fr, urls["GM"])
    check_french(shown_table(tablet_fr, "French tablet"), "French tablet")
    tablet_fr.save_screenshot(os.path.join(OUT, "scores-tablet-fr.png"))
    no_errors(tablet_fr, "French tablet")

    # A solo, by Sum of Squares: the winner's row marked, in English and French.
    solo = os.path.join(work, "solo.colonial")
    judge("new", "-o", solo, "--victory", "6", "--rule", "scoring=sum-of-squares", "--player", "Britain=Alice")
    for _ in range(8):
        if "game over" in judge("show", solo):
            break
        judge("adjudicate", solo)
    urls = serve(solo)
    for d, url, who, expected in ((phone, urls["Britain"], "solo phone", ["Sum of Squares", "Victory", "100"]),
                                  (tablet_fr, urls["GM"], "French solo tablet", ["Somme des carrés", "Victoire", "100"])):
        page_ready(d, url)
        table = shown_table(d, who)
        check(table["title"].endswith(expected[0]), who + ": the heading says " + table["title"])
        check(table["marks"] == [expected[1]], who + ": the marks are %s" % table["marks"])
        rows = table["rows"]
        check(rows and rows[0][1:] == ["Alice", "6", expected[2]], who + ": the first row is %s" % rows[:1])
        check(all(r[-1] == "0" for r in rows[1:]), who + ": the others have %s" % rows[1:])
        d.execute_script("document.getElementById('scores').scrollIntoView({block: 'start'})")
        d.save_screenshot(os.path.join(OUT, "scores-%s.png" % who.lower().replace(" ", "-")))

    # A game nobody scores: over, and no table on either page.
    unscored = os.path.join(work, "unscored.colonial")
    judge("new", "-o", unscored)
    judge("end", unscored, "--by", "colonies")
    urls = serve(unscored)
    for url, who in ((urls["Britain"], "unscored phone"), (urls["GM"], "unscored tablet")):
        d = phone if who == "unscored phone" else tablet
        page_ready(d, url)
        check(wait_for(d, "return document.getElementById('phase').textContent.includes('over')"),
              who + ": the game is not over")
        time.sleep(0.5)
        check(d.execute_script("const s = document.getElementById('scores');"
                               "return s.hidden && s.children.length === 0"), who + ": a table of points is shown")
finally:
    for d in drivers:
        d.quit()
    for s in servers:
        s.terminate()
        s.wait(10)
    shutil.rmtree(work, ignore_errors=True)

if failures:
    print("scores_browser: %d failure(s)" % len(failures))
    sys.exit(1)
print("scores_browser: the phone and the tablet showed the game's points at its end, in English and French; "
      "an unscored game showed none")
