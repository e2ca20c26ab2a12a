"""A world consistent with an observation: the unseen cards dealt at random.

The other seats get as many unseen cards as they hold, the stock the rest,
in a random order (the oracle's sampler, core/ai/oracle.py, copies the
true state instead). When few splits of the unseen cards
into the other hands are possible (``count``), ``sample`` makes the k-th of
them when asked (the stock's order still drawn), so that a search can take
each once. With four players the sampled worlds come in cycles: one order
of the unseen cards, turned by the next player's hand from world to world,
so that the next player holds each unseen card in one world of a cycle at
most (fewer worlds miss or repeat a card it may hold).

With beliefs (``weights``: core/ai/beliefs.py, a weight a card for each
seat's hand, and ``weighted`` set for the decision), a sampled world deals
each other hand, the next player's first, by drawing its cards one by one
with chances in proportion to their weights for that seat (no cycles), and
an enumerated split's weight (``wt``, at most _WT_MAX) is the product of
its cards' weights; without them ``wt`` is 1 and the worlds are as
before. Allocates nothing.
"""
from core.ai.observe import copy_piles
from core.compat import const

# other modules' constants, as consts here: no module look-up in the loops
_UNSEEN = const(0)  # core/ai/observe.py UNSEEN (core/state.py STOCK)
_FLOOR = const(1)  # core/state.py FLOOR
_HAND = const(2)  # core/state.py HAND
_PILE = const(6)  # core/state.py PILE
_WT_ONE = const(256)  # a split's weight when nothing is known of its cards
_WT_MAX = const(4096)  # the most (a search's totals stay small ints)


class Sampler:
    def __init__(self):
        self.pool = bytearray(52)
        self.order = bytearray(52)  # four players: the unseen cards' order, a cycle of worlds
        self.weights = None  # core/ai/beliefs.py Beliefs.weight, or None
        self.weighted = False  # this decision's worlds drawn by the weights
        self.wt = 1  # the last world's weight (an enumerated split's, weighted)

    def sample(self, obs, world, prng, index=-1):
        """Make world (a State of obs's rules) one possible truth behind obs:
        the unseen cards shuffled (index < 0: the search's world -1 - index,
        in cycles with four players), or (index >= 0) their index-th split
        into the other hands (0 <= index < count(); the worlds enumerated
        rather than sampled, the stock's order still random)."""
        # the seen cards in place; the unseen ones listed in pool, in card order
        seat = obs.seat
        world.clear(obs.dealer)
        pool = self.pool
        n = 0
        where = obs.where
        loc = world.loc
        for c in range(52):
            w = where[c]
            if w == _UNSEEN:
                pool[n] = c
                n += 1
            elif w == _FLOOR:
                world.lay(c)
            elif w >= _PILE:
                loc[c] = w
        for i in range(obs.hand_len):
            c = obs.hand[i]
            world.hand[6 * seat + i] = c
            world.loc[c] = _HAND + seat
        world.hand_n[seat] = obs.hand_len
        h = obs.hand_n[(seat + 1) % obs.nseats]
        self.wt = 1
        if index < 0 and self.weighted:
            # each other hand drawn card by card, by its weights for that seat
            wts = self.weights
            k = 0
            for j in range(1, obs.nseats):
                s = (seat + j) % obs.nseats
                base = 52 * s
                total = 0
                for i in range(k, n):
                    total += wts[base + pool[i]]
                for _ in range(obs.hand_n[s]):
                    r = prng.below(total)
                    i = k
                    x = wts[base + pool[i]]
                    while r >= x:
                        r -= x
                        i += 1
                        x = wts[base + pool[i]]
                    t = pool[i]
                    pool[i] = pool[k]
                    pool[k] = t
                    total -= x
                    k += 1
            prng.shuffle(pool, n, k)
        elif index < 0 and obs.nseats == 4 and h and (-1 - index) % (n // h):
            # the search's world -1 - index, within a cycle (four players):
            # the order drawn at the cycle's first world, turned by a hand
            # of the next player's a world (the next player holds each
            # unseen card in one world of the cycle at most); the stock
            # shuffled again
            t = (-1 - index) % (n // h) * h
            order = self.order
            for i in range(n):
                pool[i] = order[(i + t) % n]
            k = 0
            for s in range(obs.nseats):
                if s != seat:
                    k += obs.hand_n[s]
            prng.shuffle(pool, n, k)
        elif index < 0:
            prng.shuffle(pool, n)
            for i in range(n):
                self.order[i] = pool[i]
        else:
            k = 0
            for j in range(1, obs.nseats):
                s = (seat + j) % obs.nseats
                h = obs.hand_n[s]
                ways = choose(n - k, h)
                rank = index % ways
                index //= ways
                # the rank-th h-card combination of pool[k:n] (in the order it
                # stands) moved to pool[k:k + h]; the rest keep a fixed order
                m = n - k
                i = 0
                got = 0
                while got < h:
                    rest = choose(m - i - 1, h - got - 1)
                    if rank < rest:
                        t = pool[k + i]
                        pool[k + i] = pool[k + got]
                        pool[k + got] = t
                        got += 1
                    else:
                        rank -= rest
                    i += 1
                k += h
            if self.weighted:
                # the split's weight: its cards' weights multiplied (each
                # in sixteenths), within 1.._WT_MAX
                wts = self.weights
                wt = _WT_ONE
                k = 0
                for j in range(1, obs.nseats):
                    s = (seat + j) % obs.nseats
                    base = 52 * s
                    for i in range(obs.hand_n[s]):
                        wt = wt * wts[base + pool[k]] >> 4
                        if wt > _WT_MAX:
                            wt = _WT_MAX
                        k += 1
                self.wt = wt if wt > 0 else 1
            prng.shuffle(pool, n, k)  # the stock: the rest in a random order
        # the other hands dealt from the start of pool, seat by seat from the
        # next; the stock the rest
        k = 0
        for j in range(1, obs.nseats):
            s = (seat + j) % obs.nseats
            base = 6 * s
            for i in range(obs.hand_n[s]):
                c = pool[k]
                k += 1
                world.hand[base + i] = c
                world.loc[c] = _HAND + s
            world.hand_n[s] = obs.hand_n[s]
        pos = 52 - (n - k)
        world.stock_pos = pos
        while k < n:
            world.stock[pos] = pool[k]
            pos += 1
            k += 1
        copy_piles(obs, world)
        world.to_move = seat
        world.last_capturer = obs.last_capturer
        return world

    def count(self, obs, cap):
        """How many ways the unseen cards split into the other seats' hands
        (the stock holding the rest, in any order): 0 when more than cap."""
        left = 0
        for c in range(52):
            if obs.where[c] == _UNSEEN:
                left += 1
        total = 1
        for s in range(obs.nseats):
            if s == obs.seat:
                continue
            h = obs.hand_n[s]
            ways = choose(left, h)
            if ways > cap:
                return 0
            total *= ways
            if total > cap:
                return 0
            left -= h
        return total


def choose(n, k):
    """The binomial coefficient C(n, k) (k <= 6, n <= 52: small ints)."""
    if k < 0 or k > n:
        return 0
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r

