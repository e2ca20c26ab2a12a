"""Built-in referee bots: "random", "greedy" and "laydown".

A bot is a callable ``bot(view)`` returning the index of its choice in
``view["plays"]`` or the play itself as a dict ``{"card": ..., "take": [...]}``
(see core/referee.py for the view). ``make_bot`` turns a name into a fresh
bot for one seat of one game.
"""
from core import cards as C
from core import cardnames as CN
from core.prng import Prng
from core.presets import preset
from core.scoring import card_points


def below_any(prng, n):
    """A number in 0..n-1 from prng, uniformly, for any n >= 1 (a referee
    bot may face 247,192 plays): prng.below(n), the same draw, when
    n <= 32768; past that, 15-bit draws joined into a wider number, drawn
    again when it falls in the top part of the range that n does not divide
    evenly, so every number is equally likely. Up to n = 2**30 (two draws)
    every value stays a small int. Here, not in core/prng.py: the device
    never needs it, and its heap would hold the code."""
    if n <= 32768:
        return prng.below(n)
    if n <= 0x40000000:
        # 2**30 numbers 0..0x3FFFFFFF; keep the first 2**30 - 2**30 % n
        top = 0x3FFFFFFF - (0x3FFFFFFF % n + 1) % n
        while True:
            r = (prng.next15() << 15) | prng.next15()
            if r <= top:
                return r % n
    bits = 30
    while (1 << bits) < n:
        bits += 15
    span = 1 << bits
    top = span - span % n
    while True:
        r = 0
        k = 0
        while k < bits:
            r = (r << 15) | prng.next15()
            k += 15
        if r < top:
            return r % n


class RandomBot:
    """Any legal play, uniformly, from its own PRNG (seeded by game and seat)."""

    def __init__(self, seed, seat):
        self.prng = Prng((seed * 31 + seat * 977 + 12345) & 0x3FFFFFFF)

    def __call__(self, view):
        return below_any(self.prng, len(view["plays"]))


class LaydownBot(RandomBot):
    """Lays a card down whenever the rules let it (a random one of those
    cards), a Jack excepted; otherwise any legal play at random (as
    RandomBot, from the same PRNG). Floors grow until a Jack sweeps them:
    the bot that reaches the biggest floors a game can have. The Jack
    exception keeps a game between two of them finite: under rules that
    allow a lay-down at any time, laying every card down captures nothing
    and no side would ever score.

    Each lay-down is checked with ``view["plays"].find`` (core.plays.match:
    one card's first play at most), never by listing the plays."""

    def __call__(self, view):
        plays = view["plays"]
        can = []
        for name in view["hand"]:
            card = CN.parse(name)
            if card >> 2 != C.JACK and plays.find(card, []) is not None:
                can.append(name)
        if can:
            return {"card": can[self.prng.below(len(can))], "take": []}
        return RandomBot.__call__(self, view)


class GreedyBot:
    """The most points this play, then the most cards; the first such play."""

    def __init__(self, seed=0, seat=0):
        self.variant = None
        self.points = [0] * 52
        self.basra_points = 10

    def __call__(self, view):
        if view["variant"] != self.variant:
            rules = preset(view["variant"])
            card_points(rules, self.points)
            self.basra_points = rules.basra_points
            self.variant = view["variant"]
        best = -1
        choice = 0
        for i, p in enumerate(view["plays"]):
            got = 0
            cards = len(p["take"])
            if cards:
                cards += 1
                got = self.points[CN.parse(p["card"])]
                for name in p["take"]:
                    got += self.points[CN.parse(name)]
            if p["basra"]:
                got += self.basra_points
            key = got * 100 + cards
            if key > best:
                best = key
                choice = i
        return choice


BOTS = {"random": RandomBot, "greedy": GreedyBot, "laydown": LaydownBot}


def make_bot(player, seed, seat):
    """A bot for seat: a callable is used as it is, a name is looked up."""
    if callable(player):
        return player
    from core.ai import LEVELS  # the level registry

    factory = BOTS.get(player)
    if factory is None and player in LEVELS:
        from core.ai.levelbot import LevelBot

        return LevelBot(player, seed, seat)
    if factory is None:
        known = sorted(BOTS) + list(LEVELS)
        raise ValueError("unknown bot %r (known: %s)" % (player, ", ".join(known)))
    return factory(seed, seat)
