"""Determinized search: Perfect Information Monte Carlo with alpha-beta.

For each sampled world (core/ai/world.py) every root play is searched a few
plies deep with alpha-beta (the seat's side maximizes, the others minimize)
and scored by the static evaluation, or exactly at the end of the hand. The
play with the best total over the samples is chosen. With two players and
an empty stock nothing is hidden: one world is the truth, and the search runs
to the end of the hand (an exact solve, bounded by a node budget).

Anytime: the budget is worlds and positions (deterministic: tests, arena),
and optionally a deadline on a clock (``ticks_ms``-like function and
milliseconds, the device): the search looks at the clock at every position
and, once the deadline has passed, drops the world in progress and answers
with what the finished worlds say (one ply when none finished). Allocates
nothing per decision.
"""
from array import array

from core import cards as C
from core.ai.evaluate import Evaluator
from core.ai.world import Sampler
from core.compat import const
from core.prng import Prng
from core.state import State

ROOT_CAP = const(96)  # root plays (by value) considered
NODE_CAP = const(24)  # plays per deeper node (more only on rare, huge floors)
MAX_PLY = const(9)  # plies below the root (a 2-player last deal of 4 cards: 7)
INF = const(1 << 28)


def same_play(buf, i, j):
    """Plays i and j of buf give the same position (same kind of card, same take)."""
    wi = buf[i]
    wj = buf[j]
    if buf[i + 1] != buf[j + 1] or (wi >> 8) != (wj >> 8):
        return False
    ci = wi & 63
    cj = wj & 63
    if ci == cj:
        return True
    if (ci >> 2) != (cj >> 2):
        return False
    return not (_special(ci) or _special(cj))


def _special(c):
    return c == C.TWO_CLUBS or c == C.TEN_DIAMONDS or c == C.SEVEN_DIAMONDS


class Search:
    def __init__(self, rules, seed=1):
        self.rules = rules
        self.world = State(rules)
        self.sampler = Sampler()
        self.prng = Prng(seed)
        self.ev = Evaluator(rules)
        self.root = array("i", [0] * (2 * ROOT_CAP))
        self.keep = bytearray(ROOT_CAP)  # distinct root plays
        self.totals = array("i", [0] * ROOT_CAP)  # summed over worlds
        self.cur = array("i", [0] * ROOT_CAP)  # this world's values
        self.aborted = False
        self.cut = False
        self.buf = array("i", [0] * (2 * NODE_CAP * MAX_PLY))
        self.side = 0
        self.carry = 0
        self.nodes = 0
        self.node_cap = 0
        self.samples_done = 0
        self.obs = None
        self.clock = None
        self.deadline = 0
        self.start = 0
        self.n = 0
        self.worlds = 0
        self.depth = 0
        self.nodes_per_world = 0
        self.exact = False
        self.tried = 0
        self.finished = True

    def root_plays(self, obs):
        """Generate the root plays for obs into self.root; returns how many."""
        w = self.world
        self.sampler.sample(obs, w, self.prng)
        n = w.gen(self.root, 0, ROOT_CAP)
        for i in range(n):
            k = 1
            for j in range(i):
                if self.keep[j] and same_play(self.root, 2 * i, 2 * j):
                    k = 0
                    break
            self.keep[i] = k
        return n

    def choose(self, obs, worlds, depth, nodes=600, clock=None, deadline=0):
        """Index (into self.root) of the best play for obs.

        worlds: sampled worlds to search; depth: plies in each; nodes: the
        most positions one world's search may visit (a world that needs more
        is dropped, so that no decision runs away); clock/deadline: stop
        once clock() - start >= deadline milliseconds.
        """
        self.begin(obs, worlds, depth, nodes, clock, deadline)
        while not self.step():
            pass
        return self.best()

    def begin(self, obs, worlds, depth, nodes, clock=None, deadline=0):
        """Start a decision; then call step() until it returns True (or time
        runs out: the device answers its buttons between steps), then best().

        With two players and an empty stock the one true world is searched
        deeper and deeper (2 plies a step) within worlds * nodes positions,
        keeping the deepest search that finished.
        """
        self.obs = obs
        self.clock = clock
        self.deadline = deadline
        self.start = clock() if clock is not None else 0
        self.n = self.root_plays(obs)
        rules = self.rules
        self.side = obs.seat % rules.sides
        self.carry = obs.carry
        self.worlds = worlds
        self.depth = depth
        self.nodes_per_world = nodes
        self.exact = rules.players == 2 and obs.stock_left == 0
        self.tried = 0
        self.samples_done = 0
        self.finished = self.n == 1
        for i in range(self.n):
            self.totals[i] = 0

    def step(self):
        """One world searched (or one deeper pass of the exact search).
        Returns True when the decision needs no more steps."""
        if self.finished:
            return True
        if self._late():
            self.finished = True
            return True
        n = self.n
        totals = self.totals
        if self.exact:
            if self._pass(n, self.depth, self.worlds * self.nodes_per_world):
                for i in range(n):
                    totals[i] = self.cur[i]
                self.samples_done = self.depth
                if not self.cut or self.depth >= MAX_PLY:
                    self.finished = True  # solved to the end of the hand
                self.depth += 2
            else:
                self.finished = True
        else:
            if self.tried:
                self.sampler.sample(self.obs, self.world, self.prng)
            self.tried += 1
            if self._pass(n, self.depth, self.nodes_per_world):
                for i in range(n):
                    totals[i] += self.cur[i]
                self.samples_done += 1
            if self.tried >= self.worlds:
                self.finished = True
        return self.finished

    def best(self):
        """The chosen root play's index, after begin() and steps."""
        n = self.n
        if n == 1:
            return 0
        totals = self.totals
        if not self.samples_done:
            if self.exact or self.tried:
                self.sampler.sample(self.obs, self.world, self.prng)
            self._pass(n, 1, INF)  # one ply always finishes
            for i in range(n):
                totals[i] = self.cur[i]
        best = -1
        best_v = -INF
        for i in range(n):
            if self.keep[i] and totals[i] > best_v:
                best_v = totals[i]
                best = i
        return best

    def _late(self):
        return self.clock is not None and (
            (self.clock() - self.start) & 0x3FFFFFFF) >= self.deadline

    def _pass(self, n, depth, cap):
        """Search every distinct root play depth plies into self.cur; False
        when the search needed more than cap positions."""
        w = self.world
        self.nodes = 0
        self.node_cap = cap
        self.aborted = False
        self.cut = False
        for i in range(n):
            if not self.keep[i]:
                continue
            w.apply(self.root[2 * i], self.root[2 * i + 1])
            v = self.value(depth - 1, 1, -INF, INF)
            w.undo_play()
            if self.aborted:
                return False
            self.cur[i] = v
        return True

    def value(self, depth, ply, alpha, beta):
        """Alpha-beta value of the world for self.side (quarter points)."""
        w = self.world
        if w.hands_empty():
            if w.stock_pos == 52:
                return self.ev.final(w, self.side, self.carry)
            w.deal()
            v = self.value(depth, ply, alpha, beta)
            w.undeal()
            return v
        self.nodes += 1
        if self.nodes > self.node_cap or self._late():
            self.aborted = True
            return 0
        if depth <= 0 or ply >= MAX_PLY:
            self.cut = True
            return self.ev.static(w, self.side, self.carry)
        buf = self.buf
        base = 2 * NODE_CAP * ply
        n = w.gen(buf, base, NODE_CAP)
        maximize = (w.to_move % self.rules.sides) == self.side
        best = -INF if maximize else INF
        for i in range(n):
            k = base + 2 * i
            dup = False
            for j in range(i):
                if same_play(buf, k, base + 2 * j):
                    dup = True
                    break
            if dup:
                continue
            w.apply(buf[k], buf[k + 1])
            v = self.value(depth - 1, ply + 1, alpha, beta)
            w.undo_play()
            if self.aborted:
                return 0
            if maximize:
                if v > best:
                    best = v
                if v > alpha:
                    alpha = v
            else:
                if v < best:
                    best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best
