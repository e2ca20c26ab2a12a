"""The save's reading side: the newest valid record found in the slots
(``scan``), decoded (``decode``) and replayed (``resume``) before it is
trusted (``first``). device/saving.py's ``SaveStore.load`` uses it, once at
the app's start-up (device/app.py), so its code lives for start-up only
(device/screens.py ``START_UP``); the format is device/save.py's."""
from device.save import (
    ERASED, BLANK, DAMAGED, HUMAN_CODE, LINK_CODE, MAGIC0, MAGIC1, MAX_PLAYS, NEWER,
    OLDER, PLACE_ESCAPE, SLOT, V2_WINS, VERSION, Saved, Settings, Stats, newer, parse, slot_count)
from core.compat import const

_OLDEST = const(2)  # the oldest version read (``_decode``: a version-2 hand of
# a maximal-capture rule set is dealt again, its plays listed otherwise then)


def _blank(raw):
    # a slot that never held a record: erased flash (0xFF) or zeroed
    if raw == ERASED:
        return True
    for c in raw:
        if c != 0xFF and c != 0:
            return False
    return True


def scan(storage):
    """The records of storage's slots: (seq, slot, records, message).
    seq and slot are the newest CRC-valid record's (0 and the last slot
    when there is none, so the first write goes to slot 0); records are
    (slot, raw, start, end) of the newest valid record and the one before
    it, of this version, to try in turn; message says what a load that
    finds no usable one tells (an empty records list when the newest record
    is of another version). Never raises on bad bytes. Each slot is read
    once for its header; the CRC is checked newest first, until two pass."""
    n = slot_count(storage.size)
    heads = []  # (seq, slot) of the slots that begin with the magic, newest first
    blank = True
    for k in range(n):
        try:
            raw = storage.read(k * SLOT, SLOT)
        except (OSError, ValueError):
            continue
        if raw[0] == MAGIC0 and raw[1] == MAGIC1:
            seq = raw[3] | (raw[4] << 8)
            i = 0
            while i < len(heads) and not newer(seq, heads[i][0]):
                i += 1
            heads.insert(i, (seq, k))
            blank = False
        elif blank and not _blank(raw):
            blank = False
    raw = None
    seq = 0
    newest = -1
    out = []
    for _, k in heads:
        try:
            raw = storage.read(k * SLOT, SLOT)
        except (OSError, ValueError):
            continue
        p = parse(raw)
        if p is None:
            continue
        version = p[1]
        if newest < 0:
            seq = p[0]
            newest = k
            if not _OLDEST <= version <= VERSION:  # the newest record is of another version
                return seq, newest, [], OLDER if version < VERSION else NEWER
        elif not _OLDEST <= version <= VERSION:
            continue
        out.append((k, raw, p[2], p[3]))
        if len(out) == 2:
            break
    if newest < 0:
        return 0, n - 1, [], BLANK if blank else DAMAGED
    return seq, newest, out, DAMAGED



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


def _level(i):
    # a seat's level from its code (HUMAN_CODE, LINK_CODE above)
    if i == HUMAN_CODE:
        return "human"
    if i == LINK_CODE:
        return "link"
    from core.ai import CODES, LEVELS
    for k in range(len(CODES)):
        if CODES[k] == i:
            return LEVELS[k]
    raise ValueError("bad level")


def decode(raw, start, end):
    """(saved_or_None, settings, stats) of a payload; ValueError when it makes no sense."""
    return _decode(raw, start, end)[:3]


def _decode(raw, start, end):
    # decode, and the game part of the payload as the store keeps it
    from core.presets import preset
    from core.rules import CAPTURE_MAXIMAL
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
    # version 3 (a payload alone is taken as version 3): a count of wins
    # first (a level this build lacks: its wins are read past); version 2:
    # easy to expert (raw[start - 4]: the record's version byte)
    n = V2_WINS if start >= 4 and raw[start - 4] < 3 else i.u8()
    for k in range(n):
        w = i.u16()
        if k < len(st.wins):
            st.wins[k] = w
    st.basras = i.u16()
    st.best_hand = i.u16()
    game_at = i.p
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
        plays_at = i.p
        k = i.u8()
        if k > MAX_PLAYS:
            raise ValueError("bad plays")
        plays = []
        for _ in range(k):
            p = i.u8()
            if p == PLACE_ESCAPE:
                p = i.u8() | (i.u16() << 8)
            plays.append(p)
        g.plays = tuple(plays)
    elif has != 0:
        raise ValueError("bad game flag")
    if i.p != end:
        raise ValueError("bytes left over")
    game = bytes(raw[game_at:end])
    if g is not None and g.plays and raw[start - 4] < 3 and preset(g.variant).capture == CAPTURE_MAXIMAL:
        # version 2 listed a maximal capture's plays otherwise (a take that
        # a bigger one contains was one): the hand is dealt again (the same
        # cards: a deal follows from the seed and the hand's number), the
        # game's scores, carry and dealer kept
        g.plays = ()
        game = bytes(raw[game_at:plays_at]) + b"\x00"
    return g, s, st, game



def resume(saved):
    """A core.game.Game rebuilt from saved: the hand dealt and its plays
    replayed (the state right after the last play; deal first when its
    hands are empty). ValueError when saved cannot be a real game."""
    from core.game import Game
    from core.plays import Plays, nth
    from core.presets import preset
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


def first(records, newest, check=True, msg=None):
    """The first record of records (``scan``) that decodes and, with
    check, replays: (saved_or_None, settings, stats, None, kept); when none
    does, (None, new settings, new stats, msg, kept). kept is what the store
    keeps: its own settings and stats, the game part of the payload as
    bytes, and the payload when the record is in slot newest (else None)."""
    for slot, raw, start, end in records:
        try:
            g, s, st, game = _decode(raw, start, end)
            if g is not None and check:
                resume(g)
            # the store's own copies: the caller's objects stay the caller's
            kept = _decode(raw, start, end)
        except (ValueError, IndexError, KeyError):
            continue
        last = bytes(raw[start:end]) if slot == newest else None
        return g, s, st, None, (kept[1], kept[2], game, last)
    return None, Settings(), Stats(), msg, (Settings(), Stats(), b"\x00", None)
