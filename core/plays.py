"""The legal plays of a position, one at a time.

A ``Plays`` cursor lists every legal play of the seat to move (or of one of
its cards) with no cap: ``start(state)``, then ``next()`` until it returns
False; after a True, ``word`` and ``take`` are the play as
``State.apply(word, take)`` takes it (see core/state.py for the encoding).
Per hand card: a Jack's or the 7 of diamonds' sweep, a Queen's or King's
takes (most first), a number card's takes (core/sums.py, each with and
without the 2 of clubs / 10 of diamonds when both are possible), then the
lay-down where the rules allow it. Nothing is allocated, the call depth is
constant, and the state must be the same at each ``next()`` of one run (a
search applies a play, looks below it, undoes it, then asks for the next):
one cursor per search ply.

``match(state, card, taken)`` is the other direction: the play, if any, of
card taking exactly the floor cards ``taken`` (the referee's check of a
logged play, without listing every play of a big floor).
"""
from core import cards as C
from core import rules as R
from core.compat import const
from core.cards import RANK_SHIFT
from core.state import (BASRA, CARD_MASK, FLAGS_SHIFT, FLOOR, HAND, HAND_STRIDE, LAY, SWEEP, TAKES_2C,
                        TAKES_10D)
from core.sums import Takes, covers, group_fits, splits

# what the cursor lists next
_CARD = const(0)  # the next hand card
_FACE = const(1)  # a Queen's or King's takes
_TAKES = const(2)  # a number card's next take
_TAKES_START = const(7)  # a number card's takes, before the first
_VARIANTS = const(3)  # the same take with and without the 2C / 10D
_SWEEP = const(4)  # a Jack's or the 7 of diamonds' sweep
_LAY = const(5)  # the lay-down
_DONE = const(6)

_values = bytearray(11)  # match(): the taken cards per value


class Plays:
    def __init__(self):
        self.takes = Takes()
        self.st = None
        self.only = -1  # a card whose plays alone are listed, or -1
        self.distinct = False
        self.slot = 0  # the hand card being listed
        self.stage = _DONE
        self.card = 0
        self.captures = 0  # captures listed for this card
        self.k = 0  # a face card: how many of its rank the next take has
        self.low = 0
        self.flags = 0  # a sweep's flags, or a number take's basra flag
        self.w2 = 0  # a number take: variant with (1) / without (0) the 2C
        self.hi2 = 0
        self.w10 = 0
        self.lo10 = 0
        self.hi10 = 0
        self.word = 0
        self.take = 0

    def start(self, st, card=-1, distinct=False):
        """List the plays of the seat to move (only those of card when given).

        distinct: skip a hand card whose plays an earlier card of the same
        rank already gave (the same position after each; the AI's search)."""
        self.st = st
        self.only = card
        self.distinct = distinct
        self.slot = 0
        self.stage = _CARD

    def next(self):
        """Move to the next play; False when there is none left."""
        st = self.st
        while True:
            stage = self.stage
            if stage == _VARIANTS:
                if self.w10 < self.hi10:
                    self.w2 -= 1
                    self.w10 = self.lo10
                if self.w2 < self.hi2:
                    self.stage = _TAKES
                    continue
                f = self.flags
                if self.w2:
                    f |= TAKES_2C
                if self.w10:
                    f |= TAKES_10D
                self.w10 -= 1
                return self._emit(f, self.take)
            if stage == _TAKES_START:
                # (started here, not in _next_card: a frame less deep)
                self.takes.start(st.floor_rank, (self.card >> RANK_SHIFT) + 1, st.capture == R.CAPTURE_MAXIMAL)
                self.stage = _TAKES
                continue
            if stage == _TAKES:
                t = self.takes
                if not t.next():
                    self.stage = _LAY
                    continue
                self._number_take(t.code, t.n, t.v)
                self.stage = _VARIANTS
                continue
            if stage == _FACE:
                k = self.k
                if k < self.low:
                    self.stage = _LAY
                    continue
                self.k = k - 1
                return self._emit(BASRA if k == st.floor_n and basra_allowed(st, k, 0) else 0, k)
            if stage == _SWEEP:
                self.stage = _LAY
                return self._emit(self.flags, 0)
            if stage == _LAY:
                self.slot += 1
                self.stage = _CARD
                if self.captures == 0 or st.lay_down:
                    self.word = self.card | LAY << FLAGS_SHIFT
                    self.take = 0
                    return True
                continue
            if stage == _CARD:
                if not self._next_card():
                    self.stage = _DONE
                    return False
                continue
            return False

    def _emit(self, flags, take):
        self.word = self.card | flags << FLAGS_SHIFT
        self.take = take
        self.captures += 1
        return True

    def _next_card(self):
        # set up the listing of the next hand card's plays; False at the end
        st = self.st
        if self.only >= 0:
            if self.slot:
                return False
            card = self.only
        else:
            seat = st.to_move
            base = HAND_STRIDE * seat
            while True:
                if self.slot >= st.hand_n[seat]:
                    return False
                card = st.hand[base + self.slot]
                if not (self.distinct and _repeats(st.hand, base, self.slot, card)):
                    break
                self.slot += 1
        self.card = card
        self.captures = 0
        self.stage = _LAY
        if st.floor_n == 0:
            return True
        rk = card >> RANK_SHIFT
        if rk == C.JACK:
            self.flags = SWEEP | (BASRA if jack_is_basra(st) else 0)
            self.stage = _SWEEP
        elif card == C.SEVEN_DIAMONDS and seven_sweeps(st):
            self.flags = SWEEP | (BASRA if seven_is_basra(st) else 0)
            self.stage = _SWEEP
        elif rk > C.JACK:
            k = st.floor_rank[rk]
            if k:
                self.k = k
                self.low = k if st.capture == R.CAPTURE_MAXIMAL else 1
                self.stage = _FACE
        else:
            self.stage = _TAKES_START
        return True

    def _number_take(self, code, taken, v):
        # the take's basra flag and its 2C / 10D variants: with the special
        # card (when that value is taken at all) and without it (when enough
        # plain cards of the value lie on the floor)
        st = self.st
        self.take = code
        self.flags = BASRA if taken == st.floor_n and basra_allowed(st, taken, v) else 0
        c2 = (code >> 3) & 7
        c10 = (code >> 27) & 7
        two_c = st.loc[C.TWO_CLUBS] == FLOOR
        ten_d = st.loc[C.TEN_DIAMONDS] == FLOOR
        self.w2 = 1 if two_c and c2 else 0
        self.hi2 = 1 if two_c and c2 == st.floor_rank[1] else 0
        self.lo10 = 1 if ten_d and c10 else 0
        self.hi10 = 1 if ten_d and c10 == st.floor_rank[9] else 0
        self.w10 = self.lo10



def _repeats(hand, base, slot, card):
    # an earlier hand card of the same rank, neither of them special
    if _special(card):
        return False
    rk = card >> RANK_SHIFT
    i = 0
    while i < slot:
        c = hand[base + i]
        if c >> RANK_SHIFT == rk and not _special(c):
            return True
        i += 1
    return False


def _special(c):
    return c == C.TWO_CLUBS or c == C.TEN_DIAMONDS or c == C.SEVEN_DIAMONDS


def basra_allowed(st, taken, v):
    """A capture of the whole floor (taken cards, by a card of value v, 0
    for a face card) is a basra under st's rules."""
    if st.basra_limit == R.BASRA_ANY:
        return True
    # Lebanese: a lone card matched, or two lone cards by the sum of their values
    return taken == 1 or (taken == 2 and v and st.floor_sum == v)


def jack_is_basra(st):
    mode = st.jack_basra
    fn = st.floor_n
    if mode == R.JACK_BASRA_ONE:
        return fn == 1
    if mode == R.JACK_BASRA_TWO:
        return fn == 1 or fn == 2
    if mode == R.JACK_BASRA_LONE_JACK:
        return fn == 1 and st.floor_rank[C.JACK] == 1
    return False


def seven_sweeps(st):
    """The 7 of diamonds sweeps this floor (else it is a plain 7)."""
    return st.seven != R.SEVEN_PLAIN and (
        st.seven != R.SEVEN_SMALL_FLOOR or st.floor_sum <= st.seven_max)


def seven_is_basra(st):
    mode = st.seven
    if mode == R.SEVEN_SMALL_FLOOR:
        return True  # it sweeps only when the floor is small enough
    fr = st.floor_rank
    faces = fr[C.JACK] + fr[C.QUEEN] + fr[C.KING]
    if mode == R.SEVEN_SWEEP:
        return faces == 0 and st.floor_sum <= st.seven_max
    # wildcard: a basra when some card could have cleared this floor as one
    fn = st.floor_n
    if faces:
        return fr[C.QUEEN] == fn or fr[C.KING] == fn or (fn == 1 and fr[C.JACK] == 1)
    for v in range(1, 11):
        if covers(fr, v):
            return True
    return False


def match(st, card, taken, out):
    """The play of card (held by the seat to move) taking exactly the floor
    cards in the list taken, into out (a Plays: its word and take); False
    when that is not a legal play. Checks the set directly, so a floor with
    thousands of plays costs no more than a small one."""
    if st.loc[card] != HAND + st.to_move:
        return False
    out.card = card
    n = len(taken)
    for c in taken:
        if st.loc[c] != FLOOR:
            return False
    if n == 0:
        if st.floor_n and not st.lay_down:
            # a lay-down is legal only when the card can take nothing
            out.start(st, card)
            out.next()
            if not out.word >> FLAGS_SHIFT & LAY:
                return False
        out.word = card | LAY << FLAGS_SHIFT
        out.take = 0
        return True
    rk = card >> RANK_SHIFT
    fn = st.floor_n
    if rk == C.JACK or (card == C.SEVEN_DIAMONDS and seven_sweeps(st)):
        if n != fn:
            return False
        basra = jack_is_basra(st) if rk == C.JACK else seven_is_basra(st)
        out.word = card | (SWEEP | (BASRA if basra else 0)) << FLAGS_SHIFT
        out.take = 0
        return True
    maximal = st.capture == R.CAPTURE_MAXIMAL
    if rk > C.JACK:
        for c in taken:
            if c >> RANK_SHIFT != rk:
                return False
        if maximal and n != st.floor_rank[rk]:
            return False
        out.word = card | (BASRA if n == fn and basra_allowed(st, n, 0) else 0) << FLAGS_SHIFT
        out.take = n
        return True
    v = rk + 1
    vals = _values
    for val in range(11):
        vals[val] = 0
    s = 0
    flags = 0
    for c in taken:
        r = c >> RANK_SHIFT
        if r >= v:
            return False
        vals[r + 1] += 1
        s += r + 1
        if c == C.TWO_CLUBS:
            flags |= TAKES_2C
        elif c == C.TEN_DIAMONDS:
            flags |= TAKES_10D
    if s % v or not splits(vals, v):
        return False
    if maximal and group_fits(st.floor_rank, vals, v):
        return False
    code = 0
    val = v
    while val:
        code = (code << 3) | vals[val]
        val -= 1
    if n == fn and basra_allowed(st, n, v):
        flags |= BASRA
    out.word = card | flags << FLAGS_SHIFT
    out.take = code
    return True


def cards_taken(st, word, take):
    """How many floor cards a listed play takes (0 for a lay-down)."""
    flags = word >> FLAGS_SHIFT
    if flags & LAY:
        return 0
    if flags & SWEEP:
        return st.floor_n
    if (word & CARD_MASK) >> RANK_SHIFT > C.JACK:
        return take
    n = 0
    while take:
        n += take & 7
        take >>= 3
    return n


def index_of(cursor, st, word, take):
    """Where the play (word, take) comes among the plays of the seat to move
    as a cursor lists them (the save keeps plays this way), or -1."""
    cursor.start(st)
    i = 0
    while cursor.next():
        if cursor.word == word and cursor.take == take:
            return i
        i += 1
    return -1


def nth(cursor, st, i):
    """Move cursor to play i of the seat to move; False when there are fewer."""
    cursor.start(st)
    while cursor.next():
        if i == 0:
            return True
        i -= 1
    return False
