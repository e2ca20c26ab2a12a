"""The levels play as they did before the level registry and the decider
(issue 30): the plays of every level on fixed seeds, against logs recorded
on the code before the change (tests/golden/level_logs.json, written by
``python -m tests.levellogs``)."""
import json

import pytest

from tests import levellogs


@pytest.fixture(scope="module")
def golden():
    with open(levellogs.GOLDEN) as f:
        return json.load(f)


@pytest.mark.parametrize("players", (2, 4))
@pytest.mark.parametrize("level", levellogs.LEVELS)
def test_level_plays_the_recorded_hands(golden, level, players):
    got = levellogs.arena_hands(level, players)
    want = golden["arena"]["%s/%d" % (level, players)]
    for h, (g, w) in enumerate(zip(got, want)):
        assert g == w, "%s, %d players, hand %d differs from the recorded log" % (level, players, h)
    assert len(got) == len(want)


def test_referee_game_between_levels_is_the_recorded_one(golden):
    assert levellogs.referee_game() == golden["referee"]
