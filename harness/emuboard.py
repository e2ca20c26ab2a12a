"""An emulated board on a pseudo-terminal, for basra-flash tests.

harness/mpvm_board.mjs runs the MicroPython WebAssembly VM with its REPL on
stdin/stdout; this module puts it behind a pty so that the real mpremote (and
so basra-flash) connects to ``/dev/pts/N`` as to a USB serial board. It is
MicroPython 1.27 dressed up as CircuitPython (see mpvm_board.mjs for what is
faked), not CircuitPython.

    with EmulatedBoard(board_id="raspberry_pi_pico") as board:
        subprocess.run(["basra-flash", "--port", board.port])
        board.dump(tmpdir)          # the drive's files, straight from the VM
        board.resets()              # soft reboots seen

Run ``python -m harness.emuboard [--readonly] [--capacity N] ...`` to keep one
open by hand: it prints the port and serves until Ctrl-C.
"""

from __future__ import annotations

import os
import select
import socket
import subprocess
import sys
import threading
import time
import tty
from pathlib import Path

from harness.mpvm import CIRCUITPY_PYSTACK_WORDS, die_with_parent, node_binary, unavailable_reason

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "harness" / "mpvm_board.mjs"


class EmulatedBoard:
    def __init__(self, impl="circuitpython", board_id="raspberry_pi_pico",
                 cp_version="9.2.1", machine=None, capacity=1024 * 1024,
                 readonly=False, displayio=True, nvm=4096, pystack=CIRCUITPY_PYSTACK_WORDS,
                 sha256=True, running=False):
        args = ["--impl", impl, "--board-id", board_id, "--cp-version", cp_version,
                "--capacity", str(int(capacity)), "--nvm", str(int(nvm)),
                "--pystack", str(int(pystack))]
        if machine:
            args += ["--machine", machine]
        if readonly:
            args.append("--readonly")
        if not displayio:
            args.append("--no-displayio")
        if not sha256:
            args.append("--no-sha256")
        if running:
            args.append("--running")
        self.args = args
        self.proc = None
        self.port = None
        self.log = bytearray()      # everything the board sent (for failure messages)

    # -- lifetime -------------------------------------------------------
    def start(self, timeout=20.0):
        reason = unavailable_reason()
        if reason:
            raise RuntimeError("emulated board unavailable: " + reason)
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)
        self.port = os.ttyname(self._slave)
        self._ctl, child = socket.socketpair()
        node = node_binary()
        self.proc = subprocess.Popen(
            [node, str(SCRIPT), *self.args, "--ctl-fd", str(child.fileno())],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            pass_fds=(child.fileno(),), cwd=str(REPO), start_new_session=True,
            preexec_fn=die_with_parent,
        )
        child.close()
        self._stop = threading.Event()
        self._threads = [
            threading.Thread(target=self._to_board, daemon=True),
            threading.Thread(target=self._from_board, daemon=True),
        ]
        for t in self._threads:
            t.start()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("emulated board exited: " + self._stderr())
            if self.control("ping", timeout=deadline - time.monotonic()) == "pong":
                return self
        self.close()
        raise RuntimeError("emulated board did not start in %g s" % timeout)

    def close(self):
        if self.proc is None:
            return
        self._stop.set()
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=3)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(self.proc.pid, 9)
            except ProcessLookupError:
                pass
            self.proc.wait()
        # the pumps must be gone before their descriptors close: a closed
        # number is soon reused (say, by the importer reading a .py file), and
        # a pump still reading it would steal those bytes
        for t in self._threads:
            t.join(timeout=5)
        for fd in (self._master, self._slave):
            try:
                os.close(fd)
            except OSError:
                pass
        self._ctl.close()
        self.proc = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.close()

    # -- the serial line --------------------------------------------------
    def _to_board(self):
        # pty master -> Node stdin (what the host program writes to the port)
        while not self._stop.is_set():
            r, _, _ = select.select([self._master], [], [], 0.1)
            if not r:
                continue
            try:
                data = os.read(self._master, 4096)
            except OSError:
                continue      # no one has the slave open right now
            if not data:
                continue
            try:
                self.proc.stdin.write(data)
                self.proc.stdin.flush()
            except (BrokenPipeError, ValueError, OSError):
                return

    def _from_board(self):
        # Node stdout -> pty master (what the host program reads)
        fd = self.proc.stdout.fileno()
        while True:
            try:
                data = os.read(fd, 4096)
            except OSError:
                return
            if not data:
                return
            self.log += data
            view = memoryview(data)
            while view:
                try:
                    n = os.write(self._master, view)
                except BlockingIOError:
                    time.sleep(0.01)
                    continue
                except OSError:
                    return
                view = view[n:]

    def _stderr(self):
        try:
            return self.proc.stderr.read().decode("utf-8", "replace") if self.proc.poll() is not None else ""
        except (OSError, ValueError):
            return ""

    # -- control ----------------------------------------------------------
    def control(self, line, timeout=10.0):
        self._ctl.settimeout(max(0.1, timeout))
        try:
            self._ctl.sendall(line.encode() + b"\n")
            buf = b""
            while not buf.endswith(b"\n"):
                chunk = self._ctl.recv(4096)
                if not chunk:
                    raise RuntimeError("emulated board closed its control channel")
                buf += chunk
        except socket.timeout:
            return None
        return buf.decode().strip()

    def dump(self, directory):
        """Copy the drive's files (from the VM's memory, not over the serial
        line) under ``directory``; returns how many files."""
        reply = self.control("dump " + str(Path(directory).resolve()))
        if not reply or not reply.startswith("ok "):
            raise RuntimeError("dump failed: %r" % reply)
        return int(reply.split()[1])

    def resets(self):
        reply = self.control("resets")
        return int(reply.split()[1])


def main(argv=None):
    import argparse

    ap = argparse.ArgumentParser(description="an emulated board (MicroPython VM dressed as CircuitPython) on a pty")
    ap.add_argument("--impl", default="circuitpython", choices=("circuitpython", "micropython"))
    ap.add_argument("--board-id", default="raspberry_pi_pico")
    ap.add_argument("--cp-version", default="9.2.1")
    ap.add_argument("--capacity", type=int, default=1024 * 1024)
    ap.add_argument("--readonly", action="store_true")
    ap.add_argument("--no-displayio", action="store_true")
    ap.add_argument("--no-sha256", action="store_true", help="hashlib without SHA-256")
    ap.add_argument("--running", action="store_true", help="boot running code.py")
    a = ap.parse_args(argv)
    with EmulatedBoard(impl=a.impl, board_id=a.board_id, cp_version=a.cp_version,
                       capacity=a.capacity, readonly=a.readonly,
                       displayio=not a.no_displayio, sha256=not a.no_sha256,
                       running=a.running) as board:
        print("emulated board on", board.port, "(Ctrl-C to stop)", flush=True)
        try:
            while board.proc.poll() is None:
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
