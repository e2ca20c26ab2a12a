"""The page's OLED: what the scene graph of web/lib/displayio.py's objects
shows, handed to the worker, which draws it (web/worker.js ``frame``: the
tiles' pixels copied out of the VM's memory into a 128x64 frame of 1 bit
a pixel, sent to the page to paint on its canvas), as a board's
displayio renders the same objects in C for the SSD1306.
hal/display.py's Display drives it as it drives a board's display:
``root_group``, ``refresh()``, ``sleep()``, ``wake()``, ``brightness``,
``rotation``.

A refresh walks the groups (their offsets added up, hidden ones left out)
and writes a record of 11 ints for each TileGrid shown, bottom first:
where it is (x, y), its tile size and its columns and rows, where its
bitmap's bytes are (address, bytes a row, tiles a row of the sheet), where
its tile numbers are, and whether its palette inverts the bitmap. Python
does a few operations a grid; JavaScript the pixels.
"""
import struct

import uctypes

import displayio

W = 128
H = 64
_TG = 9                 # where a TileGrid's tiles begin in its bytes (web/lib/displayio.py)
_RECORD = 11            # ints a TileGrid's record (web/worker.js reads them)
_FORMAT = "<11i"


class Panel:
    """page: the JavaScript module the worker registers (frame, power, brightness, rotation)."""

    def __init__(self, page):
        self.page = page
        self.width = W
        self.height = H
        self.root_group = None
        self._rotation = 0
        self._brightness = 1.0
        self.frames = 0
        self._list = bytearray(_RECORD * 4 * 8)     # the records (grows to the most grids shown)
        self._n = 0

    def refresh(self):
        self._n = 0
        if self.root_group is not None:
            self._group(self.root_group, 0, 0)
        self.frames += 1
        self.page.frame(uctypes.addressof(self._list), self._n)
        return True

    def sleep(self):
        self.page.power(False)

    def wake(self):
        self.page.power(True)

    @property
    def brightness(self):
        return self._brightness

    @brightness.setter
    def brightness(self, v):
        self._brightness = v
        self.page.brightness(v)

    @property
    def rotation(self):
        return self._rotation

    @rotation.setter
    def rotation(self, v):
        self._rotation = v
        self.page.rotation(v)

    # -- the records -----------------------------------------------------------
    def _group(self, g, x, y):
        if g.hidden:
            return
        x += g.x
        y += g.y
        for item in g.items:
            if isinstance(item, displayio.Group):
                self._group(item, x, y)
            else:
                self._grid(item, x, y)

    def _grid(self, tg, x, y):
        t = tg._t
        if t[6]:                # hidden
            return
        bmp = tg.bitmap
        tw = t[7] or bmp.width
        th = t[8] or bmp.height
        pal = tg.pixel_shader
        # a palette whose colour 0 is lit and 1 dark shows the bitmap inverted
        inv = 1 if pal is not None and pal[0] != 0 and pal[1] == 0 else 0
        at = _RECORD * 4 * self._n
        if at + _RECORD * 4 > len(self._list):
            self._list.extend(bytes(_RECORD * 4 * 4))
        struct.pack_into(_FORMAT, self._list, at, x + tg.x, y + tg.y, tw, th, t[4], t[5],
                         uctypes.addressof(bmp), bmp._wh[2], bmp.width // tw,
                         uctypes.addressof(t) + _TG, inv)
        self._n += 1
