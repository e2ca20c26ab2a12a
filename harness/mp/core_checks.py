"""Checks of core/ run inside the MicroPython VM (copied to /lib by harness/mpvm.py).

Each function prints JSON lines; tests/test_mp_core.py reads them.
"""
import gc
import json

from array import array

from alloccheck import locked

from core.ai.levelbot import choose
from core.ai.observe import observe
from core.game import Game
from core.plays import Plays, nth
from core.prng import Prng
from core.presets import preset


def emit(**row):
    print(json.dumps(row))


class Locked:
    """Run a callable with the heap locked; count the calls that allocated
    (or failed otherwise: alloccheck.locked)."""

    def __init__(self):
        self.calls = 0
        self.failed = 0
        self.first = None

    def run(self, fn, a, b):
        ok, error = locked(fn, a, b)
        self.calls += 1
        if not ok:
            self.failed += 1
            if self.first is None:
                self.first = "call %d: %s" % (self.calls, error)


class MoveLoop:
    """Listing, apply and undo of every play, deals, scoring: one position a call."""

    def __init__(self, st):
        self.st = st
        self.cursor = Plays()
        self.out = array("i", [0] * 4)
        self.plays = 0
        self.max_plays = 0
        self.max_floor = 0

    def position(self, prng, _):
        st = self.st
        if st.hands_empty():
            st.deal()
            st.undeal()
            st.deal()
        c = self.cursor
        c.start(st)
        n = 0
        while c.next():
            st.apply(c.word, c.take)
            st.score(0, self.out)
            st.undo_play()
            n += 1
        self.plays += n
        if n > self.max_plays:
            self.max_plays = n
        if st.floor_n > self.max_floor:
            self.max_floor = st.floor_n
        nth(c, st, prng.below(n))
        st.apply(c.word, c.take)


def move_loop(variants, games, lay_bias):
    """Random games (lay_bias: of 8, how often a lay-down is preferred, to
    grow big floors) with every position's move loop run under heap_lock."""
    lock = Locked()
    positions = 0
    for name in variants:
        for players in (2, 3, 4):
            if name == "lebanese" and players == 3:
                continue
            g = Game(preset(name, players=players), 1)
            loop = MoveLoop(g.state)
            prng = Prng(players * 97 + len(name))
            for game in range(games):
                g.reset(game + 1)
                g.start_hand()
                while not g.state.hand_over():
                    lock.run(loop.position, prng, None)
                    positions += 1
                g.end_hand()
            emit(check="move_loop", variant=name, players=players, plays=loop.plays,
                 max_plays=loop.max_plays, max_floor=loop.max_floor)
    emit(check="move_loop_total", positions=positions, calls=lock.calls,
         failed=lock.failed, first=lock.first)


def big_floors(count):
    """gen/apply/undo on floors of 10 to 30 cards, heap locked."""
    from core.state import State

    lock = Locked()
    prng = Prng(5)
    deck = bytearray(range(52))
    worst = 0
    for name in ("egyptian", "french"):
        st = State(preset(name))
        loop = MoveLoop(st)
        for k in range(count):
            prng.shuffle(deck, 52)
            nf = 10 + prng.below(21)
            st.place(0, list(deck[:4]), list(deck[4:4 + nf]))
            lock.run(loop.position, prng, None)
            if loop.max_plays > worst:
                worst = loop.max_plays
    emit(check="big_floors", calls=lock.calls, failed=lock.failed, max_plays=worst)


# constructed floors, the biggest these checks run (card ints: rank * 4 + suit):
# an 8 on 14 small number cards, and a 10 on 20 of them (thousands of plays)
CONSTRUCTED = (
    ([7 * 4], [0, 1, 4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 24, 25]),
    ([9 * 4], [0, 1, 2, 4, 5, 6, 8, 9, 12, 13, 16, 17, 20, 21, 24, 25, 28, 29, 32, 33]),
)


def constructed_floors():
    """Every play of the constructed floors listed, applied, scored and
    undone, and an expert decision on each (its root keeps the best of more
    plays than it searches), heap locked."""
    from core.ai.player import Player
    from core.state import State

    rules = preset("egyptian")
    st = State(rules)
    loop = MoveLoop(st)
    decide = Decide(Player(rules, "expert", 1))
    lock = Locked()
    prng = Prng(9)
    for hand, floor in CONSTRUCTED:
        st.place(0, hand, floor)
        lock.run(loop.position, prng, None)
        st.place(0, hand, floor)
        lock.run(decide.run, st, 0)
        emit(check="constructed", floor=len(floor), plays=loop.max_plays,
             legal=decide.p.search.legal)
    emit(check="constructed_total", calls=lock.calls, failed=lock.failed, first=lock.first)


# maximal capture's hard cases (issue 29): a smaller take leaves no group of
# the card, yet a bigger one regroups the cards (3S on A A A 2 2 2; 6S on
# A 2 3 3 4 5), and the 10 on 20 small cards
MAXIMAL_FLOORS = (
    ([11], [0, 1, 2, 4, 5, 6]),
    ([23], [0, 4, 9, 10, 15, 19]),
    CONSTRUCTED[1],
)


def maximal_floors():
    """Every play of MAXIMAL_FLOORS under french listed, applied, scored and
    undone, heap locked."""
    from core.state import State

    st = State(preset("french"))
    lock = Locked()
    prng = Prng(9)
    for hand, floor in MAXIMAL_FLOORS:
        loop = MoveLoop(st)
        st.place(0, hand, floor)
        lock.run(loop.position, prng, None)
        emit(check="maximal", floor=len(floor), plays=loop.max_plays)
    emit(check="maximal_total", calls=lock.calls, failed=lock.failed, first=lock.first)


class Decide:
    def __init__(self, player):
        self.p = player

    def run(self, st, seat):

        p = self.p
        obs = observe(st, seat, p.obs)
        if not p.begin(obs, None):
            while not p.step(-1):
                pass
        p.best()


def ai_loops(levels, hands, seats=2):
    """Every AI decision (observation, sampling or enumerating worlds, search,
    evaluation) of whole hands, heap locked."""
    from core.ai.player import Player

    rules = preset("egyptian", players=seats)
    for level in levels:
        lock = Locked()
        g = Game(rules, 3)
        players = [Player(rules, level, s + 1) for s in range(seats)]
        deciders = [Decide(p) for p in players]
        for h in range(hands):
            g.reset(h + 1)
            g.start_hand()
            st = g.state
            while not st.hand_over():
                if st.hands_empty():
                    st.deal()
                seat = st.to_move
                lock.run(deciders[seat].run, st, seat)
                word, take = choose(players[seat], st, seat)
                st.apply(word, take)
        emit(check="ai", level=level, calls=lock.calls, failed=lock.failed, first=lock.first)


class Games:
    """Whole games between two AI levels on buffers made once (one per step
    of a --steps run, so that the heap is read after a real collection)."""

    def __init__(self, a, b, players=2):
        from core.ai.player import Player

        rules = preset("egyptian", players=players)
        self.game = Game(rules, 1)
        self.seats = [Player(rules, (a, b)[s % 2], s + 1) for s in range(players)]

    def play(self, k):
        g = self.game
        g.reset(k + 1)
        seats = self.seats
        while g.winner is None:
            g.start_hand()
            st = g.state
            while not st.hand_over():
                if st.hands_empty():
                    st.deal()
                word, take = choose(seats[st.to_move], st, st.to_move, g.carry)
                st.apply(word, take)
            g.end_hand()
