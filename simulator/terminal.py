"""Interactive simulator in a terminal (plain ANSI: works over SSH).

The OLED is drawn with half blocks (128x32 cells) when the terminal has at
least 128x34 cells, otherwise with braille (64x16 cells in a frame, fits
80x24). Only lines that changed are rewritten, and only after the emulated
controller's GDDRAM or state changed. Keys: arrows; Enter, Z or space = A;
Backspace or X = B; Q quits. A terminal sends no key-up, so a key is a tap
(pressed for 120 ms); the terminal's own key repeat keeps it held, and then
the HAL's auto-repeat runs as on the device. The footer names the last key;
with --show-bytes it also gives the bytes the last refresh sent to the
panel. The terminal is restored on exit, Ctrl-C, SIGTERM/SIGHUP and on a
crash.
"""

import atexit
import os
import select
import signal
import sys
import termios
import time
import tty

import hal
from simulator import render
from simulator.sim import SimExit, Simulator, load_app

HOLD_MS = 120
_KEYS = {
    b"\x1b[A": hal.UP, b"\x1bOA": hal.UP,
    b"\x1b[B": hal.DOWN, b"\x1bOB": hal.DOWN,
    b"\x1b[C": hal.RIGHT, b"\x1bOC": hal.RIGHT,
    b"\x1b[D": hal.LEFT, b"\x1bOD": hal.LEFT,
    b"\r": hal.A, b"\n": hal.A, b"z": hal.A, b"Z": hal.A, b" ": hal.A,
    b"\x7f": hal.B, b"\x08": hal.B, b"x": hal.B, b"X": hal.B,
}
QUIT = object()


def decode(data):
    """Bytes from the terminal -> list of logical buttons or QUIT."""
    out = []
    i = 0
    while i < len(data):
        if data[i:i + 1] == b"\x1b":
            seq = data[i:i + 3]
            if seq in _KEYS:
                out.append(_KEYS[seq])
                i += 3
                continue
            # skip an unknown CSI/SS3 sequence (e.g. F-keys, mouse)
            j = i + 1
            if j < len(data) and data[j:j + 1] in (b"[", b"O"):
                j += 1
                while j < len(data) and not (0x40 <= data[j] <= 0x7E):
                    j += 1
                j += 1
            i = j
            continue
        ch = data[i:i + 1]
        if ch in (b"q", b"Q"):
            out.append(QUIT)
        elif ch in _KEYS:
            out.append(_KEYS[ch])
        i += 1
    return out


def layout(cols, rows):
    """('half' | 'braille' | None, left column, top row) for a terminal size."""
    if cols >= 128 and rows >= 34:
        return "half", (cols - 128) // 2, 0
    if cols >= 66 and rows >= 20:
        return "braille", (cols - 66) // 2, 0
    return None, 0, 0


class TerminalUI:
    def __init__(self, sim, fd_in, out, mode="auto", show_bytes=False):
        self.sim = sim
        self.show_bytes = show_bytes
        self.fd = fd_in
        self.out = out
        self.force_mode = None if mode == "auto" else mode
        self.prev = {}
        self.version = None
        self.resized = True
        self.release_at = {}      # button -> deadline (monotonic s)
        self.last_key = ""
        self.quit = False

    # -- output -------------------------------------------------------
    def write(self, s):
        self.out.write(s.encode("utf-8"))
        self.out.flush()

    def _size(self):
        try:
            sz = os.get_terminal_size(self.out.fileno())
            return sz.columns, sz.lines
        except OSError:
            return 80, 24

    def draw(self, force=False):
        sim = self.sim
        if self.resized:
            self.resized = False
            cols, rows = self._size()
            mode, self.x0, self.y0 = layout(cols, rows)
            if self.force_mode == "braille" and mode == "half":
                mode = "braille"          # --mode half on a small terminal stays braille
                self.x0 = (cols - 66) // 2
            self.mode = mode
            self.cols, self.rows = cols, rows
            self.prev = {}
            self.write("\x1b[0m\x1b[2J")
            force = True
        version = (sim.version(), len(sim.refreshes), self.last_key)
        if not force and version == self.version:
            return False
        self.version = version
        lines = self._lines()
        buf = []
        for row, text in enumerate(lines):
            if self.prev.get(row) != text:
                self.prev[row] = text
                buf.append("\x1b[%d;%dH%s\x1b[0m\x1b[K" % (self.y0 + row + 1, 1, text))
        if buf:
            self.write("".join(buf))
        return bool(buf)

    def _status(self, width):
        r = self.sim.refreshes[-1] if self.sim.refreshes else None
        last = "%d B last refresh" % r.bytes if r and self.show_bytes else ""
        s1 = ("key: %-6s %s" % (self.last_key, last)).rstrip()[:width]
        s2 = "arrows  A=Enter/Z  B=Backspace/X  Q=quit"[:width]
        return s1, s2

    def _lines(self):
        pad = " " * self.x0
        oled = "\x1b[97;40m"
        if self.mode is None:
            return ["terminal too small: need 66x20 (braille) or 128x34 (half blocks)",
                    "Q quits"]
        view = self.sim.view()
        if self.mode == "half":
            img = [pad + oled + line for line in render.halfblock_lines(view)]
            width = 128
        else:
            inner = render.braille_lines(view)
            img = [pad + "\u250c" + "\u2500" * 64 + "\u2510"]
            img += [pad + "\u2502" + oled + line + "\x1b[0m\u2502" for line in inner]
            img += [pad + "\u2514" + "\u2500" * 64 + "\u2518"]
            width = 66
        s1, s2 = self._status(max(width, 40))
        return img + [pad + s1, pad + s2]

    # -- input / time ---------------------------------------------------
    def _handle(self, data):
        now = time.monotonic()
        got = False
        for k in decode(data):
            if k is QUIT:
                self.quit = True
                raise SimExit()
            self.last_key = hal.NAMES[k]
            if k not in self.release_at:
                self.sim.press(k)
            self.release_at[k] = now + HOLD_MS / 1000
            got = True
        return got

    def _release_due(self):
        now = time.monotonic()
        done = [b for b, t in self.release_at.items() if t <= now]
        for b in done:
            del self.release_at[b]
            self.sim.release(b)
        return bool(done)

    def on_idle(self, sim, ms):
        deadline = time.monotonic() + max(0, ms) / 1000
        while True:
            self.draw()
            now = time.monotonic()
            until = deadline
            if self.release_at:
                until = min(until, min(self.release_at.values()))
            timeout = max(0.0, until - now)
            r, _, _ = select.select([self.fd], [], [], timeout)
            if r:
                data = os.read(self.fd, 256)
                if not data:          # the terminal went away
                    raise SimExit()
                if self._handle(data):
                    return
            if self._release_due():
                return
            if time.monotonic() >= deadline:
                return


def run_interactive(a):
    fd = sys.stdin.fileno()
    out = sys.stdout.buffer
    seed = a.seed if a.seed is not None else int.from_bytes(os.urandom(4), "little") & 0x1FFFFFFF
    link = None
    slot = None
    if getattr(a, "link", False):
        from simulator.link import SocketPort, link_save
        link = SocketPort(a.link_port)
        if a.save:
            save = a.save
        else:
            # this terminal's own slot, whichever of the two starts first
            slot = link_save(a.link_port, terminal=os.ttyname(fd))
            atexit.register(slot.release)   # its lock file goes however this ends
            save = slot.path
    else:
        save = a.save or os.path.expanduser("~/.pocket-basra-sim.sav")
    app = load_app(a.app)
    sim = Simulator(seed=seed, save=save, rotation=a.rotation, buttons=a.buttons,
                    realtime=True, link=link)
    ui = TerminalUI(sim, fd, out, a.mode, show_bytes=getattr(a, "show_bytes", False))
    sim.on_idle = ui.on_idle
    saved = termios.tcgetattr(fd)
    old_handlers = {}

    def on_signal(signum, frame):
        raise SystemExit(128 + signum)

    def on_winch(signum, frame):
        ui.resized = True

    for sig in (signal.SIGTERM, signal.SIGHUP):
        old_handlers[sig] = signal.signal(sig, on_signal)
    old_handlers[signal.SIGWINCH] = signal.signal(signal.SIGWINCH, on_winch)
    try:
        tty.setcbreak(fd)
        ui.write("\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J")
        try:
            sim.run(app)
        except KeyboardInterrupt:
            pass
    finally:
        try:
            ui.write("\x1b[0m\x1b[?25h\x1b[?1049l")
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
            for sig, h in old_handlers.items():
                signal.signal(sig, h)
            if slot is not None:
                slot.release()
            if link is not None:
                link.close()
    sys.stdout.write("basra-sim: save kept in %s\n" % save)
    return 0
