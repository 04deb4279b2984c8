"""One qemu-system-aarch64 `virt` machine booting the kiosk image, driven
like a person at its screen: QMP for the display (screendump), the pointer
(a USB tablet: absolute events) and the keyboard, the power button and the
plug; the qemu guest agent for looking inside (commands run in the guest).
Standard library only."""

import base64
import json
import os
import signal
import socket
import subprocess
import time

# The display: the official 7" Raspberry Pi touch display's size.
WIDTH, HEIGHT = 800, 480


class MachineError(Exception):
    pass


class Channel:
    """A line-delimited JSON channel over a unix socket (QMP or the agent)."""

    def __init__(self, path, timeout):
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self.sock.connect(path)
                break
            except OSError:
                self.sock.close()
                if time.monotonic() > deadline:
                    raise MachineError(f"cannot connect to {path}")
                time.sleep(0.2)
        self.buffer = b""

    def send(self, message):
        self.sock.sendall(json.dumps(message).encode() + b"\n")

    def receive(self, timeout):
        """The next JSON message, or None when `timeout` seconds pass."""
        self.sock.settimeout(timeout)
        while b"\n" not in self.buffer:
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                return None
            if not chunk:
                raise MachineError("the channel closed")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        line = line.strip().lstrip(b"\xff")
        return json.loads(line) if line else self.receive(timeout)

    def close(self):
        self.sock.close()


class Machine:
    def __init__(self, disk, workdir, console_log, memory_mb=512):
        self.disk, self.workdir, self.console_log = disk, workdir, console_log
        self.memory_mb = memory_mb
        self.qmp_path = os.path.join(workdir, "qmp.sock")
        self.agent_path = os.path.join(workdir, "agent.sock")
        self.process = None
        self.qmp = None
        self.agent = None
        self.started = 0.0

    def command_line(self, kernel, initrd, cmdline):
        return [
            "nice", "-n", "15", "qemu-system-aarch64",
            "-M", "virt", "-cpu", "cortex-a72", "-smp", "2", "-m", str(self.memory_mb),
            "-kernel", kernel, "-initrd", initrd, "-append", cmdline,
            # cache=unsafe: the host never loses power, so what the guest
            # wrote to its disk survives a cut whatever the host caches; what
            # the guest had not yet written (its own page cache) is lost, as
            # on a Pi.
            "-drive", f"file={self.disk},format=raw,if=none,id=card,cache=unsafe",
            "-device", "virtio-blk-pci,drive=card",
            "-device", f"virtio-gpu-pci,xres={WIDTH},yres={HEIGHT}",
            "-device", "qemu-xhci", "-device", "usb-tablet", "-device", "usb-kbd",
            "-nic", "none", "-display", "none",
            "-serial", f"file:{self.console_log}",
            "-qmp", f"unix:{self.qmp_path},server=on,wait=off",
            "-chardev", f"socket,path={self.agent_path},server=on,wait=off,id=agent",
            "-device", "virtio-serial-pci",
            "-device", "virtserialport,chardev=agent,name=org.qemu.guest_agent.0",
        ]

    def start(self, kernel, initrd, cmdline):
        for path in (self.qmp_path, self.agent_path):
            if os.path.exists(path):
                os.unlink(path)
        self.started = time.monotonic()
        self.process = subprocess.Popen(self.command_line(kernel, initrd, cmdline),
                                        stdout=subprocess.DEVNULL, stderr=open(self.console_log + ".qemu", "w"))
        self.qmp = Channel(self.qmp_path, 30)
        greeting = self.qmp.receive(30)
        if not greeting or "QMP" not in greeting:
            raise MachineError(f"no QMP greeting: {greeting}")
        self.call("qmp_capabilities")

    def seconds(self):
        return time.monotonic() - self.started

    def running(self):
        return self.process is not None and self.process.poll() is None

    def call(self, command, **arguments):
        message = {"execute": command}
        if arguments:
            message["arguments"] = arguments
        self.qmp.send(message)
        while True:
            reply = self.qmp.receive(120)
            if reply is None:
                raise MachineError(f"QMP {command}: no answer")
            if "return" in reply:
                return reply["return"]
            if "error" in reply:
                raise MachineError(f"QMP {command}: {reply['error'].get('desc')}")

    def screendump(self, path):
        self.call("screendump", filename=path, format="png")

    def move(self, x, y):
        """The tablet's pointer to pixel (x, y). The axes are given in
        pixels, not scaled to the tablet's range (0-32767): SDL's evdev
        input takes an absolute pointer that is not a touchscreen (only
        virtual machines have one) at its raw value, as window coordinates.
        A touchscreen (a Pi's display) SDL scales itself.

        Both axes must change at every move: SDL 2.26's evdev input takes an
        axis the kernel did not report (it reports only changed values) as
        0, so a move along a row would put the pointer on the screen's top
        edge. The pointer therefore passes through a pixel beside the spot,
        off both of its axes, first, and stays there long enough for the
        guest to read it (qemu merges moves the guest has not read yet)."""
        for px, py in ((x + 1, y + 1), (x, y)):
            self.call("input-send-event", events=[{"type": "abs", "data": {"axis": "x", "value": int(px)}},
                                                  {"type": "abs", "data": {"axis": "y", "value": int(py)}}])
            time.sleep(0.5)

    def click(self, hold=0.08):
        """The tablet's button pressed where the pointer is and let go
        quickly (a press held half a second on the board is a long press)."""
        self.call("input-send-event", events=[{"type": "btn", "data": {"down": True, "button": "left"}}])
        time.sleep(hold)
        self.call("input-send-event", events=[{"type": "btn", "data": {"down": False, "button": "left"}}])

    def key(self, *qcodes):
        """Presses the keys together (modifiers first) and lets them go."""
        keys = [{"type": "qcode", "data": code} for code in qcodes]
        self.call("send-key", keys=keys, **{"hold-time": 150})

    def power_button(self):
        self.call("system_powerdown")

    def wait_off(self, timeout):
        try:
            self.process.wait(timeout)
            return True
        except subprocess.TimeoutExpired:
            return False

    def cut_power(self):
        """The plug pulled: qemu stops at once, nothing flushed."""
        if self.running():
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
        self.close_channels()

    def close_channels(self):
        for channel in (self.qmp, self.agent):
            if channel:
                channel.close()
        self.qmp = self.agent = None

    def agent_connect(self, timeout):
        """Waits for the guest agent to answer (it starts with the guest)."""
        deadline = time.monotonic() + timeout
        self.agent = Channel(self.agent_path, 10)
        token = int(time.monotonic() * 1000) % 1000000
        while time.monotonic() < deadline:
            self.agent.send({"execute": "guest-sync", "arguments": {"id": token}})
            reply = self.agent.receive(5)
            while reply is not None and reply.get("return") != token:
                reply = self.agent.receive(1)
            if reply is not None:
                return
        raise MachineError("the guest agent does not answer")

    def agent_call(self, command, timeout=60, **arguments):
        message = {"execute": command}
        if arguments:
            message["arguments"] = arguments
        self.agent.send(message)
        reply = self.agent.receive(timeout)
        if reply is None:
            raise MachineError(f"guest agent {command}: no answer")
        if "error" in reply:
            raise MachineError(f"guest agent {command}: {reply['error'].get('desc')}")
        return reply["return"]

    def run(self, script, timeout=300):
        """Runs `script` with /bin/sh inside the guest: (status, output)."""
        pid = self.agent_call("guest-exec", path="/bin/sh", arg=["-c", script], **{"capture-output": True})["pid"]
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            status = self.agent_call("guest-exec-status", pid=pid)
            if status.get("exited"):
                out = base64.b64decode(status.get("out-data", "")).decode(errors="replace")
                err = base64.b64decode(status.get("err-data", "")).decode(errors="replace")
                return status.get("exitcode", -1), out + err
            time.sleep(0.5)
        raise MachineError(f"in the guest, {script!r} did not finish in {timeout} s")
