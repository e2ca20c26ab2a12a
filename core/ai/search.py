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
extends): every legal play, or the _ROOT_CAP best after one ply on a huge
floor. Below the root every play is searched, one cursor slot per ply.

``Search`` is the engine (the frames, _pass, best's tally); which worlds
it searches, how deep and how many, is a schedule's: Fixed (worlds x
plies, core/ai/fixed.py), _Anytime (the probe deeper and deeper, then more worlds) and
_LastDeal (every split as a set, then again deeper), each a small object
made once with the Search and picked per decision by begin().

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

from core.ai.roots import Roots
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
# where a step ends changes. About 2 ms a position on a board
# (core/ai/player.py _POSITIONS_PER_SECOND): a step of 12 positions (13 with
# the one that ends it) about 25 ms, under the 50 ms a turn of the loop may take
SLICE = const(12)
_HELD = const(2)  # _pass(): held at a slice's end (else 1 done, 0 dropped)
# slot 0 of the frame arrays holds a held pass: depth_left the ply _value's
# loop goes on from (0: none held), best_v the value found there, alpha the
# root's floor, beta the root play's place in the order
_HOLD = const(0)


class Search(Roots):
    """The engine: a decision's root plays (Roots), each searched with
    alpha-beta (_pass) in the world a schedule deals, their values summed
    in totals over the worlds that finished (best). The schedules, made
    once (nothing is allocated per decision): fixed (work 0; None unless
    made with fixed), anytime (sampled or enumerated worlds, with cards in
    the stock) and last_deal (anytime, every split of a last deal);
    begin() picks the decision's (sched; None once decided)."""

    def __init__(self, rules, seed=1, fixed=True, beliefs=False):
        # one frame per ply (index 1.._MAX_PLY; 0 lists the root)
        Roots.__init__(self, rules, seed, _MAX_PLY + 1)  # plays: slot p lists ply p's plays
        # a value per root play (as one_ply: _ROOT_CAP)
        self.totals = array("i", self.one_ply)  # summed over worlds
        self.cur = array("i", self.one_ply)  # this world's values
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
        # time slicing (SLICE): positions (leaves at the hand's end included)
        # left in this step's slice; a pass held at its end is kept in the
        # frame arrays' slot 0, which no ply uses (_HOLD)
        self.slice_left = 0
        self.obs = None
        self.n = 0
        self.work = 0  # anytime: the decision's budget in positions (0: fixed)
        self.spent = 0  # positions searched so far in this decision
        self.samples_done = 0  # worlds (or depth, one world) in totals
        # the fixed schedule's code (core/ai/fixed.py) only where a fixed
        # budget is searched: hard, the arena's (Player passes fixed)
        self.reading = False    # the beliefs read a play a step before the decision begins
        self.pending_worlds = self.pending_depth = self.pending_nodes = self.pending_work = 0
        self.fixed = None
        if fixed:
            from core.ai.fixed import Fixed
            self.fixed = Fixed(self, 0, 0, 0)
        # beliefs (core/ai/beliefs.py: the master's): the other hands dealt
        # by what each seat has shown this deal
        self.beliefs = None
        if beliefs:
            from core.ai.beliefs import Beliefs
            self.beliefs = Beliefs(rules)
            self.sampler.weights = self.beliefs.weight
        self.anytime = _Anytime(self, 0, 0, 0)
        self.last_deal = _LastDeal(self, 0, 0, 0)
        self.sched = None

    def begin(self, obs, worlds, depth, nodes, clock=None, deadline=0, work=0):
        """Start a decision; then call step() until it returns True (or time
        runs out: the device answers its buttons between steps), then best().

        work 0 (Fixed: a Search made with fixed): worlds searched depth
        plies each, a world dropped past nodes positions (so that no
        decision runs away); with two players and an empty stock the one
        true world deeper and deeper.
        work > 0, anytime: the decision's budget, in positions (DEVICE_WORK,
        calibrated to the device's deadline): _LastDeal when the stock is
        empty and the splits of the unseen cards are few (at most worlds),
        else _Anytime. The first play of a deal (a full hand; not with four
        players) and the exact solve of a last deal get _LONG times the work
        and the deadline.
        clock/deadline: stop once clock.since(start) >= deadline ms.
        """
        self.obs = obs
        self.clock = clock
        self.deadline = deadline
        self.start = clock.ticks_ms() if clock is not None else 0
        self.pending_worlds = worlds
        self.pending_depth = depth
        self.pending_nodes = nodes
        self.pending_work = work
        b = self.beliefs
        self.reading = False
        if b is not None:
            # the deal's plays read into the beliefs a play a step
            # (Beliefs.next), then the decision begins (_begin)
            b.begin(obs)
            if b.left:
                self.reading = True
                self.n = 0
                self.sched = None
                return
        self._begin()

    def _begin(self):
        # begin()'s decision, once the beliefs (if any) are read
        obs = self.obs
        worlds = self.pending_worlds
        depth = self.pending_depth
        nodes = self.pending_nodes
        work = self.pending_work
        deadline = self.deadline
        b = self.beliefs
        if b is not None:
            self.sampler.weighted = b.active
        self.n = self.root_plays(obs)
        rules = self.rules
        self.work = work
        self.spent = 0
        self.samples_done = 0
        self.depth_left[_HOLD] = 0
        for i in range(self.n):
            self.totals[i] = 0
        if work:
            # few splits of the unseen cards: enumerate them
            c = self.sampler.count(obs, worlds)
            if c and obs.stock_left == 0:
                sched = self.last_deal
            else:
                sched = self.anytime
            sched.begin(self, worlds, depth, c)
            # the first play of a deal weighs the most plays, and the deal's
            # other plays follow from it (more worlds there play better with
            # two players; with four they measured nothing); an exact solve
            # ends the hand. Both may take longer: a board's median decision
            # stays within the deadline (docs/ai.md)
            if sched is self.last_deal or obs.hand_len == rules.hand_size and rules.players != 4:
                self.work = _LONG * work
                self.deadline = _LONG * deadline
        else:
            sched = self.fixed
            sched.begin(self, worlds, depth, nodes)
        self.sched = sched if self.n > 1 else None

    def step(self):
        """One step of the decision's schedule: a world searched, or a
        deeper pass (or a slice of either). Returns True when the decision
        needs no more steps."""
        if self.reading:
            if self.beliefs.next(self.world, self.plays):
                self.reading = False
                self._begin()
            return False
        sched = self.sched
        if sched is None:
            return True
        if self._late() or sched.step(self):
            self.sched = None
            return True
        return False

    def best(self):
        """The chosen root play's index, after begin() and steps (a pass
        held at a slice's end is let go: its world is given back)."""
        p = self.depth_left[_HOLD]
        if p:
            # a held pass let go: every play and deal made below the root
            # play given back, then the root play (the world as the decision
            # dealt it)
            w = self.world
            self.depth_left[_HOLD] = 0
            if self.best_v[_HOLD] == _OPEN and self.dealt[p]:
                w.undeal()
            while p > 1:
                p -= 1
                w.undo_play()
                if self.dealt[p]:
                    w.undeal()
            w.undo_play()
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
            # (an opponent's: with what its drawn hand would take)
            ev = self.ev
            v = ev.static(w, self.side, self.carry) + ev.threat(w, self.side, ev.chance(w, self.side))
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


def _enumerate(sched, s, c):
    # c splits of the unseen cards (0: none) searched in an order that
    # spreads them when the budget ends part way: split (offset + t * stride)
    # % c, offset drawn, stride near c * 0.62 and prime to c (it visits every
    # residue); the first split dealt
    sched.enum = c
    sched.offset = s.prng.below(c) if c else 0
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
    sched.stride = k
    if c:
        s.sampler.sample(s.obs, s.world, s.prng, sched.offset)


class _Anytime:
    """work > 0, with cards in the stock (or too many splits): the first
    world searched depth plies, then 2 deeper and deeper (probing) while the
    next depth, predicted from the last two, fits _MIN_WORLDS times in what
    is left; then more worlds at that depth (at most worlds) until the work
    is spent. The worlds are sampled or, when the unseen cards split few
    ways (more than one, at most worlds), each split once (_enumerate). A
    pass that runs out of work is dropped: the worlds or the depth before
    stand."""

    def begin(self, s, worlds, depth, c):
        self.worlds = worlds
        self.depth = depth
        self.last_cost = 0  # the probe's last pass (0: none yet; -1: the probe is over)
        _enumerate(self, s, c if c > 1 else 0)

    __init__ = begin  # made with the Search (c 0: nothing dealt)

    def step(self, s):
        n = s.n
        totals = s.totals
        left = s.work - s.spent
        if left <= 0:
            return True
        if not s.depth_left[_HOLD] and self.last_cost < 0:
            # the next world (a pass held at the last step's end goes on in
            # its own): the t-th split in the enumeration's order, or sampled
            t = s.samples_done
            if self.enum:
                t = (self.offset + t * self.stride) % self.enum
            else:
                t = -1 - t
            s.sampler.sample(s.obs, s.world, s.prng, t)
        ok = s._pass(n, self.depth, left)
        if ok == _HELD:
            return False
        cost = s.nodes
        s.spent += cost
        if not ok:
            return True
        wt = s.sampler.wt  # the world's weight (1 unless weighted, enumerated)
        if self.last_cost >= 0:  # probing
            for i in range(n):
                totals[i] = s.cur[i] * wt
            s.samples_done = 1
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
            if (s.cut and self.depth + 2 <= _MAX_PLY
                    and cost * grow * grow * _MIN_WORLDS <= s.work - s.spent):
                self.depth += 2
                self.last_cost = cost
            else:
                self.last_cost = -1
        else:
            for i in range(n):
                totals[i] += s.cur[i] * wt
            s.samples_done += 1
        return s.samples_done >= self.worlds


class _LastDeal:
    """work > 0, an empty stock and few splits of the unseen cards (at most
    worlds): every split searched depth plies (a set, _enumerate), then the
    set again 2 plies deeper while some world stopped short of the hand's
    end (set_cut), to the end of the hand when the work allows. With two
    players it is one world, the truth: an exact solve, alpha-beta at the
    root as well (the last set's best searched first). The passes of a set
    are summed in totals while no set is whole, then in one_ply, and a whole
    set's sums go to totals; a pass that runs out of work is dropped (the
    last whole set stands, or a first set cut short for what it searched)."""

    def begin(self, s, worlds, depth, c):
        self.depth = depth
        self.tried = 0  # passes of this set
        self.sets = 0  # whole sets searched
        self.set_cut = False
        self.first = 0
        _enumerate(self, s, c)

    __init__ = begin  # made with the Search (c 0: nothing dealt)

    def step(self, s):
        n = s.n
        left = s.work - s.spent
        if left <= 0:
            return True
        t = self.tried
        if not s.depth_left[_HOLD] and (t or self.sets):
            s.sampler.sample(s.obs, s.world, s.prng, (self.offset + t * self.stride) % self.enum)
        ok = s._pass(n, self.depth, left, self.first if self.enum == 1 else -1)
        if ok == _HELD:
            return False
        s.spent += s.nodes
        if not ok:
            return True
        acc = s.one_ply if self.sets else s.totals
        wt = s.sampler.wt  # the split's weight (1 unless weighted)
        for i in range(n):
            acc[i] += s.cur[i] * wt
        t += 1
        self.tried = t
        if s.cut:
            self.set_cut = True
        if not self.sets:
            s.samples_done = t
        if t < self.enum:
            return False
        # a whole set: its sums in totals, one_ply cleared for the next
        totals = s.totals
        one = s.one_ply
        for i in range(n):
            totals[i] = acc[i]
            one[i] = 0
        s.scored = False
        self.sets += 1
        self.first = s.best()
        if not self.set_cut or self.depth + 2 > _MAX_PLY:
            return True  # solved to the end of the hand
        self.depth += 2
        # a pass one ply short of the hand's end costs about what the whole
        # solve does (the last play is all but forced): go to the end instead
        if self.depth == sum(s.obs.hand_n) - 1 and self.depth + 2 <= _MAX_PLY:
            self.depth += 2
        self.tried = 0
        self.set_cut = False
        return False
