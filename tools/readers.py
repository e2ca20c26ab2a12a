"""The arena's alternatives to the beliefs' shipped table (core/ai/beliefs.py
RATIO), issue 45's experiments: ``level+s`` deals worlds by SHARP, and
``level+r`` by the ``Reader`` (tools/arena.py).

``Reader``: beliefs that read what kind of player each seat is: a posterior
over TYPES (three ratio tables, the per-player columns of docs/beliefs.md
grouped) from the cards that seat played later in the deal (each was held
at its earlier plays: a type that gave the card's bucket a low ratio is
the less likely), and each card's weight the types' weights mixed by that
posterior. CPython only (floats and lists).
"""
import math

from core.ai.beliefs import BUCKETS, NO_BUCKET, ONE, Beliefs
from core.ai.observe import UNSEEN

# SHARP, issue 45's first inference (a card that would have taken more
# than 2 points more than the play, or made a basra it did not, 8 times
# less likely: 2/16), against the calibrated RATIO (core/ai/beliefs.py)
SHARP = bytes((16, 16, 16, 2, 16, 16, 2, 2, 16, 16, 16, 2, 2))
TABLES = {"s": SHARP}
READER = "r"  # the Reader (below): the table mixed by the player type read


# the Reader's player types: ratios (sixteenths, at least 1) by bucket, the
# per-player columns of docs/beliefs.md averaged: sharp (normal, hard: they
# pass up little), the expert, the mistaken (easy, summiss, thrower)
TYPES = (
    bytes((16, 17, 12, 6, 19, 18, 1, 1, 15, 3, 5, 2, 2)),
    bytes((16, 17, 13, 9, 18, 18, 1, 1, 14, 10, 7, 6, 4)),
    bytes((16, 17, 10, 3, 19, 18, 4, 3, 15, 6, 7, 9, 6)),
)
NEUTRAL = bytes([ONE] * BUCKETS)


class Reader(Beliefs):
    """Beliefs whose table is a mix of TYPES, per seat, by how well each
    type predicted the cards that seat played later in the deal (read
    newest first, so those are known when an older play is read)."""

    def __init__(self, rules, types=TYPES):
        Beliefs.__init__(self, rules, NEUTRAL)
        self.types = types
        self.wts = [bytearray(52 * 4) for _ in types]
        self.score = [[0.0] * 4 for _ in types]  # log-likelihood a seat
        self.later = bytearray(52)  # seat + 1 of the seat that played it later this deal
        self.where = bytearray(52)

    def begin(self, obs):
        Beliefs.begin(self, obs)
        for t in range(len(self.types)):
            w = self.wts[t]
            for i in range(208):
                w[i] = ONE
            for s in range(4):
                self.score[t][s] = 0.0
        for c in range(52):
            self.later[c] = 0

    def next(self, st, cursor):
        done = Beliefs.next(self, st, cursor)
        if done:
            self._mix()
        return done

    def ply(self, st, cursor, dealer, seat, fl, where, actual, laid, out):
        # the cards seat played later count as unseen here: their buckets score the types
        w2 = self.where
        later = self.later
        for c in range(52):
            w2[c] = UNSEEN if later[c] == seat + 1 else where[c]
        Beliefs.ply(self, st, cursor, dealer, seat, fl, w2, actual, laid, out)
        base = 52 * seat
        for t, ratio in enumerate(self.types):
            wt = self.wts[t]
            sc = self.score[t]
            for c in range(52):
                b = out[c]
                if b == NO_BUCKET:
                    continue
                if later[c] == seat + 1:
                    sc[seat] += math.log(ratio[b] / 16.0)
                else:
                    x = wt[base + c] * ratio[b] >> 4
                    wt[base + c] = 1 if x < 1 else (255 if x > 255 else x)
        for c in range(52):
            if later[c] == seat + 1:
                out[c] = NO_BUCKET
        later[self.obs.log[self.at + 1]] = seat + 1
        return out

    def _mix(self):
        # the weights: each seat's types' weights by their posterior (prior even)
        w = self.weight
        nt = len(self.types)
        for s in range(self.nseats):
            top = max(self.score[t][s] for t in range(nt))
            post = [math.exp(self.score[t][s] - top) for t in range(nt)]
            total = sum(post)
            base = 52 * s
            for c in range(52):
                x = int(round(sum(post[t] * self.wts[t][base + c] for t in range(nt)) / total))
                w[base + c] = 1 if x < 1 else (255 if x > 255 else x)
                if x != ONE:
                    self.active = True

    def posterior(self, seat):
        """The types' chances for seat after the log read (for tests)."""
        nt = len(self.types)
        top = max(self.score[t][seat] for t in range(nt))
        post = [math.exp(self.score[t][seat] - top) for t in range(nt)]
        return [p / sum(post) for p in post]
