#!/usr/bin/env bash
# check_kiosk_unit.sh UNIT COLONIAL
# The kiosk's systemd unit (packaging/systemd) as systemd reads it:
# `systemd-analyze verify` must have nothing to say (it exits 0 on unknown
# keys and bad values, so any word from it fails the test). The unit's
# /usr/games/colonial is pointed at the built COLONIAL, which must exist.
set -uo pipefail
unit=$1 colonial=$2
if ! command -v systemd-analyze >/dev/null; then
  echo "check_kiosk_unit.sh: systemd-analyze not found: apt-get install systemd" >&2
  exit 1
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
copy=$dir/$(basename "$unit")
sed "s|^ExecStart=/usr/games/colonial |ExecStart=$colonial |" "$unit" >"$copy"
grep -q "^ExecStart=$colonial --kiosk" "$copy" || { echo "the unit does not start /usr/games/colonial --kiosk" >&2; exit 1; }
out=$(systemd-analyze verify --man=no "$copy" 2>&1)
status=$?
if [[ $status -ne 0 || -n $out ]]; then
  echo "systemd-analyze verify $unit:" >&2
  echo "$out" >&2
  exit 1
fi
for key in "Restart=always" "User=colonial" "Environment=SDL_VIDEODRIVER=kmsdrm" "WantedBy=multi-user.target"; do
  grep -qx "$key" "$unit" || { echo "the unit lacks $key" >&2; exit 1; }
done
echo "check_kiosk_unit.sh: $(basename "$unit") verifies"
