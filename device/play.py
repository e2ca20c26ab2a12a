"""The table's controller: whose turn, the person's choice of card and
capture, the AI's thinking and its play shown, hot-seat covers.

Modes:
PICK    LEFT/RIGHT choose a hand card; the floor cards its first (largest)
        play takes are inverted. A plays it, or with several plays opens
        CHOOSE. UP/DOWN (6 buttons) cycle the plays directly. B: game menu.
CHOOSE  LEFT/RIGHT cycle the plays of the card (most cards first, laying it
        down last); A plays, B back to PICK.
COVER   hot seat: the hand is hidden until the next person presses A.
THINK   an AI (or the hint) decides (a DecideJob the loop steps between
        frames, buttons read between); the dots
        after THINKING fill with the work spent (expert, master), else go
        round with the time.
SHOW    an AI's play stays up (the cards it takes inverted) for a while or
        until a key; then it is applied.
PAUSE   after a BASRA or a sweep, the message stays up for a moment; after
        a hand's last play (anyone's) its table stays up a moment, while
        the hand's summary is made, then the summary is shown (or at a key).

Times are hal.clock ticks, which wrap (at 2**29 ms; CircuitPython starts
them about 65 s before the wrap): every deadline goes through ticks_add,
ticks_diff and ticks_less, never through + and - on ticks.
"""
import hal
from core.compat import const
from core.state import BASRA, HAND_STRIDE, LAY, SWEEP, play_card, play_flags
from device import screens
from device.jobs import Job
from device.screens import Screen
from device.session import WINDOW, Session  # noqa: F401  (Session: the type of self.sess)
from hal.clock import ticks_add, ticks_diff, ticks_less

PICK = const(0)
CHOOSE = const(1)
COVER = const(2)
THINK = const(3)
SHOW = const(4)
PAUSE = const(5)
OVER = const(6)

SHOW_MS = const(1400)
SHOW_PER_CARD = const(250)
_PAUSE_MS = const(1000)
# a hand's last play stays on the table this long before its summary: the
# summary is made in a loop turn of its own meanwhile, so that the frame of
# the press that plays the last card is a table's, not a whole screen's
_LAST_MS = const(700)

W_THINK = b"THINKING"


def _note(f):
    # what a play of flags f does, in a word: BASRA!, SWEEP, LAYS or TAKES
    # (then how many, which TAKES alone is followed by)
    return b"BASRA!" if f & BASRA else b"SWEEP" if f & SWEEP else b"LAYS" if f & LAY else b"TAKES"


class SummaryJob(Job):
    """The hand's end code (device/summary.py, the summary screen's module:
    device/screens.py) loaded in a loop turn of its own, and the hand's
    summary made in the next (make). Started without make once the hand's
    last play is to come (``Play.played``): the code comes after the play
    before is written and before that last play is decided, so neither the
    play nor a key that skips its show waits for the import. Started with
    make while the last play is on show, before anything else waiting (the
    play's write is then the summary's record); it loads the code only if
    a menu let it go meanwhile."""
    group = "summary"

    def __init__(self, play, make):
        Job.__init__(self)
        self.play = play
        self.make = make
        self.rank = 0 if make else 2

    def step(self, now):
        if not screens.loaded("summary"):
            screens.module("summary")
            return not self.make
        if self.make:
            self.play.sum_hand()
        return True


class DecideJob(Job):
    """An AI's decision, or the hint's: begun in a loop turn of its own
    after the frame that shows THINKING, then a step a turn (each under
    50 ms on a board). Cancelled, it lets the decision go (keep False: the
    next begins where this one did, as if it never ran)."""
    group = "decide"
    rank = 3

    def __init__(self, play):
        Job.__init__(self)
        self.play = play
        self.begun = False
        self.keep = True

    def step(self, now):
        p = self.play
        s = p.sess
        if not self.begun:
            self.begun = True
            if not s.think_begin(p.viewer if p.hinting else p.mover, now,
                                 hint=p.hinting, clock=p.app.h.clock):
                return False
        elif not s.think_step(ticks_diff(now, s.think_start)):
            p.progress(now)
            return False
        p.decided(now)
        return True

    def cancelled(self):
        self.play.sess.think_stop(self.keep)


class Play(Screen):
    """The table's screen (its view: device/table.py's Table)."""
    name = "table"

    def __init__(self, app, table):
        self.app = app
        self.t = table
        self.view = table
        self.sess = None
        self.entering = None    # "begin": show() begins the hand on the table
        self.decide = None      # the DecideJob under way
        self.summary = None     # the hand's SummaryScreen, made (sum_hand), not yet shown
        self.mode = PICK
        self.viewer = 0
        self.sel = 0
        self.opt = bytearray(WINDOW)
        self.cnt = bytearray(WINDOW)
        self.nopt = 0
        self.k = 0
        self.until = 0
        self.mover = 0
        self.dots = 0
        self.hinting = False
        self.flags = 0
        self.summed = False     # the hand's summary is made (device/summary.py), not yet shown

    # -- the screen -----------------------------------------------------------
    def enter(self, how):
        """What show() does next: "begin" the hand on the table, or None."""
        self.entering = how

    def show(self):
        app = self.app
        how = self.entering
        self.entering = None
        app.view(self.t)
        # the pages' text goes while the table is on show, and the last
        # menu's items (and what they name)
        app.pages.close()
        app.menu.items = ()
        if how == "begin":
            self.begin(app.sess)

    def answer(self, value):
        """The screen over the table closed: the game menu (None: resume,
        "hint", "undo"), the summary ("begin" the next hand, or "drawn":
        begun and drawn off the screen already), a link screen (None)."""
        s = self.sess
        if value == "hint":
            self.hint(self.app.now())
        elif value == "undo":
            s.undo(self.viewer)
            self.app.save()
            self.begin(s)
        elif value == "begin":
            self.begin(s)
        elif value is None and self.app.link is not None:
            # back from a menu the table is as it was left (its tiles
            # untouched while hidden), except in a link game, whose other
            # device's plays come in meanwhile
            if self.persons_turn():
                self.select(min(self.sel, max(0, s.state.hand_n[self.viewer] - 1)))
            else:
                self.redraw(hidden=s.humans > 1)

    # -- set up -------------------------------------------------------------
    def begin(self, sess):
        self.sess = sess
        self.t.set_names(sess)
        self.viewer = 0
        for s in range(sess.players):
            if sess.is_human(s):
                self.viewer = s
                break
        self.next_turn(self.app.now())

    def redraw(self, hidden=False):
        sel = self.sel if self.mode in (PICK, CHOOSE) else -1
        self.t.draw(self.sess, self.viewer, sel, hidden)

    # -- turns ----------------------------------------------------------------
    def next_turn(self, now):
        s = self.sess
        t = self.t
        t.clear_marks()
        if s.hand_over():
            # the summary (made while the last play was on show) replaces the
            # table, and the next hand's table is drawn whole (Play.answer)
            self.mode = OVER
            self.app.jobs.cancel("summary")     # made here if a key came first
            self.sum_hand()
            self.summed = False
            scr = self.summary
            self.summary = None
            self.app.push(scr)
            self.app.write_when_shown()
            return
        seat = s.to_move()
        if s.is_human(seat):
            if s.humans > 1 and seat != self.viewer:
                self.viewer = seat
                self.mode = COVER
                self.redraw(hidden=True)
                t.msg.line(0, t.names[seat])
                t.msg.put(len(t.names[seat]) + 1, 0, b"- PASS, THEN A")
                return
            self.viewer = seat
            self.mode = PICK
            n = s.state.hand_n[seat]
            if self.sel >= n:
                self.sel = n - 1
            self.select(self.sel)
            return
        self.mover = seat
        self.mode = THINK
        self.dots = 0
        self.hinting = False
        self.decide = None
        # the decision begins at the next tick (a DecideJob), once this
        # frame is on the screen
        self.redraw(hidden=s.humans > 1)
        self.say_thinking(seat)

    def say_thinking(self, seat):
        t = self.t
        col = t.msg.put(0, 0, t.names[seat])
        col = t.msg.char(col, 0, 32)
        col = t.msg.put(col, 0, W_THINK)
        for i in range(4):
            col = t.msg.char(col, 0, 46 if i < self.dots else 32)
        t.msg.clear(0, col)

    def select(self, i, whole=True):
        """Select hand card i: its plays, the first one previewed (whole:
        the table redrawn, else only its floor and hand: a cursor move)."""
        s = self.sess
        st = s.state
        self.sel = i
        card = st.hand[HAND_STRIDE * self.viewer + i]
        self.nopt = s.options(card, self.opt, self.cnt)
        self.k = 0
        self.mode = PICK
        self.show_option(whole)

    def show_option(self, whole=True):
        """Highlight the taken cards of option k and say what it does
        (whole: the table redrawn, else only the floor and the hand, which
        are all a cursor move changes besides the message line)."""
        s = self.sess
        t = self.t
        i = self.opt[self.k] if self.nopt else -1
        t.mark_taken(s, i)
        if whole:
            t.draw(s, self.viewer, self.sel)
        else:
            t.draw_floor(s)
            t.draw_hand(s, self.viewer, self.sel)
        if i < 0:
            t.say(b"")
            return
        word = s.buf[2 * i]
        f = play_flags(word)
        m = t.msg
        col = m.card(0, 0, play_card(word))
        col = m.char(col, 0, 32)
        col = m.put(col, 0, _note(f))
        if not f & (LAY | SWEEP | BASRA):
            col = m.char(col, 0, 32)
            col = m.num(col, 0, self.cnt[self.k])
        if s.total > 1:
            col = m.char(col, 0, 32)
            col = m.char(col, 0, 40)
            col = m.num(col, 0, s.wfirst + self.k + 1)
            col = m.char(col, 0, 47)
            col = m.num(col, 0, s.total)
            col = m.char(col, 0, 41)
        if self.mode == CHOOSE:
            col = m.char(col, 0, 32)
            col = m.put(col, 0, b"A:PLAY")
        m.clear(0, col)

    # -- input ------------------------------------------------------------------
    def key(self, b):
        now = self.app.now()
        m = self.mode
        if m == PICK or m == CHOOSE:
            n = self.sess.state.hand_n[self.viewer]
            if b == hal.LEFT or b == hal.RIGHT:
                d = 1 if b == hal.RIGHT else -1
                if m == CHOOSE:
                    self.cycle(d)
                else:
                    self.select((self.sel + d) % n, False)
            elif (b == hal.UP or b == hal.DOWN) and self.sess.total > 1:
                self.cycle(1 if b == hal.DOWN else -1)
            elif b == hal.A:
                if m == PICK and self.sess.total > 1 and not self.app.has_updown:
                    self.mode = CHOOSE
                    self.show_option(False)
                elif self.nopt:
                    self.human_play(self.opt[self.k], now)
            elif b == hal.B:
                if m == CHOOSE:
                    self.mode = PICK
                    self.k = 0
                    self.show_option(False)
                else:
                    self.app.open("game")
        elif m == COVER:
            if b == hal.A:
                self.mode = PICK
                self.select(0)
        elif m == SHOW or m == PAUSE:
            # any key: go on, in this press's frame
            self.until = now
            self.tick(now)
        elif m == THINK and b == hal.B:
            if self.hinting:            # B drops the hint
                self.stop_thinking(True)
                self.hinting = False
                self.select(self.sel)
            else:                       # the game menu; the AI starts over after it
                self.stop_thinking(False)
                self.app.open("game")

    def stop_thinking(self, keep):
        """The decision under way let go (keep: Session.think_stop)."""
        job = self.decide
        self.decide = None
        if job is not None:
            job.keep = keep
            self.app.jobs.cancel("decide")

    def cycle(self, d):
        """The next (d = 1) or previous option; a held button jumps to the
        first option that takes another number of cards."""
        self.k = self.sess.step(self.k, d, self.opt, self.cnt, self.app.held)
        self.show_option(False)

    def human_play(self, i, now):
        s = self.sess
        seat = s.to_move()
        word = s.buf[2 * i]
        f = play_flags(word)
        taken = self.cnt[self.k]
        self.t.clear_marks()
        s.play(i)
        self.played(seat, f)
        self.t.say_play(s, seat, word, 0 if f & (LAY | SWEEP | BASRA) else taken, _note(f))
        if f & (BASRA | SWEEP):
            self.pause(now, _PAUSE_MS)
        elif s.hand_over():
            self.pause(now, _LAST_MS)
        else:
            self.next_turn(now)

    def pause(self, now, ms):
        self.mode = PAUSE
        self.until = ticks_add(now, ms)
        self.redraw(hidden=self.sess.humans > 1)
        if self.sess.hand_over() and self.app.link is None:
            # the hand's summary made while its last play is on show (a
            # link game's hand ends once the other device has every play:
            # LinkPlay.next_turn makes the summary then)
            self.app.jobs.start(SummaryJob(self, True))

    def played(self, seat, f):
        """After a play: its sound and its write (App.played); when the
        hand's last play is to come, the hand's end code loaded."""
        self.app.played(seat, f)
        if self.sess.plays_left() == 1:
            self.app.jobs.start(SummaryJob(self, False))

    def sum_hand(self):
        # the hand scored and its summary page made (not shown): in a loop
        # turn of its own while the last play is on show, or at next_turn
        if not self.summed:
            self.summed = True
            self.summary = screens.module("summary").hand_over(self.app)

    # -- time ---------------------------------------------------------------------
    def persons_turn(self):
        """A person chooses a play (PICK or CHOOSE)."""
        return self.mode == PICK or self.mode == CHOOSE

    def busy(self):
        return self.mode in (THINK, SHOW, PAUSE)

    def tick(self, now):
        """Returns True when the screen changed."""
        m = self.mode
        s = self.sess
        if m == THINK:
            if self.decide is None:     # after the frame of next_turn or a hint, or paused
                self.decide = self.app.jobs.start(DecideJob(self))
            return False
        if m == SHOW or m == PAUSE:
            if not ticks_less(now, self.until):
                if m == SHOW:
                    s.play(self.pick_i)
                    self.played(self.mover, self.flags)
                    if s.hand_over():
                        # the hand's last play: its table a moment (PAUSE)
                        self.t.clear_marks()
                        self.pause(now, _LAST_MS)
                        return True
                self.next_turn(now)
                return True
        return False

    def progress(self, now):
        # the dots: the work spent (a bar that fills: the anytime levels, a
        # dot each 13/64 of their work), else they go round with the time
        a = self.sess.deciding.search
        dots = 64 * a.spent // a.work // 13 if a.work else (ticks_diff(now, self.sess.think_start) // 300) % 5
        if dots != self.dots:
            self.dots = dots
            self.say_thinking(self.viewer if self.hinting else self.mover)
            self.app.dirty = True

    def decided(self, now):
        self.decide = None
        if self.hinting:
            self.hint_done()
        else:
            self.show_ai(now)
        self.app.dirty = True

    def show_ai(self, now):
        s = self.sess
        i = s.pick
        self.pick_i = i
        word = s.buf[2 * i]
        f = play_flags(word)
        self.flags = f
        n = self.t.mark_taken(s, i)
        self.t.draw_floor(s)
        self.t.say_play(s, self.mover, word, 0 if f & (LAY | SWEEP | BASRA) else n, _note(f))
        self.mode = SHOW
        self.until = ticks_add(now, SHOW_MS + SHOW_PER_CARD * n)

    # -- hint -----------------------------------------------------------------------
    def hint(self, now):
        # the press's frame (THINKING) goes out first; tick loads the AI
        # and begins the search in turns of their own, as for an AI's play
        self.hinting = True
        self.mode = THINK
        self.dots = 0
        self.decide = None
        self.say_thinking(self.viewer)

    def hint_done(self):
        s = self.sess
        self.hinting = False
        i = s.pick
        word = s.buf[2 * i]
        st = s.state
        base = HAND_STRIDE * self.viewer
        for j in range(st.hand_n[self.viewer]):
            if st.hand[base + j] == play_card(word):
                self.select(j)
                break
        self.k = s.locate(word, s.buf[2 * i + 1], self.opt, self.cnt)
        self.show_option()
        m = self.t.msg
        col = m.put(0, 0, b"HINT ")
        col = m.card(col, 0, play_card(word))
        col = m.char(col, 0, 32)
        col = m.put(col, 0, s.hint_reason)
        m.clear(0, col)
