"""The card tiles of the sheets (device/gfx.py uses them, art/sheets.py
draws them): card sizes, the tile names of a card (0..51 faces, +INV the
same card inverted, BACK, BLANK) and where each half of a card sits on a
sheet of half-height tiles (see device/gfx.py)."""
from core.cards import RANK_SHIFT, SUIT_MASK
from core.compat import const

CARD_W = const(12)
CARD_H = const(16)
NARROW_W = const(7)
INV = const(52)
BACK = const(104)
BLANK = const(105)
HALF_H = const(8)
_LOW_KINDS = const(9)     # different last rows among the 13 rank glyphs
_BOTTOM0 = const(28)      # first bottom-half tile: 13 tops, 13 inverted, back, blank
HALF_TILES = const(102)  # 28 + 9 x 4 suits x 2 + back + blank
# each rank's kind of last row (0..8: ranks that end alike share a bottom
# tile), as art/sheets.py lows() finds them in art/fontdata.py's glyphs
# (tests/test_sheetdata.py holds the two equal)
LOW = b"\x00\x01\x02\x03\x04\x04\x05\x04\x04\x06\x07\x08\x00"


def top_tile(t):
    """The sheet tile of card t's top half."""
    if t < BACK:
        return (t >> RANK_SHIFT) if t < INV else 13 + ((t - INV) >> RANK_SHIFT)
    return 26 if t == BACK else 27


def bottom_tile(t, low):
    """The sheet tile of card t's bottom half (low: Gfx.low)."""
    if t < BACK:
        if t < INV:
            return _BOTTOM0 + low[t >> RANK_SHIFT] * 4 + (t & SUIT_MASK)
        t -= INV
        return _BOTTOM0 + _LOW_KINDS * 4 + low[t >> RANK_SHIFT] * 4 + (t & SUIT_MASK)
    return _BOTTOM0 + _LOW_KINDS * 8 + (0 if t == BACK else 1)
