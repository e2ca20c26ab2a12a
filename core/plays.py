"""The legal plays of a position, one at a time.

A ``Plays`` cursor lists every legal play of the seat to move (or of one of
its cards) with no cap: ``start(state)``, then ``next()`` until it returns
False; after a True, ``word`` and ``take`` are the play as
``State.apply(word, take)`` takes it (see core/state.py for the encoding).
Per hand card: a Jack's or the 7 of diamonds' sweep, a Queen's or King's
takes (most first), a number card's takes (core/sums.py, each with and
without the 2 of clubs / 10 of diamonds when both are possible), then the
lay-down where the rules allow it (the AI's listing, ``distinct``: every
capture of the hand before the lay-downs). Nothing is allocated, the call depth is
constant, and the state must be the same at each ``next()`` of one run (a
search applies a play, looks below it, undoes it, then asks for the next):
a search keeps one slot per ply, ``next(s)`` moving slot s.

core/referee.py checks a given play directly (``match``), without listing
the plays of a big floor.
"""
from array import array

from core import cards as C
from core import rules as R
from core.compat import const
from core.state import BASRA, FLOOR, HAND, LAY, SWEEP, TAKES_2C, TAKES_10D
from core.sums import Takes, covers

# what a slot lists next
_CARD = const(0)  # the next hand card
_FACE = const(1)  # a Queen's or King's takes
_TAKES = const(2)  # a number card's next take
_VARIANTS = const(3)  # the same take with and without the 2C / 10D
_SWEEP = const(4)  # a Jack's or the 7 of diamonds' sweep
_LAY = const(5)  # the lay-down
_DONE = const(6)
_TAKES_START = const(7)  # a number card's takes, before the first

# a slot's state, bytes from the slot's offset
_HAND_I = const(0)  # the hand card being listed
_STAGE = const(1)
_CARD_ = const(2)  # that card
_CAPTURES = const(3)  # captures listed for it
_K = const(4)  # a face card: how many of its rank the next take has
_LOW = const(5)  # ... and the fewest it may take
_FLAGS = const(6)  # a sweep's flags, or a number take's basra flag
_VAR = const(7)  # a number take: which of its variants comes next
_N2 = const(8)  # ... variants with / without the 2C: 1 or 2, with first
_N10 = const(9)  # ... with / without the 10D
_WITH2 = const(10)  # ... the first 2C variant takes it (1) or not (0)
_WITH10 = const(11)
_ONLY = const(12)  # a card whose plays alone are listed, or _ANY
_DISTINCT = const(13)  # 1, or _CAPTURES_FIRST then _LAYS_AFTER: distinct
_SLOT_BYTES = const(14)
_ANY = const(255)
# distinct, where a card that could capture may be laid down: every capture
# first, then the lay-downs (better plays first: a search cuts off more)
_CAPTURES_FIRST = const(2)
_LAYS_AFTER = const(3)


class Plays:
    """Cursors over the legal plays of a position, one per slot (a search
    keeps one per ply: a slot is 14 bytes, not an object)."""

    def __init__(self, slots=1):
        self.takes = Takes(slots)
        self.mem = bytearray(_SLOT_BYTES * slots)
        self.take_of = array("i", [0] * slots)  # each slot's number take
        self.st = None
        self.word = 0  # the play next() moved to
        self.take = 0

    def start(self, st, card=-1, distinct=False, s=0):
        """List in slot s the plays of the seat to move in st (only those of
        card when given). distinct (the AI's listing): skip a hand card whose
        plays an earlier card of the same rank already gave (the same
        position after each), and list every capture before the lay-downs
        where a card that could capture may be laid down (a search cuts off
        more when the better plays come first). Every slot lists plays of
        the same State."""
        m = self.mem
        o = s * _SLOT_BYTES
        self.st = st
        m[o + _ONLY] = _ANY if card < 0 else card
        m[o + _DISTINCT] = (_CAPTURES_FIRST if st.lay_down else 1) if distinct else 0
        m[o + _HAND_I] = 0
        m[o + _STAGE] = _CARD

    def next(self, s=0):
        """Move slot s to its next play (word, take); False when none is left."""
        st = self.st
        m = self.mem
        o = s * _SLOT_BYTES
        while True:
            stage = m[o + _STAGE]
            if stage == _VARIANTS:
                i = m[o + _VAR]
                n10 = m[o + _N10]
                if i >= m[o + _N2] * n10:
                    m[o + _STAGE] = _TAKES
                    continue
                m[o + _VAR] = i + 1
                f = m[o + _FLAGS]
                if m[o + _WITH2] - i // n10 > 0:
                    f |= TAKES_2C
                if m[o + _WITH10] - i % n10 > 0:
                    f |= TAKES_10D
                return self._emit(m, o, f, self.take_of[s])
            if stage == _TAKES_START:
                # (started here, not in _next_card: a frame less deep)
                self.takes.start(st.floor_rank, (m[o + _CARD_] >> 2) + 1,
                                 st.capture == R.CAPTURE_MAXIMAL, s)
                m[o + _STAGE] = _TAKES
                continue
            if stage == _TAKES:
                t = self.takes
                if not t.next(s):
                    m[o + _STAGE] = _LAY
                    continue
                self._number_take(m, o, s, t.code, t.n, (m[o + _CARD_] >> 2) + 1)
                m[o + _STAGE] = _VARIANTS
                continue
            if stage == _FACE:
                k = m[o + _K]
                if k < m[o + _LOW]:
                    m[o + _STAGE] = _LAY
                    continue
                m[o + _K] = k - 1
                return self._emit(m, o, BASRA if k == st.floor_n and basra_allowed(st, k, 0) else 0, k)
            if stage == _SWEEP:
                m[o + _STAGE] = _LAY
                return self._emit(m, o, m[o + _FLAGS], 0)
            if stage == _LAY:
                m[o + _HAND_I] += 1
                m[o + _STAGE] = _CARD
                if (m[o + _CAPTURES] == 0 or st.lay_down) and m[o + _DISTINCT] != _CAPTURES_FIRST:
                    self.word = m[o + _CARD_] | LAY << 8
                    self.take = 0
                    return True
                continue
            if stage == _CARD:
                if not self._next_card(m, o):
                    if m[o + _DISTINCT] == _CAPTURES_FIRST:
                        m[o + _DISTINCT] = _LAYS_AFTER  # the hand again
                        m[o + _HAND_I] = 0
                        continue
                    m[o + _STAGE] = _DONE
                    return False
                continue
            return False

    def _emit(self, m, o, flags, take):
        self.word = m[o + _CARD_] | flags << 8
        self.take = take
        m[o + _CAPTURES] = 1
        return True

    def _next_card(self, m, o):
        # set up the listing of the next hand card's plays; False at the end
        st = self.st
        i = m[o + _HAND_I]
        if m[o + _ONLY] != _ANY:
            if i:
                return False
            card = m[o + _ONLY]
        else:
            seat = st.to_move
            base = 6 * seat
            while True:
                if i >= st.hand_n[seat]:
                    return False
                card = st.hand[base + i]
                if not (m[o + _DISTINCT] and _repeats(st.hand, base, i, card)):
                    break
                i += 1
            m[o + _HAND_I] = i
        m[o + _CARD_] = card
        m[o + _CAPTURES] = 0
        m[o + _STAGE] = _LAY
        if st.floor_n == 0 or m[o + _DISTINCT] == _LAYS_AFTER:
            return True
        rk = card >> 2
        if rk == C.JACK:
            m[o + _FLAGS] = SWEEP | (BASRA if jack_is_basra(st) else 0)
            m[o + _STAGE] = _SWEEP
        elif card == C.SEVEN_DIAMONDS and seven_sweeps(st):
            m[o + _FLAGS] = SWEEP | (BASRA if seven_is_basra(st) else 0)
            m[o + _STAGE] = _SWEEP
        elif rk > C.JACK:
            k = st.floor_rank[rk]
            if k:
                m[o + _K] = k
                m[o + _LOW] = k if st.capture == R.CAPTURE_MAXIMAL else 1
                m[o + _STAGE] = _FACE
        elif st.floor_sum > rk:  # (a take adds up to the card's value at least)
            m[o + _STAGE] = _TAKES_START
        return True

    def _number_take(self, m, o, s, code, taken, v):
        # the take's basra flag and its 2C / 10D variants: with the special
        # card (when that value is taken at all) and without it (when enough
        # plain cards of the value lie on the floor)
        st = self.st
        self.take_of[s] = code
        m[o + _FLAGS] = BASRA if taken == st.floor_n and basra_allowed(st, taken, v) else 0
        c2 = (code >> 3) & 7
        c10 = (code >> 27) & 7
        two_c = st.loc[C.TWO_CLUBS] == FLOOR
        ten_d = st.loc[C.TEN_DIAMONDS] == FLOOR
        with2 = 1 if two_c and c2 else 0
        without2 = 0 if two_c and c2 == st.floor_rank[1] else 1
        with10 = 1 if ten_d and c10 else 0
        without10 = 0 if ten_d and c10 == st.floor_rank[9] else 1
        m[o + _WITH2] = with2
        m[o + _N2] = with2 + without2
        m[o + _WITH10] = with10
        m[o + _N10] = with10 + without10
        m[o + _VAR] = 0


def _repeats(hand, base, slot, card):
    # an earlier hand card of the same rank, neither of them special
    if _special(card):
        return False
    rk = card >> 2
    i = 0
    while i < slot:
        c = hand[base + i]
        if c >> 2 == rk and not _special(c):
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


def cards_taken(st, word, take):
    """How many floor cards a listed play takes (0 for a lay-down)."""
    flags = word >> 8
    if flags & LAY:
        return 0
    if flags & SWEEP:
        return st.floor_n
    if (word & 63) >> 2 > C.JACK:
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
