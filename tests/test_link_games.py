"""Whole link games between two simulated devices in one process (virtual
time, tests/linkdrive.py): 2 and 4 players, several rule sets, then the
same with bytes dropped, flipped and delayed, the cable cut and plugged
back, and one device losing power, at random moments. Every game must
finish on both devices, with the same plays in every hand, replaying to
the scores both devices show."""
import pytest

from tests.linkdrive import play_pair, replay_scores


def check_game(r, variant, players, target):
    a, b = r["people"]
    assert a.diff is None and b.diff is None, (a.diff, b.diff)
    assert a.over is not None and b.over is not None, "a game did not finish (%s / %s)" % (
        sorted(a.seen), sorted(b.seen))
    la, lb = r["sides"][0].logs, r["sides"][1].logs
    assert la == lb                     # both devices made the same plays, hand by hand
    assert sorted(la) == list(range(len(la)))
    # the scores each device shows are the replay's of that log, and agree
    apps = r["runner"].apps
    shown = [sorted(int(line.split()[-1]) for line in p.over[1:-1]) for p in (a, b)]
    assert shown[0] == shown[1]
    seeds = set()
    for side in r["sides"]:
        seeds.add(side.seed)
    assert len(seeds) == 1
    scores, winner = replay_scores(variant, players, target, seeds.pop(),
                                   [la[h] for h in sorted(la)])
    assert winner is not None
    assert sorted(scores) == shown[0]
    assert all(app is not None for app in apps)
    # each device counts the game in its stats, and no win against an AI
    # level (the other device's person is not one)
    for app in apps:
        assert app.stats.games == 1 and sum(app.stats.wins) == 0, (app.stats.games, app.stats.wins)


CLEAN = [("egyptian", 2, "AI"), ("french", 2, "AI"), ("lebanese", 4, "AI"),
         ("italian", 4, "person"), ("czech", 2, "AI"), ("iraqi", 4, "AI")]


@pytest.mark.parametrize("variant,players,layout", CLEAN)
def test_a_link_game_finishes_with_the_same_log_on_both_devices(variant, players, layout):
    r = play_pair(players=players, variant=variant, layout=layout, target=31, seed=3)
    check_game(r, variant, players, 31)


FAULTY = [("egyptian", 2, 1), ("alkomi", 4, 2), ("french", 2, 3), ("italian", 4, 4)]


@pytest.mark.parametrize("variant,players,seed", FAULTY)
def test_bytes_dropped_flipped_and_delayed_lose_nothing(variant, players, seed):
    r = play_pair(players=players, variant=variant, target=31, seed=seed,
                  faults=dict(drop=0.02, flip=0.02, delay=0.02))
    check_game(r, variant, players, 31)
    w = r["wires"]
    assert w.ab.dropped + w.ba.dropped > 0 and w.ab.flipped + w.ba.flipped > 0
    assert w.ab.delayed + w.ba.delayed > 0


@pytest.mark.parametrize("variant,players,seed", [("egyptian", 2, 5), ("lebanese", 4, 6),
                                                  ("czech", 2, 7)])
def test_the_cable_pulled_and_plugged_back_mid_game(variant, players, seed):
    r = play_pair(players=players, variant=variant, target=31, seed=seed, cuts=3,
                  faults=dict(drop=0.01, flip=0.01))
    check_game(r, variant, players, 31)
    assert len(r["shared"].get("cuts", [])) >= 1


@pytest.mark.parametrize("variant,players,seed", [("egyptian", 2, 8), ("french", 4, 9),
                                                  ("iraqi", 2, 10), ("italian", 4, 11)])
def test_a_device_that_loses_power_catches_up_and_the_game_goes_on(variant, players, seed):
    r = play_pair(players=players, variant=variant, target=31, seed=seed, resets=3,
                  cuts=1, faults=dict(drop=0.01, flip=0.01, delay=0.01))
    check_game(r, variant, players, 31)
    assert sum(r["runner"].resets) >= 1
