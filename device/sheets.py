"""Draws the font and card sheets of device/gfx.py (once, at start), from the
glyph bytes of device/fontdata.py. gfx.Gfx drops this module and fontdata
after use: neither is needed once the sheets exist."""
import displayio

from device import fontdata as F
from device.gfx import BACK, BLANK, CARD_H, CARD_TILES, CARD_W, INV


def font(data, gw, gh, cw, ch, n, top_bit):
    # n glyphs of gw x gh (one byte a row) in cw x ch cells, then inverted
    bmp = displayio.Bitmap(cw * n * 2, ch, 2)
    for i in range(n):
        x0 = i * cw
        xi = (i + n) * cw
        for y in range(ch):
            for x in range(cw):
                bmp[xi + x, y] = 1
        for y in range(gh):
            r = data[i * gh + y]
            if not r:
                continue
            for x in range(gw):
                if r & (top_bit >> x):
                    bmp[x0 + x, y] = 1
                    bmp[xi + x, y] = 0
    return bmp


def _glyph(bmp, x0, y0, data, off, h, value):
    for y in range(h):
        r = data[off + y]
        for x in range(5):
            if r & (16 >> x):
                bmp[x0 + x, y0 + y] = value


def cards(w):
    bmp = displayio.Bitmap(w * CARD_TILES, CARD_H, 2)
    narrow = w < CARD_W
    bw = w if narrow else w - 1          # body width (a gap column on full cards)
    gx = 2 if narrow else 3
    for t in range(BLANK):
        x0 = t * w
        inv = INV <= t < BACK
        # body: a rounded frame, filled when inverted
        for y in range(CARD_H):
            for x in range(bw):
                edge = y == 0 or y == CARD_H - 1 or x == 0 or (x == bw - 1 and not narrow)
                corner = (y == 0 or y == CARD_H - 1) and (x == 0 or (x == bw - 1 and not narrow))
                if corner:
                    continue
                if inv or edge:
                    bmp[x0 + x, y] = 1
                elif t == BACK and (x + y) % 3 == 0:
                    bmp[x0 + x, y] = 1
        if t >= BACK:
            continue
        c = t - INV if inv else t
        v = 0 if inv else 1
        _glyph(bmp, x0 + gx, 2, F.RANKS, (c >> 2) * 7, 7, v)
        _glyph(bmp, x0 + gx, 10, F.SUITS, (c & 3) * 5, 5, v)
    return bmp
