#!/usr/bin/env bash
# The game master's commands of colonial-judge: edit (the PRESTATE form),
# rollback (the rest kept as a branch), branches (list, restore); every
# record they write verifies; bad input is refused and saves nothing.
# usage: gm_cli.sh JUDGE [EMULATOR...]
set -u
judge=("${@:2}" "$1")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
game="$dir/game.txt"
failures=0
checks=0
check() {  # check NAME EXPECTED-STATUS COMMAND... (stdin from $input when set)
  local name=$1 want=$2
  shift 2
  checks=$((checks + 1))
  if [[ -n ${input:-} ]]; then
    printf '%s' "$input" | "$@" >"$dir/out" 2>&1
  else
    "$@" >"$dir/out" 2>&1 </dev/null
  fi
  local got=$?
  input=
  if [[ $got -ne $want ]]; then
    echo "FAIL $name: exit $got, expected $want"; sed 's/^/  | /' "$dir/out"; failures=$((failures + 1))
  fi
}
expect_output() {
  checks=$((checks + 1))
  if ! grep -qF -- "$2" "$dir/out"; then
    echo "FAIL $1: output lacks '$2'"; sed 's/^/  | /' "$dir/out"; failures=$((failures + 1))
  fi
}
verify() {
  check "verify after $1" 0 "${judge[@]}" verify "$game"
}

check new 0 "${judge[@]}" new -o "$game"
# No phase played: nothing to roll back, nothing to restore.
check rollback-empty 1 "${judge[@]}" rollback "$game"
expect_output rollback-empty "no phase has been played yet"
check branches-none 0 "${judge[@]}" branches "$game"
expect_output branches-none "No branches"

# The table's board: a British army in Bengal the app lacks, Turkey in civil disorder.
input=$'PRESTATE_SUPPLYCENTER_OWNERS\n  Britain: hon\nCIVIL_DISORDER Turkey\n' check edit-owners 0 "${judge[@]}" edit "$game"
expect_output edit-owners "owner of Aden: Britain -> nobody"
expect_output edit-owners "Turkey in civil disorder"
verify edit-owners
before=$(cat "$game")
input=$'PRESTATE\n  Russia: A mos\n  China: A mos\n' check edit-two-units 1 "${judge[@]}" edit "$game"
expect_output edit-two-units "two units in one province: 'Moscow'"
expect_output edit-two-units "nothing was saved"
[[ $(cat "$game") == "$before" ]] || { echo "FAIL edit-two-units changed the record"; failures=$((failures + 1)); }
input=$'PRESTATE\n  Holland: F ban\n' check edit-no-coast 1 "${judge[@]}" edit "$game"
expect_output edit-no-coast "without a coast"
input=$'PRESTATE_DISLODGED\n  China: A can\n' check edit-dislodged 1 "${judge[@]}" edit "$game"
expect_output edit-dislodged "outside a retreat phase"
input=$'Russia: A mos\n' check edit-no-block 1 "${judge[@]}" edit "$game"
expect_output edit-no-block "line 1: this line is in no block"

# A phase played, then rolled back and played again with a corrected order.
input=$'France: A TON - CAN\nBritain: F HK S A TON - CAN\n' check submit 0 "${judge[@]}" submit "$game"
check adjudicate 0 "${judge[@]}" adjudicate "$game"
check rollback 0 "${judge[@]}" rollback "$game"
expect_output rollback "Back to 1870 Movement: 1 phase undone"
expect_output rollback "kept as branch 1"
verify rollback
check show-after-rollback 0 "${judge[@]}" show "$game"
expect_output show-after-rollback "orders in: Britain France"
input=$'France: A TON H\n' check correct 0 "${judge[@]}" submit "$game"
check adjudicate-again 0 "${judge[@]}" adjudicate "$game"
verify replayed
check branches 0 "${judge[@]}" branches "$game"
expect_output branches "1: left at 1870 Movement"
check restore 0 "${judge[@]}" branches "$game" --restore 1
expect_output restore "Branch 1 restored"
verify restore
check restore-bad 2 "${judge[@]}" branches "$game" --restore 7
check rollback-bad 2 "${judge[@]}" rollback "$game" --to 99
check rollback-name 0 "${judge[@]}" rollback "$game" --to "1870 Movement"
verify rollback-name
check rollback-unplayed 1 "${judge[@]}" rollback "$game" --to "1900 Movement"
expect_output rollback-unplayed "no phase 1900 Movement was played"

echo "gm_cli: $checks checks, $failures failure(s)"
[[ $failures -eq 0 ]]
