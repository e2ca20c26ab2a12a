"""What one seat knows: everything but the other hands and the stock.

An Observation is filled from a State by ``observe`` (the device, the arena)
or from a referee view by ``from_view`` (other people's games). Nothing in
it tells where an unseen card is: the AI cannot peek, by construction.

It also reads the table (``declined``): for each other seat and rank, how
many of its plays since the last deal a card of that rank would have
beaten: a capture where it laid a card down, a basra where it took less.
Those plays were made in front of everyone; a seat that declined a rank
probably holds none (core/ai/world.py weighs the worlds by it).
"""
from core import cards as C
from core.sums import covers, group_fits
from core.state import BASRA, FLOOR, HAND, PILE, STOCK

UNSEEN = STOCK  # another player's hand or the stock: the seat cannot tell
_NOTHING = bytearray(13)  # group_fits(): no card taken yet


class Observation:
    def __init__(self, rules):
        self.rules = rules
        self.nseats = rules.players
        self.nsides = rules.sides
        self.seat = 0
        self.where = bytearray(52)  # FLOOR, HAND + seat (own), PILE + side, GONE or UNSEEN
        self.hand = bytearray(6)  # own hand, in order
        self.hand_len = 0
        self.hand_n = bytearray(4)  # every seat's hand size
        self.stock_left = 0
        self.dealer = 0
        self.last_capturer = 255
        self.pile_n = bytearray(4)
        self.pile_points = bytearray(4)
        self.basras = bytearray(4)
        self.carry = 0
        self.cheat = None  # a State the oracle may copy (never set for an honest seat)
        # declined[13 * seat + rank]: plays of seat since the last deal that
        # a card of rank would have beaten (a capture, a basra)
        self.declined = bytearray(52)
        self.fr = bytearray(13)  # scratch: the floor per rank before a play

    def unseen(self):
        n = 0
        for c in range(52):
            if self.where[c] == UNSEEN:
                n += 1
        return n


def copy_piles(src, dst):
    """Cards, card points and basras per side, from a State or Observation to another."""
    for s in range(4):
        dst.pile_n[s] = src.pile_n[s]
        dst.pile_points[s] = src.pile_points[s]
        dst.basras[s] = src.basras[s]


def observe(state, seat, obs, cheat=False, carry=0):
    """Fill obs with what seat sees of state (cheat: the oracle sees everything)."""
    own = HAND + seat
    for c in range(52):
        w = state.loc[c]
        obs.where[c] = w if (w == own or w == FLOOR or w >= PILE) else UNSEEN
    obs.seat = seat
    base = 6 * seat
    n = state.hand_n[seat]
    for i in range(n):
        obs.hand[i] = state.hand[base + i]
    obs.hand_len = n
    for s in range(state.nseats):
        obs.hand_n[s] = state.hand_n[s]
    copy_piles(state, obs)
    obs.stock_left = 52 - state.stock_pos
    obs.dealer = state.dealer
    obs.last_capturer = state.last_capturer
    obs.carry = carry
    obs.cheat = state if cheat else None
    _read_plays(state, obs)
    return obs


def _read_plays(st, obs):
    # the plays since the last deal, newest first, from the State's undo
    # stack (core/state.py: each play's taken cards, then its 5-byte header
    # n, card, slot, flags, last capturer), the floor before each rebuilt
    d = obs.declined
    for i in range(52):
        d[i] = 0
    fr = obs.fr
    fn = st.floor_n
    for r in range(13):
        fr[r] = st.floor_rank[r]
    m = 0
    for s in range(st.nseats):
        m += st.hand_size - st.hand_n[s]
    if m > st.plies:
        m = st.plies
    u = st.undo
    h = st.undo_top - 5
    seat = st.to_move
    while m > 0 and h >= 0:
        m -= 1
        seat = seat - 1 if seat else st.nseats - 1
        n = u[h]
        card = u[h + 1]
        if n == 0:
            fr[card >> 2] -= 1
            fn -= 1
        else:
            for j in range(h - n, h):
                fr[u[j] >> 2] += 1
            fn += n
        if seat != obs.seat:
            _declined(obs, seat, fr, fn, n == 0, u[h + 3] & BASRA)
        h -= n + 5


def _declined(obs, seat, fr, fn, laid, basra):
    # count the ranks that would have beaten this play (a Jack aside: it
    # sweeps any floor, and is often kept for later on purpose)
    if fn == 0:
        return
    d = obs.declined
    base = 13 * seat
    faces = fr[C.JACK] + fr[C.QUEEN] + fr[C.KING]
    for r in range(13):
        if r == C.JACK:
            continue
        if r > C.JACK:
            hit = fr[r] > 0
            clears = fr[r] == fn
        else:
            hit = fr[r] > 0 or group_fits(fr, _NOTHING, r + 1)
            clears = faces == 0 and covers(fr, r + 1)
        if ((laid and hit) or (clears and not basra)) and d[base + r] < 15:
            d[base + r] += 1


def from_view(view, obs, points):
    """Fill obs from a referee view (card names). points: the rules' card points."""
    seat = view["seat"]
    nsides = obs.nsides
    for c in range(52):
        obs.where[c] = UNSEEN
    for s in range(4):
        obs.pile_n[s] = 0
        obs.pile_points[s] = 0
        obs.basras[s] = 0
    fr = obs.fr
    for r in range(13):
        fr[r] = 0
    for i in range(52):
        obs.declined[i] = 0
    fn = 0
    for c in C.parse_list(view["start_floor"]):
        obs.where[c] = FLOOR
        fr[c >> 2] += 1
        fn += 1
    last = 255
    history = view["history"]
    # the plays since the last deal: every hand was dealt full
    recent = len(history) - sum(obs.rules.hand_size - n for n in view["hand_sizes"])
    for k, p in enumerate(history):
        card = C.parse(p["card"])
        take = C.parse_list(p["take"])
        if k >= recent and p["seat"] != view["seat"]:
            _declined(obs, p["seat"], fr, fn, not take, BASRA if p["basra"] else 0)
        if not take:
            obs.where[card] = FLOOR
            fr[card >> 2] += 1
            fn += 1
            continue
        for c in take:
            fr[c >> 2] -= 1
        fn -= len(take)
        side = p["seat"] % nsides
        for c in take + [card]:
            obs.where[c] = PILE + side
            obs.pile_points[side] += points[c]
        obs.pile_n[side] += len(take) + 1
        if p["basra"]:
            obs.basras[side] += 1
        last = p["seat"]
    hand = C.parse_list(view["hand"])
    for i, c in enumerate(hand):
        obs.where[c] = HAND + seat
        obs.hand[i] = c
    obs.hand_len = len(hand)
    obs.seat = seat
    for s, n in enumerate(view["hand_sizes"]):
        obs.hand_n[s] = n
    obs.stock_left = view["stock"]
    obs.dealer = (seat - 1 - len(view["history"])) % obs.nseats  # leader = dealer + 1
    obs.last_capturer = last
    obs.carry = view["carry"]
    obs.cheat = None
    return obs


