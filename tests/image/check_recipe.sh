#!/usr/bin/env bash
# check_recipe.sh [ARM64_DEB]
# The kiosk image's recipe checked without building it (building and booting
# it are heavy: scripts/image --test): the scripts parse, the image's own
# systemd units verify, and the image's package list, with ARM64_DEB's
# dependencies, resolves for arm64 with apt-get --simulate where Debian's
# archive can be reached.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root" || exit 1
deb=${1:-}
failed=0
fail() {
  echo "check_recipe.sh: $*" >&2
  failed=1
}

for script in scripts/image tests/image/boot_test.sh tests/image/check_recipe.sh; do
  bash -n "$script" || fail "$script does not parse"
done
for script in packaging/image/setup.sh packaging/image/essential.sh packaging/image/customize.sh \
  packaging/image/colonial-grow-root; do
  sh -n "$script" || fail "$script does not parse"
done
python3 -c 'import ast, sys; [ast.parse(open(f).read(), f) for f in sys.argv[1:]]' tests/image/*.py ||
  fail "the boot test's Python does not parse"

# The units as systemd reads them, their programs pointed at the tree's (or
# the host's) copies; any word from systemd-analyze fails.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
sed "s|^ExecStart=/usr/local/sbin/colonial-grow-root|ExecStart=$root/packaging/image/colonial-grow-root|" \
  packaging/image/colonial-grow-root.service >"$dir/colonial-grow-root.service"
sed "s|^ExecStart=/usr/bin/ssh-keygen|ExecStart=/bin/true|" packaging/image/colonial-ssh-host-keys.service \
  >"$dir/colonial-ssh-host-keys.service"
for unit in "$dir"/*.service; do
  out=$(systemd-analyze verify --man=no "$unit" 2>&1) || fail "systemd-analyze verify $(basename "$unit") failed"
  [[ -z $out ]] || fail "systemd-analyze verify $(basename "$unit"): $out"
done

# Every package the list names, and what the game's package depends on,
# resolved for arm64 against Debian 12's archive.
status=0
scripts/image --check ${deb:+--deb "$deb"} || status=$?
case $status in
  0) ;;
  2) echo "check_recipe.sh: Debian's archive cannot be reached; the package list was not resolved" ;;
  *) fail "the image's packages do not resolve" ;;
esac

[[ $failed -eq 0 ]] && echo "check_recipe.sh: the image's recipe parses, its units verify"
exit $failed
