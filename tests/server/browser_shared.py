"""What the browser tests share: a headless Chromium, and waiting for the
page to say something."""
import shutil
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service


def chrome(profile, language=None, device=None, window=None, user_agent=None, console=False):
    """A headless Chromium with its own profile folder that reaches nothing but
    the pages it is sent to: `language` its Accept-Language, `device` a phone's
    or tablet's metrics (mobile emulation: width, height, pixelRatio, touch),
    else `window` (width, height); `console` keeps the page's console log."""
    o = Options()
    for a in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
              "--disable-background-networking", "--disable-component-update", "--disable-sync",
              "--user-data-dir=" + profile]:
        o.add_argument(a)
    if language:
        o.add_argument("--lang=" + language)
        o.add_experimental_option("prefs", {"intl.accept_languages": language})
    if device:
        emulation = {"deviceMetrics": device}
        if user_agent:
            emulation["userAgent"] = user_agent
        o.add_experimental_option("mobileEmulation", emulation)
    elif window:
        o.add_argument("--window-size=%d,%d" % window)
    if console:
        o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=o)


def wait_for(driver, script, seconds=10, *args):
    """The script's first truthy value within `seconds` (polled), else None."""
    end = time.time() + seconds
    while time.time() < end:
        value = driver.execute_script(script, *args)
        if value:
            return value
        time.sleep(0.05)
    return None
