"""Random presses, holds and repeats through the device app in the
simulator's headless mode (tools/mash.py says what is watched). The
100 000-press run is `python -m tools.mash --presses 100000`
(docs/testing.md); here 2 x 1500 presses, one run per searching AI level."""
import pytest

from tools.mash import mash


@pytest.mark.parametrize("seed", [2, 3])
def test_random_presses_never_break_the_game(seed):
    w = mash(1500, seed)
    assert w.errors == []
    assert w.plays > 300 and w.human_plays > 100 and w.ai_plays > 100
    assert w.presses_thinking > 20          # presses did land while the AI searched
    assert w.sleeps > 3                     # and while the screen slept (the waking press)
    assert w.resume_checks > 10


def test_random_presses_play_the_same_however_fast_the_machine():
    # the AI's thinking takes virtual time by the positions it searched,
    # not by this machine's speed: the same presses give the same game
    def run():
        w = mash(400, 3)
        return (w.plays, w.human_plays, w.ai_plays, w.steps, w.presses_thinking,
                w.presses_showing, w.sleeps, w.writes)
    first = run()
    assert first[3] > 0 and first[4] > 0
    assert run() == first
