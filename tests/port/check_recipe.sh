#!/usr/bin/env bash
# check_recipe.sh PRINT_CONTROLS: the PortMaster port's recipe, checked
# without building the port (./scripts/port --test builds and runs it): its
# shell scripts parse (bash -n; shellcheck too when installed), the layout
# checker's and the README maker's unit tests pass, and the README made from
# the table of controls has the port's controls section.
set -uo pipefail
print_controls=$1
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tree=$(cd "$here/../.." && pwd)
status=0
scripts=("$tree/packaging/portmaster/Colonial Diplomacy.sh" "$tree/packaging/portmaster/sysroot.sh"
  "$tree/packaging/portmaster/ship_libraries.sh" "$tree/scripts/port" "$here/launch_test.sh"
  "$here/portmaster/control.txt" "$here/portmaster/gptokeyb")
for s in "${scripts[@]}"; do
  bash -n "$s" || { echo "check_recipe: $s does not parse"; status=1; }
done
if command -v shellcheck >/dev/null; then
  shellcheck -s bash -S warning "${scripts[@]}" || { echo "check_recipe: shellcheck found problems"; status=1; }
else
  echo "check_recipe: shellcheck is not installed; only bash -n was run"
fi
python3 "$here/test_check_port.py" 2>&1 | tail -3 || status=1
python3 "$here/test_check_port.py" >/dev/null 2>&1 || { echo "check_recipe: the checker's unit tests failed"; status=1; }
readme=$("$print_controls" | python3 "$tree/packaging/portmaster/make_readme.py" \
  "$tree/packaging/portmaster/README.md.in" 0.0.0) || { echo "check_recipe: make_readme.py failed"; status=1; }
grep -q "^| Start | Orders | Done: hand in the orders |$" <<<"$readme" ||
  { echo "check_recipe: the port's README has no Start row from the table of controls"; status=1; }
[[ $status -eq 0 ]] && echo "check_recipe: the port's recipe is sound"
exit $status
