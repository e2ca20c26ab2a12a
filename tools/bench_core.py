"""The benchmark's workloads, the same code on CPython and MicroPython.

Each function returns a dict of figures; tools/bench.py runs them on both
VMs and prints the table. Timings use time.perf_counter on CPython and
time.ticks_us on MicroPython.
"""
import time

from core.game import Game
from core.plays import Plays, nth
from core.prng import Prng
from core.presets import preset
from core.state import State
from hal.clock import Clock

try:
    _ticks = time.ticks_us
    _diff = time.ticks_diff

    def now_us():
        return _ticks()

    def since_us(t0):
        return _diff(_ticks(), t0)

except AttributeError:  # CPython
    def now_us():
        return time.perf_counter()

    def since_us(t0):
        return (time.perf_counter() - t0) * 1e6


def _floor_position(st, prng, deck, floor_lo, floor_hi):
    prng.shuffle(deck, 52)
    nf = floor_lo + prng.below(floor_hi - floor_lo + 1)
    st.place(0, list(deck[:4]), list(deck[4:4 + nf]))
    return nf


def _list_all(st, cursor):
    # list every play of the seat to move; returns how many
    cursor.start(st)
    n = 0
    while cursor.next():
        n += 1
    return n


def gen_typical(positions=300, repeat=20):
    """Mean microseconds to list every legal play: 4 cards in hand, 4 to 6 on the floor."""
    st = State(preset("egyptian"))
    cursor = Plays()
    prng = Prng(1)
    deck = bytearray(range(52))
    total = 0
    plays = 0
    for _ in range(positions):
        _floor_position(st, prng, deck, 4, 6)
        t0 = now_us()
        for _ in range(repeat):
            n = _list_all(st, cursor)
        total += since_us(t0)
        plays += n
    return {"us": total / (positions * repeat), "plays": plays / positions}


def gen_worst(positions=200, variant="egyptian"):
    """The slowest listing of every play over random floors of 10 to 20 cards."""
    st = State(preset(variant))
    cursor = Plays()
    prng = Prng(2)
    deck = bytearray(range(52))
    worst = 0
    worst_floor = 0
    worst_plays = 0
    most = 0
    for _ in range(positions):
        nf = _floor_position(st, prng, deck, 10, 20)
        t0 = now_us()
        n = _list_all(st, cursor)
        us = since_us(t0)
        if n > most:
            most = n
        if us > worst:
            worst = us
            worst_floor = nf
            worst_plays = n
    return {"us": worst, "floor": worst_floor, "plays": worst_plays, "most_plays": most}


# constructed floors: (hand, floor) as card ints (rank * 4 + suit), the
# slowest to list that we know of
CONSTRUCTED = {
    # an 8 on 14 small number cards (the 1,344 plays by suit)
    "small14": ([7 * 4], [0, 1, 4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 24, 25]),
    # a 10 facing every other number card: the most takes one card can have
    "full": ([9 * 4], [c for c in range(40) if c != 9 * 4]),
}


def gen_constructed(name, variant="egyptian"):
    """Microseconds to list every play of a constructed floor."""
    hand, floor = CONSTRUCTED[name]
    st = State(preset(variant))
    st.place(0, hand, floor)
    cursor = Plays()
    t0 = now_us()
    n = _list_all(st, cursor)
    return {"us": since_us(t0), "floor": len(floor), "plays": n}


def _greedy(st, cursor):
    # the play that takes the most points, then the most cards (cursor left on it)
    side = st.to_move % st.nsides
    best = 0
    best_v = -1
    i = 0
    cursor.start(st)
    while cursor.next():
        st.apply(cursor.word, cursor.take)
        v = st.pile_points[side] * 64 + st.basras[side] * 640 + st.pile_n[side]
        st.undo_play()
        if v > best_v:
            best_v = v
            best = i
        i += 1
    nth(cursor, st, best)


def _turns(g, hands, first):
    """Each position to play in hands whole hands of g, the h-th dealt from
    seed first + h and scored at its end (the stock dealt as the hands run
    out): yields the state, for the caller to play one play on it."""
    for h in range(hands):
        g.reset(first + h)
        g.start_hand()
        st = g.state
        while not st.hand_over():
            if st.hands_empty():
                st.deal()
            yield st
        g.end_hand()


def greedy_hands(hands=10):
    """Milliseconds per hand of greedy self-play (2 players, egyptian)."""
    g = Game(preset("egyptian"), 1)
    cursor = Plays()
    t0 = now_us()
    for st in _turns(g, hands, 1):
        _greedy(st, cursor)
        st.apply(cursor.word, cursor.take)
    return {"ms": since_us(t0) / 1000 / hands}


def rp2040_clock(scale):
    """A clock of RP2040-equivalent milliseconds: this VM's ms times scale,
    wrapped as a board's (hal.clock's arithmetic)."""
    try:
        ticks = time.ticks_ms

        def source():
            return int(ticks() * scale) & 0x1FFFFFFF

    except AttributeError:  # CPython
        def source():
            return int(time.perf_counter() * 1000 * scale) & 0x1FFFFFFF

    return Clock(source)


def ai_decisions(level, hands=2, players=2, scale=0):
    """Milliseconds per AI decision (median, worst) over whole hands, both seats
    the level. scale (RP2040 factor of this VM): decide against the level's
    deadline (core/ai/player.py) on an RP2040-equivalent clock."""
    from core.ai.levelbot import choose
    from core.ai.player import Player

    rules = preset("egyptian", players=players)
    g = Game(rules, 1)
    seats = [Player(rules, level, s + 1) for s in range(players)]
    times = []
    for st in _turns(g, hands, 7):
        t0 = now_us()
        if scale:
            word, take = choose(seats[st.to_move], st, st.to_move, 0, rp2040_clock(scale))
        else:
            word, take = choose(seats[st.to_move], st, st.to_move)
        times.append(since_us(t0) / 1000)
        st.apply(word, take)
    times.sort()
    return {"median": times[len(times) // 2], "worst": times[-1], "decisions": len(times)}


def search_rate(players=2, hands=4):
    """Positions a second the expert's search visits at its budget (work in
    positions, no clock) over whole hands, both seats the expert: the rate
    behind core/ai/player.py _POSITIONS_PER_SECOND (tools/calibrate.py
    vm_search_rate scales it to a board)."""
    from core.ai.levelbot import decide
    from core.ai.observe import observe
    from core.ai.player import Player

    rules = preset("egyptian", players=players)
    g = Game(rules, 1)
    seats = [Player(rules, "expert", s + 1) for s in range(players)]
    us = 0
    positions = 0
    for st in _turns(g, hands, 7):
        p = seats[st.to_move]
        s = p.search
        obs = observe(st, st.to_move, p.obs)
        t0 = now_us()
        i = decide(p, obs)
        us += since_us(t0)
        positions += s.spent
        st.apply(s.root[2 * i], s.root[2 * i + 1])
    return {"positions": positions, "ms": us / 1000, "per_second": positions * 1e6 / us}


def last_deal_solves(hands=30, seed=99):
    """Positions the expert's exact solve of a 2-player last deal needs (every
    pass counted, no budget), by cards left in the two hands (6, 7, 8), over
    hands of random play: {cards: sorted list} (docs/ai.md)."""
    from core.ai.observe import observe
    from core.ai.player import Player

    rules = preset("egyptian", players=2)
    p = Player(rules, "expert", 1)
    s = p.search
    cursor = Plays()
    prng = Prng(seed)
    need = {6: [], 7: [], 8: []}
    for st in _turns(Game(rules, 1), hands, 1):
        left = st.hand_n[0] + st.hand_n[1]
        if st.stock_pos == 52 and left in need:
            s.begin(observe(st, st.to_move, p.obs), p.worlds, p.plies, p.nodes, None, 0, 1 << 20)
            while not s.step():
                pass
            need[left].append(s.spent)
        n = _list_all(st, cursor)
        nth(cursor, st, prng.below(n))  # a random play
        st.apply(cursor.word, cursor.take)
    for v in need.values():
        v.sort()
    return need
