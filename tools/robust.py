"""Two players against every opponent of the arena's set, on the same deals.

    python -m tools.robust --a master --b master-b --hands 500 --games 60 --seed 1

For each opponent (easy, normal, hard, expert, expert-v1, summiss, thrower
unless --against says), A and B each play the same duplicate deals against
it (tools/arena.py's deal pairs and games to the target): A's and B's
margin a hand with its 95% interval and games won, and A's margin less
B's, deal by deal, with its interval (the paired difference: the cards'
luck cancels twice). One process (the arena's --jobs 1). CPython only.
"""
import sys

from tools import arena
from basra_flash.cmdline import Parser, whole

OPPONENTS = ("easy", "normal", "hard", "expert", "expert-v1", "summiss", "thrower")


def measure(a, b, opponent, hands, games, seed=1, variant="egyptian", players=2, out=sys.stderr):
    rows = {}
    for who in (a, b):
        margins = []
        for k in range(max(1, hands // 2)):
            m, _ = arena._deal_pair((variant, players, who, opponent, seed, k))
            margins.append(m)
        wins = 0
        for k in range(games // 2):
            wins += arena._game_pair((variant, players, who, opponent, seed, k))
        rows[who] = (margins, wins)
        if out:
            lo, hi = arena._ci(margins)
            out.write("%s vs %s: %+.2f [%+.2f, %+.2f], %d of %d games\n"
                      % (who, opponent, (lo + hi) / 2, lo, hi, wins, 2 * (games // 2)))
            out.flush()
    diff = [x - y for x, y in zip(rows[a][0], rows[b][0])]
    return rows, arena._ci(diff)


def main(argv=None):
    ap = Parser(prog="python -m tools.robust", description=__doc__.split("\n\n")[0])
    ap.add_argument("--a", default="master")
    ap.add_argument("--b", default="master-b")
    ap.add_argument("--against", nargs="*", default=list(OPPONENTS))
    ap.add_argument("--hands", type=whole(2, what="a number of hands"), default=500)
    ap.add_argument("--games", type=whole(0, what="a number of games"), default=60)
    ap.add_argument("--players", type=int, default=2, choices=(2, 4))
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    print("| opponent | player | hands | margin a hand | 95% CI | games won | A - B (paired) |")
    print("|---|---|---|---|---|---|---|")
    for opp in args.against:
        rows, (dlo, dhi) = measure(args.a, args.b, opp, args.hands, args.games, args.seed,
                                   players=args.players)
        for who in (args.a, args.b):
            margins, wins = rows[who]
            lo, hi = arena._ci(margins)
            g = 2 * (args.games // 2)
            print("| %s | %s | %d | %+.2f | [%+.2f, %+.2f] | %s | %s |"
                  % (opp, who, 2 * len(margins), (lo + hi) / 2, lo, hi,
                     "%d of %d (%.0f%%)" % (wins, g, 100.0 * wins / g) if g else "",
                     "%+.2f [%+.2f, %+.2f]" % ((dlo + dhi) / 2, dlo, dhi) if who == args.a else ""))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
