"""The benchmark's workloads, the same code on CPython and MicroPython.

Each function returns a dict of figures; tools/bench.py runs them on both
VMs and prints the table. Timings use time.perf_counter on CPython and
time.ticks_us on MicroPython.
"""
import time
from array import array

from core.game import Game
from core.prng import Prng
from core.rules import preset
from core.state import State

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


def gen_typical(positions=300, repeat=20):
    """Mean microseconds per legal-play generation: 4 cards in hand, 4 to 6 on the floor."""
    st = State(preset("egyptian"))
    buf = array("i", [0] * 1024)
    prng = Prng(1)
    deck = bytearray(range(52))
    total = 0
    plays = 0
    for _ in range(positions):
        _floor_position(st, prng, deck, 4, 6)
        t0 = now_us()
        for _ in range(repeat):
            n = st.gen(buf, 0, 512)
        total += since_us(t0)
        plays += n
    return {"us": total / (positions * repeat), "plays": plays / positions}


def gen_worst(positions=200, variant="egyptian"):
    """The slowest single generation over random floors of 10 to 20 cards."""
    st = State(preset(variant))
    buf = array("i", [0] * 1024)
    prng = Prng(2)
    deck = bytearray(range(52))
    worst = 0
    worst_floor = 0
    worst_plays = 0
    most = 0
    for _ in range(positions):
        nf = _floor_position(st, prng, deck, 10, 20)
        t0 = now_us()
        n = st.gen(buf, 0, 512)
        us = since_us(t0)
        if n > most:
            most = n
        if us > worst:
            worst = us
            worst_floor = nf
            worst_plays = n
    return {"us": worst, "floor": worst_floor, "plays": worst_plays, "most_plays": most}


def _greedy(st, buf, out):
    # the play that takes the most points, then the most cards
    side = st.to_move % st.nsides
    n = st.gen(buf, 0, 256)
    best = 0
    best_v = -1
    for i in range(n):
        st.apply(buf[2 * i], buf[2 * i + 1])
        v = st.pile_points[side] * 64 + st.basras[side] * 640 + st.pile_n[side]
        st.undo_play()
        if v > best_v:
            best_v = v
            best = i
    return best


def greedy_hands(hands=10):
    """Milliseconds per hand of greedy self-play (2 players, egyptian)."""
    g = Game(preset("egyptian"), 1)
    buf = array("i", [0] * 1024)
    out = array("i", [0] * 4)
    t0 = now_us()
    for h in range(hands):
        g.reset(h + 1)
        g.start_hand()
        st = g.state
        while not st.hand_over():
            if st.hands_empty():
                st.deal()
            i = _greedy(st, buf, out)
            st.apply(buf[2 * i], buf[2 * i + 1])
        g.end_hand()
    return {"ms": since_us(t0) / 1000 / hands}


def rp2040_clock(scale):
    """A clock of RP2040-equivalent milliseconds: this VM's ms times scale."""
    try:
        ticks = time.ticks_ms

        def clock():
            return int(ticks() * scale) & 0x3FFFFFFF

    except AttributeError:  # CPython
        def clock():
            return int(time.perf_counter() * 1000 * scale) & 0x3FFFFFFF

    return clock


def ai_decisions(level, hands=2, players=2, scale=0):
    """Milliseconds per AI decision (median, worst) over whole hands, both seats
    the level. scale (RP2040 factor of this VM): decide against the device's
    deadline on an RP2040-equivalent clock."""
    from core.ai.player import DEVICE_DEADLINE_MS, Player

    rules = preset("egyptian", players=players)
    g = Game(rules, 1)
    seats = [Player(rules, level, s + 1) for s in range(players)]
    times = []
    for h in range(hands):
        g.reset(h + 7)
        g.start_hand()
        st = g.state
        while not st.hand_over():
            if st.hands_empty():
                st.deal()
            t0 = now_us()
            if scale:
                word, take = seats[st.to_move].choose(st, st.to_move, 0, rp2040_clock(scale), DEVICE_DEADLINE_MS)
            else:
                word, take = seats[st.to_move].choose(st, st.to_move)
            times.append(since_us(t0) / 1000)
            st.apply(word, take)
    times.sort()
    return {"median": times[len(times) // 2], "worst": times[-1], "decisions": len(times)}
