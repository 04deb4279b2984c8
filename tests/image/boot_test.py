#!/usr/bin/env python3
"""boot_test.py IMAGE.img.xz --png-check PNG_CHECK --out DIR [--cuts N] [--seed N]

Boots the Colonial kiosk image under qemu-system-aarch64 (virt, Cortex-A72,
512 MB, virtio-gpu at 800x480, a USB tablet and keyboard, no network) and
plays it as a person at the screen would, through QMP: waits for the kiosk's
first start (the staff PIN pad), chooses the PIN and starts a game with
taps, gives one order and hands it in; presses the power button (the unit's
SIGTERM saves, the machine halts); boots again and finds the table resumed
with the order; then cuts the power at random seconds after each Done, at
least ten times, and after every cut boots again and verifies the record
and its backup with colonial-judge inside the guest. Checks statically what
a Raspberry Pi needs from the image. Prints the boot times, the kiosk's
memory, the unit's journal and one summary line. Screenshots go to
DIR/shots: look at them.
"""

import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import time

from image_files import ROOT_LABEL, ImageFiles, pi_checks
from machine import HEIGHT, WIDTH, Machine, MachineError

GAMES = "/home/colonial/.local/share/colonial"
RECORD = f"{GAMES}/autosave.colonial"
# Where a person taps on the 800x480 screen (found by looking at it: the
# PIN pad's keys, the new-game screen's Start game, the dialog naming the
# players, the hand-off card, the order's text field and its Enter button,
# Done, a table's Play). The order is typed: a tap on the board held past
# half a second is the hold shortcut, and under emulation on a busy machine
# one frame can take that long, so tapped orders would depend on the load.
PIN_KEYS = {"1": (309, 204), "2": (370, 204), "3": (431, 204), "4": (309, 253), "5": (370, 253),
            "6": (431, 253), "7": (309, 302), "8": (370, 302), "9": (431, 302), "0": (370, 351)}
SPOTS = {"PIN OK": (431, 351), "Start game": (599, 434), "OK": (399, 272), "Reveal": (399, 299),
         "Order field": (606, 349), "Enter": (724, 349), "Done": (664, 122), "Play": (721, 101)}
ORDER = "f hk - scs"
QCODES = {" ": "spc", "-": "minus"}
PIN = "2468"
# The card the image is written to: larger than the image, so that the first
# boot has something to grow into.
CARD_MB = 4096
# Seconds to the kiosk's first frame, by default: a boot takes a few minutes
# under emulation on an idle machine, several times that on a loaded one.
BOOT_TIMEOUT = 1800
PNG_CHECK = None


class TestFailure(Exception):
    pass


def say(text):
    print(text, flush=True)


def png_ok(path):
    return subprocess.run([PNG_CHECK, path, str(WIDTH), str(HEIGHT)], capture_output=True).returncode == 0


class Run:
    """The card (a raw disk file made from the image) and what was seen."""

    def __init__(self, image_xz, out, seed):
        self.out = out
        self.shots = os.path.join(out, "shots")
        os.makedirs(self.shots, exist_ok=True)
        self.disk = os.path.join(out, "card.img")
        self.random = random.Random(seed)
        self.boot_seconds = []
        self.boot_count = 0
        self.machine = None
        self.cmdline = None
        self.kernel = os.path.join(out, "vmlinuz")
        self.initrd = os.path.join(out, "initrd.img")
        self.memory = None
        self.verified = 0
        self.image_xz = image_xz

    def shot(self, name):
        path = os.path.join(self.shots, f"{self.boot_count:02d}-{name}.png")
        self.machine.screendump(path)
        return path

    def wait_for_change(self, before, name, timeout=120):
        """Screenshots until the screen differs from `before` (a PNG)."""
        with open(before, "rb") as f:
            old = f.read()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            time.sleep(1)
            path = self.shot(name)
            with open(path, "rb") as f:
                if f.read() != old:
                    return path
        raise TestFailure(f"the screen did not change after {name} in {timeout} s")

    def settle(self, name, quiet=3, timeout=30):
        """Screenshots each second until the screen has not changed for
        `quiet` seconds (or `timeout` passed: a clock on screen may never
        rest). Under emulation the kiosk draws a frame in a second or more
        when the guest is busy: the next tap must not reach it in the same
        frame as the last one's release, nor before the pointer's move was
        drawn, or the press is judged where the pointer was before."""
        deadline = time.monotonic() + timeout
        last, same_since = None, time.monotonic()
        while time.monotonic() < deadline:
            with open(self.shot(f"{name}-settle"), "rb") as f:
                now = f.read()
            if now != last:
                last, same_since = now, time.monotonic()
            elif time.monotonic() - same_since >= quiet:
                break
            time.sleep(1)
        os.unlink(os.path.join(self.shots, f"{self.boot_count:02d}-{name}-settle.png"))

    def tap(self, spot, name):
        """Moves the pointer to a spot, lets the kiosk draw that, taps, and
        waits for the screen to answer and come to rest."""
        x, y = SPOTS[spot] if isinstance(spot, str) else spot
        self.machine.move(x, y)
        self.settle(f"{name}-pointer")
        before = self.shot(f"{name}-before")
        self.machine.click()
        after = self.wait_for_change(before, name)
        os.unlink(before)
        self.settle(name)
        return after

    def key(self, name, *keys):
        before = self.shot(f"{name}-before")
        self.machine.key(*keys)
        after = self.wait_for_change(before, name)
        os.unlink(before)
        self.settle(name)
        return after

    def type_text(self, text, name):
        """Types lower-case letters, spaces and dashes on the keyboard, a key
        at a time, and waits for the screen to show them and rest."""
        before = self.shot(f"{name}-before")
        for char in text:
            self.machine.key(QCODES.get(char, char))
            time.sleep(0.3)
        after = self.wait_for_change(before, name)
        os.unlink(before)
        self.settle(name)
        return after

    def make_card(self):
        """The image written to a card of CARD_MB; its boot files read."""
        with open(self.disk, "wb") as card:
            subprocess.run(["xz", "-T0", "-dc", self.image_xz], stdout=card, check=True)
        files = ImageFiles(self.disk)
        self.root_mb_before = files.root_size_mb()
        os.truncate(self.disk, CARD_MB * 1048576)
        kernel, initrd, cmdline = files.boot_files()
        files.fat_copy(kernel, self.kernel)
        files.fat_copy(initrd, self.initrd)
        # The Pi's firmware reads cmdline.txt; qemu's -append plays that part,
        # with the virt machine's serial port as the last console, and the
        # kernel's and systemd's messages on it in spite of cmdline.txt's
        # quiet: the console is what a failed boot is told by. No rootdelay=:
        # initramfs-tools' init sleeps that many seconds before it even looks
        # for the root, so a long one only delays every boot by as much.
        self.cmdline = f"{cmdline} console=ttyAMA0 loglevel=6 systemd.show_status=1"
        return files

    def power_on(self):
        self.boot_count += 1
        log = os.path.join(self.out, f"console-{self.boot_count:02d}.log")
        self.machine = Machine(self.disk, self.out, log)
        self.machine.start(self.kernel, self.initrd, self.cmdline)

    def wait_first_frame(self, name):
        """Screenshots each second until the kiosk has drawn its first frame
        (a picture, not a text console): the seconds from power-on."""
        deadline = time.monotonic() + BOOT_TIMEOUT
        while time.monotonic() < deadline:
            if not self.machine.running():
                raise TestFailure("qemu stopped before the kiosk came up")
            path = os.path.join(self.shots, f"{self.boot_count:02d}-{name}.png")
            try:
                self.machine.screendump(path)
            except MachineError:
                path = None
            if path and os.path.exists(path) and png_ok(path):
                seconds = self.machine.seconds()
                self.boot_seconds.append(seconds)
                say(f"boot {self.boot_count}: the kiosk's first frame {seconds:.0f} s after power-on")
                self.machine.agent_connect(BOOT_TIMEOUT)
                return path
            time.sleep(1)
        raise TestFailure(f"the kiosk did not come up in {BOOT_TIMEOUT} s")

    def guest(self, script, timeout=300):
        status, out = self.machine.run(script, timeout)
        if status != 0:
            raise TestFailure(f"in the guest, {script!r} failed ({status}):\n{out}")
        return out

    def judge_show(self):
        return self.guest(f"/usr/games/colonial-judge show {RECORD}")

    def order_kept(self):
        """Britain's order, as the record keeps it until the phase is played."""
        return self.machine.run(f"grep -qx '  pending Britain: F hon - scs' {RECORD}")[0] == 0

    def verify_records(self):
        """The record and its backup read and verify; none set aside."""
        out = self.guest(f"cd {GAMES} && ls -l && for f in autosave.colonial autosave.colonial.bak; do "
                         f"[ ! -e $f ] || /usr/games/colonial-judge verify $f || exit 1; done; "
                         f"! ls *.damaged 2>/dev/null")
        self.verified += 1
        return out

    def root_checked(self):
        """The initramfs checked the root filesystem before mounting it (what
        e2fsck said of it at this boot): after a cut it replays the journal
        and, with fsck.repair=yes, repairs without asking."""
        log = self.machine.run("cat /run/initramfs/fsck.log")[1]
        said = [line for line in log.splitlines() if line.startswith(ROOT_LABEL + ":")]
        if not said:
            raise TestFailure(f"the root filesystem was not checked at boot (/run/initramfs/fsck.log):\n{log}")
        return f"boot {self.boot_count}: fsck at boot: {said[-1]}"

    def kiosk_memory(self):
        """The kiosk's memory and the guest's, with the board on screen."""
        out = self.guest("pid=$(pgrep -u colonial -x colonial); grep -E '^(VmHWM|VmRSS|RssAnon|RssFile|RssShmem)' "
                         "/proc/$pid/status; free -m; journalctl -k -b | grep -ci 'out of memory' || true")
        values = {k: int(v) // 1024 for k, v in re.findall(r"^(\w+):\s+(\d+) kB", out, re.M)}
        free = re.search(r"^Mem:\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)", out, re.M)
        values["guest total"], values["guest used"], values["guest free"], values["guest available"] = (
            int(free.group(1)), int(free.group(2)), int(free.group(3)), int(free.group(6)))
        values["oom"] = int(out.strip().splitlines()[-1])
        return values

    def unit_journal(self, boot="0"):
        """The unit's journal with the app's own lines: the app runs in the
        unit's login session, whose scope (not the unit) the journal files
        them under, so `-u` alone would leave them out."""
        return self.guest(f"journalctl -b {boot} --no-pager -o short-monotonic _SYSTEMD_UNIT=colonial-kiosk.service "
                          f"+ UNIT=colonial-kiosk.service + _COMM=colonial")

    def failure_report(self, why):
        """The guest's console and journal when the kiosk did not come up."""
        say(f"boot test: FAILED: {why}")
        log = os.path.join(self.out, f"console-{self.boot_count:02d}.log")
        if os.path.exists(log):
            say(f"--- the guest's console ({log}), last 80 lines:")
            with open(log, errors="replace") as f:
                say("".join(f.readlines()[-80:]))
        if self.machine and self.machine.running():
            try:
                if not self.machine.agent:
                    self.machine.agent_connect(60)
                say("--- the journal of this boot, last 80 lines:")
                say(self.machine.run("journalctl -b --no-pager | tail -80", 120)[1])
                # Where a kiosk that stopped answering waits: each thread's
                # kernel wait and stack, and whether its frames still reach
                # the screen (the plane's framebuffer changes at each flip).
                say("--- the kiosk's threads, and the screen's framebuffer twice, 5 s apart:")
                say(self.machine.run("pid=$(pgrep -u colonial -x colonial) || exit 0; for t in /proc/$pid/task/*; do "
                                     "echo \"$(cat $t/comm) $(cat $t/wchan) $(cut -d' ' -f3,14,15 $t/stat)\"; "
                                     "cat $t/stack; done; mount -t debugfs none /sys/kernel/debug 2>/dev/null; "
                                     "for i in 1 2; do grep -m1 'fb=' /sys/kernel/debug/dri/0/state; sleep 5; done",
                                     120)[1])
            except (MachineError, OSError) as error:
                say(f"(the journal could not be read: {error})")
        if self.machine:
            self.machine.cut_power()

    def first_start(self):
        """The kiosk's first start: staff choose the PIN and start a game
        with taps; Britain's fleet in Hong Kong is ordered to the South China
        Sea (typed in the order's field, entered with a tap) and the order
        handed in with a tap on Done. The kiosk's memory with the board on
        screen."""
        self.power_on()
        self.wait_first_frame("pin-pad")
        self.settle("pin-pad")
        for attempt in ("choose", "repeat"):
            for digit in PIN:
                self.tap(PIN_KEYS[digit], f"pin-{attempt}-{digit}")
            self.tap("PIN OK", f"pin-{attempt}-ok")
        for spot in ("Start game", "OK", "Reveal", "Order field"):
            self.tap(spot, spot.lower().replace(" ", "-"))
        self.type_text(ORDER, "order-typed")
        self.tap("Enter", "order-entered")
        self.memory = self.kiosk_memory()
        say(memory_line(self.memory))
        self.tap("Done", "done")
        show = self.judge_show()
        if "orders in: Britain" not in show or not self.order_kept():
            raise TestFailure(f"Britain's order is not in the record after Done:\n{show}")
        say(f"boot {self.boot_count}: Britain's order handed in; colonial-judge show:\n{show}")

    def power_button(self):
        """The power button: systemd stops the kiosk (SIGTERM, it saves) and
        halts; the unit's journal of that boot is read at the next one."""
        self.machine.power_button()
        if not self.machine.wait_off(600):
            raise TestFailure("the machine did not halt within 600 s of the power button")
        self.machine.close_channels()
        say(f"boot {self.boot_count}: halted by the power button")

    def resume(self):
        """Boots again: the table resumes with Britain's order in it."""
        self.power_on()
        self.wait_first_frame("tables")
        self.settle("tables")
        self.tap("Play", "resumed")
        show = self.judge_show()
        if "orders in: Britain" not in show or "1870 Movement" not in show or not self.order_kept():
            raise TestFailure(f"the game did not resume with Britain's order:\n{show}")
        say(self.verify_records())
        say(f"boot {self.boot_count}: resumed; the kiosk's journal of the boot before (the power button):")
        say(self.unit_journal("-1"))

    def hand_in_and_cut(self, cut, on_tables=True):
        """The table chosen, the next power reveals its orders and hands them
        in, with the keyboard (Enter, Enter, Ctrl+Enter); the power is cut at
        random seconds after the screen showed the Done. Returns what the
        record said then."""
        before = self.judge_show()
        if on_tables:
            self.key(f"cut{cut:02d}-play", "ret")
        self.key(f"cut{cut:02d}-reveal", "ret")
        self.key(f"cut{cut:02d}-done", "ctrl", "ret")
        handed_in = self.judge_show()
        if not one_more_handed_in(before, handed_in):
            raise TestFailure(f"the Done before cut {cut} is not in the record:\nbefore it:\n{before}\nafter it:\n"
                              f"{handed_in}")
        delay = self.random.uniform(0.0, 20.0)
        time.sleep(delay)
        self.shot(f"cut{cut:02d}-last")
        self.machine.cut_power()
        phase_and_hands = " ".join(line for line in handed_in.splitlines()
                                   if line.startswith(("orders in:", "18", "19")))
        say(f"cut {cut}: power cut {delay:.1f} s after the Done ({phase_and_hands})")
        return handed_in

    def after_cut(self, cut, handed_in):
        """Boots after a cut: the record and its backup verify, and what was
        handed in before the cut is all there."""
        self.power_on()
        self.wait_first_frame(f"cut{cut:02d}-after")
        self.settle(f"cut{cut:02d}-after")
        say(self.root_checked())
        say(self.verify_records())
        show = self.judge_show()
        if show != handed_in:
            raise TestFailure(f"after cut {cut} the record differs from what was handed in:\n"
                              f"before the cut:\n{handed_in}\nafter:\n{show}")


def one_more_handed_in(before, after):
    """Whether `colonial-judge show` says one more power handed in (with
    orders or none), or the phase was played (the last power's Done)."""
    def phase_and_hands(show):
        lines = show.splitlines()
        hands = next((line for line in lines if line.startswith("orders in:")), "orders in: none")
        names = hands.split(":", 1)[1].split()
        return (lines[0] if lines else ""), (0 if names == ["none"] else len(names))
    phase_before, count_before = phase_and_hands(before)
    phase_after, count_after = phase_and_hands(after)
    return phase_after != phase_before or count_after == count_before + 1


def memory_line(m):
    """The kiosk's memory and the guest's, said as soon as they are measured
    (a run stopped later still has them)."""
    return (f"the kiosk's memory with the board on screen: RssAnon {m['RssAnon']} MB, VmRSS {m['VmRSS']} MB "
            f"(RssFile {m['RssFile']} MB, RssShmem {m['RssShmem']} MB), VmHWM {m['VmHWM']} MB\n"
            f"the guest's memory then: {m['guest total']} MB in all, {m['guest used']} MB used, {m['guest free']} MB "
            f"free, {m['guest available']} MB available; OOM killer invoked: {m['oom']} times")


def print_figures(run, image_xz, cuts):
    say("\n=== figures")
    seconds = sorted(run.boot_seconds)
    say(f"boot to the kiosk's first frame (qemu TCG on this machine, {len(seconds)} boots): first boot "
        f"{run.boot_seconds[0]:.0f} s; the others min {min(seconds[1:]):.0f} s, median "
        f"{statistics.median(seconds[1:]):.0f} s, max {max(seconds[1:]):.0f} s")
    m = run.memory
    say(memory_line(m))
    size_mb = os.path.getsize(image_xz) // 1048576
    say(f"image: {size_mb} MB compressed; boot to kiosk {statistics.median(seconds):.0f} s; kiosk RssAnon "
        f"{m['RssAnon']} MB (RSS {m['VmRSS']} MB); power cuts {cuts}, records verified {run.verified}")


def play(run, cuts):
    files = run.make_card()
    say("=== what a Raspberry Pi needs from the image (checked on its files)")
    failures = pi_checks(files)
    if failures:
        raise TestFailure("the image lacks what a Pi needs: " + "; ".join(failures))
    say("\n=== first start: the PIN pad, a game started and an order given with taps")
    run.first_start()
    grown = run.guest("df -m --output=size / | tail -1").strip()
    say(f"the root filesystem grew at the first boot from {run.root_mb_before} MB to {grown} MB "
        f"(a card of {CARD_MB} MB); hostname {run.guest('hostname').strip()}, "
        f"time zone {run.guest('cat /etc/timezone').strip()}; / mounted "
        f"{run.guest('findmnt -no OPTIONS /').strip()}")
    say(run.unit_journal())
    run.power_button()
    say("\n=== the power button, then on again: the table resumes")
    run.resume()
    say(f"\n=== {cuts} power cuts at random seconds after a Done")
    for cut in range(1, cuts + 1):
        # The first cut comes where the resumed table is on screen; the
        # others after a boot, on the list of tables.
        handed_in = run.hand_in_and_cut(cut, on_tables=cut > 1)
        run.after_cut(cut, handed_in)
    say("\n=== the kiosk's journal, last boot")
    say(run.unit_journal())
    if run.guest("journalctl -k -b | grep -ci 'out of memory' || true").strip() != "0":
        raise TestFailure("the guest's kernel invoked the OOM killer")
    run.power_button()


def main():
    global PNG_CHECK, BOOT_TIMEOUT
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("image")
    parser.add_argument("--png-check", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--cuts", type=int, default=10)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--boot-timeout", type=int, default=BOOT_TIMEOUT,
                        help="seconds a boot may take to the kiosk's first frame (a loaded machine needs more)")
    args = parser.parse_args()
    PNG_CHECK = args.png_check
    BOOT_TIMEOUT = args.boot_timeout
    shutil.rmtree(args.out, ignore_errors=True)
    os.makedirs(args.out)
    say(f"boot test: {args.image}, {args.cuts} power cuts, seed {args.seed}; screenshots in {args.out}/shots")
    run = Run(args.image, args.out, args.seed)
    try:
        play(run, args.cuts)
    except (TestFailure, MachineError, OSError, subprocess.CalledProcessError) as error:
        run.failure_report(str(error))
        return 1
    print_figures(run, args.image, args.cuts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
