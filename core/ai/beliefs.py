"""Beliefs: what each other seat has shown of its hand this deal.

For every play another seat made this deal (Observation.log, the deal's
plays as the State's undo stack holds them), every card the observer has
not seen is put in one of a few buckets by what it would have done on the
floor that seat faced, against the play it made: it takes nothing there,
it takes more than the play did (by how much, a basra), it sweeps (a Jack,
the 7 of diamonds), the floor was empty. Each bucket has a likelihood
ratio, P(card held | bucket) over the chance it is held knowing nothing
(the hand's cards over the unseen ones), in sixteenths: ``RATIO``,
estimated from many games between a mix of players (easy, normal, hard,
expert, a player that misses sums, one that throws captures away) by
tools/beliefs.py and shipped here as constant bytes. A card's weight for
a seat is the product of its ratios over that seat's plays this deal
(16: nothing known; at most 255, at least 1). The sampler
(core/ai/world.py) deals each other hand by these weights, and weighs an
enumerated split by the product of its cards' weights.

Allocates nothing per decision: the buffers are made once; each play's
buckets come from a Plays cursor run on the search's world, set up with
the floor that seat faced and one card in its hand (one card a rank; the
2 of clubs, 7 and 10 of diamonds on their own).
"""
from array import array

from core.compat import const

# other modules' constants, as consts here
_UNSEEN = const(0)  # core/ai/observe.py UNSEEN
_FLOOR = const(1)  # core/state.py FLOOR
_HAND = const(2)  # core/state.py HAND
_F_LAY = const(1)  # core/state.py LAY
_F_SWEEP = const(2)  # core/state.py SWEEP
_F_BASRA = const(4)  # core/state.py BASRA
_TWO_CLUBS = const(4)
_SEVEN_D = const(25)
_TEN_D = const(37)
_JACK = const(10)
_NO_BUCKET = const(255)  # no bucket: the card is seen

ONE = const(16)  # a weight of 1 (sixteenths)
_MAX = const(255)
# the buckets: what an unseen card would have done on the floor a seat
# faced, against the play it made (gains in quarter points: cards taken,
# the card included, card points and basras, as core/ai/evaluate.py)
_EMPTY = const(0)  # the floor was empty (every play a lay-down)
_EMPTY_SWEEPER = const(1)  # ... and the card is a Jack or the 7 of diamonds
_SWEEP_SMALL = const(2)  # its sweep takes at most 2 points more than the play
SWEEP_BIG = const(3)  # its sweep takes more than 2 points more
_NOTHING_LAID = const(4)  # it takes nothing; the seat laid a card down
_NOTHING_TOOK = const(5)  # it takes nothing; the seat took something
BASRA_LAID = const(6)  # it makes a basra the play did not; the seat laid down
_BASRA_TOOK = const(7)  # ... the seat took something else
NO_MORE = const(8)  # it takes no more than the play took
MORE_LAID = const(9)  # it takes up to 2 points more; the seat laid down
_MORE_TOOK = const(10)  # ... the seat took less
MUCH_LAID = const(11)  # it takes more than 2 points more; the seat laid down
_MUCH_TOOK = const(12)  # ... the seat took less
BUCKETS = const(13)
_SMALL = const(8)  # 2 points, in quarter points

# P(held | bucket) / P(held), sixteenths, pooled over the players of
# tools/beliefs.py (python -m tools.beliefs --hands 2400 --seed 1; the
# table and the rates by player: docs/beliefs.md)
RATIO = bytes((16, 17, 11, 6, 19, 18, 2, 2, 15, 6, 7, 8, 6))


def bucket(g, basra, sweep, actual, laid, empty):
    """The bucket of a card whose best play on the floor gains g (quarter
    points; basra: it makes one; sweep: it is a Jack's or the 7 of
    diamonds' sweep), against the play made (actual gained; laid: a
    lay-down); empty: the floor was empty."""
    if empty:
        return _EMPTY_SWEEPER if sweep else _EMPTY
    d = g - actual
    if sweep:
        return _SWEEP_SMALL if d <= _SMALL else SWEEP_BIG
    if g <= 0:
        return _NOTHING_LAID if laid else _NOTHING_TOOK
    if d <= 0:
        return NO_MORE
    if basra:
        return BASRA_LAID if laid else _BASRA_TOOK
    if d <= _SMALL:
        return MORE_LAID if laid else _MORE_TOOK
    return MUCH_LAID if laid else _MUCH_TOOK


class Beliefs:
    """weight[52 * seat + card]: the card's weight in seat's hand (ONE: no
    evidence), from update(); active: some weight is not ONE."""

    def __init__(self, rules, ratio=RATIO):
        self.nseats = rules.players
        self.basra = 4 * rules.basra_points
        self.ratio = ratio
        self.weight = bytearray(52 * 4)
        self.floor = bytearray(52)  # the floor a play was made on
        self.out = bytearray(52)  # a play's bucket for each card (_NO_BUCKET: seen)
        self.memo_g = array("i", [0] * 13)  # a rank's best gain on the floor
        self.memo_f = bytearray(13)  # its flags (1 known, 2 basra, 4 sweep)
        self.active = False
        self.obs = None     # the log being read (begin, next): plays left, where, the seat
        self.left = 0
        self.at = 0
        self.seat = 0

    def update(self, obs, st, cursor):
        """The weights from obs's log (the deal's plays), computed on st (a
        State of obs's rules: the search's world, set up again after) with
        cursor (a Plays; slot 0)."""
        self.begin(obs)
        while not self.next(st, cursor):
            pass

    def begin(self, obs):
        """Start reading obs's log: the weights at ONE, then next() a play at
        a time (the search reads one a step: a deal's plays read at once held
        a board's loop past 100 ms)."""
        w = self.weight
        for i in range(208):
            w[i] = ONE
        self.active = False
        self.obs = obs
        self.left = obs.log_plies
        fl = self.floor
        where = obs.where
        for c in range(52):
            fl[c] = 1 if where[c] == _FLOOR else 0
        self.at = obs.log_n - 5
        self.seat = obs.to_move

    def next(self, st, cursor):
        """The log's next play (newest first) read into the weights, on st
        with cursor; True once every play is read."""
        if not self.left:
            return True
        self.left -= 1
        obs = self.obs
        fl = self.floor
        u = obs.log
        pts = st.points
        h = self.at
        seat = self.seat - 1 if self.seat else self.nseats - 1
        self.seat = seat
        k = u[h]
        card = u[h + 1]
        flags = u[h + 3]
        actual = 0
        if k == 0:
            fl[card] = 0
        else:
            actual = k + 1 + pts[card]
            for j in range(h - k, h):
                fl[u[j]] = 1
                actual += pts[u[j]]
            actual *= 4
            if flags & _F_BASRA:
                actual += self.basra
        if seat != obs.seat:
            out = self.out
            w = self.weight
            ratio = self.ratio
            self.ply(st, cursor, obs.dealer, seat, fl, obs.where, actual, k == 0, out)
            base = 52 * seat
            for c in range(52):
                b = out[c]
                if b != _NO_BUCKET:
                    x = w[base + c] * ratio[b] >> 4
                    w[base + c] = 1 if x < 1 else (_MAX if x > _MAX else x)
                    if x != ONE:
                        self.active = True
        self.at = h - (k + 5)
        return not self.left

    def ply(self, st, cursor, dealer, seat, fl, where, actual, laid, out):
        """out[c]: the bucket of each card c unseen (where[c] == UNSEEN;
        _NO_BUCKET for the others) for a play of seat's that gained actual
        (laid: a lay-down) on the floor fl marks (fl[c] 1: on the floor).
        st is set up with that floor (and left so, its hands empty)."""
        st.clear(dealer)
        fn = 0
        for c in range(52):
            if fl[c]:
                st.lay(c)
                fn += 1
        st.to_move = seat
        side = seat % st.nsides
        memo_f = self.memo_f
        memo_g = self.memo_g
        for r in range(13):
            memo_f[r] = 0
        base = 6 * seat
        for c in range(52):
            if where[c] != _UNSEEN or fl[c]:
                out[c] = _NO_BUCKET
                continue
            r = c >> 2
            special = c == _TWO_CLUBS or c == _SEVEN_D or c == _TEN_D
            f = memo_f[r]
            if special or not f:
                # the card's plays on that floor: the best gain
                st.hand[base] = c
                st.loc[c] = _HAND + seat
                st.hand_n[seat] = 1
                cursor.start(st, -1, False, 0)
                g = 0
                f = 1
                while cursor.next(0):
                    fl_ = cursor.word >> 8
                    if fl_ & _F_LAY:
                        continue
                    st.apply(cursor.word, cursor.take)
                    v = 4 * (st.pile_n[side] + st.pile_points[side]) + self.basra * st.basras[side]
                    st.undo_play()
                    if fl_ & _F_SWEEP:
                        f |= 4
                    if v > g:
                        g = v
                        if fl_ & _F_BASRA:
                            f |= 2
                st.hand_n[seat] = 0
                st.loc[c] = 0
                if not special:
                    memo_f[r] = f
                    memo_g[r] = g
            else:
                g = memo_g[r]
            if fn == 0:
                f = 4 if r == _JACK or c == _SEVEN_D else 0
            out[c] = bucket(g, f & 2, f & 4, actual, laid, fn == 0)
        return out
