"""Which sets of floor number cards a card of value v may take.

A take is a set of floor number cards that splits into disjoint groups, each
summing to v (a card of value v alone is a group). Suits do not matter to a
sum, so a take is a multiset of values, packed as 3 bits a value:
``code = sum(count[v] << 3 * (v - 1))`` with count <= 4, below 2**30, a small
int on MicroPython.

The groups a take is made of are the partitions of v (parts 1..10, each at
most 4 times, since the deck holds four cards of a value). A take is a
multiset of partitions that fits the floor; the search visits each multiset
once (partitions in non-decreasing table order) and keeps each distinct
union once. Buffers are allocated once; ``find`` allocates nothing.
"""
from array import array

from core.compat import const

_MAX_FEASIBLE = const(64)


def _add_partitions(rest, part, code, mask, n, codes, masks, counts):
    if rest == 0:
        codes.append(code)
        masks.append(mask)
        counts.append(n)
        return
    if part == 0:
        return
    m = min(4, rest // part)
    while m >= 0:
        _add_partitions(
            rest - m * part, part - 1, code + (m << 3 * (part - 1)),
            mask | (1 << part) if m else mask, n + m, codes, masks, counts,
        )
        m -= 1


def _partition_table():
    codes, masks, counts, start = [], [], [], [0] * 12
    for v in range(1, 11):
        start[v] = len(codes)
        _add_partitions(v, v, 0, 0, 0, codes, masks, counts)
    start[11] = len(codes)
    return array("i", codes), array("i", masks), bytes(counts), bytes(start)


# PART_CODE[i]: the packed values of partition i; PART_MASK[i]: bit v set when
# value v is used; PART_N[i]: its number of cards. Partitions of v are
# PART_START[v] .. PART_START[v + 1] - 1, the single card v first.
PART_CODE, PART_MASK, PART_N, PART_START = _partition_table()


def slot(code, v):
    """How many cards of value v a packed take holds."""
    return (code >> 3 * (v - 1)) & 7


class SumFinder:
    """Finds the distinct takes of a number card; one instance, reused."""

    def __init__(self):
        self.rem = bytearray(11)  # floor cards left per value 1..10
        self.feas = bytearray(_MAX_FEASIBLE)  # partitions that fit the floor
        self.nfeas = 0
        self.maximal = False
        self.out_code = None
        self.out_n = None
        self.base = 0
        self.found = 0
        self.cap = 0
        self.overflow = False

    def find(self, counts, v, maximal, out_code, out_n, base, cap):
        """Write the takes of a card of value v into out_code/out_n[base:].

        counts[r] is the number of floor cards of rank r (0 = Ace .. 9 = 10).
        maximal keeps only takes to which no further group could be added.
        Returns how many were written (at most cap; ``overflow`` tells).
        """
        self._prepare(counts, v)
        self.maximal = maximal
        self.out_code = out_code
        self.out_n = out_n
        self.base = base
        self.cap = cap
        self.found = 0
        self.overflow = False
        if self.nfeas:
            self._search(0, 0, 0)
        return self.found

    def covers(self, counts, v):
        """True when the floor's number cards (counts per rank) split exactly into groups of v."""
        r = v
        while r < 10:
            if counts[r]:
                return False
            r += 1
        self._prepare(counts, v)
        return self._cover(0, v)

    def _prepare(self, counts, v):
        # rem[1..v] = the floor's cards per value; feas = partitions that fit it
        rem = self.rem
        present = 0
        val = 1
        while val <= v:
            c = counts[val - 1]
            rem[val] = c
            if c:
                present |= 1 << val
            val += 1
        nf = 0
        i = PART_START[v]
        end = PART_START[v + 1]
        while i < end:
            if PART_MASK[i] & ~present == 0 and self._fits(i):
                self.feas[nf] = i
                nf += 1
            i += 1
        self.nfeas = nf

    def _cover(self, k, v):
        rem = self.rem
        val = 1
        while val <= v and rem[val] == 0:
            val += 1
        if val > v:
            return True
        feas = self.feas
        j = k
        while j < self.nfeas:
            i = feas[j]
            if self._fits(i):
                self._shift(i, -1)
                ok = self._cover(j, v)
                self._shift(i, 1)
                if ok:
                    return True
            j += 1
        return False

    def _fits(self, i):
        p = PART_CODE[i]
        rem = self.rem
        val = 1
        while p:
            if (p & 7) > rem[val]:
                return False
            p >>= 3
            val += 1
        return True

    def _shift(self, i, sign):
        p = PART_CODE[i]
        rem = self.rem
        val = 1
        while p:
            rem[val] += sign * (p & 7)
            p >>= 3
            val += 1

    def _any_fits(self):
        j = 0
        while j < self.nfeas:
            if self._fits(self.feas[j]):
                return True
            j += 1
        return False

    def _search(self, k, code, n):
        feas = self.feas
        j = k
        while j < self.nfeas:
            i = feas[j]
            if self._fits(i):
                self._shift(i, -1)
                code2 = code + PART_CODE[i]
                n2 = n + PART_N[i]
                if not self.maximal or not self._any_fits():
                    self._keep(code2, n2)
                if not self.overflow:
                    self._search(j, code2, n2)
                self._shift(i, 1)
                if self.overflow:
                    return
            j += 1

    def _keep(self, code, n):
        out = self.out_code
        base = self.base
        k = 0
        while k < self.found:
            if out[base + k] == code:
                return
            k += 1
        if self.found >= self.cap:
            self.overflow = True
            return
        out[base + self.found] = code
        self.out_n[base + self.found] = n
        self.found += 1
