#!/usr/bin/env bash
# The README's controls section must be the table of controls as the app
# reads it: fails, showing the difference, when they disagree.
#   check_readme_controls.sh PRINT_CONTROLS README.md
set -euo pipefail
print=$1
readme=$2
expected=$("$print")
actual=$(sed -n '/<!-- controls:begin -->/,/<!-- controls:end -->/p' "$readme" | sed '1d;$d')
if [[ -z $actual ]]; then
  echo "$readme has no section between <!-- controls:begin --> and <!-- controls:end -->" >&2
  exit 1
fi
if [[ "$expected" != "$actual" ]]; then
  echo "The README's controls differ from the table (game/app/input/controls.cpp)." >&2
  echo "Paste the output of $print between the markers. Difference (README < > table):" >&2
  diff <(printf '%s\n' "$actual") <(printf '%s\n' "$expected") >&2 || true
  exit 1
fi
echo "README controls match the table ($(printf '%s\n' "$expected" | wc -l) lines)."
