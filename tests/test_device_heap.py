"""The device app on the MicroPython VM (displayio stand-in in harness/mpstub):
it starts, plays, and its heap stays bounded and does not grow during a game
or under random button presses.
Figures: python -m tools.heap [--mash N] (README device section, docs/reliability.md)."""
from tools.heap import LAYOUTS, MEASURED, board_layouts, growth, mash

MEASURED_KB = {key: kb for key, label, kb in MEASURED}


def test_board_model_predicts_the_measured_heap_and_holds_steady(mpvm):
    rows, chance, sets = board_layouts(games=3)
    table = {key: kb for key, label, kb, ref, mods in rows}
    # the HAL's moment: the HAL, displayio and the SSD1306 driver, less the
    # code that only opening the HAL needs (hal/circuitpython.py and the
    # modules it imports for itself, dropped once it is open: 4-5 KB) and the
    # storage's code cut since the measurement (the record API and FileStore,
    # now hal/filestore.py: 1.9 KB), against CircuitPython's 24.4 KB measured
    # with both held: within 10% (issue 15's tolerance) of the one less the
    # other; and less 1.8 KB since issue 27 moved hal.run's wait into
    # hal/report.py (loaded only on a set-up problem): the model's reading of
    # this moment went from 17,904 to 16,048 bytes with hal/__init__.py the
    # only change (tools.heap.board(games=1), one layout)
    assert 0.9 * (MEASURED_KB["hal"] - 5.0 - 1.9 - 1.8) <= table["hal"] <= MEASURED_KB["hal"] * 1.1, table
    # outside a link game the menu's code (device/menu.py, with its Menu and
    # the big font) stays made at the table, so that B is a whole frame and
    # little Python; a link game's table lets it go (the link moment below,
    # tests/test_link_play.py)
    held = {key: mods for key, label, kb, ref, mods in rows}
    assert held["game"] is not None and "device.menu" in held["game"], held
    # one rarely used job at a time while a game is on: menus, begin, or one
    # save call (device/store.py with one of the save's parts), never two
    # (the open menu's screen beside it)
    save_parts = {"device.saveformat", "device.saveload", "device.savewrite"}
    for s in sets:
        rest = set(s) - {"device.store", "device.menu", "device.gamemenu"}
        assert len(rest) <= 1, sets
        assert "device.store" not in s or rest <= save_parts, sets
    # issue 15 item 2's cuts (docs/performance.md), and since issue 27 the
    # menu kept at the table outside a link game (4.2 KB): a game 72.2 KB, a
    # save write or the game menu over it 78.9, an AI deciding 85.1 (the
    # search: hard, expert, a hint) modelled, against 88.6, 92.6 and 101.3
    # before the cuts; each held a little above its figure
    assert table["game"] < 74.0, table
    assert table["save"] < 81.0, table
    assert table["ai"] < 87.0, table
    # the peak, a link game's AI seat deciding (the link's code and objects
    # beside the search): the 90 KB target, at every moment
    assert max(table.values()) <= 90.0, table


def test_heap_does_not_grow_under_random_presses(mpvm):
    # 30 stretches of 3000 loop turns (about 7,000 presses, holds, repeats and
    # screen sleeps; games at every level the presses pick), in each heap
    # layout of LAYOUTS; about 20 s each. A leak raises the floor in every
    # layout; a block the conservative collector keeps by chance (a word that
    # happens to hold its address) does so in one (docs/reliability.md)
    rises, tops = [], []
    for pad in LAYOUTS:
        rows = mash(steps=30, per_step=3000, seed=1, pad=pad)
        assert len(rows) == 30
        last = rows[-1]
        assert last["counts"]["presses"] > 5000 and last["counts"]["sleeps"] > 50, last
        # (a game write takes four loop turns of its own: 9 hands in 90,000 turns)
        assert last["hands"] >= 8 and last["games"] >= 3, last
        rise, n = growth(rows)
        assert n >= 10, rows
        rises.append(rise)
        # the floor once a game is on: rows[0] is the app at its main menu,
        # before the first game loads the table, device/play.py and the
        # game's core (App.game_on, about 27 KB)
        assert rows[1]["alloc"] - rows[0]["alloc"] > 16 * 1024, rows[:2]
        base = min(r["alloc"] for r in rows[1:])
        tops.append(max(r["alloc"] for r in rows) - base)
    assert min(rises) < 512, rises
    # bounded: single readings stand above the floor by what a game holds and
    # by blocks kept for a while by chance (up to 33 KB seen in one layout,
    # the next reading back at the floor); a runaway heap would pass this
    assert min(tops) < 32 * 1024, tops
