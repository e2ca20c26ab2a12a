"""Generate device/sheets/: the device's font and card sheets ready-made,
drawn once here by art/sheets.py from the glyphs of art/fontdata.py, so
that the board reads bytes into its bitmaps instead of drawing some 30,000
pixels (2.8 s on a Pico, docs/performance.md). small.bin and cards.bin are
read at start-up; big.bin (the menu font) when the menu view is made,
narrow.bin while the floor holds more than 20 cards (device/gfx.py).

Each sheet is the pixel buffer of a CircuitPython 1-bit displayio.Bitmap:
rows of MSB-first bytes (pixel 0 in bit 7), each row rounded up to 32-bit
words (shared-module/displayio/Bitmap.c), so ``f.readinto(memoryview(bitmap))``
fills one.

    python -m art.mksheets          # rewrite the four sheets
    python -m art.mksheets --check  # exit 1 when one is out of date
"""
import os

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIR = os.path.join(REPO, "device", "sheets")
NAMES = ("small", "big", "cards", "narrow")


def path(name):
    """The file of the sheet called name (NAMES)."""
    return os.path.join(DIR, name + ".bin")


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
        from art import fontdata as F, sheets as S
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
    """{path: bytes} of the sheets' files."""
    made, _ = sheets()
    return {path(k.lower()): made[k][0] for k in made}


def main(argv=None):
    from art import generated
    generated.main("python -m art.mksheets", __doc__, sources, "sheets", argv)


if __name__ == "__main__":
    main()
