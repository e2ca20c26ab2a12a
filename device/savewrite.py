"""The writing side of the save format: the payload of a record from what
device/savedata.py holds (device/saveformat.py frames it). device/store.py
imports this module for each write and, on the device, drops it afterwards
(its bytecode is RAM on a board)."""
from device.savedata import HUMAN_CODE, LINK_CODE, MAX_PLAYS, PLACE_ESCAPE, Settings, Stats


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
    # a seat's code (device/savedata.py): a level's from the registry
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
