"""The decider: one Player per AI seat asks its level (core/ai/__init__.py,
the registry) for a play, the same way for every level: begin(obs, clock),
then step() until True, then best() (a one-play level decides in begin).
The Player owns its deadline (the doubling for a deal's first play and
the exact last deal included). The hint: core/ai/reason.py; a play from a
State in one call: core/ai/levelbot.py choose.

- easy: a beginner: takes what it sees, misses sums a third of the time and
  never looks at what it leaves;
- normal: one play ahead: what the play takes, the Jacks and 7 of diamonds it
  keeps, and the chance that the next player clears what it leaves;
- hard: determinized search, 4 worlds, 2 plies (8 with four players);
- expert: determinized search, anytime: as many worlds and plies as its
  work budget (DEVICE_WORK positions, the device's deadline's worth)
  allows, exact once nothing is hidden;
- master: the expert with twice its work (and deadline) at every decision.
Budgets are worlds and positions (deterministic, for tests and the arena)
and, on the device, also milliseconds on a clock.
"""
from core.ai import LEVELS, TABLE
from core.ai.evaluate import PLAIN, TUNED
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
# CircuitPython's 1.25; CircuitPython 10.2.1 firmware agreed with it, issue
# 27: a median decision of 1.05 s, the model's 1.08 s), 555 a second for
# this search (python -m tools.calibrate --search 2), taken at 0.92 of it
# as the firmware's calibration was (its 340 of the model's 365-370).
# Private, so folded away on a board (a public name is interned and kept in
# the heap): other code reads the rate as DEVICE_WORK in DEVICE_DEADLINE_MS
_POSITIONS_PER_SECOND = const(510)
# the anytime levels' budget, in positions: the deadline's worth of work, so
# that the arena and the tests play what a board plays, on every machine
DEVICE_WORK = const(DEVICE_DEADLINE_MS * _POSITIONS_PER_SECOND // 1000)


# the registry's kinds (core/ai/__init__.py TABLE)
_ONE_PLAY_EASY = const(0)  # one play ahead, with a beginner's mistakes
_FIXED = const(2)  # a search of fixed worlds and plies
_ANYTIME = const(3)  # a search within a work budget
_KIND = const(15)  # the kind's bits of a TABLE entry's first byte
_BELIEFS = const(16)  # ... and this one: worlds dealt by beliefs (core/ai/beliefs.py)
_TUNED = const(32)  # ... and this one: the tuned leaf constants (core/ai/evaluate.py TUNED)


class Player:
    """The level's budget, from the registry's TABLE: worlds, plies,
    positions a world's search may visit (nodes), work, deadline (ms).

    work 0: that many worlds, that deep, each dropped past its positions;
    work > 0 (anytime, core/ai/search.py begin()): the first world from
    plies deep and deeper, then more worlds (at most worlds) until work
    positions are spent. With four players a third ply is the partner's,
    searched as if the partner saw the sampled cards: over-optimistic. Two
    plies over more worlds play better there (docs/ai.md); a world of two
    plies is cheap, so the expert searches at most 256."""

    def __init__(self, rules, level="expert", seed=1, search=None):
        self.rules = rules
        self.level = level
        # ValueError: a level the registry does not know (named by the callers
        # that take one from outside: core/bots.py make_bot, tools/arena.py)
        t = 6 * LEVELS.index(level)
        kind = self.kind = TABLE[t] & _KIND
        beliefs = TABLE[t] & _BELIEFS != 0
        # the leaf constants, set on the search at each decision (the
        # device's seats and hint may share one search)
        self.leaf = TUNED if TABLE[t] & _TUNED else PLAIN
        teams = 1 if rules.players == 4 else 0
        self.worlds = 1 << TABLE[t + 1 + teams]
        self.plies = TABLE[t + 3 + teams]
        k = TABLE[t + 5]
        self.nodes = 10 * k if kind == _FIXED else 0
        self.work = k * DEVICE_WORK if kind == _ANYTIME else 0
        self.deadline = k * DEVICE_DEADLINE_MS if kind == _ANYTIME else DEVICE_DEADLINE_MS
        # each level loads what it decides with: the root plays and the
        # one-play heuristics (core/ai/roots.py, onestep.py) or the search
        # (core/ai/search.py, which extends Roots; the fixed schedule,
        # core/ai/fixed.py, for a fixed budget only)
        # search: another Player's Search of these rules to decide with (the
        # device's seats and its hint share one: decisions are one at a time,
        # device/session.py); a one-play level takes it for its root plays
        if search is not None:
            self.search = search
            if kind < _FIXED:
                from core.ai.onestep import one_play
                self.one_play = one_play
        elif kind < _FIXED:  # one play ahead
            from core.ai.onestep import one_play
            from core.ai.roots import Roots
            self.one_play = one_play
            self.search = Roots(rules, seed)
        else:
            from core.ai.search import Search
            self.search = Search(rules, seed, kind == _FIXED, beliefs)  # its schedules
        self.obs = Observation(rules)
        self.prng = Prng(seed * 7 + 3)
        self.choice = 0

    def begin(self, obs, clock):
        """Start a decision for obs; True when it is made (a one-play level:
        best() has it), else call step() until True. clock (hal.clock.Clock,
        or None: the budget alone): the search stops by itself at this
        level's deadline (twice it for a deal's first play with two or three
        players and the exact solve of a last deal)."""
        self.search.ev.leaf = self.leaf
        if self.kind < _FIXED:
            self.choice = self.one_play(self.search, self.rules, self.prng, obs, self.kind == _ONE_PLAY_EASY)
            return True
        self.search.begin(obs, self.worlds, self.plies, self.nodes, clock, self.deadline, self.work)
        return False

    def step(self, elapsed):
        """One step of the decision; True when it is made. elapsed (ms since
        begin, the caller's ticks_diff; -1: not given): past the deadline the
        best play so far is taken. (Only after a begin() that returned
        False.)"""
        s = self.search
        return s.step() or (elapsed >= s.deadline and not s.reading)

    def best(self):
        """Index into self.search.root of the play chosen."""
        if self.kind < _FIXED:
            return self.choice
        return self.search.best()
