"""hal/ on a real MicroPython VM (the WebAssembly build, through the shared
harness/mpvm.py harness): the modules import, the wrap arithmetic matches, and
reading buttons and the clock allocates nothing (gc.mem_alloc unchanged
over thousands of reads with the collector off)."""

import json

import pytest

try:
    from harness import mpvm
except Exception as e:  # the harness is someone else's and may be missing
    mpvm = None
    _why = str(e)

SCRIPT = r'''
import gc, json
import hal
from hal.buttons import Buttons
from hal.keys import PolledKeys
from hal.clock import Clock, ticks_add, ticks_diff

class Ticks:
    def __init__(self):
        self.t = (1 << 29) - 50        # start just before the wrap
    def read(self):
        self.t = (self.t + 1) & 0x1FFFFFFF
        return self.t

class Pin:
    def __init__(self):
        self.value = True

ticks = Ticks()
clock = Clock(ticks.read)
pins = [Pin() for _ in range(6)]
keys = PolledKeys(pins, clock, value_when_pressed=False, interval_ms=1)
b = Buttons(keys, (hal.UP, hal.DOWN, hal.LEFT, hal.RIGHT, hal.A, hal.B), clock)
ev = hal.ButtonEvent()

def loop(n):
    got = 0
    for i in range(n):
        clock.ticks_ms()
        clock.diff(clock.ticks_ms(), 5)
        if i == 100:
            pins[2].value = False      # LEFT down: press, then auto-repeats
        if i == 1500:
            pins[2].value = True
        while b.get_into(ev):
            got += 1
    return got

loop(10)                               # warm up
gc.collect()
gc.disable()
before = gc.mem_alloc()
got = loop(3000)
after = gc.mem_alloc()
gc.enable()
print(json.dumps({"alloc": after - before, "events": got,
                  "wrap": ticks_diff(ticks_add((1 << 29) - 3, 10), (1 << 29) - 3),
                  "small": ticks_add(0x1FFFFFFF, 1)}))
'''


def test_buttons_and_clock_allocate_nothing_on_micropython():
    if mpvm is None:
        pytest.skip("harness/mpvm.py not available: " + _why)
    mpvm.require_vm()
    out = mpvm.run(SCRIPT, trees=("hal",))
    row = json.loads(out.strip().splitlines()[-1])
    assert row["events"] > 5              # a press, several repeats, a release
    assert row["alloc"] == 0, row
    assert row["wrap"] == 10 and row["small"] == 0
