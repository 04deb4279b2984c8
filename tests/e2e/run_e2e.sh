#!/usr/bin/env bash
# run_e2e.sh CASE COLONIAL JUDGE PNG_CHECK SOURCE_DIR OUT_DIR
# Runs one end-to-end case: the real app under Xvfb (SDL's x11 driver) fed
# the input events of SOURCE_DIR/CASE.script through its input path
# (colonial --script), then checks what the case expects: the game record the
# app autosaved (read back with colonial-judge show and verify), files kept,
# and the screenshots of each step (OUT_DIR/CASE/*.png, non-blank). Look at
# the screenshots: they are the test's real output.
# E2E_VIDEO=offscreen draws with SDL's offscreen driver instead of Xvfb, and
# COLONIAL_RUNNER runs the target's programs through an emulator: a cross
# build's app under qemu-user ("qemu-aarch64 -L /usr/aarch64-linux-gnu").
# E2E_RENDERER names SDL's renderer (SDL_RENDER_DRIVER: software, opengles2);
# the app must say it drew with it.
set -uo pipefail
case_name=$1 colonial=$2 judge_bin=$3 png_check_bin=$4 src=$5 out_root=$6
out=$out_root/$case_name
# CASE_fr, CASE_de, CASE_fr_small, CASE_de_small: the screens of CASE walked in
# French or German (its script's English words find their translations), at
# 1280x800 or 640x480; every label on every screenshot must fit its box.
walk_language='' walk_small=''
if [[ $case_name =~ ^(kiosk|staff|tables|gm|conditional|turn|phones)_(fr|de)(_small)?$ ]]; then
  case_name=${BASH_REMATCH[1]} walk_language=${BASH_REMATCH[2]} walk_small=${BASH_REMATCH[3]}
fi
rm -rf "$out"
mkdir -p "$out"
save=$out/save.colonial
log=$out/log.txt
screen=1280x800
args=(--save "$save" --new-game --seed 7)
fail() {
  echo "run_e2e.sh $case_name: $*" >&2
  echo "--- app output:" >&2
  cat "$log" >&2
  exit 1
}
# The board art's cache goes in the test's tree, never in the user's home.
export XDG_CACHE_HOME=$out_root/cache
video=${E2E_VIDEO:-xvfb}
renderer=${E2E_RENDERER:-}
[[ -n $renderer ]] && export SDL_RENDER_DRIVER=$renderer
read -r -a runner <<<"${COLONIAL_RUNNER:-}"
if [[ $video == xvfb ]] && ! command -v xvfb-run >/dev/null; then
  echo "run_e2e.sh: xvfb-run not found: apt-get install xvfb xauth" >&2
  exit 1
fi
# app ARGS...: the app itself, on the screen of this run.
app() {
  if [[ $video == offscreen ]]; then
    env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy \
      "${runner[@]}" "$colonial" "$@"
  else
    SDL_VIDEODRIVER=x11 SDL_AUDIODRIVER=dummy xvfb-run -a -s "-screen 0 ${screen}x24" env -u WAYLAND_DISPLAY \
      "${runner[@]}" "$colonial" "$@"
  fi
}
judge() { "${runner[@]}" "$judge_bin" "$@"; }
png_check() { "${runner[@]}" "$png_check_bin" "$@"; }

# SDL's offscreen driver has a display of 1024x768, which the window fits.
[[ $video == offscreen ]] && screen=1024x768
# Per case: the screen, the app's options, and what happens before the run.
case $case_name in
  turn | first_turn | computer) ;;
  small) screen=640x480 ;;
  small_480 | small_square)
    [[ $case_name == small_480 ]] && screen=480x320 || screen=720x720
    args+=(--window "$screen"); script=$src/small.script ;;
  # A handheld's screens, the pad alone: the window fills the screen.
  pad) screen=480x320; args+=(--window "$screen") ;;
  pad_square) screen=720x720; args+=(--window "$screen"); script=$src/pad.script; expected=$src/pad.expected ;;
  kiosk | staff) args+=(--kiosk) ;;&
  # The small staff walks skip the PIN pad's minute-long lock (see the script).
  staff) [[ -z $walk_small ]] || script=$src/staff_small.script ;;
  kiosk | staff) ;;
  idle)
    # A save untouched for 20 days, to be archived at start.
    judge new -o "$save" >/dev/null || fail "cannot make the old game"
    touch -d "20 days ago" "$save"
    args=(--save "$save" --kiosk --seed 7 --idle-minutes 0.1) ;;
  soak) args+=(--kiosk) ;;
  tables)
    # Two games and a damaged record at the kiosk's tables.
    save=$out/autosave.colonial
    judge new -o "$save" >/dev/null || fail "cannot make table 1"
    judge new -o "$out/table-2.colonial" >/dev/null || fail "cannot make table 2"
    printf 'colonial-record 1\nvariant colonial\nthe rest was lost when the power was cut' >"$out/table-3.colonial"
    args=(--save "$save" --kiosk --seed 7 --idle-minutes 0.1) ;;
  escape) ;;
  # A game in French from the start, and one switched to German on the
  # new-game screen; each at 1280x800 and 640x480.
  lang_fr | lang_fr_small) args+=(--language fr); script=$src/lang_fr.script ;;&
  lang_de | lang_de_small) args+=(--language en); script=$src/lang_de.script ;;&
  lang_fr_small | lang_de_small) screen=640x480 ;;
  lang_*) ;;
  companion) args+=(--companion --window 1920x1080); screen=1920x1080 ;;
  surrender) args+=(--companion) ;;
  conditional | timelimit | gm) args+=(--companion) ;;
  # The phones' server listens on this machine only; nothing connects.
  phones) args+=(--companion --phones-listen 127.0.0.1) ;;
  damaged)
    printf 'colonial-record 1\nvariant colonial\nthe rest was lost when the power was cut' >"$save"
    args=(--save "$save") ;;
  resume)
    # First run: a game started, Britain's orders given; the app is left.
    app "${args[@]}" --script "$src/resume-first.script" --shots "$out" >"$log" 2>&1 ||
      fail "the first run failed"
    args=(--save "$save") ;;
  timer)
    # A companion game with a 62-second movement phase, from the judge.
    judge new -o "$save" --timer movement=62 >/dev/null || fail "cannot make the timed game"
    args=(--save "$save" --companion)
    app "${args[@]}" --script "$src/timer-first.script" --shots "$out" >"$log" 2>&1 ||
      fail "the first run failed"
    grep -q "timer: one minute left" "$log" || fail "no warning at one minute left"
    # Back after a pause: only two seconds are left.
    sed -i 's/^  timer-used .*/  timer-used 60/' "$save"
    grep -q '^  timer-used 60' "$save" || fail "the record keeps no timer-used"
    ;;
  names)
    # First run: where the names are drawn; the second taps them.
    args+=(--companion)
    app "${args[@]}" --script "$src/names-first.script" --shots "$out" >"$log" 2>&1 ||
      fail "the first run failed"
    script=$out/names.script
    cp "$src/names.template" "$script"
    while read -r what code x y; do
      sed -i "s/@$what:$code\b/$x $y/" "$script"
    done < <(grep -E '^(label|middle) ' "$log")
    ! grep -v '^#' "$script" | grep -q '@' || fail "a name the script taps is not drawn: $(grep -v '^#' "$script" | grep '@')"
    args=(--save "$save" --companion) ;;
  winter)
    # First run: the Era of Empire preset picked on the new-game screen.
    args+=(--companion)
    app "${args[@]}" --script "$src/winter-first.script" --shots "$out" >"$log" 2>&1 ||
      fail "the first run failed"
    grep -q '^rules .*conscription=on' "$save" || fail "the preset's rules are not in the record: $(grep '^rules' "$save")"
    # The game master sets the board to a winter (colonial-judge edit).
    judge edit "$save" <"$src/winter.position" >>"$log" 2>&1 || fail "cannot set the winter position"
    args=(--save "$save" --companion) ;;
  *) echo "run_e2e.sh: unknown case '$case_name'" >&2; exit 2 ;;
esac

script=${script:-$src/$case_name.script}
if [[ -n $walk_language ]]; then
  args+=(--language "$walk_language")
  [[ -z $walk_small ]] || screen=640x480
fi
if [[ $case_name == pad || $case_name == pad_square ]]; then
  # The pad alone: no step of the script is a tap, a key, text or a drag.
  other=$(grep -vE '^(#.*|\s*|(pad|wait|expect|await|screenshot|focus|whole|cursor|absent|quit)( .*)?)$' "$script")
  [[ -z $other ]] || fail "the pad game has steps that are not the pad's: $other"
fi
app "${args[@]}" --script "$script" --shots "$out" >>"$log" 2>&1
status=$?
cat "$log"
[[ $status -eq 0 ]] || fail "the app exited with status $status"
[[ -z $renderer ]] || grep -q "($renderer renderer)" "$log" || fail "the app did not draw with the $renderer renderer"

# Every screenshot has a picture in it, at the size of the screen.
shots=0
for png in "$out"/[0-9]*.png; do
  [[ -e $png ]] || continue
  png_check "$png" "${screen%x*}" "${screen#*x}" >/dev/null || fail "blank or wrong-sized screenshot $png"
  shots=$((shots + 1))
done

show() {
  judge show "$save" >"$out/show.txt" 2>&1 || fail "colonial-judge show failed: $(cat "$out/show.txt")"
  judge verify "$save" >"$out/verify.txt" 2>&1 || fail "the record does not replay: $(cat "$out/verify.txt")"
}
expect_show() {  # every line of SOURCE_DIR/CASE.expected is in the record's position
  show
  local line
  while IFS= read -r line; do
    [[ -z $line || $line == \#* ]] && continue
    grep -qF -- "$line" "$out/show.txt" ||
      fail "colonial-judge show lacks: $line
$(cat "$out/show.txt")"
  done <"${expected:-$src/$case_name.expected}"
}
expect_log() { grep -q -- "$1" "$log" || fail "the app did not say: $1"; }

case $case_name in
  turn | first_turn | computer | companion | resume | surrender | conditional | timelimit | gm | winter | names | pad | pad_square)
    expect_log "script finished"
    expect_show
    if [[ $case_name == computer ]]; then
      # The seats are in the record; the computer gave its orders twice.
      grep -q '^computer Britain=normal China=normal France=hard Holland=easy$' "$save" ||
        fail "the record lacks the computer's seats: $(grep '^computer' "$save")"
      [[ $(grep -c "the computer gave its orders (4 powers)" "$log") -eq 2 ]] || fail "the computer did not play both turns"
    fi
    if [[ $case_name == gm ]]; then
      # The edit and the undone line are kept in the record, and verify
      # (run by show above) replayed both.
      grep -q '^edit 1870 Movement' "$save" || fail "the edit is not in the record"
      grep -q '^branch from' "$save" || fail "the undone line is not kept as a branch"
      judge branches "$save" | grep -q '^1: left at 1870 Movement' || fail "colonial-judge branches does not list it"
      # The board alone, smaller than the window it was drawn in.
      png_check "$out/save-1870-movement.png" 0 "${screen%x*}" >/dev/null ||
        fail "no picture of the board saved as $out/save-1870-movement.png"
    fi ;;
  small | small_480 | small_square)
    expect_log "script finished"
    expect_log "$screen pixels" ;;
  timer)
    expect_log "timer: time is up"
    expect_log "script finished"
    show
    grep -q "^1872 Movement" "$out/show.txt" || fail "the timed phase was not played: $(head -1 "$out/show.txt")" ;;
  kiosk)
    # Esc and the window's close button did nothing; only the script ended it.
    expect_log "kiosk mode"
    expect_log "script finished"
    expect_show ;;
  soak)
    # Thousands of random actions: no crash (status 0 above), never left the
    # kiosk (only the script's quit ended it), and the record replays.
    expect_log "kiosk mode"
    expect_log "script finished"
    ! grep -q "quit by the player" "$log" || fail "the random input left the kiosk"
    [[ -f $save ]] || fail "no game was autosaved"
    show ;;
  tables)
    expect_log "tables: 3"
    expect_log "Table 3 is damaged"
    expect_log "Table 3 is deleted"
    expect_log "idle: woken"
    expect_log "table 2 (Table 2): playing"
    [[ $(grep -c "table 2 (Table 2): playing" "$log") -eq 2 ]] || fail "Enter on the tables did not play table 2"
    expect_log "script finished"
    # Each table's record holds its own orders only, and replays.
    grep -q '^  pending Britain: F hon H$' "$save" || fail "table 1 lacks Britain's order: $(grep pending "$save")"
    grep -q '^  pending China: A pek H$' "$save" || fail "table 1 lacks China's order: $(grep pending "$save")"
    [[ $(grep -c '^  pending' "$save") -eq 2 ]] || fail "table 1 holds orders not given there: $(grep pending "$save")"
    grep -q '^  pending Britain: F sin H$' "$out/table-2.colonial" || fail "table 2 lacks Britain's order"
    [[ $(grep -c '^  pending' "$out/table-2.colonial") -eq 1 ]] || fail "table 1's orders are in table 2's record"
    # The damaged table is gone; the new one took its number, with its name.
    ! ls "$out"/table-3.colonial.damaged* >/dev/null 2>&1 || fail "the damaged table was not deleted"
    grep -q '^table "Corner"$' "$out/table-3.colonial" || fail "the new table is not named Corner"
    for record in "$save" "$out/table-2.colonial" "$out/table-3.colonial"; do
      judge verify "$record" >/dev/null || fail "$record does not replay"
    done ;;
  escape)
    expect_log "quit by the player" ;;
  phones)
    expect_log "script finished"
    [[ $(grep -c "^colonial: phone seat .* http://127.0.0.1:" "$log") -eq 7 ]] || fail "the phones were not served" ;;
  lang_*)
    expect_log "script finished"
    [[ $case_name != lang_de* ]] || expect_log "language de"
    # Every label whole on every screenshot, in the longer language.
    ! grep "colonial: clipped on" "$log" >&2 || fail "text is cut off (above)"
    # The record is the same as in English; it ends by agreement.
    expected=$src/lang.expected expect_show
    grep -q "^ *result agreement" "$save" || fail "the game did not end by agreement: $(grep 'result' "$save")" ;;
  idle)
    expect_log "the game untouched for 20 days is archived as"
    ls "$out"/game-*.colonial >/dev/null 2>&1 || fail "the old game was not kept as game-*.colonial"
    judge verify "$(ls "$out"/game-*.colonial | head -1)" >/dev/null || fail "the archived game does not replay"
    expect_log "idle: the attract view after 0.1 minutes without input"
    expect_log "idle: woken"
    expect_log "script finished"
    show ;;
  staff)
    if [[ -n $walk_small ]]; then
      # staff_small.script: the PIN set, the settings saved, the pad locked.
      expect_log "staff PIN set; staff mode on"
      expect_log "wrong staff PIN; the pad is locked for 60 s"
      expect_log "script finished"
      grep -q '^idle-minutes 12$' "$out/kiosk-settings" && grep -q '^archive-days 15$' "$out/kiosk-settings" ||
        fail "the kiosk settings were not saved: $(cat "$out/kiosk-settings" 2>&1)"
      grep -q '^timers movement=120 ' "$save" || fail "the movement timer is not in the record: $(grep '^timers' "$save")"
      show
    else
      # The PIN chosen at the first start (after the pad refused a short one and
      # two that differ), kept only as a hash; a passer-by's five wrong PINs
      # locked the pad, the right PIN during the lock was not taken, after the
      # minute it opened staff mode, and staff left the kiosk.
      expect_log "staff PIN set; staff mode on"
      pin=$out/staff-pin
      [[ -f $pin ]] || fail "no staff PIN file beside the save"
      grep -q '^\$argon2id\$' "$pin" || fail "the PIN file holds no Argon2id hash: $(cat "$pin")"
      ! grep -q 2468 "$pin" || fail "the PIN is in the file in clear"
      [[ $(grep -c "colonial: wrong staff PIN$" "$log") -eq 4 ]] || fail "not four plain wrong PINs before the lock"
      expect_log "wrong staff PIN; the pad is locked for 60 s"
      [[ $(grep -c "colonial: staff mode on$" "$log") -eq 1 ]] || fail "the right PIN was taken during the lock"
      expect_log "staff mode off (locked by the staff)"
      expect_log "quit by the player"
      ! grep -q "script finished" "$log" || fail "the staff's Quit did not leave the kiosk"
      # The staff's settings: the kiosk's beside the save, the timer in the record.
      settings=$out/kiosk-settings
      grep -q '^idle-minutes 12$' "$settings" && grep -q '^archive-days 15$' "$settings" ||
        fail "the kiosk settings were not saved: $(cat "$settings" 2>&1)"
      grep -q '^timers movement=120 ' "$save" || fail "the movement timer is not in the record: $(grep '^timers' "$save")"
      show
    fi ;;
  damaged)
    expect_log "script finished"
    expect_log "could not be read"
    [[ -f $save.damaged ]] || fail "the damaged save was not kept as $save.damaged"
    grep -q "the rest was lost" "$save.damaged" || fail "the damaged save was changed"
    # The new game started after it is saved as usual.
    show ;;
esac
if [[ -n $walk_language ]]; then
  expect_log "language $walk_language"
  ! grep "colonial: clipped on" "$log" >&2 || fail "text is cut off in $walk_language at $screen (above)"
fi
echo "run_e2e.sh $case_name: passed ($shots screenshots in $out)"
