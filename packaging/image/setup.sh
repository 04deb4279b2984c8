#!/bin/sh
# mmdebstrap's setup hook for the kiosk image (scripts/image), run before
# any package is installed, with the new system's directory as $1: what the
# packages' own scripts read while they install (additions to the
# Pi's config.txt and cmdline.txt, the filesystems for the initramfs).
# /etc/default/raspi-firmware itself is the package's conffile: it comes in
# customize.sh, or dpkg would stop to ask which one to keep.
set -eu
root=$1
files=$COLONIAL_IMAGE_FILES
mkdir -p "$root/etc/default" "$root/boot/firmware"
for name in raspi-firmware-custom raspi-extra-cmdline; do
  install -m 644 "$files/$name" "$root/etc/default/$name"
done
install -m 644 "$files/fstab" "$root/etc/fstab"
