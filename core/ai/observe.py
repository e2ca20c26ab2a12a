"""What one seat knows: everything but the other hands and the stock.

An Observation is filled from a State by ``observe`` (the device, the arena)
or from a referee view by ``core.ai.levelbot.from_view`` (other people's
games). Nothing in
it tells where an unseen card is, and nothing leads to the State: the AI
cannot peek, by construction.
"""
from core.compat import const
from core.state import FLOOR, HAND, PILE, STOCK

UNSEEN = STOCK  # another player's hand or the stock: the seat cannot tell
# the plays of the deal so far, as core/state.py's undo stack holds them
# (each play's taken cards, then a 5-byte header: how many, the card, its
# hand slot, its flags, the last capturer before it): at most the 52 cards
# and 24 headers (four players of six cards)
LOG_BYTES = const(52 + 5 * 24)


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
        # what every seat has shown this deal (core/ai/beliefs.py reads it):
        # the deal's plays (LOG_BYTES), log_plies of them in log_n bytes,
        # the last one made just before to_move's turn
        self.log = bytearray(LOG_BYTES)
        self.log_n = 0
        self.log_plies = 0
        self.to_move = 0


def copy_piles(src, dst):
    """Cards, card points and basras per side, from a State or Observation to another."""
    for s in range(4):
        dst.pile_n[s] = src.pile_n[s]
        dst.pile_points[s] = src.pile_points[s]
        dst.basras[s] = src.basras[s]


def observe(state, seat, obs, carry=0):
    """Fill obs with what seat sees of state (nothing more: the oracle has
    its own way in to the true state, core/ai/oracle.py)."""
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
    obs.to_move = state.to_move
    log_deal(state, obs)
    return obs


def log_deal(state, obs):
    """The deal's plays so far, from state's undo stack into obs.log (as many
    of the last as it holds; none when the state was set up without them)."""
    k = state.nseats * state.hand_size
    for s in range(state.nseats):
        k -= state.hand_n[s]
    if k > state.plies:
        k = state.plies
    u = state.undo
    top = state.undo_top
    start = top
    n = 0
    while n < k and start >= 5:
        h = start - 5
        b = h - u[h]
        if top - b > LOG_BYTES or b < 0:
            break
        start = b
        n += 1
    log = obs.log
    for i in range(start, top):
        log[i - start] = u[i]
    obs.log_n = top - start
    obs.log_plies = n
