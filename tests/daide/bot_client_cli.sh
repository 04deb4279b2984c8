#!/usr/bin/env bash
# colonial-judge bot --daide end to end, over TCP on 127.0.0.1 only, against
# our own server (colonial-judge daide): a Standard game with one of our bots
# (hard) and six test clients, a Colonial game with seven of ours; then the
# faults a client meets: no server, a power it is not given (a map it does
# not know is test_bot_client.cpp's, on a board of its own); last, tournament --vs-daide with our bot as the external client.
# usage: bot_client_cli.sh JUDGE TEST-CLIENT [EMULATOR...]
set -u
judge=("${@:3}" "$1")
client=("${@:3}" "$2")
# shellcheck source=../cli_game/cli_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../cli_game/cli_lib.sh"
# shellcheck source=daide_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/daide_lib.sh"

# ours NAME WANT OPTIONS...: our bot client in the background; WANT its exit status.
ours() {
  local name=$1 want=$2
  shift 2
  "${judge[@]}" bot --daide "127.0.0.1:$port" --timeout 60 --name "$name" "$@" >"$dir/$name.log" 2>&1 &
  pids+=($!)
  names+=("$name")
  wants+=("$want")
}
log_has() {  # log_has NAME TEXT
  checks=$((checks + 1))
  grep -qF -- "$2" "$dir/$1.log" || { echo "FAIL $1 lacks '$2'"; sed 's/^/  | /' "$dir/$1.log"; failures=$((failures + 1)); }
}

# Standard to 1902: our hard bot and six test clients.
check new_standard 0 "${judge[@]}" new -o "$dir/standard.txt" --variant standard --last-year 1902
serve "$dir/standard.txt" 20 200
ours hard 0 --level hard --seed 3
for i in 1 2 3 4 5 6; do theirs "test$i" --seed "$i"; done
finish
check verify_standard 0 "${judge[@]}" verify "$dir/standard.txt"
log_has hard "joined; the map is STANDARD"
log_has hard "orders for FAL 1902"
log_has hard "the game has ended: DRW"

# Colonial to 1876: seven of ours at every level.
check new_colonial 0 "${judge[@]}" new -o "$dir/colonial.txt" --last-year 1876
serve "$dir/colonial.txt" 20 200
for i in 1 2 3 4 5 6 7; do
  level=(easy normal hard)
  ours "colonial$i" 0 --level "${level[$((i % 3))]}" --seed "$i"
done
finish
check verify_colonial 0 "${judge[@]}" verify "$dir/colonial.txt"
log_has colonial1 "joined; the map is COLONIAL"
log_has colonial1 "orders for FAL 1876"
log_has colonial1 "the game has ended: DRW"
check show_colonial 0 "${judge[@]}" show "$dir/colonial.txt"
expect_output show_colonial "game over: turn limit reached"

# No server on the port the last one used: a clear line, exit 1.
check refused 1 "${judge[@]}" bot --daide "127.0.0.1:$port" --level easy
expect_output refused "cannot connect to 127.0.0.1:$port"

# A power asked for and not given (the first seat is Austria's).
check new_power 0 "${judge[@]}" new -o "$dir/power.txt" --variant standard --last-year 1901
serve "$dir/power.txt" 20 8
ours england 1 --level easy --power ENG
sleep 0.5
for i in 1 2 3 4 5 6; do theirs "seat$i" --seed "$i"; done
finish
log_has england "the server gave us AUS, not ENG"

# Bad lines: no port; a game with --daide.
check no_port 2 "${judge[@]}" bot --daide 127.0.0.1
expect_output no_port "--daide wants HOST:PORT"
check game_too 2 "${judge[@]}" bot "$dir/power.txt" --daide 127.0.0.1:1
check passcode_alone 2 "${judge[@]}" bot --daide 127.0.0.1:1 --passcode 12

# Our bot against itself across processes.
check tournament 0 "${judge[@]}" tournament --games 1 --seed 1 --bot easy --variant standard --last-year 1902 \
  --deadline 10 --vs-daide "${judge[*]} bot --daide {host}:{port} --level hard"
expect_output tournament "game 1: Austria (easy)"
expect_output tournament "; voided 0; mean centres"

echo "$((checks - failures)) passed, $failures failed"
[[ $failures -eq 0 ]]
