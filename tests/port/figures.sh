#!/usr/bin/env bash
# figures.sh ROOT PORT_BINARY HOST_BINARY ASSETS OUT: the port's memory and
# start-up figures (scripts/port --figures prints them; they are benchmarks,
# never pass/fail):
#   - the app's own memory (RssAnon, /proc/PID/status) on the orders screen
#     at 640x480 and at 480x320, for HOST_BINARY (x86-64, the same code and
#     the same 64-bit sizes as the port's) and for the port's program under
#     qemu-user (there RssAnon is qemu's too: its translated code and state);
#     five runs each, min and median;
#   - the instructions from start to the first frame drawn at 640x480
#     (a script of one quit: one frame, then leave), counted by callgrind: the
#     port's aarch64 program with Debian 11's arm64 valgrind run under
#     qemu-user, and HOST_BINARY natively; the board art's cache warm (a
#     second start), SDL's offscreen driver and software renderer.
set -uo pipefail
root=$(realpath "$1") port_bin=$(realpath "$2") host_bin=$(realpath "$3") assets=$(realpath "$4") out=$5
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mkdir -p "$out"
out=$(realpath "$out")
export SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy COLONIAL_ASSETS=$assets XDG_CACHE_HOME=$out/cache
LD_LIBRARY_PATH=$(dirname "$port_bin")/libs.aarch64
export LD_LIBRARY_PATH
# The root alone, under qemu-user (proot): never this machine's arm64 libraries.
in_root=(proot -q qemu-aarch64 -r "$root" -b /proc -b /dev -b "$out" -b "$(dirname "$port_bin")" -b "$assets")
cat >"$out/orders.script" <<'EOF'
wait 5
button Start game
button OK
button Reveal
expect orders
place HON
screenshot orders
wait 100000
EOF

# rss_anon SIZE RUNNER...: RssAnon in kB once the orders screen is drawn.
rss_anon() {
  local size=$1 shots pid kb
  shift
  shots=$(mktemp -d "$out/shots.XXXX")
  "$@" --no-save --new-game --seed 7 --window "$size" --script "$out/orders.script" --shots "$shots" \
    >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 600); do
    [[ -e $shots/orders.png ]] && break
    sleep 0.5
  done
  sleep 1
  kb=$(awk '/^RssAnon/ {print $2}' "/proc/$pid/status" 2>/dev/null)
  kill -TERM "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  rm -rf "$shots"
  echo "${kb:-0}"
}

# min_median VALUES...: "min M, median D".
min_median() {
  local sorted
  mapfile -t sorted < <(printf '%s\n' "$@" | sort -n)
  echo "min ${sorted[0]}, median ${sorted[$((${#sorted[@]} / 2))]}"
}

for size in 640x480 480x320; do
  host=() port=()
  for _ in 1 2 3 4 5; do host+=("$(rss_anon "$size" "$host_bin")"); done
  for _ in 1 2 3; do port+=("$(rss_anon "$size" "${in_root[@]}" "$port_bin")"); done
  echo "RssAnon at $size, orders screen: x86-64 $(min_median "${host[@]}") kB (5 runs);" \
    "aarch64 under qemu-user, qemu's own included, $(min_median "${port[@]}") kB (3 runs)"
done

# instructions PROGRAM...: callgrind's count of everything the program ran.
instructions() {
  local file=$out/callgrind.out
  rm -f "$file"
  "$@" >/dev/null 2>&1
  awk '/^summary:/ {print $2}' "$file"
}
echo quit >"$out/quit.script" # the first frame drawn, then leave
start=(--no-save --new-game --seed 7 --window 640x480 --script "$out/quit.script" --shots "$out")
"$host_bin" "${start[@]}" >/dev/null 2>&1 # the art's cache made once
x86=$(instructions valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out" "$host_bin" "${start[@]}")
# valgrind's launcher would exec its tool, which qemu-user cannot follow:
# the tool runs directly, told where its files are (inside the root).
arm=$(VALGRIND_LIB=/usr/lib/aarch64-linux-gnu/valgrind VALGRIND_LAUNCHER=/usr/bin/valgrind \
  instructions "${in_root[@]}" /usr/lib/aarch64-linux-gnu/valgrind/callgrind-arm64-linux \
  --callgrind-out-file="$out/callgrind.out" "$port_bin" "${start[@]}")
echo "start-up to the first frame at 640x480 (cache warm): aarch64 ${arm:-?} instructions" \
  "(callgrind under qemu-user), x86-64 ${x86:-?} instructions (callgrind)"
