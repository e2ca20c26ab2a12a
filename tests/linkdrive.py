"""Two people, each on their own simulated device, playing one link game
through button presses (simulator/link.py's PairRunner, virtual time),
with faults on the cable and power cuts on demand.

    result = play_pair(players=2, variant="egyptian", faults=dict(drop=0.02))
"""
import random

from core.game import Game
from core.plays import Plays, nth
from core.presets import preset
from device import app as A
from simulator.link import PairRunner, Reset, WirePair
from simulator.sim import SimExit, Simulator
from harness.devdrive import Driver, Player, menu_to, set_value


class LinkPerson(Player):
    """Starts (or continues) a link game and plays it with random legal
    choices; after the game it waits until the other side is done too."""

    def __init__(self, shared, side, layout="AI", **kw):
        Player.__init__(self, **kw)
        self.shared = shared
        self.side = side
        self.layout = layout
        self.opts = [o for o in self.opts if o[0] != "People"]
        self.diff = None

    def __call__(self, app):
        m = app.menu
        if app.screen is m:
            k = m.kind
            self.seen.add(k)
            if k == "main":
                if self.over is not None or self.diff is not None:
                    self.shared["done"][self.side] = True
                    return None if all(self.shared["done"]) else ["wait:500"]
                if app.saved is not None and "link" in app.saved.levels:
                    return menu_to(app, "Continue") + ["A"]
                return menu_to(app, "New game") + ["A"]
            if k == "new":
                for label, value in self.opts:
                    if m.value([it[0] for it in m.items].index(label)) != value:
                        return set_value(app, label, value)
                return menu_to(app, "Link game") + ["A"]
            if k == "linknew":
                if m.value(1) != self.layout:
                    return set_value(app, "Partner", self.layout)
                return menu_to(app, "Connect") + ["A"]
            if k in ("linkwait", "linkhost"):
                return ["wait:200"]
            if k == "linkoffer":
                return menu_to(app, "Accept") + ["A"]
            if k == "linklost":     # "Wait for it", or on one's own turn "Play your turn"
                return menu_to(app, [it[0] for it in m.items if it[3] == "wait"][0]) + ["A"]
            if k in ("linkdiff", "linkerr"):
                self.diff = [it[0] for it in m.items]
                return ["B"] if k == "linkdiff" else ["A"]
        return Player.__call__(self, app)


class Side:
    """Side i's idle hook: the button driver, the logs seen, the faults."""

    def __init__(self, runner_box, i, policy, limit_ms):
        self.box = runner_box
        self.i = i
        self.driver = None
        self.policy = policy
        self.limit = limit_ms
        self.logs = {}          # hand number -> the places of its plays (longest seen)
        self.reset_at = []      # after how many plays (of the whole game) to lose power
        self.seed = None

    def plays(self):
        return sum(len(v) for v in self.logs.values())

    def __call__(self, sim, ms):
        if self.driver is None:
            self.driver = Driver(sim, self.policy, self.limit)
        app = self.box[0].apps[self.i]
        self.driver.app = app
        s = app.sess if app is not None else None
        if s is not None and hasattr(s, "hand"):
            self.seed = s.seed
            if s.hand >= 0:
                seen = self.logs.get(s.hand, [])
                if s.nlog >= len(seen):
                    self.logs[s.hand] = list(s.log[0:s.nlog])
        if self.reset_at and self.plays() >= self.reset_at[0]:
            self.reset_at.pop(0)
            if s is not None and hasattr(s, "hand"):    # a power cut during the link game
                self.driver.queue.clear()
                self.driver.next_call = sim.clock.now + 500
                sim.clock.now += 500
                raise Reset()
        self.driver(sim, ms)


def replay_scores(variant, players, target, seed, logs):
    """The final scores of a game whose hands' plays (places) are logs."""
    g = Game(preset(variant, players, target), seed)
    c = Plays()
    for h in range(len(logs)):
        g.start_hand()
        st = g.state
        for p in logs[h]:
            if st.hands_empty():
                st.deal()
            assert nth(c, st, p), "play %d of hand %d is not legal" % (p, h)
            st.apply(c.word, c.take)
        assert st.hand_over() or (st.hands_empty() and not st.stock_left())
        g.end_hand()
    return list(g.scores), g.winner


def play_pair(players=2, variant="egyptian", target=31, layout="AI", level="easy", seed=1,
              faults=None, cuts=0, resets=0, limit_ms=4_000_000):
    """Play one link game between two simulated devices; returns a dict with
    both sides' logs, their game-over lines, the runner and the wires."""
    rng = random.Random(seed)
    wires = WirePair(seed=seed, **(faults or {}))
    sims = [Simulator(seed=seed * 2 + 1), Simulator(seed=seed * 2 + 2)]
    pa, pb = wires.ports(sims[0].clock, sims[1].clock)
    sims[0].hal.link = lambda: pa
    sims[1].hal.link = lambda: pb
    shared = {"done": [False, False]}
    people = [LinkPerson(shared, i, layout=layout, level=level, players=players,
                         variant=variant, target=target, rng=seed * 10 + i, skip_shows=True)
              for i in (0, 1)]
    box = [None]
    sides = [Side(box, i, people[i], limit_ms) for i in (0, 1)]
    # cable cuts and power cuts at random moments of the game
    cut_plan = sorted(rng.randrange(2, 40) for _ in range(cuts))
    for _ in range(resets):
        sides[rng.randrange(2)].reset_at.append(rng.randrange(2, 40))
    for s in sides:
        s.reset_at.sort()
    hooks = []
    for i in (0, 1):
        def hook(sim, ms, i=i):
            if i == 0 and cut_plan and sides[0].plays() >= cut_plan[0] and not shared.get("restore"):
                cut_plan.pop(0)
                wires.cut(True)
                shared.setdefault("cuts", []).append(sim.clock.now)
                shared["restore"] = sim.clock.now + rng.randrange(3000, 9000)
            if shared.get("restore") is not None and sim.clock.now >= shared["restore"]:
                shared["restore"] = None
                wires.cut(False)
            sides[i](sim, ms)
        hooks.append(hook)
    runner = PairRunner(sims, hooks, A.App)
    box[0] = runner
    runner.run()
    return {"runner": runner, "people": people, "sides": sides, "wires": wires,
            "shared": shared}


__all__ = ["LinkPerson", "play_pair", "replay_scores", "SimExit"]


class Scripted:
    """Side i's idle hook for a scenario: ``policy(app, me)`` (``me`` this
    Scripted: ``i``, ``sim``, ``box``) gives the next presses, as
    harness/devdrive.py's policies do; the word "RESET" cuts this device's
    power (it starts again on its save), None ends this side."""

    def __init__(self, box, i, policy, limit_ms):
        self.box = box
        self.i = i
        self.policy = policy
        self.limit = limit_ms
        self.driver = None
        self.sim = None
        self.reset = False

    def _ask(self, app):
        names = self.policy(app, self)
        if names is not None and "RESET" in names:
            self.reset = True
            return ["wait:10"]
        return names

    def __call__(self, sim, ms):
        if self.driver is None:
            self.sim = sim
            self.driver = Driver(sim, self._ask, limit_ms=self.limit)
        self.driver.app = self.box[0].apps[self.i]
        if self.reset:
            self.reset = False
            self.driver.queue.clear()
            self.driver.next_call = sim.clock.now + 500
            sim.clock.now += 500
            raise Reset()
        self.driver(sim, ms)


def two_devices(policy_a, policy_b, seed=1, limit_ms=120_000):
    """Two devices over a simulated cable, each pressing what its policy
    says (Scripted); returns (runner, wires). ``me.box[1]`` is the wires
    (to cut the cable), ``me.box[0].apps`` both apps."""
    wires = WirePair(seed=seed)
    sims = [Simulator(seed=seed * 2 + 1), Simulator(seed=seed * 2 + 2)]
    pa, pb = wires.ports(sims[0].clock, sims[1].clock)
    sims[0].hal.link = lambda: pa
    sims[1].hal.link = lambda: pb
    box = [None, wires]
    hooks = [Scripted(box, i, p, limit_ms) for i, p in enumerate((policy_a, policy_b))]
    runner = PairRunner(sims, hooks, A.App)
    box[0] = runner
    runner.run()
    return runner, wires


def to_connect(app):
    """Presses from the main menu or the new-game menu to Connect of the
    link menu (the new-game menu's values), or None on another screen."""
    m = app.menu
    if app.screen is not m:
        return None
    if m.kind == "main":
        return menu_to(app, "New game") + ["A"]
    if m.kind == "new":
        return menu_to(app, "Link game") + ["A"]
    if m.kind == "linknew":
        return menu_to(app, "Connect") + ["A"]
    return None


__all__ += ["Scripted", "two_devices", "to_connect"]
