"""device/sheetdata.py holds the sheets tools/sheets.py draws from
tools/fontdata.py (python -m tools.mksheets rewrites it)."""
from tools.mksheets import OUT, source


def test_ready_made_sheets_are_the_drawn_ones():
    with open(OUT) as f:
        assert f.read() == source(), "device/sheetdata.py is stale: python -m tools.mksheets"


def test_each_sheet_fills_a_circuitpython_bitmap_exactly():
    from device import sheetdata as S
    for name, h in (("SMALL", 6), ("BIG", 10), ("CARDS", 8), ("NARROW", 8)):
        w = getattr(S, name + "_W")
        assert len(getattr(S, name)) == ((w + 31) // 32) * 4 * h, name
