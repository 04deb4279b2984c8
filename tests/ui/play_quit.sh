#!/usr/bin/env bash
# play_quit.sh COLONIAL
# Starts the game for real (window, event loop, frames) on SDL's offscreen
# driver, waits until it has drawn its first frame, asks it to quit the way a
# window manager or Ctrl+C does (SIGTERM, which SDL turns into a quit event),
# and checks that it leaves cleanly with status 0.
set -uo pipefail
colonial=$1
log=$(mktemp)
trap 'rm -f "$log"' EXIT
env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER=offscreen "$colonial" >"$log" 2>&1 &
pid=$!
# Wait for the first frame; the bound only stops a hung game from hanging
# the test run, it is not a timing requirement.
for _ in $(seq 600); do
  grep -q '^event playing ' "$log" && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
cat "$log"
if ! grep -q '^event playing ' "$log"; then
  echo "play_quit.sh: the game did not start" >&2
  kill -KILL "$pid" 2>/dev/null
  exit 1
fi
kill -TERM "$pid"
wait "$pid"
status=$?
if [[ $status -ne 0 ]]; then
  echo "play_quit.sh: the game exited with status $status after SIGTERM, expected a clean 0" >&2
  exit 1
fi
echo "play_quit.sh: quit cleanly"
