#!/usr/bin/env bash
# boot_test.sh IMAGE.img.xz [--cuts N] [--seed N] [--boot-timeout S] [--out DIR]
# Boots the kiosk image under qemu-system-aarch64 (virt, Cortex-A72, 512 MB,
# virtio-gpu, USB tablet and keyboard, no network) and plays it through QMP
# as a person at the screen would (tests/image/boot_test.py says how). Run by
# `scripts/image --test`; heavy (tens of minutes of emulation), so not part
# of scripts/test. Screenshots go to DIR/shots (default
# build-image/boot-test): look at them. The pictures are checked with the
# project's png_check, built here for the host.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib.sh"
cd "$COLONIAL_ROOT"
if [[ $# -lt 1 || ! -f $1 ]]; then
  echo "usage: tests/image/boot_test.sh IMAGE.img.xz [--cuts N] [--seed N] [--boot-timeout S] [--out DIR]" >&2
  exit 2
fi
image=$(realpath "$1")
shift
out=build-image/boot-test
args=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --out) out=$2; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
ensure_packages qemu-system-arm mtools e2fsprogs fdisk xz-utils python3 "${COLONIAL_BUILD_PACKAGES[@]}" >/dev/null
# The picture checker, for the host.
cmake --preset default >/dev/null
cmake --build --preset default --target png_check >/dev/null
mkdir -p "$out"
exec python3 tests/image/boot_test.py "$image" --png-check "$COLONIAL_ROOT/build/bin/png_check" \
  --out "$(realpath "$out")" "${args[@]}"
