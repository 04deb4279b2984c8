"""What the browser tests share: waiting for the page to say something."""
import time


def wait_for(driver, script, seconds=10, *args):
    """The script's first truthy value within `seconds` (polled), else None."""
    end = time.time() + seconds
    while time.time() < end:
        value = driver.execute_script(script, *args)
        if value:
            return value
        time.sleep(0.05)
    return None
