#!/usr/bin/env bash
# kiosk_soak.sh COLONIAL JUDGE OUT_DIR ACTIONS [PER_FRAME]
# A long kiosk soak, run by hand (the test command runs the short e2e_soak):
# a game started, then ACTIONS random input actions (taps, drags, pinches,
# keys, text, gamepad buttons and hot-plugs, the close button...) through the
# app's input path, PER_FRAME of them begun each frame (default 10), with
# idle gaps between bursts. Samples the app's resident memory every 5 s and
# prints the input events sent, the time, RSS first, last and highest, and
# whether it ended as it should (no crash, never left the kiosk, the record
# replays). Drawn under Xvfb with SDL's x11 driver, the desktop's path (with
# SDL's offscreen driver on Mesa's EGL the process grows to about 2 GB by
# itself, idle or not; under X11 and with the software renderer it does not).
set -uo pipefail
colonial=$1 judge=$2 out=$3 actions=$4 per_frame=${5:-10}
rm -rf "$out"
mkdir -p "$out"
save=$out/save.colonial
script=$out/soak.script
{
  cat "$(dirname "$0")/kiosk_first_start.script"
  # Bursts of at most 100000 actions, each followed by an idle minute.
  left=$actions seed=1
  while ((left > 0)); do
    n=$((left < 100000 ? left : 100000))
    printf 'random %d %d %d\nwait 3600\n' "$seed" "$n" "$per_frame"
    left=$((left - n)) seed=$((seed + 1))
  done
  printf 'quit\n'
} >"$script"
started=$(date +%s)
SDL_VIDEODRIVER=x11 SDL_AUDIODRIVER=dummy xvfb-run -a -s "-screen 0 1280x800x24" env -u WAYLAND_DISPLAY \
  "$colonial" --kiosk --new-game --seed 7 --save "$save" --script "$script" >"$out/log.txt" 2>&1 &
runner=$!
# The app itself, under xvfb-run.
pid=
for _ in $(seq 100); do
  pid=$(pgrep -n -f -- "^$colonial .*--save $save") && break
  sleep 0.1
done
[[ -n $pid ]] || { echo "kiosk_soak.sh: the app did not start: $(cat "$out/log.txt")" >&2; exit 1; }
rss() { awk '/^VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null; }
first="" last="" high=0
while kill -0 "$pid" 2>/dev/null; do
  r=$(rss)
  if [[ -n $r ]]; then
    [[ -z $first ]] && first=$r
    last=$r
    ((r > high)) && high=$r
    echo "$(($(date +%s) - started)) s: RSS $r KiB" >>"$out/rss.txt"
  fi
  sleep 5
done
wait "$runner"
status=$?
seconds=$(($(date +%s) - started))
events=$(grep -o '^event script-finished .*inputs=[0-9]*' "$out/log.txt" | grep -o '[0-9]*$')
verdict=ok
[[ $status -eq 0 ]] || verdict="exit status $status"
grep -q "^event quit-by-player " "$out/log.txt" && verdict="left the kiosk"
grep -q "^event script-finished " "$out/log.txt" || verdict="the script did not finish"
"$judge" verify "$save" >"$out/verify.txt" 2>&1 || verdict="the record does not replay"
echo "kiosk_soak.sh: $actions actions, ${events:-?} input events in $seconds s; RSS first $first KiB, last $last KiB, highest $high KiB; $verdict"
[[ $verdict == ok ]]
