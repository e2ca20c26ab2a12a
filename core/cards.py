"""Cards as small ints.

A card is ``rank << RANK_SHIFT | suit`` (rank * 4 + suit): rank 0..12 is
A 2 3 4 5 6 7 8 9 10 J Q K and suit 0..3 is C D H S. So the card ints run
in deck order: suits C, D, H, S within a rank, ranks A..K. Their names
("AS", "10D", "QH", "7D") are core/cardnames.py's, which the device never
loads.
"""
from core.compat import const

_CLUBS = const(0)
_DIAMONDS = const(1)
_HEARTS = const(2)
_SPADES = const(3)

RANK_SHIFT = const(2)  # rank = card >> RANK_SHIFT (rank() where speed does not matter)
SUIT_MASK = const(3)  # suit = card & SUIT_MASK (suit())

ACE = const(0)  # rank indexes
JACK = const(10)
QUEEN = const(11)
KING = const(12)

TWO_CLUBS = const(4)  # 1 * 4 + _CLUBS
SEVEN_DIAMONDS = const(25)  # 6 * 4 + _DIAMONDS
TEN_DIAMONDS = const(37)  # 9 * 4 + _DIAMONDS


def rank(card):
    return card >> RANK_SHIFT


def suit(card):
    return card & SUIT_MASK


def value(card):
    """The card's value in a sum: 1..10 for A..10, 0 for J, Q and K."""
    r = card >> RANK_SHIFT
    return r + 1 if r < JACK else 0
