"""Where the app keeps its save, settings and stats: the data classes
(``Saved``, ``Settings``, ``Stats``) and ``SaveStore`` (slots, sequence
numbers, write policy) of the save format of device/save.py.

This module stays loaded on the device; the format itself (device/save.py,
encoding, and device/saveload.py, decoding) is imported by each SaveStore
call and, with ``lazy=True`` (the device app), dropped again afterwards, so
its bytecode is in the heap only while a record is written or read.
device/save.py re-exports everything here: ``device.save.SaveStore`` etc.
"""
from device.mem import drop

SLOT = 128  # bytes per slot
SIZE = 2 * SLOT  # bytes the save needs in the store
MAX_PLAYS = 48  # plays in one hand: 52 cards, 4 of them the first floor


class Saved:
    """A game in progress: enough to rebuild it exactly (see ``resume``)."""

    def __init__(self, variant="egyptian", players=2, levels=None, target=101, seed=1,
                 hand_no=0, dealer=None, scores=None, carry=0, plays=b""):
        self.variant = variant
        self.players = players
        self.levels = levels if levels is not None else ["human"] + ["normal"] * (players - 1)
        self.target = target
        self.seed = seed
        self.hand_no = hand_no
        self.dealer = players - 1 if dealer is None else dealer
        self.scores = scores if scores is not None else [0] * (2 if players == 4 else players)
        self.carry = carry
        self.plays = bytes(plays)

    def __eq__(self, other):
        from device.save import _game_bytes
        return isinstance(other, Saved) and _game_bytes(self) == _game_bytes(other)

    def __repr__(self):
        return "Saved(%r, %d, %r, target=%d, seed=%d, hand_no=%d, dealer=%d, scores=%r, carry=%d, plays=%d)" % (
            self.variant, self.players, self.levels, self.target, self.seed, self.hand_no,
            self.dealer, self.scores, self.carry, len(self.plays))


class Settings:
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

    def __eq__(self, other):
        from device.save import _Out, _w_settings
        return isinstance(other, Settings) and _w_settings(_Out(), self).b == _w_settings(_Out(), other).b


class Stats:
    def __init__(self):
        self.games = 0
        self.wins = [0, 0, 0, 0]  # per AI level, in LEVEL_CODES[1:] order
        self.basras = 0
        self.best_hand = 0

    def __eq__(self, other):
        from device.save import _Out, _w_stats
        return isinstance(other, Stats) and _w_stats(_Out(), self).b == _w_stats(_Out(), other).b


def to_move(saved):
    """The seat to play next in saved (plays go round from the dealer's left)."""
    return (saved.dealer + 1 + len(saved.plays)) % saved.players


class SaveStore:
    """The save over a hal.storage store (raw read/write, ``size`` >= 256)."""

    def __init__(self, storage, policy="play", check=True, lazy=False):
        if storage.size < SIZE:
            raise ValueError("the store has %d bytes, the save needs %d" % (storage.size, SIZE))
        if policy not in ("play", "turn"):
            raise ValueError("policy must be 'play' or 'turn', not %r" % (policy,))
        self.storage = storage
        self.policy = policy
        self.check = check  # load replays the saved plays before trusting them
        self.writes = 0
        self.seq = 0  # of the newest record in the store
        self.slot = 1  # that record's slot: the next write goes to the other one
        self.game = b"\x00"  # the game part of the newest record written (or pending)
        self.settings = Settings()
        self.stats = Stats()
        self.pending = False
        self._scanned = False
        self._last = None  # payload of the newest record in the store
        self.error = None  # the last write's OSError, if any
        self.lazy = lazy  # drop the format modules after each call (the device app)

    def load(self):
        """(saved_or_None, settings, stats, message_or_None); never raises on bad bytes.
        The reading side of the format is device/saveload.py (see its docstring)."""
        from device.saveload import load
        try:
            return load(self)
        finally:
            load = None
            self._done()

    def save_game(self, saved):
        """Record the game in progress (None: no game). Writes as the policy says."""
        self._scan()
        try:
            if saved is None:
                self.game = b"\x00"
            else:
                from device.save import _game_bytes
                self.game = b"\x01" + _game_bytes(saved)
            if (self.policy == "turn" and saved is not None and 0 < len(saved.plays) < MAX_PLAYS
                    and saved.levels[to_move(saved)] != "human"):
                self.pending = True
                return False
            return self._write()
        finally:
            self._done()

    def save_settings(self, settings):
        self._scan()
        try:
            from device.save import _copy_settings
            self.settings = _copy_settings(settings)
            return self._write()
        finally:
            self._done()

    def save_stats(self, stats):
        self._scan()
        try:
            from device.save import _copy_stats
            self.stats = _copy_stats(stats)
            return self._write()
        finally:
            self._done()

    def flush(self):
        """Write a state held back by the "turn" policy (call before sleep)."""
        if self.pending:
            try:
                return self._write()
            finally:
                self._done()
        return False

    def _done(self):
        if self.lazy:
            drop("device.saveload")
            drop("device.save")

    def _scan(self):
        if not self._scanned:
            self.load()

    def _write(self):
        from device.save import _Out, _frame, _w_settings, _w_stats
        self.pending = False
        payload = bytes(_w_settings(_Out(), self.settings).b) + bytes(_w_stats(_Out(), self.stats).b) + self.game
        if payload == self._last:
            return False
        seq = (self.seq + 1) & 0xFFFF
        slot = 1 - self.slot
        rec = _frame(seq, payload)
        try:
            ok = self.storage.write(slot * SLOT, rec)
        except OSError as e:
            ok = False
            self.error = e
        if not ok:
            return False  # a read-only or failing store: keep playing, the save stays as it was
        self.writes += 1
        self.seq = seq
        self.slot = slot
        self._last = payload
        return True
