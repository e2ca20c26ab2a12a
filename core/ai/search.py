"""Determinized search: Perfect Information Monte Carlo with alpha-beta.

For each sampled world (core/ai/world.py) every root play is searched a few
plies deep with alpha-beta (the seat's side maximizes, the others minimize)
and scored by the static evaluation, or exactly at the end of the hand. The
play with the best total over the samples is chosen. With two players and
an empty stock nothing is hidden: one world is the truth, and the search runs
to the end of the hand (an exact solve, bounded by a node budget).

Anytime: the budget is a number of samples, or a deadline on a clock
(``ticks_ms``-style function and milliseconds): the search stops between
samples once the deadline has passed. Allocates nothing per decision.
"""
from array import array

from core import cards as C
from core.ai.evaluate import Evaluator
from core.ai.world import Sampler
from core.compat import const
from core.prng import Prng
from core.state import State

ROOT_CAP = const(128)  # root plays (by value) considered
NODE_CAP = const(40)  # plays per deeper node
MAX_PLY = const(13)  # plies below the root: a whole 2-player Lebanese last deal
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
        self.totals = array("i", [0] * ROOT_CAP)
        self.buf = array("i", [0] * (2 * NODE_CAP * MAX_PLY))
        self.side = 0
        self.carry = 0
        self.nodes = 0
        self.node_cap = 0
        self.samples_done = 0

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

    def choose(self, obs, samples, depth, node_cap=20000, clock=None, deadline=0):
        """Index (into self.root) of the best play for obs.

        samples: worlds to search (at least one); depth: plies per world;
        clock/deadline: stop between samples once clock() - start >= deadline
        (a ticks_ms-like function, wrap-safe difference).
        """
        n = self.root_plays(obs)
        if n == 1:
            return 0
        w = self.world
        rules = self.rules
        self.side = obs.seat % rules.sides
        self.carry = obs.carry
        exact = rules.players == 2 and obs.stock_left == 0
        if exact:
            samples = 1
            depth = MAX_PLY
        self.node_cap = node_cap
        for i in range(n):
            self.totals[i] = 0
        start = clock() if clock is not None else 0
        done = 0
        while done < samples:
            if done:
                self.sampler.sample(obs, w, self.prng)
            self.nodes = 0
            for i in range(n):
                if not self.keep[i]:
                    continue
                w.apply(self.root[2 * i], self.root[2 * i + 1])
                v = self.value(depth - 1, 1, -INF, INF)
                w.undo_play()
                self.totals[i] += v
            done += 1
            if clock is not None and ((clock() - start) & 0x3FFFFFFF) >= deadline:
                break
        self.samples_done = done
        best = -1
        best_v = -INF
        for i in range(n):
            if self.keep[i] and self.totals[i] > best_v:
                best_v = self.totals[i]
                best = i
        return best

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
        if depth <= 0 or ply >= MAX_PLY or self.nodes >= self.node_cap:
            return self.ev.static(w, self.side, self.carry)
        self.nodes += 1
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
