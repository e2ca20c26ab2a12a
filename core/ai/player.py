"""The AI levels, one Player per AI seat (the hint: core/ai/reason.py; a
play from a State in one call: core/ai/levelbot.py choose).

- easy: a beginner: takes what it sees, misses sums a third of the time and
  never looks at what it leaves;
- normal: one play ahead: what the play takes, the Jacks and 7 of diamonds it
  keeps, and the chance that the next player clears what it leaves;
- hard: determinized search, 4 worlds, 2 plies (8 with four players);
- expert: determinized search, anytime: as many worlds and plies as its
  work budget (DEVICE_WORK positions, the device's deadline's worth)
  allows, exact once nothing is hidden.
Budgets are worlds and positions (deterministic, for tests and the arena)
and, on the device, also milliseconds on a clock.
"""
from core.ai import LEVELS
from core.ai.observe import Observation
from core.compat import const
from core.prng import Prng

# the device's thinking time for hard and expert: the search stops at this
# deadline (ms) whatever its budget (the expert: twice it, and twice the
# work, for the first play of a deal with two or three players and the
# exact solve of a last deal, core/ai/search.py _LONG). A decision as the
# panel shows it adds about 130 ms (the press's frame, the AI loaded, the
# search begun, its play's frame): 850 keeps the long ones within 2 s
DEVICE_DEADLINE_MS = const(850)
# positions the search visits a second on a board, the expert with two
# players (the slower: deeper searches, exact solves): the device model of
# tools/bench_device.py (the VM's rate x the calibration loop x
# CircuitPython's 1.25), which CircuitPython 10.2.1 firmware agrees with
# (issue 27: a median decision of 1.05 s, the 950 ms deadline reached)
POSITIONS_PER_SECOND = const(340)
# the anytime levels' budget, in positions: the deadline's worth of work, so
# that the arena and the tests play what a board plays, on every machine
DEVICE_WORK = const(DEVICE_DEADLINE_MS * POSITIONS_PER_SECOND // 1000)


def budget(rules, level):
    """(worlds, plies, positions a world's search may visit, work) of a
    search level under rules (made here rather than kept in a table: less
    heap on a board while the AI is loaded).

    work 0: that many worlds, that deep, each dropped past its positions;
    work > 0 (anytime, core/ai/search.py begin()): the first world from
    plies deep and deeper, then more worlds (at most worlds) until work
    positions are spent. With four players a third ply is the partner's,
    searched as if the partner saw the sampled cards: over-optimistic. Two
    plies over more worlds play better there (docs/ai.md); a world of two
    plies is cheap, so the expert searches at most 256."""
    teams = rules.players == 4
    if level == "hard":
        return 8 if teams else 4, 2, 150, 0
    if level == "oracle":
        return 1, 2 if teams else 3, 1500, 0
    if level not in LEVELS:
        raise ValueError("unknown level %r" % level)
    return 256 if teams else 64, 2 if teams else 3, 0, DEVICE_WORK


class Player:
    def __init__(self, rules, level="expert", seed=1):
        self.rules = rules
        self.level = level
        # each level loads what it decides with: the root plays and the
        # one-play heuristics (core/ai/roots.py, onestep.py) or the search
        # (core/ai/search.py, which extends Roots)
        if level == "easy" or level == "normal":  # one play ahead
            from core.ai.onestep import one_play
            from core.ai.roots import Roots as Kind
            self.one_play = one_play
        else:
            from core.ai.search import Search as Kind
        self.search = Kind(rules, seed)
        self.obs = Observation(rules)
        self.prng = Prng(seed * 7 + 3)
        self.worlds, self.plies, self.nodes, self.work = budget(rules, level)

    def decide(self, obs):
        """Index into self.search.root of a one-play level's play for obs. A
        search level's decision is search.begin() with this Player's budget,
        then search.step() until True, then search.best(): the device steps
        between button polls (device/session.py), the desktop to the end
        (core/ai/levelbot.py decide)."""
        return self.one_play(self.search, self.rules, self.prng, obs, self.level == "easy")
