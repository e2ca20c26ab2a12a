"""Cards as small ints, and their names.

A card is ``rank << RANK_SHIFT | suit`` (rank * 4 + suit): rank 0..12 is
A 2 3 4 5 6 7 8 9 10 J Q K and suit 0..3 is C D H S. So the card ints run
in deck order: suits C, D, H, S within a rank, ranks A..K. Names are "AS",
"10D", "QH", "7D"; parsing also takes lower case and the suit symbols (7♦).
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

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = "CDHS"
_SYMBOLS = "♣♦♥♠"


def rank(card):
    return card >> RANK_SHIFT


def suit(card):
    return card & SUIT_MASK


def value(card):
    """The card's value in a sum: 1..10 for A..10, 0 for J, Q and K."""
    r = card >> RANK_SHIFT
    return r + 1 if r < JACK else 0


def name(card):
    return RANKS[card >> RANK_SHIFT] + SUITS[card & SUIT_MASK]


def parse(token):
    """Card int from a name; ValueError quoting the token when it is not one."""
    if not isinstance(token, str):
        raise ValueError("not a card name: %r" % (token,))
    t = token.strip().upper()
    if len(t) < 2:
        raise ValueError("not a card name: %r" % (token,))
    s = SUITS.find(t[-1])
    if s < 0:
        s = _SYMBOLS.find(t[-1])
    if s < 0 or t[:-1] not in RANKS:
        raise ValueError("not a card name: %r" % (token,))
    return RANKS.index(t[:-1]) << RANK_SHIFT | s


def parse_list(cards):
    """Card ints from a list of names or one space-separated string.

    A card named twice raises ValueError naming it.
    """
    if isinstance(cards, str):
        cards = cards.split()
    elif not isinstance(cards, (list, tuple)):
        raise ValueError("cards must be a list of names or one string, not %r" % (cards,))
    out = []
    for token in cards:
        c = parse(token)
        if c in out:
            raise ValueError("card named twice: %r" % (token,))
        out.append(c)
    return out


def names(cards):
    return [name(c) for c in cards]
