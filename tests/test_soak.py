"""A sample of the soak (tools/soak.py): whole games between random and
laydown bots, every preset and player count, every log replayed."""
import io

import pytest

from core import presets as P
from tools import soak


@pytest.fixture(scope="module")
def results():
    return soak.soak(games=20, jobs=1, seed=500)


def test_every_preset_plays_every_line_up_it_allows(results):
    for v in P.PRESETS:
        played = {r["bots"] for r in results if r["variant"] == v}
        assert played == set(soak.line_ups(v)), v
        assert sum(r["variant"] == v for r in results) == 20
    assert not any(r["variant"] == "lebanese" and len(r["bots"]) == 3 for r in results)


def test_no_game_raises_and_every_log_replays_to_its_scores(results):
    assert [r for r in results if r["error"]] == []
    assert all(r["hands"] >= 1 for r in results)


def test_laydown_games_reach_big_floors(results):
    laydown = [r for r in results if set(r["bots"]) == {"laydown"}]
    assert max(r["floor"] for r in laydown) >= 20
    mixed = [r for r in results if set(r["bots"]) == {"laydown", "random"}]
    assert max(r["floor"] for r in mixed) >= 12
    assert max(r["plays"] for r in mixed) >= 100


def test_a_log_that_does_not_replay_is_a_failure_with_its_seed(monkeypatch):
    monkeypatch.setattr(soak, "replay", lambda log: [-1] * len(log["scores"]))
    r = soak.run_game(("czech", ("random", "laydown"), 77))
    assert r["seed"] == 77 and r["error"].startswith("replay gives [-1, -1]")
    out = io.StringIO()
    assert soak.report([r], 1.0, out) == 1
    assert "czech random laydown seed 77: replay gives" in out.getvalue()


def test_a_game_that_raises_is_a_failure_named_by_its_exception(monkeypatch):
    def broken(seed, players, variant):
        raise ValueError("more than 4096 distinct plays in one position")

    monkeypatch.setattr(soak, "play_game", broken)
    r = soak.run_game(("egyptian", ("laydown", "laydown"), 22))
    assert r["error"] == "ValueError: more than 4096 distinct plays in one position"
