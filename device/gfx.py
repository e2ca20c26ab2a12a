"""Pixels for a 128x64 1-bit OLED: font and card sheets, text rows, card rows.

The sheets (``Gfx``) are displayio Bitmaps filled from the ready-made files
of device/sheets/ (drawn by art/mksheets.py with art/sheets.py: each
the bitmap's own pixel buffer, read straight into it), and every screen
element is a
TileGrid over a sheet, so changing a card or a letter is one tile index
(only that tile is sent to the panel). ``Text.put`` and ``Cards.set`` keep a
shadow of their tiles and touch only tiles that change.

Cards (12x16, or 7x16 for a crowded floor) are named 0..51 (faces), +52 the
same card inverted (selected, or taken by the selected play), BACK, BLANK;
on the sheet each is two half-height tiles (``top_tile``, ``bottom_tile``):
the top half shows the rank's first rows (13 kinds), the bottom half the
rank's last row and the suit (ranks ending alike share it), so a sheet holds
102 tiles of 12x8 instead of 106 of 12x16 (1.2 KB instead of 2.5 KB).
"""
import displayio

from core.cards import RANK_SHIFT, SUIT_MASK
from core.compat import const
from device.tiles import BACK, BLANK, CARD_W, HALF_H, HALF_TILES, INV, LOW, NARROW_W, bottom_tile, top_tile  # noqa: F401  (BACK, INV: the tile names, G.BACK for the table)

_SMALL_FIRST = const(32)
SMALL_N = const(102)   # ASCII 32..133
BIG_N = const(95)      # ASCII 32..126
# extra small glyphs
G_BACK = const(127)
_G_CLUBS = const(128)
G_UP = const(132)
G_DOWN = const(133)


class Font:
    def __init__(self, bitmap, w, h, n):
        self.bitmap = bitmap
        self.w = w
        self.h = h
        self.n = n        # glyphs; +n = inverted


class Gfx:
    """The sheets and the palette. The small font and the cards are made
    at start-up, the big (menu) font with the first view that shows it
    (``big_font``: the menu view, made once), the narrow cards while the
    floor holds more than 20 cards (``narrow_cards``, ``drop_narrow``)."""

    def __init__(self):
        pal = displayio.Palette(2)
        pal[0] = 0x000000
        pal[1] = 0xFFFFFF
        self.pal = pal
        self.small = Font(_sheet("small", 4 * 2 * SMALL_N, 6), 4, 6, SMALL_N)
        self.low = LOW
        self.cards = _sheet("cards", CARD_W * HALF_TILES, HALF_H)
        self.big = None
        self.narrow = None

    def big_font(self):
        """The big font, made from its sheet when there is none."""
        if self.big is None:
            self.big = Font(_sheet("big", 6 * 2 * BIG_N, 10), 6, 10, BIG_N)
        return self.big

    def narrow_cards(self):
        """The narrow card sheet, made when there is none."""
        if self.narrow is None:
            self.narrow = _sheet("narrow", NARROW_W * HALF_TILES, HALF_H)
        return self.narrow

    def drop_narrow(self):
        """Let go of the narrow card sheet (no narrow cards on show)."""
        self.narrow = None


# the sheets' folder: device/sheets beside this module (on a board
# "device/gfx.mpy", its path from the drive's root, the working directory)
_SHEETS = __file__[:max(__file__.rfind("/"), __file__.rfind("\\")) + 1] + "sheets/"


def _sheet(name, w, h):
    """A 1-bit bitmap of w x h from device/sheets/<name>.bin, its pixel
    buffer as CircuitPython lays it out (rows of MSB-first bytes rounded up
    to 32-bit words): read straight into the bitmap, no copy on the heap."""
    bmp = displayio.Bitmap(w, h, 2)
    try:
        view = memoryview(bmp)      # CircuitPython: the pixels, writable
    except TypeError:               # Blinka's Bitmap (the simulator): no buffer
        view = None
    with open(_SHEETS + name + ".bin", "rb") as f:
        if view is not None:
            n = f.readinto(view)
            bmp.dirty()
        else:
            data = f.read()
            n = len(data)
    if n != ((w + 31) // 32) * 4 * h:
        raise OSError("sheet %s.bin holds %d bytes, not a %dx%d bitmap's" % (name, n, w, h))
    if view is not None:
        return bmp
    stride = n // h
    for y in range(h):
        row = y * stride
        for x in range(w):
            if data[row + (x >> 3)] & (0x80 >> (x & 7)):
                bmp[x, y] = 1
    return bmp


class Text:
    """Rows of text over a font sheet. ``put`` takes str or bytes (bytes on
    the play path: iterating them allocates nothing)."""

    def __init__(self, gfx, font, x, y, cols, rows=1):
        self.font = font
        self.cols = cols
        self.rows = rows
        self.shadow = bytearray(cols * rows)
        self.grid = displayio.TileGrid(font.bitmap, pixel_shader=gfx.pal, width=cols,
                                       height=rows, tile_width=font.w, tile_height=font.h,
                                       default_tile=0, x=x, y=y)

    def char(self, col, row, code, inv=False):
        """One character at (col, row); returns the column after it."""
        if 0 <= col < self.cols:
            t = code - _SMALL_FIRST
            if t < 0 or t >= self.font.n:
                t = 31   # '?'
            if inv:
                t += self.font.n
            i = row * self.cols + col
            if self.shadow[i] != t:
                self.shadow[i] = t
                self.grid[i] = t
        return col + 1

    def put(self, col, row, s, inv=False):
        """Write s (str or bytes) at (col, row); returns the column after it.
        One loop, no call a column: a menu or a page is 100-300 columns,
        drawn in the press that shows it."""
        if isinstance(s, str):
            s = s.encode()      # iterating bytes gives ints
        cols = self.cols
        n = self.font.n
        off = n if inv else 0
        shadow = self.shadow
        grid = self.grid
        i = row * cols + col
        for c in s:     # ints: iterating bytes allocates nothing per item
            if 0 <= col < cols:
                t = c - _SMALL_FIRST
                if t < 0 or t >= n:
                    t = 31   # '?'
                t += off
                if shadow[i] != t:
                    shadow[i] = t
                    grid[i] = t
            col += 1
            i += 1
        return col

    def num(self, col, row, n, width=0):
        """n in decimal, right-aligned in width columns when width > 0."""
        neg = n < 0
        if neg:
            n = -n
        digits = 1
        m = n
        while m >= 10:
            m //= 10
            digits += 1
        size = digits + (1 if neg else 0)
        while width > size:
            col = self.char(col, row, 32)
            width -= 1
        if neg:
            col = self.char(col, row, 45)
        end = col + digits
        p = end - 1
        while True:
            self.char(p, row, 48 + n % 10)
            n //= 10
            p -= 1
            if p < col:
                break
        return end

    def card(self, col, row, c):
        """A card name in the small font: rank then a suit mark."""
        rk = c >> RANK_SHIFT
        if rk == 0:
            col = self.char(col, row, 65)
        elif rk < 9:
            col = self.char(col, row, 49 + rk)
        elif rk == 9:
            col = self.char(col, row, 49)
            col = self.char(col, row, 48)
        else:
            col = self.char(col, row, (74, 81, 75)[rk - 10])
        return self.char(col, row, _G_CLUBS + (c & SUIT_MASK))

    def clear(self, row, col=0, inv=False):
        """Blank a row from col."""
        off = self.font.n if inv else 0     # ' ' is tile 0
        shadow = self.shadow
        grid = self.grid
        i = row * self.cols + max(0, col)
        end = (row + 1) * self.cols
        while i < end:
            if shadow[i] != off:
                shadow[i] = off
                grid[i] = off
            i += 1

    def line(self, row, s, inv=False):
        """Write s (str or bytes) at the start of row and blank the rest."""
        self.clear(row, self.put(0, row, s, inv), inv)


class Cards:
    """Rows of cards: one TileGrid of half-height tiles (two tile rows a card
    row). ``shadow`` keeps the card shown at each place (0..BLANK)."""

    def __init__(self, gfx, x, y, cols, rows=1, narrow=False):
        w = NARROW_W if narrow else CARD_W
        self.cols = cols
        self.n = cols * rows
        self.low = gfx.low
        self.shadow = bytearray(b"\xff" * self.n)
        self.grid = displayio.TileGrid(gfx.narrow_cards() if narrow else gfx.cards,
                                       pixel_shader=gfx.pal, width=cols, height=2 * rows,
                                       tile_width=w, tile_height=HALF_H,
                                       default_tile=top_tile(BLANK), x=x, y=y)
        for i in range(self.n):
            self.set(i, BLANK)

    def set(self, i, t):
        if self.shadow[i] != t:
            self.shadow[i] = t
            k = i + (i // self.cols) * self.cols    # top tile: row r of cards is tile row 2r
            self.grid[k] = top_tile(t)
            self.grid[k + self.cols] = bottom_tile(t, self.low)
