"""Determinized search: Perfect Information Monte Carlo with alpha-beta.

For each sampled world (core/ai/world.py) every root play is searched a few
plies deep with alpha-beta (the seat's side maximizes, the others minimize)
and scored by the static evaluation, or exactly at the end of the hand. The
play with the best total over the samples is chosen. With two players and
an empty stock nothing is hidden: one world is the truth, and the search runs
to the end of the hand (an exact solve, bounded by a node budget).

The root plays are listed by core/ai/roots.py (``Roots``, which ``Search``
extends): every legal play, or the ROOT_CAP best after one ply on a huge
floor. Below the root every play is searched, one cursor slot per ply.

The search is iterative: one loop with a frame of small arrays per ply,
so its call depth is the same at every depth (a board's Python stack is
2 KB). Anytime: the budget is worlds and positions (deterministic: tests,
arena), and optionally a deadline on a clock (an object with ``ticks_ms()``
and ``since(ticks)``, such as hal.clock.Clock: one wrap-safe arithmetic).
The search looks at the clock at every position and, once the deadline has
passed, drops the world in progress and answers with what the finished
worlds say (the one-ply values when none finished). Allocates nothing per
decision.
"""
from array import array

from core.ai.roots import ROOT_CAP, Roots
from core.compat import const

MAX_PLY = const(9)  # plies below the root (a 2-player last deal of 4 cards: 7)
INF = const(1 << 28)
_OPEN = const((1 << 28) + 1)  # _open(): the position lists its plays (not a leaf)


class Search(Roots):
    def __init__(self, rules, seed=1):
        # one frame per ply (index 1..MAX_PLY; 0 lists the root)
        Roots.__init__(self, rules, seed, MAX_PLY + 1)  # plays: slot p lists ply p's plays
        self.totals = array("i", [0] * ROOT_CAP)  # summed over worlds
        self.cur = array("i", [0] * ROOT_CAP)  # this world's values
        self.alpha = array("i", [0] * (MAX_PLY + 1))
        self.beta = array("i", [0] * (MAX_PLY + 1))
        self.best_v = array("i", [0] * (MAX_PLY + 1))
        self.depth_left = bytearray(MAX_PLY + 1)
        self.dealt = bytearray(MAX_PLY + 1)  # the frame dealt the next round
        self.maximize = bytearray(MAX_PLY + 1)
        self.aborted = False
        self.cut = False
        self.nodes = 0
        self.node_cap = 0
        self.samples_done = 0
        self.obs = None
        self.n = 0
        self.worlds = 0
        self.depth = 0
        self.nodes_per_world = 0
        self.exact = False
        self.tried = 0
        self.finished = True

    def choose(self, obs, worlds, depth, nodes=600, clock=None, deadline=0):
        """Index (into self.root) of the best play for obs.

        worlds: sampled worlds to search; depth: plies in each; nodes: the
        most positions one world's search may visit (a world that needs more
        is dropped, so that no decision runs away); clock/deadline: stop
        once clock.since(start) >= deadline milliseconds.
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
        self.start = clock.ticks_ms() if clock is not None else 0
        self.n = self.root_plays(obs)
        rules = self.rules
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
            # no world finished: the values after one ply
            if not self.scored:
                self._score_root(n)
            totals = self.one_ply
        best = 0
        for i in range(1, n):
            if totals[i] > totals[best]:
                best = i
        return best

    def _pass(self, n, depth, cap):
        """Search every root play depth plies into self.cur; False when the
        search needed more than cap positions or the deadline passed."""
        w = self.world
        self.nodes = 0
        self.node_cap = cap
        self.aborted = False
        self.cut = False
        for i in range(n):
            w.apply(self.root[2 * i], self.root[2 * i + 1])
            v = self._value(depth - 1)
            w.undo_play()
            if self.aborted:
                return False
            self.cur[i] = v
        return True

    def _value(self, depth):
        """Alpha-beta value for self.side (quarter points) of the world as it
        stands (a root play just made), searched depth plies; iterative."""
        w = self.world
        alpha = self.alpha
        beta = self.beta
        best = self.best_v
        maximize = self.maximize
        plays = self.plays
        p = 1
        alpha[1] = -INF
        beta[1] = INF
        self.depth_left[1] = depth if depth > 0 else 0
        v = self._open(1)
        while True:
            if self.aborted:
                # give back every play and deal made below the root play
                while p > 1:
                    p -= 1
                    w.undo_play()
                    if self.dealt[p]:
                        w.undeal()
                return 0
            if v == _OPEN:
                if alpha[p] < beta[p] and plays.next(p):
                    w.apply(plays.word, plays.take)
                    p += 1
                    alpha[p] = alpha[p - 1]
                    beta[p] = beta[p - 1]
                    self.depth_left[p] = self.depth_left[p - 1] - 1
                    v = self._open(p)
                    continue
                v = best[p]  # every play tried (or a cut-off): the frame is done
                if self.dealt[p]:
                    w.undeal()
            if p == 1:
                return v
            p -= 1
            w.undo_play()
            if maximize[p]:
                if v > best[p]:
                    best[p] = v
                if v > alpha[p]:
                    alpha[p] = v
            else:
                if v < best[p]:
                    best[p] = v
                if v < beta[p]:
                    beta[p] = v
            v = _OPEN

    def _open(self, p):
        """Enter the position at ply p: its value when it is a leaf (the end
        of the hand, the depth reached, or the budget spent: aborted), else
        _OPEN with the frame ready to list its plays."""
        w = self.world
        self.dealt[p] = 0
        if w.hands_empty():
            if w.stock_pos == 52:
                return self.ev.final(w, self.side, self.carry)
            w.deal()
            self.dealt[p] = 1
        self.nodes += 1
        if self.nodes > self.node_cap or self._late():
            self.aborted = True
        elif self.depth_left[p] == 0 or p >= MAX_PLY:
            self.cut = True
            v = self.ev.static(w, self.side, self.carry)
            if self.dealt[p]:
                w.undeal()
            return v
        else:
            mx = (w.to_move % self.rules.sides) == self.side
            self.maximize[p] = mx
            self.best_v[p] = -INF if mx else INF
            self.plays.start(w, -1, True, p)
            return _OPEN
        if self.dealt[p]:
            w.undeal()
        return 0
