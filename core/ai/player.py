"""The AI levels, one Player per AI seat, and the hint.

- easy: a beginner: takes what it sees, misses sums a third of the time and
  never looks at what it leaves;
- normal: one play ahead: what the play takes, the Jacks and 7 of diamonds it
  keeps, and the chance that the next player clears what it leaves;
- hard: determinized search, 6 worlds, 2 plies;
- expert: determinized search, 12 worlds, 3 plies, exact once nothing is
  hidden.
Budgets are worlds (deterministic, for tests and the arena) or, on the
device, milliseconds on a clock.
"""
from core import cards as C
from core.ai import LEVELS
from core.ai.evaluate import danger
from core.ai.observe import Observation, observe
from core.ai.search import Search
from core.plays import cards_taken
from core.compat import const
from core.prng import Prng
from core.state import BASRA, LAY, SWEEP, TAKES_2C, TAKES_10D

# level: (worlds, plies, positions a world's search may visit)
SEARCH = {"hard": (4, 2, 150), "expert": (6, 3, 250), "oracle": (1, 3, 1500)}
# with four players a third ply is the partner's, searched as if the partner
# saw the sampled cards: over-optimistic. Two plies over more worlds play
# better there (docs/ai.md).
SEARCH_TEAMS = {"hard": (6, 2, 150), "expert": (12, 2, 250), "oracle": (1, 2, 1500)}


def budget(rules, level):
    """(worlds, plies, positions per world) of a search level under rules."""
    table = SEARCH_TEAMS if rules.players == 4 else SEARCH
    return table.get(level, table["expert"])
# the device's thinking time for hard and expert, on top of their budget:
# the search stops at this deadline (ms) if its worlds are not done by then
DEVICE_DEADLINE_MS = const(800)


class Player:
    def __init__(self, rules, level="expert", seed=1, share=None):
        """share: another Player whose buffers (search, observation) this one
        reuses: AI seats decide one at a time, so a device with three AI
        seats needs one set of buffers."""
        if level not in LEVELS and level != "oracle":
            raise ValueError("unknown level %r (known: %s)" % (level, ", ".join(LEVELS)))
        self.rules = rules
        self.level = level
        self.search = Search(rules, seed) if share is None else share.search
        self.obs = Observation(rules) if share is None else share.obs
        self.prng = Prng(seed * 7 + 3)
        self.worlds, self.plies, self.nodes = budget(rules, level)

    def choose(self, state, seat, carry=0, clock=None, deadline=0):
        """The (word, take) play of the seat to move in state, seeing only what it may."""
        obs = observe(state, seat, self.obs, cheat=self.level == "oracle", carry=carry)
        i = self.decide(obs, clock, deadline)
        root = self.search.root
        return root[2 * i], root[2 * i + 1]

    def decide(self, obs, clock=None, deadline=0):
        """Index into self.search.root of this level's play for obs."""
        s = self.search
        if self.level in ("easy", "normal"):
            return self._one_play(obs, self.level == "easy")
        return s.choose(obs, self.worlds, self.plies, self.nodes, clock, deadline)

    def _one_play(self, obs, beginner):
        s = self.search
        n = s.root_plays(obs)
        w = s.world
        side = obs.seat % self.rules.sides
        root = s.root
        if beginner and self.prng.below(8) == 0:
            return self.prng.below(n)
        miss_sums = beginner and self.prng.below(3) == 0
        # the next player's hand after this play
        nxt = (obs.seat + 1) % self.rules.players
        next_hand = obs.hand_n[nxt]
        best = 0
        best_v = -(1 << 28)
        for i in range(n):
            word = root[2 * i]
            take = root[2 * i + 1]
            flags = word >> 8
            if miss_sums and not flags & (LAY | SWEEP) and not _one_group(word, take):
                continue
            w.apply(word, take)
            v = s.ev.static(w, side, obs.carry)
            if not beginner and (self.rules.sides == 2 or nxt % self.rules.sides != side):
                v -= danger(w, obs, next_hand)
            w.undo_play()
            if v > best_v:
                best_v = v
                best = i
        return best

    def hint(self, state, seat, carry=0, clock=None, deadline=0):
        """(word, take, reason): the expert's play for seat and why, in at most 21 characters."""
        saved = self.level, self.worlds, self.plies, self.nodes
        self.level = "expert"
        self.worlds, self.plies, self.nodes = budget(self.rules, "expert")
        try:
            word, take = self.choose(state, seat, carry, clock, deadline)
        finally:
            self.level, self.worlds, self.plies, self.nodes = saved
        return word, take, self.reason(state, word, take)

    def reason(self, state, word, take):
        flags = word >> 8
        if flags & BASRA:
            return "BASRA"
        if flags & SWEEP:
            return "sweeps %d cards" % state.floor_n
        if flags & LAY:
            # laid on an empty floor it stands alone; on a floor, none is alone
            return "starts the floor" if state.floor_n == 0 else "leaves no lone card"
        n = cards_taken(state, word, take)
        for flag, name in ((TAKES_10D, "10D"), (TAKES_2C, "2C")):
            if flags & flag:
                return "takes %s + %d cards" % (name, n - 1) if n > 1 else "takes the " + name
        if state.floor_n == n:
            return "clears the floor"
        return "takes %d card%s" % (n, "" if n == 1 else "s")


def _one_group(word, take):
    # a match or a single sum: the take adds up to the card's value once
    card = word & 63
    if (card >> 2) >= C.JACK:
        return True
    total = 0
    v = 1
    while take:
        total += (take & 7) * v
        take >>= 3
        v += 1
    return total == (card >> 2) + 1
