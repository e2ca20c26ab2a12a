"""An in-memory link: two ports wired to each other through fixed ring
buffers (nothing is allocated as bytes pass), for tests and the MicroPython
VM checks (hal/link.py's port calls)."""
from hal.link import RX_BUFFER


class _Ring:
    def __init__(self, size):
        self.b = bytearray(size)
        self.head = 0           # next byte to read
        self.n = 0              # bytes held


class MemoryPort:
    """One end of an in-memory link (``pair()`` makes both). A full ring
    drops what does not fit, as a UART's buffer would."""

    kind = "memory"
    where = "memory"

    def __init__(self, inbox, outbox):
        self.inbox = inbox
        self.outbox = outbox
        self.cut = False        # a pulled cable: writes go nowhere

    def open(self):
        pass

    def write(self, buf):
        if self.cut:
            return
        r = self.outbox
        size = len(r.b)
        for c in buf:
            if r.n >= size:
                return
            r.b[(r.head + r.n) % size] = c
            r.n += 1

    def readinto(self, buf):
        r = self.inbox
        size = len(r.b)
        n = 0
        cap = len(buf)
        while n < cap and r.n:
            buf[n] = r.b[r.head]
            r.head = (r.head + 1) % size
            r.n -= 1
            n += 1
        return n

    def close(self):
        pass


def pair(size=RX_BUFFER):
    """Two MemoryPorts wired to each other (what one writes, the other reads)."""
    a = _Ring(size)
    b = _Ring(size)
    return MemoryPort(a, b), MemoryPort(b, a)
