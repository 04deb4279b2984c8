#!/bin/sh
# mmdebstrap's setup hook for the kiosk image (scripts/image), run before
# any package is installed, with the new system's directory as $1: what the
# packages' own scripts read while they install (additions to the
# Pi's config.txt and cmdline.txt, the filesystems for the initramfs), and
# the game's package where dpkg inside the system will look for it (apt,
# outside, hands dpkg the path it was given; customize.sh removes it).
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
# The topmost directory made for it is noted, for customize.sh to remove.
top=$(dirname "$COLONIAL_IMAGE_DEB")
while [ ! -e "$root$(dirname "$top")" ]; do top=$(dirname "$top"); done
[ -e "$root$top" ] && top=""
mkdir -p "$root/var/lib/colonial-image"
printf '%s\n' "$top" >"$root/var/lib/colonial-image/package-directory"
install -D -m 644 "$COLONIAL_IMAGE_DEB" "$root$COLONIAL_IMAGE_DEB"
