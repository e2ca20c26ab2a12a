"""Flash writes per game, and the writes among them that erase the RP2040's
4 KB nvm sector (the save's log come round), measured by playing real
games through SaveStore on a counting store. The figures in
docs/reliability.md come from `python -m tools.fuzz_save --wear 40`."""
import pytest

from device import save as S
from device import saving
from tools.fuzz_save import ImageStore, play_game


class Counting(ImageStore):
    def __init__(self):
        super().__init__()
        self.calls = 0


def test_every_play_policy_writes_once_per_play_and_hand():
    store = ImageStore()
    writes, plays, hands = play_game(store, 21, "egyptian", 2, ["human", "normal"])
    assert store.writes == writes
    # one per play, one per deal of a hand (the end of the one before), the
    # first save and the cleared game, which carries the stats: nothing else
    assert writes == plays + hands + 1
    assert plays == 48 * hands


def _erasing_writes(levels, seed=21, before=0):
    # [(write number, (plays of the hand, the level to move))] of the
    # writes that erased the sector in one game, and its writes; before:
    # records written first (settings changed), where the log stands
    store = ImageStore()
    pre = saving.SaveStore(store)
    pre.load()
    for k in range(before):
        st = S.Settings()
        st.contrast = k
        pre.save_settings(st)
    seen = []

    def on_save(ss, saved):         # saved: play_game's one Saved, changed as it goes
        seen.append((store.erases, saved and (len(saved.plays), saved.levels[S.to_move(saved)])))
    writes, _, _ = play_game(store, seed, "egyptian", len(levels), levels, on_save=on_save)
    out = []
    before = 0
    for k, (e, saved) in enumerate(seen):
        if e > before:
            out.append((k + 1, saved))
        before = e
    return out, writes


def test_with_no_ai_seat_the_log_comes_round_every_31_writes():
    # 32 slots: the first 32 writes program erased flash, the 33rd writes
    # the log again (one erase: the newest record in slot 0, the new one in
    # slot 1), then every 31st
    erased, writes = _erasing_writes(["human", "human"])
    assert [k for k, _ in erased] == list(range(33, writes + 1, 31))


def test_the_log_comes_round_early_in_a_write_no_play_can_land_in():
    # a write the person cannot press a play during (an AI seat to move)
    # writes the log again once fewer than EARLY_ERASE slots would be left:
    # every erase is in such a write, 27 to 31 writes after the one before
    erased, writes = _erasing_writes(["human", "normal"])
    assert len(erased) >= writes // 31
    for _, saved in erased:
        assert saved is not None and 0 < saved[0] < 48 and saved[1] != "human"
    first = erased[0][0]
    assert S.SLOTS + 1 - S.EARLY_ERASE <= first <= S.SLOTS + 1
    for (a, _), (b, _) in zip(erased, erased[1:]):
        assert S.SLOTS - 1 - S.EARLY_ERASE <= b - a <= S.SLOTS - 1


@pytest.mark.parametrize("levels", [["human", "human"], ["human", "normal"], ["human", "normal", "normal", "normal"]])
def test_a_hands_end_never_writes_the_log_again(levels):
    # the record of a hand's end (the next hand's start, or the game's end)
    # is written while its summary shows, its code loaded: the write before
    # it leaves an erased slot for it (device/save.py early), so that a
    # hand's end never holds the summary's code and the log's 4 KB image.
    # The log placed at each of its slots when the game begins: in some the
    # log would come round at a hand's end
    for before in range(S.SLOTS):
        erased, writes = _erasing_writes(levels, 21, before)
        assert erased and writes > 2 * S.SLOTS
        for _, saved in erased:
            assert saved is not None and saved[0] > 0, (before, erased)


def test_turn_policy_holds_back_ai_turns():
    s1, s2 = ImageStore(), ImageStore()
    w_play, plays, hands = play_game(s1, 22, "egyptian", 4, ["human", "normal", "normal", "normal"], policy="play")
    w_turn, _, _ = play_game(s2, 22, "egyptian", 4, ["human", "normal", "normal", "normal"], policy="turn")
    assert w_turn < w_play / 3              # one seat in four is a person
    # the same game ends in the same final record either way
    assert saving.SaveStore(s1).load()[2] == saving.SaveStore(s2).load()[2]


def test_turn_policy_flushes_before_sleep_and_with_settings():
    nvm = ImageStore()
    st = saving.SaveStore(nvm, policy="turn")
    st.load()
    g = S.Saved(levels=["human", "hard"], plays=b"\x00")          # the AI is to move
    assert st.save_game(g) is False and st.pending
    assert saving.SaveStore(nvm).load()[0] is None
    assert st.flush() and not st.pending
    assert saving.SaveStore(nvm).load()[0] == g
    g2 = S.Saved(levels=["human", "hard"], plays=b"\x00\x00\x00")
    st.save_game(g2)
    s = S.Settings()
    s.contrast = 3
    st.save_settings(s)                    # a write takes the held-back game along
    assert saving.SaveStore(nvm).load()[0] == g2


def test_nothing_changed_nothing_written():
    nvm = ImageStore()
    st = saving.SaveStore(nvm)
    st.load()
    g = S.Saved()
    st.save_game(g)
    st.save_game(g)
    st.save_settings(S.Settings())
    st.save_game(g, S.Stats())
    assert nvm.writes == 1
    # a fresh SaveStore over the same bytes knows it too
    st2 = saving.SaveStore(nvm)
    st2.load()
    st2.save_game(g)
    assert nvm.writes == 1


def test_objects_returned_by_load_are_the_callers():
    nvm = ImageStore()
    st = saving.SaveStore(nvm)
    _, settings, stats, _ = st.load()
    stats.games += 1                       # changed by the app, not yet saved
    st.save_game(S.Saved())
    assert saving.SaveStore(nvm).load()[2].games == 0
    assert st.save_game(S.Saved(), stats)      # the stats go with the game's record
    assert saving.SaveStore(nvm).load()[2].games == 1
