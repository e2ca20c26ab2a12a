"""The AI levels, one Player per AI seat (the hint: core/ai/reason.py).

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
from core.ai import LEVELS
from core.ai.observe import Observation, observe
from core.compat import const
from core.prng import Prng

ONE_PLAY = ("easy", "normal")   # the levels that look one play ahead (core/ai/onestep.py)

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
        # each level loads what it decides with: the root plays and the
        # one-play heuristics (core/ai/roots.py, onestep.py) or the search
        # (core/ai/search.py, which extends Roots)
        if level in ONE_PLAY:
            from core.ai.onestep import one_play
            from core.ai.roots import Roots as Kind
            self.one_play = one_play
        else:
            from core.ai.search import Search as Kind
        shared = share is not None and isinstance(share.search, Kind)
        self.search = share.search if shared else Kind(rules, seed)
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
        if self.level in ONE_PLAY:
            return self.one_play(self.search, self.rules, self.prng, obs, self.level == "easy")
        return self.search.choose(obs, self.worlds, self.plies, self.nodes, clock, deadline)
