"""Pocket Basra on the device: the app's loop, its screens and its jobs,
over hal/ and core/ only.

``main(h)`` is what device/code.py runs. The open screens are a stack
(device/screens.py): the top one gets the presses and is on the panel,
drawn on one of three views made once (the menu, the pages, the table;
only the one shown is in the scene graph). Long work is a job
(device/jobs.py) that the loop steps between frames. Each turn of the
loop, in this order: the presses (each to the top screen), the press's
frame, one step of the front job, the link, the top screen's timers, the
frame; then the panel's sleep timer and the idle (none while a job waits).
An error the app did not expect shows a message and restarts it on A
(``main``, device/recover.py).
"""
import gc

import displayio

import hal
from core.compat import const
from device import gfx as G
from device import screens
from device.jobs import RUNNING, Job, Jobs
from device.menu import Menu
from device.pages import Pages
from device.save import Saved
from device.saving import SaveJob, SaveStore, SettingsJob

last = None     # the running App (tests look at it)
_NONE = ()      # no answer waiting (a screen's answer may be None)

# the loop's idle (ms) between its turns; a press ends it (hal/base.py Hal.idle)
_IDLE = const(20)       # nothing moving: the menus, a person's turn
_IDLE_BUSY = const(2)   # a play on show, a pause after a BASRA (their timers)

# the game's code, loaded ahead a module a step while the main menu waits
# (WarmJob), leaves first, and kept: "New game", "Start" and "Continue"
# then find it in memory (loading it in their press made their frames
# 100-200 ms late on a board)
# (a level's own part, core/ai/onestep.py or core/ai/fixed.py, comes with
# the game of that level: core/ai/player.py Player)
_GAME = ("core.rules", "core.scoring", "core.state", "core.prng", "core.game",
         "core.sums", "core.plays", "core.ai.observe", "core.ai.evaluate", "core.ai.world",
         "core.ai.roots", "core.ai.search", "core.ai.player", "core.ai.reason", "device.session",
         "device.table", "device.play", "device.gamemenu")


class WarmJob(Job):
    """The game's code loaded a module a step (_GAME), then the table and
    its controller made (App.game_on)."""
    group = "warm"
    rank = 6

    def __init__(self, app):
        Job.__init__(self)
        self.app = app
        self.k = 0

    def step(self, now):
        if self.k < len(_GAME):
            __import__(_GAME[self.k])
            self.k += 1
            return False
        self.app.game_on()
        return True


class App:
    def __init__(self, h):
        global last
        last = self
        self.h = h
        self.has_updown = h.buttons.has(hal.UP)
        self.gfx = G.Gfx()
        self.root = displayio.Group()   # the view shown, only it
        h.display.root.append(self.root)
        self.screen = None      # the view on the panel: self.menu, self.pages or self.table
        self.stack = []         # the open screens (device/screens.py), the top one shown
        self.jobs = Jobs()
        self.store = SaveStore(h.storage)
        self.saved, self.settings, self.stats, note = self.store.load()
        self.apply_settings()
        self.menu = Menu(self.gfx, self.has_updown)
        self.pages = Pages(self.gfx)
        self.table = None       # device/table.py's Table and device/play.py's Play:
        self.play = None        # made for the first game (game_on)
        self.sess = None        # the game in progress (device/session.py)
        self.link = None        # a link game's LinkGlue (device/linkgame.py)
        self.dirty = True
        self.restack = False    # the stack changed: its top is shown after the press
        self.answer = _NONE     # what a closed screen answers the one below (pop)
        self.games_over = 0
        self.hands_over = 0
        self.held = False       # the press being handled is a held button's repeat
        self.last_input = h.clock.ticks_ms()    # the last press (the panel's sleep timer)
        self.seed = h.seed & 0x3FFFFFFF
        self.home(note)
        self.jobs.start(WarmJob(self))

    # -- the screens ------------------------------------------------------------
    def top(self):
        return self.stack[-1]

    def push(self, scr):
        """Open scr over the screen on top (which gets its answer back)."""
        self.answer = _NONE
        self.stack.append(scr)
        self.restack = True
        screens.release(self)   # what the screens below had loaded ahead and no longer need
        return scr

    def pop(self, value=None):
        """Close the top screen; the one below comes back and gets value."""
        scr = self.stack.pop()
        scr.closed()
        self.restack = True
        self.answer = value     # handed over once the press has returned (_settle)
        screens.release(self)

    def switch(self, scr):
        """Put scr in the top screen's place."""
        if self.stack:
            self.stack.pop().closed()
        self.stack.append(scr)
        self.restack = True
        screens.release(self)
        return scr

    def open(self, name, *args):
        """Push the screen registered as name (device/screens.py)."""
        return self.push(screens.make(self, name, *args))

    def replace(self, name, *args):
        """Switch to the screen registered as name."""
        return self.switch(screens.make(self, name, *args))

    def home(self, note=None):
        """Every screen closed, the main menu open (note: a line under it)."""
        self.end_game()
        self.only(screens.make(self, "main", note))

    def only(self, scr):
        """Close every open screen, the top first, and open scr: the one
        screen (what the others held goes)."""
        while self.stack:
            self.stack.pop().closed()
        return self.push(scr)

    def view(self, v):
        """Put view v (a menu, pages or the table: made once) on the panel."""
        if v is not self.screen:
            # only the view shown is in the scene graph, so displayio never
            # looks at the others, and the switch goes out as one full frame
            # (1 KB) rather than the old view's areas and then the new one's
            root = self.root
            if len(root):
                root.pop()
            root.append(v.group)
            self.h.display.redraw()
        self.screen = v
        self.dirty = True

    def _settle(self):
        # the top screen drawn once the press (or the job) that changed the
        # stack has returned: the menus, a game's start and the table's
        # first drawing would otherwise stack their calls on one another,
        # and a board's Python stack is 2 KB
        while self.restack:
            self.restack = False
            top = self.top()
            value = self.answer
            if value is not _NONE:
                self.answer = _NONE
                top.answer(value)
                if self.restack:    # the answer opened another screen
                    continue
            top.show()
            self.dirty = True

    def open_menu(self, kind, title, items, cur=0):
        """Show items on the menu view (device/menu.py)."""
        if self.screen is self.menu:
            # another menu over the one shown touches the whole screen: one
            # area of it (1 KB), not the text's, then the margin's old and
            # new places on their own
            self.h.display.redraw()
        self.menu.open(kind, title, items, cur)
        self.view(self.menu)

    # -- settings ---------------------------------------------------------------
    def now(self):
        return self.h.clock.ticks_ms()

    def apply_settings(self):
        st = self.settings
        d = self.h.display
        d.contrast = st.contrast
        if st.rotation in (0, 180) and d.rotation != st.rotation:
            d.rotation = st.rotation

    def save_settings_later(self):
        """Write the settings once the frame of the press is out (a job of
        its own, or with the game's next write)."""
        self.jobs.start(SettingsJob(self))

    def beep(self, hz, ms):
        if self.settings.sound:
            self.h.sound.tone(hz, ms)

    # -- games ------------------------------------------------------------------
    def game_on(self):
        """The table and its controller, made the first time a game needs
        them (WarmJob, or the first game's start)."""
        if self.table is None:
            from device.table import Table
            self.table = Table(self.gfx)
        if self.play is None:
            from device.play import Play
            self.play = Play(self, self.table)

    def start_game(self, sess, drawn=False):
        """Play sess: the table the only screen (drawn: its hand was begun
        and drawn off the screen already, device/play.py Play.begin)."""
        self.game_on()
        self.sess = self.play.sess = sess
        self.play.enter(None if drawn else "begin")
        self.only(self.play)

    def end_game(self):
        """Let go of the game that was played (9 KB), before another is made."""
        s = self.sess
        if self.link is not None:
            self.link.left()
            if s is not None:
                # the link answers a while from the game's log (device/linkgame.py
                # LinkGlue.poll): its AI, the game's largest buffers, goes now
                s.ai = s.hint_ai = s.deciding = None
        self.jobs.cancel("decide")
        self.jobs.cancel("ahead")
        if self.play is not None:
            self.play.sess = None
        self.sess = None

    def record(self):
        """The game in progress as a device/save.py Saved."""
        s = self.sess
        g = s.game
        return Saved(s.variant, s.players, s.levels, s.target, s.seed, g.hand_no, g.dealer,
                     list(g.scores), g.carry, s.log[0:s.nlog])

    def save(self):
        """Record the game in progress, to be written once the frame being
        made is on the screen (a SaveJob)."""
        if self.sess is None:
            return
        self.saved = self.record()
        self.write_when_shown()

    def write_when_shown(self):
        """Write App.saved as it is (a hand's end) once the frame being made
        is on the screen."""
        self.jobs.start(SaveJob(self, False))

    def write_game(self, hold=False):
        """App.saved written (hold: encoded, for the SaveJob's next stages),
        with the settings when their write waits (a new game's choices: one
        write, not a second one in the person's first turn). False when it
        does not fit: a hand of many plays on huge floors can outgrow the
        128-byte slot (places past 254 take 4 bytes); the last record that
        fit stays, and the game goes on."""
        waiting = self.jobs.find("settings")
        try:
            self.store.save_game(self.saved, self.stats, hold, self.settings if waiting else None)
        except ValueError as e:
            print("save skipped:", e)
            return False
        if waiting is not None:
            self.jobs.cancel("settings")
        return True

    def forget_game(self):
        """The saved game goes (it cannot be resumed, or the link game
        stopped): the store written now."""
        self.saved = None
        self.store.save_game(None)

    def played(self, seat, flags):
        """After every play: a sound, and the save once the play is on the
        screen (SaveJob: after the refresh, while the next player thinks
        or the person reads the table)."""
        from core.state import BASRA
        if flags & BASRA:
            self.beep(1320, 120)
        else:
            self.beep(880, 25)
        self.jobs.start(SaveJob(self, True))

    # -- the loop -----------------------------------------------------------------
    def key(self, b):
        """A press, for the top screen; the screen on top then shown."""
        self.dirty = True
        self.top().key(b)
        self._settle()

    def busy(self):
        return self.screen is self.table and self.play.busy()

    def run(self):
        h = self.h
        d = h.display
        ev = hal.ButtonEvent()
        clock = h.clock
        jobs = self.jobs
        self._settle()
        last_input = self.last_input
        swallow = -1
        while True:
            while h.buttons.get_into(ev):
                last_input = self.last_input = ev.time
                if not ev.pressed:
                    if ev.button == swallow:
                        swallow = -1
                    continue
                if not d.awake:
                    d.wake()
                    swallow = ev.button
                    continue
                if ev.button == swallow:
                    continue
                self.held = ev.repeat
                self.key(ev.button)
            framed = self.dirty
            if framed:
                # the press's frame goes out before anything else runs: an
                # AI's decision begins after it, never before
                self.dirty = False
                d.refresh()
            # one step of the front job, once the frame is out and no press
            # waits (the next press is not held behind it). Stepped here, not
            # through a method of Jobs: an AI's search is the deepest call
            # chain, and a board's Python stack is 2 KB
            worked = not framed and not h.buttons.pending() and len(jobs.queue) > 0
            if worked:
                job = jobs.queue[0]
                job.state = RUNNING
                if job.step(clock.ticks_ms()):
                    jobs.done(job)
            self._settle()
            now = clock.ticks_ms()
            if self.link is not None and self.link.poll(now):
                self.dirty = True
                self._settle()
            if not worked and self.top().tick(now):
                self.dirty = True
                self._settle()
            if self.dirty:
                self.dirty = False
                d.refresh()
            sleep_s = self.settings.sleep_s
            if (sleep_s and d.awake and not self.busy()
                    and clock.diff(now, last_input) > sleep_s * 1000):
                d.sleep()
            # the idle ends at once when a button is pressed (hal/base.py
            # Hal.idle): none while a job waits (its steps come one after
            # another, buttons read between), a short one while a play is
            # on show (its timer), else 20 ms (the panel's sleep timer, a
            # link's port, the sound's end)
            if len(jobs):
                h.idle(0)
            else:
                h.idle(_IDLE_BUSY if self.busy() else _IDLE)


def main(h, app=None):
    """What code.py runs. An error the app did not expect goes to serial
    and to a message on the OLED (device/recover.py); A restarts the app
    into its main menu, where Continue resumes the game saved after the
    last play. app: an App whose loop was left from its idle, run on (the
    page re-enters it so: web/py/slices.py)."""
    global last
    while True:
        err = _run(h, app)
        app = None
        if err is None:
            return
        # a play made before the error, not yet written (the write comes
        # after the refresh): write it now, Continue resumes after it
        for job in getattr(last, "jobs", Jobs()).queue:
            try:
                if isinstance(job, (SaveJob, SettingsJob)):
                    job.finish()
            except Exception:
                pass
        gfx = getattr(last, "gfx", None)
        last = None           # the failed app goes; its sheets serve the message
        gc.collect()
        from device import recover
        recover.recover(h, err, gfx)
        gfx = None


def _run(h, app=None):
    """Run the app (a new one, or app); None when it returned, else the
    class name of the error that ended it (its traceback on serial)."""
    try:
        (App(h) if app is None else app).run()
        return None
    except Exception as e:
        name = type(e).__name__
        try:
            from device import recover
            recover.report(e)
        except Exception:     # no heap left to load it: the name at least
            print("Pocket Basra: something went wrong (%s)" % name)
        return name
