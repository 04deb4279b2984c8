#!/usr/bin/env bash
# colonial-judge's game commands end to end, as a game master would use them:
# a game kept in a record file across invocations, orders from stdin, typed
# results, damage to the file, export and import.
# usage: game_cli.sh JUDGE [EMULATOR...]
set -u
judge=("${@:2}" "$1")
# shellcheck source=cli_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"

check new 0 "${judge[@]}" new -o "$game" --player Britain=Alice
expect_output new "1870 Movement"
check show 0 "${judge[@]}" show "$game"
expect_output show "Russia"

# Orders as a game master keys them in: rulebook notation, em dashes, names.
printf 'Britain: F HK S F SIN—SCS\nRussia: A VLA-SEO, A OMSK-ORE\nChina: A MAC - Port Arthur\nTurkey: F CON H\n' >"$dir/orders"
check submit 0 "${judge[@]}" submit "$game" "$dir/orders"
expect_output submit "Russia: 2 orders in"
check orders_secret 0 "${judge[@]}" show "$game"
expect_output orders_secret "orders in: Britain China Russia Turkey"

# A misspelt province is refused with a suggestion and nothing is saved.
printf 'Russia: A MOS-Orenbrug\n' | "${judge[@]}" submit "$game" >"$dir/out" 2>&1
[[ $? -eq 1 ]] || { echo "FAIL bad order accepted"; failures=$((failures + 1)); }
expect_output bad_order "did you mean"

check adjudicate 0 "${judge[@]}" adjudicate "$game"
expect_output adjudicate "A mac - por: bounced"
expect_output adjudicate "A vla - seo: succeeded"
expect_output adjudicate "1872 Movement"
check results 0 "${judge[@]}" results "$game" 1
expect_output results "1870 Movement"
check legal 0 "${judge[@]}" legal "$game" SEO
expect_output legal "Russia: A seo - fus"
check verify 0 "${judge[@]}" verify "$game"
expect_output verify "1 phase replayed"
[[ -f "$game.bak" ]] || { echo "FAIL no previous save kept as .bak"; failures=$((failures + 1)); }

# Export and import give the same game.
check export 0 "${judge[@]}" export "$game"
cp "$dir/out" "$dir/export.txt"
expect_output export "Russia: A vla - seo"
check import 0 "${judge[@]}" import "$dir/export.txt" -o "$dir/imported.txt"
check verify_imported 0 "${judge[@]}" verify "$dir/imported.txt"
"${judge[@]}" show "$game" >"$dir/a" 2>&1
"${judge[@]}" show "$dir/imported.txt" >"$dir/b" 2>&1
head -8 "$dir/a" >"$dir/a8"; head -8 "$dir/b" >"$dir/b8"
cmp -s "$dir/a8" "$dir/b8" || { echo "FAIL imported game differs"; diff "$dir/a8" "$dir/b8"; failures=$((failures + 1)); }

# A damaged or cut-off record is refused with its line, and not overwritten.
head -n 30 "$game" >"$dir/cut.txt"
check cut 1 "${judge[@]}" show "$dir/cut.txt"
expect_output cut "incomplete"
head -c 600 "$game" >"$dir/cut_mid_line.txt"
check cut_mid_line 1 "${judge[@]}" show "$dir/cut_mid_line.txt"
expect_output cut_mid_line "cut_mid_line.txt:"
sed 's/=> bounced/=> succeeded/' "$game" >"$dir/tampered.txt"
check tampered 1 "${judge[@]}" verify "$dir/tampered.txt"
expect_output tampered "1870 Movement"
check missing 1 "${judge[@]}" show "$dir/nope.txt"
check usage 2 "${judge[@]}" new
check preset 0 "${judge[@]}" new -o "$dir/two.txt" --players 2
# Options as getopt_long reads them: --name=VALUE, anywhere among the words;
# an unknown option, a missing value and a stray word are named.
check equals 0 "${judge[@]}" new --out="$dir/three.txt" --players=3 --preset=club
check equals_show 0 "${judge[@]}" show "$dir/three.txt"
expect_output equals_show "1870 Movement"
grep -q "players=Britain+China,France+Russia,Holland+Japan+Turkey" "$dir/three.txt" || { echo "FAIL equals: --players=3 not in the record"; failures=$((failures + 1)); }
check unknown_option 2 "${judge[@]}" show "$game" --colour
expect_output unknown_option "unknown option '--colour' (see colonial-judge help show)"
check missing_value 2 "${judge[@]}" end "$game" --by
expect_output missing_value "--by needs a value"
check stray_word 2 "${judge[@]}" verify "$game" "$game"
expect_output stray_word "unexpected argument"
check style_value 2 "${judge[@]}" results "$game" 1 --style=poetry
expect_output style_value "--style takes judge or rulebook or sentences, not 'poetry'"
check help_per_command 0 "${judge[@]}" rollback --help
expect_output help_per_command "usage: colonial-judge rollback GAME"
check two_players 0 "${judge[@]}" show "$dir/two.txt"
expect_output two_players "Russia"

# The Suez Canal's SC order is an order of the power in Egypt besides its
# unit's own (9.34): both in one submission, on one line.
suez="$dir/suez.txt"
check suez_new 0 "${judge[@]}" new -o "$suez"
printf 'Turkey: A ANG-SYR\nBritain: F ADEN-RS\n' | "${judge[@]}" submit "$suez" >/dev/null
"${judge[@]}" adjudicate "$suez" >/dev/null
printf 'Turkey: A SYR-EGY\n' | "${judge[@]}" submit "$suez" >/dev/null
"${judge[@]}" adjudicate "$suez" >/dev/null
printf 'Turkey: Build A ANG\n' | "${judge[@]}" submit "$suez" >/dev/null
check suez_adjustment 0 "${judge[@]}" adjudicate "$suez"
expect_output suez_adjustment "1874 Movement"
printf 'Turkey: A EGY H, SC British F RS-MED\nBritain: F RS-MED\n' >"$dir/suez_orders"
check suez_submit 0 "${judge[@]}" submit "$suez" "$dir/suez_orders"
expect_output suez_submit "Turkey: 2 orders in"
check suez_adjudicate 0 "${judge[@]}" adjudicate "$suez"
expect_output suez_adjudicate "Turkey: A egy H: succeeded"
expect_output suez_adjudicate "Turkey: A egy SC British F red - med: succeeded"
expect_output suez_adjudicate "Britain: F red - med: succeeded"

# DRAW and SURRENDER (the club's house rules): handed in with the orders,
# withdrawn by a submission without them; SURRENDER is secret until the
# phase is played; the votes are reported with the results.
votes="$dir/votes.txt"
check votes_new 0 "${judge[@]}" new -o "$votes" --preset club
printf 'Britain: DRAW\nBritain: F HK H\nChina: DRAW\nTurkey: SURRENDER\nTurkey: A ANG-ARM\n' >"$dir/votes_orders"
check votes_submit 0 "${judge[@]}" submit "$votes" "$dir/votes_orders"
expect_output votes_submit "Britain: 1 order in, DRAW"
expect_output votes_submit "Turkey: 1 order in, SURRENDER"
check surrender_secret 0 "${judge[@]}" show "$votes"
if grep -q "surrendered" "$dir/out"; then echo "FAIL show reveals a pending SURRENDER"; failures=$((failures + 1)); fi
printf 'China: A PEK H\n' | "${judge[@]}" submit "$votes" >/dev/null  # China withdraws its DRAW
check votes_adjudicate 0 "${judge[@]}" adjudicate "$votes"
expect_output votes_adjudicate "Turkey: A ang - arm: succeeded"
expect_output votes_adjudicate "SURRENDER: Turkey"
expect_output votes_adjudicate "DRAW voted by: Britain (not all: the vote fails)"
expect_output votes_adjudicate "(surrendered)"
check votes_results 0 "${judge[@]}" results "$votes" 1
expect_output votes_results "DRAW voted by: Britain"
check votes_verify 0 "${judge[@]}" verify "$votes"
printf 'Russia: SURRENDER\n' | "${judge[@]}" submit "$votes" >/dev/null
printf 'Russia: A MOS H\n' | "${judge[@]}" submit "$votes" >/dev/null  # withdrawn
"${judge[@]}" adjudicate "$votes" >"$dir/out" 2>&1
if grep -q "Russia .*(surrendered)" "$dir/out"; then echo "FAIL a withdrawn SURRENDER counted"; failures=$((failures + 1)); fi
# The club's ending: time is up, the most units win, ties shared.
check end_units 0 "${judge[@]}" end "$votes"
expect_output end_units "game over: time limit reached (most units)"
check end_again 1 "${judge[@]}" end "$votes" --by colonies
check end_colonies 0 "${judge[@]}" end "$game" --by colonies
expect_output end_colonies "game over: time limit reached (most colonies), Britain wins"
check end_bad 2 "${judge[@]}" end "$game" --by votes

# Conditional retreats and adjustments (the club's house rules): handed in
# with the movement orders, applied when their phase begins, and a phase
# nobody is left to decide is played at once - through to the next movement
# phase without asking.
cond="$dir/cond.txt"
check cond_new 0 "${judge[@]}" new -o "$cond" --calendar seasons
# Bad ones: clear errors, nothing saved.
cp "$cond" "$dir/cond_before.txt"
printf 'China: If DEL is dislodged, retreat LUC\n' >"$dir/bad1"
check cond_not_own 1 "${judge[@]}" submit "$cond" "$dir/bad1"
expect_output cond_not_own "the unit in Delhi is British, not Chinese"
printf 'China: A PEK H\nChina: If CAN is dislodged, retreat SCS\n' >"$dir/bad2"
check cond_no_retreat 1 "${judge[@]}" submit "$cond" "$dir/bad2"
expect_output cond_no_retreat "the South China Sea is no retreat for the army in Canton"
printf 'China: If 6 builds: build A PEK\n' >"$dir/bad3"
check cond_too_many 1 "${judge[@]}" submit "$cond" "$dir/bad3"
expect_output cond_too_many "China can never build 6 units at once"
cmp -s "$cond" "$dir/cond_before.txt" || { echo "FAIL a refused submission changed the record"; failures=$((failures + 1)); }
printf 'France: A TON-CAN\nBritain: F HK S A TON-CAN\nChina: A PEK H\nChina: If CAN is dislodged, retreat YUN, CHU\n' >"$dir/cond1"
check cond_submit 0 "${judge[@]}" submit "$cond" "$dir/cond1"
expect_output cond_submit "China: 1 order in, 1 conditional"
check cond_adjudicate 0 "${judge[@]}" adjudicate "$cond"
expect_output cond_adjudicate "China: A can - yun (conditional)"
expect_output cond_adjudicate "not asked (decided by their conditionals): China"
expect_output cond_adjudicate "China: A can - yun (conditional): succeeded"
expect_output cond_adjudicate "Fall 1870 Movement"
printf 'France: If 1 build: build A TON\nChina: If 1 disband: disband A YUN\n' >"$dir/cond2"
check cond_submit2 0 "${judge[@]}" submit "$cond" "$dir/cond2"
check cond_adjudicate2 0 "${judge[@]}" adjudicate "$cond"
expect_output cond_adjudicate2 "France: Build A ton (conditional): succeeded"
expect_output cond_adjudicate2 "China: A yun disband (conditional): succeeded"
expect_output cond_adjudicate2 "Spring 1871 Movement"
check cond_verify 0 "${judge[@]}" verify "$cond"
check cond_results 0 "${judge[@]}" results "$cond" 2
expect_output cond_results "China: A can - yun (conditional): succeeded"
grep -q "condition China: If A can is dislodged, retreat yun, chu" "$cond" ||
  { echo "FAIL the record lacks the conditional"; failures=$((failures + 1)); }
check cond_export 0 "${judge[@]}" export "$cond"
cp "$dir/out" "$dir/cond_export.txt"
check cond_import 0 "${judge[@]}" import "$dir/cond_export.txt" -o "$dir/cond_imported.txt" --calendar seasons
check cond_import_verify 0 "${judge[@]}" verify "$dir/cond_imported.txt"

passed=$((checks - failures))
echo "$passed passed, $failures failed"
[[ $failures -eq 0 ]]
