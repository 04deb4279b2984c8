#!/usr/bin/env bash
# expect.sh STATUS REGEX COMMAND [ARGS...]
# Runs COMMAND; passes if it exits with STATUS and its output (stdout and
# stderr together) matches the extended REGEX.
set -uo pipefail
want_status=$1
pattern=$2
shift 2
output=$("$@" 2>&1)
status=$?
printf '%s\n' "$output"
if [[ $status -ne $want_status ]]; then
  echo "expect.sh: exit status $status, expected $want_status" >&2
  exit 1
fi
if ! grep -Eq -- "$pattern" <<<"$output"; then
  echo "expect.sh: output does not match: $pattern" >&2
  exit 1
fi
