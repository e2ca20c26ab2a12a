"""A board running the game is soft-reloaded (auto-reload after a file is
saved to CIRCUITPY, Ctrl-D, basra-flash's reset, the return from the REPL:
one path in CircuitPython's supervisor) at the menu, mid-game, while an AI
thinks, while a save is written and while a hand's summary shows (the next
hand dealt ahead). CircuitPython keeps the display and the
I2C pins its bus holds across the reload (harness/reload.py models it): the
next code.py must start, and Continue resume the game last saved."""

import pytest

from harness.reload import ReloadingBoard


def _game(rec):
    return {k: rec[k] for k in ("seed", "hand", "scores", "log")}


def test_a_reload_at_the_menu_brings_the_menu_back(mpvm):
    with ReloadingBoard() as board:
        for _ in range(3):
            rec = board.run("menu")
            assert "set-up problem" not in rec["serial"], rec["serial"]
            assert rec["reloaded_in"] == "menu" and rec["screen"] == "menu:main"
            # what CircuitPython keeps for the next run: the display's bus pins
            assert sorted(rec["kept"]) == ["GP4", "GP5"]
            # the panel's init commands went without busdisplay's waits
            # (130 ms with the driver's own sequence: hal/oled.py)
            assert rec["init_ms"] == 0


@pytest.mark.parametrize("where", ["game", "ai", "save", "summary"])
def test_a_reload_of_a_game_in_progress_and_continue_resumes_it(mpvm, where):
    with ReloadingBoard() as board:
        first = board.run(where)
        assert first["reloaded_in"] == where, first
        assert first["game"] is not None and first["saved"] is not None
        if where == "ai":       # inside a search step, not between loop turns
            assert "/app/core/ai/search.py" in first["stack"]
        if where == "save":     # as the save was written: the play before it is what is kept
            assert "/app/hal/storage.py" in first["stack"]
            assert len(first["saved"]["log"]) < len(first["game"]["log"])
        else:
            assert _game(first["saved"]) == _game(first["game"])
        if where == "summary":  # the next hand dealt ahead: its start is what is kept
            assert first["screen"].startswith("pages") and first["game"]["log"] == [], first
        after = board.run("resume")
        assert "set-up problem" not in after["serial"], after["serial"]
        assert after["continue"] == "Continue"
        assert after["reloaded_in"] == "resumed"
        assert _game(after["resumed"]) == _game(first["saved"])
        # and once more, from the resumed game
        again = board.run("resume")
        assert again["reloaded_in"] == "resumed" and again["resumed"] is not None
