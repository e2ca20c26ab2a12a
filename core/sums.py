"""Which sets of floor number cards a card of value v may take.

A take is a set of floor number cards that splits into disjoint groups, each
summing to v (a card of value v alone is a group). Suits do not matter to a
sum, so a take is a multiset of values: ``cnt[x]`` cards of value x, packed as
``code = sum(cnt[x] << 3 * (x - 1))`` (3 bits a value, count <= 4, below
2**30: a small int on MicroPython).

``Takes`` is a cursor over the distinct takes of one card: an odometer over
the counts of values v..2 (each from all the floor holds down to none; the
count of Aces follows from the sum, which must be a multiple of v), each
candidate kept when it splits into groups of v (and, for maximal capture,
when no bigger take of the card contains it: ``bigger``). Every take comes exactly
once, none is missed, there is no cap, and a floor of any size is fine: a
10 facing every other number card has 178,175 takes. Nothing is allocated
and the call depth is constant: the exact-cover check keeps its own stack
in a bytearray.

The groups are partitions of v (parts 1..10, each at most 4 times, since
the deck holds four cards of a value), in a table written out below.
"""
from core.compat import const

_MAX_GROUPS = const(40)  # groups in one take: at most the 40 number cards


def _pack(counts, first, last, shift):
    # counts[val - shift] for val = first..last as 4-bit fields, first lowest
    # (two ints hold values 1..5 and 6..10, see _GUARD); one int, no tuple
    p = 0
    val = last
    while val >= first:
        p = (p << 4) | counts[val - shift]
        val -= 1
    return p


# The partitions of v are PART_START[v] .. PART_START[v + 1] - 1: the single
# card v first, then in reverse lexicographic order (the largest parts
# first), each kept when no part is used more than 4 times. PART_LO[i] /
# PART_HI[i]: partition i's cards per value, packed 4 bits a value (values
# 1..5 / 6..10, as _pack does); PART_MAX[i]: its largest part. Written out
# rather than built at import, which took a third of the device app's
# import (tests/test_sums.py builds them again and compares); a tuple and
# bytes, not arrays made from them: a .mpy module keeps its constants as
# long as its functions live, so an array would be a second copy.
PART_LO = (
    0x00001,  # 1
    0x00010, 0x00002,  # 2
    0x00100, 0x00011, 0x00003,  # 3
    0x01000, 0x00101, 0x00020, 0x00012, 0x00004,  # 4
    0x10000, 0x01001, 0x00110, 0x00102, 0x00021, 0x00013,  # 5
    0x00000, 0x10001, 0x01010, 0x01002, 0x00200, 0x00111, 0x00103, 0x00030, 0x00022,  # 6
    0x00014,
    0x00000, 0x00001, 0x10010, 0x10002, 0x01100, 0x01011, 0x01003, 0x00201, 0x00120,  # 7
    0x00112, 0x00104, 0x00031, 0x00023,
    0x00000, 0x00001, 0x00010, 0x00002, 0x10100, 0x10011, 0x10003, 0x02000, 0x01101,  # 8
    0x01020, 0x01012, 0x01004, 0x00210, 0x00202, 0x00121, 0x00113, 0x00040, 0x00032,
    0x00024,
    0x00000, 0x00001, 0x00010, 0x00002, 0x00100, 0x00011, 0x00003, 0x11000, 0x10101,  # 9
    0x10020, 0x10012, 0x10004, 0x02001, 0x01110, 0x01102, 0x01021, 0x01013, 0x00300,
    0x00211, 0x00203, 0x00130, 0x00122, 0x00114, 0x00041, 0x00033,
    0x00000, 0x00001, 0x00010, 0x00002, 0x00100, 0x00011, 0x00003, 0x01000, 0x00101,  # 10
    0x00020, 0x00012, 0x00004, 0x20000, 0x11001, 0x10110, 0x10102, 0x10021, 0x10013,
    0x02010, 0x02002, 0x01200, 0x01111, 0x01103, 0x01030, 0x01022, 0x01014, 0x00301,
    0x00220, 0x00212, 0x00204, 0x00131, 0x00123, 0x00042, 0x00034,
)
PART_HI = (
    0x00000,  # 1
    0x00000, 0x00000,  # 2
    0x00000, 0x00000, 0x00000,  # 3
    0x00000, 0x00000, 0x00000, 0x00000, 0x00000,  # 4
    0x00000, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000,  # 5
    0x00001, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000,  # 6
    0x00000,
    0x00010, 0x00001, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000,  # 7
    0x00000, 0x00000, 0x00000, 0x00000,
    0x00100, 0x00010, 0x00001, 0x00001, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000,  # 8
    0x00000, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000,
    0x00000,
    0x01000, 0x00100, 0x00010, 0x00010, 0x00001, 0x00001, 0x00001, 0x00000, 0x00000,  # 9
    0x00000, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000,
    0x00000, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000,
    0x10000, 0x01000, 0x00100, 0x00100, 0x00010, 0x00010, 0x00010, 0x00001, 0x00001,  # 10
    0x00001, 0x00001, 0x00001, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000,
    0x00000, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000,
    0x00000, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000, 0x00000,
)
PART_MAX = (
    b"\x01"  # 1
    b"\x02\x01"  # 2
    b"\x03\x02\x01"  # 3
    b"\x04\x03\x02\x02\x01"  # 4
    b"\x05\x04\x03\x03\x02\x02"  # 5
    b"\x06\x05\x04\x04\x03\x03\x03\x02\x02\x02"  # 6
    b"\x07\x06\x05\x05\x04\x04\x04\x03\x03\x03\x03\x02\x02"  # 7
    b"\x08\x07\x06\x06\x05\x05\x05\x04\x04\x04\x04\x04\x03\x03\x03\x03\x02\x02\x02"  # 8
    b"\x09\x08\x07\x07\x06\x06\x06\x05\x05\x05\x05\x05\x04\x04\x04\x04\x04\x03\x03\x03"  # 9
    b"\x03\x03\x03\x02\x02"
    b"\x0a\x09\x08\x08\x07\x07\x07\x06\x06\x06\x06\x06\x05\x05\x05\x05\x05\x05\x04\x04"  # 10
    b"\x04\x04\x04\x04\x04\x04\x03\x03\x03\x03\x03\x03\x02\x02"
)
PART_START = b"\x00\x00\x01\x03\x06\x0b\x11\x1b\x28\x3b\x54\x76"

# Counts of cards per value are packed 4 bits a value, the top bit of each
# field clear (a count is at most 4). Then a set of counts p fits in counts
# left when ((left | _GUARD) - p) & _GUARD == _GUARD: no field borrows, each
# keeps its top bit only where left >= p. A check with no loop and no call
# (the call depth matters: a board's Python stack is 2 KB).
_GUARD = const(0x88888)

# splits(): per group on its stack, its largest card and the partition that
# completes it (never re-entered: it calls nothing)
_group_x = bytearray(_MAX_GROUPS)
_group_part = bytearray(_MAX_GROUPS)


def splits(cnt, v):
    """True when cnt[1..v] (cards per value) splits exactly into groups
    summing to v. Cards of value v are groups alone; for the rest, the
    group of the largest card left is completed by a partition of what it
    lacks into parts no larger, trying each in turn with backtracking."""
    return _splits(_pack(cnt, 1, min(v - 1, 5), 0), _pack(cnt, 6, v - 1, 0), v)


def _splits(lo, hi, v):
    # splits() on packed counts (values below v only)
    depth = 0
    j = -1  # -1: start a group; else the next partition to try for it
    x = 0
    end = 0
    while True:
        if j < 0:
            # the largest card left
            x = v - 1
            while x > 5 and not (hi >> 4 * (x - 6)) & 15:
                x -= 1
            while x and x <= 5 and not (lo >> 4 * (x - 1)) & 15:
                x -= 1
            if x == 0:
                return True
            if x > 5:
                hi -= 1 << 4 * (x - 6)
            else:
                lo -= 1 << 4 * (x - 1)
            j = PART_START[v - x]
            end = PART_START[v - x + 1]
            while j < end and PART_MAX[j] > x:
                j += 1
        while j < end and (((lo | _GUARD) - PART_LO[j]) & _GUARD != _GUARD
                           or ((hi | _GUARD) - PART_HI[j]) & _GUARD != _GUARD):
            j += 1
        if j < end:
            lo -= PART_LO[j]
            hi -= PART_HI[j]
            _group_x[depth] = x
            _group_part[depth] = j
            depth += 1
            j = -1
        else:
            # no group for x here: put it back, undo the group below
            if x > 5:
                hi += 1 << 4 * (x - 6)
            else:
                lo += 1 << 4 * (x - 1)
            if depth == 0:
                return False
            depth -= 1
            x = _group_x[depth]
            j = _group_part[depth]
            lo += PART_LO[j]
            hi += PART_HI[j]
            j += 1
            end = PART_START[v - x + 1]


def covers(floor, v):
    """True when the floor's number cards (floor[r]: cards of rank r, 0 = Ace)
    are all of value v or less and split exactly into groups of v: a card
    of value v would clear them."""
    r = v
    while r < 10:
        if floor[r]:
            return False
        r += 1
    return _splits(_pack(floor, 1, min(v - 1, 5), 1), _pack(floor, 6, v - 1, 1), v)


def _group_fits(lo, hi, v):
    # some partition of v fits in the packed counts
    i = PART_START[v]
    end = PART_START[v + 1]
    while i < end:
        if (((lo | _GUARD) - PART_LO[i]) & _GUARD == _GUARD
                and ((hi | _GUARD) - PART_HI[i]) & _GUARD == _GUARD):
            return True
        i += 1
    return False


# bigger(): the counts per value of the bigger take being tried (bigger is
# never re-entered; Takes.next and the referee's check call it one at a time)
_cur = bytearray(11)


def bigger(cnt, o, floor, shift, v):
    """True when a take of a card of value v strictly contains the take
    whose cards per value are cnt[val + o] (val = 1..v), within the cards
    per value floor[val + shift]: such a take is not maximal.

    A take is maximal when no legal take of the same card strictly contains
    it (FR "un 9 les capturera toutes les trois"; AK "vous prendrez trois
    cartes"). Adding a group of v to what the take leaves is the quick
    case; otherwise a bigger take may regroup the cards: a 3 on A A A 2 2 2
    takes all six as three A+2, though A+A+A leaves 2 2 2, which holds no
    group of 3. So, when no group fits in what is left, every count between
    the take and floor is tried (values 2..v an odometer, the Aces what
    brings the sum to a multiple of v), each kept when it splits into
    groups of v. What is left then holds no group of v, which keeps the
    odometer small. No allocation."""
    lo = _pack(floor, 1, min(v, 5), -shift) - _pack(cnt, 1, min(v, 5), -o)
    hi = _pack(floor, 6, v, -shift) - _pack(cnt, 6, v, -o)
    if _group_fits(lo, hi, v):
        return True
    c = _cur
    total = 0   # of values 2..v in c
    ts = 0      # of the take
    val = 2
    while val <= v:
        c[val] = floor[val + shift]
        total += val * c[val]
        ts += val * cnt[val + o]
        val += 1
    low1 = cnt[1 + o]
    top1 = floor[1 + shift]
    ts += low1
    while True:
        # the most Aces that bring the total to a multiple of v, then fewer,
        # while c holds more than the take (it holds at least as much of each)
        a = top1 - (total + top1) % v
        while a >= low1 and total + a > ts:
            c[1] = a
            if _splits(_pack(c, 1, min(v - 1, 5), 0), _pack(c, 6, v - 1, 0), v):
                return True
            a -= v
        # the odometer: the lowest value 2..v that can go down does, the
        # values below it go back to all floor holds
        val = 2
        while val <= v and c[val] == cnt[val + o]:
            c[val] = floor[val + shift]
            total += val * (c[val] - cnt[val + o])
            val += 1
        if val > v:
            return False
        c[val] -= 1
        total -= val


# a Takes slot's state, bytes from the slot's offset
_AVAIL = const(11)  # +1..+10: the take's cards per value; +12..+21: usable ones
_V = const(22)  # the card's value
_SUM = const(23)  # the take's total value (at most 4 * 55 = 220)
_MAXIMAL = const(24)
_FRESH = const(25)
_SLOT_BYTES = const(26)


class Takes:
    """Cursors over the distinct takes of a card of value v on a floor, one
    per slot (a search keeps one per ply, in one bytearray).

    ``start(floor, v, maximal, s)`` then ``next(s)`` until it returns False;
    after a True, ``code`` is the take (packed) and ``n`` its number of
    cards. ``floor`` (cards per rank, 0 = Ace) must be the same, unchanged,
    at each ``next`` of one run: the search moves away and back, and comes
    back to the same floor. maximal keeps only takes that no bigger take
    of the card contains (``bigger``). No allocation.
    """

    def __init__(self, slots=1):
        self.mem = bytearray(_SLOT_BYTES * slots)
        self.code = 0
        self.n = 0

    def start(self, floor, v, maximal, s=0):
        m = self.mem
        o = s * _SLOT_BYTES
        m[o + _V] = v
        m[o + _MAXIMAL] = 1 if maximal else 0
        m[o + _FRESH] = 1
        # values that some group fitting the floor uses; the others stay 0.
        # The floor's counts packed as _pack packs them (values 1..5 in lo,
        # 6..v in hi), written out: no call
        lo = 0
        hi = 0
        val = v
        while val > 5:
            hi = (hi << 4) | floor[val - 1]
            val -= 1
        while val:
            lo = (lo << 4) | floor[val - 1]
            val -= 1
        used_lo = 0
        used_hi = 0
        part_lo = PART_LO
        part_hi = PART_HI
        lo |= _GUARD
        hi |= _GUARD
        i = PART_START[v]
        end = PART_START[v + 1]
        while i < end:
            p = part_lo[i]
            if (lo - p) & _GUARD == _GUARD:
                q = part_hi[i]
                if (hi - q) & _GUARD == _GUARD:
                    used_lo |= p
                    used_hi |= q
            i += 1
        a = o + _AVAIL
        val = 1
        while val <= v:
            if val <= 5:
                used = used_lo & 15
                used_lo >>= 4
            else:
                used = used_hi & 15
                used_hi >>= 4
            m[a + val] = floor[val - 1] if used else 0
            val += 1

    def next(self, s=0):
        """Move slot s to its next take; False when there is none left."""
        m = self.mem
        o = s * _SLOT_BYTES  # the take's count of value val is m[o + val]
        a = o + _AVAIL  # ... the usable ones m[a + val]
        v = m[o + _V]
        while True:
            if m[o + _FRESH]:
                # the first candidate: every usable card of values v..2
                m[o + _FRESH] = 0
                total = 0
                val = 2
                while val <= v:
                    m[o + val] = m[a + val]
                    total += val * m[a + val]
                    val += 1
                total = self._aces(m, o, v, total)
                if total < 0:
                    continue
            elif m[o + 1] >= v:
                # fewer Aces, same remainder
                m[o + 1] -= v
                total = m[o + _SUM] - v
            else:
                # the odometer: the lowest value 2..v that can go down does,
                # the values below it go back to all they can be
                total = m[o + _SUM] - m[o + 1]
                val = 2
                while val <= v and m[o + val] == 0:
                    m[o + val] = m[a + val]
                    total += val * m[a + val]
                    val += 1
                if val > v:
                    return False
                m[o + val] -= 1
                total = self._aces(m, o, v, total - val)
                if total < 0:
                    continue
            m[o + _SUM] = total
            if total == 0:
                continue
            # (the checks called here, not through splits()/group_fits():
            # one frame less at the deepest point of a search)
            if total != v and not _splits(_pack(m, 1, min(v - 1, 5), -o), _pack(m, 6, v - 1, -o), v):
                continue
            if m[o + _MAXIMAL] and bigger(m, o, m, a, v):
                continue
            code = 0
            n = 0
            val = v
            while val:
                code = (code << 3) | m[o + val]
                n += m[o + val]
                val -= 1
            self.code = code
            self.n = n
            return True

    def _aces(self, m, o, v, total):
        # the most Aces (of the usable ones) that bring the total to a
        # multiple of v, set in the slot; the new total, or -1 when none does
        a = m[o + _AVAIL + 1]
        need = (v - total % v) % v
        if need > a:
            m[o + 1] = 0
            m[o + _SUM] = total
            return -1
        k = need + (a - need) // v * v
        m[o + 1] = k
        return total + k
