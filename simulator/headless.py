"""Headless runs: a button script drives the app on virtual time.

Script words (space or comma separated, case-insensitive):

``A`` ``LEFT`` ...      tap: press, 60 ms, release, then 140 ms (``tap_ms``, ``gap_ms``)
``RIGHT*3``             the tap three times
``wait:500`` or ``500`` let 500 ms pass
``hold:LEFT:900``       press, 900 ms, release (auto-repeat happens meanwhile)
``down:A`` ``up:A``     press or release alone
``shot:NAME``           keep the frame at this moment under NAME

After the last word the app gets ``settle_ms`` more, then the run ends.
"""

import hal
from simulator.sim import SimExit, Simulator, button

TAP_MS = 60
GAP_MS = 140


WORDS = "BUTTON, BUTTON*N, wait:MS or MS, hold:BUTTON:MS, down:BUTTON, up:BUTTON, shot:NAME"


def parse(script, tap_ms=TAP_MS, gap_ms=GAP_MS):
    """The script as a list of (time ms, action, argument); actions are
    'press', 'release', 'shot'. Raises ValueError on a bad word, with a
    message that names the word and what is accepted."""
    t = 0
    out = []
    words = script.replace(",", " ").split() if script else []
    for w in words:
        try:
            t = _word(w, t, out, tap_ms, gap_ms)
        except ValueError as e:
            raise ValueError("script word %r: %s" % (w, e)) from None
    return out, t


def _count(text, what, least=0):
    """A whole number >= ``least`` from a script word."""
    if not (text.isascii() and text.isdigit()) or int(text) < least:
        raise ValueError("the %s must be a whole number, %d or more, not %r" % (what, least, text))
    return int(text)


def _word(w, t, out, tap_ms, gap_ms):
    low = w.lower()
    parts = low.split(":")
    if low.isdigit():
        return t + int(low)
    head = parts[0]
    if head == "wait" and len(parts) == 2:
        return t + _count(parts[1], "time in ms")
    if head == "hold" and len(parts) == 3:
        b = button(parts[1])
        out.append((t, "press", b))
        t += _count(parts[2], "time in ms")
        out.append((t, "release", b))
        return t + gap_ms
    if head in ("down", "up") and len(parts) == 2:
        out.append((t, "press" if head == "down" else "release", button(parts[1])))
        return t
    if head == "shot" and len(parts) == 2:
        name = w.split(":", 1)[1]
        if not name:
            raise ValueError("shot: needs a name, e.g. shot:after")
        out.append((t, "shot", name))
        return t
    if len(parts) > 1:
        raise ValueError("not a script word (words: %s)" % WORDS)
    name, star, times = low.partition("*")
    b = button(name)
    for _ in range(_count(times, "repeat count", 1) if star else 1):
        out.append((t, "press", b))
        t += tap_ms
        out.append((t, "release", b))
        t += gap_ms
    return t


class Run:
    """The result of a headless run."""

    def __init__(self, sim, shots, end_ms):
        self.sim = sim
        self.shots = shots            # name -> 1024-byte frame
        self.shot_text = {}           # name -> ascii view at that moment
        self.end_ms = end_ms

    @property
    def refreshes(self):
        return self.sim.refreshes

    def frame(self):
        return self.sim.frame()


class ScriptDriver:
    def __init__(self, sim, events, end_ms, settle_ms=500, on_shot=None):
        self.sim = sim
        self.events = list(events)
        self.i = 0
        self.end = end_ms + settle_ms
        self.shots = {}
        self.shot_text = {}
        self.on_shot = on_shot

    def _fire_due(self):
        sim = self.sim
        while self.i < len(self.events) and self.events[self.i][0] <= sim.clock.now:
            _, action, arg = self.events[self.i]
            self.i += 1
            if action == "press":
                sim.keys.push(arg, True)
            elif action == "release":
                sim.keys.push(arg, False)
            else:
                self.shots[arg] = sim.frame()
                self.shot_text[arg] = sim.text()
                if self.on_shot is not None:
                    self.on_shot(arg, sim)

    def __call__(self, sim, ms):
        clock = sim.clock
        target = clock.now + max(1, int(ms))
        if self.i < len(self.events) and self.events[self.i][0] < target:
            # input arrives: idle returns early, as on a board
            clock.now = max(clock.now, self.events[self.i][0])
            self._fire_due()
            return
        clock.now = target
        self._fire_due()
        if clock.now >= self.end and self.i >= len(self.events):
            raise SimExit()


def run_script(script="", main=None, seed=0, settle_ms=500, on_shot=None, setup=None,
               **sim_args):
    """Run ``main`` (default: the device app or the demo) under ``script``.
    ``setup(sim)`` is called before the app starts."""
    from simulator.sim import load_app
    sim = Simulator(seed=seed, **sim_args)
    if setup is not None:
        setup(sim)
    events, end = parse(script)
    driver = ScriptDriver(sim, events, end, settle_ms, on_shot)
    sim.on_idle = driver
    sim.run(main or load_app())
    # a shot scheduled exactly at the end
    driver._fire_due()
    run = Run(sim, driver.shots, sim.clock.now)
    run.shot_text = driver.shot_text
    return run


__all__ = ["parse", "run_script", "Run", "hal"]
