"""The interactive simulator run as a person would: in a pseudo-terminal,
keys sent, the screen read back (through a small VT100 screen model) and
compared pixel for pixel with a headless run of the same app and seed."""

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time

import pytest

from examples import hal_demo as demo
from simulator.headless import run_script
from simulator.terminal import decode, layout, QUIT, TerminalUI

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_CSI = re.compile(r"\x1b\[([?0-9;]*)([A-Za-z])")


class Screen:
    """Just enough VT100 for what a full-screen program sends."""

    def __init__(self, cols, rows):
        self.cols, self.rows = cols, rows
        self.clear()
        self.r = self.c = 0
        self.alt = False
        self.cursor_visible = True
        self.raw = ""

    def clear(self):
        self.cells = [[" "] * self.cols for _ in range(self.rows)]

    def feed(self, text):
        self.raw += text
        i = 0
        while i < len(text):
            ch = text[i]
            if ch == "\x1b":
                m = _CSI.match(text, i)
                if m:
                    self._csi(m.group(1), m.group(2))
                    i = m.end()
                    continue
                i += 2
                continue
            if ch == "\r":
                self.c = 0
            elif ch == "\n":
                self.r = min(self.rows - 1, self.r + 1)
            elif ch >= " ":
                if self.c < self.cols:
                    self.cells[self.r][self.c] = ch
                self.c += 1
            i += 1

    def _csi(self, params, final):
        if params.startswith("?"):
            on = final == "h"
            if params == "?1049":
                self.alt = on
                self.clear()
            elif params == "?25":
                self.cursor_visible = on
            return
        nums = [int(p) if p else 0 for p in params.split(";")] if params else []
        if final == "H":
            r = (nums[0] if nums else 1) or 1
            c = (nums[1] if len(nums) > 1 else 1) or 1
            self.r, self.c = r - 1, c - 1
        elif final == "J":
            self.clear()
        elif final == "K":
            for x in range(self.c, self.cols):
                self.cells[self.r][x] = " "

    def lines(self):
        return ["".join(row) for row in self.cells]


def braille_pixels(lines):
    """The 128x64 pixels inside the braille frame on the screen."""
    top = next(i for i, l in enumerate(lines) if "\u250c" in l)
    left = lines[top].index("\u250c") + 1
    rows = [bytearray(128) for _ in range(64)]
    bits = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))
    for cy in range(16):
        line = lines[top + 1 + cy]
        for cx in range(64):
            v = ord(line[left + cx]) - 0x2800
            assert 0 <= v < 256, (cy, cx, line[left + cx])
            for dx in range(2):
                for dy in range(4):
                    if v & bits[dx][dy]:
                        rows[cy * 4 + dy][cx * 2 + dx] = 1
    return rows


def _controlling_tty():
    # a new session whose controlling terminal is the pty, so ^C means SIGINT
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    # and SIGINT as a person's shell leaves it: a test run started in the
    # background of a shell script (`make test &`) ignores SIGINT, and a
    # child inherits that (Python then installs no KeyboardInterrupt)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Session:
    def __init__(self, tmp_path, cols, rows, args=()):
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.slave = slave
        self.attrs_before = termios.tcgetattr(slave)
        # PYTHONFAULTHANDLER: a simulator that does not end is sent SIGABRT
        # (finish), and every thread's traceback reaches the pty
        env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + str(tmp_path), TERM="xterm",
                   PYTHONFAULTHANDLER="1")
        if "--app" not in args:
            args = ["--app", "examples.hal_demo"] + list(args)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "simulator",
             "--save", str(tmp_path / "sim.sav")] + list(args),
            stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=env,
            preexec_fn=_controlling_tty)
        self.screen = Screen(cols, rows)
        self.buf = b""
        self.text = ""            # all the output, for a failure's message

    def pump(self, seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            r, _, _ = select.select([self.master], [], [], 0.05)
            if r:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    return
                self.buf += data
                text = self.buf.decode("utf-8", "ignore")
                # keep an incomplete UTF-8 tail for the next read
                keep = len(self.buf) - len(text.encode("utf-8"))
                self.buf = self.buf[len(self.buf) - keep:] if keep > 0 else b""
                self.screen.feed(text)
                self.text += text

    def wait_for(self, predicate, timeout=10):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump(0.1)
            if predicate(self.screen.lines()):
                return True
        return False

    def send(self, data):
        os.write(self.master, data)

    def finish(self, timeout=10):
        end = time.monotonic() + timeout
        while self.proc.poll() is None and time.monotonic() < end:
            self.pump(0.1)
        self.pump(0.2)
        if self.proc.poll() is None:
            try:        # the signals it blocks, ignores and catches (Linux)
                with open("/proc/%d/status" % self.proc.pid) as f:
                    self.text += "".join(l for l in f if l.startswith("Sig"))
            except OSError:
                pass
            self.proc.send_signal(signal.SIGABRT)   # the faulthandler's tracebacks
            self.pump(1.0)
            self.proc.kill()
        attrs = termios.tcgetattr(self.slave)
        os.close(self.master)
        os.close(self.slave)
        return self.proc.wait(), attrs


def test_key_decoding_and_layout_choice():
    assert decode(b"\x1b[A\x1b[B\x1b[D\x1b[C") == [0, 1, 2, 3]
    assert decode(b"\rzZ \x7f\x08xX") == [4, 4, 4, 4, 5, 5, 5, 5]
    assert decode(b"\x1b[15~q") == [QUIT]           # F5 skipped
    assert layout(80, 24)[0] == "braille"
    assert layout(128, 34)[0] == "half"
    assert layout(127, 40)[0] == "braille"
    assert layout(60, 20)[0] is None


class _Refresh:
    bytes = 1037


class _Sim:
    refreshes = [_Refresh()]


def test_footer_shows_the_byte_counter_only_when_asked():
    from simulator.__main__ import _args
    assert _args([]).show_bytes is False
    assert _args(["--show-bytes"]).show_bytes is True
    ui = TerminalUI(_Sim(), 0, None)
    ui.last_key = "A"
    s1, s2 = ui._status(66)
    assert s1 == "key: A" and "B last refresh" not in s1 and "Q=quit" in s2
    ui = TerminalUI(_Sim(), 0, None, show_bytes=True)
    ui.last_key = "A"
    assert ui._status(66)[0] == "key: A      1037 B last refresh"
    assert TerminalUI(type("S", (), {"refreshes": []})(), 0, None,
                      show_bytes=True)._status(66)[0] == "key:"


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")
def test_interactive_in_a_pty_80x24(tmp_path):
    want_start = run_script("", demo.main, seed=5).sim.view()
    want_right = run_script("RIGHT", demo.main, seed=5).sim.view()

    s = Session(tmp_path, 80, 24, ["--seed", "5"])
    try:
        assert s.wait_for(lambda ls: any("\u2518" in l for l in ls)), s.screen.raw[-500:]
        s.pump(0.3)
        assert s.screen.alt and not s.screen.cursor_visible
        lines = s.screen.lines()
        assert braille_pixels(lines) == want_start
        assert any("Q=quit" in l for l in lines)

        s.send(b"\x1b[C")                         # right arrow
        assert s.wait_for(lambda ls: braille_pixels(ls) == want_right), \
            "\n".join(s.screen.lines())
        assert any("key: RIGHT" in l for l in s.screen.lines())
        # a player sees no byte counter unless asked for one (--show-bytes)
        assert not any("last refresh" in l for l in s.screen.lines())

        s.send(b"q")
        rc, attrs = s.finish()
    finally:
        if s.proc.poll() is None:
            s.proc.kill()
    assert rc == 0, s.text[-3000:]
    # the terminal is back: normal screen, cursor shown, line mode and echo on
    assert not s.screen.alt and s.screen.cursor_visible
    assert attrs[3] & termios.ICANON and attrs[3] & termios.ECHO
    assert attrs == s.attrs_before
    assert (tmp_path / "sim.sav").exists()


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")
def test_interactive_half_blocks_and_ctrl_c(tmp_path):
    s = Session(tmp_path, 140, 40, ["--seed", "5"])
    try:
        assert s.wait_for(lambda ls: any("Q=quit" in l for l in ls))
        s.pump(0.2)
        lines = s.screen.lines()
        # 32 text rows of half blocks, 128 columns wide, centred
        img = [l for l in lines[:32]]
        assert any("\u2580" in l or "\u2584" in l for l in img)
        assert "\u250c" not in "".join(lines)
        s.send(b"\x03")                           # Ctrl-C
        rc, attrs = s.finish()
    finally:
        if s.proc.poll() is None:
            s.proc.kill()
    assert rc == 0, s.text[-3000:]
    assert not s.screen.alt and s.screen.cursor_visible
    assert attrs == s.attrs_before


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")
def test_terminal_restored_after_a_crash(tmp_path):
    (tmp_path / "crashapp.py").write_text(
        "def main(h):\n"
        "    h.idle(300)\n"
        "    raise RuntimeError('boom from the app')\n")
    s = Session(tmp_path, 80, 24, ["--app", "crashapp", "--seed", "1"])
    rc, attrs = s.finish()
    assert rc == 1
    assert attrs == s.attrs_before
    assert not s.screen.alt and s.screen.cursor_visible
    # the traceback is printed after the terminal came back, on the normal screen
    tail = s.screen.raw[s.screen.raw.rindex("\x1b[?1049l"):]
    assert "boom from the app" in tail
