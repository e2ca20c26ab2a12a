"""Where the app keeps its save, settings and stats: the one place that
talks to the save format.

device/save.py (the save format, its own issue) provides ``SaveStore``,
``Saved``, ``Settings`` and ``Stats``. Until it is there, a small stand-in
with the same contract is used, so the app runs either way.
"""
try:
    from device.save import SaveStore, Saved, Settings, Stats  # noqa: F401
except ImportError:
    SaveStore = None

LEVELS = ("easy", "normal", "hard", "expert")

if SaveStore is None:
    VARIANTS = ("egyptian", "french", "alkomi", "czech", "italian", "lebanese", "iraqi")

    class Saved:
        def __init__(self):
            self.variant = "egyptian"
            self.players = 2
            self.levels = ["human", "normal"]
            self.target = 101
            self.seed = 0
            self.hand_no = 0
            self.dealer = 1
            self.scores = [0, 0]
            self.carry = 0
            self.plays = b""

    class Settings:
        def __init__(self):
            self.contrast = 255
            self.sleep_s = 60
            self.sound = True
            self.rotation = 0
            self.hints = True
            self.undo = True
            self.last_level = "normal"
            self.last_players = 2
            self.last_variant = "egyptian"
            self.last_target = 101

    class Stats:
        def __init__(self):
            self.games = 0
            self.wins = [0, 0, 0, 0]
            self.basras = 0
            self.best_hand = 0

    def _u16(b, i):
        return b[i] | (b[i + 1] << 8)

    class SaveStore:
        """Stand-in: settings, stats and the game in one record (version 0xB0)."""

        def __init__(self, storage):
            self.storage = storage
            self.saved = None
            self.settings = Settings()
            self.stats = Stats()

        def load(self):
            msg = None
            try:
                data = self.storage.load()
            except Exception:
                data = None
            if data:
                try:
                    self._decode(data)
                except Exception:
                    self.saved = None
                    self.settings = Settings()
                    self.stats = Stats()
                    msg = "save damaged, new game"
            return self.saved, self.settings, self.stats, msg

        def _decode(self, b):
            if b[0] != 0xB0:
                raise ValueError("unknown save")
            s = self.settings
            s.contrast, s.sleep_s = b[1], _u16(b, 2)
            s.sound, s.rotation, s.hints, s.undo = bool(b[4]), b[5] * 90, bool(b[6]), bool(b[7])
            s.last_level = LEVELS[b[8]]
            s.last_players = b[9]
            s.last_variant = VARIANTS[b[10]]
            s.last_target = _u16(b, 11)
            t = self.stats
            t.games = _u16(b, 13)
            t.wins = [_u16(b, 15 + 2 * k) for k in range(4)]
            t.basras = _u16(b, 23)
            t.best_hand = _u16(b, 25)
            if b[27]:
                g = Saved()
                g.variant = VARIANTS[b[28]]
                g.players = b[29]
                g.levels = []
                for k in range(g.players):
                    v = b[30 + k]
                    g.levels.append("human" if v == 255 else LEVELS[v])
                g.target = _u16(b, 34)
                g.seed = _u16(b, 36) | (_u16(b, 38) << 16)
                g.hand_no = b[40]
                g.dealer = b[41]
                g.carry = _u16(b, 42)
                g.scores = [_u16(b, 44 + 2 * k) for k in range(g.players if g.players < 4 else 2)]
                n = b[52]
                g.plays = bytes(b[53:53 + n])
                self.saved = g
            else:
                self.saved = None

        def _encode(self):
            s = self.settings
            t = self.stats
            out = bytearray(128)
            out[0] = 0xB0
            out[1] = s.contrast
            out[2], out[3] = s.sleep_s & 255, s.sleep_s >> 8
            out[4], out[5], out[6], out[7] = int(s.sound), s.rotation // 90, int(s.hints), int(s.undo)
            out[8] = LEVELS.index(s.last_level)
            out[9] = s.last_players
            out[10] = VARIANTS.index(s.last_variant)
            out[11], out[12] = s.last_target & 255, s.last_target >> 8
            vals = [t.games] + list(t.wins) + [t.basras, t.best_hand]
            for k in range(7):
                out[13 + 2 * k] = vals[k] & 255
                out[14 + 2 * k] = (vals[k] >> 8) & 255
            g = self.saved
            if g is not None:
                out[27] = 1
                out[28] = VARIANTS.index(g.variant)
                out[29] = g.players
                for k in range(g.players):
                    lv = g.levels[k]
                    out[30 + k] = 255 if lv == "human" else LEVELS.index(lv)
                vals = [g.target, g.seed & 0xFFFF, (g.seed >> 16) & 0xFFFF]
                for k in range(3):
                    out[34 + 2 * k] = vals[k] & 255
                    out[35 + 2 * k] = vals[k] >> 8
                out[40] = g.hand_no & 255
                out[41] = g.dealer
                out[42], out[43] = g.carry & 255, g.carry >> 8
                for k in range(len(g.scores)):
                    out[44 + 2 * k] = g.scores[k] & 255
                    out[45 + 2 * k] = (g.scores[k] >> 8) & 255
                out[52] = len(g.plays)
                out[53:53 + len(g.plays)] = g.plays
            return bytes(out[0:53 + (len(g.plays) if g is not None else 0)])

        def _write(self):
            try:
                self.storage.save(self._encode())
            except Exception:
                pass

        def save_game(self, saved):
            self.saved = saved
            self._write()

        def save_settings(self, settings):
            self.settings = settings
            self._write()

        def save_stats(self, stats):
            self.stats = stats
            self._write()
