"""A small byte store for the save: microcontroller.nvm or a file.

``ByteStore.save(data)`` writes one record ``b"PB" + len(2) + fletcher16(2)
+ data`` with a single slice assignment (one flash erase on RP2040) and only
when it differs from what is stored. ``load()`` returns the payload, or None
when the store is blank or damaged. ``capacity`` is the largest payload.

Raw access for a format of its own (device/save.py: two CRC-32 slots):
``read(offset, n)`` gives n bytes (0xFF past the end of a file) and
``write(offset, data)`` writes them in one slice assignment (ByteStore: one
flash erase of the whole 4 KB nvm sector on RP2040) or one atomic file
replace (FileStore); ``size`` is the bytes available, ``writes`` counts them.
"""

_MAGIC = b"PB"
_HEADER = 6


def fletcher16(data):
    a = 0
    b = 0
    for x in data:
        a = (a + x) % 255
        b = (b + a) % 255
    return (b << 8) | a


def _bounds(offset, n, size):
    if offset < 0 or n < 0 or offset + n > size:
        raise ValueError("bytes %d..%d are outside the %d-byte store" % (offset, offset + n, size))


def _record(data):
    n = len(data)
    c = fletcher16(data)
    return _MAGIC + bytes((n & 0xFF, n >> 8, c & 0xFF, c >> 8)) + bytes(data)


def _parse(raw):
    if len(raw) < _HEADER or bytes(raw[0:2]) != _MAGIC:
        return None
    n = raw[2] | (raw[3] << 8)
    if _HEADER + n > len(raw):
        return None
    data = bytes(raw[_HEADER:_HEADER + n])
    if fletcher16(data) != raw[4] | (raw[5] << 8):
        return None
    return data


class ByteStore:
    """Over a bytearray-like (``microcontroller.nvm`` or a test bytearray)."""

    def __init__(self, buf, offset=0, size=None):
        self._buf = buf
        self._off = offset
        self.size = (len(buf) - offset) if size is None else size
        self.capacity = self.size - _HEADER
        self.writes = 0

    def load(self):
        return _parse(self._buf[self._off:self._off + self.size])

    def read(self, offset, n):
        _bounds(offset, n, self.size)
        a = self._off + offset
        return bytes(self._buf[a:a + n])

    def write(self, offset, data):
        _bounds(offset, len(data), self.size)
        a = self._off + offset
        self._buf[a:a + len(data)] = data
        self.writes += 1
        return True

    def save(self, data):
        if len(data) > self.capacity:
            raise ValueError("save is %d bytes, store holds %d" % (len(data), self.capacity))
        rec = _record(data)
        end = self._off + len(rec)
        if bytes(self._buf[self._off:end]) == rec:
            return False
        self._buf[self._off:end] = rec
        self.writes += 1
        return True


class FileStore:
    """The same record in a file (Blinka, the simulator). Writes go to a
    temporary file then rename, so a crash never leaves half a save."""

    def __init__(self, path, size=4096):
        self.path = path
        self.size = size
        self.capacity = size - _HEADER
        self.writes = 0
        self.error = None

    def load(self):
        try:
            with open(self.path, "rb") as f:
                raw = f.read(self.size)
        except OSError:
            return None
        return _parse(raw)

    def _image(self):
        try:
            with open(self.path, "rb") as f:
                raw = f.read(self.size)
        except OSError:
            raw = b""
        return raw + b"\xff" * (self.size - len(raw))

    def read(self, offset, n):
        _bounds(offset, n, self.size)
        return self._image()[offset:offset + n]

    def write(self, offset, data):
        _bounds(offset, len(data), self.size)
        img = bytearray(self._image())
        img[offset:offset + len(data)] = data
        return self._replace(bytes(img))

    def _replace(self, data):
        import os
        tmp = self.path + ".tmp"
        try:
            with open(tmp, "wb") as f:
                f.write(data)
            os.rename(tmp, self.path)
        except OSError as e:  # read-only CIRCUITPY, full disk: keep playing
            self.error = e
            return False
        self.writes += 1
        return True

    def save(self, data):
        if len(data) > self.capacity:
            raise ValueError("save is %d bytes, store holds %d" % (len(data), self.capacity))
        rec = _record(data)
        try:
            with open(self.path, "rb") as f:
                if f.read(self.size) == rec:
                    return False
        except OSError:
            pass
        return self._replace(rec)
