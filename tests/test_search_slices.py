"""The search in slices (core/ai/search.py SLICE): with a clock, as on the
device, a step searches at most SLICE positions and holds its pass; the
decision is the one the unsliced search makes."""
import pytest

from core.ai.observe import observe
from core.ai.player import Player
from core.ai.search import SLICE
from hal.clock import Clock
from tests.test_ai import midgame


def _stepped(rules, st, level, clock):
    """(best, totals, spent, the most positions one step searched, steps)."""
    p = Player(rules, level, seed=1)
    s = p.search
    obs = observe(st, st.to_move, p.obs)
    count = [0]
    opened = s._open

    def counted(ply):
        count[0] += 1
        return opened(ply)
    s._open = counted
    s.begin(obs, p.worlds, p.plies, p.nodes, clock, 10 ** 6 if clock else 0, p.work)
    most = steps = 0
    while True:
        count[0] = 0
        done = s.step()
        steps += 1
        most = max(most, count[0])
        if done:
            break
    return s.best(), list(s.totals[:s.n]), s.spent, most, steps


# (players, plies played before): mid-deal, a deal's first play, the last
# deal (two players: the exact solve), four players
CASES = [(2, 2), (2, 8), (2, 40), (2, 44), (4, 3), (4, 40)]


@pytest.mark.parametrize("level", ["hard", "expert"])
@pytest.mark.parametrize("players,plies", CASES)
def test_a_sliced_search_decides_as_a_whole_one_and_no_step_searches_more_than_a_slice(level, players, plies):
    rules, st = midgame(players=players, seed=4, plies=plies)
    whole = _stepped(rules, st, level, None)
    sliced = _stepped(rules, st, level, Clock(lambda: 0))
    assert sliced[:3] == whole[:3]
    # a step's positions: the slice, and the one that ends it
    assert sliced[3] <= SLICE + 1
    if whole[2] > 2 * SLICE:
        assert whole[3] > SLICE + 1 and sliced[4] > whole[4]


def _held(s):
    # a pass held at a slice's end: the ply it goes on from, in slot 0
    return s.depth_left[0] != 0


def test_a_pass_held_when_time_is_up_gives_the_world_back():
    rules, st = midgame(players=2, seed=4, plies=40)
    ticks = [0]
    p = Player(rules, "expert", seed=1)
    s = p.search
    obs = observe(st, st.to_move, p.obs)
    s.begin(obs, p.worlds, p.plies, p.nodes, Clock(lambda: ticks[0]), 100, p.work)
    dealt = (bytes(s.world.loc), bytes(s.world.hand_n), s.world.to_move)
    held = 0
    while not s.step():
        held += _held(s)
        if held == 3:
            ticks[0] = 10 ** 4      # time is up with a pass held
            break
    assert _held(s)
    i = s.best()
    assert 0 <= i < s.n and not _held(s)
    assert (bytes(s.world.loc), bytes(s.world.hand_n), s.world.to_move) == dealt
