"""Millisecond clock with wrap-safe arithmetic (the adafruit_ticks scheme).

Ticks wrap at 2**29 so they stay MicroPython small ints (no allocation);
``ticks_diff`` is correct for intervals shorter than 2**28 ms (about 3 days).
"""

from hal.compat import const

_MASK = const(0x1FFFFFFF)     # ticks run 0 .. 2**29 - 1
_HALF = const(0x10000000)


def ticks_add(t, delta):
    """``t`` moved by ``delta`` ms, wrapped."""
    return (t + delta) & _MASK


def ticks_diff(a, b):
    """Signed ``a - b`` in ms, correct across the wrap."""
    d = (a - b) & _MASK
    return ((d + _HALF) & _MASK) - _HALF


def ticks_less(a, b):
    return ticks_diff(a, b) < 0


def _cpython_ticks():
    import time
    return (time.monotonic_ns() // 1000000) & _MASK


class Clock:
    """``ticks_ms`` source: supervisor.ticks_ms on a board, monotonic elsewhere.

    Other time bases (the simulator's, the tests') subclass it and override
    ``ticks_ms`` and ``sleep_ms``; the arithmetic is this class's."""

    def __init__(self, source=None):
        if source is None:
            try:
                from supervisor import ticks_ms as source
            except ImportError:
                source = _cpython_ticks
        self._source = source

    def ticks_ms(self):
        return self._source()

    def diff(self, a, b):
        return ticks_diff(a, b)

    def add(self, t, delta):
        return ticks_add(t, delta)

    def since(self, t):
        """ms elapsed since tick ``t``."""
        return ticks_diff(self.ticks_ms(), t)

    def sleep_ms(self, ms):
        import time
        if ms > 0:
            time.sleep(ms / 1000)
