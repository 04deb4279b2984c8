#!/bin/sh
# mmdebstrap's essential hook for the kiosk image (scripts/image), run once
# the essential packages are in and before the others, with the new
# system's directory as $1: update-initramfs is set aside until every
# package is in (customize.sh makes the initramfs once). Each run under
# qemu-user takes many minutes, and installing the kernel, then udev, then
# the rest would make it two or three times.
set -eu
root=$1
chroot "$root" dpkg-divert --quiet --local --rename --add /usr/sbin/update-initramfs
printf '#!/bin/sh\necho "update-initramfs: deferred until the image is complete"\n' >"$root/usr/sbin/update-initramfs"
chmod 755 "$root/usr/sbin/update-initramfs"
