"""One run of code.py on a board that reloads (harness/reload.py starts one
VM per run, as a soft reload starts a new heap): heapapp's stand-ins for
CircuitPython's built-in modules, with what CircuitPython keeps across a
reload (CircuitPython 10.2.1: supervisor/shared/display.c keeps the last
display, its bus and the bus's pins, so that the console shows on it;
reset_port() lets go of every other pin):

* a pin is claimed by busio.I2C, keypad.Keys, pwmio.PWMOut, busio.UART and
  analogio.AnalogIn, which raise ValueError("GP5 in use") on a claimed pin;
* the display made in the last run (busdisplay.BusDisplay over an
  i2cdisplaybus.I2CDisplayBus) and its I2C pins are still claimed at the
  start of this run, until displayio.release_displays();
* microcontroller.nvm keeps its bytes.

A reload is CircuitPython's ReloadException (a BaseException: the app's
recovery from errors does not catch it), raised where the scenario says:
between loop turns (in time.sleep), inside an AI search step (a clock read
of the search) or as a save is being written (the nvm write). ``end()``
prints what the next run starts with and what the run saw, as JSON.
"""
import json
import sys

import heapapp as H
import person as P

_MASK = 0x1FFFFFFF


class ReloadException(BaseException):
    pass


held = {}           # pin name -> what holds it
display = [None]    # the display CircuitPython shows, made in this run or kept
kept_pins = []      # the kept display's bus pins (from the run before)
seen = {"frames": 0, "turns": 0, "reloaded_in": None}


def claim(pin, holder):
    if pin in held:
        raise ValueError("%s in use" % pin)
    held[pin] = holder


def let_go(pins):
    for p in pins:
        held.pop(p, None)


def claiming(stand_in, what, pins_of):
    """stand_in (heapapp's) claiming its pins (pins_of its arguments) as it
    is made, all or none, and letting them go at deinit()."""
    class Claiming(stand_in):
        def __init__(self, *args, **kw):
            pins = pins_of(*args)
            done = []
            try:
                for p in pins:
                    claim(p, what)
                    done.append(p)
            except ValueError:
                let_go(done)
                raise
            stand_in.__init__(self, *args, **kw)
            self.pins = pins

        def deinit(self):
            let_go(self.pins)
    return Claiming


I2C = claiming(H._I2C, "busio.I2C", lambda scl, sda, *rest: (scl, sda))
UART = claiming(H._UART, "busio.UART", lambda tx, rx, *rest: (tx, rx))
Keys = claiming(H._Keys, "keypad.Keys", lambda pins, *rest: tuple(pins))
PWMOut = claiming(H._PWMOut, "pwmio.PWMOut", lambda pin, *rest: (pin,))
AnalogIn = claiming(H._AnalogIn, "analogio.AnalogIn", lambda pin, *rest: (pin,))


class I2CDisplayBus(H._I2CDisplayBus):
    def __init__(self, i2c, device_address=0x3C):
        self.i2c = i2c


class BusDisplay(H.BusDisplay):
    def __init__(self, bus, init_sequence, **kw):
        if display[0] is not None:
            # CircuitPython 10: "Too many displays" (CIRCUITPY_DISPLAY_LIMIT 1)
            raise RuntimeError("Too many displays")
        H.BusDisplay.__init__(self, bus, init_sequence, **kw)
        self.pins = bus.i2c.pins
        display[0] = self

    def refresh(self, **kw):
        seen["frames"] += 1
        return H.BusDisplay.refresh(self, **kw)


def release_displays():
    d = display[0]
    if d is not None:
        let_go(d.pins)
        display[0] = None


class _Kept:
    # the display kept from the run before: only its pins are left of it here
    def __init__(self, pins):
        self.pins = pins


class _Impl:
    name = "circuitpython"
    version = (10, 2, 1)
    _machine = "Raspberry Pi Pico with rp2040"
    _mpy = 517


class _Sys:
    implementation = _Impl()

    def __getattr__(self, k):
        return getattr(_rsys, k)


_rsys = sys


class NVM:
    """microcontroller.nvm; ``armed`` raises the reload at the next write
    (before its bytes land: a write is one C call, not cut by a reload)."""
    armed = False

    def __init__(self, data):
        self.b = bytearray(data)

    def __len__(self):
        return len(self.b)

    def __getitem__(self, i):
        return self.b[i]

    def __setitem__(self, i, v):
        if NVM.armed and seen["reloaded_in"] is None:
            reload("save")
        self.b[i] = v


def reload(where):
    seen["reloaded_in"] = where
    raise ReloadException()


class Time:
    """time.sleep: the app's idle and hal.run's wait; each call is a loop
    turn, where the scenario presses keys or asks for the reload."""

    @staticmethod
    def sleep(s):
        H.clock.now += int(s * 1000)
        seen["turns"] += 1
        if seen["turns"] > LIMIT[0]:
            reload("sleep (turn limit)")
        if not H.keys.q and scenario[0] is not None:
            scenario[0]()

    @staticmethod
    def monotonic():
        return H.clock.now / 1000

    @staticmethod
    def monotonic_ns():
        return H.clock.now * 1000000


class Supervisor(H._Supervisor):
    @staticmethod
    def ticks_ms():
        if AI[0] and STEP[0]:
            # a clock read inside a search step: the search's, every 8 positions
            reload("ai")
        return H.clock.now & _MASK


def _stepping(step):
    """Search.step, noting that a step is under way (the AI's clock reads)."""
    def stepping(self):
        STEP[0] = True
        try:
            return step(self)
        finally:
            STEP[0] = False
    return stepping


AI = [False]        # reload at the next clock read inside a search step
STEP = [False]      # a search step is under way (Search.step wrapped by mid_ai)
LIMIT = [20000]     # loop turns before a reload whatever happens
scenario = [None]   # called at a loop turn with no key waiting


def _app():
    m = sys.modules.get("device.app")
    return None if m is None else m.last


def install(kept, nvm):
    """heapapp's stand-ins with pins, the display kept from the run before
    (its pins) and nvm's bytes."""
    H.install_board()
    m = sys.modules
    m["busio"] = _mod(I2C=I2C, UART=UART)
    m["keypad"] = _mod(Keys=Keys, Event=H._Event)
    m["pwmio"] = _mod(PWMOut=PWMOut)
    m["analogio"] = _mod(AnalogIn=AnalogIn)
    m["i2cdisplaybus"] = _mod(I2CDisplayBus=I2CDisplayBus)
    m["busdisplay"] = _mod(BusDisplay=BusDisplay)
    m["supervisor"] = Supervisor
    m["time"] = Time
    m["microcontroller"] = _mod(nvm=NVM(nvm))
    import displayio
    displayio.release_displays = release_displays
    m["sys"] = _Sys()
    if kept:
        for p in kept:
            held[p] = "the display kept from the last run"
        display[0] = _Kept(tuple(kept))


class _mod:
    def __init__(self, **kw):
        for k in kw:
            setattr(self, k, kw[k])


def game_state(app):
    """The game in progress as plain data, or None."""
    s = app.sess if app is not None else None
    if s is None:
        return None
    g = s.game
    return {"hand": g.hand_no, "scores": list(g.scores), "log": list(s.log[0:s.nlog]), "seed": s.seed}


def saved_state(rec):
    if rec is None:
        return None
    return {"hand": rec.hand_no, "scores": list(rec.scores), "log": list(rec.plays), "seed": rec.seed}


def traced(e):
    """Note the files the reload went through (innermost first)."""
    import io
    buf = io.StringIO()
    sys.print_exception(e, buf)
    files = []
    for line in buf.getvalue().split("\n"):
        line = line.strip()
        if line.startswith('File "'):
            files.append(line.split('"')[1])
    files.reverse()
    seen["stack"] = files


def end():
    """What the supervisor does when code.py ends: every pin but the
    display's let go; the display (if one is alive) kept with its bus's
    pins. Prints one JSON line for harness/reload.py."""
    app = _app()
    d = display[0]
    mnt = sys.modules["microcontroller"].nvm
    out = {"at": "end", "reloaded_in": seen["reloaded_in"], "turns": seen["turns"],
           "frames": seen["frames"], "kept": list(d.pins) if d is not None else [],
           "nvm": bytes(mnt.b).hex(), "game": game_state(app),
           "screen": _screen(app), "resumed": seen.get("resumed"),
           "continue": seen.get("continue"), "stack": seen.get("stack"),
           "init_ms": H.init_ms[0]}
    if app is not None:
        from device.saving import SaveStore
        NVM.armed = False
        saved = SaveStore(app.h.storage).load()[0]
        out["saved"] = saved_state(saved)
    print("\n" + json.dumps(out))


def _screen(app):
    if app is None:
        return None
    if app.screen is app.table:
        return "table"
    if app.screen is app.pages:
        return "pages"
    if app.menu is not None and app.screen is app.menu:
        return "menu:" + app.menu.kind
    return "?"


# -- the person, by scenario (harness/reload.py names one a run) -------------
_PICK = 0           # device.play.PICK: the person chooses a card
_SHOW = 4           # device.play.SHOW, PAUSE: an AI's play, a BASRA on show
LEVEL = "hard"      # the AI searches (easy and normal decide at once)


def _person(app):
    """Press what a person presses to start and play a game: New game at
    the hard level, then A (play the card under the cursor, skip a show)."""
    if app is None:
        H.tap(4)            # device/recover.py's message: A restarts
        return
    scr = app.screen
    if app.menu is not None and scr is app.menu:
        m = app.menu
        if m.kind == "new":
            P.new_game(app, LEVEL)
        elif m.kind == "main":
            m.cur = P.item(m, "New game")
        H.tap(4)
    elif scr is app.pages or app.play.mode == _PICK or app.play.mode >= _SHOW:
        H.tap(4)


def _plays(app):
    return app.sess.nlog if app is not None and app.sess is not None else 0


def at_menu():
    app = _app()
    if app is not None and app.menu is not None and app.screen is app.menu and app.menu.kind == "main":
        seen["menu_turns"] = seen.get("menu_turns", 0) + 1
        if seen["menu_turns"] > 5:
            reload("menu")


def mid_game():
    app = _app()
    if _plays(app) >= 3 and app.screen is app.table and app.play.mode == _PICK and not app.busy():
        reload("game")
    _person(app)


def mid_ai():
    app = _app()
    if not AI[0] and _plays(app) >= 3:
        from core.ai.search import Search
        Search.step = _stepping(Search.step)
        AI[0] = True
    _person(app)


def mid_save():
    app = _app()
    NVM.armed = _plays(app) >= 3
    _person(app)


def mid_summary():
    """A hand's summary on show with the next hand already dealt and drawn
    off the screen (device/summary.py AheadJob): the person reads it,
    then the reload."""
    app = _app()
    if app is not None and app.screen is app.pages and app.pages.kind == "summary":
        job = app.top().ahead       # device/summary.py AheadJob: the next hand dealt
        if job is not None and job.state == "done" and job.over is None:
            reload("summary")
        return
    _person(app)


def resume():
    """At the main menu: Continue (its first item when a game is saved);
    the game as the table first shows it is noted, then the reload."""
    app = _app()
    if app is None:
        return
    if app.screen is app.table:
        if "resumed" not in seen:
            seen["resumed"] = game_state(app)
        reload("resumed")
    if app.menu is not None and app.screen is app.menu and app.menu.kind == "main":
        seen["continue"] = app.menu.items[app.menu.cur][0]
        H.tap(4)


SCENARIOS = {"menu": at_menu, "game": mid_game, "ai": mid_ai, "save": mid_save, "summary": mid_summary,
             "resume": resume}
