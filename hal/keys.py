"""Debounced key scanning over digitalio-like inputs (for Blinka).

``PolledKeys`` gives the keypad ``get_into(event)`` interface over objects
with a ``value`` attribute. It scans when asked (from ``get_into``) at most
every ``interval_ms``; a key changes state only after two scans agree, so
bounces shorter than one interval never show. Events wait in a small ring
buffer (no allocation after ``__init__``).
"""

from hal.compat import const

from hal.clock import ticks_diff

_QUEUE = const(16)


class PolledKeys:
    def __init__(self, inputs, clock, value_when_pressed=False, interval_ms=10):
        self._inputs = tuple(inputs)
        self._clock = clock
        self._pressed_value = value_when_pressed
        self.interval_ms = interval_ms
        n = len(self._inputs)
        self._stable = bytearray(n)    # debounced state, 1 = pressed
        self._last = bytearray(n)      # previous raw sample
        self._queue = bytearray(_QUEUE)
        self._head = 0
        self._count = 0
        self._last_scan = clock.ticks_ms()
        self.overflowed = False
        self.events = self             # keypad.Keys-like: keys.events.get_into()

    @property
    def key_count(self):
        return len(self._inputs)

    def _scan(self):
        i = 0
        for pin in self._inputs:
            raw = 1 if pin.value == self._pressed_value else 0
            if raw == self._last[i] and raw != self._stable[i]:
                self._stable[i] = raw
                self._push(i * 2 + raw)
            self._last[i] = raw
            i += 1

    def _push(self, code):
        if self._count == _QUEUE:
            self.overflowed = True
            return
        self._queue[(self._head + self._count) % _QUEUE] = code
        self._count += 1

    def scan(self):
        """Scan now if ``interval_ms`` passed since the last scan."""
        now = self._clock.ticks_ms()
        if ticks_diff(now, self._last_scan) >= self.interval_ms:
            self._last_scan = now
            self._scan()

    def __len__(self):
        """Events waiting (keypad's EventQueue has a length too); scans
        first when none wait, as get_into does (hal/base.py Hal.idle asks)."""
        if self._count == 0:
            self.scan()
        return self._count

    def get_into(self, event):
        if self._count == 0:
            self.scan()
        if self._count == 0:
            return False
        code = self._queue[self._head]
        self._head = (self._head + 1) % _QUEUE
        self._count -= 1
        event.key_number = code >> 1
        event.pressed = bool(code & 1)
        return True

    def deinit(self):
        for pin in self._inputs:
            d = getattr(pin, "deinit", None)
            if d is not None:
                d()
