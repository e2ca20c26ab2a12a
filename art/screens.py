"""Screenshots of the device app's main screens, from the headless simulator.

    python -m art.screens            # PNGs into docs/screens/ (3x), docs/screens/1x/ (1:1)
    python -m art.screens --golden   # also rewrite tests/golden/device_screens.json

The same scenes are the golden frames of tests/test_device_golden.py: a
fixed seed, fixed presses, and two set-up positions (a capture choice, a basra);
the stats after the hand played, scrolled two lines down.
"""
import hashlib
import json
import os

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN = os.path.join(REPO, "tests", "golden", "device_screens.json")
NAMES = ("menu", "new_game", "table", "choice", "basra", "ai_play", "summary", "rules", "stats")


def capture():
    """name -> Simulator view rows and frame bytes, for every main screen."""
    from device import app as A
    from device import play as P
    from harness import devdrive
    from harness.devdrive import drive, menu_to, set_value
    from core import cardnames as CN

    shots = {}
    holder = {}

    def shot(name):
        sim = holder["sim"]
        shots[name] = (sim.view(), sim.frame(), sim.emu.contrast)

    def place(hand, floor, other):
        devdrive.place(A.last, hand, floor, other, stock_left=16)

    def until(cond):
        for _ in range(2000):
            if cond(A.last):
                return
            yield ["wait:20"]
        raise AssertionError("screen never came")

    def steps():
        a = A.last
        shot("menu")
        yield menu_to(a, "New game") + ["A"]
        yield set_value(a, "Target", 31)
        shot("new_game")
        yield menu_to(a, "Start") + ["A"]
        yield from until(lambda a: a.play.mode == P.PICK)
        yield ["RIGHT"]
        shot("table")
        yield ["A"]
        if A.last.play.mode == P.CHOOSE:        # a card of several plays (4 buttons): A plays the first
            yield ["A"]
        yield from until(lambda a: a.play.mode == P.SHOW)
        yield ["wait:200"]
        shot("ai_play")
        yield from until(lambda a: a.play.mode == P.PICK)
        save = (CN.hand_cards(A.last.sess.state, 0),)
        place("7H KS 2D", "7C 3D 4S 2H 5C QD 9S 10H", "KH KD QS")
        yield ["A", "RIGHT"]
        shot("choice")
        yield ["B"]
        place("5H KS", "5C", "KH KD")
        yield ["wait:50"]
        shot("basra")
        del save
        # play the hand out for the summary
        for _ in range(400):
            a = A.last
            if a.screen is a.pages:
                break
            yield ["A"] if a.play.mode in (P.PICK, P.CHOOSE, P.SHOW, P.PAUSE) else ["wait:50"]
        shot("summary")
        yield ["A"]
        yield from until(lambda a: a.screen is a.menu)
        yield ["A"]
        yield menu_to(A.last, "Rules") + ["A"]
        yield ["A"]
        shot("rules")
        yield ["B", "B"]
        yield menu_to(A.last, "Stats") + ["A"]
        yield ["RIGHT", "RIGHT"]     # 4 buttons: LEFT/RIGHT scroll
        shot("stats")

    gen = steps()
    drive(lambda app: next(gen, None), seed=7, buttons=4,
          setup=lambda sim: holder.setdefault("sim", sim))
    return shots


def digest(frame):
    return hashlib.sha1(bytes(frame)).hexdigest()[:16]


def main(argv=None):
    from basra_flash.cmdline import Parser
    ap = Parser(prog="python -m art.screens", description=__doc__.split("\n\n")[0])
    ap.add_argument("--golden", action="store_true",
                    help="also rewrite tests/golden/device_screens.json")
    args = ap.parse_args(argv)
    from simulator import render
    shots = capture()
    out = os.path.join(REPO, "docs", "screens")
    os.makedirs(os.path.join(out, "1x"), exist_ok=True)
    for name, (view, frame, contrast) in shots.items():
        render.write_png(os.path.join(out, name + ".png"), view, 255, scale=3)
        # the panel's own size: how a player reads it
        render.write_png(os.path.join(out, "1x", name + ".png"), view, 255, scale=1)
    print("wrote", ", ".join(sorted(shots)), "to docs/screens/ and docs/screens/1x/")
    if args.golden:
        with open(GOLDEN, "w") as f:
            json.dump({k: digest(v[1]) for k, v in sorted(shots.items())}, f, indent=1)
            f.write("\n")
        print("wrote", GOLDEN)


if __name__ == "__main__":
    main()
