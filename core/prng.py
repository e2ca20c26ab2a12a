"""The project's own pseudo-random generator, identical on every VM.

A linear congruential generator modulo 2**30 (multiplier 32765, increment
12345: full period 2**30 by the Hull-Dobell theorem). The multiplication is
split in 15-bit halves so that no intermediate reaches 2**30: on MicroPython
every value stays a small int, so drawing a number allocates nothing.
Only the high 15 bits of the state are used as output; the low bits of an
LCG modulo a power of two are weak.
"""
from core.compat import const

_MUL = const(32765)
_INC = const(12345)
_LOW = const(0x7FFF)


class Prng:
    def __init__(self, seed=1):
        self.state = 0
        self.seed(seed)

    def seed(self, seed):
        """Start the sequence for seed (any int; reduced modulo 2**30)."""
        self.state = seed & 0x3FFFFFFF
        self.next15()

    def next15(self):
        """The next 15-bit number (0..32767)."""
        x = self.state
        lo = _MUL * (x & _LOW) + _INC  # < 2**30
        hi = (_MUL * (x >> 15) + (lo >> 15)) & _LOW
        self.state = (hi << 15) | (lo & _LOW)
        return hi

    def below(self, n):
        """A number in 0..n-1, for 1 <= n <= 32768."""
        return (self.next15() * n) >> 15

    def shuffle(self, buf, n, start=0):
        """Fisher-Yates shuffle of buf[start:n] in place (a bytearray or list);
        each place drawn as below() draws it (next15 written out here: a
        search's every world is a shuffle, two calls a card saved)."""
        x = self.state
        i = n - 1
        while i > start:
            lo = _MUL * (x & _LOW) + _INC
            hi = (_MUL * (x >> 15) + (lo >> 15)) & _LOW
            x = (hi << 15) | (lo & _LOW)
            j = start + ((hi * (i - start + 1)) >> 15)
            t = buf[i]
            buf[i] = buf[j]
            buf[j] = t
            i -= 1
        self.state = x
