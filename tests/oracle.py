"""An independent, brute-force statement of the capture rules, for tests.

Written from docs/rules.md card by card, sharing no code with core/ but the
card numbering. A number card of value v takes a set of floor cards that
splits into disjoint groups each summing to v: the oracle lists every group
of the floor (every set of its cards summing to v, by a walk over the cards
in order), then every union of pairwise disjoint groups, as bitmasks over
the floor's cards (a set of those seen, so a take that splits in several
ways comes once); under maximal capture, only the takes that no other
take strictly contains. That costs the number of takes times the number of
groups, whatever the size of the floor: fast enough for 16-card floors,
and nothing like core/sums.py's odometer over counts of values.
"""
from core import rules as R

JACK, QUEEN, KING = 10, 11, 12
TWO_CLUBS, SEVEN_DIAMONDS, TEN_DIAMONDS = 4, 25, 37


def value(c):
    r = c // 4
    return r + 1 if r < 10 else 0


def subsets(items):
    for mask in range(1 << len(items)):
        yield [items[i] for i in range(len(items)) if mask >> i & 1]


def groups(values, v):
    """Every set of positions in values (a bitmask) whose values sum to v."""
    out = []

    def walk(i, mask, total):
        for j in range(i, len(values)):
            t = total + values[j]
            if t == v:
                out.append(mask | 1 << j)
            elif t < v:
                walk(j + 1, mask | 1 << j, t)

    walk(0, 0, 0)
    return out


def disjoint_unions(sets):
    """Every non-empty union of pairwise disjoint bitmasks of sets."""
    found = set()
    todo = [0]
    while todo:
        m = todo.pop()
        for g in sets:
            if not g & m and m | g not in found:
                found.add(m | g)
                todo.append(m | g)
    return found


def splits_into(values, v):
    """Can the list of values be split into groups each summing to v?"""
    if not values:
        return True
    gs = groups(values, v)
    seen = {}

    def cover(left):
        # the lowest card left must be in a group inside what is left
        if not left:
            return True
        if left not in seen:
            low = left & -left
            seen[left] = any(g & low and g & left == g and cover(left & ~g) for g in gs)
        return seen[left]

    return cover((1 << len(values)) - 1)


def has_group(values, v):
    return bool(groups(values, v))


def number_takes(card, floor, rules):
    v = value(card)
    numbers = [c for c in floor if 0 < value(c) <= v]
    gs = groups([value(c) for c in numbers], v)
    masks = disjoint_unions(gs)
    if rules.capture == R.CAPTURE_MAXIMAL:
        # maximal: no take of the card strictly contains it (a 3 on A A A 2 2 2
        # takes all six as three A+2, so A+A+A is not a take, though what it
        # leaves, 2 2 2, holds no group of 3)
        # (the biggest first: a take strictly inside another is inside a
        # maximal one, which came before it)
        kept = []
        for m in sorted(masks, key=lambda m: -bin(m).count("1")):
            if not any(b & m == m for b in kept):
                kept.append(m)
        masks = kept
    return [[numbers[i] for i in range(len(numbers)) if m >> i & 1] for m in masks]


def basra_ok(rules, take, floor, v):
    if len(take) != len(floor):
        return False
    if rules.basra_limit == R.BASRA_LONE:
        return len(floor) == 1 or (len(floor) == 2 and v and sum(value(c) for c in floor) == v)
    return True


def seven_special(rules, floor):
    total = sum(value(c) for c in floor)
    if rules.seven == R.SEVEN_PLAIN:
        return False
    if rules.seven == R.SEVEN_SMALL_FLOOR:
        return total <= rules.seven_max
    return True


def seven_basra(rules, floor):
    faces = [c for c in floor if c // 4 >= JACK]
    total = sum(value(c) for c in floor)
    if rules.seven == R.SEVEN_SMALL_FLOOR:
        return True
    if rules.seven == R.SEVEN_SWEEP:
        return not faces and total <= rules.seven_max
    # wildcard: some card could clear this floor as a basra
    ranks = set(c // 4 for c in floor)
    if faces:
        return ranks in ({QUEEN}, {KING}) or (len(floor) == 1 and ranks == {JACK})
    return any(splits_into([value(c) for c in floor], v) for v in range(1, 11))


def jack_basra(rules, floor):
    n = len(floor)
    if rules.jack_basra == R.JACK_BASRA_ONE:
        return n == 1
    if rules.jack_basra == R.JACK_BASRA_TWO:
        return n in (1, 2)
    if rules.jack_basra == R.JACK_BASRA_LONE_JACK:
        return n == 1 and floor[0] // 4 == JACK
    return False


def plays(hand, floor, rules):
    """Set of (card, sorted take tuple, basra, sweep)."""
    out = set()
    for card in hand:
        if not floor:
            out.add((card, (), False, False))
            continue
        caps = []
        r = card // 4
        if r == JACK:
            caps.append((floor, jack_basra(rules, floor), True))
        elif card == SEVEN_DIAMONDS and seven_special(rules, floor):
            caps.append((floor, seven_basra(rules, floor), True))
        elif r in (QUEEN, KING):
            same = [c for c in floor if c // 4 == r]
            for s in subsets(same):
                if s and (rules.capture == R.CAPTURE_FREE or len(s) == len(same)):
                    caps.append((s, basra_ok(rules, s, floor, 0), False))
        else:
            for s in number_takes(card, floor, rules):
                caps.append((s, basra_ok(rules, s, floor, value(card)), False))
        for take, basra, sweep in caps:
            out.add((card, tuple(sorted(take)), bool(basra), sweep))
        if not caps or rules.lay_down:
            out.add((card, (), False, False))
    return out
