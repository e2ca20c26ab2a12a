"""The AI levels from outside the device: a Player asked for a play on a
State in one call (``choose``: tests, the arena, tools), or fed from a
referee view, card names and all, as a referee bot (core/bots.py). Never
loaded on the device, which observes and steps the search itself
(device/session.py)."""
from core import cardnames as CN
from core.ai.observe import LOG_BYTES, UNSEEN, observe
from core.ai.player import Player
from core.presets import preset
from core.scoring import card_points
from core.state import BASRA, FLOOR, HAND, LAY, PILE


def choose(player, state, seat, carry=0, clock=None):
    """The (word, take) play of player for the seat to move in state, seeing
    only what it may (the oracle, core/ai/oracle.py: everything, through its
    own way in)."""
    see = getattr(player, "see", None)
    if see is not None:
        see(state)
    obs = observe(state, seat, player.obs, carry=carry)
    i = decide(player, obs, clock)
    root = player.search.root
    return root[2 * i], root[2 * i + 1]


def decide(player, obs, clock=None):
    """Index into player.search.root of its level's play for obs, the
    decision stepped to the end."""
    if not player.begin(obs, clock):
        while not player.step(-1):
            pass
    return player.best()


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
    for c in CN.parse_list(view["start_floor"]):
        obs.where[c] = FLOOR
    last = 255
    for p in view["history"]:
        card = CN.parse(p["card"])
        take = CN.parse_list(p["take"])
        if not take:
            obs.where[card] = FLOOR
            continue
        side = p["seat"] % nsides
        for c in take + [card]:
            obs.where[c] = PILE + side
            obs.pile_points[side] += points[c]
        obs.pile_n[side] += len(take) + 1
        if p["basra"]:
            obs.basras[side] += 1
        last = p["seat"]
    hand = CN.parse_list(view["hand"])
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
    obs.to_move = seat
    _log_view(view, obs)
    return obs


def _log_view(view, obs):
    # the deal's plays (obs.log, as core/ai/observe.py log_deal writes them)
    # from the view's history: as many of the last as the log holds
    k = obs.nseats * obs.rules.hand_size - sum(view["hand_sizes"])
    plays = view["history"][len(view["history"]) - k:] if k > 0 else []
    rows = []
    for p in plays:
        take = CN.parse_list(p["take"])
        flags = (LAY if not take else 0) | (BASRA if p["basra"] else 0)
        rows.append(bytes(take) + bytes((len(take), CN.parse(p["card"]), 0, flags, 255)))
    while rows and sum(len(r) for r in rows) > LOG_BYTES:
        rows.pop(0)
    data = b"".join(rows)
    obs.log[:len(data)] = data
    obs.log_n = len(data)
    obs.log_plies = len(rows)


class LevelBot:
    """A level as a referee bot: reads the view, never the hidden cards."""

    def __init__(self, level, seed, seat):
        self.level = level
        self.seed = (seed * 131 + seat * 17 + 1) & 0x3FFFFFFF
        self.variant = None
        self.player = None

    def __call__(self, view):
        if self.variant != view["variant"] or self.player is None:
            rules = preset(view["variant"], players=len(view["hand_sizes"]))
            self.player = Player(rules, self.level, self.seed)
            self.points = card_points(rules, [0] * 52)
            self.variant = view["variant"]
        p = self.player
        obs = from_view(view, p.obs, self.points)
        i = decide(p, obs)
        w = p.search.world
        word, take = p.search.root[2 * i], p.search.root[2 * i + 1]
        p.search.sampler.sample(obs, w, p.search.prng)
        taken = bytearray(52)
        moved = sorted(CN.name(taken[k]) for k in range(w.preview(word, take, taken)))
        card = CN.name(word & 63)
        for k, play in enumerate(view["plays"]):
            if play["card"] == card and sorted(play["take"]) == moved:
                return k
        raise ValueError("the %s level chose a play the referee does not list" % self.level)

