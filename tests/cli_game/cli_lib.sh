# Shared by the judge's command-line tests (sourced after `judge` is set):
# a scratch directory removed on exit, and the checks.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
game="$dir/game.txt"
failures=0
checks=0
check() {  # check NAME EXPECTED-STATUS COMMAND... (output kept in $dir/out)
  local name=$1 want=$2
  shift 2
  checks=$((checks + 1))
  "$@" >"$dir/out" 2>&1
  local got=$?
  if [[ $got -ne $want ]]; then
    echo "FAIL $name: exit $got, expected $want"; sed 's/^/  | /' "$dir/out"; failures=$((failures + 1))
  fi
}
expect_output() {  # expect_output NAME TEXT: the last command's output contains TEXT
  checks=$((checks + 1))
  if ! grep -qF -- "$2" "$dir/out"; then
    echo "FAIL $1: output lacks '$2'"; sed 's/^/  | /' "$dir/out"; failures=$((failures + 1))
  fi
}
