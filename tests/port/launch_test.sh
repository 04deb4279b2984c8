#!/usr/bin/env bash
# launch_test.sh ZIP ROOT OUT: installs the port ZIP as PortMaster would
# (unpacked into /roms/ports) and runs its real launch script, "Colonial
# Diplomacy.sh", against our stand-in PortMaster control folder
# (tests/port/portmaster) in ROOT, the Debian 11 arm64 root (glibc 2.31) of
# packaging/portmaster/sysroot.sh (chroot, in a mount namespace of its own),
# every program in it under qemu-user (binfmt_misc), as an unprivileged user,
# with SDL's offscreen driver:
#   - at 640x480, 480x320 and 720x720: the game starts, draws, plays a
#     scripted turn (turn.script), and is ended by SIGTERM (640x480) or by
#     the exit hotkey (the others); it exits 0 and the turn is saved under
#     conf/ (read back with colonial-judge);
#   - the bad inputs: a firmware without zlib (a dependency of the shipped
#     FreeType), a read-only conf/, a pad PortMaster has no mapping for, a
#     screen smaller than 480x320, a 32-bit device, and a firmware that kills
#     the game outright (SIGKILL) on the exit hotkey: each says so in log.txt
#     and on the screen (the game's, or PortMaster's messages), and no saved
#     turn is lost.
# Screenshots of every run are left in OUT/<case>/shots: look at them.
# Needs: root, qemu-user-static (binfmt_misc), python3; the port build's colonial-judge
# (COLONIAL_JUDGE, default build-port/build/bin/colonial-judge).
set -uo pipefail
zip=$(realpath "$1") root=$(realpath "$2") out=$3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
judge=${COLONIAL_JUDGE:-$here/../../build-port/build/bin/colonial-judge}
player=65534 # the unprivileged user the launches run as
timeout_s=${PORT_TEST_TIMEOUT:-900}
rm -rf "$out"
mkdir -p "$out" "$root/roms" "$root/home/player"
[[ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]] ||
  { echo "launch_test.sh: ARM programs do not run here: apt-get install qemu-user-static (binfmt_misc)"; exit 1; }
out=$(realpath "$out")
failures=0 passes=0

fail() {
  echo "FAIL $case_name: $*"
  echo "--- log.txt:" && cat "$dir/roms/ports/colonial/log.txt" 2>/dev/null | tail -20
  echo "--- the stand-in's screen:" && cat "$control/screen.log" 2>/dev/null
  failures=$((failures + 1))
  return 1
}
pass() {
  echo "ok   $case_name: $*"
  passes=$((passes + 1))
}

# setup CASE: a fresh device: the port unpacked in /roms/ports, the stand-in
# control folder in the player's ~/.local/share/PortMaster.
setup() {
  case_name=$1
  dir=$out/$case_name
  control=$dir/home/.local/share/PortMaster
  mkdir -p "$dir/roms/ports" "$dir/roms/shots" "$control"
  unzip -q "$zip" -d "$dir/roms/ports"
  cp "$here"/portmaster/* "$control/"
  cp "$here"/*.script "$dir/roms/"
  lib_dir=""
  chown -R "$player:$player" "$dir"
}

# in_root ENV... -- PROGRAM ARGS...: runs PROGRAM in ROOT as the player (an
# unprivileged user), in a mount namespace of its own where the case's
# /roms, the player's home, /proc and /dev (and $lib_dir, when set, as
# /lib/aarch64-linux-gnu) are bound; its ARM programs run under qemu-user
# through binfmt_misc (qemu-user-static registers it).
in_root() {
  local env=()
  while [[ $1 != -- ]]; do env+=("$1"); shift; done
  shift
  unshare -m --propagation private /bin/bash -c '
    root=$1 dir=$2 lib_dir=$3 player=$4
    shift 4
    mount --bind "$dir/roms" "$root/roms" && mount --bind "$dir/home" "$root/home/player" &&
      mount -t proc proc "$root/proc" && mount --bind /dev "$root/dev" || exit 125
    if [[ -n $lib_dir ]]; then mount --bind "$lib_dir" "$root/lib/aarch64-linux-gnu" || exit 125; fi
    exec chroot --userspec="$player:$player" "$root" "$@"' in_root "$root" "$dir" "${lib_dir:-}" "$player" \
    /usr/bin/env -i HOME=/home/player PATH=/usr/bin:/bin "${env[@]}" "$@"
}

# launch ENV... -- ARGS...: runs the launch script in the background (pid in
# $launch_pid) with the environment ENV and the game's arguments ARGS.
launch() {
  local env=()
  while [[ $1 != -- ]]; do env+=("$1"); shift; done
  shift
  (cd "$dir" && in_root SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy "${env[@]}" -- \
    /bin/bash -c 'cd /roms/ports && exec /bin/bash "/roms/ports/Colonial Diplomacy.sh" "$@"' launch "$@") \
    >"$dir/console.txt" 2>&1 &
  launch_pid=$!
}

# wait_for FILE: until FILE exists or the launch ended; false on a timeout.
wait_for() {
  local waited=0
  until [[ -e $1 ]]; do
    kill -0 "$launch_pid" 2>/dev/null || return 1
    sleep 1
    waited=$((waited + 1))
    [[ $waited -ge $timeout_s ]] && return 1
  done
  return 0
}

# finish: waits for the launch script; its status in $status.
finish() {
  local waited=0
  while kill -0 "$launch_pid" 2>/dev/null && [[ $waited -lt 120 ]]; do
    sleep 1
    waited=$((waited + 1))
  done
  kill -KILL "$launch_pid" 2>/dev/null
  wait "$launch_pid"
  status=$?
  sleep 1 # the log's tee
}

# game_pids: the game's processes (qemu-aarch64 running colonial.aarch64
# with this test's --shots /roms/shots).
game_pids() {
  local d
  for d in /proc/[0-9]*; do
    tr '\0' ' ' 2>/dev/null <"$d/cmdline" | grep -q "colonial\.aarch64 .*--shots /roms/shots" &&
      ! tr '\0' ' ' 2>/dev/null <"$d/cmdline" | grep -q -e gptokeyb -e "Colonial Diplomacy.sh" && echo "${d#/proc/}"
  done
}

log_has() { grep -q -e "$1" "$dir/roms/ports/colonial/log.txt"; }
screen_has() { grep -q -e "$1" "$control/screen.log" 2>/dev/null; }

# png_size FILE: "WxH" of a PNG.
png_size() {
  python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); print("%dx%d" % struct.unpack(">II", d[16:24]))' "$1"
}

# The saved game must hold the turn taken: China held Canton, France's
# attack on it bounced, the game is in the next phase.
check_save() {
  local save=$dir/roms/ports/colonial/conf/colonial/autosave.colonial shown
  [[ -f $save ]] || { fail "no game saved in conf/colonial"; return 1; }
  cp "$judge" "$dir/roms/colonial-judge"
  shown=$(in_root -- /roms/colonial-judge show /roms/ports/colonial/conf/colonial/autosave.colonial 2>&1)
  grep -q "^1872 Movement" <<<"$shown" && grep -q "order China: A can H => succeeded" "$save" &&
    grep -q "order France: A ton - can => bounced" "$save" ||
    { fail "the saved game is not the turn taken: $shown"; return 1; }
}

# A turn at one screen size, ended by SIGTERM or by the exit hotkey.
turn_at() {
  local size=$1 ending=$2 w=${1%x*} h=${1#*x} shot
  setup "turn-$size-$ending"
  launch STANDIN_WIDTH="$w" STANDIN_HEIGHT="$h" -- --new-game --seed 7 --script /roms/turn.script --shots /roms/shots
  wait_for "$dir/roms/shots/05-turn-taken.png" || { finish; fail "the turn was not taken (status $status)"; return; }
  sleep 2 # the frame after the screenshot
  if [[ $ending == sigterm ]]; then
    # shellcheck disable=SC2046 # one pid a word
    kill -TERM $(game_pids)
  else
    touch "$control/hotkey"
  fi
  finish
  [[ $status -eq 0 ]] || { fail "the launch ended with status $status after $ending"; return; }
  log_has "Colonial Diplomacy exited with status 0" || { fail "the game did not exit 0"; return; }
  log_has "^event playing .* video=offscreen renderer=software width=${size%x*} height=${size#*x} " ||
    { fail "the game did not draw at $size"; return; }
  grep -q "pm_platform_helper /roms/ports/colonial/colonial.aarch64" "$control/calls.log" &&
    grep -q "gptokeyb colonial.aarch64" "$control/calls.log" && grep -q pm_finish "$control/calls.log" ||
    { fail "the launch script skipped gptokeyb, pm_platform_helper or pm_finish"; return; }
  for shot in "$dir"/roms/shots/*.png; do
    [[ $(png_size "$shot") == "$size" ]] || { fail "$(basename "$shot") is $(png_size "$shot"), not $size"; return; }
  done
  check_save || return
  pass "$size: started, drew, took a turn, ended by $ending with status 0, the turn saved in conf/"
}

turn_at 640x480 sigterm
turn_at 480x320 hotkey
turn_at 720x720 hotkey

# The firmware kills the game outright on the exit hotkey: the turn, saved
# when it was played, is still there.
setup hard-kill
launch STANDIN_HARD_KILL=1 -- --new-game --seed 7 --script /roms/turn.script --shots /roms/shots
if wait_for "$dir/roms/shots/05-turn-taken.png"; then
  touch "$control/hotkey"
  finish
  check_save && pass "SIGKILL on the exit hotkey: the game's status $status, the turn saved before it is kept"
else
  finish
  fail "the turn was not taken"
fi

# A firmware without zlib, which the shipped FreeType and libpng need.
setup no-zlib
mkdir -p "$dir/lib"
cp -a "$root/lib/aarch64-linux-gnu" "$dir/lib/"
rm -f "$dir"/lib/aarch64-linux-gnu/libz.so.*
lib_dir=$dir/lib/aarch64-linux-gnu
launch -- --new-game
finish
[[ $status -ne 0 ]] && log_has "error while loading shared libraries: libz.so.1" &&
  screen_has "could not start on this firmware: .*libz.so.1" &&
  pass "no zlib: status $status, the loader's line in log.txt and on the screen" ||
  fail "a missing libz.so.1 was not reported (status $status)"

# conf/ read-only: said in the log and on PortMaster's screen, and the game
# says on its own screen that games cannot be saved (its OK closes that).
setup conf-read-only
mkdir -p "$dir/roms/ports/colonial/conf"
chown "$player:$player" "$dir/roms/ports/colonial/conf"
chmod 555 "$dir/roms/ports/colonial/conf"
launch -- --new-game --script /roms/notice.script --shots /roms/shots
finish
[[ $status -eq 0 ]] && log_has "conf cannot be written: games will not be saved" &&
  screen_has "cannot be written" && [[ -f $dir/roms/shots/01-start.png ]] &&
  pass "conf/ read-only: said in log.txt, on PortMaster's screen and the game's (shots/01-start.png)" ||
  fail "a read-only conf/ was not reported (status $status)"

# A pad PortMaster has no mapping for.
setup unmapped-pad
launch STANDIN_PAD_GUID=0300000000000000000000000000000000 -- --new-game --script /roms/start.script \
  --shots /roms/shots
finish
[[ $status -eq 0 ]] && log_has "PortMaster has no gamepad mapping for this device's pad" &&
  pass "a pad without a mapping: said in log.txt, the game started" ||
  fail "a pad without a mapping was not reported (status $status)"

# A screen the layout cannot serve, and a 32-bit device.
setup small-screen
launch STANDIN_WIDTH=320 STANDIN_HEIGHT=240 -- --new-game
finish
[[ $status -eq 1 ]] && log_has "the screen is 320x240 and the game needs at least 480x320" &&
  screen_has "needs at least 480x320" && pass "a 320x240 screen: refused, said in log.txt and on the screen" ||
  fail "a 320x240 screen was not refused (status $status)"
setup armhf
launch STANDIN_ARCH=armhf -- --new-game
finish
[[ $status -eq 1 ]] && screen_has "built for 64-bit ARM" &&
  pass "a 32-bit device: refused, said in log.txt and on the screen" ||
  fail "a 32-bit device was not refused (status $status)"

echo "$passes passed, $failures failed"
[[ $failures -eq 0 ]]
