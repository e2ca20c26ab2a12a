"""Which sets of floor number cards a card of value v may take.

A take is a set of floor number cards that splits into disjoint groups, each
summing to v (a card of value v alone is a group). Suits do not matter to a
sum, so a take is a multiset of values: ``cnt[x]`` cards of value x, packed as
``code = sum(cnt[x] << 3 * (x - 1))`` (3 bits a value, count <= 4, below
2**30: a small int on MicroPython).

``Takes`` is a cursor over the distinct takes of one card: an odometer over
the counts of values v..2 (each from all the floor holds down to none; the
count of Aces follows from the sum, which must be a multiple of v), each
candidate kept when it splits into groups of v. Every take comes exactly
once, none is missed, there is no cap, and a floor of any size is fine: a
10 facing every other number card has 178,175 takes. Nothing is allocated
and the call depth is constant: the exact-cover check keeps its own stack
in a bytearray.

The groups are partitions of v (parts 1..10, each at most 4 times, since
the deck holds four cards of a value), in a table built once at import.
"""
from array import array

from core.compat import const

_MAX_GROUPS = const(40)  # groups in one take: at most the 40 number cards


def _partition_table():
    # every partition of v = 1..10 as a non-increasing list of parts, in
    # reverse lexicographic order (the largest parts first), kept when no part
    # is used more than 4 times; iterative, at import only
    codes, maxes, counts, start = [], [], [], bytearray(12)
    for v in range(1, 11):
        start[v] = len(codes)
        parts = [v]
        while True:
            code = 0
            ok = True
            for p in parts:
                code += 1 << 3 * (p - 1)
                if (code >> 3 * (p - 1)) & 7 > 4:
                    ok = False
            if ok:
                codes.append(code)
                maxes.append(parts[0])
                counts.append(len(parts))
            ones = 0
            while parts and parts[-1] == 1:
                parts.pop()
                ones += 1
            if not parts:
                break
            x = parts.pop() - 1
            rest = ones + 1
            parts.append(x)
            while rest > x:
                parts.append(x)
                rest -= x
            if rest:
                parts.append(rest)
    start[11] = len(codes)
    return array("i", codes), bytes(maxes), bytes(counts), bytes(start)


# PART_CODE[i]: the packed values of partition i; PART_MAX[i]: its largest
# part; PART_N[i]: its number of cards. The partitions of v are
# PART_START[v] .. PART_START[v + 1] - 1, the single card v first.
PART_CODE, PART_MAX, PART_N, PART_START = _partition_table()

# scratch of the exact-cover check (never re-entered: it calls nothing that
# could come back here)
_left = bytearray(11)  # cards per value not yet put in a group
_group_x = bytearray(_MAX_GROUPS)  # per group on the stack: its largest card
_group_part = bytearray(_MAX_GROUPS)  # ... and the partition that completes it
_floor_values = bytearray(11)  # covers(): the floor's cards per value


def slot(code, v):
    """How many cards of value v a packed take holds."""
    return (code >> 3 * (v - 1)) & 7


def _fits(i, left):
    # partition i fits in the cards left (counts per value)
    p = PART_CODE[i]
    val = 1
    while p:
        if (p & 7) > left[val]:
            return False
        p >>= 3
        val += 1
    return True


def _shift(i, left, sign):
    p = PART_CODE[i]
    val = 1
    while p:
        left[val] += sign * (p & 7)
        p >>= 3
        val += 1


def splits(cnt, v):
    """True when cnt[1..v] (cards per value) splits exactly into groups
    summing to v. Cards of value v are groups alone; for the rest, the
    group of the largest card left is completed by a partition of what it
    lacks into parts no larger, trying each in turn with backtracking."""
    left = _left
    val = 1
    while val < v:
        left[val] = cnt[val]
        val += 1
    depth = 0
    j = -1  # -1: start a group; else the next partition to try for it
    x = 0
    end = 0
    while True:
        if j < 0:
            x = v - 1
            while x and not left[x]:
                x -= 1
            if x == 0:
                return True
            left[x] -= 1
            j = PART_START[v - x]
            end = PART_START[v - x + 1]
            while j < end and PART_MAX[j] > x:
                j += 1
        while j < end and not _fits(j, left):
            j += 1
        if j < end:
            _shift(j, left, -1)
            _group_x[depth] = x
            _group_part[depth] = j
            depth += 1
            j = -1
        else:
            left[x] += 1  # no group for x here: undo the group below
            if depth == 0:
                return False
            depth -= 1
            x = _group_x[depth]
            j = _group_part[depth]
            _shift(j, left, 1)
            j += 1
            end = PART_START[v - x + 1]


def covers(floor, v):
    """True when the floor's number cards (floor[r]: cards of rank r, 0 = Ace)
    are all of value v or less and split exactly into groups of v: a card
    of value v would clear them."""
    vals = _floor_values
    val = 1
    while val <= 10:
        c = floor[val - 1]
        if c and val > v:
            return False
        vals[val] = c
        val += 1
    return splits(vals, v)


def group_fits(floor, cnt, v):
    """True when some group of v fits in the floor's number cards (floor[r]:
    cards of rank r, 0 = Ace) less the take cnt (cards per value)."""
    left = _left
    val = 1
    while val <= v:
        left[val] = floor[val - 1] - cnt[val]
        val += 1
    i = PART_START[v]
    end = PART_START[v + 1]
    while i < end:
        if _fits(i, left):
            return True
        i += 1
    return False


class Takes:
    """A cursor over the distinct takes of a card of value v on a floor.

    ``start(floor, v, maximal)`` then ``next()`` until it returns False;
    after a True, ``code`` is the take (packed) and ``n`` its number of
    cards. ``floor`` (cards per rank, 0 = Ace) must be unchanged between the
    calls of one run: the search moves away and back, and comes back to the
    same floor. maximal keeps only takes to which no further group could be
    added. One cursor per search ply; no allocation.
    """

    def __init__(self):
        self.cnt = bytearray(11)  # the take: cards per value 1..10
        self.avail = bytearray(11)  # floor cards per value some group could use
        self.floor = None
        self.v = 0
        self.sum = 0  # total value of the take
        self.maximal = False
        self.fresh = True
        self.code = 0
        self.n = 0

    def start(self, floor, v, maximal):
        self.floor = floor
        self.v = v
        self.maximal = maximal
        self.fresh = True
        # values that some group fitting the floor uses; the others stay 0
        avail = self.avail
        left = _left
        val = 1
        while val <= v:
            left[val] = floor[val - 1]
            avail[val] = 0
            val += 1
        i = PART_START[v]
        end = PART_START[v + 1]
        while i < end:
            if _fits(i, left):
                p = PART_CODE[i]
                val = 1
                while p:
                    if p & 7:
                        avail[val] = left[val]
                    p >>= 3
                    val += 1
            i += 1

    def next(self):
        """Move to the next take; False when there is none left."""
        cnt = self.cnt
        avail = self.avail
        v = self.v
        while True:
            if self.fresh:
                # the first candidate: every usable card of values v..2
                self.fresh = False
                s = 0
                val = 2
                while val <= v:
                    cnt[val] = avail[val]
                    s += val * avail[val]
                    val += 1
                self.sum = s
                if not self._aces():
                    continue
            elif cnt[1] >= v:
                # fewer Aces, same remainder
                cnt[1] -= v
                self.sum -= v
            else:
                # the odometer: the lowest value 2..v that can go down does,
                # the values below it go back to all they can be
                s = self.sum - cnt[1]
                val = 2
                while val <= v and cnt[val] == 0:
                    cnt[val] = avail[val]
                    s += val * avail[val]
                    val += 1
                if val > v:
                    return False
                cnt[val] -= 1
                self.sum = s - val
                if not self._aces():
                    continue
            if self.sum == 0:
                continue
            if self.sum != v and not splits(cnt, v):
                continue
            if self.maximal and group_fits(self.floor, cnt, v):
                continue
            code = 0
            n = 0
            val = v
            while val:
                code = (code << 3) | cnt[val]
                n += cnt[val]
                val -= 1
            self.code = code
            self.n = n
            return True

    def _aces(self):
        # the most Aces (of the usable ones) that bring the sum to a multiple
        # of v; False when no count does
        v = self.v
        a = self.avail[1]
        need = (v - self.sum % v) % v
        if need > a:
            self.cnt[1] = 0
            return False
        k = need + (a - need) // v * v
        self.cnt[1] = k
        self.sum += k
        return True
