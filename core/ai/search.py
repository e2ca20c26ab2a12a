"""Determinized search: Perfect Information Monte Carlo with alpha-beta.

For each sampled world (core/ai/world.py) every root play is searched a few
plies deep with alpha-beta (the seat's side maximizes, the others minimize)
and scored by the static evaluation plus the basra or sweep the seat to
move holds (Evaluator.threat), or exactly at the end of the hand. The
play with the best total over the samples is chosen. When few splits of the
unseen cards into the other hands are possible (at most the level's worlds)
the anytime search enumerates them instead of sampling (Sampler.sample
given an index: each split once, the stock's order drawn). Once the stock is empty that is every
world there is: the whole set is searched, then again 2 plies deeper (or
4, rather than stop one ply short), to the end of the hand when the
budget allows. With two players it is one
world, the truth: an exact solve (alpha-beta at the root as well).

The root plays are listed by core/ai/roots.py (``Roots``, which ``Search``
extends): every legal play, or the ROOT_CAP best after one ply on a huge
floor. Below the root every play is searched, one cursor slot per ply.

The search is iterative: one loop with a frame of small arrays per ply,
so its call depth is the same at every depth (a board's Python stack is
2 KB). Anytime: the budget is worlds and positions (deterministic: tests,
arena), and optionally a deadline on a clock (an object with ``ticks_ms()``
and ``since(ticks)``, such as hal.clock.Clock: one wrap-safe arithmetic).
The search looks at the clock every 8 positions and, once the deadline has
passed, drops the world in progress and answers with what the finished
worlds say (the one-ply values when none finished). With a clock a step
searches at most SLICE positions and holds its pass for the next (time
slicing: the same decision, the device's buttons read between). Allocates
nothing per decision.
"""
from array import array

from core.ai.roots import ROOT_CAP, Roots
from core.compat import const

_MAX_PLY = const(9)  # plies below the root (a 2-player last deal of 4 cards: 7)
_INF = const(1 << 28)
_OPEN = const((1 << 28) + 1)  # _open(): the position lists its plays (not a leaf)
_MIN_WORLDS = const(8)  # anytime: go deeper only while this many worlds fit
# the first play of a deal (two or three players) and the exact solve of a
# last deal may spend twice the work (and the deadline)
_LONG = const(2)
_CLOCK_EVERY = const(7)  # the clock is read every 8 positions (a board: about 18 ms)
# time slicing (a search with a clock, the device): a step searches at most
# this many positions of a pass, then holds the pass (its frames stay as
# they are) and returns, so that the device answers its buttons; the next
# step goes on where it stopped. The values are the same as unsliced: only
# where a step ends changes. About 2.9 ms a position on a board
# (core/ai/player.py _POSITIONS_PER_SECOND): a step of 12 positions (13 with
# the one that ends it) about 38 ms, under the 50 ms a turn of the loop may take
SLICE = const(12)
_HELD = const(2)  # _pass(): held at a slice's end (else 1 done, 0 dropped)
# slot 0 of the frame arrays holds a held pass: depth_left the ply _value's
# loop goes on from (0: none held), best_v the value found there, alpha the
# root's floor, beta the root play's place in the order
_HOLD = const(0)


class Search(Roots):
    def __init__(self, rules, seed=1):
        # one frame per ply (index 1.._MAX_PLY; 0 lists the root)
        Roots.__init__(self, rules, seed, _MAX_PLY + 1)  # plays: slot p lists ply p's plays
        self.totals = array("i", [0] * ROOT_CAP)  # summed over worlds
        self.cur = array("i", [0] * ROOT_CAP)  # this world's values
        self.alpha = array("i", [0] * (_MAX_PLY + 1))
        self.beta = array("i", [0] * (_MAX_PLY + 1))
        self.best_v = array("i", [0] * (_MAX_PLY + 1))
        self.depth_left = bytearray(_MAX_PLY + 1)
        self.dealt = bytearray(_MAX_PLY + 1)  # the frame dealt the next round
        self.maximize = bytearray(_MAX_PLY + 1)
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
        self.work = 0  # anytime: the decision's budget in positions (0: fixed)
        self.spent = 0  # positions searched so far in this decision
        self.probing = False  # anytime: the first world, deeper and deeper
        self.last_cost = 0
        self.enum = 0  # splits of the unseen cards enumerated (0: worlds sampled)
        self.stride = 0  # the enumeration's order: split (offset + t * stride) % enum
        self.offset = 0
        self.sets = 0  # enumerated: whole sets searched (the last one's totals in one_ply)
        self.set_cut = False  # a world of this set stopped short of the hand's end
        self.first = 0  # one world: the root play searched first (the last set's best)
        # time slicing (SLICE): positions (leaves at the hand's end included)
        # left in this step's slice; a pass held at its end is kept in the
        # frame arrays' slot 0, which no ply uses (_HOLD)
        self.slice_left = 0

    def begin(self, obs, worlds, depth, nodes, clock=None, deadline=0, work=0):
        """Start a decision; then call step() until it returns True (or time
        runs out: the device answers its buttons between steps), then best().

        work 0: worlds searched depth plies each, a world dropped past nodes
        positions (so that no decision runs away). work > 0, anytime: the
        decision's budget, in positions (DEVICE_WORK, calibrated to the
        device's deadline). The first world
        is searched depth plies, then a ply deeper and deeper while the
        next depth, predicted from the last two, fits _MIN_WORLDS times in
        what is left; then more worlds at that depth (at most worlds) until
        the budget is spent. A pass that runs out of budget is dropped.
        The first play of a deal (a full hand; not with four players) and
        the exact solve of a last deal get _LONG times the work and the
        deadline.

        With two players and an empty stock the one true world is searched
        deeper and deeper (2 plies a step) within worlds * nodes positions
        (_LONG * work when given), keeping the deepest search that finished.
        clock/deadline: stop once clock.since(start) >= deadline ms.
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
        self.sets = 0
        self.set_cut = False
        self.first = 0
        self.depth_left[_HOLD] = 0
        self.finished = self.n == 1
        for i in range(self.n):
            self.totals[i] = 0
        # anytime, few splits of the unseen cards: enumerate them
        self.enum = 0
        if work:
            c = self.sampler.count(obs, worlds)
            if c and (obs.stock_left == 0 or c > 1):
                self.enum = c
                self.exact = obs.stock_left == 0
                if self.exact:
                    self.probing = False  # every split, deeper set by set
                self.offset = self.prng.below(c)
                # the order: a step near c * 0.62 that visits every residue
                # mod c (spreads the worlds when the budget ends part way)
                k = (c * 5) // 8
                if k < 1:
                    k = 1
                while True:
                    a = k
                    b = c
                    while b:  # Euclid: a becomes gcd(k, c)
                        t = a % b
                        a = b
                        b = t
                    if a == 1:
                        break
                    k += 1
                self.stride = k
                # the first world (the probe) is the first split
                self.sampler.sample(obs, self.world, self.prng, self.offset)
        # the first play of a deal weighs the most plays, and the deal's
        # other plays follow from it (more worlds there play better with
        # two players; with four they measured nothing); an exact solve
        # ends the hand. Both may take longer: a board's median decision
        # stays within the deadline (docs/ai.md)
        if work and (self.exact or obs.hand_len == rules.hand_size and rules.players != 4):
            self.work = _LONG * work
            self.deadline = _LONG * deadline

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
        if self.exact and not self.enum:
            # (a fixed budget: with work, begin() enumerates the one world)
            ok = self._pass(n, self.depth, self.worlds * self.nodes_per_world)
            if ok == _HELD:
                return False
            self.spent += self.nodes
            if ok:
                for i in range(n):
                    totals[i] = self.cur[i]
                self.samples_done = self.depth
                if not self.cut or self.depth >= _MAX_PLY:
                    self.finished = True  # solved to the end of the hand
                self.depth += 2
            else:
                self.finished = True
        elif self.work:
            self._anytime(n, totals)
        else:
            if not self.depth_left[_HOLD]:
                if self.tried:
                    self.sampler.sample(self.obs, self.world, self.prng, -1 - self.tried)
                self.tried += 1
            ok = self._pass(n, self.depth, self.nodes_per_world)
            if ok == _HELD:
                return False
            self.spent += self.nodes
            if ok:
                for i in range(n):
                    totals[i] += self.cur[i]
                self.samples_done += 1
            if self.tried >= self.worlds:
                self.finished = True
        return self.finished

    def _anytime(self, n, totals):
        # one pass of the anytime schedule (begin()). With cards in the
        # stock: the first world deeper and deeper (probing), then more
        # worlds at the depth reached. With none and few splits (exact):
        # every split searched (a set, in the enumeration's order), then
        # the set again 2 plies deeper while some world stopped short of
        # the hand's end. A pass that runs out of budget is dropped: the
        # worlds or the depth before stand (the last whole set; a first set
        # cut short stands for what it searched)
        exact = self.exact
        left = self.work - self.spent
        if left <= 0:
            self.finished = True
            return
        # this pass's world (the first one: dealt by begin()): the t-th
        # split in the enumeration's order, or one sampled
        t = self.tried if exact else self.samples_done
        if self.depth_left[_HOLD]:
            pass  # the pass held at the last step's end goes on: its world is dealt
        elif (self.tried or self.sets) if exact else not self.probing:
            if self.enum:
                t = (self.offset + t * self.stride) % self.enum
            else:
                t = -1 - t  # the t-th sampled world
            self.sampler.sample(self.obs, self.world, self.prng, t)
        # one world (two players, exact): only the best play matters; the
        # last set's best is searched first
        ok = self._pass(n, self.depth, left, self.first if exact and self.enum == 1 else -1)
        if ok == _HELD:
            return
        cost = self.nodes
        self.spent += cost
        if not ok:
            self.finished = True
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
                # the integer square root
                r = 1
                while (r + 1) * (r + 1) <= grow:
                    r += 1
                grow = r
            if grow < 2:
                grow = 2
            if (self.cut and self.depth + 2 <= _MAX_PLY
                    and cost * grow * grow * _MIN_WORLDS <= self.work - self.spent):
                self.depth += 2
                self.last_cost = cost
            else:
                self.probing = False
        else:
            for i in range(n):
                totals[i] += self.cur[i]
            if exact:
                self.tried += 1
                if self.cut:
                    self.set_cut = True
                if not self.sets:
                    self.samples_done = self.tried
                if self.tried == self.enum:
                    # a whole set: its totals where the one-ply values were
                    # (needed only while no world has finished)
                    done = self.one_ply
                    for i in range(n):
                        done[i] = totals[i]
                        totals[i] = 0
                    self.scored = False
                    self.sets += 1
                    self.samples_done = self.enum
                    self.first = self.best()
                    if not self.set_cut or self.depth + 2 > _MAX_PLY:
                        self.finished = True  # solved to the end of the hand
                    else:
                        self.depth += 2
                        # a pass one ply short of the hand's end costs about
                        # what the whole solve does (the last play is all but
                        # forced): go to the end instead
                        if self.depth == sum(self.obs.hand_n) - 1 and self.depth + 2 <= _MAX_PLY:
                            self.depth += 2
                        self.tried = 0
                        self.set_cut = False
                return
            self.samples_done += 1
        if self.samples_done >= self.worlds:
            self.finished = True

    def best(self):
        """The chosen root play's index, after begin() and steps (a pass
        held at a slice's end is let go: its world is given back)."""
        if self.depth_left[_HOLD]:
            self._release()
        n = self.n
        if n == 1:
            return 0
        totals = self.totals
        if self.sets:
            totals = self.one_ply
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

    def _pass(self, n, depth, cap, first=-1):
        """Search every root play depth plies into self.cur: 1 done, 0
        when the search needed more than cap positions or the deadline
        passed, _HELD when the step's slice ended (SLICE positions, with a
        clock; the next call, with the same arguments, goes on from there).

        first >= 0: only the best play matters (one world: nothing is
        summed). That play is searched first, and the others only as far as
        it takes to see that they are no better (alpha-beta at the root:
        such a play's value is set just below the best's)."""
        w = self.world
        j = 0
        floor = -_INF
        hold = self.depth_left[_HOLD]
        if hold:
            self.depth_left[_HOLD] = 0
            j = self.beta[_HOLD]
            floor = self.alpha[_HOLD]
        else:
            self.nodes = 0
            self.node_cap = cap
            self.aborted = False
            self.cut = False
        self.slice_left = SLICE if self.clock is not None else _INF
        while j < n:
            i = j
            if first >= 0:
                # first, then the others in their order
                i = first if j == 0 else (j - 1 if j <= first else j)
            if hold:
                v = self._run(hold, self.best_v[_HOLD])
                hold = 0
            else:
                w.apply(self.root[2 * i], self.root[2 * i + 1])
                v = self._value(depth - 1, floor)
            if self.depth_left[_HOLD]:
                self.beta[_HOLD] = j
                self.alpha[_HOLD] = floor
                return _HELD
            w.undo_play()
            if self.aborted:
                return 0
            if first >= 0:
                if v > floor:
                    floor = v
                else:
                    v = floor - 1  # at most the best so far: below it, whatever the order
            self.cur[i] = v
            j += 1
        return 1

    def _release(self):
        # a held pass let go: every play and deal made below the root play
        # given back, then the root play (the world as the decision dealt it)
        w = self.world
        p = self.depth_left[_HOLD]
        self.depth_left[_HOLD] = 0
        if self.best_v[_HOLD] == _OPEN and self.dealt[p]:
            w.undeal()
        while p > 1:
            p -= 1
            w.undo_play()
            if self.dealt[p]:
                w.undeal()
        w.undo_play()

    def _value(self, depth, floor=-_INF):
        """Alpha-beta value for self.side (quarter points) of the world as it
        stands (a root play just made), searched depth plies; iterative.
        floor: a value already reached at the root (the result is exact
        above it, and only at most it below)."""
        self.alpha[1] = floor
        self.beta[1] = _INF
        self.depth_left[1] = depth if depth > 0 else 0
        v = self._open(1)
        self.slice_left -= 1
        return self._run(1, v)

    def _run(self, p, v):
        # _value's loop from ply p, v (_OPEN: the frame lists its plays, else
        # the value just found there); at a slice's end it stops with p and
        # v kept in slot _HOLD for the next call
        w = self.world
        alpha = self.alpha
        beta = self.beta
        best = self.best_v
        maximize = self.maximize
        depth_left = self.depth_left
        dealt = self.dealt
        plays = self.plays
        left = self.slice_left
        while True:
            if v == _OPEN:
                if alpha[p] < beta[p] and plays.next(p):
                    w.apply(plays.word, plays.take)
                    p += 1
                    alpha[p] = alpha[p - 1]
                    beta[p] = beta[p - 1]
                    depth_left[p] = depth_left[p - 1] - 1
                    v = self._open(p)
                    if self.aborted:
                        # give back every play and deal made below the root play
                        while p > 1:
                            p -= 1
                            w.undo_play()
                            if dealt[p]:
                                w.undeal()
                        return 0
                    left -= 1
                    if left <= 0:
                        depth_left[_HOLD] = p
                        best[_HOLD] = v
                        return 0
                    continue
                v = best[p]  # every play tried (or a cut-off): the frame is done
                if dealt[p]:
                    w.undeal()
            if p == 1:
                self.slice_left = left
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
        dealt = self.dealt
        dealt[p] = 0
        if not w.hand_n[w.to_move] and w.hands_empty():
            if w.stock_pos == 52:
                return self.ev.final(w, self.side, self.carry)
            w.deal()
            dealt[p] = 1
        n = self.nodes + 1
        self.nodes = n
        if n > self.node_cap or (not n & _CLOCK_EVERY and self._late()):
            self.aborted = True
        elif self.depth_left[p] == 0 or p >= _MAX_PLY:
            self.cut = True
            # the static value, and what the seat to move takes at once
            ev = self.ev
            v = ev.static(w, self.side, self.carry) + ev.threat(w, self.side)
            if dealt[p]:
                w.undeal()
            return v
        else:
            mx = (w.to_move % w.nsides) == self.side  # (a State's field: Rules.sides is a property)
            self.maximize[p] = mx
            self.best_v[p] = -_INF if mx else _INF
            self.plays.start(w, -1, True, p)
            return _OPEN
        if dealt[p]:
            w.undeal()
        return 0
