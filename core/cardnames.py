"""Cards for people and tools: names ("AS", "10D", "QH", "7D") for the
card ints of core/cards.py, parsing them (lower case and the suit symbols,
7♦, too), and a State's hands and floor as lists. For the referee, the
bots and the tests: these allocate, and the device, which draws cards from
tiles and keeps the State's own buffers, never loads this module.
"""
from core.cards import RANK_SHIFT, SUIT_MASK
from core.state import FLOOR, HAND_STRIDE

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = "CDHS"
_SYMBOLS = "♣♦♥♠"


def name(card):
    return RANKS[card >> RANK_SHIFT] + SUITS[card & SUIT_MASK]


def names(cards):
    return [name(c) for c in cards]


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


def hand_cards(st, seat):
    """The cards in seat's hand of State st, in the hand's order."""
    base = HAND_STRIDE * seat
    return [st.hand[base + i] for i in range(st.hand_n[seat])]


def floor_cards(st):
    """The floor cards of State st in the order they were laid."""
    out = [c for c in range(52) if st.loc[c] == FLOOR]
    out.sort(key=lambda c: st.arrival[c])
    return out
