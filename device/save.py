"""The save: the game in progress, the settings and the stats, kept in a
log of CRC-checked slots that a power cut at any byte cannot break.

Three parts, in this order: what the save holds (``Saved``, ``Settings``,
``Stats``); the record's frame and the slots (``frame``, ``parse``,
``place``); and the writing side (a payload from those objects). The
reading side (``scan``, ``decode``, ``resume``, ``first``) is
device/saveread.py, used at start-up; the write policy over a hal.storage
store (``SaveStore``) and the jobs that write are device/saving.py.

Format version 3 (docs/reliability.md has the byte map and the reasons).
The store (hal.storage, raw ``read``/``write``) holds 128-byte slots from
offset 0: as many as fit, 32 at most (4 KB, an RP2040's nvm sector), 2 at
least. Each slot holds one whole record or is erased (0xFF)::

    magic "Bs" | version u8 | seq u16 | n u8 | payload (n bytes) | crc32 u32

Integers are little-endian. The CRC-32 (the zlib one) covers everything
before it. ``magic``, ``version``, ``seq``, ``n`` and the trailing CRC keep
this place in every version, so a record of another version is recognised
as such. A save goes to the slot after the newest valid record's, with
seq + 1 (mod 65536; "newer" is a difference of 1..32767), so a write cut
half way leaves the record before it whole. The slots are a log because
flash is: on an RP2040, CircuitPython writes bytes that are all 0xFF by
programming their flash page (about 1 ms), and any other write erases and
rewrites the whole 4 KB sector (about 51 ms, interrupts off, one of the
sector's 100,000 erases). So a write goes to an erased slot while there is
one, and when the log comes round (``place``) it is written again whole in
one erase: the newest record in slot 0, the new one in slot 1, the rest
erased. A load takes the newest valid record and never raises on bad bytes.
Saves of earlier builds (two slots, 0 and 1) are such a log already.

Write policy (``SaveStore``): a record is written only when its bytes
change. ``policy="play"`` (the default) writes on every call, so a power
cut loses at most the play in progress; ``policy="turn"`` holds back states
where an AI seat is to move (they are written with the next state a person
sees, or by ``flush()``), halving the flash writes of a two-player game but
losing a person's play when the cut falls while the AI answers it.
"""
# -- what the save holds --------------------------------------------------
SLOT = 128  # bytes per slot
SIZE = 2 * SLOT  # the least the store must hold (two slots); the log uses up to SLOTS
SLOTS = 32  # slots the save uses at most (4 KB: an RP2040's whole nvm sector)
# a write made while no play can be pressed (an AI or the other device to
# move) writes the log again once fewer than this many slots would be left
# (``place``, ``early``, device/saving.py SaveJob): the sector's erase, 51 ms on
# a board, falls there, not in the write a person's next play can land in.
# With an AI seat every person's play is such a write, and at most three
# others come between two of them (a hand's end), so the log comes round
# there; with people only it comes round where it falls
EARLY_ERASE = 4
MAX_PLAYS = 48  # plays in one hand: 52 cards, 4 of them the first floor
# A play is saved as its place among the plays of its position (core/plays.py
# lists them; a big floor has thousands): one byte below 255, else 255 and
# three bytes.
PLACE_ESCAPE = 255
# a seat's code: an AI level's stable code (core/ai/__init__.py CODES: easy 1,
# normal 2, hard 3, expert 4, master 6, as earlier builds saved them), or
# these: a person, or a seat played on the other device of a link game
HUMAN_CODE = 0
LINK_CODE = 5
# wins in a version-2 save: easy to expert (version 3 writes a count, then
# that many, one per level in the registry's order: ``_w_stats``)
V2_WINS = 4


class Record:
    """Equal when of one class and agreeing on every field."""

    def __eq__(self, other):
        return type(self) is type(other) and self.__dict__ == other.__dict__


class Saved(Record):
    """A game in progress: enough to rebuild it exactly (see ``resume``)."""
    def __init__(self, variant="egyptian", players=2, levels=None, target=101, seed=1,
                 hand_no=0, dealer=None, scores=None, carry=0, plays=()):
        self.variant = variant
        self.players = players
        self.levels = levels if levels is not None else ["human"] + ["normal"] * (players - 1)
        self.target = target
        self.seed = seed
        self.hand_no = hand_no
        self.dealer = players - 1 if dealer is None else dealer
        self.scores = scores if scores is not None else [0] * (2 if players == 4 else players)
        self.carry = carry
        self.plays = tuple(plays)  # each play's place (see PLACE_ESCAPE)


class Settings(Record):
    def __init__(self):
        self.contrast = 128  # 0..255
        self.sleep_s = 60  # seconds without a press before the screen sleeps (0: never)
        self.sound = True
        self.rotation = 0  # 0 or 180
        self.hints = True
        self.undo = False
        self.last_level = "normal"
        self.last_players = 2
        self.last_variant = "egyptian"
        self.last_target = None  # None: the rule set's own target


class Stats(Record):
    def __init__(self):
        self.games = 0
        from core.ai import LEVELS
        self.wins = [0] * len(LEVELS)  # per AI level, in the registry's order
        self.basras = 0
        self.best_hand = 0


def to_move(saved):
    """The seat to play next in saved (plays go round from the dealer's left)."""
    return (saved.dealer + 1 + len(saved.plays)) % saved.players


def early(calm, left):
    """The erased slots a play's write leaves in the log, else it writes the
    log again now (``place``'s early): EARLY_ERASE where no play can be
    pressed meanwhile (calm), and one while the hand has at most one play
    left (left: plays after this one), so that the record of the hand's end,
    written while its summary shows (its code loaded: device/summary.py),
    never writes the log again: a hand's end never holds the summary's code
    and the log's 4 KB image at once."""
    e = EARLY_ERASE if calm else 0
    if left <= 1 and e < 1:
        e = 1
    return e


# -- the record's frame and the slots --------------------------------------
VERSION = 3  # 2: plays are places in core/plays.py's order, past 254 escaped;
# 3: ... where a maximal capture is one no bigger take contains (issue 29)
MAGIC0 = 0x42  # "B"
MAGIC1 = 0x73  # "s"
HEADER = 6
ERASED = b"\xff" * SLOT  # a slot of erased flash

DAMAGED = "save damaged, new game"
BLANK = "no save, new game"
OLDER = "old save, new game"
NEWER = "newer save, new game"

# CRC-32 (reflected 0xEDB88320, as zlib.crc32), a nibble at a time, kept in
# two 16-bit halves so that MicroPython never needs a big int in the loop:
# the table of the 16 nibbles, high and low halves (written out, not built
# at import: start-up; tests/test_save_format.py checks it against zlib;
# tuples, the module's constants themselves, not arrays copied from them)
_TH = (0x0000, 0x1DB7, 0x3B6E, 0x26D9, 0x76DC, 0x6B6B, 0x4DB2, 0x5005,
       0xEDB8, 0xF00F, 0xD6D6, 0xCB61, 0x9B64, 0x86D3, 0xA00A, 0xBDBD)
_TL = (0x0000, 0x1064, 0x20C8, 0x30AC, 0x4190, 0x51F4, 0x6158, 0x713C,
       0x8320, 0x9344, 0xA3E8, 0xB38C, 0xC2B0, 0xD2D4, 0xE278, 0xF21C)


def crc_halves(data, start, end):
    """The CRC-32 of data[start:end] as (high, low) 16-bit halves."""
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


def frame(seq, payload):
    """The record of payload with sequence number seq: header, payload, CRC."""
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
    hi, lo = crc_halves(b, 0, HEADER + n)
    e = HEADER + n
    b[e] = lo & 0xFF
    b[e + 1] = lo >> 8
    b[e + 2] = hi & 0xFF
    b[e + 3] = hi >> 8
    return bytes(b)


def parse(raw):
    """(seq, version, payload_start, payload_end) of a CRC-valid record in raw, or None."""
    if len(raw) < HEADER + 4 or raw[0] != MAGIC0 or raw[1] != MAGIC1:
        return None
    n = raw[5]
    end = HEADER + n
    if end + 4 > len(raw):
        return None
    hi, lo = crc_halves(raw, 0, end)
    if raw[end] != lo & 0xFF or raw[end + 1] != lo >> 8 or raw[end + 2] != hi & 0xFF or raw[end + 3] != hi >> 8:
        return None
    return raw[3] | (raw[4] << 8), raw[2], HEADER, end


def newer(a, b):
    """Sequence number a is newer than b (a difference of 1..32767, mod 65536)."""
    d = (a - b) & 0xFFFF
    return 0 < d < 0x8000


def slot_count(size):
    """The slots of the save in a store of size bytes: as many as it holds,
    SLOTS at most."""
    n = size // SLOT
    return SLOTS if n > SLOTS else n


def place(storage, newest, rec, early=0):
    """Where record rec goes: (slot, offset, data) to write at offset.
    The slot after newest (the newest record's), if it is erased: on an
    RP2040 a write into erased bytes only programs their flash page. Else
    (the log has come round, or holds bytes of something else) the whole
    log is written again, one sector erase: the newest record kept in slot
    0 (so a cut that leaves only the start of the new image still has it),
    rec in slot 1, every other slot erased, so the next writes program
    only. early: write the log again already when fewer than early slots
    would be left after this one (the caller's moment suits the erase
    better than the writes to come: device/app.py)."""
    n = slot_count(storage.size)
    slot = (newest + 1) % n
    try:
        if slot + early < n and storage.read(slot * SLOT, SLOT) == ERASED:
            return slot, slot * SLOT, rec
        raw = storage.read(newest * SLOT, SLOT)
    except (OSError, ValueError):
        raw = b""
    img = bytearray(n * SLOT)
    for k in range(0, n * SLOT, SLOT):  # erased, a slot at a time: no second buffer
        img[k:k + SLOT] = ERASED
    p = parse(raw)
    slot = 0
    if p is not None:
        e = p[3] + 4
        img[0:e] = memoryview(raw)[0:e]
        slot = 1
    img[slot * SLOT:slot * SLOT + len(rec)] = rec
    return slot, 0, img


# -- the writing side -------------------------------------------------------
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
    from core.ai import LEVELS
    if len(s.wins) != len(LEVELS):
        raise ValueError("wins needs %d counts (one per level), not %r" % (len(LEVELS), s.wins))
    o.u8(len(s.wins), "wins")
    for k in range(len(s.wins)):
        o.u16(_sat(s.wins[k]), "wins")
    o.u16(_sat(s.basras), "basras")
    o.u16(_sat(s.best_hand), "best_hand")
    return o


def _level_code(level, what):
    # a seat's code (HUMAN_CODE, LINK_CODE above): a level's from the registry
    if level == "human":
        return HUMAN_CODE
    if level == "link":
        return LINK_CODE
    from core.ai import CODES, LEVELS
    for k in range(len(LEVELS)):
        if LEVELS[k] == level:
            return CODES[k]
    raise ValueError("%s = %r is not one of human, link, %s" % (what, level, ", ".join(LEVELS)))


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
    for p in g.plays:
        if not 0 <= p < 1 << 24:
            raise ValueError("play place %r does not fit the save" % (p,))
        if p < PLACE_ESCAPE:
            o.u8(p, "play")
        else:
            o.u8(PLACE_ESCAPE, "play")
            o.u8(p & 255, "play")
            o.u16(p >> 8, "play")
    return o


def settings_bytes(s):
    """The settings part of a payload; ValueError on a value that does not fit."""
    return bytes(_w_settings(_Out(), s).b)


def stats_bytes(s):
    return bytes(_w_stats(_Out(), s).b)


def game_bytes(saved):
    """The game part of a payload: 0, or 1 and the game (saved None: no game)."""
    if saved is None:
        return b"\x00"
    o = _Out()
    o.b.append(1)
    return bytes(_w_game(o, saved).b)


def payload(saved, settings, stats):
    """The payload bytes of a record; ValueError on a value that does not fit."""
    return settings_bytes(settings) + stats_bytes(stats) + game_bytes(saved)


def encode(seq, saved, settings, stats):
    """One whole record (header, payload, CRC) as bytes."""
    return frame(seq, payload(saved, settings, stats))


def copy_settings(s):
    """A copy of settings s; ValueError now (not at the next write) when it does not fit."""
    c = Settings()
    for k in ("contrast", "sleep_s", "sound", "rotation", "hints", "undo", "last_level",
              "last_players", "last_variant", "last_target"):
        setattr(c, k, getattr(s, k))
    _w_settings(_Out(), c)
    return c


def copy_stats(s):
    c = Stats()
    c.games = s.games
    c.wins = list(s.wins)
    c.basras = s.basras
    c.best_hand = s.best_hand
    _w_stats(_Out(), c)
    return c
