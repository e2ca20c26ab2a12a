"""The durable save: the game in progress, settings and stats, in two slots.

Format version 1 (docs/reliability.md has the byte map and the reasons).
The store (hal.storage, raw ``read``/``write``) holds two 128-byte slots at
offsets 0 and 128: 256 bytes in all. Each slot holds one whole record::

    magic "Bs" | version u8 | seq u16 | n u8 | payload (n bytes) | crc32 u32

Integers are little-endian. The CRC-32 (the zlib one) covers everything
before it. ``magic``, ``version``, ``seq``, ``n`` and the trailing CRC keep
this place in every version, so a record of another version is recognised
as such. A save goes to the slot that does not hold the newest valid record,
with seq + 1 (mod 65536; "newer" is a difference of 1..32767), so a write
cut half way leaves the other slot whole. A load takes the newest valid
record and never raises on bad bytes.

Write policy (SaveStore, in device/store.py): a record is written only when its bytes change.
``policy="play"`` (the default) writes on every call, so a power cut loses
at most the play in progress; ``policy="turn"`` holds back states where an
AI seat is to move (they are written with the next state a person sees, or
by ``flush()``), halving the flash writes of a two-player game but losing a
person's play when the cut falls while the AI answers it.
"""
from array import array

# the data classes, SaveStore (the write policy) and these sizes are in
# device/store.py, which the device app keeps loaded; it loads this module
# for each write and drops it afterwards (device.save.SaveStore etc. still work)
from device.store import MAX_PLAYS, SIZE, SLOT, SaveStore, Saved, Settings, Stats, to_move  # noqa: F401

VERSION = 1
MAGIC0 = 0x42  # "B"
MAGIC1 = 0x73  # "s"
HEADER = 6
LEVEL_CODES = ("human", "easy", "normal", "hard", "expert")

DAMAGED = "save damaged, new game"
BLANK = "no save, new game"
OLDER = "old save, new game"
NEWER = "newer save, new game"

# CRC-32 (reflected 0xEDB88320, as zlib.crc32), a nibble at a time, kept in
# two 16-bit halves so that MicroPython never needs a big int in the loop.
_TH = array("H", [0] * 16)
_TL = array("H", [0] * 16)


def _make_table():
    for i in range(16):
        hi = 0
        lo = i
        for _ in range(4):
            if lo & 1:
                lo = (lo >> 1) | ((hi & 1) << 15)
                hi = (hi >> 1) ^ 0xEDB8
                lo ^= 0x8320
            else:
                lo = (lo >> 1) | ((hi & 1) << 15)
                hi >>= 1
        _TH[i] = hi
        _TL[i] = lo


_make_table()


def _crc_halves(data, start, end):
    hi = 0xFFFF
    lo = 0xFFFF
    th = _TH
    tl = _TL
    for k in range(start, end):
        lo ^= data[k]
        x = lo & 15
        lo = ((lo >> 4) | ((hi & 15) << 12)) ^ tl[x]
        hi = (hi >> 4) ^ th[x]
        x = lo & 15
        lo = ((lo >> 4) | ((hi & 15) << 12)) ^ tl[x]
        hi = (hi >> 4) ^ th[x]
    return hi ^ 0xFFFF, lo ^ 0xFFFF


def crc32(data):
    """The CRC-32 of data, equal to zlib.crc32(data)."""
    hi, lo = _crc_halves(data, 0, len(data))
    return (hi << 16) | lo


# -- encoding ----------------------------------------------------------------


class _Out:
    def __init__(self):
        self.b = bytearray()

    def u8(self, v, what):
        if not 0 <= v <= 255:
            raise ValueError("%s = %r does not fit the save (0..255)" % (what, v))
        self.b.append(v)

    def u16(self, v, what):
        if not 0 <= v <= 0xFFFF:
            raise ValueError("%s = %r does not fit the save (0..65535)" % (what, v))
        self.b.append(v & 0xFF)
        self.b.append(v >> 8)

    def i16(self, v, what):
        if not -0x8000 <= v <= 0x7FFF:
            raise ValueError("%s = %r does not fit the save (-32768..32767)" % (what, v))
        self.u16(v & 0xFFFF, what)

    def name(self, s, what):
        b = s.encode() if isinstance(s, str) else b""
        if not 0 < len(b) <= 12 or [c for c in b if not 0x61 <= c <= 0x7A]:
            raise ValueError("%s = %r is not a rule set name" % (what, s))
        self.u8(len(b), what)
        self.b.extend(b)


def _sat(v):
    return 0xFFFF if v > 0xFFFF else (0 if v < 0 else v)


def _w_settings(o, s):
    o.u8(s.contrast, "contrast")
    o.u16(s.sleep_s, "sleep_s")
    if s.rotation not in (0, 180):
        raise ValueError("rotation must be 0 or 180, not %r" % (s.rotation,))
    o.u8((1 if s.sound else 0) | (2 if s.hints else 0) | (4 if s.undo else 0)
         | (8 if s.rotation == 180 else 0), "flags")
    o.u8(_level_code(s.last_level, "last_level"), "last_level")
    o.u8(s.last_players, "last_players")
    o.u16(0 if s.last_target is None else s.last_target, "last_target")
    o.name(s.last_variant, "last_variant")
    return o


def _w_stats(o, s):
    o.u16(_sat(s.games), "games")
    if len(s.wins) != 4:
        raise ValueError("wins needs 4 counts (one per level), not %r" % (s.wins,))
    for w in s.wins:
        o.u16(_sat(w), "wins")
    o.u16(_sat(s.basras), "basras")
    o.u16(_sat(s.best_hand), "best_hand")
    return o


def _level_code(level, what):
    for i in range(len(LEVEL_CODES)):
        if LEVEL_CODES[i] == level:
            return i
    raise ValueError("%s = %r is not one of %s" % (what, level, ", ".join(LEVEL_CODES)))


def _w_game(o, g):
    o.name(g.variant, "variant")
    n = g.players
    if n not in (2, 3, 4):
        raise ValueError("players must be 2, 3 or 4, not %r" % (n,))
    o.u8(n, "players")
    if len(g.levels) != n:
        raise ValueError("levels needs one entry per seat (%d), not %r" % (n, g.levels))
    for lv in g.levels:
        o.u8(_level_code(lv, "level"), "level")
    o.u16(g.target, "target")
    if not 0 <= g.seed <= 0xFFFFFFFF:
        raise ValueError("seed = %r does not fit the save (0..2**32-1)" % (g.seed,))
    o.u16(g.seed & 0xFFFF, "seed")
    o.u16(g.seed >> 16, "seed")
    o.u16(g.hand_no, "hand_no")
    if not 0 <= g.dealer < n:
        raise ValueError("dealer = %r is not a seat of %d" % (g.dealer, n))
    o.u8(g.dealer, "dealer")
    sides = 2 if n == 4 else n
    if len(g.scores) != sides:
        raise ValueError("scores needs one entry per side (%d), not %r" % (sides, g.scores))
    for v in g.scores:
        o.i16(v, "score")
    o.i16(g.carry, "carry")
    if len(g.plays) > MAX_PLAYS:
        raise ValueError("%d plays since the deal, a hand has at most %d" % (len(g.plays), MAX_PLAYS))
    o.u8(len(g.plays), "plays")
    o.b.extend(g.plays)
    return o


def _game_bytes(g):
    return bytes(_w_game(_Out(), g).b)


def payload(saved, settings, stats):
    """The payload bytes of a record; ValueError on a value that does not fit."""
    b = _w_settings(_Out(), settings).b
    b.extend(_w_stats(_Out(), stats).b)
    b.extend(b"\x00" if saved is None else b"\x01" + _game_bytes(saved))
    return bytes(b)


def encode(seq, saved, settings, stats):
    """One whole record (header, payload, CRC) as bytes."""
    return _frame(seq, payload(saved, settings, stats))


def __getattr__(name):
    # the reading side lives in device/saveload.py; save.parse etc. still work
    if name in ("parse", "decode", "resume", "_newer", "_In", "_level"):
        from device import saveload
        return getattr(saveload, name)
    raise AttributeError("module 'device.save' has no attribute %r" % name)


def _frame(seq, payload):
    n = len(payload)
    if HEADER + n + 4 > SLOT:
        raise ValueError("save record is %d bytes, a slot holds %d" % (HEADER + n + 4, SLOT))
    b = bytearray(HEADER + n + 4)
    b[0] = MAGIC0
    b[1] = MAGIC1
    b[2] = VERSION
    b[3] = seq & 0xFF
    b[4] = (seq >> 8) & 0xFF
    b[5] = n
    b[HEADER:HEADER + n] = payload
    hi, lo = _crc_halves(b, 0, HEADER + n)
    e = HEADER + n
    b[e] = lo & 0xFF
    b[e + 1] = lo >> 8
    b[e + 2] = hi & 0xFF
    b[e + 3] = hi >> 8
    return bytes(b)


def _copy_settings(s):
    c = Settings()
    for k in ("contrast", "sleep_s", "sound", "rotation", "hints", "undo", "last_level",
              "last_players", "last_variant", "last_target"):
        setattr(c, k, getattr(s, k))
    _w_settings(_Out(), c)  # ValueError now, not at the next write
    return c


def _copy_stats(s):
    c = Stats()
    c.games = s.games
    c.wins = list(s.wins)
    c.basras = s.basras
    c.best_hand = s.best_hand
    _w_stats(_Out(), c)
    return c
