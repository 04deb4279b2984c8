"""The kiosk image's partitions read without mounting anything: the FAT
partition with mtools, the root (ext4) with debugfs, and the checks of what a
Raspberry Pi needs from them (which qemu's virt machine cannot show)."""

import json
import os
import re
import subprocess
from pathlib import Path

ROOT_LABEL = "colonial-root"
FIRMWARE_LABEL = "COLONIALFW"
# Mesa's drivers: v3d (the 3D core of a Pi 4/5), vc4 (the Pi 3's GPU and
# every Pi's display), virtio_gpu and kms_swrast (the virtual machine).
MESA_DRIVERS = ["v3d_dri.so", "vc4_dri.so", "virtio_gpu_dri.so", "kms_swrast_dri.so"]
# The languages the game is translated into (their catalogs must survive the
# image leaving out every other package's translations).
LANGUAGES = (Path(__file__).resolve().parents[2] / "po" / "LINGUAS").read_text().split()
# The device trees by which the Pi's firmware knows each board (upstream
# names, config.txt has upstream_kernel=1).
BOARDS = {
    "Pi 3 B": "bcm2837-rpi-3-b.dtb",
    "Pi 3 B+": "bcm2837-rpi-3-b-plus.dtb",
    "Pi 3 A+": "bcm2837-rpi-3-a-plus.dtb",
    "Pi Zero 2 W": "bcm2837-rpi-zero-2-w.dtb",
    "Pi 4 B": "bcm2711-rpi-4-b.dtb",
    "Pi 400": "bcm2711-rpi-400.dtb",
    "Pi 5": "bcm2712-rpi-5-b.dtb",
}


def run(*command):
    return subprocess.run(command, capture_output=True, text=True, env=dict(os.environ, MTOOLS_SKIP_CHECK="1"))


class ImageFiles:
    def __init__(self, image):
        self.image = image
        table = json.loads(run("sfdisk", "--json", image).stdout)["partitiontable"]
        self.partitions = table["partitions"]
        self.sector = table.get("sectorsize", 512)
        self.fat_offset = self.partitions[0]["start"] * self.sector
        self.root_offset = self.partitions[1]["start"] * self.sector

    def fat_list(self):
        out = run("mdir", "-b", "-i", f"{self.image}@@{self.fat_offset}", "::/").stdout
        return sorted(os.path.basename(line.strip()) for line in out.splitlines() if line.strip())

    def fat_read(self, name):
        return run("mtype", "-i", f"{self.image}@@{self.fat_offset}", f"::/{name}").stdout

    def fat_copy(self, name, destination):
        result = run("mcopy", "-o", "-i", f"{self.image}@@{self.fat_offset}", f"::/{name}", destination)
        if result.returncode != 0:
            raise RuntimeError(f"mcopy {name}: {result.stderr.strip()}")

    def root_device(self):
        return f"{self.image}?offset={self.root_offset}"

    def debugfs(self, request):
        return run("debugfs", "-R", request, self.root_device()).stdout

    def root_exists(self, path):
        return "Inode:" in self.debugfs(f"stat {path}")

    def root_list(self, path):
        out = self.debugfs(f"ls -l {path}")
        return [line.split()[-1] for line in out.splitlines() if line.strip() and line.split()[-1] not in (".", "..")]

    def root_read(self, path):
        return self.debugfs(f"cat {path}")

    def root_label(self):
        return run("e2label", self.root_device()).stdout.strip()

    def root_size_mb(self):
        out = run("dumpe2fs", "-h", self.root_device()).stdout
        blocks = int(re.search(r"Block count:\s+(\d+)", out).group(1))
        size = int(re.search(r"Block size:\s+(\d+)", out).group(1))
        return blocks * size // 1048576

    def boot_files(self):
        """The kernel and the initrd named by config.txt, and cmdline.txt."""
        config = self.fat_read("config.txt")
        kernel = re.search(r"^kernel=(\S+)", config, re.M).group(1)
        initrd = re.search(r"^initramfs (\S+)", config, re.M).group(1)
        return kernel, initrd, self.fat_read("cmdline.txt").strip()


def check(results, ok, what):
    results.append((ok, what))
    print(f"  {'ok  ' if ok else 'FAIL'} {what}")


def pi_checks(files, ssh=False):
    """What a Pi adds, checked on the files: returns the failures."""
    results = []
    names = files.fat_list()
    types = [p.get("type") for p in files.partitions]
    check(results, types[:2] == ["c", "83"], f"an MBR with FAT32 (type c) then Linux (83): {types}")
    for blob in ("bootcode.bin", "start.elf", "fixup.dat", "start4.elf", "fixup4.dat"):
        check(results, blob in names, f"the Pi's firmware {blob} on the FAT partition")
    config = files.fat_read("config.txt")
    for line in ("arm_64bit=1", "upstream_kernel=1", "dtoverlay=vc4-kms-v3d"):
        check(results, re.search(f"^{re.escape(line)}$", config, re.M) is not None, f"config.txt has {line}")
    kernel, initrd, cmdline = files.boot_files()
    check(results, kernel in names and initrd in names, f"config.txt's kernel {kernel} and initramfs {initrd} are there")
    for word in (f"root=LABEL={ROOT_LABEL}", "rootwait", "fsck.repair=yes", "console=ttyS1,115200"):
        check(results, word in cmdline.split(), f"cmdline.txt has {word}")
    check(results, files.root_label() == ROOT_LABEL, f"the root filesystem is labelled {ROOT_LABEL}")
    fstab = files.root_read("/etc/fstab")
    check(results, re.search(rf"^LABEL={ROOT_LABEL}\s+/\s+ext4", fstab, re.M) is not None, "fstab mounts / by label")
    for board, dtb in BOARDS.items():
        present = dtb in names
        print(f"  {'    ' if present else 'none'} device tree for the {board}: {dtb}{'' if present else ' (not in this kernel)'}")
    check(results, "bcm2711-rpi-4-b.dtb" in names and "bcm2837-rpi-3-b.dtb" in names, "device trees of the Pi 3 and 4")
    version = kernel.removeprefix("vmlinuz-")
    drm = f"/usr/lib/modules/{version}/kernel/drivers/gpu/drm"
    for module in ("vc4", "v3d"):
        found = [n for n in files.root_list(f"{drm}/{module}") if n.startswith(f"{module}.ko")]
        check(results, bool(found), f"the kernel module {module} ({drm}/{module}/{found[0] if found else '?'})")
    dri = files.root_list("/usr/lib/aarch64-linux-gnu/dri")
    for driver in MESA_DRIVERS:
        check(results, driver in dri, f"Mesa's {driver}")
    # SDL opens these by name at run time: no package's dependencies bring them.
    libraries = files.root_list("/usr/lib/aarch64-linux-gnu")
    for library in ("libEGL.so.1", "libGLESv2.so.2", "libgbm.so.1"):
        check(results, library in libraries, f"{library}, which SDL's KMS/DRM opens")
    check(results, files.root_exists("/etc/systemd/system/multi-user.target.wants/colonial-kiosk.service"),
          "the kiosk's unit is enabled")
    for language in LANGUAGES:
        catalog = f"/usr/share/locale/{language}/LC_MESSAGES/colonial.mo"
        check(results, files.root_exists(catalog), f"the game's {language} translation ({catalog})")
    check(results, files.root_exists("/home/colonial"), "the colonial user's home")
    check(results, files.root_exists("/usr/sbin/sshd") == ssh, f"SSH server {'present' if ssh else 'absent'}")
    check(results, not files.root_exists("/usr/lib/xorg") and not files.root_exists("/usr/bin/Xwayland"),
          "no desktop (no X server)")
    return [what for ok, what in results if not ok]
