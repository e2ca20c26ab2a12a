"""Whole games of the device app, played through button presses in the
headless simulator: every preset, 2, 3 and 4 players, both button layouts,
hot seat (target 31 so that a game is a hand or two)."""
import pytest

from core.presets import PRESETS
from device import app as A
from harness.devdrive import Player, drive, menu_to, set_value

CASES = []
for k, v in enumerate(PRESETS):
    CASES.append((v, 2, 1, 4 if k % 2 else 6))
    CASES.append((v, 4, 1, 6 if k % 2 else 4))
    if v != "lebanese" and k % 2 == 0:
        CASES.append((v, 3, 1, 6))
CASES += [("egyptian", 2, 2, 6), ("lebanese", 4, 2, 4), ("french", 3, 3, 4)]


@pytest.mark.parametrize("variant,players,people,buttons", CASES)
def test_full_game(variant, players, people, buttons):
    p = Player(level="normal", players=players, people=people, variant=variant,
               rng=players * 7 + people, skip_shows=people > 1)
    sim, d = drive(p, seed=11, buttons=buttons)
    app = A.last
    assert app.games_over == 1, "the game did not end (%s)" % sorted(p.seen)
    assert app.hands_over >= 1
    assert {"new", "summary", "over"} <= p.seen
    if people > 1:
        assert "cover" in p.seen            # the hand was hidden between people
    else:
        assert "show" in p.seen             # AI plays stayed up
    # the game-over menu names the winner and the scores
    assert any("WIN" in s for s in p.over)
    assert app.menu.kind == "main"
    # the save is cleared at the end of a game, stats count one-person games
    assert app.saved is None
    assert app.stats.games == (1 if people == 1 else 0)


def test_unwinnable_choice_is_refused_with_a_message():
    # Lebanese deals 6 to each: 3 players cannot share the 48 cards
    steps = []

    def pol(app):
        m = app.menu
        steps.append(m.kind)
        if m.kind == "main":
            return menu_to(app, "New game") + ["A"]
        if m.kind == "new" and steps.count("new") == 1:
            return set_value(app, "Players", 3)
        if m.kind == "new" and steps.count("new") == 2:
            return set_value(app, "Rules", "lebanese")
        if m.kind == "new" and steps.count("new") == 3:
            return menu_to(app, "Start") + ["A"]
        return None
    drive(pol, seed=1)
    app = A.last
    assert app.menu.kind == "new"
    assert app.menu.title.startswith("LEBANESE")
    assert app.sess is None
