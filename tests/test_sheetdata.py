"""device/sheets/ holds the sheets art/sheets.py draws from
art/fontdata.py (python -m art.mksheets rewrites them), each a
CircuitPython bitmap's pixel buffer that device/gfx.py reads into one."""
import pytest

from device import gfx as G
from art.mksheets import NAMES, path, sources


def test_ready_made_sheets_are_the_drawn_ones():
    made = sources()
    assert sorted(made) == sorted(path(n) for n in NAMES)
    for p, data in made.items():
        with open(p, "rb") as f:
            assert f.read() == data, "%s is stale: python -m art.mksheets" % p


def test_the_rank_classes_the_cards_are_drawn_with_are_the_devices():
    from art import fontdata as F, sheets as S
    from device.tiles import LOW
    assert S.lows(F.RANKS) == LOW


def test_each_sheet_fills_its_bitmap_exactly_and_a_short_one_is_refused(tmp_path, monkeypatch):
    g = G.Gfx()
    for bmp, w, h in ((g.small.bitmap, 4 * 2 * G.SMALL_N, 6), (g.big_font().bitmap, 6 * 2 * G.BIG_N, 10),
                      (g.cards, G.CARD_W * G.HALF_TILES, 8), (g.narrow_cards(), G.NARROW_W * G.HALF_TILES, 8)):
        assert (bmp.width, bmp.height) == (w, h)
    # a sheet cut short (a copy cut off): a clear error naming it, not a garbled font
    (tmp_path / "big.bin").write_bytes(open(path("big"), "rb").read()[:-4])
    monkeypatch.setattr(G, "_SHEETS", str(tmp_path) + "/")
    with pytest.raises(OSError, match="big.bin holds 1436 bytes"):
        G._sheet("big", 6 * 2 * G.BIG_N, 10)
