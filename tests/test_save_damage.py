"""Damaged saves: a clear message and a clean start, or the last good record;
never an exception. The 100 000-case run is `python -m tools.fuzz_save
--cases 100000` (docs/reliability.md); here a smaller one."""
import os

import pytest

from device import save as S
from device import saving
from hal.filestore import FileStore
from hal.storage import ByteStore
from tools.fuzz_save import CLEAN, KINDS, ImageStore, _reframe, fuzz, image_pool, state_of


@pytest.fixture(scope="module")
def pool():
    return image_pool(seed=2)


def test_fuzz_damaged_saves(pool):
    counts, failures = fuzz(4400, seed=7, pool=pool)
    assert failures == [] and counts["failures"] == 0
    assert set(counts["by_kind"]) == set(KINDS)
    assert counts["loaded_newest"] and counts["loaded_previous"] and counts["clean_start"]
    assert set(counts["messages"]) == {S.DAMAGED, S.BLANK, S.OLDER, S.NEWER}


def _two_records():
    nvm = bytearray(b"\xff" * 256)
    st = saving.SaveStore(ByteStore(nvm))
    st.load()
    a = S.Saved(seed=1, plays=b"")
    b = S.Saved(seed=1, plays=b"\x00")
    st.save_game(a)
    st.save_game(b)
    return nvm, a, b


def load(nvm):
    return saving.SaveStore(ByteStore(bytearray(nvm))).load()


def test_a_flip_in_the_newest_record_gives_the_one_before():
    nvm, a, b = _two_records()
    assert load(nvm)[0] == b
    for i in range(S.SLOT + 60):                   # every bit of the newest record
        if i < S.SLOT:
            continue
        for bit in range(8):
            d = bytearray(nvm)
            d[i] ^= 1 << bit
            g, _, _, msg = load(d)
            assert g == a and msg is None, (i, bit)


def test_both_records_damaged_is_a_clean_start_with_a_message():
    nvm, a, b = _two_records()
    nvm[10] ^= 4
    nvm[S.SLOT + 10] ^= 4
    g, s, t, msg = load(nvm)
    assert g is None and msg == "save damaged, new game"
    assert state_of((g, s, t, msg)) == CLEAN


@pytest.mark.parametrize("fill,msg", [(0xFF, S.BLANK), (0x00, S.BLANK), (0x5A, S.DAMAGED)])
def test_erased_or_filled_store(fill, msg):
    g, s, t, m = load(bytes([fill]) * 256)
    assert g is None and m == msg and s == S.Settings() and t == S.Stats()


@pytest.mark.parametrize("version,msg", [(0, S.OLDER), (1, S.OLDER), (S.VERSION + 1, S.NEWER), (255, S.NEWER)])
def test_other_version_is_named_and_then_overwritten(version, msg):
    nvm, a, b = _two_records()
    rec = _reframe(bytes(nvm[S.SLOT:]), version=version)
    nvm[S.SLOT:S.SLOT + len(rec)] = rec
    st = saving.SaveStore(ByteStore(nvm))
    g, _, _, m = st.load()
    assert g is None and m == msg
    c = S.Saved(seed=3)
    st.save_game(c)                                # the next save wins over it
    assert load(nvm)[0] == c and load(nvm)[3] is None
    assert S.newer(st.seq, S.parse(rec)[0])


def test_older_slot_of_another_version_is_ignored():
    nvm, a, b = _two_records()
    rec = _reframe(bytes(nvm[:S.SLOT]), version=1)
    nvm[:len(rec)] = rec
    assert load(nvm)[0] == b


def test_crc_valid_nonsense_is_damaged_not_a_crash():
    # a record that passes its CRC but names an unknown rule set, a play
    # that does not exist, a dealer out of range: refused, the other slot used
    nvm, a, b = _two_records()
    bad = [S.Saved(variant="basra"), S.Saved(plays=b"\x63"), S.Saved(players=4, scores=[0, 0], levels=["human"] * 4,
                                                                      target=0)]
    for g in bad:
        try:
            payload = S.payload(g, S.Settings(), S.Stats())
        except ValueError:
            continue
        d = bytearray(nvm)
        rec = S.frame(9, payload)
        d[S.SLOT:S.SLOT + len(rec)] = rec
        got, _, _, msg = load(d)
        assert got == a and msg is None, g
        d[:S.SLOT] = b"\xff" * S.SLOT
        got, _, _, msg = load(d)
        assert got is None and msg == S.DAMAGED, g


def test_truncated_and_missing_files(tmp_path):
    p = str(tmp_path / "basra.sav")
    st = saving.SaveStore(FileStore(p, 512))
    st.load()
    st.save_game(S.Saved(seed=5))
    st.save_game(S.Saved(seed=5, plays=b"\x01"))
    full = open(p, "rb").read()
    end1 = S.SLOT + S.parse(full[S.SLOT:])[3] + 4
    for n in range(0, len(full) + 1):
        with open(p, "wb") as f:
            f.write(full[:n])
        g, _, _, msg = saving.SaveStore(FileStore(p, 512)).load()
        if n >= end1:
            assert g is not None and g.plays == (1,)
        elif g is not None:
            assert g.plays == () and msg is None
        else:
            assert msg in (S.DAMAGED, S.BLANK)
    os.remove(p)
    assert saving.SaveStore(FileStore(p, 512)).load()[3] == S.BLANK


def test_unreadable_store_is_a_clean_start():
    class Broken:
        size = 4096

        def read(self, offset, n):
            raise OSError(5, "EIO")

        def write(self, offset, data):
            raise OSError(5, "EIO")

    st = saving.SaveStore(Broken())
    g, s, t, msg = st.load()
    assert g is None and msg == S.BLANK
    assert st.save_game(S.Saved()) is False          # the game goes on without a save
    assert isinstance(st.error, OSError)
