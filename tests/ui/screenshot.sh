#!/usr/bin/env bash
# screenshot.sh COLONIAL PNG_CHECK DISPLAY OUT.png WIDTH HEIGHT [COLONIAL ARGS...]
# Runs `colonial --screenshot OUT.png --size WIDTHxHEIGHT` headless and checks
# the picture. DISPLAY is how: "xvfb" (an X server in memory, SDL's x11
# driver) or "offscreen" (SDL's offscreen driver, no X at all). The run must
# really have used that driver, which colonial reports (its board-picture
# event, docs/EVENTS.md).
# COLONIAL_RUNNER, when set, is the emulator that runs the target's programs
# (a cross build under qemu-user): "qemu-aarch64 -L /usr/aarch64-linux-gnu".
set -euo pipefail
colonial=$1 png_check=$2 display=$3 out=$4 width=$5 height=$6
shift 6
read -r -a runner <<<"${COLONIAL_RUNNER:-}"
rm -f "$out"
case $display in
  xvfb)
    if ! command -v xvfb-run >/dev/null; then
      echo "screenshot.sh: xvfb-run not found: apt-get install xvfb xauth" >&2
      exit 1
    fi
    log=$(env -u WAYLAND_DISPLAY SDL_VIDEODRIVER=x11 \
          xvfb-run -a -s "-screen 0 1920x1080x24" \
          "${runner[@]}" "$colonial" --screenshot "$out" --size "${width}x${height}" "$@" 2>&1)
    driver=x11 ;;
  offscreen)
    log=$(env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER=offscreen \
          "${runner[@]}" "$colonial" --screenshot "$out" --size "${width}x${height}" "$@" 2>&1)
    driver=offscreen ;;
  *)
    echo "screenshot.sh: unknown display '$display' (xvfb or offscreen)" >&2
    exit 2 ;;
esac
printf '%s\n' "$log"
if ! grep -q "^event board-picture .* video=$driver " <<<"$log"; then
  echo "screenshot.sh: colonial did not draw with SDL's $driver driver" >&2
  exit 1
fi
"${runner[@]}" "$png_check" "$out" "$width" "$height"
