"""device/sheetdata.py, bigfont.py and narrowcards.py hold the sheets
tools/sheets.py draws from tools/fontdata.py (python -m tools.mksheets
rewrites them)."""
from tools.mksheets import sources


def test_ready_made_sheets_are_the_drawn_ones():
    for path, text in sources().items():
        with open(path) as f:
            assert f.read() == text, "%s is stale: python -m tools.mksheets" % path


def test_each_sheet_fills_a_circuitpython_bitmap_exactly():
    from device import bigfont as B, narrowcards as N, sheetdata as S
    for mod, name, h in ((S, "SMALL", 6), (B, "BIG", 10), (S, "CARDS", 8), (N, "NARROW", 8)):
        w = getattr(mod, name + "_W")
        assert len(getattr(mod, name)) == ((w + 31) // 32) * 4 * h, name
