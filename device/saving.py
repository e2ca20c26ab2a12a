"""The save's writing: ``SaveStore``, the write policy over a hal.storage
store (the format is device/save.py's; what it reads at start-up,
device/saveread.py), and the app's writes as jobs (device/jobs.py): a
game's record in three loop turns of its own after the frame of the play
(encoded, framed and placed, written to the nvm: a flash page, or the
sector's 51 ms when the log comes round), so that a press landing in a
write waits for one of them, not for the whole; the settings in one. The
device app holds one SaveStore from start-up to the end (device/app.py).
"""
from device.jobs import Job
from device.save import (
    MAX_PLAYS, SIZE, Settings, Stats, copy_settings, copy_stats, early, frame, game_bytes, place,
    settings_bytes, stats_bytes, to_move)

ENCODE = "encode"
FRAME = "frame"
WRITE = "write"


class SaveJob(Job):
    """Write the game: the one in progress, recorded at the job's first
    step (record), or App.saved as it is (a hand's end, a new game)."""
    group = "save"
    rank = 1

    def __init__(self, app, record):
        Job.__init__(self)
        self.app = app
        self.record = record
        self.stage = ENCODE     # the stage to do next: moved on once one is done

    def step(self, now):
        app = self.app
        st = self.stage
        if st == ENCODE:
            if self.record:
                if app.sess is None or app.play.summed:
                    # no game, or the hand's summary made first: its record,
                    # the next hand's start, is written once it shows
                    return True
                app.saved = app.record()
            if not app.write_game(hold=True):
                return True
            self.stage = FRAME
            return False
        if st == FRAME:
            # the log written again early where no play can land in the
            # write (an AI or the other device to move): the sector's erase
            # falls here, not in the write a person's next play waits for;
            # and before a hand's end (device/save.py early)
            calm = app.screen is app.table and not app.play.persons_turn()
            left = app.sess.plays_left() if self.record and app.sess is not None else MAX_PLAYS
            app.store.frame_held(early(calm, left))
            self.stage = WRITE
            return False
        app.store.flush()
        return True

    def finish(self):
        """What is left of the write, at once (after an error: device/app.py main)."""
        app = self.app
        if self.stage == ENCODE:
            if self.record and app.sess is not None:
                app.saved = app.record()
            app.write_game()
        else:
            app.store.flush()


class SettingsJob(Job):
    """Write the settings (a game's next write carries them instead)."""
    group = "settings"
    rank = 2

    def __init__(self, app):
        Job.__init__(self)
        self.app = app

    def step(self, now):
        self.finish()
        return True

    def finish(self):
        self.app.store.save_settings(self.app.settings)


class SaveStore:
    """The save over a hal.storage store (raw read/write, ``size`` >= 256)."""

    def __init__(self, storage, policy="play", check=True):
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
        self.held = None  # a payload encoded by save_game(hold=True), then (seq, slot, offset, bytes, payload) framed and placed by frame_held(); written by flush()

    def load(self):
        """(saved_or_None, settings, stats, message_or_None) from the newest
        valid record; never raises on bad bytes. Sets the store's seq, slot
        and what it last wrote."""
        from device.saveread import first, scan
        self.seq, self.slot, records, msg = scan(self.storage)
        got = first(records, self.slot, self.check, msg)
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

    def save_settings(self, settings):
        self._scan()
        self.settings = copy_settings(settings)
        self.held = None        # encoded with the settings before: made again
        return self._write()

    def flush(self):
        """Write a state held back: by the "turn" policy (call before
        sleep), or by save_game(hold=True)."""
        if self.pending:
            return self._write()
        return False

    def _scan(self):
        if not self._scanned:
            self.load()

    def frame_held(self, early=0):
        """The record save_game(hold=True) encoded, framed and placed now
        (its slot, or the whole log written again when the log has come
        round, or when fewer than early slots would be left: ``place``),
        written by the next flush()."""
        held = self.held
        if held is not None and not isinstance(held, tuple):
            self.held = self._framed(held, early)
            if self.held is None:
                self.pending = False

    def _payload(self):
        return settings_bytes(self.settings) + stats_bytes(self.stats) + self.game

    def _framed(self, payload, early=0):
        # (seq, slot, offset, bytes, payload): the next record, its CRC and
        # frame, and where it goes (``place``); None when payload is
        # the newest record's already: nothing to write
        if payload == self._last:
            return None
        seq = (self.seq + 1) & 0xFFFF
        slot, offset, data = place(self.storage, self.slot, frame(seq, payload), early)
        return seq, slot, offset, data, payload

    def _write(self):
        held = self.held
        self.held = None
        self.pending = False
        if held is None:
            held = self._payload()
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
