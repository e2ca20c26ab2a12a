"""The simulated device: a hal.Hal whose display is an emulated SSD1306.

``Simulator`` builds the HAL, runs an app (``main(hal)``) and lets a driver
(headless script or interactive terminal) take over ``hal.idle(ms)``, the
one place the app waits. Time is virtual in headless mode (it moves in
``idle`` and by 1 ms every 16 clock reads, so a loop that only watches the
clock still ends) and real in interactive mode.
"""

import collections
import contextlib
import io
import time

import hal
from hal.buttons import Buttons
from hal.clock import Clock, ticks_add, ticks_diff  # noqa: F401  (re-exported for drivers)
from hal.display import Display
from hal.filestore import FileStore
from hal.storage import ByteStore
from simulator.ssd1306 import HEIGHT, WIDTH, EmulatedI2C, SSD1306Emulator

_MASK = 0x1FFFFFFF
BUTTON_NAMES = {n: i for i, n in enumerate(hal.NAMES)}

_quiet_done = False


def quiet_blinka_import():
    """Import Blinka's displayio once, hiding its 'GENERIC_X86' stdout warning."""
    global _quiet_done
    if _quiet_done:
        return
    with contextlib.redirect_stdout(io.StringIO()):
        import displayio  # noqa: F401
        import i2cdisplaybus  # noqa: F401
        import adafruit_displayio_ssd1306  # noqa: F401
    from hal.blinkarefresh import match_circuitpython
    match_circuitpython()
    _quiet_done = True


class SimExit(BaseException):
    """Raised from ``hal.idle`` to end the app (script finished, Q pressed).
    A BaseException so an app's ``except Exception`` does not swallow it."""


class DriverError(BaseException):
    """An exception from a driver's hook (on_idle, on_refresh) on its way out
    of the app: a BaseException, so the app's recovery from errors it did
    not expect (device/app.py main catches Exception) lets it through, and
    ``Simulator.run`` raises the driver's own exception again. A failing
    test's assertion is not the app's error."""

    def __init__(self, error):
        super().__init__(error)
        self.error = error


def _call_hook(fn, *args):
    try:
        fn(*args)
    except Exception as e:
        raise DriverError(e) from e


class SimKeys:
    """The key source behind hal.buttons.Buttons: key_number == logical button."""

    def __init__(self):
        self.queue = collections.deque()
        self.down = set()

    def push(self, button, pressed):
        if pressed:
            self.down.add(button)
        else:
            self.down.discard(button)
        self.queue.append((button, pressed))

    def get_into(self, event):
        if not self.queue:
            return False
        event.key_number, event.pressed = self.queue.popleft()
        return True


class SimClock(Clock):
    """hal.clock.Clock with a virtual or real time base."""

    def __init__(self, realtime=False, start=0):
        self.realtime = realtime
        self._t0 = time.monotonic()
        self.now = start          # virtual ms (not wrapped)
        self._reads = 0

    def ticks_ms(self):
        if self.realtime:
            return int((time.monotonic() - self._t0) * 1000) & _MASK
        self._reads += 1
        if self._reads >= 16:
            self._reads = 0
            self.now += 1
        return self.now & _MASK

    def elapsed(self):
        if self.realtime:
            return int((time.monotonic() - self._t0) * 1000)
        return self.now

    def sleep_ms(self, ms):
        if self.realtime:
            time.sleep(ms / 1000)
        else:
            self.now += max(0, int(ms))


class SimSound:
    available = True

    def __init__(self, clock):
        self.clock = clock
        self.log = []             # (time ms, freq Hz, duration ms)

    def tone(self, freq_hz, ms):
        self.log.append((self.clock.elapsed(), freq_hz, ms))

    def stop(self):
        pass

    def update(self):
        pass


class SimBattery:
    available = True

    def __init__(self, mv=3900):
        self.mv = mv

    def millivolts(self):
        return self.mv


class Refresh:
    """What one display.refresh() sent over I2C."""

    __slots__ = ("time", "transactions", "bytes", "data_bytes")

    def __init__(self, t, transactions, nbytes, data_bytes):
        self.time = t
        self.transactions = transactions
        self.bytes = nbytes
        self.data_bytes = data_bytes

    @property
    def wire_bytes(self):
        """Bytes on the wire: payload plus one address byte per transaction."""
        return self.bytes + self.transactions

    def __repr__(self):
        return "<Refresh t=%d %d B in %d writes, %d GDDRAM B>" % (
            self.time, self.bytes, self.transactions, self.data_bytes)


class SimDisplay(Display):
    """hal.display.Display that records the bus traffic of each refresh."""

    def __init__(self, raw, emu, sim):
        super().__init__(raw)
        self._emu = emu
        self._sim = sim

    def refresh(self):
        before = self._emu.stats()
        ok = super().refresh()
        after = self._emu.stats()
        if ok:
            r = Refresh(self._sim.clock.elapsed(), after[0] - before[0],
                        after[1] - before[1], after[2] - before[2])
            self._sim.refreshes.append(r)
            if self._sim.on_refresh is not None:
                _call_hook(self._sim.on_refresh, r)
        return ok


class Simulator:
    """A simulated Pocket Basra.

    ``buttons``: 6 (UP DOWN LEFT RIGHT A B) or 4 (LEFT RIGHT A B).
    ``save``: path of the save file, or None for a store in memory.
    ``rotation``: the HAL's OLED rotation; the simulated module is mounted
    to match, so the view is upright while raw frames are the GDDRAM.
    ``link``: a hal/link.py port (simulator/link.py), ``h.link()`` returns it.
    """

    def __init__(self, seed=0, save=None, rotation=0, buttons=6, realtime=False,
                 address=0x3C, link=None):
        quiet_blinka_import()
        from hal.oled import open_ssd1306, release
        self.emu = SSD1306Emulator(address)
        self.i2c = EmulatedI2C({address: self.emu})
        self.clock = SimClock(realtime)
        self.mount = rotation
        self.refreshes = []
        self.on_refresh = None
        self.on_idle = None       # driver hook: on_idle(sim, ms)
        release()
        raw = open_ssd1306(self.i2c, address, WIDTH, HEIGHT, rotation)
        self.init_stats = self.emu.stats()
        self.display = SimDisplay(raw, self.emu, self)
        self.keys = SimKeys()
        if buttons == 4:
            key_map = (-1, -1, hal.LEFT, hal.RIGHT, hal.A, hal.B)
        else:
            key_map = (hal.UP, hal.DOWN, hal.LEFT, hal.RIGHT, hal.A, hal.B)
        self.buttons = Buttons(self.keys, key_map, self.clock)
        storage = FileStore(save) if save else ByteStore(bytearray(b"\xff" * 4096))  # erased flash
        self.sound = SimSound(self.clock)
        self.hal = hal.Hal(self.display, self.buttons, self.clock, storage,
                           sound=self.sound, battery=SimBattery(), seed=seed,
                           name="simulator", idle=self._idle,
                           link=None if link is None else (lambda: link))

    # -- input --------------------------------------------------------
    def press(self, name_or_button):
        self.keys.push(button(name_or_button), True)

    def release(self, name_or_button):
        self.keys.push(button(name_or_button), False)

    # -- time ---------------------------------------------------------
    def _idle(self, ms):
        if self.on_idle is not None:
            _call_hook(self.on_idle, self, ms)
        else:
            self.clock.sleep_ms(ms)

    # -- running ------------------------------------------------------
    def run(self, main):
        """Run ``main(hal)`` until it returns or a driver raises SimExit."""
        hal.install(self.hal)
        try:
            main(self.hal)
        except SimExit:
            pass
        except DriverError as d:
            raise d.error.with_traceback(d.error.__traceback__) from None
        finally:
            hal.install(None)

    # -- output -------------------------------------------------------
    def frame(self):
        """The SSD1306 GDDRAM, 1024 bytes (page-major, bit 0 = top row)."""
        return self.emu.frame()

    def view(self):
        """What a person sees: rows of 0/1 after the module's mounting,
        display on/off, inversion. A list of HEIGHT bytearrays of WIDTH."""
        emu = self.emu
        flip = self.mount == 180
        rows = []
        for vy in range(HEIGHT):
            y = HEIGHT - 1 - vy if flip else vy
            row = bytearray(WIDTH)
            for vx in range(WIDTH):
                x = WIDTH - 1 - vx if flip else vx
                row[vx] = emu.pixel(x, y)
            rows.append(row)
        return rows

    def text(self, mode="ascii"):
        """The view as text ('ascii': '#' and '.'; 'half' or 'braille')."""
        from simulator import render
        return "\n".join(render.lines(self.view(), mode))

    def screenshot(self, path, scale=4):
        from simulator import render
        render.write_png(path, self.view(), self.emu.contrast, scale=scale)

    def version(self):
        """Changes whenever what the glass shows may have changed."""
        return (self.emu.ram_writes, self.emu.state_changes)


def button(x):
    """A button number from its number or its name ("a", "LEFT")."""
    if isinstance(x, int):
        return x
    try:
        return BUTTON_NAMES[x.upper()]
    except KeyError:
        raise ValueError("unknown button %r (use %s)" % (x, " ".join(hal.NAMES)))


def load_app(name=None):
    """The app's ``main``: module ``name``, else device.code if it has main(),
    else the HAL demo examples.hal_demo."""
    import importlib
    if name:
        return importlib.import_module(name).main
    try:
        mod = importlib.import_module("device.code")
        if hasattr(mod, "main"):
            return mod.main
    except ImportError:
        pass
    return importlib.import_module("examples.hal_demo").main
