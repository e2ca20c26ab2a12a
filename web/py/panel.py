"""The page's OLED: the scene graph of web/lib/displayio.py's objects drawn
into a 128x64 frame of 1 bit a pixel, as a board's displayio renders it
for the SSD1306, then handed to the page (web/page.js paints it on the
canvas). hal/display.py's Display drives it as it drives a board's
display: ``root_group``, ``refresh()``, ``sleep()``, ``wake()``,
``brightness``, ``rotation``.

The frame is rows of 16 bytes, the leftmost pixel the high bit. Every
refresh draws the whole frame: a tile row is a few integer operations
(``_row``), a full screen a few milliseconds on the VM.
"""
import uctypes

import displayio

W = 128
H = 64
STRIDE = 16             # bytes a row of the frame
_TG = 9                 # where a TileGrid's tiles begin in its bytes (web/lib/displayio.py)


class Panel:
    """page: the JavaScript module the page registers (frame, power, brightness, rotation)."""

    def __init__(self, page):
        self.page = page
        self.fb = bytearray(STRIDE * H)
        self._blank = bytes(STRIDE * H)
        self.width = W
        self.height = H
        self.root_group = None
        self._rotation = 0
        self._brightness = 1.0
        self.frames = 0

    def refresh(self):
        fb = self.fb
        fb[:] = self._blank
        if self.root_group is not None:
            self._group(self.root_group, 0, 0)
        self.frames += 1
        self.page.frame(uctypes.addressof(fb), len(fb))
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

    # -- drawing ----------------------------------------------------------------
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
        cols = t[4]
        across = bmp.width // tw        # tiles a row of the sheet
        src_stride = bmp._wh[2]
        src = bmp._m            # the pixels' bytes (the Bitmap's [x, y] is a pixel)
        pal = tg.pixel_shader
        # a palette whose colour 0 is lit and 1 dark draws the bitmap inverted
        inv = pal is not None and pal[0] != 0 and pal[1] == 0
        x += tg.x
        y += tg.y
        for k in range(cols * t[5]):
            tile = t[_TG + k]
            sx = (tile % across) * tw
            sy = (tile // across) * th
            dx = x + (k % cols) * tw
            dy = y + (k // cols) * th
            for r in range(th):
                if 0 <= dy + r < H:
                    self._row(src, (sy + r) * src_stride, sx, tw, (dy + r) * STRIDE, dx, inv)

    def _row(self, src, base, sx, n, dst, dx, inv):
        """n pixels of the source row at byte base, from pixel sx, put at
        pixel dx of the frame's row at byte dst (clipped to the panel)."""
        while n > 0:
            k = 16 if n > 16 else n
            self._put(dst, dx, k, _bits(src, base, sx, k), inv)
            sx += k
            dx += k
            n -= k

    def _put(self, dst, dx, n, bits, inv):
        if inv:
            bits ^= (1 << n) - 1
        if dx < 0:              # the left part off the panel
            n += dx
            if n <= 0:
                return
            bits &= (1 << n) - 1
            dx = 0
        if dx + n > W:          # the right part off the panel
            cut = dx + n - W
            n -= cut
            if n <= 0:
                return
            bits >>= cut
        shift = 24 - (dx & 7) - n
        mask = ((1 << n) - 1) << shift
        bits <<= shift
        fb = self.fb
        i = dst + (dx >> 3)
        fb[i] = (fb[i] & ~(mask >> 16)) | (bits >> 16)
        m = (mask >> 8) & 0xFF
        if m:
            fb[i + 1] = (fb[i + 1] & ~m) | ((bits >> 8) & 0xFF)
            m = mask & 0xFF
            if m:
                fb[i + 2] = (fb[i + 2] & ~m) | (bits & 0xFF)


def _bits(src, base, sx, n):
    """n (at most 16) pixels of a 1-bit bitmap's row at byte base, from
    pixel sx, as an int (the first pixel the high bit)."""
    i = base + (sx >> 3)
    last = len(src) - 1
    w = src[i] << 16
    if i + 1 <= last:
        w |= src[i + 1] << 8
        if i + 2 <= last:
            w |= src[i + 2]
    return (w >> (24 - (sx & 7) - n)) & ((1 << n) - 1)
