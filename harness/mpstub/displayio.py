"""A stand-in for CircuitPython's displayio on the MicroPython VM: it keeps
what the real objects keep (a Bitmap's pixels at 1 bit, rows padded to 32
bits; a TileGrid's tile indexes; a Group's list) so the heap measured is
close to a board's. Nothing is drawn."""


class Bitmap:
    def __init__(self, width, height, value_count):
        bits = 1
        while (1 << bits) < value_count:
            bits += 1
        self.width = width
        self.height = height
        self.stride = ((width * bits + 31) // 32) * 4
        self.data = bytearray(self.stride * height)

    def __setitem__(self, xy, v):
        x, y = xy
        i = y * self.stride + (x >> 3)
        m = 0x80 >> (x & 7)
        if v:
            self.data[i] |= m
        else:
            self.data[i] &= ~m & 0xFF

    def __getitem__(self, xy):
        x, y = xy
        return 1 if self.data[y * self.stride + (x >> 3)] & (0x80 >> (x & 7)) else 0

    def fill(self, v):
        b = 0xFF if v else 0
        for i in range(len(self.data)):
            self.data[i] = b


class Palette:
    def __init__(self, n):
        self.colors = [0] * n

    def __setitem__(self, i, c):
        self.colors[i] = c


class TileGrid:
    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.tiles = bytearray([default_tile] * (width * height))
        self.x = x
        self.y = y
        self.hidden = False
        self.dirty = True

    def __setitem__(self, i, t):
        self.tiles[i] = t
        self.dirty = True

    def __getitem__(self, i):
        return self.tiles[i]


class Group:
    def __init__(self, scale=1, x=0, y=0):
        self.items = []
        self.hidden = False
        self.x = x
        self.y = y

    def append(self, item):
        self.items.append(item)

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]

    def pop(self, i=-1):
        return self.items.pop(i)
