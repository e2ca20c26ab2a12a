"""Drive the device app in the headless simulator by pressing buttons the way
a person would, deciding each press from what the app shows (its screen and
table mode), on virtual time.

    run = drive(policy, seed=3)      # policy(app) -> list of button names, or None to stop
"""
import random

import hal
from device import app as A
from device import play as P
from harness.mpstub.person import item
from harness.mpstub.textrow import row_text  # noqa: F401  (tests read rows through here)
from simulator.sim import SimExit, Simulator, button

TAP = 60
GAP = 140


class Driver:
    def __init__(self, sim, policy, limit_ms):
        self.sim = sim
        self.policy = policy
        self.limit = limit_ms
        self.queue = []            # (time, button, pressed)
        self.presses = []          # names pressed, in order
        self.app = None
        self.next_call = 0

    def schedule(self, names):
        t = self.sim.clock.now
        for name in names:
            if name.startswith("wait:"):
                t += int(name[5:])
                continue
            held = TAP
            if name.startswith("hold:"):     # hold:RIGHT:700 (auto-repeat meanwhile)
                _, name, ms = name.split(":")
                held = int(ms)
            b = button(name)
            self.queue.append((t, b, True))
            self.queue.append((t + held, b, False))
            t += held + GAP
            self.presses.append(name)
        self.next_call = t

    def __call__(self, sim, ms):
        clock = sim.clock
        if self.app is None:
            self.app = A.last
        target = clock.now + max(1, int(ms))
        if self.queue and self.queue[0][0] < target:
            clock.now = max(clock.now, self.queue[0][0])
        elif not self.queue and self.next_call > clock.now:
            clock.now = min(target, self.next_call)
        else:
            clock.now = target
        while self.queue and self.queue[0][0] <= clock.now:
            _, b, pressed = self.queue.pop(0)
            sim.keys.push(b, pressed)
        if clock.now > self.limit:
            raise SimExit()
        if not self.queue and not sim.keys.queue and clock.now >= self.next_call:
            names = self.policy(self.app)
            if names is None:
                raise SimExit()
            self.schedule(names)


def drive(policy, seed=1, limit_ms=3_000_000, buttons=6, setup=None, sim=None, **kw):
    """Run the app under policy; returns (sim, driver)."""
    if sim is None:
        sim = Simulator(seed=seed, buttons=buttons, **kw)
    if setup is not None:
        setup(sim)
    d = Driver(sim, policy, sim.clock.now + limit_ms)
    sim.on_idle = d
    sim.run(A.main)
    return sim, d


def waiting(app):
    """True when the app waits for a person (not thinking or showing a play)."""
    if app.screen is app.table:
        return app.play.mode in (P.PICK, P.CHOOSE, P.COVER)
    return True


def menu_to(app, label):
    """Presses that move the menu cursor to the item labelled label."""
    d = item(app.menu, label) - app.menu.cur
    if app.has_updown:
        return ["DOWN"] * d if d > 0 else ["UP"] * (-d)
    return ["RIGHT"] * d if d > 0 else ["LEFT"] * (-d)


def set_value(app, label, value):
    """Presses that set the menu item labelled label to value (A cycles)."""
    m = app.menu
    it = m.items[item(m, label)]
    names = menu_to(app, label)
    steps = (list(it[1]).index(value) - it[2]) % len(it[1])
    return names + ["A"] * steps


class Player:
    """A policy that starts a game from the menu with the given options and
    plays it to the end with random legal choices (A, LEFT/RIGHT, capture
    cycling), stopping at the game-over menu."""

    def __init__(self, level="easy", players=2, people=1, variant="egyptian", target=31,
                 rng=1, games=1, skip_shows=False, on_state=None):
        self.opts = [("Level", level), ("Players", players), ("People", people),
                     ("Rules", variant), ("Target", target)]
        self.rng = random.Random(rng)
        self.games = games
        self.skip = skip_shows
        self.started = False
        self.seen = set()
        self.on_state = on_state
        self.over = None

    def __call__(self, app):
        if self.on_state is not None:
            r = self.on_state(app)
            if r is not None:
                return r
        scr = app.screen
        m = app.menu
        if scr is m:
            self.seen.add(m.kind)
            if m.kind == "main":
                if app.games_over >= self.games:
                    return None
                return menu_to(app, "New game") + ["A"]
            if m.kind == "new":
                for label, value in self.opts:
                    if m.value(item(m, label)) != value:
                        return set_value(app, label, value)
                self.started = True
                return menu_to(app, "Start") + ["A"]
            if m.kind == "over":
                self.over = [it[0] for it in m.items]
                return ["A"]
            if m.kind == "game":
                return ["B"]
            return ["B"]
        if scr is app.pages:
            self.seen.add(app.pages.kind)
            return ["A"]
        mode = app.play.mode
        if mode == P.COVER:
            self.seen.add("cover")
            return ["A"]
        if mode in (P.SHOW, P.PAUSE):
            self.seen.add("show")
            return ["A"] if self.skip else ["wait:100"]
        if mode == P.THINK:
            self.seen.add("think")
            return ["wait:50"]
        if mode in (P.PICK, P.CHOOSE):
            r = self.rng.random()
            if mode == P.PICK and r < 0.3:
                return [self.rng.choice(["LEFT", "RIGHT"])]
            if mode == P.CHOOSE and r < 0.4:
                self.seen.add("choose")
                return [self.rng.choice(["LEFT", "RIGHT"])]
            return ["A"]
        return ["wait:100"]


__all__ = ["drive", "Driver", "Player", "waiting", "menu_to", "set_value", "hal"]


def place(app, hand, floor, other="KH KD", stock_left=0):
    """Set up a table: seat 0 to move holding hand, seat 1 holding other,
    over floor (card names), stock_left cards still to deal."""
    from core import cardnames as CN
    from core.state import HAND, HAND_STRIDE
    s = app.sess
    st = s.state
    st.place(0, CN.parse_list(hand), CN.parse_list(floor))
    for i, c in enumerate(CN.parse_list(other)):
        st.hand[HAND_STRIDE + i] = c
        st.loc[c] = HAND + 1
    st.hand_n[1] = len(other.split())
    st.stock_pos = 52 - stock_left
    s.refresh()
    app.play.select(0)
    app.dirty = True
