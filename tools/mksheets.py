"""Generate device/sheetdata.py, device/bigfont.py and device/narrowcards.py:
the device's font and card sheets ready-made, drawn once here by
tools/sheets.py from the glyphs of tools/fontdata.py, so that the board
copies bytes into its bitmaps instead of drawing some 30,000 pixels (2.8 s
on a Pico, docs/performance.md). The big (menu) font and the narrow cards
have a module each: the device makes them only while a menu is on show or
the floor holds more than 20 cards.

Each sheet is the pixel buffer of a CircuitPython 1-bit displayio.Bitmap:
rows of MSB-first bytes (pixel 0 in bit 7), each row rounded up to 32-bit
words (shared-module/displayio/Bitmap.c), so ``memoryview(bitmap)[:] = SHEET``
fills one.

    python -m tools.mksheets          # rewrite the three modules
    python -m tools.mksheets --check  # exit 1 when one is out of date
"""
import os

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(REPO, "device", "sheetdata.py")
# the sheets the device makes on demand, each in a module of its own
ON_DEMAND = {
    "BIG": (os.path.join(REPO, "device", "bigfont.py"),
            ["The device's big (menu) font sheet", "a menu opens"]),
    "NARROW": (os.path.join(REPO, "device", "narrowcards.py"),
               ["The device's narrow card sheet (a floor of more than 20 cards)",
                "the floor needs it"]),
}


class PackedBitmap:
    """A 1-bit bitmap with CircuitPython's buffer layout, for drawing here."""

    def __init__(self, width, height, value_count=2):
        self.width = width
        self.height = height
        self.stride = ((width + 31) // 32) * 4
        self.data = bytearray(self.stride * height)

    def __setitem__(self, xy, v):
        x, y = xy
        i = y * self.stride + (x >> 3)
        if v:
            self.data[i] |= 0x80 >> (x & 7)
        else:
            self.data[i] &= ~(0x80 >> (x & 7)) & 0xFF


def sheets():
    """{name: (bytes, width, height)} and the rank classes (device/sheets.lows)."""
    import displayio
    saved = displayio.Bitmap
    displayio.Bitmap = PackedBitmap
    try:
        from tools import fontdata as F, sheets as S
        from device.gfx import BIG_N, SMALL_N
        from device.tiles import CARD_W, NARROW_W
        low = S.lows(F.RANKS)
        made = {
            "SMALL": S.font(F.SMALL, 3, 5, 4, 6, SMALL_N, 4),
            "BIG": S.font(F.BIG, 6, 10, 6, 10, BIG_N, 128),
            "CARDS": S.cards(CARD_W, low, F.RANKS, F.SUITS),
            "NARROW": S.cards(NARROW_W, low, F.RANKS, F.SUITS),
        }
    finally:
        displayio.Bitmap = saved
    return {k: (bytes(b.data), b.width, b.height) for k, b in made.items()}, low


def sources():
    """{path: text} of the generated modules."""
    made, low = sheets()
    texts = {OUT: ['"""The device\'s small font and card sheets, ready-made by tools/mksheets.py',
                   'from tools/sheets.py and tools/fontdata.py (do not edit): each the pixel',
                   'buffer of a 1-bit CircuitPython displayio.Bitmap (rows of MSB-first bytes',
                   'rounded up to 32-bit words), copied into one at start by device/gfx.py,',
                   'then dropped. The big font and the narrow cards are in device/bigfont.py',
                   'and device/narrowcards.py."""',
                   "", "LOW = %r" % (low,)]}
    for path, (what, when) in ON_DEMAND.values():
        texts[path] = ['"""%s, ready-made by' % what,
                       'tools/mksheets.py (do not edit), laid out as device/sheetdata.py\'s:',
                       'device/gfx.py copies it into a bitmap when %s, then drops' % when,
                       'this module."""', ""]
    for k, (data, w, h) in made.items():
        dest = texts[ON_DEMAND[k][0]] if k in ON_DEMAND else texts[OUT]
        dest.append("%s_W = %d" % (k, w))
        dest.append("%s = %r" % (k, data))
    return {path: "\n".join(lines) + "\n" for path, lines in texts.items()}


def main(argv=None):
    from tools import generated
    generated.main("python -m tools.mksheets", __doc__, sources, "sheet modules", argv)


if __name__ == "__main__":
    main()
