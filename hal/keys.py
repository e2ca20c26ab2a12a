"""Key events as keypad gives them, where there is no keypad module.

``KeyRing`` is keypad's event queue: events pushed (``push``) wait in a
small ring buffer (no allocation after ``__init__``) for ``get_into(event)``;
one past a full ring is dropped and ``overflowed`` set, as keypad's
EventQueue does. The page's HAL pushes the browser's key events into one
(web/py/webhal.py).

``PolledKeys`` fills one by scanning objects with a ``value`` attribute
(Blinka's digitalio). It scans when asked (from ``get_into``) at most every
``interval_ms``; a key changes state only after two scans agree, so
bounces shorter than one interval never show.
"""

from hal.compat import const

from hal.clock import ticks_diff

_QUEUE = const(16)


class KeyRing:
    def __init__(self, size=_QUEUE):
        self._queue = bytearray(size)
        self._head = 0
        self._count = 0
        self.overflowed = False
        self.events = self             # keypad.Keys-like: keys.events.get_into()

    def push(self, number, pressed):
        q = self._queue
        if self._count == len(q):
            self.overflowed = True
            return
        q[(self._head + self._count) % len(q)] = number * 2 + (1 if pressed else 0)
        self._count += 1

    def __len__(self):
        return self._count

    def get_into(self, event):
        if self._count == 0:
            return False
        q = self._queue
        code = q[self._head]
        self._head = (self._head + 1) % len(q)
        self._count -= 1
        event.key_number = code >> 1
        event.pressed = bool(code & 1)
        return True


class PolledKeys(KeyRing):
    def __init__(self, inputs, clock, value_when_pressed=False, interval_ms=10):
        KeyRing.__init__(self)
        self._inputs = tuple(inputs)
        self._clock = clock
        self._pressed_value = value_when_pressed
        self.interval_ms = interval_ms
        n = len(self._inputs)
        self._stable = bytearray(n)    # debounced state, 1 = pressed
        self._last = bytearray(n)      # previous raw sample
        self._last_scan = clock.ticks_ms()

    @property
    def key_count(self):
        return len(self._inputs)

    def _scan(self):
        i = 0
        for pin in self._inputs:
            raw = 1 if pin.value == self._pressed_value else 0
            if raw == self._last[i] and raw != self._stable[i]:
                self._stable[i] = raw
                self.push(i, raw)
            self._last[i] = raw
            i += 1

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
        return KeyRing.get_into(self, event)

    def deinit(self):
        for pin in self._inputs:
            d = getattr(pin, "deinit", None)
            if d is not None:
                d()
