"""A fake HAL for unit tests of the device app: no rendering, full control.

    from tests.fakehal import FakeHal
    h = FakeHal()
    h.tap("A"); h.clock.advance(100)
    ev = hal.ButtonEvent(); h.buttons.get_into(ev)

Buttons go through the real hal.buttons.Buttons (debounce is the source's
job, auto-repeat is tested for real); the clock only moves when told
(``advance`` or ``idle``); storage is a ByteStore over a bytearray;
``display.root`` is a real displayio.Group and ``display.refreshes`` counts
refresh calls. ``idle_hook(h, ms)`` lets a test end an app loop (raise).
"""

import collections

import hal
from hal.buttons import Buttons
from hal.clock import Clock
from hal.storage import ByteStore


class ManualClock(Clock):
    def __init__(self, start=0):
        self.now = start

    def ticks_ms(self):
        return self.now & 0x1FFFFFFF

    def advance(self, ms):
        self.now += ms

    def sleep_ms(self, ms):
        self.now += ms


class QueueKeys:
    def __init__(self):
        self.queue = collections.deque()

    def get_into(self, event):
        if not self.queue:
            return False
        event.key_number, event.pressed = self.queue.popleft()
        return True


class FakeDisplay:
    width = 128
    height = 64

    def __init__(self):
        import displayio
        self.root = displayio.Group()
        self.refreshes = 0
        self.redraws = 0
        self.awake = True
        self.contrast = 255
        self.rotation = 0

    def refresh(self):
        if not self.awake:
            return False
        self.refreshes += 1
        return True

    def redraw(self):
        self.redraws += 1

    def sleep(self):
        self.awake = False

    def wake(self):
        self.awake = True


class FakeSound:
    available = True

    def __init__(self):
        self.log = []

    def tone(self, freq_hz, ms):
        self.log.append((freq_hz, ms))

    def stop(self):
        pass

    def update(self):
        pass


class FakeHal(hal.Hal):
    def __init__(self, buttons=6, seed=1, store_size=256):
        self.clock = ManualClock()
        self.keys = QueueKeys()
        if buttons == 4:
            key_map = (-1, -1, hal.LEFT, hal.RIGHT, hal.A, hal.B)
        else:
            key_map = (hal.UP, hal.DOWN, hal.LEFT, hal.RIGHT, hal.A, hal.B)
        super().__init__(FakeDisplay(), Buttons(self.keys, key_map, self.clock), self.clock,
                         ByteStore(bytearray(store_size)), sound=FakeSound(), seed=seed,
                         name="fake", idle=self._fake_idle)
        self.idle_hook = None
        self.idle_calls = 0

    def _fake_idle(self, ms):
        self.idle_calls += 1
        self.clock.advance(ms)
        if self.idle_hook is not None:
            self.idle_hook(self, ms)

    def press(self, name):
        self.keys.queue.append((hal.NAMES.index(name.upper()), True))

    def release(self, name):
        self.keys.queue.append((hal.NAMES.index(name.upper()), False))

    def tap(self, name):
        self.press(name)
        self.release(name)
