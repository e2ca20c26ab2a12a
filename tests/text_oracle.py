"""The captures of the maximal-capture rule sets (french, alkomi), brute
force, from the rule texts' own words; for tests.

Written from the texts, not from core/ (nor from tests/oracle.py, which
follows docs/rules.md): it tries every set of floor cards.

- French Basra (FR): a card equal to one floor card takes it ("un 2 capture
  2, une Dame capture une Dame"); a number card equal to the sum of several
  floor cards takes them all ("la carte jouée capture l'ensemble de ces
  cartes"); one card may make more than one capture at once ("Il est
  possible de faire plus d'une capture avec une seule et même carte ...
  un 9 les capturera toutes les trois"); a card that can capture must
  capture "la ou les cartes concernées"; "Une Dame ne peut capturer qu'une
  Dame et un Roi ne peut capturer qu'un Roi", and two Queens on the floor
  are both taken ("jouer une Dame les capturera toutes les deux").
- Egyptian Basra "Al Komi" (AK): "une carte similaire à la sienne, soit un
  groupe de cartes représentant la somme numérique d'une carte de sa main,
  les valets, dames et rois n'étant pas inclus dans la somme"; the 8 on
  A 7 K 8 takes "le 8 et le 1+7".

So a capture of a number card of value v (Ace 1 .. 10) is a set of floor
number cards that splits into disjoint captures of one card each: a card
of the same value, or several cards summing to v. A Queen's or King's
capture is a set of cards of its own rank.

**Maximal** (what "takes everything it can" means here): a capture is
maximal when no capture of the same card strictly contains it, i.e. no
other set of floor cards that the card could take holds every card of it
and more. Only maximal captures are legal plays: the 9 on 4 5 9 takes
all three, not the 9 alone; a 3 on A A A 2 2 2 takes all six (three A+2),
not A+A+A. Several maximal captures may exist (a 5 on A 4 4): the player
chooses one.

Cards are ints, rank * 4 + suit (A..K, C D H S), as everywhere in the game.
"""

ACE, JACK, QUEEN, KING = 0, 10, 11, 12
SEVEN_DIAMONDS = 25


def number_value(card):
    """1 .. 10 for A .. 10; None for a Jack, Queen or King (never in a sum)."""
    r = card // 4
    return r + 1 if r < JACK else None


def splits_into_captures(values, v):
    """True when the values (a tuple) split into disjoint groups, each one
    card of value v or several cards summing to v: every way is tried."""
    if not values:
        return True
    first, rest = values[0], values[1:]
    # the group holding the first card: that card and any subset of the rest
    n = len(rest)
    for mask in range(1 << n):
        group = [rest[i] for i in range(n) if mask >> i & 1]
        if first + sum(group) == v:
            left = tuple(rest[i] for i in range(n) if not mask >> i & 1)
            if splits_into_captures(left, v):
                return True
    return False


def captures(card, floor):
    """Every capture of card on floor (list of card ints), maximal or not:
    a list of sorted tuples of floor cards."""
    rank = card // 4
    if rank == JACK:
        raise ValueError("a Jack sweeps; it has no capture of its own")
    v = number_value(card)
    # only cards that can be in a capture: a face of the card's own rank, or
    # a number card worth no more than v (a sum only grows)
    if v is None:
        cards = [c for c in floor if c // 4 == rank]
    else:
        cards = [c for c in floor if number_value(c) is not None and number_value(c) <= v]
    n = len(cards)
    out = []
    memo = {}
    for mask in range(1, 1 << n):
        taken = [cards[i] for i in range(n) if mask >> i & 1]
        if v is None:
            out.append(tuple(sorted(taken)))
            continue
        values = [number_value(c) for c in taken]
        if sum(values) % v:
            continue
        key = tuple(sorted(values))
        if key not in memo:
            memo[key] = splits_into_captures(key, v)
        if memo[key]:
            out.append(tuple(sorted(taken)))
    return out


def maximal_captures(card, floor):
    """The captures of card on floor that no other capture of it strictly
    contains (see the module's docstring), as a set of sorted tuples."""
    kept = []
    # the biggest first: a capture strictly inside another is inside a
    # maximal one, which is then already kept (so this is the definition)
    for t in sorted((frozenset(t) for t in captures(card, floor)), key=len, reverse=True):
        if not any(t < u for u in kept):
            kept.append(t)
    return {tuple(sorted(t)) for t in kept}
