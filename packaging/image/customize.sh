#!/bin/sh
# mmdebstrap's customize hook for the kiosk image (scripts/image), run once
# the packages are in (the game's with them, installed by the same apt run),
# with the new system's directory as $1: the kiosk's user and unit, and the
# image's settings.
set -eu
root=$1
files=$COLONIAL_IMAGE_FILES

# The game's package file, which setup.sh put where dpkg looked for it, and
# the directories made for it.
[ -x "$root/usr/games/colonial" ] || { echo "customize.sh: the game is not installed" >&2; exit 1; }
rm "$root$COLONIAL_IMAGE_DEB"
top=$(cat "$root/var/lib/colonial-image/package-directory")
rm "$root/var/lib/colonial-image/package-directory"
[ -z "$top" ] || rm -r "${root:?}$top"

# The kiosk: its user (in the groups of the screen, the GPU, the input
# devices and sound), its unit enabled, the first console left to it.
chroot "$root" useradd --create-home --groups video,render,input,audio colonial
chroot "$root" systemctl enable colonial-kiosk.service
chroot "$root" systemctl disable getty@tty1.service

# The image's settings.
install -D -m 644 "$files/journald.conf" "$root/etc/systemd/journald.conf.d/colonial-kiosk.conf"
install -D -m 644 "$files/logind.conf" "$root/etc/systemd/logind.conf.d/colonial-kiosk.conf"
install -D -m 644 "$files/wired.network" "$root/etc/systemd/network/20-wired.network"
install -D -m 755 "$files/colonial-grow-root" "$root/usr/local/sbin/colonial-grow-root"
install -D -m 644 "$files/colonial-grow-root.service" "$root/etc/systemd/system/colonial-grow-root.service"
mkdir -p "$root/var/log/journal"
chroot "$root" systemctl enable colonial-grow-root.service systemd-networkd.service systemd-resolved.service \
  systemd-timesyncd.service
# Nothing waits for a network cable that may never come.
chroot "$root" systemctl mask systemd-networkd-wait-online.service
echo colonial >"$root/etc/hostname"
printf '127.0.0.1\tlocalhost\n127.0.1.1\tcolonial\n::1\tlocalhost ip6-localhost ip6-loopback\n' >"$root/etc/hosts"
# UTC unless staff set their zone (timedatectl set-timezone).
ln -sf /usr/share/zoneinfo/Etc/UTC "$root/etc/localtime"
echo Etc/UTC >"$root/etc/timezone"
# The system's language, read by each login (the kiosk's session among them):
# C.UTF-8, which every Debian has; without the file each login logs that it is
# missing. The kiosk speaks the language staff choose in its staff settings.
printf 'LANG=C.UTF-8\n' >"$root/etc/default/locale"
# Each card makes its own machine id at its first boot.
echo uninitialized >"$root/etc/machine-id"
rm -f "$root/var/lib/dbus/machine-id"

# SSH only when asked for: root logs in with the keys given, and each card
# makes its own host keys at its first boot.
if [ -n "${COLONIAL_IMAGE_SSH_KEYS:-}" ]; then
  install -D -m 600 "$COLONIAL_IMAGE_SSH_KEYS" "$root/root/.ssh/authorized_keys"
  rm -f "$root"/etc/ssh/ssh_host_*
  install -m 644 "$files/colonial-ssh-host-keys.service" "$root/etc/systemd/system/"
  chroot "$root" systemctl enable colonial-ssh-host-keys.service ssh.service
fi

# The root's label for cmdline.txt, the consoles (raspi-firmware's conffile).
install -m 644 "$files/raspi-firmware" "$root/etc/default/raspi-firmware"
# The root's filesystem type for the initramfs's fsck hook, which otherwise
# probes the root's device, absent in this chroot, and leaves fsck out: the
# root would then be mounted read-write by the initramfs with no check at all
# after a power cut, and cmdline.txt's fsck.repair=yes would do nothing.
printf 'FSTYPE=ext4\n' >"$root/etc/initramfs-tools/conf.d/colonial-root-fstype"
# The initramfs, made once now that every package is in (essential.sh set
# update-initramfs aside); its raspi-firmware hook copies it, the kernel and
# the device trees to the FAT partition's directory.
rm "$root/usr/sbin/update-initramfs"
chroot "$root" dpkg-divert --quiet --local --rename --remove /usr/sbin/update-initramfs
chroot "$root" update-initramfs -c -k all
# config.txt and cmdline.txt written again now that every setting is in.
chroot "$root" env DEB_MAINT_PARAMS=configure /etc/kernel/postinst.d/z50-raspi-firmware
