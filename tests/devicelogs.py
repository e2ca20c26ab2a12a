"""Whole games of the device app on fixed seeds, as the records its save
writes (tests/golden/device_logs.json): a change to how the app runs (its
screens, jobs and module lifetimes) must change no play, no score and no
stat.

    python -m tests.devicelogs   # rewrites tests/golden/device_logs.json

Each case is a game written into the store as a save (seed, levels, the
settings with undo on) and resumed with Continue, so that the game's seed
does not hang on when the app deals it. A person's turns are played by a
seeded policy that also asks for hints and takes plays back (every 5th
and 7th turn), so the AI's generators, shared with the hint, are part of
what is compared. What is kept is every record the save writes, decoded:
the hand, dealer, scores, carry and plays, then the stats.
"""
import json
import os
import random

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden", "device_logs.json")

# (rule set, players, levels by seat, target, seed)
CASES = (
    ("egyptian", 2, ("human", "easy"), 31, 101),
    ("egyptian", 2, ("human", "normal"), 31, 202),
    ("egyptian", 2, ("human", "hard"), 31, 303),
    ("egyptian", 2, ("human", "expert"), 31, 404),
    ("egyptian", 4, ("human", "hard", "hard", "hard"), 31, 505),
    ("french", 3, ("human", "normal", "normal"), 31, 606),
    ("lebanese", 4, ("human", "expert", "expert", "expert"), 31, 707),
)


class Person:
    """Plays seat 0 from what the app shows: random cards and captures,
    a hint every 5th turn and an undo every 7th (when the menu has it)."""

    def __init__(self, rng):
        self.rng = random.Random(rng)
        self.turns = 0
        self.want = None        # "Hint" or "Undo": asked on the game menu
        self.done = False

    def __call__(self, app):
        from device import play as P
        from harness.devdrive import menu_to
        m = app.menu
        if app.screen is m:
            labels = [it[0] for it in m.items]
            if m.kind == "main":
                if self.done:
                    return None
                return menu_to(app, "Continue") + ["A"] if "Continue" in labels else None
            if m.kind == "game":
                want, self.want = self.want, None
                if want in labels:
                    return menu_to(app, want) + ["A"]
                return ["B"]
            if m.kind == "over":
                self.done = True
            return ["A"] if m.kind == "over" else ["B"]
        if app.screen is app.pages:
            return ["A"]
        mode = app.play.mode
        if mode in (P.SHOW, P.PAUSE, P.COVER):
            return ["A"]
        if mode == P.THINK:
            return ["wait:50"]
        if mode == P.PICK:
            self.turns += 1
            if self.turns % 5 == 0 and not app.play.hinting:
                self.want = "Hint"
                return ["B"]
            if self.turns % 7 == 0:
                self.want = "Undo"
                return ["B"]
        r = self.rng.random()
        if mode == P.PICK and r < 0.3:
            return [self.rng.choice(["LEFT", "RIGHT"])]
        if mode == P.CHOOSE and r < 0.4:
            return [self.rng.choice(["LEFT", "RIGHT"])]
        return ["A"]


def _record(store):
    from device.saving import SaveStore
    saved, settings, stats, _ = SaveStore(store).load()
    game = None
    if saved is not None:
        game = [saved.hand_no, saved.dealer, list(saved.scores), saved.carry, list(saved.plays)]
    return [game, [stats.games, list(stats.wins), stats.basras, stats.best_hand]]


def play(case):
    """The records one case's game writes, in order (each once)."""
    from device.save import Saved, Settings, Stats, encode
    from harness.devdrive import drive
    from simulator.sim import Simulator

    variant, players, levels, target, seed = case
    sim = Simulator(seed=seed, buttons=6)
    store = sim.hal.storage
    settings = Settings()
    settings.undo = True
    saved = Saved(variant, players, list(levels), target, seed)
    rec = encode(1, saved, settings, Stats())
    store.write(0, rec)
    out = []
    write = store.write

    def watched(offset, data):
        ok = write(offset, data)
        r = _record(store)
        if not out or out[-1] != r:
            out.append(r)
        return ok
    store.write = watched
    drive(Person(seed), sim=sim, limit_ms=6_000_000)
    return out


def all_logs():
    return {"%s/%d/%s/%d" % (c[0], c[1], c[2][1], c[4]): play(c) for c in CASES}


if __name__ == "__main__":
    logs = all_logs()
    with open(GOLDEN, "w") as f:
        json.dump(logs, f, indent=0, sort_keys=True)
        f.write("\n")
    print("wrote %s: %d games, %d records" % (GOLDEN, len(logs), sum(len(v) for v in logs.values())))
