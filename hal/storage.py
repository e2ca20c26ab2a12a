"""The save's bytes on a board: ``microcontroller.nvm`` (``ByteStore``).

``read(offset, n)`` gives n bytes and ``write(offset, data)`` writes them in
one slice assignment (on RP2040: bytes that are all 0xFF are programmed in
their flash page; any other write erases and rewrites the whole 4 KB nvm
sector); ``size`` is the bytes available, ``writes`` counts the writes. The
save's own format (a log of CRC-32 slots) is device/save.py's. A board without
nvm, Blinka and the simulator keep the same bytes in a file
(hal/filestore.py: a module of its own, so a board with nvm never loads it).
"""


def check_span(offset, n, size):
    """Raise ValueError unless bytes offset..offset+n lie in a store of size bytes."""
    if offset < 0 or n < 0 or offset + n > size:
        raise ValueError("bytes %d..%d are outside the %d-byte store" % (offset, offset + n, size))


class ByteStore:
    """Over a bytearray-like (``microcontroller.nvm`` or a test bytearray)."""

    def __init__(self, buf, offset=0, size=None):
        self._buf = buf
        self._off = offset
        self.size = (len(buf) - offset) if size is None else size
        self.writes = 0

    def read(self, offset, n):
        check_span(offset, n, self.size)
        a = self._off + offset
        return self._buf[a:a + n]   # a copy (a slice of nvm or a bytearray): one allocation

    def write(self, offset, data):
        check_span(offset, len(data), self.size)
        a = self._off + offset
        self._buf[a:a + len(data)] = data
        self.writes += 1
        return True
