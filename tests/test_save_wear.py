"""Flash writes per game, and the writes among them that erase the RP2040's
4 KB nvm sector (the save's log come round), measured by playing real
games through SaveStore on a counting store. The figures in
docs/reliability.md come from `python -m tools.fuzz_save --wear 40`."""
from device import save as S
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
    # 32 slots: the first 32 writes program erased flash, the 33rd writes
    # the log again (one erase), then every 31st
    assert store.erases == 1 + (writes - 33) // 31


def test_turn_policy_holds_back_ai_turns():
    s1, s2 = ImageStore(), ImageStore()
    w_play, plays, hands = play_game(s1, 22, "egyptian", 4, ["human", "normal", "normal", "normal"], policy="play")
    w_turn, _, _ = play_game(s2, 22, "egyptian", 4, ["human", "normal", "normal", "normal"], policy="turn")
    assert w_turn < w_play / 3              # one seat in four is a person
    # the same game ends in the same final record either way
    assert S.SaveStore(s1).load()[2] == S.SaveStore(s2).load()[2]


def test_turn_policy_flushes_before_sleep_and_with_settings():
    nvm = ImageStore()
    st = S.SaveStore(nvm, policy="turn")
    st.load()
    g = S.Saved(levels=["human", "hard"], plays=b"\x00")          # the AI is to move
    assert st.save_game(g) is False and st.pending
    assert S.SaveStore(nvm).load()[0] is None
    assert st.flush() and not st.pending
    assert S.SaveStore(nvm).load()[0] == g
    g2 = S.Saved(levels=["human", "hard"], plays=b"\x00\x00\x00")
    st.save_game(g2)
    s = S.Settings()
    s.contrast = 3
    st.save_settings(s)                    # a write takes the held-back game along
    assert S.SaveStore(nvm).load()[0] == g2


def test_nothing_changed_nothing_written():
    nvm = ImageStore()
    st = S.SaveStore(nvm)
    st.load()
    g = S.Saved()
    st.save_game(g)
    st.save_game(g)
    st.save_settings(S.Settings())
    st.save_game(g, S.Stats())
    assert nvm.writes == 1
    # a fresh SaveStore over the same bytes knows it too
    st2 = S.SaveStore(nvm)
    st2.load()
    st2.save_game(g)
    assert nvm.writes == 1


def test_objects_returned_by_load_are_the_callers():
    nvm = ImageStore()
    st = S.SaveStore(nvm)
    _, settings, stats, _ = st.load()
    stats.games += 1                       # changed by the app, not yet saved
    st.save_game(S.Saved())
    assert S.SaveStore(nvm).load()[2].games == 0
    assert st.save_game(S.Saved(), stats)      # the stats go with the game's record
    assert S.SaveStore(nvm).load()[2].games == 1
