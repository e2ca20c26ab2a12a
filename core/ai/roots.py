"""The root of a decision: the plays of the seat to move, listed in a world
sampled from its observation (core/ai/world.py), and their values after one
ply. Every legal play is listed (core/plays.py, no cap); when a huge floor
gives more than _ROOT_CAP plays, the _ROOT_CAP best after one ply are kept.

The one-play levels (core/ai/onestep.py) need only this; the search
(core/ai/search.py) builds on it. On the device each is loaded for the
decisions that use it. Allocates nothing per decision.
"""
from array import array

from core.ai.evaluate import Evaluator
from core.ai.world import Sampler
from core.compat import const
from core.plays import Plays
from core.prng import Prng
from core.state import State

_ROOT_CAP = const(32)  # root plays searched (the best after one ply when more)
_LIST_CHECK = const(255)  # root listing: look at the clock every 256 plays


class Roots:
    """slots: cursor slots of ``plays`` (slot 0 lists the root; the search
    keeps one a ply below it)."""

    def __init__(self, rules, seed=1, slots=1):
        self.rules = rules
        self.world = State(rules, slots)  # a play a slot at most, undone in turn
        self.sampler = Sampler()
        self.prng = Prng(seed)
        self.ev = Evaluator(rules)
        self.root = array("i", [0] * (2 * _ROOT_CAP))
        self.legal = 0  # legal root plays listed (more than n on a huge floor)
        self.one_ply = array("i", [0] * _ROOT_CAP)  # each root play's value after one ply
        self.scored = False  # one_ply filled
        self.plays = Plays(slots)
        self.side = 0
        self.carry = 0
        self.clock = None
        self.deadline = 0
        self.start = 0

    def root_plays(self, obs):
        """List the root plays for obs into self.root; returns how many.

        Every legal play is listed (a card whose rank an earlier hand card
        has adds nothing new); past _ROOT_CAP, the _ROOT_CAP best after one
        ply are kept. A deadline that passes while a huge floor is listed
        keeps those seen so far."""
        w = self.world
        self.sampler.sample(obs, w, self.prng)
        self.side = obs.seat % self.rules.sides
        self.carry = obs.carry
        self.scored = False
        root = self.root
        cursor = self.plays
        cursor.start(w, -1, True, 0)
        n = 0
        listed = 0
        while cursor.next(0):
            listed += 1
            if n < _ROOT_CAP:
                root[2 * n] = cursor.word
                root[2 * n + 1] = cursor.take
                n += 1
                continue
            if not self.scored:
                self._score_root(n)
            # the static value after the play
            w.apply(cursor.word, cursor.take)
            v = self.ev.static(w, self.side, self.carry)
            w.undo_play()
            worst = 0
            for i in range(1, n):
                if self.one_ply[i] < self.one_ply[worst]:
                    worst = i
            if v > self.one_ply[worst]:
                root[2 * worst] = cursor.word
                root[2 * worst + 1] = cursor.take
                self.one_ply[worst] = v
            if listed & _LIST_CHECK == 0 and self._late():
                break
        self.legal = listed
        return n

    def _score_root(self, n):
        # each root play's static value after it
        w = self.world
        for i in range(n):
            w.apply(self.root[2 * i], self.root[2 * i + 1])
            self.one_ply[i] = self.ev.static(w, self.side, self.carry)
            w.undo_play()
        self.scored = True

    def _late(self):
        return self.clock is not None and self.clock.since(self.start) >= self.deadline
