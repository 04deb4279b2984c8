# shellcheck shell=bash
# Shared by the DAIDE end-to-end scripts (sourced after cli_lib.sh, with
# judge=(...) and client=(...) set): our server in the background, the test
# clients beside it, and the wait for every one of them.

# serve GAME DEADLINE [FOR]: the server in the background (for at most FOR
# seconds, 240 unless said); sets $server and $port.
serve() {
  rm -f "$dir/server.log"
  "${judge[@]}" daide "$1" --port 0 --deadline "$2" --for "${3:-240}" >"$dir/server.log" 2>&1 &
  server=$!
  port=
  for _ in $(seq 100); do
    port=$(sed -n 's/^DAIDE server on .* port \([0-9]*\) for .*/\1/p' "$dir/server.log" 2>/dev/null)
    [[ -n $port ]] && break
    sleep 0.1
  done
  [[ -n $port ]] || { echo "FAIL the server did not start"; cat "$dir/server.log"; exit 1; }
}

# The clients started, their names and the exit status each must end with.
pids=()
names=()
wants=()
# theirs NAME CLIENT-OPTIONS...: a test client in the background, to end well.
theirs() {
  local name=$1
  shift
  "${client[@]}" --port "$port" --name "$name" --timeout 200 "$@" >"$dir/$name.log" 2>&1 &
  pids+=($!)
  names+=("$name")
  wants+=(0)
}
# finish: every client and the server end by themselves, with the status wanted.
finish() {
  for i in "${!pids[@]}"; do
    checks=$((checks + 1))
    wait "${pids[$i]}"
    local got=$?
    if [[ $got -ne ${wants[$i]} ]]; then
      echo "FAIL client ${names[$i]}: exit $got, expected ${wants[$i]}"; sed 's/^/  | /' "$dir/${names[$i]}.log"
      failures=$((failures + 1))
    fi
  done
  checks=$((checks + 1))
  wait "$server" || { echo "FAIL the server ended badly"; sed 's/^/  | /' "$dir/server.log"; failures=$((failures + 1)); }
  pids=()
  names=()
  wants=()
}
