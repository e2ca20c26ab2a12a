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

from core.compat import const
from core.sums import Takes, covers

# other modules' constants, as consts here: no module look-up while listing
# (core/cards.py's ranks and cards, core/state.py's flags and places,
# core/rules.py's rule values)
_JACK = const(10)  # cards.JACK
_QUEEN = const(11)  # cards.QUEEN
_KING = const(12)  # cards.KING
_TWO_CLUBS = const(4)  # cards.TWO_CLUBS
_SEVEN_DIAMONDS = const(25)  # cards.SEVEN_DIAMONDS
_TEN_DIAMONDS = const(37)  # cards.TEN_DIAMONDS
_F_LAY = const(1)  # state.LAY
_F_SWEEP = const(2)  # state.SWEEP
_F_BASRA = const(4)  # state.BASRA
_F_2C = const(8)  # state.TAKES_2C
_F_10D = const(16)  # state.TAKES_10D
_AT_FLOOR = const(1)  # state.FLOOR
_MAXIMAL = const(1)  # rules.CAPTURE_MAXIMAL
_BASRA_ANY = const(0)  # rules.BASRA_ANY
_JACK_ONE = const(1)  # rules.JACK_BASRA_ONE
_JACK_TWO = const(2)  # rules.JACK_BASRA_TWO
_JACK_LONE = const(3)  # rules.JACK_BASRA_LONE_JACK
_SEVEN_SWEEP = const(0)  # rules.SEVEN_SWEEP
_SEVEN_SMALL = const(2)  # rules.SEVEN_SMALL_FLOOR
_SEVEN_PLAIN = const(3)  # rules.SEVEN_PLAIN

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
            # (the commonest stages first: each hand card passes _CARD and _LAY)
            if stage == _CARD:
                if not self._next_card(m, o):
                    if m[o + _DISTINCT] == _CAPTURES_FIRST:
                        m[o + _DISTINCT] = _LAYS_AFTER  # the hand again
                        m[o + _HAND_I] = 0
                        continue
                    m[o + _STAGE] = _DONE
                    return False
                continue
            if stage == _LAY:
                m[o + _HAND_I] += 1
                m[o + _STAGE] = _CARD
                if (m[o + _CAPTURES] == 0 or st.lay_down) and m[o + _DISTINCT] != _CAPTURES_FIRST:
                    self.word = m[o + _CARD_] | _F_LAY << 8
                    self.take = 0
                    return True
                continue
            if stage == _VARIANTS:
                i = m[o + _VAR]
                n10 = m[o + _N10]
                if i >= m[o + _N2] * n10:
                    stage = _TAKES  # on to the next take, below (which sets the stage)
                else:
                    m[o + _VAR] = i + 1
                    f = m[o + _FLAGS]
                    if m[o + _WITH2] - i // n10 > 0:
                        f |= _F_2C
                    if m[o + _WITH10] - i % n10 > 0:
                        f |= _F_10D
                    return self._emit(m, o, f, self.take_of[s])
            if stage == _TAKES_START:
                # (started here, not in _next_card: a frame less deep)
                self.takes.start(st.floor_rank, (m[o + _CARD_] >> 2) + 1,
                                 st.capture == _MAXIMAL, s)
                stage = _TAKES  # the first take, below
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
                return self._emit(m, o, _F_BASRA if k == st.floor_n and basra_allowed(st, k, 0) else 0, k)
            if stage == _SWEEP:
                m[o + _STAGE] = _LAY
                return self._emit(m, o, m[o + _FLAGS], 0)
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
            hand = st.hand
            base = 6 * seat
            n = st.hand_n[seat]
            distinct = m[o + _DISTINCT]
            while True:
                if i >= n:
                    return False
                card = hand[base + i]
                # distinct: skip a card when an earlier hand card has its
                # rank, neither of them special (the same plays)
                if not distinct or card == _TWO_CLUBS or card == _TEN_DIAMONDS or card == _SEVEN_DIAMONDS:
                    break
                rk = card >> 2
                j = base
                end = base + i
                while j < end:
                    c = hand[j]
                    if c >> 2 == rk and c != _TWO_CLUBS and c != _TEN_DIAMONDS and c != _SEVEN_DIAMONDS:
                        break
                    j += 1
                if j == end:
                    break
                i += 1
            m[o + _HAND_I] = i
        m[o + _CARD_] = card
        m[o + _CAPTURES] = 0
        m[o + _STAGE] = _LAY
        if st.floor_n == 0 or m[o + _DISTINCT] == _LAYS_AFTER:
            return True
        rk = card >> 2
        if rk == _JACK:
            m[o + _FLAGS] = _F_SWEEP | (_F_BASRA if jack_is_basra(st) else 0)
            m[o + _STAGE] = _SWEEP
        elif card == _SEVEN_DIAMONDS and seven_sweeps(st):
            m[o + _FLAGS] = _F_SWEEP | (_F_BASRA if seven_is_basra(st) else 0)
            m[o + _STAGE] = _SWEEP
        elif rk > _JACK:
            k = st.floor_rank[rk]
            if k:
                m[o + _K] = k
                m[o + _LOW] = k if st.capture == _MAXIMAL else 1
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
        m[o + _FLAGS] = _F_BASRA if taken == st.floor_n and basra_allowed(st, taken, v) else 0
        c2 = (code >> 3) & 7
        c10 = (code >> 27) & 7
        two_c = st.loc[_TWO_CLUBS] == _AT_FLOOR
        ten_d = st.loc[_TEN_DIAMONDS] == _AT_FLOOR
        with2 = 1 if two_c and c2 else 0
        without2 = 0 if two_c and c2 == st.floor_rank[1] else 1
        with10 = 1 if ten_d and c10 else 0
        without10 = 0 if ten_d and c10 == st.floor_rank[9] else 1
        m[o + _WITH2] = with2
        m[o + _N2] = with2 + without2
        m[o + _WITH10] = with10
        m[o + _N10] = with10 + without10
        m[o + _VAR] = 0


def basra_allowed(st, taken, v):
    """A capture of the whole floor (taken cards, by a card of value v, 0
    for a face card) is a basra under st's rules."""
    if st.basra_limit == _BASRA_ANY:
        return True
    # Lebanese: a lone card matched, or two lone cards by the sum of their values
    return taken == 1 or (taken == 2 and v and st.floor_sum == v)


def jack_is_basra(st):
    mode = st.jack_basra
    fn = st.floor_n
    if mode == _JACK_ONE:
        return fn == 1
    if mode == _JACK_TWO:
        return fn == 1 or fn == 2
    if mode == _JACK_LONE:
        return fn == 1 and st.floor_rank[_JACK] == 1
    return False


def seven_sweeps(st):
    """The 7 of diamonds sweeps this floor (else it is a plain 7)."""
    return st.seven != _SEVEN_PLAIN and (
        st.seven != _SEVEN_SMALL or st.floor_sum <= st.seven_max)


def seven_is_basra(st):
    mode = st.seven
    if mode == _SEVEN_SMALL:
        return True  # it sweeps only when the floor is small enough
    fr = st.floor_rank
    faces = fr[_JACK] + fr[_QUEEN] + fr[_KING]
    if mode == _SEVEN_SWEEP:
        return faces == 0 and st.floor_sum <= st.seven_max
    # wildcard: a basra when some card could have cleared this floor as one
    fn = st.floor_n
    if faces:
        return fr[_QUEEN] == fn or fr[_KING] == fn or (fn == 1 and fr[_JACK] == 1)
    for v in range(1, 11):
        if covers(fr, v):
            return True
    return False


def cards_taken(st, word, take):
    """How many floor cards a listed play takes (0 for a lay-down)."""
    flags = word >> 8
    if flags & _F_LAY:
        return 0
    if flags & _F_SWEEP:
        return st.floor_n
    if (word & 63) >> 2 > _JACK:
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
