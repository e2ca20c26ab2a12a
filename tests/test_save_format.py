"""device/save.py: the record format, the CRC-32, round trips, slots and sequence numbers."""
import os
import random
import zlib

import pytest

from core.ai import LEVELS

from device import save as S
from device import saving
from device.saveread import resume
from device.save import Saved, Settings, Stats, crc_halves, encode
from device.saving import SaveStore
from hal.filestore import FileStore
from hal.storage import ByteStore
from tools.fuzz_save import ImageStore


def crc32(data):
    hi, lo = crc_halves(data, 0, len(data))
    return (hi << 16) | lo


def test_crc32_equals_zlib():
    rnd = random.Random(8)
    for n in list(range(70)) + [255, 256, 1000, 4096]:
        data = bytes(rnd.randrange(256) for _ in range(n))
        assert crc32(data) == zlib.crc32(data), n
    assert crc32(b"123456789") == 0xCBF43926  # the published check value
    assert crc32(b"\xff" * 128) == zlib.crc32(b"\xff" * 128)


def _full_game(players=3):
    return Saved("lebanese" if players != 3 else "egyptian", players,
                 ["human"] + ["expert"] * (players - 1), target=65535, seed=2**32 - 1,
                 hand_no=65535, dealer=players - 1, scores=[-32768] + [32767] * (2 if players == 3 else 1),
                 carry=-1, plays=bytes(range(48)))


def test_largest_record_fits_a_slot():
    st = Settings()
    st.last_variant = "lebanese"
    for p in (2, 3, 4):
        rec = encode(65535, _full_game(p), st, Stats())
        assert len(rec) <= S.SLOT
    assert len(encode(1, _full_game(3), st, Stats())) == 124
    assert len(encode(1, None, Settings(), Stats())) == 45


def test_round_trip_every_field():
    nvm = bytearray(b"\xff" * 4096)
    st = SaveStore(ByteStore(nvm))
    assert st.load()[3] == S.BLANK
    g = Saved("czech", 4, ["human", "hard", "human", "easy"], target=121, seed=123456789,
              hand_no=3, dealer=2, scores=[57, 88], carry=30, plays=b"")
    s = Settings()
    s.contrast, s.sleep_s, s.sound, s.rotation, s.hints, s.undo = 7, 300, False, 180, False, True
    s.last_level, s.last_players, s.last_variant, s.last_target = "expert", 4, "czech", 121
    t = Stats()
    t.games, t.wins, t.basras, t.best_hand = 12, [1, 2, 3, 70000, 6], 9, 40
    assert st.save_settings(s) and st.save_game(g, t)
    got, s2, t2, msg = SaveStore(ByteStore(nvm)).load()
    assert msg is None and got == g and s2 == s
    assert vars(got) == vars(g)
    assert vars(s2) == vars(s)
    # a row for every level, master's too; counts saturate, never wrap
    assert t2.wins == [1, 2, 3, 65535, 6] and t2.games == 12
    assert not st.save_game(g)        # nothing changed: no write
    assert not st.save_game(g, t)     # the same stats again: no write either
    assert st.writes == 2
    st.save_game(None)
    assert SaveStore(ByteStore(nvm)).load()[0] is None


def test_writes_fill_the_log_in_order_then_one_erase_keeps_the_newest_first():
    # a 4 KB nvm: 32 slots written in turn, each over erased flash (an RP2040
    # programs those without erasing); the 33rd erases once, the whole log
    # written again: the newest record in slot 0, the new one in slot 1, the
    # rest erased, so the next 30 writes program only. seq wraps meanwhile.
    store = ImageStore()
    st = SaveStore(store)
    st.load()
    st.seq = 65530
    slots = []
    for k in range(64):
        st.save_game(None, _stats(k))
        slots.append(st.slot)
        assert SaveStore(ImageStore(store.img)).load()[2].games == k
    assert slots[:32] == list(range(32))
    assert slots[32:] == [1] + list(range(2, 32)) + [1]
    assert store.erases == 2 and store.writes == 64
    assert st.seq == (65530 + 64) & 0xFFFF
    img = bytes(store.img)
    assert S.parse(img[:S.SLOT])[0] == (st.seq - 1) & 0xFFFF     # the one before, kept first
    assert S.parse(img[S.SLOT:2 * S.SLOT])[0] == st.seq
    assert img[2 * S.SLOT:] == b"\xff" * (len(img) - 2 * S.SLOT)


def test_a_two_slot_store_keeps_the_newest_and_the_one_before():
    nvm = bytearray(b"\xff" * 256)
    st = SaveStore(ByteStore(nvm))
    st.load()
    for k in range(6):
        st.save_game(None, _stats(k))
        got = SaveStore(ByteStore(nvm)).load()
        assert got[2].games == k
        if k:
            nvm2 = bytearray(nvm)
            nvm2[st.slot * S.SLOT + 10] ^= 1          # the newest damaged: the one before loads
            assert SaveStore(ByteStore(nvm2)).load()[2].games == k - 1


def test_a_save_of_an_earlier_build_loads_and_the_log_goes_on_from_it():
    # earlier builds alternated two slots, so the newest may be in slot 0
    # with the older in slot 1: the slot after the newest holds a record,
    # so the next write writes the log again (one erase), then goes on
    old = SaveStore(ImageStore(b"\xff" * 256))
    old.load()
    for k in range(3):
        old.save_game(None, _stats(k))
    two = bytes(old.storage.img)
    swapped = two[S.SLOT:] + two[:S.SLOT]        # the newest in slot 0, as an earlier build left it
    store = ImageStore(swapped + b"\xff" * (4096 - 256))
    st = SaveStore(store)
    assert st.load()[2].games == 2 and st.slot == 0
    st.save_game(None, _stats(3))
    assert store.erases == 1 and st.slot == 1
    st.save_game(None, _stats(4))
    assert store.erases == 1 and st.slot == 2
    assert SaveStore(ImageStore(store.img)).load()[2].games == 4


def _stats(games):
    t = Stats()
    t.games = games
    return t


def test_bad_values_are_refused_with_the_field_named():
    st = SaveStore(ByteStore(bytearray(256)))
    with pytest.raises(ValueError, match="level"):
        st.save_game(Saved(levels=["human", "godlike"]))
    with pytest.raises(ValueError, match="dealer"):
        st.save_game(Saved(dealer=5))
    with pytest.raises(ValueError, match="at most 48"):
        st.save_game(Saved(plays=bytes(49)))
    with pytest.raises(ValueError, match="rotation"):
        s = Settings()
        s.rotation = 90
        st.save_settings(s)
    with pytest.raises(ValueError, match="needs 256"):
        SaveStore(ByteStore(bytearray(200)))


def test_file_store_round_trip(tmp_path):
    p = str(tmp_path / "basra.sav")
    st = SaveStore(FileStore(p, size=512))
    assert st.load()[3] == S.BLANK
    g = Saved(seed=99)
    assert st.save_game(g)
    assert SaveStore(FileStore(p, size=512)).load()[0] == g
    assert not os.path.exists(p + ".tmp")


def test_play_places_past_254_round_trip_in_four_bytes():
    # a big floor lists thousands of plays: a place past 254 is escaped
    from device.save import game_bytes
    g = Saved(seed=9, plays=(0, 254, 255, 1000, 70000, 3))
    small = Saved(seed=9, plays=(0, 254, 3, 3, 3, 3))
    assert len(game_bytes(g)) == len(game_bytes(small)) + 3 * 3
    nvm = bytearray(b"\xff" * 256)
    SaveStore(ByteStore(nvm)).save_game(g)
    assert SaveStore(ByteStore(nvm), check=False).load()[0] == g   # (no replay: made-up places)


def test_a_record_past_the_slot_is_refused_and_the_last_one_stays():
    nvm = bytearray(b"\xff" * 256)
    first = Saved(seed=9, plays=(1, 2))
    SaveStore(ByteStore(nvm)).save_game(first)
    with pytest.raises(ValueError, match="slot holds 128"):
        SaveStore(ByteStore(nvm)).save_game(Saved(seed=9, plays=(300,) * 40))
    assert SaveStore(ByteStore(nvm), check=False).load()[0] == first


# a record written by the build before the stats went with every game record
# (bd674a8: settings, then save_stats, then save_game; the newer of its two
# slots), the same format: it loads, stats and game whole
_OLD_RECORD = bytes.fromhex(
    "42730202003e803c00030202000008656779707469616e0700030002000100000005002600010865"
    "6779707469616e02000265009210000002000126000c000000020003e1fc4d7f")


def test_a_save_from_the_build_before_loads_with_its_stats():
    nvm = bytearray(b"\xff" * 256)
    nvm[128:128 + len(_OLD_RECORD)] = _OLD_RECORD
    st = SaveStore(ByteStore(nvm))
    got, _, stats, msg = st.load()
    assert msg is None
    assert (stats.games, stats.wins, stats.basras, stats.best_hand) == (7, [3, 2, 1, 0] + [0] * (len(stats.wins) - 4), 5, 38)
    assert got.scores == [38, 12] and got.hand_no == 2 and got.plays == (0, 3)
    stats.best_hand = 40              # a better hand, then the next write
    assert st.save_game(got, stats)
    assert SaveStore(ByteStore(nvm)).load()[2].best_hand == 40


# Records written by the build before rule sets had codes and maximal capture
# its issue 29 meaning (commit bd674a8, format version 2): a french game, seed
# 1, nine plays into its first hand (each the last play listed), and an
# egyptian one, three plays in (made with device/savewrite.py payload and
# device/saveformat.py frame at that commit).
V2_FRENCH = bytes.fromhex(
    "427302050043803c00030202000008656779707469616e000000000000000000000000000001066672656e6368"
    "02000265000100000000000100000000000009030302020101000003cf7b0b80")
V2_EGYPTIAN = bytes.fromhex(
    "42730206003f803c00030202000008656779707469616e00000000000000000000000000000108656779707469616e"
    "02000365000b00000000000100000000000003000100e7a2f117")


def test_a_save_made_before_the_rule_set_codes_still_loads_with_its_plays():
    nvm = bytearray(b"\xff" * 256)
    nvm[:len(V2_EGYPTIAN)] = V2_EGYPTIAN
    g, _s, _t, msg = saving.SaveStore(ByteStore(nvm)).load()
    assert msg is None and g.variant == "egyptian" and g.seed == 11 and g.plays == (0, 1, 0)
    game = resume(g)
    assert game.state.plies == 3


def test_a_maximal_capture_hand_saved_before_issue_29_is_dealt_again_the_game_kept():
    # version 2 listed a maximal capture's plays otherwise: its places would
    # replay other plays, so the hand starts again from its (same) deal
    nvm = bytearray(b"\xff" * 256)
    nvm[:len(V2_FRENCH)] = V2_FRENCH
    st = saving.SaveStore(ByteStore(nvm))
    g, s, _t, msg = st.load()
    assert msg is None and (g.variant, g.seed, g.hand_no, g.dealer) == ("french", 1, 0, 1)
    assert g.plays == () and s.last_variant == "egyptian"
    game = resume(g)
    assert game.state.plies == 0
    # what the store keeps (written again with a settings change) has no plays either
    st.save_settings(s)
    assert saving.SaveStore(ByteStore(nvm)).load()[0] == g


def test_every_levels_wins_are_kept_by_a_save_masters_included():
    # the wins of a level past the first four (master) survive a restart
    nvm = bytearray(b"\xff" * 256)
    st = SaveStore(ByteStore(nvm))
    t = Stats()
    t.wins[LEVELS.index("master")] = 3
    assert st.save_game(None, t)
    assert SaveStore(ByteStore(nvm)).load()[2].wins == t.wins
