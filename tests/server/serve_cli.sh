#!/usr/bin/env bash
# colonial-judge serve end to end, as a club's Pi runs it: one URL per power,
# orders by curl (on 127.0.0.1 only), saved at once (a kill -9 loses none),
# the same URLs after a restart, a re-issued seat, adjudication when every
# power is done, the results for every phone; the game master's seat, its new
# address and turned off; the app for the browser served at /app/ with its
# types, and nothing outside its folder.
# usage: serve_cli.sh JUDGE
set -u
judge=$1
dir=$(mktemp -d)
pid=
trap '[[ -n $pid ]] && kill -9 $pid 2>/dev/null; rm -rf "$dir"' EXIT
game="$dir/game.txt"
failures=0
fail() { local m="$*"; echo "FAIL: ${m:0:400}"; failures=$((failures + 1)); }

# Runs COMMAND... every 0.1 s until it succeeds, for up to 30 s (a loaded
# machine can take seconds to start a program or to answer).
wait_for() {
  for _ in $(seq 300); do
    "$@" && return 0
    sleep 0.1
  done
  return 1
}

# Starts the server (at most 60 s) and reads the URLs it prints. Without the
# app for the browser (a tree where ./scripts/web ran would serve its copy)
# unless the arguments name one.
start() {
  # The last run's log goes first: the new server truncates it only once it
  # runs, and until then the wait below would read the old URLs.
  rm -f "$dir/serve.log"
  "$judge" serve "$game" --port 0 --for 60 --app off "$@" >"$dir/serve.log" 2>&1 &
  pid=$!
  wait_for grep -q '^China http' "$dir/serve.log" 2>/dev/null || true
  britain=$(awk '$1 == "Britain" && $2 ~ /^http/ {print $2}' "$dir/serve.log")
  china=$(awk '$1 == "China" && $2 ~ /^http/ {print $2}' "$dir/serve.log")
  [[ $britain == http://127.0.0.1:* ]] || { fail "no URL for Britain"; cat "$dir/serve.log"; exit 1; }
}
http() {  # http METHOD URL [BODY]: prints the body, then the status on its own line
  curl -s -m 5 -X "$1" ${3+--data-binary "$3"} -w '\n%{http_code}' "$2"
}

"$judge" new -o "$game" >/dev/null || { echo "cannot make a game"; exit 1; }
start
out=$(http POST "${britain}orders" $'A DEL - PUN\nF HK H\n')
[[ ${out##*$'\n'} == 200 ]] || fail "POST orders: $out"
# kill -9 at once: the orders are already in the record.
kill -9 $pid; wait $pid 2>/dev/null; pid=
grep -q 'pending Britain: A del - pun' "$game" || fail "the orders did not survive kill -9"
first_url=$britain

start
# The seat's path stays (the port is picked afresh by --port 0).
[[ ${britain#*/s/} == "${first_url#*/s/}" ]] || fail "the seat changed on restart: $first_url then $britain"
out=$(http GET "${britain}orders")
[[ $out == $'A del - pun\nF hon H\n\n200' ]] || fail "orders after restart: $out"
out=$(http GET "${china}orders")
[[ $out == $'\n200' || $out == '200' ]] || fail "China sees orders: $out"
kill $pid; wait $pid 2>/dev/null; pid=

# A lost phone: the seat gets a new secret, the old URL is dead.
start --reissue Britain
grep -q '^event seat-reissued seat=Britain$' "$dir/serve.log" || fail "no word of the new seat"
[[ ${britain#*/s/} != "${first_url#*/s/}" ]] || fail "the re-issued URL is the old one"
old_url="${britain%%/s/*}/s/${first_url#*/s/}"
out=$(http GET "${old_url}orders")
[[ ${out##*$'\n'} == 403 ]] || fail "old URL after re-issue: $out"
out=$(http GET "${britain}orders")
[[ ${out##*$'\n'} == 200 ]] || fail "new URL after re-issue: $out"

# Every power done: the phase is played and every phone sees the results.
http POST "${china}orders" $'A CAN - TON\n' >/dev/null
for url in $(awk '$2 ~ /^http.*\/s\// {print $2}' "$dir/serve.log"); do
  out=$(http POST "${url}done" done)
  [[ ${out##*$'\n'} == 200 ]] || fail "done: $out"
done
china_sees_results() {
  out=$(http GET "${china}state")
  [[ $out == *'"serial":1'* ]]
}
wait_for china_sees_results || true
grep -q '^event phase-played reason=all-done$' "$dir/serve.log" || fail "no adjudication"
[[ $out == *'"last_phase":"1870 Movement"'* ]] || fail "state after adjudication: $out"
[[ $out == *'A del - pun'* ]] || fail "the results do not show Britain's move: $out"
kill $pid; wait $pid 2>/dev/null; pid=
"$judge" verify "$game" >/dev/null || fail "the record does not verify"

# The game master's seat: its URL last, a page of its own; a new address on
# --reissue gm; turned off, its URL refused and the phones as they were.
start
gm=$(awk '$1 == "GM" && $2 ~ /^http/ {print $2}' "$dir/serve.log")
[[ $gm == http://127.0.0.1:*/gm/* ]] || fail "no GM URL: $(cat "$dir/serve.log")"
[[ $(tail -n 1 "$dir/serve.log") == "GM $gm" ]] || fail "the GM URL is not the last line"
out=$(http GET "${gm}state")
[[ ${out##*$'\n'} == 200 && $out == *'"screen":"orders"'* ]] || fail "GM state: ${out:0:200}"
out=$(http GET "${gm/\/gm\//\/s\/}state")
[[ ${out##*$'\n'} == 403 ]] || fail "the GM secret opened a power's seat: $out"
out=$(http GET "${britain/\/s\//\/gm\/}state")
[[ ${out##*$'\n'} == 403 ]] || fail "a power's secret opened the GM seat: $out"
kill $pid; wait $pid 2>/dev/null; pid=
first_gm=$gm
start --reissue gm
gm=$(awk '$1 == "GM" && $2 ~ /^http/ {print $2}' "$dir/serve.log")
grep -q '^event seat-reissued seat=GM$' "$dir/serve.log" || fail "no word of the GM's new seat"
[[ ${gm#*/gm/} != "${first_gm#*/gm/}" ]] || fail "the re-issued GM URL is the old one"
kill $pid; wait $pid 2>/dev/null; pid=
start --gm off
grep -q '^event gm-seat-off$' "$dir/serve.log" || fail "no word of the GM seat off"
grep -q '^GM http' "$dir/serve.log" && fail "a GM URL printed with the seat off"
out=$(http GET "${britain%%/s/*}/gm/${gm#*/gm/}state")  # this run's port
[[ ${out##*$'\n'} == 403 ]] || fail "the GM seat answered while off: $out"
out=$(http GET "${britain}orders")
[[ ${out##*$'\n'} == 200 ]] || fail "Britain's seat with the GM off: $out"
kill $pid; wait $pid 2>/dev/null; pid=
start  # GAME.seats keeps it off until --gm on
grep -q '^GM http' "$dir/serve.log" && fail "the GM seat came back on by itself"
kill $pid; wait $pid 2>/dev/null; pid=
start --gm on
grep -q '^GM http' "$dir/serve.log" || fail "--gm on printed no GM URL"
kill $pid; wait $pid 2>/dev/null; pid=

# The app for the browser, from a folder of its own (a stand-in for
# ./scripts/web's build-web/site): the page and its service worker
# revalidated on every visit, the WebAssembly as application/wasm (browsers
# compile it while it loads only then), /app sent on to /app/, nothing
# outside the folder; without it, /app/ says where the app comes from.
site="$dir/site"
mkdir -p "$site/icons"
printf '<!doctype html><title>Colonial</title>\n' >"$site/index.html"
printf '\0asm\1\0\0\0' >"$site/colonial.wasm"
printf 'self.addEventListener("fetch", () => {});\n' >"$site/sw.js"
printf '{"name": "Colonial"}\n' >"$site/manifest.webmanifest"
start --app "$site"
app=$(awk '$1 == "APP" && $2 ~ /^http/ {print $2}' "$dir/serve.log")
[[ $app == http://127.0.0.1:*/app/ ]] || fail "no APP URL: $(cat "$dir/serve.log")"
headers() { curl -s -m 5 -D - -o /dev/null "$1" | tr -d '\r'; }
out=$(headers "$app")
[[ $out == *"200 OK"*"Cache-Control: no-cache"*"Content-Type: text/html"* ]] || fail "the app's page: $out"
out=$(headers "${app}colonial.wasm")
[[ $out == *"200 OK"*"Cache-Control: max-age=3600"*"Content-Type: application/wasm"* ]] || fail "the wasm: $out"
out=$(headers "${app}sw.js")
[[ $out == *"Cache-Control: no-cache"*"Content-Type: text/javascript"* ]] || fail "the service worker: $out"
out=$(headers "${app}manifest.webmanifest")
[[ $out == *"Content-Type: application/manifest+json"* ]] || fail "the manifest: $out"
out=$(headers "${app%/}")
[[ $out == *"302"*"Location: /app/"* ]] || fail "/app is not sent on to /app/: $out"
for path in ../game.txt ../game.txt.seats ..%2fgame.txt %2e%2e/game.txt nothing.js; do
  out=$(curl -s -m 5 --path-as-is -o /dev/null -w '%{http_code}' "$app$path")
  [[ $out == 404 || $out == 400 ]] || fail "/app/$path answered $out"
done
out=$(http GET "${britain}orders")  # the phones as before
[[ ${out##*$'\n'} == 200 ]] || fail "Britain's seat beside the app: $out"
kill $pid; wait $pid 2>/dev/null; pid=
start
grep -q '^APP ' "$dir/serve.log" && fail "an APP URL printed with --app off"
out=$(http GET "${britain%%/s/*}/app/")
[[ ${out##*$'\n'} == 404 && $out == *"./scripts/web"* ]] || fail "/app/ without the app: $out"
kill $pid; wait $pid 2>/dev/null; pid=
said=$("$judge" serve "$game" --port 0 --app "$dir/nowhere" --for 1 2>&1) && fail "--app of a missing folder worked"
[[ $said == *"not in $dir/nowhere"*"./scripts/web"* ]] || fail "no clear error for a missing app folder: $said"

# Usage errors.
"$judge" serve "$game" --port 70000 >/dev/null 2>&1; [[ $? == 2 ]] || fail "--port 70000 accepted"
"$judge" serve "$game" --reissue Atlantis --for 1 >/dev/null 2>&1; [[ $? == 2 ]] || fail "--reissue Atlantis accepted"
"$judge" serve "$game" --gm maybe --for 1 >/dev/null 2>&1; [[ $? == 2 ]] || fail "--gm maybe accepted"
# An address not this machine's (a documentation address): the error names
# it and the options that choose another.
said=$("$judge" serve "$game" --listen 192.0.2.1 --port 0 --for 1 2>&1) && fail "listening on 192.0.2.1 worked"
[[ $said == *"cannot listen on 192.0.2.1"*"--port and --listen choose another"* ]] ||
  fail "no clear error for an address not this machine's: $said"

if [[ $failures -gt 0 ]]; then
  echo "serve_cli: $failures failure(s)"
  exit 1
fi
echo "serve_cli: all checks passed"
