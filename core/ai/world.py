"""A world consistent with an observation: the unseen cards dealt at random.

The other seats get as many unseen cards as they hold, the stock the rest,
in a random order. The oracle (an observation with ``cheat``) copies the
true state instead. When few splits of the unseen cards into the other
hands are possible (``count``), ``deal`` makes the k-th of them (the stock's
order still drawn), so that a search can take each once. Allocates nothing.

What the table tells (``Observation.declined``) weighs the deals: a hand
holding a card of a rank its seat declined this round is kept with
chance 1/4 per decline (rejection sampling, at most RETRIES deals, the
last one kept): the worlds come in proportion to how likely the plays
seen were, under a simple model of the others (they take what they can).
"""
from core.ai.observe import UNSEEN, copy_piles
from core.compat import const
from core.state import FLOOR, HAND, PILE

RETRIES = const(24)  # deals tried for one world
DECLINE_SHIFT = const(2)  # a declined rank in hand: the deal kept 1 time in 4


class Sampler:
    def __init__(self):
        self.pool = bytearray(52)
        self.infer = False  # weigh the deals by the plays seen (the expert)
        self.shift = DECLINE_SHIFT

    def sample(self, obs, world, prng):
        """Make world (a State of obs's rules) one possible truth behind obs."""
        if obs.cheat is not None:
            copy_state(obs.cheat, world)
            return world
        n = self._gather(obs, world)
        pool = self.pool
        tries = 0
        while True:
            prng.shuffle(pool, n)
            tries += 1
            if not self.infer or tries >= RETRIES or prng.below(64) < self.weight(obs, pool):
                break
        return self._place(obs, world, n)

    def count(self, obs, cap):
        """How many ways the unseen cards split into the other seats' hands
        (the stock holding the rest, in any order): 0 when more than cap."""
        left = obs.unseen()
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

    def deal(self, obs, world, prng, index):
        """Make world the index-th split (0 <= index < count()) of the unseen
        cards into the other hands; the stock's order is random. Every split
        once: the worlds enumerated rather than sampled."""
        n = self._gather(obs, world)
        pool = self.pool
        k = 0
        for s in range(obs.nseats):
            if s == obs.seat:
                continue
            h = obs.hand_n[s]
            ways = choose(n - k, h)
            _unrank(pool, k, n, h, index % ways)
            index //= ways
            k += h
        # the stock: the rest in a random order (Fisher-Yates on pool[k:n])
        i = n - 1
        while i > k:
            j = k + prng.below(i - k + 1)
            t = pool[i]
            pool[i] = pool[j]
            pool[j] = t
            i -= 1
        return self._place(obs, world, n)

    def _gather(self, obs, world):
        # world cleared, the seen cards in place; the unseen ones listed in
        # self.pool, in card order; returns how many
        seat = obs.seat
        world.clear(obs.dealer)
        pool = self.pool
        n = 0
        where = obs.where
        for c in range(52):
            w = where[c]
            if w == UNSEEN:
                pool[n] = c
                n += 1
            elif w == FLOOR:
                world.lay(c)
            elif w >= PILE:
                world.loc[c] = w
        for i in range(obs.hand_len):
            c = obs.hand[i]
            world.hand[6 * seat + i] = c
            world.loc[c] = HAND + seat
        world.hand_n[seat] = obs.hand_len
        return n

    def _place(self, obs, world, n):
        # the other hands dealt from the start of pool, seat by seat; the
        # stock the rest
        pool = self.pool
        seat = obs.seat
        k = 0
        for s in range(obs.nseats):
            if s == seat:
                continue
            base = 6 * s
            for i in range(obs.hand_n[s]):
                c = pool[k]
                k += 1
                world.hand[base + i] = c
                world.loc[c] = HAND + s
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

    def weight(self, obs, pool):
        """How likely (of 64) the plays seen are with the other hands dealt
        from the start of pool (seat by seat, as sample() deals them)."""
        d = obs.declined
        shift = 0
        k = 0
        for s in range(obs.nseats):
            if s == obs.seat:
                continue
            base = 13 * s
            for i in range(obs.hand_n[s]):
                shift += d[base + (pool[k] >> 2)]
                k += 1
        shift *= self.shift
        return 64 >> shift if shift < 7 else 0


def choose(n, k):
    """The binomial coefficient C(n, k) (k <= 6, n <= 52: small ints)."""
    if k < 0 or k > n:
        return 0
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


def _unrank(pool, k, n, h, rank):
    # move the rank-th h-card combination of pool[k:n] (in the order it
    # stands) to pool[k:k + h]; the rest keep a fixed order
    m = n - k
    i = 0
    got = 0
    while got < h:
        ways = choose(m - i - 1, h - got - 1)
        if rank < ways:
            t = pool[k + i]
            pool[k + i] = pool[k + got]
            pool[k + got] = t
            got += 1
        else:
            rank -= ways
        i += 1


def copy_state(src, dst):
    """dst becomes src (same rules), without its undo history."""
    dst.clear(src.dealer)
    for c in range(52):
        w = src.loc[c]
        if w == FLOOR:
            dst.lay(c)
        else:
            dst.loc[c] = w
        dst.stock[c] = src.stock[c]
    for i in range(len(src.hand)):
        dst.hand[i] = src.hand[i]
    for s in range(src.nseats):
        dst.hand_n[s] = src.hand_n[s]
    copy_piles(src, dst)
    dst.stock_pos = src.stock_pos
    dst.to_move = src.to_move
    dst.last_capturer = src.last_capturer
    # the plays made (seen by all): the table's history
    for i in range(src.undo_top):
        dst.undo[i] = src.undo[i]
    dst.undo_top = src.undo_top
    dst.plies = src.plies
