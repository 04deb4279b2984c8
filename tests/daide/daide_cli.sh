#!/usr/bin/env bash
# colonial-judge daide end to end, over TCP on 127.0.0.1 only, against our
# own test client (daide_test_client): whole games on the Standard and the
# Colonial boards, with a client sending malformed and out-of-turn messages
# and one waiving every build; then the faults: a silent client (NMRs in the
# record), one spinning at 100% CPU past the deadline, one leaving and
# coming back with IAM; each record checked by `verify`. Last, tournament
# --vs-daide with the test client, and a stuck game voided.
# usage: daide_cli.sh JUDGE CLIENT [EMULATOR...]
set -u
judge=("${@:3}" "$1")
client=("${@:3}" "$2")
# shellcheck source=../cli_game/cli_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../cli_game/cli_lib.sh"
# shellcheck source=daide_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/daide_lib.sh"

# A whole Standard game to 1903: five plain clients, a rude one, a waiver.
check new_standard 0 "${judge[@]}" new -o "$dir/standard.txt" --variant standard --last-year 1903
serve "$dir/standard.txt" 20
for i in 1 2 3 4 5; do theirs "plain$i" --seed "$i"; done
theirs rude --garbage --seed 6
theirs waiver --waive-only --seed 7
finish
check verify_standard 0 "${judge[@]}" verify "$dir/standard.txt"
check show_standard 0 "${judge[@]}" show "$dir/standard.txt"
expect_output show_standard "1904"
checks=$((checks + 1))
grep -q "waives" "$dir/waiver.log" || { echo "FAIL the waiver said nothing"; failures=$((failures + 1)); }

# A whole Colonial game to 1876.
check new_colonial 0 "${judge[@]}" new -o "$dir/colonial.txt" --last-year 1876
serve "$dir/colonial.txt" 20
for i in 1 2 3 4 5 6 7; do theirs "colonial$i" --seed "$((i + 10))"; done
finish
check verify_colonial 0 "${judge[@]}" verify "$dir/colonial.txt"
checks=$((checks + 1))
grep -q "COLONIAL\|Colonial" "$dir/server.log" "$dir/colonial.txt" || { echo "FAIL no Colonial game"; failures=$((failures + 1)); }

# The faults, with a two-second deadline: silent, spinning, leaving and back.
check new_faults 0 "${judge[@]}" new -o "$dir/faults.txt" --variant standard --last-year 1902
serve "$dir/faults.txt" 2
theirs silent --silent
theirs spinner --spin 4 --seed 2
theirs leaver --leave-after 1 --rejoin --seed 3
# One that never orders all its units keeps every phase to its deadline.
theirs partial --partial --seed 4
for i in 5 6 7; do theirs "plain$i" --seed "$i"; done
finish
check verify_faults 0 "${judge[@]}" verify "$dir/faults.txt"
checks=$((checks + 1))
grep -q "no-order" "$dir/faults.txt" || { echo "FAIL no NMR in the record"; failures=$((failures + 1)); }
checks=$((checks + 1))
grep -q "civil disorder" "$dir/server.log" && grep -q "is back (IAM)" "$dir/server.log" ||
  { echo "FAIL no civil disorder and return"; sed 's/^/  | /' "$dir/server.log"; failures=$((failures + 1)); }
check results_faults 0 "${judge[@]}" show "$dir/faults.txt"

# Tournaments against the test client: two games, then one stuck and voided.
check tournament 0 "${judge[@]}" tournament --games 2 --seed 1 --bot easy --variant standard --last-year 1902 \
  --deadline 5 --vs-daide "${client[*]} --host {host} --port {port}"
expect_output tournament "game 1: Austria (easy)"
expect_output tournament "game 2: England (easy)"
expect_output tournament "easy vs "
expect_output tournament ": 2 games,"
expect_output tournament "; voided 0; mean centres"
expect_output tournament "95% intervals: solos"
expect_output tournament "  England"
check stuck 0 "${judge[@]}" tournament --games 1 --seed 1 --bot easy --variant standard --deadline 60 \
  --game-seconds 3 --vs-daide "${client[*]} --host {host} --port {port} --silent"
expect_output stuck "game 1: Austria voided: stuck in Spring 1901 Movement after 3 s"
expect_output stuck "solos 0 of 0; survived 0 of 0; voided 1"
check no_port 2 "${judge[@]}" tournament --games 1 --bot easy --vs-daide "dumbbot"
expect_output no_port "--vs-daide wants a command with {port}"

echo "$((checks - failures)) passed, $failures failed"
[[ $failures -eq 0 ]]
