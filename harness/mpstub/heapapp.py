"""Run the device app on the MicroPython VM over the displayio stand-in and
a minimal HAL (scripted buttons, a tick clock, a ByteStore); report the heap.
Used by tools/heap.py and tests/test_device_heap.py."""
import gc
import json

import hal
import hal.clock
from hal.buttons import Buttons
from hal.storage import ByteStore


class Stop(BaseException):
    """Ends a stretch of the app's loop (from idle); a BaseException, so the
    app's recovery from errors it did not expect lets it through."""


class Keys:
    def __init__(self):
        self.q = []

    def get_into(self, ev):
        if not self.q:
            return False
        ev.key_number, ev.pressed = self.q.pop(0)
        return True


class Clock(hal.clock.Clock):
    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now & 0x1FFFFFFF

    def sleep_ms(self, ms):
        self.now += ms


class Display:
    width = 128
    height = 64

    def __init__(self):
        import displayio
        self.root = displayio.Group()
        self.awake = True
        self.contrast = 255
        self.rotation = 0
        self.refreshes = 0

    def refresh(self):
        self.refreshes += 1
        return True

    def sleep(self):
        self.awake = False

    def wake(self):
        self.awake = True


keys = Keys()
clock = Clock()
budget = [0]


def idle(ms):
    clock.now += ms
    budget[0] -= 1
    if budget[0] <= 0:
        raise Stop()
    if not keys.q and policy is not None:
        policy()


h = hal.Hal(Display(), Buttons(keys, (0, 1, 2, 3, 4, 5), clock), clock,
            ByteStore(bytearray(4096)), seed=5, name="mpvm", idle=idle)
policy = None
app = None


def tap(b):
    keys.q.append((b, True))
    keys.q.append((b, False))


def report(what):
    print(json.dumps({"at": what, "alloc": gc.mem_alloc(), "free": gc.mem_free()}))
