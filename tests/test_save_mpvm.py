"""device/save.py on the MicroPython VM: the same CRC-32 values as zlib on
CPython, the same record bytes and the same log of slots (its erases
included), a round trip through hal.storage.ByteStore,
damaged bytes that never raise, and a saved game that replays there."""
import json
import random
import zlib

from device import save as S
from device import saving
from tools.fuzz_save import ImageStore, play_game

SCRIPT = r'''
import json
from device import save as S
from device import saving
from hal.storage import ByteStore
DATA = %(data)r
RECS = %(recs)r
out = {"crc": []}
for d in DATA:
    hi, lo = S.crc_halves(bytes(d), 0, len(d))
    out["crc"].append(hi << 16 | lo)
nvm = bytearray(b"\xff" * 4096)
st = saving.SaveStore(ByteStore(nvm, 100))
out["blank"] = st.load()[3]
g = S.Saved("egyptian", 2, ["human", "expert"], 101, 4000000000, 1, 0, [12, 40], 0, b"\x00\x01")
st.save_game(g)
st.save_game(g)
out["writes"] = st.writes
out["record"] = list(nvm[100:100 + 128])
r = saving.SaveStore(ByteStore(nvm, 100)).load()
out["same"] = r[0] == g and r[3] is None
msgs = []
for rec in RECS:
    res = saving.SaveStore(ByteStore(bytearray(rec))).load()
    msgs.append([res[3], None if res[0] is None else len(res[0].plays)])
out["loads"] = msgs
# the log: 70 writes through 31 slots (4 KB at offset 100), erases and all
log = bytearray(b"\xff" * 4096)
st = saving.SaveStore(ByteStore(log, 100))
st.load()
for k in range(70):
    t = S.Stats()
    t.games = k
    st.save_game(None, t)
out["log"] = list(log)
print(json.dumps(out))
'''


def test_save_on_micropython(mpvm):
    rnd = random.Random(5)
    data = [list(rnd.randbytes(n)) for n in (0, 1, 7, 64, 300)] + [[255] * 40]
    # real save regions from a game, and damaged copies of them
    pool = []
    play_game(ImageStore(), 9, target=30, on_save=lambda ss, s: pool.append(ss.storage.read(0, 256)))
    recs = []
    for region in pool[::8]:
        recs.append(list(region))
        r = bytearray(region)
        r[rnd.randrange(256)] ^= 1 << rnd.randrange(8)
        recs.append(list(r))
        recs.append(list(rnd.randbytes(256)))
    out = mpvm.run(SCRIPT % {"data": data, "recs": recs}, trees=("core", "hal", "device"), timeout=120)
    row = json.loads(out.strip().splitlines()[-1])
    assert row["crc"] == [zlib.crc32(bytes(d)) for d in data]
    assert row["blank"] == S.BLANK
    assert row["writes"] == 1 and row["same"]
    g = S.Saved("egyptian", 2, ["human", "expert"], 101, 4000000000, 1, 0, [12, 40], 0, b"\x00\x01")
    want = S.encode(1, g, S.Settings(), S.Stats())
    assert bytes(row["record"][:len(want)]) == want          # byte for byte as on CPython
    # the log written the same, byte for byte, its erases included
    log = ImageStore(offset=100)
    st = saving.SaveStore(log)
    st.load()
    for k in range(70):
        t = S.Stats()
        t.games = k
        st.save_game(None, t)
    assert log.erases == 2
    assert bytes(row["log"]) == bytes(log.img)
    for rec, (msg, nplays) in zip(recs, row["loads"]):
        res = saving.SaveStore(ImageStore(bytes(rec) + b"\xff" * 3840)).load()
        assert msg == res[3]
        assert nplays == (None if res[0] is None else len(res[0].plays))
