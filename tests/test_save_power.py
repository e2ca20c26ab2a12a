"""Power cuts across whole games, in both models of a torn write
(tools/fuzz_save.py explains them; docs/reliability.md has the big run)."""
import pytest

from device import save as S
from device import saving
from device.saveread import resume
from tools.fuzz_save import CLEAN, CutChecker, ImageStore, cut_games, load_image, play_game, state_of


def test_every_write_of_a_hand_cut_after_each_byte():
    # egyptian, 2 players, target 30 (one hand): every write cut after each
    # byte, with and without the 0xFF erased state in between, and as the
    # RP2040 does it (a write over erased slots: any prefix of its bytes
    # programmed; the write that erases: any prefix of the new 4 KB image
    # over 0xFF)
    cc = cut_games(1, seed=3, target=30)
    assert cc.failures == []
    assert cc.writes >= 50                      # 48 plays, the deal, the end
    assert cc.newest and cc.previous and cc.clean
    # the 32-slot log comes round once in the hand's writes: at the 33rd,
    # or a few writes early in one an AI seat is to move (EARLY_ERASE),
    # then not before another 27
    assert cc.erases == 1 and cc.writes < 33 + 27
    assert cc.cuts > cc.erases * 4098


def test_four_players_nvm_not_at_offset_zero():
    cc = cut_games(2, seed=5, target=20, offset=1000)
    assert cc.failures == [] and cc.writes > 90


def test_turn_policy_cuts_also_load_one_of_the_last_two():
    cc = cut_games(1, seed=4, target=30, policy="turn", models=("slice",))
    assert cc.failures == [] and cc.writes >= 25


def test_sector_model_loses_the_save_only_in_the_erase_window():
    # what the RP2040 means: a cut after the erase and before the first
    # record's bytes are programmed leaves nothing, and says so
    store = ImageStore()
    play_game(store, 7, target=30)
    img = bytes(store.img)
    assert state_of(load_image(img)) != CLEAN
    rec0 = S.parse(img[:S.SLOT])
    for k in (0, 1, rec0[3]):             # up to its CRC
        got = load_image(img[:k] + b"\xff" * (len(img) - k))
        assert state_of(got) == CLEAN and got[3] == (S.BLANK if k == 0 else S.DAMAGED)
    got = load_image(img[:rec0[3] + 4] + b"\xff" * (len(img) - rec0[3] - 4))
    assert got[3] is None


def test_checker_catches_a_store_that_loses_both_slots():
    # the harness itself: a single-slot store (always slot 0) fails the slice model
    class OneSlot(saving.SaveStore):
        def _framed(self, payload, early=0):
            seq = (self.seq + 1) & 0xFFFF
            return seq, 0, 0, S.frame(seq, payload), payload

    cc = CutChecker(models=("slice",))
    store = ImageStore(on_write=cc)
    import tools.fuzz_save as F
    orig = F.SaveStore
    F.SaveStore = lambda storage, policy="play", check=True: OneSlot(storage, policy=policy, check=check)
    try:
        play_game(store, 2, target=30)
    finally:
        F.SaveStore = orig
    assert cc.failures


@pytest.mark.parametrize("policy", ["play", "turn"])
def test_resume_rebuilds_the_position(policy):
    # every state the game saved replays to the very position it was saved in
    seen = []

    def grab(ss, saved):
        if saved is not None:
            got = saving.SaveStore(ImageStore(ss.storage.img)).load()[0]
            if not ss.pending:
                assert got == saved
                g = resume(got)
                seen.append((bytes(g.state.loc), g.state.to_move))

    play_game(ImageStore(), 11, target=40, policy=policy, on_save=grab)
    assert len(seen) > 20
