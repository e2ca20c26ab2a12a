"""Press-to-frame on the device app (tools/bench_device.py): a person who
plays one whole game against the AI, and a recorder of the time from each
press at the table to the next frame handed to the display.

The same game runs twice: on the MicroPython VM as a board runs it (heapapp's
board model, timed) and on CPython in the simulator (the bytes each refresh
sends over I2C). Both go through heapapp's keys, clock and idle, and the
presses come from a fixed random sequence read off the app's state, never
from time: the two runs make the same presses, refreshes and plays.

A press is timed from the moment its key event is handed to the app (the
key source's get_into, inside hal.buttons) to the next refresh call: the
play or cursor move, the redraw, and for a play whatever starts the next
turn (the AI's search begins, the thinking line is drawn). The AI's search
steps come after that frame and are not counted. Timed too: a key that
skips a play on show (an AI's, a BASRA, a hand's last play: its frame may
be the hand's summary) and A on a hand's summary (the next hand's table).
"""
import heapapp as H
import person as P

_PICK = 0        # device.play.PICK: a person chooses a card
_SHOW = 4        # device.play.SHOW: an AI's play on show
_PAUSE = 5       # device.play.PAUSE: a BASRA, a sweep or a hand's last play on show
# what a key does at the table, by key number (UP DOWN LEFT RIGHT A B), then
# a key that skips a play on show, A on a hand's summary and a key on a menu
KINDS = ("cycle", "cycle", "move", "move", "play", "menu", "skip", "next", "menu_key")
# the loop turns (20 ms idles) a person reads a hand's summary before A (a
# quick reader: the app writes the hand's record and deals the next hand
# meanwhile, five turns)
_READING_TURNS = 10
# and a menu's (12 x 20 ms: a quick reader)
_MENU_READING_TURNS = 12
# and the table before a choice (8 turns: the game's write goes first)
_PICK_READING_TURNS = 8
# and a play on show before a key skips it (a person reacts to a frame in
# 150 ms or more, the loop turns in 2 ms here: three turns are quicker than
# anyone, and let a hand's last play's summary be made first, as the app
# makes it in the turn after the play's frame: device/play.py SummaryJob)
_SKIP_REACTION_TURNS = 3
_SKIP = 6
_NEXT = 7
_MENU_KEY = 8    # a key on a menu (A: the next menu, or the table)


class Recorder:
    """ms: a function giving milliseconds (a float); level: the AI's;
    players: the game's (one person, the others AI seats)."""

    def __init__(self, ms, level="hard", seed=1, players=2):
        self.ms = ms
        self.level = level
        self.players = players
        self.lcg = seed
        self.frames = 0         # refreshes so far
        self.last = 0.0         # when the last refresh was asked for
        self.pending = -1       # key number of a press waiting for its frame
        self.t = 0.0
        self.presses = []       # [kind, ms, frame index, screen shown by that frame]
        self.saves = []         # [ms, refreshes before it, a press still waiting for its frame, modules, live bytes, the flash written] a game write's call
        self.done = False
        self._save = None
        self.reading = 0        # loop turns the summary or the menu on show has been read
        # the bench's VM run (tools/bench_device.py count_imports), else None:
        # a function giving [modules imported so far, the live heap at each
        # (bytes, summed)]
        self.files = None
        self.files_at_key = (0, 0)
        self.press_files = []   # [modules, live bytes summed] each press of presses imported before its frame
        # the loop's busy stretches (a turn from its start or its last frame
        # to its end, no key handled in it), every one (the same in each run:
        # the bench takes each one's least):
        # [VM ms, modules imported, the live heap at each summed, what it
        # was: a game write's stage ("encode", "frame", then
        # "program": the record into an erased slot of the nvm, or "write":
        # the nvm's sector erased, the log written again), "ai" (a decision's turn), "table",
        # "pages" or "menu" (the screen shown as it began), the table's mode
        # then (device.play: which keys a person may press; -1 elsewhere),
        # the refreshes made by its end];
        # a press landing in one waits for its end (tools/bench_device.py)
        self.turns = []
        self._flashed = False   # the flash a game write's call did (watch_saves)
        self._unseen = 0.0      # ms of the bench's own looks inside the app's time, summed (taken out)
        self._turn = None       # the turn under way: [start ms, files at its start, a key in it, a write's stage in it, kind, mode, _unseen at its start]

    # -- hooks (heapapp.on_key, heapapp.on_refresh or the simulator's) ------------
    def key(self, n, pressed):
        if not pressed:
            return
        app = H.app
        if app is None:
            return
        if app.screen is app.table:
            mode = app.play.mode
            if mode == _PICK:
                self.pending = n
            elif mode == _SHOW or mode == _PAUSE:
                self.pending = _SKIP           # a play on show skipped
            else:
                return
        elif app.screen is app.pages and app.pages.kind == "summary":
            self.pending = _NEXT               # A on a hand's summary: the next hand
        elif app.screen is app.menu and app.menu is not None:
            self.pending = _MENU_KEY
        else:
            return
        if self.files is not None:
            self.files_at_key = tuple(self.files())
        self.t = self.ms()
        if self._turn is not None:
            self._turn[2] = True

    def frame(self):
        t = self.ms()
        self.last = t
        if self._turn is not None:
            # what the turn does after this frame (a write, the AI's next
            # step) holds a press that comes now: its busy part starts here
            self._begin_turn()
        if self.pending >= 0:
            app = H.app
            # what the frame shows: the table ("last": with a hand's last
            # play, the summary to follow), a hand's summary, or a menu
            at = "menu"
            if app.screen is app.table:
                at = "last" if app.play.sess.hand_over() else "table"
            elif app.screen is app.pages:
                at = "pages"
            if self.files is not None:
                f, k = self.files(), self.files_at_key
                self.press_files.append([f[0] - k[0], f[1] - k[1]])
            self.presses.append([KINDS[self.pending], t - self.t, self.frames, at])
            self.pending = -1
        self.frames += 1

    def watch_saves(self, app):
        """Time each call of a game write (the app's SaveStore save_game,
        frame_held, flush, save_settings), noting how many refreshes came
        before it, whether a press was still waiting for its frame and
        (with files) the modules it imported and the live heap at each,
        summed; and mark the busy stretch each stage of the write is in
        (device/saving.py SaveJob: "encode" the record, "frame" it, then
        "program" or "write" it: the flash, flashed)."""
        rec = self
        st = app.h.storage
        write = st.write

        def flashed(offset, data):
            # what the nvm write does on an RP2040: bytes written over erased
            # flash (all 0xFF) program their page ("program": the save's
            # record into an erased slot of its log); any other write erases
            # the 4 KB sector ("write": the log written again).
            # The look is the bench's, not the app's: its time is taken out
            t = rec.ms()
            erase = st.read(offset, len(data)) != b"\xff" * len(data)
            rec._unseen += rec.ms() - t
            rec._flashed = "write" if erase else "program"
            return write(offset, data)

        def timed(fn, name, *args):
            rec._flashed = False
            k = tuple(rec.files()) if rec.files is not None else (0, 0)
            u = rec._unseen
            t = rec.ms()
            r = fn(*args)
            d = rec.ms() - t - (rec._unseen - u)
            f = rec.files() if rec.files is not None else k
            flash = rec._flashed
            rec.saves.append([d, rec.frames, rec.pending >= 0, f[0] - k[0], f[1] - k[1], flash])
            if rec._turn is not None:
                rec._turn[3] = flash or ("frame" if name == "frame_held" else "encode")
            return r
        st.write = flashed
        store = app.store
        for name in ("save_game", "frame_held", "flush", "save_settings"):
            fn = getattr(store, name)
            setattr(store, name, lambda *args, fn=fn, name=name: timed(fn, name, *args))

    def _begin_turn(self):
        app = H.app
        kind = "menu"
        mode = -1
        if app is None:
            kind = None
        elif app.screen is app.table:
            mode = app.play.mode
            kind = "ai" if mode == 3 else "table"      # device.play.THINK
        elif app.screen is app.pages:
            kind = "pages"
        f = tuple(self.files()) if self.files is not None else (0, 0)
        self._turn = [self.ms(), f, False, False, kind, mode, self._unseen]

    def turn(self, ends):
        """heapapp.on_idle: a loop turn ends (ends) or begins. What a turn
        does from its start, or from its last frame, to its end is a busy
        stretch a press landing in it waits out, unless it handled a key
        (that is the press's own time)."""
        if not ends:
            self._begin_turn()
            return
        t = self._turn
        self._turn = None
        if t is None or t[2] or t[4] is None:
            return
        d = self.ms() - t[0] - (self._unseen - t[6])
        f = self.files() if self.files is not None else t[1]
        self.turns.append([d, f[0] - t[1][0], f[1] - t[1][1], t[3] or t[4], t[5], self.frames])

    # -- the person ---------------------------------------------------------------
    def rnd(self):
        self.lcg = H.lcg(self.lcg)
        return self.lcg >> 8

    def policy(self):
        """heapapp.policy: the next presses, from what the app shows."""
        app = H.app
        scr = app.screen
        if scr is app.menu:
            # a person reads a menu a moment too (the app loads the game's
            # code meanwhile, a module a loop turn: device/menu.py)
            self.reading += 1
            m = app.menu
            if m.kind == "new" and self.reading == 1:
                # the values the person picks, as their first presses would
                # (the app makes the game they name in a spare turn after)
                P.new_game(app, self.level, self.players)
                m.draw()
            if self.reading <= _MENU_READING_TURNS:
                return
            self.reading = 0
            if m.kind == "over":
                self.done = True
                raise H.Stop()
            H.tap(4)                            # main menu: New game (no save yet); Start
            return
        if scr is app.pages:
            # a person reads the summary a moment (loop turns the app may
            # use: device/summary.py next_hand_ahead), then A
            self.reading += 1
            if self.reading > _READING_TURNS:
                self.reading = 0
                H.tap(4)
            return
        mode = app.play.mode
        if mode == _PICK:
            # a person looks at the table a moment before each choice (the
            # app writes the play before meanwhile, App._save_shown)
            self.reading += 1
            if self.reading <= _PICK_READING_TURNS:
                return
            self.reading = 0
            if self.rnd() % 16 == 0:
                H.tap(5)                        # B: the game menu (then Resume)
                return
            r = self.rnd() % 10
            if r < 3:
                H.tap(2 + (r & 1))              # LEFT or RIGHT
            elif r == 3 and app.sess.total > 1:
                H.tap(1)                        # DOWN: the next capture
            else:
                H.tap(4)                        # A: play
        elif mode >= _SHOW:
            self.reading += 1
            if self.reading > _SKIP_REACTION_TURNS:
                self.reading = 0
                H.tap(4)                        # skip the AI's play on show


run_for = H.run_for      # the app for n loop turns (tools/bench_device.py calls it here)
