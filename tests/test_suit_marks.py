"""The four suits' marks as the panel shows them, read back from the sheets
the device reads into its bitmaps (device/sheets/cards.bin, small.bin, narrow.bin):
a club and a spade, a diamond and a heart, told apart at 1:1 by more than a
pixel or two."""

import itertools

from core.cards import RANK_SHIFT
from device.gfx import SMALL_N
from device.tiles import CARD_W, HALF_H, HALF_TILES, LOW, NARROW_W, bottom_tile
from art.mksheets import path


def _read(name):
    with open(path(name), "rb") as f:
        return f.read()


CARDS, SMALL, NARROW = _read("cards"), _read("small"), _read("narrow")

SUITS = "CDHS"
MIN_PIXELS = 4


def _pixel(data, width, x, y):
    stride = ((width + 31) // 32) * 4
    return (data[y * stride + (x >> 3)] >> (7 - (x & 7))) & 1


def card_mark(data, w, x0, suit, rank=1):
    """The 5x5 suit mark of a card (a 2 by default) on a card sheet of
    w-wide tiles: rows 10..14 of the card, columns x0..x0+4."""
    c = (rank << RANK_SHIFT) | suit
    k = bottom_tile(c, LOW)
    return tuple(tuple(_pixel(data, w * HALF_TILES, k * w + x0 + x, 10 - HALF_H + y)
                       for x in range(5)) for y in range(5))


def small_mark(suit):
    """The 3x5 suit glyph of the small font (codes 128..131, a card's name
    in a status line), from its 4x6 cell."""
    t = 128 + suit - 32
    return tuple(tuple(_pixel(SMALL, 4 * 2 * SMALL_N, t * 4 + x, y)
                       for x in range(3)) for y in range(5))


def _distance(a, b):
    return sum(p != q for ra, rb in zip(a, b) for p, q in zip(ra, rb))


def _marks():
    return {
        "card": [card_mark(CARDS, CARD_W, 3, s) for s in range(4)],
        "narrow card": [card_mark(NARROW, NARROW_W, 2, s) for s in range(4)],
        "small font": [small_mark(s) for s in range(4)],
    }


def test_every_pair_of_suits_differs_by_a_few_pixels():
    for where, marks in _marks().items():
        for a, b in itertools.combinations(range(4), 2):
            d = _distance(marks[a], marks[b])
            assert d >= MIN_PIXELS, "%s: %s and %s differ by %d pixels" % (
                where, SUITS[a], SUITS[b], d)


def test_club_and_spade_differ_at_the_top_of_the_mark():
    # the outline tells them apart: the club's top is flat, the spade's a point
    for where in ("card", "narrow card"):
        club, spade = _marks()[where][0], _marks()[where][3]
        assert club[0] != spade[0], where
    club, spade = _marks()["card"][0], _marks()["card"][3]
    assert sum(club[0]) == 3 and sum(spade[0]) == 1


def test_marks_are_the_same_on_every_rank_and_lit():
    for s in range(4):
        mark = card_mark(CARDS, CARD_W, 3, s)
        assert sum(map(sum, mark)) >= 8
        for rank in range(13):
            assert card_mark(CARDS, CARD_W, 3, s, rank) == mark, (SUITS[s], rank)
