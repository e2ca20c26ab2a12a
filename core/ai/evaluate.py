"""Evaluation of a position for one side, in quarter points (small ints).

``final`` is exact at the end of a hand (leftover, majority and carry
included). ``static`` estimates a hand in progress: points already taken,
the card lead toward the majority, and Jacks and the 7 of diamonds still in
hand (they will sweep a floor later). ``threat`` is the basra or sweep the
seat to move makes at once with the hand it holds (a search's leaf; with
four players an opponent's only). What the next player can do to the
floor a play leaves is the one-play levels' (core/ai/onestep.py
``danger``).

A level's leaf constants (``leaf``): the card of lead, the sweeper in hand,
the threat's scale and CLEAR, the weight given to the chance that an
opponent's hand, drawn from the cards the side cannot see, clears the
floor, beside the take its sampled hand holds. The expert's and master's
were tuned by self-play over duplicate deals (tools/tune.py,
docs/tune_log.md); the other levels keep the constants they were made with.
"""
from array import array

from core import rules as R
from core.compat import const
from core.plays import basra_allowed, jack_is_basra, seven_is_basra, seven_sweeps
from core.scoring import score
from core.sums import covers

Q = const(4)  # units per point
# a level's leaf constants (Evaluator.leaf): a card of lead toward the
# majority (quarter points: about a point), a Jack or the 7 of diamonds in a
# hand (a floor it will sweep), the threat's scale and CLEAR (sixteenths)
PLAIN = (4, 10, 16, 0)  # the one-play levels and hard, as they were made
TUNED = (4, 12, 18, 2)  # expert and master: tools/tune.py's run, docs/tune_log.md
# other modules' constants, as consts here: no module look-up at a leaf
_HAND = const(2)  # core/state.py HAND: where a card in seat s's hand is, HAND + s
_FLOOR = const(1)  # core/state.py FLOOR
_NOBODY = const(255)  # core/state.py NOBODY
_SEVEN_D = const(25)  # core/cards.py SEVEN_DIAMONDS
_JACK = const(10)  # core/cards.py JACK, QUEEN, KING (ranks)
_QUEEN = const(11)
_KING = const(12)
_JACKS = const(40)  # the first Jack (JACK << RANK_SHIFT): the Jacks are 40..43
_STOCK = const(0)  # core/state.py STOCK
_WHOLE = const(1024)  # chance_of_any's certainty


def chance_of_any(k, unseen, hand):
    """Chance (of 1024) that a hand of `hand` cards drawn from `unseen` holds
    at least one of k given cards."""
    if k <= 0 or hand <= 0 or unseen <= 0:
        return 0
    q = _WHOLE
    for i in range(hand):
        if unseen - i <= 0:
            break
        q = q * (unseen - k - i) // (unseen - i)
        if q <= 0:
            return _WHOLE
    return _WHOLE - q


class Evaluator:
    def __init__(self, rules):
        self.rules = rules
        self.nsides = rules.sides
        self.basra = rules.basra_points * Q
        self.majority = rules.majority_points * Q
        self.seven_special = rules.seven != R.SEVEN_PLAIN
        self.cards = bytearray(4)
        self.cpoints = bytearray(4)
        self.points = array("i", [0] * 4)
        self.leaf = PLAIN  # a level's leaf constants (its Player sets them)

    def final(self, st, side, carry):
        """Exact margin when the hand is over (every hand empty, no stock):
        the leftover to the last capturer, then the hand scored by the rules."""
        cards = self.cards
        cpoints = self.cpoints
        pts = self.points
        for s in range(self.nsides):
            cards[s] = st.pile_n[s]
            cpoints[s] = st.pile_points[s]
        lc = st.last_capturer
        if lc != _NOBODY and not st.rules.leftover and st.floor_n:
            lside = lc % self.nsides
            cards[lside] += st.floor_n
            for c in range(52):
                if st.loc[c] == _FLOOR:
                    cpoints[lside] += st.points[c]
        score(self.rules, self.nsides, cards, cpoints, st.basras, carry, pts)
        # the side's points against the others' (their mean, times sides - 1)
        total = 0
        for s in range(self.nsides):
            pts[s] *= Q
            total += pts[s]
        return self.nsides * pts[side] - total

    def static(self, st, side, carry):
        """Estimated margin of a hand in progress."""
        nsides = self.nsides
        half = 26 if nsides == 2 else 52
        card, sweeper, _, _ = self.leaf
        total = 0
        mine = 0
        for s in range(nsides):
            n = st.pile_n[s]
            p = st.pile_points[s] * Q + st.basras[s] * self.basra
            if n > half:
                p += self.majority + carry * Q + 26 * card
            else:
                p += n * card
            total += p
            if s == side:
                mine = p
        # the Jacks and the 7D in hands, found where they are
        loc = st.loc
        for c in range(_JACKS, _JACKS + 5 if self.seven_special else _JACKS + 4):
            w = loc[c if c < _JACKS + 4 else _SEVEN_D] - _HAND
            if not w & -4:  # 0 <= w < 4: in a hand
                total += sweeper
                if w % nsides == side:
                    mine += sweeper
        return nsides * mine - total

    def threat(self, st, side, chance=0):
        """What the seat to move can take from the floor at once with the
        hand it holds (a leaf of the search, where the hands are dealt): a
        basra (a card clearing the floor, where the rules allow one), a
        Jack's sweep or the 7 of diamonds' (a basra when the rules say so),
        for side or against it. With four players only the opponents'
        takes count: a partner's take would be answered in the search by an
        opponent that saw the partner's sampled hand (docs/ai.md). An
        opponent's take is blended with chance (``chance``: what its hand,
        drawn from the cards side cannot see, would take; CLEAR sixteenths
        of the one, the rest of the other); the whole is scaled by the
        level's scale. (The search calls the two one after the other, not
        one inside the other: a board's pystack is 2 KB.)"""
        fn = st.floor_n
        seat = st.to_move
        if fn == 0 or st.nseats == 4 and seat % self.nsides == side:
            return 0
        fr = st.floor_rank
        faces = fr[_JACK] + fr[_QUEEN] + fr[_KING]
        base = 6 * seat
        whole = (fn + 1) * Q
        best = 0
        hand = st.hand
        for i in range(base, base + st.hand_n[seat]):
            c = hand[i]
            r = c >> 2
            if r == _JACK:
                g = whole + self.basra if jack_is_basra(st) else whole
            elif c == _SEVEN_D and seven_sweeps(st):
                g = whole + self.basra if seven_is_basra(st) else whole
            elif r > _JACK:
                g = 0
                if fr[r] == fn:
                    g = whole + self.basra if basra_allowed(st, fn, 0) else whole
            elif faces == 0 and st.floor_sum % (r + 1) == 0 and covers(fr, r + 1):
                g = whole + self.basra if basra_allowed(st, fn, r + 1) else whole
            else:
                g = 0
            if g > best:
                best = g
        _, _, scale, clear = self.leaf
        if seat % self.nsides == side:
            return best * scale // 16
        t = -best
        if clear:
            t = (t * (16 - clear) - clear * chance) // 16
        return t * scale // 16

    def chance(self, st, side):
        """The expected basra or sweep of the opponent to move: for each
        rank that clears the floor (a Jack sweeps it), the chance that its
        hand, drawn from the cards side cannot see (the stock and the other
        sides' hands), holds one, times the take; the most of those. 0
        where threat does not take it: CLEAR 0, an empty floor, side to
        move."""
        nsides = self.nsides
        if not self.leaf[3] or not st.floor_n or st.to_move % nsides == side:
            return 0
        hand_n = st.hand_n
        hidden = 52 - st.stock_pos
        for s in range(st.nseats):
            if s % nsides != side:
                hidden += hand_n[s]
        fn = st.floor_n
        fr = st.floor_rank
        faces = fr[_JACK] + fr[_QUEEN] + fr[_KING]
        whole = (fn + 1) * Q
        loc = st.loc
        worst = 0
        for r in range(_KING + 1):
            if r == _JACK:
                g = whole
            elif r > _JACK:  # a Queen or King clears a floor of its rank alone
                if fr[r] != fn or not basra_allowed(st, fn, 0):
                    continue
                g = whole + self.basra
            elif faces or st.floor_sum % (r + 1) or not covers(fr, r + 1):
                continue
            else:
                g = whole + self.basra if basra_allowed(st, fn, r + 1) else whole
            k = 0  # the cards of rank r in the stock or another side's hand
            for c in range(4 * r, 4 * r + 4):
                w = loc[c] - _HAND
                if w == _STOCK - _HAND or not w & -4 and w % nsides != side:
                    k += 1
            risk = chance_of_any(k, hidden, hand_n[st.to_move]) * g // _WHOLE
            if risk > worst:
                worst = risk
        return worst
