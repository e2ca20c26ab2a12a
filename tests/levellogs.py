"""Games of every level on fixed seeds, as logs of plays (tests/golden/
level_logs.json, recorded before the level registry and the decider, issue
30): a refactor of the levels must change no play.

    python -m tests.levellogs   # rewrites tests/golden/level_logs.json

Each level plays every seat of two hands (2 and 4 players, counted-work
budgets, no clock: the same plays on every machine), through the arena's
players (tools/arena.py), and one whole referee game (core/referee.py
play_game) between hard and expert through the referee's level bots.
"""
import json
import os

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden", "level_logs.json")
LEVELS = ("easy", "normal", "hard", "expert", "expert-v1")
HANDS = 2


def arena_hands(level, players, hands=HANDS):
    """The plays ("word:take" in hex) of `hands` hands of level at every seat."""
    from core.game import Game
    from core.presets import preset
    from tools import arena

    arena._players.clear()
    rules = preset("egyptian", players=players)
    seats = [arena.player(rules, level, s) for s in range(players)]
    out = []
    g = Game(rules, 11 + players)
    for h in range(hands):
        g.start_hand()
        for s, p in enumerate(seats):
            arena.reseed(p, (h * 8 + s + 1) & 0x3FFFFFFF)
        plays = []
        for _, word, take in arena.turns(g, seats):
            plays.append("%x:%x" % (word, take))
            g.state.apply(word, take)
        g.end_hand()
        out.append(" ".join(plays))
    return out


def referee_game(seed=5):
    """A whole referee game, hard against expert: each hand's plays as card names."""
    from core.referee import play_game

    log = play_game(seed, ["hard", "expert"])
    hands = []
    for h in log["hands"]:
        hands.append(" ".join("%d%s%s" % (p["seat"], p["card"], "+" + ".".join(p["take"]) if p["take"] else "")
                              for p in h["plays"]))
    return {"hands": hands, "scores": log["scores"], "winner": log["winner"]}


def record():
    logs = {"arena": {}, "referee": referee_game()}
    for level in LEVELS:
        for players in (2, 4):
            logs["arena"]["%s/%d" % (level, players)] = arena_hands(level, players)
    return logs


if __name__ == "__main__":
    logs = record()
    with open(GOLDEN, "w") as f:
        json.dump(logs, f, indent=1, sort_keys=True)
        f.write("\n")
    print("wrote", GOLDEN)
