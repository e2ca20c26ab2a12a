"""An independent, brute-force statement of the capture rules, for tests.

Written from docs/rules.md card by card (subsets of the floor, set
partitions), sharing no code with core/ but the card numbering. Slow on
purpose: it enumerates every subset of the floor.
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


def splits_into(values, v):
    """Can the list of values be split into groups each summing to v?"""
    if not values:
        return True
    first, rest = values[0], values[1:]
    for group in subsets(list(range(len(rest)))):
        if first + sum(rest[i] for i in group) == v:
            left = [rest[i] for i in range(len(rest)) if i not in group]
            if splits_into(left, v):
                return True
    return False


def has_group(values, v):
    return any(sum(s) == v for s in subsets(values) if s)


def number_takes(card, floor, rules):
    v = value(card)
    numbers = [c for c in floor if 0 < value(c) <= v]
    takes = []
    for s in subsets(numbers):
        if s and splits_into([value(c) for c in s], v):
            rest = [value(c) for c in numbers if c not in s]
            if rules.capture == R.CAPTURE_MAXIMAL and has_group(rest, v):
                continue
            takes.append(s)
    return takes


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
