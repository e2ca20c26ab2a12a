"""device/gfx.py's rows of text: what a row shows after Text.line, the
loop a hand's summary and every page of text are drawn with; the menu
font's glyphs as the device's sheet holds them."""
from device import gfx as G
from harness.mpstub.textrow import row_text


def _text(cols=8, rows=2):
    g = G.Gfx()
    return G.Text(g, g.small, 0, 0, cols, rows)


def test_a_line_shows_its_text_and_blanks_what_the_row_showed_before():
    t = _text()
    t.line(0, "HELLO 42")
    assert row_text(t, 0) == "HELLO 42"
    t.line(0, "HI")
    assert row_text(t, 0) == "HI"
    assert bytes(t.shadow[2:8]) == bytes(6)         # blank tiles, not old letters
    t.line(1, b"A B")                               # bytes as str
    assert row_text(t, 1) == "A B"


def test_a_line_longer_than_the_row_is_cut_and_other_rows_are_untouched():
    t = _text()
    t.line(1, "KEEP")
    t.line(0, "ABCDEFGHIJ")
    assert row_text(t, 0) == "ABCDEFGH"
    assert row_text(t, 1) == "KEEP"


def test_a_character_outside_the_font_shows_a_question_mark():
    t = _text()
    t.line(0, "A\x07B\x1f")
    assert row_text(t, 0) == "A?B?"
    assert t.shadow[1] == t.shadow[3] == ord("?") - 32


def test_an_inverted_line_uses_the_inverted_tiles_spaces_and_blanks_included():
    t = _text()
    t.line(0, "A B", inv=True)
    n = t.font.n
    assert row_text(t, 0) == "A B"
    assert list(t.shadow[0:8]) == [ord("A") - 32 + n, n, ord("B") - 32 + n] + [n] * 5
    assert [t.grid[i] for i in range(8)] == list(t.shadow[0:8])


def _big_glyph(ch):
    # the menu font's glyph of ch as the device's sheet holds it: 10 rows of 6
    from art.mksheets import path
    with open(path("big"), "rb") as f:
        big = f.read()
    stride = len(big) // 10
    x0 = (ord(ch) - 32) * 6
    return tuple(tuple(1 if big[y * stride + ((x0 + x) >> 3)] & (0x80 >> ((x0 + x) & 7)) else 0
                       for x in range(6)) for y in range(10))


def test_the_menu_font_draws_every_glyph_whole_with_descenders_below_the_baseline():
    glyphs = {chr(c): _big_glyph(chr(c)) for c in range(32, 127)}
    # every glyph its own shape: a cut descender made "g" and "q" one glyph
    shapes = {}
    for ch, g in glyphs.items():
        same = shapes.setdefault(g, ch)
        assert same == ch, "%r and %r look the same" % (same, ch)
    baseline = max(y for y in range(10) if any(glyphs["o"][y]))      # the bottom of "o"
    assert baseline == max(y for y in range(10) if any(glyphs["H"][y]))
    for ch in "gjpqy":
        below = [y for y in range(baseline + 1, 10) if any(glyphs[ch][y])]
        assert below == [baseline + 1, baseline + 2], (ch, below)     # two rows below it
    for ch, g in glyphs.items():
        assert not any(g[0]), "%r touches the cell's top row (an inverted line's margin)" % ch
        assert not any(row[5] for row in g), "%r fills the column between letters" % ch
