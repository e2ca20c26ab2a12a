"""The state of one hand of Basra and its move loop.

Everything lives in buffers allocated once in ``State.__init__``. Generating
the legal plays, applying and undoing a play, dealing and scoring write into
those buffers and allocate nothing (proved on the MicroPython VM by
tests/test_mp_alloc.py).

Where a card is: ``loc[card]`` is STOCK, FLOOR, HAND + seat, PILE + side or
GONE. The floor is also kept as counts per rank, and the numeric total of its
number cards, so that play generation never scans the deck.

A play is two ints in an ``array('i')``:
- ``word = card | flags << 8`` with the flags below;
- ``take``: for a number card, the values taken, packed 3 bits a value (see
  core/sums.py), the 2 of clubs and 10 of diamonds among them when TAKES_2C /
  TAKES_10D are set; for a Queen or King, how many of its rank it takes; for a
  sweep or a lay-down, 0.
Which cards of a value a play takes: the specials as its flags say, then the
others in suit order. ``apply_cards`` takes any other choice (the referee).
"""
from array import array

from core import cards as C
from core import rules as R
from core.compat import const
from core.scoring import card_points, score
from core.sums import SumFinder, slot

# play flags
LAY = const(1)  # laid down, takes nothing
SWEEP = const(2)  # a Jack or the 7 of diamonds taking the whole floor
BASRA = const(4)
TAKES_2C = const(8)
TAKES_10D = const(16)

# where a card is
STOCK = const(0)
FLOOR = const(1)
HAND = const(2)  # + seat (0..3)
PILE = const(6)  # + side (0..3)
GONE = const(10)  # leftover set aside (house rule)

NOBODY = const(255)
_SUMS = SumFinder()
SCRATCH = const(96)  # distinct takes (by value) of one card, at most
_SUM_CODE = array("i", [0] * SCRATCH)
_SUM_N = bytearray(SCRATCH)
MAX_PLIES = const(52)  # plays in one hand, at most


class State:
    """One hand: hands, floor, stock, piles, whose turn; apply and undo in place."""

    def __init__(self, rules):
        r = rules
        self.rules = r
        self.nseats = r.players
        self.nsides = r.sides
        self.hand_size = r.hand_size
        self.capture = r.capture
        self.lay_down = r.lay_down
        self.jack_basra = r.jack_basra
        self.seven = r.seven
        self.seven_max = r.seven_max
        self.basra_limit = r.basra_limit
        self.points = card_points(r, bytearray(52))  # each card's points

        self.loc = bytearray(52)
        self.arrival = bytearray(52)  # when each floor card was laid (display order)
        self.clock = 0
        self.hand = bytearray(self.nseats * 6)  # seat s holds hand[6*s : 6*s + hand_n[s]]
        self.hand_n = bytearray(self.nseats)
        self.stock = bytearray(52)
        self.stock_pos = 0  # next card to deal
        self.floor_n = 0
        self.floor_rank = bytearray(13)  # floor cards per rank
        self.floor_sum = 0  # total value of the floor's number cards
        self.pile_n = bytearray(4)  # cards captured per side
        self.pile_points = bytearray(4)  # card points captured per side
        self.basras = bytearray(4)
        self.dealer = 0
        self.to_move = 0
        self.last_capturer = NOBODY
        self.plies = 0
        # undo stack: each ply pushes its taken cards, then a 5-byte header
        self.undo = bytearray(52 + 5 * MAX_PLIES)
        self.undo_top = 0
        # scratch for one card's takes, shared by every State: gen() is never
        # re-entered, and a device holds a State for the game and one for the AI
        self.sums = _SUMS
        self.sum_code = _SUM_CODE
        self.sum_n = _SUM_N
        self.overflow = False  # a gen() that reached its cap

    # -- setting up a hand ------------------------------------------------

    def clear(self, dealer):
        """Empty table: every card in the stock, nothing dealt."""
        for c in range(52):
            self.loc[c] = STOCK
        for s in range(self.nseats):
            self.hand_n[s] = 0
        for k in range(13):
            self.floor_rank[k] = 0
        for s in range(4):
            self.pile_n[s] = 0
            self.pile_points[s] = 0
            self.basras[s] = 0
        self.floor_n = 0
        self.floor_sum = 0
        self.stock_pos = 0
        self.dealer = dealer
        self.to_move = (dealer + 1) % self.nseats
        self.last_capturer = NOBODY
        self.plies = 0
        self.undo_top = 0
        self.clock = 0

    def new_hand(self, dealer, prng):
        """Shuffle, deal the first round and the floor.

        Jacks and the 7 of diamonds drawn for the first floor go back into the
        stock at a random place below the top, and the next card replaces them.
        """
        self.clear(dealer)
        stock = self.stock
        for c in range(52):
            stock[c] = c
        prng.shuffle(stock, 52)
        self.deal()
        laid = 0
        pos = self.stock_pos
        while laid < 4:
            c = stock[pos]
            if (c >> 2) == C.JACK or c == C.SEVEN_DIAMONDS:
                j = pos + 1 + prng.below(51 - pos)
                k = pos
                while k < j:
                    stock[k] = stock[k + 1]
                    k += 1
                stock[j] = c
                continue
            self._to_floor(c)
            pos += 1
            laid += 1
        self.stock_pos = pos

    def deal(self):
        """Deal hand_size cards to every seat from the stock, the leader first."""
        n = self.nseats
        seat = (self.dealer + 1) % n
        for _ in range(n):
            base = 6 * seat
            for i in range(self.hand_size):
                c = self.stock[self.stock_pos]
                self.stock_pos += 1
                self.hand[base + i] = c
                self.loc[c] = HAND + seat
            self.hand_n[seat] = self.hand_size
            seat += 1
            if seat == n:
                seat = 0

    def undeal(self):
        """Undo the last deal (the hands must be full, as dealt)."""
        for s in range(self.nseats):
            base = 6 * s
            for i in range(self.hand_n[s]):
                self.loc[self.hand[base + i]] = STOCK
            self.hand_n[s] = 0
        self.stock_pos -= self.nseats * self.hand_size

    def hands_empty(self):
        for s in range(self.nseats):
            if self.hand_n[s]:
                return False
        return True

    def stock_left(self):
        return 52 - self.stock_pos

    def hand_over(self):
        return self.stock_pos == 52 and self.hands_empty()

    def side_of(self, seat):
        return seat % self.nsides

    # -- the floor ----------------------------------------------------------

    def lay(self, c):
        """Put card c face up on the floor (setting up a position or a replay)."""
        self._to_floor(c)

    def _to_floor(self, c):
        self.loc[c] = FLOOR
        self.clock += 1
        self.arrival[c] = self.clock
        self.floor_n += 1
        rk = c >> 2
        self.floor_rank[rk] += 1
        if rk < C.JACK:
            self.floor_sum += rk + 1

    def _off_floor(self, c, where):
        self.loc[c] = where
        self.floor_n -= 1
        rk = c >> 2
        self.floor_rank[rk] -= 1
        if rk < C.JACK:
            self.floor_sum -= rk + 1

    def _faces_on_floor(self):
        fr = self.floor_rank
        return fr[C.JACK] + fr[C.QUEEN] + fr[C.KING]

    # -- legal plays --------------------------------------------------------

    def gen(self, buf, base, cap):
        """Write the legal plays of the seat to move into buf[base:], 2 ints each.

        Returns the number of plays (at most cap; ``overflow`` is set when
        more existed). One play per (hand card, take) at the level of values:
        which suit of a value is taken is the referee's concern.
        """
        seat = self.to_move
        hbase = 6 * seat
        n = 0
        self.overflow = False
        for i in range(self.hand_n[seat]):
            card = self.hand[hbase + i]
            n = self._gen_card(card, buf, base, n, cap)
        return n

    def _put(self, buf, base, n, cap, word, take):
        if n >= cap:
            self.overflow = True
            return n
        k = base + 2 * n
        buf[k] = word
        buf[k + 1] = take
        return n + 1

    def _gen_card(self, card, buf, base, n, cap):
        fn = self.floor_n
        if fn == 0:
            return self._put(buf, base, n, cap, card | LAY << 8, 0)
        rk = card >> 2
        start = n
        if rk == C.JACK:
            flags = SWEEP
            if self._jack_is_basra():
                flags |= BASRA
            n = self._put(buf, base, n, cap, card | flags << 8, 0)
        elif card == C.SEVEN_DIAMONDS and self.seven != R.SEVEN_PLAIN and (
            self.seven != R.SEVEN_SMALL_FLOOR or self.floor_sum <= self.seven_max
        ):
            flags = SWEEP
            if self._seven_is_basra():
                flags |= BASRA
            n = self._put(buf, base, n, cap, card | flags << 8, 0)
        elif rk > C.JACK:
            k = self.floor_rank[rk]
            if k:
                low = k if self.capture == R.CAPTURE_MAXIMAL else 1
                while k >= low:
                    flags = BASRA if k == fn and self._basra_allowed(k, 0) else 0
                    n = self._put(buf, base, n, cap, card | flags << 8, k)
                    k -= 1
        else:
            n = self._gen_sums(card, rk + 1, buf, base, n, cap)
        if n == start or self.lay_down:
            n = self._put(buf, base, n, cap, card | LAY << 8, 0)
        return n

    def _gen_sums(self, card, v, buf, base, n, cap):
        # the distinct takes by value, each then written as its variants with
        # and without the 2C / 10D
        sums = self.sums
        found = sums.find(self.floor_rank, v, self.capture == R.CAPTURE_MAXIMAL,
                          self.sum_code, self.sum_n, 0, SCRATCH)
        if sums.overflow:
            self.overflow = True
        fn = self.floor_n
        two_c = self.loc[C.TWO_CLUBS] == FLOOR and v >= 2
        ten_d = self.loc[C.TEN_DIAMONDS] == FLOOR and v == 10
        for k in range(found):
            code = self.sum_code[k]
            taken = self.sum_n[k]
            flags = 0
            if taken == fn and self._basra_allowed(taken, v):
                flags = BASRA
            c2 = slot(code, 2)
            c10 = slot(code, 10)
            # variants: with the special card (when taken at all) and without
            # (when enough plain cards of that value lie on the floor)
            lo2 = 1 if two_c and c2 else 0
            hi2 = 1 if two_c and c2 == self.floor_rank[1] else 0
            lo10 = 1 if ten_d and c10 else 0
            hi10 = 1 if ten_d and c10 == self.floor_rank[9] else 0
            # with2 in {hi2 .. lo2}: 1 means the 2C is taken
            w2 = lo2
            while w2 >= hi2:
                w10 = lo10
                while w10 >= hi10:
                    f = flags
                    if w2:
                        f |= TAKES_2C
                    if w10:
                        f |= TAKES_10D
                    n = self._put(buf, base, n, cap, card | f << 8, code)
                    w10 -= 1
                w2 -= 1
        return n

    def _basra_allowed(self, taken, v):
        """A capture of the whole floor (taken cards, by a card of value v) is a basra."""
        if self.basra_limit == R.BASRA_ANY:
            return True
        # Lebanese: a lone card matched, or two lone cards by the sum of their values
        return taken == 1 or (taken == 2 and v and self.floor_sum == v)

    def _jack_is_basra(self):
        mode = self.jack_basra
        fn = self.floor_n
        if mode == R.JACK_BASRA_ONE:
            return fn == 1
        if mode == R.JACK_BASRA_TWO:
            return fn == 1 or fn == 2
        if mode == R.JACK_BASRA_LONE_JACK:
            return fn == 1 and self.floor_rank[C.JACK] == 1
        return False

    def _seven_is_basra(self):
        mode = self.seven
        if mode == R.SEVEN_SMALL_FLOOR:
            return True  # it sweeps only when the floor is small enough
        faces = self._faces_on_floor()
        if mode == R.SEVEN_SWEEP:
            return faces == 0 and self.floor_sum <= self.seven_max
        # wildcard: a basra when some card could have cleared this floor as one
        fr = self.floor_rank
        fn = self.floor_n
        if faces:
            return fr[C.QUEEN] == fn or fr[C.KING] == fn or (fn == 1 and fr[C.JACK] == 1)
        for v in range(1, 11):
            if self.sums.covers(fr, v):
                return True
        return False

    # -- applying and undoing ------------------------------------------------

    def apply(self, word, take):
        """Play a generated play for the seat to move."""
        u = self.undo
        top = self.undo_top
        card = word & 63
        flags = word >> 8
        n = 0
        if flags & SWEEP:
            for c in range(52):
                if self.loc[c] == FLOOR:
                    u[top + n] = c
                    n += 1
        elif not flags & LAY:
            rk = card >> 2
            if rk > C.JACK:
                n = self._pick(rk, take, NOBODY, top, n)
            else:
                v = 1
                while take:
                    k = take & 7
                    if k:
                        # the 2C / 10D is taken only when the flags say so;
                        # the other cards of its value are picked without it
                        special = C.TWO_CLUBS if v == 2 else (C.TEN_DIAMONDS if v == 10 else NOBODY)
                        if special != NOBODY and self.loc[special] == FLOOR:
                            if flags & (TAKES_2C if v == 2 else TAKES_10D):
                                u[top + n] = special
                                n += 1
                                k -= 1
                        n = self._pick(v - 1, k, special, top, n)
                    take >>= 3
                    v += 1
        self._commit(card, flags, n)

    def _pick(self, rk, k, special, top, n):
        # the first k floor cards of rank rk in suit order, leaving out the
        # card special (the 2C or 10D, placed by apply() itself)
        c = rk * 4
        end = c + 4
        u = self.undo
        while k and c < end:
            if self.loc[c] == FLOOR and c != special:
                u[top + n] = c
                n += 1
                k -= 1
            c += 1
        return n

    def preview(self, word, take, out):
        """The floor cards a generated play would take, into the bytearray
        out; returns how many. Nothing changes (used to highlight them)."""
        self.apply(word, take)
        h = self.undo_top - 5
        n = self.undo[h]
        for i in range(n):
            out[i] = self.undo[h - n + i]
        self.undo_play()
        return n

    def apply_cards(self, card, taken, flags):
        """Play card taking exactly the cards in the list taken (the referee's path)."""
        top = self.undo_top
        for i in range(len(taken)):
            self.undo[top + i] = taken[i]
        self._commit(card, flags, len(taken))

    def _commit(self, card, flags, n):
        # taken cards are undo[top : top + n]; push the header after them
        seat = self.to_move
        hbase = 6 * seat
        hn = self.hand_n[seat]
        i = 0
        while self.hand[hbase + i] != card:
            i += 1
        slot_i = i
        while i < hn - 1:
            self.hand[hbase + i] = self.hand[hbase + i + 1]
            i += 1
        self.hand_n[seat] = hn - 1
        u = self.undo
        top = self.undo_top
        h = top + n
        u[h] = n
        u[h + 1] = card
        u[h + 2] = slot_i
        u[h + 3] = flags & (BASRA | LAY | SWEEP)
        u[h + 4] = self.last_capturer
        self.undo_top = h + 5
        if n == 0:
            self._to_floor(card)
        else:
            side = seat % self.nsides
            where = PILE + side
            pts = self.points[card]
            for j in range(top, h):
                c = u[j]
                self._off_floor(c, where)
                pts += self.points[c]
            self.loc[card] = where
            self.pile_n[side] += n + 1
            self.pile_points[side] += pts
            if flags & BASRA:
                self.basras[side] += 1
            self.last_capturer = seat
        self.plies += 1
        seat += 1
        self.to_move = 0 if seat == self.nseats else seat

    def undo_play(self):
        """Take back the last play."""
        u = self.undo
        h = self.undo_top - 5
        n = u[h]
        card = u[h + 1]
        slot_i = u[h + 2]
        flags = u[h + 3]
        seat = self.to_move - 1
        if seat < 0:
            seat = self.nseats - 1
        self.to_move = seat
        self.plies -= 1
        if n == 0:
            # the card was laid down: it is the floor's newest card
            self._off_floor(card, HAND + seat)
            self.clock -= 1
        else:
            side = seat % self.nsides
            pts = self.points[card]
            top = h - n
            for j in range(top, h):
                c = u[j]
                self.loc[c] = FLOOR
                self.floor_n += 1
                rk = c >> 2
                self.floor_rank[rk] += 1
                if rk < C.JACK:
                    self.floor_sum += rk + 1
                pts += self.points[c]
            self.pile_n[side] -= n + 1
            self.pile_points[side] -= pts
            if flags & BASRA:
                self.basras[side] -= 1
            self.last_capturer = u[h + 4]
        self.loc[card] = HAND + seat
        hbase = 6 * seat
        i = self.hand_n[seat]
        while i > slot_i:
            self.hand[hbase + i] = self.hand[hbase + i - 1]
            i -= 1
        self.hand[hbase + slot_i] = card
        self.hand_n[seat] += 1
        self.undo_top = h - n

    # -- the end of the hand ------------------------------------------------

    def score(self, carry, out):
        """Points of each side for this hand as it stands (call after
        take_leftover for the final count) into out; returns the new carry."""
        return score(self.rules, self.nsides, self.pile_n, self.pile_points,
                     self.basras, carry, out)

    def place(self, seat, hand, floor):
        """Set up a position: seat to move holds hand, the floor holds floor
        (lists of card ints); every other card is in the stock, none dealt."""
        self.clear((seat - 1) % self.nseats)
        base = 6 * seat
        for i in range(len(hand)):
            self.hand[base + i] = hand[i]
            self.loc[hand[i]] = HAND + seat
        self.hand_n[seat] = len(hand)
        for c in floor:
            self._to_floor(c)
        self.stock_pos = 52

    def floor_cards(self, out):
        """The floor cards in the order they were laid, into the list out."""
        for c in range(52):
            if self.loc[c] == FLOOR:
                out.append(c)
        out.sort(key=self._arrival_key)
        return out

    def _arrival_key(self, c):
        return self.arrival[c]

    def hand_cards(self, seat):
        base = 6 * seat
        return [self.hand[base + i] for i in range(self.hand_n[seat])]

    def take_leftover(self):
        """Give the floor left after the last play to the last capturer's side
        (or set it aside under LEFTOVER_NOBODY). Returns the side, or NOBODY."""
        lc = self.last_capturer
        if lc == NOBODY or self.rules.leftover == R.LEFTOVER_NOBODY:
            side = NOBODY
            where = GONE
        else:
            side = lc % self.nsides
            where = PILE + side
        if self.floor_n == 0:
            return side
        for c in range(52):
            if self.loc[c] == FLOOR:
                self._off_floor(c, where)
                if side != NOBODY:
                    self.pile_n[side] += 1
                    self.pile_points[side] += self.points[c]
        return side

