#!/usr/bin/env python3
"""Load on the order server, for the frame-time benchmark (run by hand; see
docs/ORDER-SERVER.md): seven phones polling their state, and a stream of
requests with wrong secrets, all to 127.0.0.1 only, for a bounded time.

usage: phones_load.py SEATS_FILE_OR_URLS PORT SECONDS [BAD_PER_SECOND]
  SEATS: a file of "POWER URL" lines (what the app or the judge printed)
"""
import socket
import sys
import threading
import time
import urllib.request

seats_file, port, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
bad_rate = int(sys.argv[4]) if len(sys.argv) > 4 else 1000
urls = []
for line in open(seats_file):
    parts = line.split()
    if parts and parts[-1].startswith("http://"):
        url = parts[-1]
        urls.append("http://127.0.0.1:%d/s/%s" % (port, url.split("/s/", 1)[1]))
end = time.time() + seconds
counts = {"poll": 0, "poll_ok": 0, "bad": 0, "bad_refused": 0}
lock = threading.Lock()


def phone(url):
    while time.time() < end:
        try:
            with urllib.request.urlopen(url + "state", timeout=3) as r:
                ok = r.status == 200
        except Exception:
            ok = False
        with lock:
            counts["poll"] += 1
            counts["poll_ok"] += ok
        time.sleep(1.0)


def attacker(rate):
    request = ("GET /s/%s/state HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n" % ("0" * 32)).encode()
    interval = 1.0 / rate
    nxt = time.time()
    while time.time() < end:
        try:
            # From another loopback address: a different device to the throttle.
            s = socket.create_connection(("127.0.0.1", port), timeout=2, source_address=("127.0.0.2", 0))
            s.sendall(request)
            answer = s.recv(64)
            s.close()
            refused = answer.startswith(b"HTTP/1.1 403") or answer.startswith(b"HTTP/1.1 429")
        except Exception:
            refused = False
        with lock:
            counts["bad"] += 1
            counts["bad_refused"] += refused
        nxt += interval
        delay = nxt - time.time()
        if delay > 0:
            time.sleep(delay)


threads = [threading.Thread(target=phone, args=(u,)) for u in urls]
threads += [threading.Thread(target=attacker, args=(bad_rate / 4.0,)) for _ in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print("phones_load: %d polls (%d answered), %d bad requests (%d refused) in %.0f s: %.0f bad/s"
      % (counts["poll"], counts["poll_ok"], counts["bad"], counts["bad_refused"], seconds, counts["bad"] / seconds))
