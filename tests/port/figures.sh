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
mkdir -p "$out"
out=$(realpath "$out")
# SDL's software renderer on both (the root's SDL has no GL; the host's
# offscreen driver would otherwise draw through Mesa's llvmpipe).
export SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy SDL_RENDER_DRIVER=software COLONIAL_ASSETS=$assets \
  XDG_CACHE_HOME=$out/cache
port_dir=$(dirname "$port_bin")
# in_root PROGRAM ARGS...: PROGRAM run in ROOT (chroot, in a mount namespace
# of its own where the port's folder and OUT are bound at the same paths),
# under qemu-user through binfmt_misc, with the port's libraries.
in_root() {
  mkdir -p "$root$port_dir" "$root$out" "$root$assets"
  unshare -m --propagation private /bin/bash -c '
    root=$1 port_dir=$2 out=$3 assets=$4
    shift 4
    mount --bind "$port_dir" "$root$port_dir" && mount --bind "$out" "$root$out" &&
      mount --bind "$assets" "$root$assets" && mount -t proc proc "$root/proc" && mount --bind /dev "$root/dev" ||
      exit 125
    exec chroot "$root" /usr/bin/env LD_LIBRARY_PATH="$port_dir/libs.aarch64" XDG_CACHE_HOME="$out/cache-aarch64" "$@"' in_root "$root" "$port_dir" \
    "$out" "$assets" "$@"
}
cat >"$out/orders.script" <<'EOF'
wait 5
button Start game
button OK
button Reveal
expect orders
place HON
screenshot orders
wait 90
screenshot rest
wait 100000
EOF

# rss_anon SIZE RUNNER...: RssAnon in kB on the orders screen at rest: 90
# frames after it is drawn, when the board's level at this size has been
# kept in the art cache and the copy kept for it let go (at 60 frames). Under
# qemu a frame takes longer than on the device: counting frames, not
# seconds, measures both programs in the same state.
rss_anon() {
  local size=$1 shots pid kb runner
  shift
  shots=$(mktemp -d "$out/shots.XXXX")
  "$@" --no-save --new-game --seed 7 --window "$size" --script "$out/orders.script" --shots "$shots" \
    >/dev/null 2>&1 &
  runner=$!
  for _ in $(seq 600); do
    [[ -e $shots/rest.png ]] && break
    sleep 0.5
  done
  sleep 1
  # The game itself (the runner may be a shell around it): the one process
  # whose command line names this run's own shots folder.
  pid=$(pgrep -n -f -- "--shots $shots")
  kb=$(awk '/^RssAnon/ {print $2}' "/proc/$pid/status" 2>/dev/null)
  kill -TERM "$pid" 2>/dev/null
  wait "$runner" 2>/dev/null
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
  # A first run of each, not counted: it makes the board at this size and
  # keeps it in the cache, as a device's first start does.
  rss_anon "$size" "$host_bin" >/dev/null
  rss_anon "$size" in_root "$port_bin" >/dev/null
  for _ in 1 2 3 4 5; do host+=("$(rss_anon "$size" "$host_bin")"); done
  for _ in 1 2 3; do port+=("$(rss_anon "$size" in_root "$port_bin")"); done
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
# valgrind.bin, not Debian's wrapper script: the root has no /bin/sh to run
# it, and all it adds is a debug-library path and an old libstdc++ switch.
echo quit >"$out/quit.script" # the first frame drawn, then leave
start=(--no-save --new-game --seed 7 --window 640x480 --script "$out/quit.script" --shots "$out")
# Each program's own art cache made first. Each architecture has a cache of
# its own (XDG_CACHE_HOME): one file shared would be remade by the other's
# program, without the board's level at this size that the runs above kept.
"$host_bin" "${start[@]}" >/dev/null 2>&1
x86=$(instructions valgrind.bin --tool=callgrind --callgrind-out-file="$out/callgrind.out" "$host_bin" "${start[@]}")
in_root "$port_bin" "${start[@]}" >/dev/null 2>&1
arm=$(instructions in_root /usr/bin/valgrind.bin --tool=callgrind --callgrind-out-file="$out/callgrind.out" "$port_bin" \
  "${start[@]}")
echo "start-up to the first frame at 640x480 (cache warm): aarch64 ${arm:-?} instructions" \
  "(callgrind under qemu-user), x86-64 ${x86:-?} instructions (callgrind)"
