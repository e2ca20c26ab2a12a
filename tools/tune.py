"""SPSA over the leaf evaluation's constants, on duplicate deals.

    python -m tools.tune --steps 8 --hands 400 --seed 1 --log docs/tune_log.md
    python -m tools.tune --check 4,11,19,4 --beliefs --hands 2000 --seed 1

The constants (core/ai/evaluate.py, a level's leaf): a card of lead toward
the majority (quarter points), a Jack or the 7 of diamonds still in a hand,
the threat's scale (sixteenths) and CLEAR (sixteenths): at a leaf where an
opponent is to move, its basra or sweep counted as the chance that a hand
of its size, drawn from the cards the side cannot see, holds a card that
makes it, blended with the take its sampled hand holds: (16 - CLEAR) / 16
of the one, CLEAR / 16 of the other. The start is PLAIN (4, 10, 16, 0),
the constants the levels were made with; the expert and master ship this
tool's result, TUNED.

Each step (simultaneous perturbation stochastic approximation): every
constant moved by +c or -c at random, the level with theta + c delta
against itself with theta - c delta on the same duplicate deals; the
margin a hand estimates the gradient along delta; theta moves by a / (k+1)
^ 0.602 times it. Each step's theta, the margin and its interval go to the
log. --check plays one theta against the start instead (--beliefs: its
worlds dealt by beliefs, the start's uniformly), on the arena's deals for
the seed (tools/arena.py: the same margins as its players would make).
--jobs plays the deal pairs in that many processes (the same margins);
--from-step K --theta T resumes a run at step K from the theta after the
step before (the perturbations drawn as the whole run draws them).
"""
import random
import sys
from multiprocessing import Pool

from core.ai.evaluate import PLAIN
from core.ai.player import Player
from core.presets import preset
from tools import arena
from basra_flash.cmdline import Parser, whole

NAMES = ("card", "sweeper", "threat16", "clear16")
START = PLAIN  # the constants the levels were made with (the expert's before its tuning)
SCALE = (1, 3, 4, 4)  # c: each constant's perturbation
LOW = (0, 0, 0, 0)
HIGH = (12, 30, 32, 16)


def _players(rules, theta, level, seat, beliefs=None):
    # level: a level, or the arena's name of one with its worlds toggled
    # ("expert-b": uniform); beliefs, given, overrides it
    level, toggle = arena._toggle(level)
    p = Player(rules, level, seat + 1)
    p.leaf = tuple(theta)
    on = toggle if beliefs is None else beliefs
    if on is not None:
        arena._set_beliefs(p, rules, on)
    return p


_seats = {}     # a process's players for the duel under way: (plus, minus, ...) -> (a, b)


def _deal_pair(job):
    # one duplicate deal pair of a duel: plus's margin a hand (the arena's
    # deal pair: each seat's draws seeded by the deal, so a pair plays the
    # same in any process)
    plus, minus, seed, level, variant, beliefs, k = job
    rules = preset(variant, players=2)
    key = (plus, minus, level, variant, beliefs)
    if key not in _seats:
        _seats.clear()
        _seats[key] = ([_players(rules, plus, level, s, beliefs[0]) for s in range(2)],
                       [_players(rules, minus, level, s, beliefs[1]) for s in range(2)])
    margin, _ = arena.deal_pair(rules, seed, k, *_seats[key])
    return margin


def duel(plus, minus, hands, seed, level="expert", variant="egyptian", beliefs=(None, None), jobs=1):
    """plus against minus (each a theta) on hands duplicate hands: the
    margins a deal pair (plus's points a hand less minus's). beliefs: for
    plus and for minus, worlds dealt by beliefs (True), uniformly (False)
    or as the level does (None). The deals are the arena's (tools/arena.py)
    for the same seed. jobs: processes, each playing deal pairs (the same
    margins as one)."""
    work = [(tuple(plus), tuple(minus), seed, level, variant, tuple(beliefs), k)
            for k in range(max(1, hands // 2))]
    if jobs == 1:
        return [_deal_pair(job) for job in work]
    with Pool(jobs) as pool:
        return list(pool.imap(_deal_pair, work, chunksize=4))


def spsa(steps, hands, seed=1, level="expert", theta=START, a=1.0, out=sys.stdout, first=0, jobs=1):
    """steps SPSA steps from theta; first: the step to begin at (a run
    resumed: theta the one after the step before, the perturbations drawn
    as the whole run draws them)."""
    rng = random.Random(seed)
    theta = list(theta)
    rows = []
    for k in range(first + steps):
        delta = [rng.choice((-1, 1)) for _ in theta]
        if k < first:
            continue
        ck = [max(1, round(c / (k + 1) ** 0.101)) for c in SCALE]
        plus = [min(HIGH[i], max(LOW[i], round(theta[i] + ck[i] * delta[i]))) for i in range(len(theta))]
        minus = [min(HIGH[i], max(LOW[i], round(theta[i] - ck[i] * delta[i]))) for i in range(len(theta))]
        margins = duel(plus, minus, hands, seed * 101 + k, level, jobs=jobs)
        lo, hi = arena._ci(margins)
        m = (lo + hi) / 2
        ak = a / (k + 1) ** 0.602
        new = []
        for i in range(len(theta)):
            span = plus[i] - minus[i]
            g = m / span if span else 0.0  # the margin per unit of this constant
            new.append(min(HIGH[i], max(LOW[i], theta[i] + ak * g * SCALE[i] ** 2 / 2)))
        row = {"step": k, "theta": [round(x, 2) for x in theta], "plus": plus, "minus": minus,
               "hands": 2 * len(margins), "margin": round(m, 2), "ci": [round(lo, 2), round(hi, 2)],
               "next": [round(x, 2) for x in new]}
        rows.append(row)
        if out:
            out.write("| %d | %s | %s | %s | %d | %+.2f [%+.2f, %+.2f] | %s |\n"
                      % (k, row["theta"], plus, minus, row["hands"], m, lo, hi, row["next"]))
            out.flush()
        theta = new
    return theta, rows


def main(argv=None):
    ap = Parser(prog="python -m tools.tune", description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=whole(1, what="a number of steps"), default=8)
    ap.add_argument("--hands", type=whole(2, what="a number of hands"), default=400)
    ap.add_argument("--level", default="expert",
                    help="the level tuned, or the arena's name of one (expert-b: the expert with uniform worlds)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--log", help="append the steps' table to this file")
    ap.add_argument("--beliefs", action="store_true",
                    help="with --check: theta's side deals its worlds by beliefs (core/ai/beliefs.py), "
                         "the start's uniformly")
    ap.add_argument("--check", metavar="THETA",
                    help="instead: theta (comma-separated, rounded) against the start on --hands hands")
    ap.add_argument("--from-step", type=whole(0, what="a step"), default=0,
                    help="resume a run at this step, from --theta (the theta after the step before)")
    ap.add_argument("--theta", help="with --from-step: the theta to resume from (comma-separated)")
    ap.add_argument("--jobs", type=whole(1, what="a number of processes"), default=1,
                    help="processes playing the deal pairs (the same margins as one)")
    args = ap.parse_args(argv)
    if args.from_step and not args.theta:
        ap.error("--from-step needs --theta: the theta after the step before it")
    if args.check:
        theta = [int(round(float(x))) for x in args.check.split(",")]
        beliefs = (True, False) if args.beliefs else (None, None)
        margins = duel(theta, list(START), args.hands, args.seed, args.level, beliefs=beliefs, jobs=args.jobs)
        lo, hi = arena._ci(margins)
        won = sum(1 for m in margins if m > 0)
        lost = sum(1 for m in margins if m < 0)
        line = ("%s %s%s against %s, %d hands: %+.2f [%+.2f, %+.2f] (deal pairs won %d, lost %d)\n"
                % (args.level, theta, " with beliefs" if args.beliefs else "", list(START),
                   2 * len(margins), (lo + hi) / 2, lo, hi, won, lost))
        sys.stdout.write(line)
        if args.log:
            with open(args.log, "a") as f:
                f.write("\n`python -m tools.tune --check %s%s --hands %d --level %s --seed %d`: %s"
                        % (args.check, " --beliefs" if args.beliefs else "", args.hands, args.level,
                           args.seed, line))
        return
    head = ("| step | theta (%s) | theta + c delta | theta - c delta | hands | margin (+ vs -) | next theta |\n"
            "|---|---|---|---|---|---|---|\n" % ", ".join(NAMES))
    sys.stdout.write(head)
    log = open(args.log, "a") if args.log else None
    if log:
        resumed = " --from-step %d --theta %s" % (args.from_step, args.theta) if args.from_step else ""
        log.write("\n`python -m tools.tune --steps %d --hands %d --level %s --seed %d%s`\n\n"
                  % (args.steps, args.hands, args.level, args.seed, resumed) + head)

    class Tee:
        def write(self, s):
            sys.stdout.write(s)
            if log:
                log.write(s)

        def flush(self):
            sys.stdout.flush()
            if log:
                log.flush()

    start = [float(x) for x in args.theta.split(",")] if args.theta else START
    theta, _ = spsa(args.steps, args.hands, args.seed, args.level, theta=start, out=Tee(),
                    first=args.from_step, jobs=args.jobs)
    if log:
        log.write("\nfinal theta: %s\n" % [round(x, 2) for x in theta])
        log.close()
    print("final theta:", [round(x, 2) for x in theta])


if __name__ == "__main__":
    main()
