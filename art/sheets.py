"""Draws the font and card sheets of device/gfx.py from the glyph bytes of
art/fontdata.py. art/mksheets.py runs it on the desktop and writes the
result to device/sheets/, which the app reads into its bitmaps: the board
neither loads this module nor fontdata."""
import displayio

from core.cards import RANK_SHIFT, SUIT_MASK
from device.tiles import BACK, BLANK, CARD_H, CARD_W, HALF_H, HALF_TILES, INV, bottom_tile, top_tile


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


def lows(ranks):
    """The class (0..8) of each rank's last glyph row: the bottom half of a
    card tile shows that row and the suit, so ranks ending alike share it."""
    seen = []
    out = bytearray(13)
    for r in range(13):
        v = ranks[r * 7 + 6]
        if v not in seen:
            seen.append(v)
        out[r] = seen.index(v)
    return bytes(out)


class _Sheet:
    # a card sheet of half-height tiles (see device/gfx.py, Cards): a card's
    # pixel (x, y) goes to its top tile (y < 8) or its bottom tile
    def __init__(self, w, low):
        self.bmp = displayio.Bitmap(w * HALF_TILES, HALF_H, 2)
        self.w = w
        self.low = low

    def px(self, t, x, y, v):
        if y < HALF_H:
            k = top_tile(t)
        else:
            k = bottom_tile(t, self.low)
            y -= HALF_H
        self.bmp[k * self.w + x, y] = v


def _glyph(sh, t, x0, y0, data, off, h, value):
    for y in range(h):
        r = data[off + y]
        for x in range(5):
            if r & (16 >> x):
                sh.px(t, x0 + x, y0 + y, value)


def cards(w, low, ranks, suits):
    sh = _Sheet(w, low)
    narrow = w < CARD_W
    bw = w if narrow else w - 1          # body width (a gap column on full cards)
    gx = 2 if narrow else 3
    for t in range(BLANK):
        inv = INV <= t < BACK
        # body: a rounded frame, filled when inverted
        for y in range(CARD_H):
            for x in range(bw):
                edge = y == 0 or y == CARD_H - 1 or x == 0 or (x == bw - 1 and not narrow)
                corner = (y == 0 or y == CARD_H - 1) and (x == 0 or (x == bw - 1 and not narrow))
                if corner:
                    continue
                if inv or edge:
                    sh.px(t, x, y, 1)
                elif t == BACK and (x + y) % 3 == 0:
                    sh.px(t, x, y, 1)
        if t >= BACK:
            continue
        c = t - INV if inv else t
        v = 0 if inv else 1
        _glyph(sh, t, gx, 2, ranks, (c >> RANK_SHIFT) * 7, 7, v)
        _glyph(sh, t, gx, 10, suits, (c & SUIT_MASK) * 5, 5, v)
    return sh.bmp
