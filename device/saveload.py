"""The reading side of the save format (device/save.py has the format and
the writing side): parse a slot, decode a payload, rebuild a game, and
``SaveStore.load``. Only needed when a save is read (at start), so the
device app drops this module after loading (its bytecode is RAM on a board);
``device.save.parse`` and the others still reach it.
"""
from array import array

from device.save import (BLANK, DAMAGED, HEADER, LEVEL_CODES, MAGIC0, MAGIC1, MAX_PLAYS,
                         NEWER, OLDER, SLOT, VERSION, Saved, Settings, Stats, _copy_settings,
                         _copy_stats, _crc_halves, _game_bytes)


class _In:
    def __init__(self, b, pos, end):
        self.b = b
        self.p = pos
        self.end = end

    def u8(self):
        if self.p >= self.end:
            raise ValueError("record ends early")
        v = self.b[self.p]
        self.p += 1
        return v

    def u16(self):
        return self.u8() | (self.u8() << 8)

    def i16(self):
        v = self.u16()
        return v - 0x10000 if v & 0x8000 else v

    def name(self):
        n = self.u8()
        if not 0 < n <= 12 or self.p + n > self.end:
            raise ValueError("bad name")
        s = bytes(self.b[self.p:self.p + n])
        self.p += n
        for c in s:
            if not 0x61 <= c <= 0x7A:  # rule set names are lowercase letters
                raise ValueError("bad name")
        return s.decode()


def _level(i, allow_human=True):
    if i >= len(LEVEL_CODES) or (i == 0 and not allow_human):
        raise ValueError("bad level")
    return LEVEL_CODES[i]


def parse(raw):
    """(seq, version, payload_start, payload_end) of a CRC-valid record in raw, or None."""
    if len(raw) < HEADER + 4 or raw[0] != MAGIC0 or raw[1] != MAGIC1:
        return None
    n = raw[5]
    end = HEADER + n
    if end + 4 > len(raw):
        return None
    hi, lo = _crc_halves(raw, 0, end)
    if raw[end] != lo & 0xFF or raw[end + 1] != lo >> 8 or raw[end + 2] != hi & 0xFF or raw[end + 3] != hi >> 8:
        return None
    return raw[3] | (raw[4] << 8), raw[2], HEADER, end


def decode(raw, start, end):
    """(saved_or_None, settings, stats) of a version-1 payload; ValueError when it makes no sense."""
    i = _In(raw, start, end)
    s = Settings()
    s.contrast = i.u8()
    s.sleep_s = i.u16()
    f = i.u8()
    if f > 15:
        raise ValueError("bad flags")
    s.sound = bool(f & 1)
    s.hints = bool(f & 2)
    s.undo = bool(f & 4)
    s.rotation = 180 if f & 8 else 0
    s.last_level = _level(i.u8())
    s.last_players = i.u8()
    t = i.u16()
    s.last_target = t if t else None
    s.last_variant = i.name()
    st = Stats()
    st.games = i.u16()
    st.wins = [i.u16(), i.u16(), i.u16(), i.u16()]
    st.basras = i.u16()
    st.best_hand = i.u16()
    has = i.u8()
    g = None
    if has == 1:
        g = Saved()
        g.variant = i.name()
        n = i.u8()
        if n not in (2, 3, 4):
            raise ValueError("bad players")
        g.players = n
        g.levels = [_level(i.u8()) for _ in range(n)]
        g.target = i.u16()
        g.seed = i.u16() | (i.u16() << 16)
        g.hand_no = i.u16()
        g.dealer = i.u8()
        if g.dealer >= n:
            raise ValueError("bad dealer")
        g.scores = [i.i16() for _ in range(2 if n == 4 else n)]
        g.carry = i.i16()
        k = i.u8()
        if k > MAX_PLAYS or i.p + k > end:
            raise ValueError("bad plays")
        g.plays = bytes(raw[i.p:i.p + k])
        i.p += k
    elif has != 0:
        raise ValueError("bad game flag")
    if i.p != end:
        raise ValueError("bytes left over")
    return g, s, st


def resume(saved):
    """A core.game.Game rebuilt from saved: the hand dealt and its plays
    replayed (the state right after the last play; deal first when its
    hands are empty). ValueError when saved cannot be a real game."""
    from core.game import Game
    from core.plays import Plays, nth
    from core.rules import preset
    rules = preset(saved.variant, players=saved.players, target=saved.target)
    if saved.target < 1:
        raise ValueError("target must be positive")
    g = Game(rules, saved.seed)
    g.hand_no = saved.hand_no
    g.dealer = saved.dealer
    g.scores = list(saved.scores)
    g.carry = saved.carry
    g.start_hand()
    st = g.state
    cursor = Plays()
    k = 0
    for i in saved.plays:
        if st.hands_empty():
            if not st.stock_left():
                raise ValueError("play %d comes after the end of the hand" % k)
            st.deal()
        if not nth(cursor, st, i):
            raise ValueError("play %d is choice %d, past the last" % (k, i))
        st.apply(cursor.word, cursor.take)
        k += 1
    return g


def _newer(a, b):
    d = (a - b) & 0xFFFF
    return 0 < d < 0x8000



def load(store):
    """SaveStore.load: (saved_or_None, settings, stats, message_or_None) from
    the newest valid record; never raises on bad bytes. Sets the store's seq,
    slot and what it last wrote."""
    found = []  # (seq, slot, version, raw, start, end) of CRC-valid slots, newest first
    blank = True
    for k in range(2):
        try:
            raw = store.storage.read(k * SLOT, SLOT)
        except (OSError, ValueError):
            raw = b""
        for c in raw:
            if c != 0xFF and c != 0:
                blank = False
                break
        p = parse(raw)
        if p is not None:
            rec = (p[0], k, p[1], raw, p[2], p[3])
            if found and _newer(p[0], found[0][0]):
                found.insert(0, rec)
            else:
                found.append(rec)
    store._scanned = True
    store.pending = False
    store.settings = Settings()
    store.stats = Stats()
    store.game = b"\x00"
    store._last = None
    if found:
        store.seq = found[0][0]
        store.slot = found[0][1]
    else:
        store.seq = 0
        store.slot = 1
    msg = BLANK if blank else DAMAGED
    for seq, slot, version, raw, start, end in found:
        if version != VERSION:
            if slot == store.slot:  # the newest record is of another version
                return None, Settings(), Stats(), OLDER if version < VERSION else NEWER
            continue
        try:
            g, s, st = decode(raw, start, end)
            if g is not None and store.check:
                resume(g)
        except (ValueError, IndexError, KeyError):
            continue
        store.settings = _copy_settings(s)  # the caller's objects stay the caller's
        store.stats = _copy_stats(st)
        store.game = b"\x00" if g is None else b"\x01" + _game_bytes(g)
        if slot == store.slot:
            store._last = bytes(raw[start:end])
        return g, s, st, None
    return None, Settings(), Stats(), msg
