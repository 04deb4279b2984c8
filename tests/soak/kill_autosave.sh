#!/usr/bin/env bash
# kill_autosave.sh COLONIAL JUDGE OUT_DIR KILLS [SAVES]
# The kiosk's promise that a power cut loses nothing: the app plays a
# pass-and-play game in kiosk mode (every power hands in with Done, the
# results are continued, on and on), and is killed with SIGKILL at a random
# moment, KILLS times, each time started again on the same record. After
# every kill the record (and its .bak) must read and replay
# (colonial-judge verify). With strace present, the autosaves are counted
# (each is one rename of the .tmp over the record); the run goes on past
# KILLS until SAVES autosaves were made (default 0: no minimum).
# Drawn with SDL's offscreen driver; no display needed.
set -uo pipefail
colonial=$1 judge=$2 out=$3 kills=$4 min_saves=${5:-0}
rm -rf "$out"
mkdir -p "$out"
save=$out/save.colonial

# Keys that do the right thing on any screen: Enter reveals a hand-off card
# and continues the results, Ctrl+Enter hands in the orders.
loop=$out/loop.script
for _ in $(seq 4000); do printf 'key Enter\nkey Enter ctrl\nkey Enter\n'; done >"$loop"
# The kiosk's first start (the PIN chosen, a game begun) runs to its end,
# never killed: a kill before the PIN is kept would leave every later start
# waiting for staff.
first=$out/first.script
{
  cat "$(dirname "$0")/kiosk_first_start.script"
  printf 'quit\n'
} >"$first"
env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy \
  "$colonial" --kiosk --save "$save" --new-game --seed 7 --script "$first" >"$out/first.log" 2>&1 ||
  { echo "kill_autosave.sh: the first start failed: $(cat "$out/first.log")" >&2; exit 1; }

RANDOM=20261125
saves=0
runs=0
failures=0
trace=()
command -v strace >/dev/null && trace=(strace -f -qq -e trace=rename,renameat,renameat2 -o "$out/trace")
started=$(date +%s)
while ((runs < kills || saves < min_saves)); do
  runs=$((runs + 1))
  args=(--kiosk --save "$save" --script "$loop")
  rm -f "$out/trace"
  env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy \
    "${trace[@]}" "$colonial" "${args[@]}" >"$out/run.log" 2>&1 &
  pid=$!
  # 0.4 to 3.4 s: during start-up, hand-offs, Done, results, saving.
  sleep "$(printf '0.%03d' $((RANDOM % 1000)))"
  sleep "$((RANDOM % 3)).4"
  # SIGKILL to the app itself (strace's child when traced), then to strace.
  victim=$(pgrep -P "$pid" -f "$colonial" || echo "$pid")
  kill -9 "$victim" 2>/dev/null
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  if [[ -f $out/trace ]]; then
    n=$(grep -c "$save.tmp\", .*\"$save\"" "$out/trace")
    saves=$((saves + n))
  fi
  [[ -f $save ]] || continue  # killed before the first save
  if ! "$judge" verify "$save" >"$out/verify.txt" 2>&1; then
    failures=$((failures + 1))
    cp "$save" "$out/failed-$runs.colonial"
    echo "run $runs: the record does not replay: $(cat "$out/verify.txt")"
  fi
  if [[ -f $save.bak ]] && ! "$judge" verify "$save.bak" >/dev/null 2>&1; then
    failures=$((failures + 1))
    cp "$save.bak" "$out/failed-$runs.colonial.bak"
    echo "run $runs: the backup does not replay"
  fi
  if grep -q "^event record-damaged " "$out/run.log"; then
    failures=$((failures + 1))
    echo "run $runs: the app found the record damaged: $(grep "^event record-damaged " "$out/run.log")"
  fi
done
phases=$("$judge" verify "$save" 2>/dev/null | grep -o '[0-9]* phases\? replayed' || echo "no phases")
echo "kill_autosave.sh: $runs kills in $(($(date +%s) - started)) s, ${trace[*]:+$saves autosaves, }$phases, $failures failure(s)"
[[ $failures -eq 0 ]]
