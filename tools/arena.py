"""The arena: two AI levels over duplicate deals.

    python -m tools.arena --a expert --b normal --hands 4000 --variant egyptian --jobs 2

Every deal is played twice, the seats swapped, so the luck of the cards
cancels. Prints the mean point margin of A per hand with its 95% confidence
interval (over deal pairs), the share of games to the target A wins (also in
duplicate pairs), and milliseconds per decision. Deterministic by --seed;
uses --jobs processes; shows progress on stderr. CPython only (not for the
device).

--against O1 O2 ...: A and B each against every opponent on the same deal
pairs and games; a table of their margins a hand, intervals and games won,
and A's margin less B's, deal pair by deal pair, with its interval (the
paired difference: the cards' luck cancels twice).
"""
import argparse
import math
import sys
import time
from multiprocessing import Pool

from core import ai as AI
from core.ai.evaluate import PLAIN
from core.ai.levelbot import choose
from core.ai.oracle import ORACLE, Oracle, copy_state
from core.ai.player import Player
from core.ai.search import Search
from core.ai.world import Sampler
from core.game import Game
from core.presets import preset
from core.state import LAY, SWEEP
from basra_flash.cmdline import Parser, whole

# the registry's levels (core/ai/__init__.py) and yardsticks: random (any
# legal play), expert-v1, the oracle (core/ai/oracle.py: it sees every card)
# and peek (below). expert-v1: the expert as issue 14 found it, the yardstick (by players: 6
# worlds, 3 plies, 250 positions a world; 12 worlds, 2 plies with four
# players; leaves valued without Evaluator.threat; uniform worlds). Not a
# level of the device.
V1 = {2: (6, 3, 250, 0), 4: (12, 2, 250, 0)}
V1_LEAF = PLAIN[:2] + (0, 0)  # its leaves: the static value alone (no threat)
# expert-v2: the expert as issue 45 found it (commit 4d9d5ca), the
# yardstick of its beliefs and tuned leaves: uniform worlds, the leaves of
# PLAIN, 289 positions a decision (that commit's DEVICE_WORK)
V2_WORK = 289
# two players that make a person's mistakes at set rates, on normal's
# judgement (core/ai/onestep.py): summiss does not see a capture by a sum
# (a take of other values than the card's) two turns in three; thrower,
# one turn in four that it could capture, lays a card down instead (a
# lay-down the rules allow, chosen at random)
SUMMISS, THROWER = "summiss", "thrower"
MISS_SUMS = (2, 3)  # summiss: turns out of
THROW = (1, 4)  # thrower: turns out of
# peek: the expert's search given the other hands (the stock's order
# unseen; no beliefs, nothing left to believe): what knowing the
# opponent's hand is worth (docs/ai.md)
PEEK = "peek"
YARDSTICKS = ("random", "expert-v1", "expert-v2", ORACLE, PEEK, SUMMISS, THROWER)


def levels():
    """Every level the arena plays: the registry's (read now: a level
    registered by a test counts), then the yardsticks."""
    return tuple(AI.LEVELS) + YARDSTICKS

_players = {}


def player(rules, spec, seat):
    """The arena's Player for spec on seat (made once, kept). spec: a level
    name, or "level:worlds:plies:nodes" to change a search level's budget
    (fixed), "level:worlds:plies:nodes:work" (anytime when work > 0,
    core/ai/search.py); a search level's name followed by "+b" deals its
    worlds by beliefs (core/ai/beliefs.py), by "-b" uniformly, whatever its
    level does."""
    key = (rules.name, rules.players, spec, seat)
    p = _players.get(key)
    if p is None:
        parts = spec.split(":")
        level, toggle = _toggle(parts[0])
        if level == ORACLE:
            p = Oracle(rules, seat + 1)
        else:
            base = {"random": "easy", "expert-v1": "expert", "expert-v2": "expert", PEEK: "expert",
                    SUMMISS: "normal", THROWER: "normal"}.get(level, level)
            p = Player(rules, base, seat + 1)
        _players[key] = p
        if level == "expert-v1":
            p.worlds, p.plies, p.nodes, p.work = V1[rules.players]
        if level == "expert-v2":
            p.work = V2_WORK
            p.leaf = PLAIN
        if len(parts) >= 4:
            p.worlds, p.plies, p.nodes = (int(x) for x in parts[1:4])
            p.work = int(parts[4]) if len(parts) >= 5 else 0
        if not p.work and getattr(p.search, "fixed", 1) is None:
            # a fixed budget for an anytime level's search, made without the
            # fixed schedule (core/ai/player.py): the same search with it
            p.search = Search(rules, seat + 1)
        if level == "expert-v1":
            p.leaf = V1_LEAF
        if toggle is None and level in ("expert-v1", "expert-v2", PEEK):
            toggle = False  # the expert's search as measured: uniform worlds
        if toggle is not None and p.kind >= 2:
            _set_beliefs(p, rules, toggle)
        if level == PEEK:
            p.search.sampler = _HandsSampler()
            p.see = lambda state, p=p: setattr(p.search.sampler, "truth", state)
        if level == "random":
            p.begin = lambda obs, clock=None, p=p: _random(p, obs)
        if level in (SUMMISS, THROWER):
            p.begin = lambda obs, clock=None, p=p, lv=level: _mistaken(p, obs, lv)
    return p


class _HandsSampler(Sampler):
    """peek's worlds: the true hands and floor, the stock's cards in a
    random order (one world, the truth, once the stock is empty)."""

    truth = None

    def sample(self, obs, world, prng, index=-1):
        copy_state(self.truth, world)
        stock = world.stock
        for i in range(51, world.stock_pos, -1):
            j = world.stock_pos + prng.below(i - world.stock_pos + 1)
            stock[i], stock[j] = stock[j], stock[i]
        return world

    def count(self, obs, cap):
        return 1 if obs.stock_left == 0 else 0


def _toggle(name):
    # "level+b" / "level-b": (level, True / False); else (name, None)
    if len(name) > 2 and name[-2:] in ("+b", "-b"):
        return name[:-2], name[-2] == "+"
    return name, None


def _set_beliefs(p, rules, on):
    # on: True (core/ai/beliefs.py RATIO), False (uniform)
    from core.ai.beliefs import Beliefs

    s = p.search
    s.beliefs = Beliefs(rules) if on else None
    s.sampler.weights = s.beliefs.weight if on else None
    s.sampler.weighted = False


def _random(p, obs):
    # random: any legal play (a decision made in begin, as a one-play level's)
    p.choice = p.prng.below(p.search.root_plays(obs))
    return True


def _mistaken(p, obs, level):
    # summiss / thrower: normal's choice among the plays it sees (a decision
    # made in begin, as a one-play level's)
    from core.ai.onestep import danger

    s = p.search
    n = s.root_plays(obs)
    root = s.root
    rules = p.rules
    prng = p.prng
    miss = level == SUMMISS and prng.below(MISS_SUMS[1]) < MISS_SUMS[0]
    if level == THROWER:
        captures = lays = 0
        for i in range(n):
            if root[2 * i] >> 8 & LAY:
                lays += 1
            else:
                captures += 1
        if captures and lays and prng.below(THROW[1]) < THROW[0]:
            k = prng.below(lays)
            for i in range(n):
                if root[2 * i] >> 8 & LAY:
                    if k == 0:
                        p.choice = i
                        return True
                    k -= 1
    w = s.world
    side = obs.seat % rules.sides
    nxt = (obs.seat + 1) % rules.players
    best, best_v = 0, None
    for i in range(n):
        word, take = root[2 * i], root[2 * i + 1]
        card = word & 63
        if miss and not word >> 8 & (LAY | SWEEP) and card >> 2 < 10:
            v = (card >> 2) + 1
            if take & ~(7 << 3 * (v - 1)):
                continue  # a sum it does not see
        w.apply(word, take)
        v = s.ev.static(w, side, obs.carry)
        if rules.sides == 2 or nxt % rules.sides != side:
            v -= danger(w, obs, obs.hand_n[nxt])
        w.undo_play()
        if best_v is None or v > best_v:
            best, best_v = i, v
    p.choice = best
    return True


def _spec(text):
    parts = text.split(":")
    if _toggle(parts[0])[0] not in levels():
        raise argparse.ArgumentTypeError("unknown level %r (known: %s)" % (text, ", ".join(levels())))
    if len(parts) not in (1, 4, 5) or not all(x.isascii() and x.isdigit() for x in parts[1:]):
        raise argparse.ArgumentTypeError("%r: give a level, or level:worlds:plies:nodes[:work] with "
                                         "whole numbers" % text)
    return text


def _variant(text):
    try:
        preset(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


def reseed(p, seed):
    """Start p's draws for a hand."""
    p.search.prng.seed(seed)
    p.prng.seed(seed ^ 0x5A5A5)


def turns(game, seats, times=None):
    """The plays of game's current hand, seats[s] choosing for seat s: each
    (seat, word, take) as chosen, which the caller applies before the next
    (looking at the state before and after as it likes); times[s], given,
    gets seat s's decision times."""
    st = game.state
    while not st.hand_over():
        if st.hands_empty():
            st.deal()
        seat = st.to_move
        t = time.perf_counter()
        word, take = choose(seats[seat], st, seat, game.carry)
        if times is not None:
            times[seat].append(time.perf_counter() - t)
        yield seat, word, take


def play_hand(game, seats, seed, times=None):
    """Play game's current hand as the arena does (seats[s] choosing for
    seat s, their draws seeded by seed; times: as turns'); returns the
    leftover side."""
    for s, p in enumerate(seats):
        reseed(p, (seed * 8 + s + 1) & 0x3FFFFFFF)
    for _, word, take in turns(game, seats, times):
        game.state.apply(word, take)
    return game.end_hand()


def _team(rules, spec):
    # spec's player for every seat
    return [player(rules, spec, s) for s in range(rules.players)]


def _seating(a, b, swapped):
    # a[s] (A's player for seat s) on the even seats (side 0), b[s] on the
    # odd ones; swapped, the other way round
    return [b[s] if (s % 2 == 0) == swapped else a[s] for s in range(len(a))]


def deal_pair(rules, seed, k, a, b):
    """Deal k of seed played twice, A (a[s] on seat s) on side 0 and B on
    side 1, then the other way round: A's margin a hand (the mean of the
    two), and A's and B's decision times."""
    margin, ta, tb = 0, [], []
    for swapped in (False, True):
        g = Game(rules, seed * 1000003 + k)
        g.start_hand()
        a_side = 1 if swapped else 0
        sinks = [ta if s % 2 == a_side else tb for s in range(rules.players)]
        play_hand(g, _seating(a, b, swapped), k, sinks)
        pts = g.hand_points
        margin += pts[a_side] - pts[1 - a_side]
    return margin / 2.0, (ta, tb)


def _deal_pair(job):
    variant, players, a, b, seed, k = job
    rules = preset(variant, players=players)
    return deal_pair(rules, seed, k, _team(rules, a), _team(rules, b))


def _game_pair(job):
    variant, players, a, b, seed, k = job
    rules = preset(variant, players=players)
    a, b = _team(rules, a), _team(rules, b)
    wins = 0
    for swapped in (False, True):
        g = Game(rules, seed * 7919 + k + 17)
        seats = _seating(a, b, swapped)
        while g.winner is None and g.hand_no < 200:
            g.start_hand()
            play_hand(g, seats, g.hand_no * 31 + k)
        wins += g.winner == (1 if swapped else 0)
    return wins


def run(a, b, hands=4000, games=0, variant="egyptian", players=2, jobs=2, seed=1, out=sys.stderr):
    pairs = max(1, hands // 2)
    jobs_list = [(variant, players, a, b, seed, k) for k in range(pairs)]
    margins, ta, tb = [], [], []
    t0 = time.time()
    with Pool(jobs) as pool:
        for i, (m, (x, y)) in enumerate(pool.imap(_deal_pair, jobs_list, chunksize=8)):
            margins.append(m)
            ta.extend(x)
            tb.extend(y)
            if out and (i + 1) % 25 == 0:
                # the margin so far: a run stopped part way still says what it measured
                lo, hi = _ci(margins)
                out.write("\r%d/%d deal pairs, %.0f s, margin so far %+.2f [%+.2f, %+.2f]"
                          % (i + 1, pairs, time.time() - t0, (lo + hi) / 2, lo, hi))
                out.flush()
        wins = 0
        gl = [(variant, players, a, b, seed, k) for k in range(games // 2)]
        for i, w in enumerate(pool.imap(_game_pair, gl, chunksize=2)):
            wins += w
            if out and (i + 1) % 5 == 0:
                out.write("\r%d/%d game pairs, %.0f s, %d of %d won so far   "
                          % (i + 1, len(gl), time.time() - t0, wins, 2 * (i + 1)))
                out.flush()
    if out:
        out.write("\n")
    n = len(margins)
    lo, hi = _ci(margins)
    return {
        "a": a, "b": b, "variant": variant, "players": players, "hands": 2 * n,
        "margins": margins, "margin": (lo + hi) / 2, "ci": (lo, hi),
        "games": 2 * len(gl), "wins": wins,
        "ms_a": _ms(ta), "ms_b": _ms(tb),
    }


def _ci(margins):
    # the 95% confidence interval of the mean margin (normal approximation)
    n = len(margins)
    mean = sum(margins) / n
    sd = math.sqrt(sum((m - mean) ** 2 for m in margins) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else 0.0
    return mean - half, mean + half


def _ms(ts):
    if not ts:
        return (0.0, 0.0)
    ts = sorted(ts)
    return (1000 * ts[len(ts) // 2], 1000 * ts[-1])


def report(r):
    lines = [
        "%s vs %s, %s, %d players, %d hands (%d duplicate deals)"
        % (r["a"], r["b"], r["variant"], r["players"], r["hands"], r["hands"] // 2),
        "margin per hand for %s: %+.2f points, 95%% CI [%+.2f, %+.2f]"
        % (r["a"], r["margin"], r["ci"][0], r["ci"][1]),
    ]
    if r["games"]:
        lines.append("games to the target won by %s: %.1f%% (%d of %d)"
                     % (r["a"], 100.0 * r["wins"] / r["games"], r["wins"], r["games"]))
    lines.append("ms per decision (median, max): %s %.2f, %.1f; %s %.2f, %.1f"
                 % (r["a"], r["ms_a"][0], r["ms_a"][1], r["b"], r["ms_b"][0], r["ms_b"][1]))
    return "\n".join(lines)


def against(a, b, opponents, hands, games, variant="egyptian", players=2, jobs=2, seed=1):
    """--against: prints the table of A's and B's runs against each opponent,
    a row each, A's with the paired difference."""
    print("| opponent | player | hands | margin a hand | 95% CI | games won | A - B (paired) |")
    print("|---|---|---|---|---|---|---|")
    for opp in opponents:
        ra, rb = (run(who, opp, hands, games, variant, players, jobs, seed) for who in (a, b))
        lo, hi = _ci([x - y for x, y in zip(ra["margins"], rb["margins"])])
        for r, paired in ((ra, "%+.2f [%+.2f, %+.2f]" % ((lo + hi) / 2, lo, hi)), (rb, "")):
            g = r["games"]
            won = "%d of %d (%.0f%%)" % (r["wins"], g, 100.0 * r["wins"] / g) if g else ""
            print("| %s | %s | %d | %+.2f | [%+.2f, %+.2f] | %s | %s |"
                  % (opp, r["a"], r["hands"], r["margin"], r["ci"][0], r["ci"][1], won, paired))
        sys.stdout.flush()


def main(argv=None):
    ap = Parser(prog="python -m tools.arena", description=__doc__.split("\n\n")[0])
    ap.add_argument("--a", default="expert", type=_spec, help="level, or level:worlds:plies:nodes[:work]")
    ap.add_argument("--b", default="normal", type=_spec)
    ap.add_argument("--hands", type=whole(2, what="a number of hands"), default=4000,
                    help="hands in all (each deal twice)")
    ap.add_argument("--games", type=whole(0, what="a number of games"), default=0,
                    help="whole games to the target (each twice)")
    ap.add_argument("--variant", default="egyptian", type=_variant)
    ap.add_argument("--players", type=int, default=2, choices=(2, 4))
    ap.add_argument("--jobs", type=whole(1, what="a number of processes"), default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--against", nargs="+", type=_spec, metavar="OPPONENT",
                    help="instead: A and B each against these, a table with the paired difference")
    args = ap.parse_args(argv)
    if args.against:
        return against(args.a, args.b, args.against, args.hands, args.games, args.variant,
                       args.players, args.jobs, args.seed)
    r = run(args.a, args.b, args.hands, args.games, args.variant, args.players, args.jobs, args.seed)
    print(report(r))
    return r


if __name__ == "__main__":
    main()
