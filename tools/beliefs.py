"""Calibrating the beliefs (core/ai/beliefs.py): what a play shows of a hand.

    python -m tools.beliefs --hands 2400 --seed 1          # the table, by player and pooled
    python -m tools.beliefs --hands 2400 --seed 1 --write  # ... and RATIO as core/ai/beliefs.py ships it
    python -m tools.beliefs --hands 200 --log plays.jsonl   # every play: floor, hand, play
    python -m tools.beliefs --hands 30 --overlap expert      # true cards in a sampled hand

Plays hands (egyptian, 2 players) between a mix of players, every pair of
PLAYERS in turn (each on both seats), and at every play logs the floor the
player faced, its hand and what it played. For the observer (the other
seat), every card it has not seen after the play is put in its bucket
(core/ai/beliefs.py Beliefs.ply, the code the search runs) and counted
held or not (in the player's hand after the play), against the chance it
would be held knowing nothing: the player's cards left over the cards the
observer has not seen. The ratio observed / expected per bucket, by player
and pooled, is the table; RATIO ships the pooled one in sixteenths.

``collect`` is what tests/test_beliefs.py runs on fresh deals: the held
rate each bucket predicts (the chance knowing nothing times RATIO) against
the rate observed, by player. CPython only.
"""
import json
import sys

from core.ai.beliefs import BUCKETS, RATIO, Beliefs
from core.ai.observe import Observation, observe
from core.game import Game
from core.plays import Plays
from core.presets import preset
from core.state import HAND, LAY, State
from tools.arena import player, reseed, turns
from basra_flash.cmdline import Parser, whole

# the pool RATIO is estimated on (the expert's column: its search with
# uniform worlds, the arena's expert-b: the expert with beliefs in the pool
# reads bucket 2, a sweep of at most 2 points more passed up, 0.013 off
# the table on tests/test_beliefs.py's fresh deals; a new table is a
# change of the master's and the expert's play, measured as one)
PLAYERS = ("easy", "normal", "hard", "expert-b", "summiss", "thrower")
NAMES = ("empty", "empty, sweeper", "sweep +<=2", "sweep +>2", "nothing, laid", "nothing, took",
         "basra, laid", "basra, took", "no more", "more <=2, laid", "more <=2, took",
         "more >2, laid", "more >2, took")


class Tally:
    """Per (player, bucket): cards, cards held, the held count expected
    knowing nothing (sum of hand / unseen) and predicted by a ratio table."""

    def __init__(self, ratio=RATIO):
        self.ratio = ratio
        self.rows = {}

    def add(self, who, b, held, base):
        r = self.rows.setdefault((who, b), [0, 0, 0.0, 0.0])
        r[0] += 1
        r[1] += held
        r[2] += base
        r[3] += base * self.ratio[b] / 16.0

    def pooled(self):
        out = {}
        for (who, b), r in self.rows.items():
            p = out.setdefault(b, [0, 0, 0.0, 0.0])
            for i in range(4):
                p[i] += r[i]
        return out

    def table(self, who=None):
        """{bucket: (cards, observed rate, expected knowing nothing,
        predicted by the ratio table, observed / expected)}."""
        rows = self.pooled() if who is None else {b: r for (w, b), r in self.rows.items() if w == who}
        return {b: (r[0], r[1] / r[0], r[2] / r[0], r[3] / r[0], r[1] / r[2] if r[2] else 0.0)
                for b, r in sorted(rows.items())}


def pairs(players=PLAYERS):
    return [(a, b) for i, a in enumerate(players) for b in players[i:]]


def collect(hands, seed=1, players=PLAYERS, tally=None, log=None):
    """Play hands hands (every pair of players in turn, seats alternating)
    and tally each play's buckets; returns the Tally."""
    rules = preset("egyptian", players=2)
    tally = tally or Tally()
    bel = Beliefs(rules)
    world = State(rules, 1)
    cursor = Plays(1)
    obs = Observation(rules)
    fl = bytearray(52)
    out = bytearray(52)
    prs = pairs(players)
    for k in range(hands):
        a, b = prs[k % len(prs)]
        names = (a, b) if (k // len(prs)) % 2 == 0 else (b, a)
        seats = [player(rules, names[s], s) for s in range(2)]
        g = Game(rules, seed * 1000003 + k)
        g.start_hand()
        st = g.state
        for s, p in enumerate(seats):
            reseed(p, (seed * 8 + k * 2 + s + 1) & 0x3FFFFFFF)
        for seat, word, take in turns(g, seats):
            for c in range(52):
                fl[c] = 1 if st.loc[c] == 1 else 0
            hand = [st.hand[6 * seat + i] for i in range(st.hand_n[seat])]
            side = seat % 2
            before = 4 * (st.pile_n[side] + st.pile_points[side]) + 40 * st.basras[side]
            st.apply(word, take)
            laid = bool(word >> 8 & LAY)
            actual = 0 if laid else 4 * (st.pile_n[side] + st.pile_points[side]) + 40 * st.basras[side] - before
            if log is not None:
                log.write(json.dumps({"player": names[seat], "floor": [c for c in range(52) if fl[c]],
                                      "hand": hand, "card": word & 63, "laid": laid,
                                      "gain": actual}) + "\n")
            h = st.hand_n[seat]
            if not h:
                continue
            o = 1 - seat
            observe(st, o, obs)
            bel.ply(world, cursor, st.dealer, seat, fl, obs.where, actual, laid, out)
            unseen = sum(1 for c in range(52) if out[c] != 255)
            base = h / unseen
            own = HAND + seat
            for c in range(52):
                if out[c] != 255:
                    tally.add(names[seat], out[c], 1 if st.loc[c] == own else 0, base)
        g.end_hand()
    return tally


def overlap(opponent, hands, seed=77, worlds=50):
    """How many of the opponent's true cards a sampled world's hand holds,
    on average over the decisions of normal (seat 0) against opponent
    where some weight moved: (decisions, uniformly, dealt by RATIO)."""
    from core.ai.search import Search
    from core.prng import Prng

    rules = preset("egyptian", players=2)
    s = Search(rules, 1, False, True)
    obs = Observation(rules)
    world = State(rules, 4)
    seats = [player(rules, "normal", 0), player(rules, opponent, 1)]
    n = 0
    tot = [0.0, 0.0]
    for k in range(hands):
        g = Game(rules, seed + k)
        g.start_hand()
        st = g.state
        reseed(seats[0], k)
        reseed(seats[1], k + 1000)
        for seat, word, take in turns(g, seats):
            if seat == 0 and st.hand_n[1]:
                observe(st, 0, obs)
                s.beliefs.update(obs, s.world, s.plays)
                if s.beliefs.active:
                    for weighted in (0, 1):
                        s.sampler.weighted = bool(weighted)
                        prng = Prng(5)
                        held = 0
                        for t in range(worlds):
                            s.sampler.sample(obs, world, prng, -1 - t)
                            held += sum(1 for c in range(52) if world.loc[c] == HAND + 1 == st.loc[c])
                        tot[weighted] += held / worlds
                    n += 1
            st.apply(word, take)
    return n, tot[0] / n, tot[1] / n


def ratio_bytes(table, cap=255):
    """The pooled table's observed / expected, in sixteenths (1..cap)."""
    out = []
    for b in range(BUCKETS):
        r = table.get(b)
        v = 16 if r is None or r[0] < 50 else int(round(16 * r[4]))
        out.append(min(cap, max(1, v)))
    return bytes(out)


def report(tally, players=PLAYERS):
    lines = ["bucket                 cards  held   knowing nothing  predicted  ratio (x16 shipped: %s)"
             % list(tally.ratio)]
    for who in (None,) + tuple(players):
        lines.append("-- %s" % ("pooled" if who is None else who))
        for b, (n, obs, base, pred, ratio) in tally.table(who).items():
            lines.append("%2d %-18s %7d  %.3f  %.3f            %.3f      %.2f"
                         % (b, NAMES[b], n, obs, base, pred, ratio))
    return "\n".join(lines)


def main(argv=None):
    ap = Parser(prog="python -m tools.beliefs", description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=whole(1, what="a number of hands"), default=2400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--log", help="write every play (floor, hand, play) to this JSON-lines file")
    ap.add_argument("--write", action="store_true", help="print RATIO as core/ai/beliefs.py ships it")
    ap.add_argument("--overlap", metavar="OPPONENT",
                    help="instead: the opponent's true cards in a sampled hand, uniform and by the weights")
    args = ap.parse_args(argv)
    if args.overlap:
        n, u, w = overlap(args.overlap, args.hands)
        print("%s, %d decisions: %.3f of the true cards in a sampled hand uniformly, %.3f by the weights"
              % (args.overlap, n, u, w))
        return None
    log = open(args.log, "w") if args.log else None
    try:
        t = collect(args.hands, args.seed, log=log)
    finally:
        if log:
            log.close()
    print(report(t))
    if args.write:
        print("RATIO = bytes(%s)" % (tuple(ratio_bytes(t.table())),))
    return t


if __name__ == "__main__":
    sys.exit(main() and 0)
