#!/usr/bin/env bash
# The computer players through colonial-judge: a power's orders printed and
# handed in as a club would for an abandoned power, the game played on; the
# same orders again for the same seed; a short tournament and its summary
# line; and the refusals: no such power, level or count, a game that has
# ended.
# usage: bot_cli.sh JUDGE [EMULATOR...]
set -u
judge=("${@:2}" "$1")
# shellcheck source=cli_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"

check new 0 "${judge[@]}" new -o "$game"
check bot 0 "${judge[@]}" bot "$game" --power France --level normal --seed 5
expect_output bot "France: A coc"
expect_output bot "France: A ton"
cp "$dir/out" "$dir/orders"
check bot_again 0 "${judge[@]}" bot "$game" --power France --level normal --seed 5
checks=$((checks + 1))
cmp -s "$dir/out" "$dir/orders" || { echo "FAIL the same seed gave other orders"; failures=$((failures + 1)); }
check submit 0 "${judge[@]}" submit "$game" "$dir/orders"
check play 0 "${judge[@]}" adjudicate "$game"
expect_output play "1872 Movement"
check bot_easy 0 "${judge[@]}" bot "$game" --power Russia --level easy --style rulebook
expect_output bot_easy "Russia: A "

check no_power 1 "${judge[@]}" bot "$game" --power Prussia
expect_output no_power "no power 'Prussia'"
check no_level 2 "${judge[@]}" bot "$game" --power France --level expert
expect_output no_level "--level wants easy, normal or hard, not 'expert'"
check needs_power 2 "${judge[@]}" bot "$game"
expect_output needs_power "--power POWER is required"
check ended_game 0 "${judge[@]}" end "$game" --by colonies
check ended 1 "${judge[@]}" bot "$game" --power France
expect_output ended "the game has ended"

check tournament 0 "${judge[@]}" tournament --games 2 --seed 3 --bot easy --vs random --last-year 1876
expect_output tournament "game 2: China (easy)"
grep -qE '^easy vs random: 2 games, [0-9]+ won, [0-9]+ shared, [0-9]+ lost; mean colonies [0-9.]+ \(others [0-9.]+\); decision median [0-9.]+ ms, max [0-9.]+ ms$' "$dir/out" ||
  { echo "FAIL the tournament's summary line"; sed 's/^/  | /' "$dir/out"; failures=$((failures + 1)); }
checks=$((checks + 1))
check zero_games 2 "${judge[@]}" tournament --games 0 --bot easy --vs random
expect_output zero_games "--games wants a number from 1"
check unknown_vs 2 "${judge[@]}" tournament --games 1 --bot easy --vs genius
expect_output unknown_vs "--vs wants random, easy, normal or hard, not 'genius'"
check unknown_bot 2 "${judge[@]}" tournament --games 1 --bot genius --vs easy
expect_output unknown_bot "--bot wants easy, normal or hard"

echo "bot_cli: $checks checks, $failures failures"
[[ $failures -eq 0 ]]
