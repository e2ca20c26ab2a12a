"""displayio for the MicroPython VM: the page's (web/, docs/web.md), where
web/py/panel.py draws the scene graph of these objects into the OLED's
frame, and the harness's (harness/mpvm.py puts it with harness/mpstub's
stand-ins), where nothing is drawn. Each object takes the heap
CircuitPython 10's displayio takes for the same object, so that a live-heap
reading on the VM is a board's (tools/heap.py, docs/performance.md).

What CircuitPython allocates (shared-module/displayio, 32-bit ARM, the heap
in 16-byte blocks):

* Bitmap: the object (displayio_bitmap_t, 36 bytes: 48) and its pixels,
  ``m_malloc(stride * 4 * height)`` with each row rounded up to 32-bit words
  (1 bit a pixel here), MSB first in each byte; writable through the buffer
  protocol (``memoryview(bitmap)``), like CircuitPython's.
* Palette: the object (16) and 16 bytes a colour.
* TileGrid: the object (displayio_tilegrid_t, 80 bytes: three areas, a
  transform pointer, the sizes) and, unless it is a single tile (kept
  inline), a byte a tile.
* Group: the object (displayio_group_t, 48) and its members, a MicroPython
  list (16 bytes and 4 bytes a slot, at least 4, doubling).

A Python object on the VM costs its instance (16 bytes), its attribute table
(8 bytes a slot: 2 slots for 1-2 attributes, 4 for 3-4) and its bytearrays
(16 bytes and the data): each class below keeps two or three attributes and
sizes one bytearray so that the total is CircuitPython's, within one block.
"""


def _blocks(n):
    return (n + 15) & ~15


def _pad(cp, python):
    """Bytes to add to a bytearray whose object now costs ``python`` on the
    VM so that it costs ``cp``, CircuitPython's figure."""
    return cp - python if cp > python else 0


class Bitmap(bytearray):
    # the pixels are the object itself (a bytearray subclass: memoryview works,
    # as on CircuitPython); the sizes in one attribute
    def __init__(self, width, height, value_count):
        bits = 1
        while (1 << bits) < value_count:
            bits += 1
        stride = ((width * bits + 31) // 32) * 4
        super().__init__(stride * height)
        self._wh = (width, height, stride)
        self._m = memoryview(self)

    @property
    def width(self):
        return self._wh[0]

    @property
    def height(self):
        return self._wh[1]

    def __setitem__(self, xy, v):
        x, y = xy
        i = y * self._wh[2] + (x >> 3)
        m = 0x80 >> (x & 7)
        b = self._m[i]
        self._m[i] = (b | m) if v else (b & ~m & 0xFF)

    def __getitem__(self, xy):
        x, y = xy
        return 1 if self._m[y * self._wh[2] + (x >> 3)] & (0x80 >> (x & 7)) else 0

    def fill(self, v):
        b = 0xFF if v else 0
        for i in range(len(self)):
            self._m[i] = b

    def dirty(self, x1=0, y1=0, x2=-1, y2=-1):
        pass


class Palette:
    def __init__(self, n):
        # CircuitPython: 16 + 16 a colour; here 16 + 16 (table) + 16 + the bytes
        self._c = bytearray(max(4 * n, _pad(16 + _blocks(16 * n), 48) + 4 * n))

    def __setitem__(self, i, c):
        self._c[4 * i] = c & 0xFF

    def __getitem__(self, i):
        return self._c[4 * i]


# header of a TileGrid's bytearray: x, y (2 bytes each), width, height,
# hidden, tile_width, tile_height (web/py/panel.py draws from them)
_TG = 9


def _get16(b, i):
    # a signed 16-bit position kept little-endian at b[i], b[i + 1]
    v = b[i] | (b[i + 1] << 8)
    return v - 0x10000 if v & 0x8000 else v


def _set16(b, i, v):
    b[i] = v & 0xFF
    b[i + 1] = (v >> 8) & 0xFF


class TileGrid:
    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        n = width * height
        cp = 80 + (_blocks(n) if n > 1 else 0)
        # VM: instance 16, table of 4 slots 32, bytearray 16 + data
        t = bytearray(_TG + n + _pad(cp - 64, _TG + n))
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self._t = t
        if default_tile:    # a new bytearray is zeros already (on a board: C, no time)
            for i in range(n):
                t[_TG + i] = default_tile
        t[4] = width
        t[5] = height
        # 0: no tile size given, a tile is the whole bitmap
        t[7] = tile_width or 0
        t[8] = tile_height or 0
        self.x = x
        self.y = y

    @property
    def x(self):
        return _get16(self._t, 0)

    @x.setter
    def x(self, v):
        _set16(self._t, 0, v)

    @property
    def y(self):
        return _get16(self._t, 2)

    @y.setter
    def y(self, v):
        _set16(self._t, 2, v)

    @property
    def width(self):
        return self._t[4]

    @property
    def height(self):
        return self._t[5]

    @property
    def hidden(self):
        return bool(self._t[6])

    @hidden.setter
    def hidden(self, v):
        self._t[6] = 1 if v else 0

    def __setitem__(self, i, t):
        self._t[_TG + i] = t

    def __getitem__(self, i):
        return self._t[_TG + i]


class Group:
    def __init__(self, scale=1, x=0, y=0):
        # CircuitPython: 48 + the members list; VM: 16 + table 16 + list + 16 +
        # bytearray(6): x, y, hidden
        self.items = []
        self._f = bytearray(6)
        self.x = x
        self.y = y

    @property
    def x(self):
        return _get16(self._f, 0)

    @x.setter
    def x(self, v):
        _set16(self._f, 0, v)

    @property
    def y(self):
        return _get16(self._f, 2)

    @y.setter
    def y(self, v):
        _set16(self._f, 2, v)

    @property
    def hidden(self):
        return bool(self._f[4])

    @hidden.setter
    def hidden(self, v):
        self._f[4] = 1 if v else 0

    def append(self, item):
        self.items.append(item)

    def insert(self, i, item):
        self.items.insert(i, item)

    def remove(self, item):
        self.items.remove(item)

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]

    def __setitem__(self, i, item):
        self.items[i] = item

    def pop(self, i=-1):
        return self.items.pop(i)


def release_displays():
    pass
