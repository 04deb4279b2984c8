#!/usr/bin/env bash
# Era of Empire's rules through colonial-judge, as a game master would play
# them: the preset, two years on the Colonial board with a conversion and a
# conscription build, the submissions refused for their own reasons with
# nothing saved, the record replayed; the rules summary; named settings.
# usage: eoe_cli.sh JUDGE [EMULATOR...]
set -u
judge=("${@:2}" "$1")
# shellcheck source=cli_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"
submit() {  # submit NAME EXPECTED-STATUS ORDER-LINES...
  local name=$1 want=$2
  shift 2
  printf '%s\n' "$@" >"$dir/orders"
  check "$name" "$want" "${judge[@]}" submit "$game" "$dir/orders"
}
unchanged() {  # unchanged NAME: the record is what it was before the last refused submission
  checks=$((checks + 1))
  cmp -s "$game" "$dir/before" || { echo "FAIL $1: the record changed"; failures=$((failures + 1)); }
}

check new 0 "${judge[@]}" new -o "$game" --preset era-of-empire
expect_output new "Spring 1870 Movement"
grep -q "conscription=on conversion=on civil-disorder=era-of-empire endings=era-of-empire united-powers=on" "$game" ||
  { echo "FAIL the record lacks the Era of Empire rules"; failures=$((failures + 1)); }
grep -q "^victory 22$" "$game" || { echo "FAIL the record lacks victory 22"; failures=$((failures + 1)); }

# 1870: a British fleet takes Sudan from the Red Sea; an army goes to
# Hyderabad, which is no centre.
submit spring 0 "Britain: F ADE-RED" "Britain: A MAD-HYD"
check spring_play 0 "${judge[@]}" adjudicate "$game"
expect_output spring_play "Fall 1870 Movement"
submit fall 0 "Britain: F RED-SUD"
check fall_play 0 "${judge[@]}" adjudicate "$game"
expect_output fall_play "Winter 1870 Adjustment"
check winter_show 0 "${judge[@]}" show "$game"
expect_output winter_show "Build 1"
check winter_legal 0 "${judge[@]}" legal "$game" Britain
expect_output winter_legal "Britain: Build A sud"   # the conversion
expect_output winter_legal "Britain: Build A mad"   # a build

# Each mistake is refused with its own sentence, and nothing is saved.
cp "$game" "$dir/before"
submit inland 1 "Britain: Build F DEL"
expect_output inland "cannot become a fleet: it is inland"
unchanged inland
submit not_centre 1 "Britain: Build F HYD"
expect_output not_centre "cannot be converted: it stands in no supply centre Britain controls"
unchanged not_centre
submit occupied 1 "Britain: Build F BOM"
expect_output occupied "Bombay is occupied"
unchanged occupied
submit convert_and_disband 1 "Britain: Build A SUD" "Britain: Disband F SUD"
expect_output convert_and_disband "both converted and disbanded"
unchanged convert_and_disband

# The conversion (Army Sudan, as the rulebook writes it) and a build.
submit winter 0 "Britain: Army Sudan" "Britain: Build A MAD"
expect_output winter "Britain: 2 orders in"
check winter_play 0 "${judge[@]}" adjudicate "$game"
expect_output winter_play "Britain: Build A sud: converted"
expect_output winter_play "Britain: Build A mad: succeeded"
expect_output winter_play "Spring 1871 Movement"

# 1871: the army leaves Sudan, which stays British; Fall takes Egypt.
submit spring71 0 "Britain: A SUD-EGY"
check spring71_play 0 "${judge[@]}" adjudicate "$game"
check fall71_play 0 "${judge[@]}" adjudicate "$game"
expect_output fall71_play "Winter 1871 Adjustment"
# Conscription: a build in Sudan, not a home centre.
submit conscription 0 "Britain: Build F SUD"
check conscription_play 0 "${judge[@]}" adjudicate "$game"
expect_output conscription_play "Britain: Build F sud: succeeded"
check after_show 0 "${judge[@]}" show "$game"
expect_output after_show "F SUD"
check verify 0 "${judge[@]}" verify "$game"
check export 0 "${judge[@]}" export "$game"
cp "$dir/out" "$dir/export.txt"
expect_output export "Britain: Build A sud"
check import 0 "${judge[@]}" import "$dir/export.txt" -o "$dir/imported.txt" --preset era-of-empire
check verify_imported 0 "${judge[@]}" verify "$dir/imported.txt"

check rules_text 0 "${judge[@]}" rules --preset era-of-empire
expect_output rules_text "Conscription"
expect_output rules_text "farthest from a centre the power owns"
check rules_club 0 "${judge[@]}" rules --preset club
expect_output rules_club "Turn and time limits"
expect_output rules_club "9.2 Trans-Siberian Railroad"
check rules_none 2 "${judge[@]}" rules --preset nonsense
check bad_rule 2 "${judge[@]}" new -o "$dir/x.txt" --rule civil-disorder=2000
expect_output bad_rule "1995 or era-of-empire"
check bad_players 2 "${judge[@]}" new -o "$dir/x.txt" --rule players=Turkey+Atlantis
expect_output bad_players "Atlantis"
check players 0 "${judge[@]}" new -o "$dir/three.txt" --preset era-of-empire --players 3
grep -q "players=China+Britain\|players=Britain+China" "$dir/three.txt" ||
  { echo "FAIL the record does not keep who commands which powers"; sed 's/^/  | /' "$dir/three.txt" | head; failures=$((failures + 1)); }
check help_new 0 "${judge[@]}" help new
expect_output help_new "civil-disorder=1995|era-of-empire"

echo "$checks checks, $failures failed"
[[ $failures -eq 0 ]]
