"""The level registry (core/ai/__init__.py): a level is one entry there. A
throwaway level, registered by this test alone, plays in the referee, the
arena, the device's menu and game, a save and the stats; the registry's
stable codes are the ones earlier builds saved."""
import sys

import pytest

import core.ai as AI
from core.ai.player import DEVICE_DEADLINE_MS, DEVICE_WORK, Player
from core.presets import preset
from device.save import Saved, Settings, Stats, payload
from device.saveread import decode
from harness.devdrive import menu_to
from tests.test_device_app import my_turn, new_game, run, until

TRIAL = "trial"


@pytest.fixture
def trial_level():
    """A level named "trial" (code 200): a fixed search, 2 worlds, 2 plies,
    50 positions a world; taken away after the test. LEVELS (a tuple) and
    CODES (bytes) are rebound, in every module that imported them."""
    old = AI.LEVELS, AI.CODES
    new = AI.LEVELS + (TRIAL,), AI.CODES + bytes((200,))
    _rebind(old, new)
    AI.TABLE.extend(bytes((2, 1, 1, 2, 2, 5)))  # kind 2: a fixed search
    try:
        yield TRIAL
    finally:
        del AI.TABLE[-6:]
        _rebind(new, old)


def _rebind(old, new):
    # each module's LEVELS and CODES that are old's, new's (modules loaded
    # during the test took new's: they get old's back after it)
    for m in list(sys.modules.values()):
        d = getattr(m, "__dict__", None)
        if not isinstance(d, dict):
            continue
        for name, a, b in (("LEVELS", old[0], new[0]), ("CODES", old[1], new[1])):
            if d.get(name) is a:
                d[name] = b


def test_the_registry_has_one_name_code_and_table_entry_a_level():
    assert len(AI.CODES) == len(AI.LEVELS) and len(AI.TABLE) == 6 * len(AI.LEVELS)
    assert len(set(AI.CODES)) == len(AI.CODES) and 0 not in AI.CODES and 5 not in AI.CODES
    # the codes earlier builds saved (easy 1 .. expert 4) stay
    assert [AI.CODES[AI.LEVELS.index(lv)] for lv in ("easy", "normal", "hard", "expert")] == [1, 2, 3, 4]


def test_master_has_twice_the_experts_work_and_deadline():
    for players in (2, 4):
        rules = preset("egyptian", players=players)
        e = Player(rules, "expert")
        m = Player(rules, "master")
        assert (m.worlds, m.plies, m.nodes) == (e.worlds, e.plies, e.nodes)
        assert m.work == 2 * e.work == 2 * DEVICE_WORK
        assert m.deadline == 2 * e.deadline == 2 * DEVICE_DEADLINE_MS


def test_an_unknown_level_is_refused_with_the_known_ones():
    from core.bots import make_bot

    # a level asked for from outside (the referee, the command line) is
    # named with the known ones; the Player itself refuses it without a
    # message of its own (LEVELS.index: a string of its own would cost the
    # board's heap while the AI decides)
    with pytest.raises(ValueError, match="'grand'.*expert, master"):
        make_bot("grand", 1, 0)
    with pytest.raises(ValueError):
        Player(preset("egyptian"), "grand")


def test_a_registered_level_plays_in_the_referee(trial_level):
    from core.referee import play_game, replay

    log = play_game(3, [trial_level, "greedy"], target=31)
    assert replay(log) == log["scores"]
    p = Player(preset("egyptian"), trial_level)
    assert (p.worlds, p.plies, p.nodes, p.work) == (2, 2, 50, 0)


def test_a_registered_level_plays_in_the_arena(trial_level):
    from tools.arena import _spec, run

    assert _spec(trial_level) == trial_level
    r = run(trial_level, "easy", hands=4, jobs=1, out=None)
    assert r["hands"] == 4 and r["ms_a"][0] > 0


def test_a_registered_level_is_saved_and_loaded_by_its_code(trial_level):
    g = Saved(levels=["human", trial_level])
    st = Stats()
    assert len(st.wins) == len(AI.LEVELS)
    s = Settings()
    s.last_level = trial_level
    raw = payload(g, s, st)
    assert bytes([200]) in raw
    g2, s2, st2 = decode(raw, 0, len(raw))
    assert g2.levels == ["human", trial_level] and s2.last_level == trial_level


def test_a_registered_level_is_offered_played_saved_and_counted_on_the_device(trial_level, tmp_path):
    save = str(tmp_path / "basra.sav")
    seen = {}

    def first():
        yield from new_game(Level=trial_level)
        yield ["RIGHT", "A"]
        yield from until(my_turn)                    # the trial level has played
        a = A_last()
        seen["levels"] = list(a.sess.levels)
        seen["plays"] = a.sess.nlog
        yield ["B"]                                   # the game menu
        yield menu_to(A_last(), "Save and quit") + ["A"]
        yield menu_to(A_last(), "Stats") + ["A"]
        seen["stats"] = [it[0] for it in A_last().menu.items]

    def second():
        seen["items"] = [it[0] for it in A_last().menu.items]
        yield ["A"]                                   # Continue
        seen["resumed"] = list(A_last().sess.levels)

    run(first, save=save, seed=4)
    run(second, save=save, seed=9)
    assert seen["levels"] == ["human", trial_level] and seen["plays"] >= 2
    assert any(label.startswith("Wins " + trial_level) for label in seen["stats"])
    assert seen["items"][0] == "Continue" and seen["resumed"] == ["human", trial_level]


def A_last():
    from device import app as A

    return A.last
