"""Where the app keeps its save, settings and stats: ``SaveStore`` (slots,
sequence numbers, write policy) over a hal.storage store, for the data of
device/savedata.py in the record format of device/saveformat.py.

The device app loads this module for each call and drops it afterwards
(App.store_call): what a store remembers between calls is ``kept()``, and
``reopen`` makes the store again from it. device/savedata.py stays loaded
(the app holds its objects); the format (device/saveformat.py: frame, CRC,
slots), its writing side (device/savewrite.py) and its reading side
(device/saveload.py) are imported by each SaveStore call and, with
``lazy=True`` (the device app), dropped again afterwards, so their bytecode
is in the heap only while a record is written or read. device/save.py
gathers the whole save for tests and tools.
"""
from hal.mem import drop
from device.savedata import MAX_PLAYS, SIZE, Settings, Stats, to_move


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
        self.slot = -1  # that record's slot (-1: none): the next write goes to the one after it
        self.game = b"\x00"  # the game part of the newest record written (or pending)
        self.settings = Settings()
        self.stats = Stats()
        self.pending = False
        self._scanned = False
        self._last = None  # payload of the newest record in the store
        self.error = None  # the last write's OSError, if any
        self.lazy = lazy  # drop the format modules after each call (the device app)
        self.held = None  # a payload encoded by save_game(hold=True), then (seq, slot, offset, bytes, payload) framed and placed by frame_held(); written by flush()

    def load(self):
        """(saved_or_None, settings, stats, message_or_None) from the newest
        valid record; never raises on bad bytes. Sets the store's seq, slot
        and what it last wrote (device/saveload.py reads the records)."""
        from device.saveformat import scan
        self.seq, self.slot, records, msg = scan(self.storage)
        scan = None
        self._done()
        from device.saveload import first
        got = first(records, self.slot, self.check, msg)
        first = None
        self._done()
        self._scanned = True
        self.pending = False
        self.settings, self.stats, self.game, self._last = got[4]
        return got[:4]

    def save_game(self, saved, stats=None, hold=False, settings=None):
        """Record the game in progress (None: no game) and, given, the stats
        and the settings with it: the app's every write carries the stats,
        so a quit, a power cut or a reload loses at most the play in
        progress, and settings changed with the game (a new game's choices)
        go in the same record. Writes as the policy says; hold: encodes the
        record now, for frame_held() and the next flush() to write (the
        device app writes in loop turns of their own: a board's write is
        60-70 ms of Python and collections, and a press waits for the turn
        it lands in)."""
        self._scan()
        try:
            from device.savewrite import copy_settings, copy_stats, game_bytes
            self.game = game_bytes(saved)
            if stats is not None:
                self.stats = copy_stats(stats)
            if settings is not None:
                self.settings = copy_settings(settings)
            if hold:
                self.pending = True
                self.held = self._payload()
                return False
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
            from device.savewrite import copy_settings
            self.settings = copy_settings(settings)
            self.held = None        # encoded with the settings before: made again
            return self._write()
        finally:
            self._done()

    def kept(self):
        """What the store remembers between calls (``reopen`` goes on from
        it): writes first, then its sequence, slot, last record and copies."""
        return (self.writes, self.seq, self.slot, self.game, self.settings, self.stats,
                self.pending, self._scanned, self._last, self.error, self.held)

    def flush(self):
        """Write a state held back: by the "turn" policy (call before
        sleep), or by save_game(hold=True)."""
        if self.pending:
            try:
                return self._write()
            finally:
                self._done()
        return False

    def _done(self):
        if self.lazy:
            drop("device.saveformat")
            drop("device.saveload")
            drop("core.presets")            # a saved game resumed: the rule sets go
            drop("device.savewrite")

    def _scan(self):
        if not self._scanned:
            self.load()

    def frame_held(self, early=0):
        """The record save_game(hold=True) encoded, framed and placed now
        (the format loaded: its slot, or the whole log written again when
        the log has come round, or when fewer than early slots would be
        left: device/saveformat.py place), written by the next flush()."""
        held = self.held
        if held is not None and not isinstance(held, tuple):
            self.held = self._framed(held, early)
            if self.held is None:
                self.pending = False
        self._done()

    def _payload(self):
        from device.savewrite import settings_bytes, stats_bytes
        return settings_bytes(self.settings) + stats_bytes(self.stats) + self.game

    def _framed(self, payload, early=0):
        # (seq, slot, offset, bytes, payload): the next record, its CRC and
        # frame, and where it goes (saveformat.place); None when payload is
        # the newest record's already: nothing to write
        if payload == self._last:
            return None
        seq = (self.seq + 1) & 0xFFFF
        from device.saveformat import frame, place
        slot, offset, data = place(self.storage, self.slot, frame(seq, payload), early)
        return seq, slot, offset, data, payload

    def _write(self):
        held = self.held
        self.held = None
        self.pending = False
        if held is None:
            held = self._payload()
            self._done()  # the writing side goes before the frame comes: one at a time in the heap
        if not isinstance(held, tuple):
            held = self._framed(held)
            if held is None:
                return False
        seq, slot, offset, data, payload = held
        try:
            ok = self.storage.write(offset, data)
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


def reopen(storage, kept=None):
    """A lazy SaveStore over storage (the device app's), going on from kept
    (SaveStore.kept(); None: a store not read yet)."""
    st = SaveStore(storage, lazy=True)
    if kept is not None:
        (st.writes, st.seq, st.slot, st.game, st.settings, st.stats,
         st.pending, st._scanned, st._last, st.error, st.held) = kept
    return st
