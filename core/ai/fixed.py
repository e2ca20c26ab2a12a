"""The search's fixed schedule (core/ai/search.py): hard's, and the arena's
fixed budgets. A module of its own, so that the anytime levels' searches
(the expert's, a hint's, a link game's AI seat) do not hold its code."""
from core.compat import const

# core/ai/search.py's (tests/test_ai_enumerate.py checks that they agree)
_MAX_PLY = const(9)  # plies below the root
_HELD = const(2)  # Search._pass: held at a slice's end
_HOLD = const(0)  # the frame arrays' slot of a held pass


class Fixed:
    """work 0: worlds searched depth plies each (the first dealt by
    root_plays), a world dropped past cap positions. With two players and an
    empty stock the one true world, the truth, is searched deeper and
    deeper (2 plies a step) within worlds * cap positions, keeping the
    deepest search that finished (samples_done: its depth)."""

    def begin(self, s, worlds, depth, cap):
        self.worlds = worlds
        self.depth = depth
        self.cap = cap
        self.tried = 0

    __init__ = begin  # made with the Search: one function fewer in the heap

    def step(self, s):
        n = s.n
        totals = s.totals
        if s.rules.players == 2 and s.obs.stock_left == 0:  # exact
            ok = s._pass(n, self.depth, self.worlds * self.cap)
            if ok == _HELD:
                return False
            s.spent += s.nodes
            if not ok:
                return True
            for i in range(n):
                totals[i] = s.cur[i]
            d = self.depth
            s.samples_done = d
            self.depth = d + 2
            return not s.cut or d >= _MAX_PLY  # solved to the end of the hand
        if not s.depth_left[_HOLD]:
            if self.tried:
                s.sampler.sample(s.obs, s.world, s.prng, -1 - self.tried)
            self.tried += 1
        ok = s._pass(n, self.depth, self.cap)
        if ok == _HELD:
            return False
        s.spent += s.nodes
        if ok:
            for i in range(n):
                totals[i] += s.cur[i]
            s.samples_done += 1
        return self.tried >= self.worlds
