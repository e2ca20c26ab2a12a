"""Determinized search: Perfect Information Monte Carlo with alpha-beta.

For each sampled world (core/ai/world.py) every root play is searched a few
plies deep with alpha-beta (the seat's side maximizes, the others minimize)
and scored by the static evaluation plus the basra or sweep the seat to
move holds (Evaluator.threat), or exactly at the end of the hand. The
play with the best total over the samples is chosen. With two players and
an empty stock nothing is hidden: one world is the truth, and the search runs
to the end of the hand (an exact solve, bounded by a node budget).

Every legal play is listed (core/plays.py, no cap). At the root, when a
huge floor gives more than ROOT_CAP plays, the ROOT_CAP best after one ply
are searched. Below the root every play is searched, one cursor slot per ply.

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

from core import cards as C
from core.ai.evaluate import Evaluator
from core.ai.world import Sampler
from core.compat import const
from core.plays import Plays
from core.prng import Prng
from core.state import State

ROOT_CAP = const(48)  # root plays searched (the best after one ply when more)
MAX_PLY = const(9)  # plies below the root (a 2-player last deal of 4 cards: 7)
INF = const(1 << 28)
_OPEN = const((1 << 28) + 1)  # _open(): the position lists its plays (not a leaf)
_LIST_CHECK = const(255)  # root listing: look at the clock every 256 plays
MIN_WORLDS = const(8)  # anytime: go deeper only while this many worlds fit
EXACT = const(2)  # the exact solve of a last deal may spend twice the work (and deadline)


def _root2(x):
    # the integer square root of a small positive int
    r = 1
    while (r + 1) * (r + 1) <= x:
        r += 1
    return r


class Search:
    def __init__(self, rules, seed=1):
        self.rules = rules
        self.world = State(rules)
        self.sampler = Sampler()
        self.prng = Prng(seed)
        self.ev = Evaluator(rules)
        self.root = array("i", [0] * (2 * ROOT_CAP))
        self.legal = 0  # legal root plays listed (more than n on a huge floor)
        self.one_ply = array("i", [0] * ROOT_CAP)  # each root play's value after one ply
        self.scored = False  # one_ply filled
        self.totals = array("i", [0] * ROOT_CAP)  # summed over worlds
        self.cur = array("i", [0] * ROOT_CAP)  # this world's values
        # one frame per ply (index 1..MAX_PLY; 0 lists the root)
        self.plays = Plays(MAX_PLY + 1)  # slot p lists ply p's plays
        self.alpha = array("i", [0] * (MAX_PLY + 1))
        self.beta = array("i", [0] * (MAX_PLY + 1))
        self.best_v = array("i", [0] * (MAX_PLY + 1))
        self.depth_left = bytearray(MAX_PLY + 1)
        self.dealt = bytearray(MAX_PLY + 1)  # the frame dealt the next round
        self.maximize = bytearray(MAX_PLY + 1)
        self.threat = True  # leaves count Evaluator.threat (not expert-v1)
        self.aborted = False
        self.cut = False
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
        self.work = 0  # anytime: the decision's budget in positions (0: fixed)
        self.spent = 0  # positions searched so far in this decision
        self.probing = False  # anytime: the first world, deeper and deeper
        self.last_cost = 0

    def root_plays(self, obs):
        """List the root plays for obs into self.root; returns how many.

        Every legal play is listed (a card whose rank an earlier hand card
        has adds nothing new); past ROOT_CAP, the ROOT_CAP best after one
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
            if n < ROOT_CAP:
                root[2 * n] = cursor.word
                root[2 * n + 1] = cursor.take
                n += 1
                continue
            if not self.scored:
                self._score_root(n)
            v = self._after(cursor.word, cursor.take)
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

    def _after(self, word, take):
        # the static value after one play
        w = self.world
        w.apply(word, take)
        v = self.ev.static(w, self.side, self.carry)
        w.undo_play()
        return v

    def _score_root(self, n):
        for i in range(n):
            self.one_ply[i] = self._after(self.root[2 * i], self.root[2 * i + 1])
        self.scored = True

    def choose(self, obs, worlds, depth, nodes=600, clock=None, deadline=0, work=0):
        """Index (into self.root) of the best play for obs.

        worlds: sampled worlds to search; depth: plies in each; nodes: the
        most positions one world's search may visit (a world that needs more
        is dropped, so that no decision runs away); clock/deadline: stop
        once clock.since(start) >= deadline milliseconds; work: anytime (see
        begin()).
        """
        self.begin(obs, worlds, depth, nodes, clock, deadline, work)
        while not self.step():
            pass
        return self.best()

    def begin(self, obs, worlds, depth, nodes, clock=None, deadline=0, work=0):
        """Start a decision; then call step() until it returns True (or time
        runs out: the device answers its buttons between steps), then best().

        work 0: worlds searched depth plies each, nodes positions at most
        a world. work > 0, anytime: the decision's budget, in positions
        (DEVICE_WORK, calibrated to the device's deadline). The first world
        is searched depth plies, then a ply deeper and deeper while the
        next depth, predicted from the last two, fits MIN_WORLDS times in
        what is left; then more worlds at that depth (at most worlds) until
        the budget is spent. A pass that runs out of budget is dropped.

        With two players and an empty stock the one true world is searched
        deeper and deeper (2 plies a step) within worlds * nodes positions
        (work when given), keeping the deepest search that finished.
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
        self.work = work
        self.spent = 0
        self.probing = work > 0
        self.last_cost = 0
        self.exact = rules.players == 2 and obs.stock_left == 0
        self.tried = 0
        self.samples_done = 0
        self.finished = self.n == 1
        for i in range(self.n):
            self.totals[i] = 0

    def step(self):
        """One world searched (or one deeper pass of the exact search, or of
        the first world). Returns True when the decision needs no more steps."""
        if self.finished:
            return True
        if self._late():
            self.finished = True
            return True
        n = self.n
        totals = self.totals
        if self.exact:
            cap = EXACT * self.work - self.spent if self.work else self.worlds * self.nodes_per_world
            ok = self._pass(n, self.depth, cap)
            self.spent += self.nodes
            if ok:
                for i in range(n):
                    totals[i] = self.cur[i]
                self.samples_done = self.depth
                if not self.cut or self.depth >= MAX_PLY:
                    self.finished = True  # solved to the end of the hand
                self.depth += 2
            else:
                self.finished = True
        elif self.work:
            self._anytime(n, totals)
        else:
            if self.tried:
                self.sampler.sample(self.obs, self.world, self.prng)
            self.tried += 1
            ok = self._pass(n, self.depth, self.nodes_per_world)
            self.spent += self.nodes
            if ok:
                for i in range(n):
                    totals[i] += self.cur[i]
                self.samples_done += 1
            if self.tried >= self.worlds:
                self.finished = True
        return self.finished

    def _anytime(self, n, totals):
        # one pass of the anytime schedule (begin()): the first world deeper
        # and deeper, then more worlds at the depth reached
        left = self.work - self.spent
        if left <= 0:
            self.finished = True
            return
        if not self.probing:
            self.sampler.sample(self.obs, self.world, self.prng)
        self.tried += 1
        ok = self._pass(n, self.depth, left)
        cost = self.nodes
        self.spent += cost
        if not ok:
            self.finished = True  # out of budget: the worlds (or depth) before stand
            return
        if self.probing:
            for i in range(n):
                totals[i] = self.cur[i]
            self.samples_done = 1
            # two plies deeper (the same side moves last) cost about
            # cost * grow * grow positions: grow from the last two depths
            # (after the first: the replies a root play has, cost / n)
            grow = cost // (self.last_cost if self.last_cost else n)
            if self.last_cost:
                grow = _root2(grow)
            if grow < 2:
                grow = 2
            if (self.cut and self.depth + 2 <= MAX_PLY
                    and cost * grow * grow * MIN_WORLDS <= self.work - self.spent):
                self.depth += 2
                self.last_cost = cost
            else:
                self.probing = False
        else:
            for i in range(n):
                totals[i] += self.cur[i]
            self.samples_done += 1
        if self.samples_done >= self.worlds:
            self.finished = True

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

    def _late(self):
        if self.clock is None:
            return False
        t = self.clock.since(self.start)
        return t >= self.deadline and not (self.exact and self.work and t < EXACT * self.deadline)

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
            # the static value, and what the seat to move takes at once
            v = self.ev.static(w, self.side, self.carry)
            if self.threat:
                v += self.ev.threat(w, self.side)
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
