"""Generate device/sheetdata.py: the device's font and card sheets ready-made,
drawn once here by tools/sheets.py from the glyphs of tools/fontdata.py,
so that the board copies bytes into its bitmaps at start instead of drawing
some 30,000 pixels (2.8 s on a Pico, docs/performance.md).

Each sheet is the pixel buffer of a CircuitPython 1-bit displayio.Bitmap:
rows of MSB-first bytes (pixel 0 in bit 7), each row rounded up to 32-bit
words (shared-module/displayio/Bitmap.c), so ``memoryview(bitmap)[:] = SHEET``
fills one.

    python -m tools.mksheets          # rewrite device/sheetdata.py
    python -m tools.mksheets --check  # exit 1 when it is out of date
"""
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(REPO, "device", "sheetdata.py")


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


def source():
    made, low = sheets()
    out = ['"""The device\'s font and card sheets, ready-made by tools/mksheets.py from',
           'tools/sheets.py and tools/fontdata.py (do not edit): each the pixel buffer',
           'of a 1-bit CircuitPython displayio.Bitmap (rows of MSB-first bytes rounded up',
           'to 32-bit words), copied into one at start by device/gfx.py, then dropped."""',
           "", "LOW = %r" % (low,)]
    for k, (data, w, h) in made.items():
        out.append("%s_W = %d" % (k, w))
        out.append("%s = %r" % (k, data))
    return "\n".join(out) + "\n"


def main():
    sys.path.insert(0, REPO)
    text = source()
    if "--check" in sys.argv:
        with open(OUT) as f:
            same = f.read() == text
        print("device/sheetdata.py is %s" % ("up to date" if same else "OUT OF DATE"))
        sys.exit(0 if same else 1)
    with open(OUT, "w") as f:
        f.write(text)
    print("wrote %s (%d bytes)" % (OUT, len(text)))


if __name__ == "__main__":
    main()
