"""The soak: many whole referee games, every log replayed.

    python -m tools.soak --games 10000 --jobs 2 --seed 1

Per preset, --games games between the built-in bots "random" (any legal
play) and "laydown" (lays a card down whenever it may, a Jack excepted:
the biggest floors), with 2, 3 and 4 players where the preset allows them,
in three mixes per player count: all random, laydown and random seats
alternating, all laydown. Game i of a preset has seed --seed + i and the
(players, mix) i modulo the number of those. Every game: ``play_game`` must
not raise and ``replay(log)`` must give the log's scores.

Prints games per preset, per player count and per mix, the failures (preset,
bots, seed, exception), the largest floor a seat faced, the most plays
(``len(PlayList)``: concrete card sets) a bot chose among, the slowest game,
and the time taken. Exit status 1 when a game failed. Uses --jobs processes;
progress on stderr. CPython only (not for the device).
"""
import sys
import time
from multiprocessing import Pool

from core import presets as P
from core.bots import make_bot
from core.referee import play_game, replay
from basra_flash.cmdline import Parser, whole

BOTS = ("random", "laydown")


def mixes(players):
    """The seat line-ups of one player count: all random, laydown and random
    alternating (so both sides of a 4-player game differ), all laydown."""
    return [
        ("random",) * players,
        tuple(BOTS[1 - s % 2] for s in range(players)),
        ("laydown",) * players,
    ]


def line_ups(variant):
    """Every (players, seat bots) the soak plays under variant."""
    out = []
    for n in (2, 3, 4):
        try:
            P.preset(variant, players=n)
        except ValueError:
            continue  # e.g. lebanese has no 3-player game
        out.extend(mixes(n))
    return out


class _Watch:
    """A seat's bot, noting the largest floor and the most plays it saw.
    The plays are counted only when the bot counted them itself (an index
    answer: len(PlayList) is cached), so watching costs nothing."""

    __name__ = "watched"

    def __init__(self, bot):
        self.bot = bot
        self.floor = 0
        self.plays = 0

    def __call__(self, view):
        choice = self.bot(view)
        self.floor = max(self.floor, len(view["floor"]))
        if isinstance(choice, int):
            self.plays = max(self.plays, len(view["plays"]))
        return choice


def run_game(task):
    """One soak game, as a dict of what it showed (error: None or a string)."""
    variant, names, seed = task
    out = {"variant": variant, "bots": names, "seed": seed, "error": None,
           "floor": 0, "plays": 0, "hands": 0, "seconds": 0.0}
    t = time.perf_counter()
    seats = []
    try:
        seats = [_Watch(make_bot(name, seed, s)) for s, name in enumerate(names)]
        log = play_game(seed, seats, variant)
        out["hands"] = len(log["hands"])
        got = replay(log)
        if got != log["scores"]:
            out["error"] = "replay gives %r, the log says %r" % (got, log["scores"])
    except Exception as e:  # the soak reports every kind of failure
        out["error"] = "%s: %s" % (type(e).__name__, e)
    out["seconds"] = time.perf_counter() - t
    for w in seats:
        out["floor"] = max(out["floor"], w.floor)
        out["plays"] = max(out["plays"], w.plays)
    return out


def tasks(games, seed, variants=P.PRESETS):
    for variant in variants:
        ups = line_ups(variant)
        for i in range(games):
            yield variant, ups[i % len(ups)], seed + i


def soak(games, jobs=1, seed=1, variants=P.PRESETS, progress=None):
    """Play and replay games per preset; returns the list of run_game results."""
    todo = list(tasks(games, seed, variants))
    results = []
    if jobs > 1:
        with Pool(jobs) as pool:
            for r in pool.imap_unordered(run_game, todo, chunksize=8):
                results.append(r)
                if progress:
                    progress(len(results), len(todo))
    else:
        for task in todo:
            results.append(run_game(task))
            if progress:
                progress(len(results), len(todo))
    return results


def report(results, seconds, out=sys.stdout):
    def line(*parts):
        print(*parts, file=out)

    def count(key):
        c = {}
        for r in results:
            k = key(r)
            c[k] = c.get(k, 0) + 1
        return c

    fails = [r for r in results if r["error"]]
    line("games: %d in %.0f s (%.1f games/s)" % (len(results), seconds, len(results) / max(seconds, 1e-9)))
    per_preset = count(lambda r: r["variant"])
    failed = count(lambda r: r["variant"] if r["error"] else None)
    for v in P.PRESETS:
        if v in per_preset:
            line("  %-9s %6d games, %d failed" % (v, per_preset[v], failed.get(v, 0)))
    for n, k in sorted(count(lambda r: len(r["bots"])).items()):
        line("  %d players: %d games" % (n, k))
    secs = {}
    for r in results:
        s = secs.setdefault(r["bots"], [0, 0.0])
        s[0] += 1
        s[1] += r["seconds"]
    for bots, (k, t) in sorted(secs.items(), key=lambda kv: (len(kv[0]), kv[0])):
        line("  %-31s %6d games, %7.1f ms/game" % (" ".join(bots), k, 1000 * t / k))
    for what, key in (("largest floor", "floor"), ("most plays in one position", "plays")):
        top = max(results, key=lambda r: r[key])
        line("%s: %d (%s, %s, seed %d)" % (what, top[key], top["variant"], " ".join(top["bots"]), top["seed"]))
    top = max(results, key=lambda r: r["seconds"])
    line("slowest game: %.2f s (%s, %s, seed %d, %d hands)"
         % (top["seconds"], top["variant"], " ".join(top["bots"]), top["seed"], top["hands"]))
    line("failures: %d" % len(fails))
    for r in fails:
        line("  %s %s seed %d: %s" % (r["variant"], " ".join(r["bots"]), r["seed"], r["error"]))
    return len(fails)


def main(argv=None):
    ap = Parser(prog="python -m tools.soak", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=whole(1, what="a number of games"), default=200,
                    help="games per preset")
    ap.add_argument("--jobs", type=whole(1, what="a number of processes"), default=1, help="processes")
    ap.add_argument("--seed", type=int, default=1, help="seed of each preset's first game")
    ap.add_argument("--variant", action="append", choices=P.PRESETS, help="only these presets")
    a = ap.parse_args(argv)
    step = max(1, a.games // 10)

    def progress(done, total):
        if done % step == 0 or done == total:
            print("%d/%d games" % (done, total), file=sys.stderr, flush=True)

    t = time.perf_counter()
    results = soak(a.games, a.jobs, a.seed, tuple(a.variant or P.PRESETS), progress)
    print("python -m tools.soak --games %d --jobs %d --seed %d" % (a.games, a.jobs, a.seed))
    return 1 if report(results, time.perf_counter() - t) else 0


if __name__ == "__main__":
    sys.exit(main())
