"""The state of one hand of Basra and its move loop.

Everything lives in buffers allocated once in ``State.__init__``. Applying
and undoing a play, dealing and scoring write into those buffers and
allocate nothing (proved on the MicroPython VM by tests/test_mp_core.py);
the legal plays are listed one at a time by core/plays.py.

Where a card is: ``loc[card]`` is STOCK, FLOOR, HAND + seat, PILE + side or
GONE. The floor is also kept as counts per rank, and the numeric total of its
number cards, so that listing the plays never scans the deck.

A play is two ints in an ``array('i')``:
- ``word = card | flags << _FLAGS_SHIFT`` with the flags below: ``word &
  _CARD_MASK`` is the card, ``word >> _FLAGS_SHIFT`` the flags (play_card()
  and play_flags() where speed does not matter);
- ``take``: for a number card, the values taken, packed 3 bits a value (see
  core/sums.py), the 2 of clubs and 10 of diamonds among them when TAKES_2C /
  TAKES_10D are set; for a Queen or King, how many of its rank it takes; for a
  sweep or a lay-down, 0.
Which cards of a value a play takes: the specials as its flags say, then the
others in suit order. ``apply_cards`` takes any other choice (the referee).
"""
from core import rules as R
from core.compat import const
from core.scoring import card_points, score

# core/cards.py's, as consts here: no module look-up in apply and undo
_RANK_SHIFT = const(2)  # RANK_SHIFT
_JACK = const(10)  # JACK (the rank)
_TWO_CLUBS = const(4)  # TWO_CLUBS
_SEVEN_DIAMONDS = const(25)  # SEVEN_DIAMONDS
_TEN_DIAMONDS = const(37)  # TEN_DIAMONDS

# the play word
_CARD_MASK = const(63)  # word & _CARD_MASK: the card played
_FLAGS_SHIFT = const(8)  # word >> _FLAGS_SHIFT: its flags

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

HAND_STRIDE = const(6)  # seat s holds hand[HAND_STRIDE * s:][:hand_n[s]] (rules: 6 cards at most)

NOBODY = const(255)
_MAX_PLIES = const(52)  # plays in one hand, at most


def play_card(word):
    """The card a play word plays."""
    return word & _CARD_MASK


def play_flags(word):
    """The flags of a play word (LAY, SWEEP, BASRA, TAKES_2C, TAKES_10D)."""
    return word >> _FLAGS_SHIFT


class State:
    """One hand: hands, floor, stock, piles, whose turn; apply and undo in place."""

    def __init__(self, rules, plies=_MAX_PLIES):
        """plies: the most plays applied and not undone at once (a search's
        world: its depth; a hand: _MAX_PLIES)."""
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
        self.hand = bytearray(self.nseats * HAND_STRIDE)
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
        self.undo = bytearray(52 + 5 * plies)
        self.undo_top = 0

    # -- setting up a hand ------------------------------------------------

    def clear(self, dealer):
        """Empty table: every card in the stock, nothing dealt."""
        loc = self.loc
        for c in range(52):
            loc[c] = STOCK
        for s in range(self.nseats):
            self.hand_n[s] = 0
        fr = self.floor_rank
        for k in range(13):
            fr[k] = 0
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
            if (c >> _RANK_SHIFT) == _JACK or c == _SEVEN_DIAMONDS:
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
            base = HAND_STRIDE * seat
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
            base = HAND_STRIDE * s
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

    def plays_left(self):
        """The plays still to come in the hand: the cards in hands and stock."""
        n = 52 - self.stock_pos
        for k in self.hand_n:
            n += k
        return n

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
        rk = c >> _RANK_SHIFT
        self.floor_rank[rk] += 1
        if rk < _JACK:
            self.floor_sum += rk + 1

    def _off_floor(self, c, where):
        self.loc[c] = where
        self.floor_n -= 1
        rk = c >> _RANK_SHIFT
        self.floor_rank[rk] -= 1
        if rk < _JACK:
            self.floor_sum -= rk + 1

    # -- applying and undoing ------------------------------------------------

    def apply(self, word, take):
        """Play a generated play for the seat to move."""
        u = self.undo
        top = self.undo_top
        loc = self.loc
        card = word & _CARD_MASK
        flags = word >> _FLAGS_SHIFT
        n = top  # the next taken card's place in u
        if flags & SWEEP:
            for c in range(52):
                if loc[c] == FLOOR:
                    u[n] = c
                    n += 1
        elif not flags & LAY:
            # take: counts of ranks packed 3 bits a rank from rank rk (a
            # number card: from the Ace; a face card: its own, one field)
            rk = card >> _RANK_SHIFT
            if rk < _JACK:
                rk = 0
            while take:
                k = take & 7
                if k:
                    # the 2C / 10D is taken only when the flags say so;
                    # the other cards of its value are picked without it
                    special = NOBODY
                    if rk == 1 or rk == 9:
                        special = _TWO_CLUBS if rk == 1 else _TEN_DIAMONDS
                        if loc[special] == FLOOR and flags & (TAKES_2C if rk == 1 else TAKES_10D):
                            u[n] = special
                            n += 1
                            k -= 1
                    # the first k floor cards of the rank in suit order (a
                    # generated play: they are there)
                    c = rk << _RANK_SHIFT
                    while k:
                        if loc[c] == FLOOR and c != special:
                            u[n] = c
                            n += 1
                            k -= 1
                        c += 1
                take >>= 3
                rk += 1
        self._commit(card, flags, n - top)

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
        hand = self.hand
        hbase = HAND_STRIDE * seat
        hn = self.hand_n[seat] - 1
        i = hbase
        while hand[i] != card:
            i += 1
        slot_i = i - hbase
        end = hbase + hn
        while i < end:
            hand[i] = hand[i + 1]
            i += 1
        self.hand_n[seat] = hn
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
            loc = self.loc
            fr = self.floor_rank
            points = self.points
            pts = points[card]
            fs = 0
            for j in range(top, h):
                c = u[j]
                loc[c] = where
                rk = c >> _RANK_SHIFT
                fr[rk] -= 1
                if rk < _JACK:
                    fs += rk + 1
                pts += points[c]
            self.floor_n -= n
            self.floor_sum -= fs
            loc[card] = where
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
            loc = self.loc
            fr = self.floor_rank
            points = self.points
            pts = points[card]
            fs = 0
            top = h - n
            for j in range(top, h):
                c = u[j]
                loc[c] = FLOOR
                rk = c >> _RANK_SHIFT
                fr[rk] += 1
                if rk < _JACK:
                    fs += rk + 1
                pts += points[c]
            self.floor_n += n
            self.floor_sum += fs
            self.pile_n[side] -= n + 1
            self.pile_points[side] -= pts
            if u[h + 3] & BASRA:
                self.basras[side] -= 1
            self.last_capturer = u[h + 4]
            loc[card] = HAND + seat
        hand = self.hand
        hbase = HAND_STRIDE * seat
        i = hbase + self.hand_n[seat]
        slot_i = hbase + u[h + 2]
        while i > slot_i:
            hand[i] = hand[i - 1]
            i -= 1
        hand[slot_i] = card
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
        base = HAND_STRIDE * seat
        for i in range(len(hand)):
            self.hand[base + i] = hand[i]
            self.loc[hand[i]] = HAND + seat
        self.hand_n[seat] = len(hand)
        for c in floor:
            self._to_floor(c)
        self.stock_pos = 52

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

