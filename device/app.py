"""Pocket Basra on the device: menus, the table, the end of a hand, settings,
stats, rules and save/resume, over hal/ and core/ only.

``main(h)`` is what device/code.py runs. The displayio scene (three screens:
the pages and the menu, each made when first opened and kept outside a link
game's table; the table, made for the first game) shows one at a time; the loop reads buttons, lets the screen
tick (AI search steps), refreshes the OLED only when something changed, and
puts the panel to sleep after the idle time (the waking press does nothing).
An error the app did not expect shows a message and restarts it on A
(``main``, device/recover.py).
"""
import gc

import displayio

import hal
from core.compat import const
from device import gfx as G
from device.savedata import EARLY_ERASE, Saved
from hal.mem import drop, let_go

last = None     # the running App (tests look at it)

# the loop's idle (ms) between its turns; a press ends it (hal/base.py Hal.idle)
_IDLE = const(20)       # nothing moving: the menus, a person's turn
_IDLE_BUSY = const(2)   # a play on show, a pause after a BASRA (their timers)
_PLAYED = const(1)      # App.unsaved: record the game in progress, then write it
_RECORDED = const(2)    # App.unsaved: write App.saved as it is (a hand's end)


class App:
    def __init__(self, h):
        global last
        last = self
        self.h = h
        self.has_updown = h.buttons.has(hal.UP)
        g = G.Gfx()
        self.gfx = g
        self.menu = None      # device/menu.py's Menu, made when a menu first opens (App.open_menu)
        self.pages = None     # device/pages.py's Pages, made when pages first open (App.open_pages), not in a link game's table
        self.table = None   # device/table.py's Table and device/play.py's Play: made
        self.play = None    # for the first game (App.game_on), not for the main menu
        self.root = displayio.Group()   # the screen shown (show), only it
        h.display.root.append(self.root)
        self.screen = None
        self.kept = None    # what the save's store remembers between calls (store_call)
        self.writing = 0      # a game write under way (App.run): 1 the store loaded, 2 its writing side, 3 its record encoded, 4 framed
        self.saved, self.settings, self.stats, note = self.store_call("load")
        self.apply_settings()
        self.sess = None
        self.link = None    # a link game's LinkGlue (device/linkgame.py)
        self.dirty = True
        self.games_over = 0
        self.hands_over = 0
        self.back_to = None
        self.held = False   # the press being handled is a held button's repeat
        self.pending_table = 0  # to_table() asked: 1 show it, 2 begin a hand there, 3 hint there,
                                # 4 show the hand begun and drawn off the screen
        self.ahead = 0      # the next while a summary shows: 1 looked at, 2 hand dealt, 3 game over menu made (device/summary.py)
        self.seed = h.seed & 0x3FFFFFFF
        self.unsaved = 0      # a write waiting for the frame: _PLAYED or _RECORDED
        self.later = False  # settings changed in a press, written after its frame (App.run)
        self.rare("menus", "main_menu", note)

    # -- plumbing ---------------------------------------------------------------
    def now(self):
        return self.h.clock.ticks_ms()

    def show(self, scr):
        if scr is not self.screen:
            # only the screen shown is in the scene graph, so displayio never
            # looks at the others, and the switch goes out as one full frame
            # (1 KB) rather than the old screen's areas and then the new one's
            root = self.root
            if len(root):
                root.pop()
            root.append(scr.group)
            self.h.display.redraw()
        self.screen = scr
        self.dirty = True

    def apply_settings(self):
        st = self.settings
        d = self.h.display
        d.contrast = st.contrast
        if st.rotation in (0, 180) and d.rotation != st.rotation:
            d.rotation = st.rotation

    def rare(self, module, name, *args):
        """Call device.<module>.<name>(self, *args) with that module loaded for
        the call only: device/menus.py, device/begin.py (outside a game),
        device/rulestext.py, device/summary.py (a hand's end),
        device/linkmenu.py (a link game's screens); a hand never needs them,
        so they stay out of the heap while one is played. device/gamemenu.py
        (B at the table) stays loaded outside a link game, and the menus'
        code (device/menus.py, device/begin.py) while no game is on
        (device/menu.py Menu.spare_turn holds it). They reach each other
        through here."""
        if module == "linkmenu":
            let_go()        # the menus' code held: a link's screens and lobby need the heap
        # imported by name, not __import__("device." + module): basra-flash
        # finds what goes on the board by reading the imports
        if module == "menus":
            from device import menus as mod
        elif module == "gamemenu":
            from device import gamemenu as mod
        elif module == "begin":
            from device import begin as mod
        elif module == "linkmenu":
            from device import linkmenu as mod
        elif module == "summary":
            from device import summary as mod
        else:
            from device import rulestext as mod
        fn = getattr(mod, name)
        mod = None
        try:
            return fn(self, *args)
        finally:
            fn = None
            if module != "gamemenu" or self.link is not None:
                # the game menu's code stays outside a link game, as the
                # menu itself does (App._enter_table)
                drop("device." + module)
            drop("core.presets")            # a game made in the call (new, linked): the rule sets go
            if self.link is None:
                drop("device.linkgame")     # no link game (any more): its code goes too
                drop("device.linklobby")
                drop("device.link")

    def save_settings_later(self):
        """Write the settings once the frame of the press is out (App.run),
        as a game's write (App.save with later): the rarely used module
        asking for it is dropped by then, so the save's writing side has the
        heap to itself, and the frame does not wait for the store."""
        self.later = True

    def _write_later(self):
        self.later = False
        self.store_call("save_settings", self.settings)

    def store_call(self, name, *args):
        """SaveStore.<name>(*args) (device/store.py: load, save_game,
        save_settings) with the module loaded for the call only;
        what the store remembers between calls stays here (App.kept)."""
        from device.store import reopen
        st = reopen(self.h.storage, self.kept)
        reopen = None
        try:
            return getattr(st, name)(*args)
        finally:
            self.kept = st.kept()
            st = None
            if not self.writing:
                drop("device.store")

    def game_on(self):
        """The table and its controller, made the first time a game needs
        them (App._enter_table, a link game's glue): device/table.py,
        device/play.py and, through device/session.py, the game's core are
        not imported before the main menu is on the panel (start-up on a
        board); the press that begins the first game loads them."""
        if self.table is None:
            from device.table import Table
            self.table = Table(self.gfx)
        if self.play is None:
            from device.play import Play
            self.play = Play(self, self.table)

    def end_game(self):
        """Let go of the game that was played (9 KB), before another is made."""
        if self.link is not None:
            self.link.left()
        self.sess = None
        if self.play is not None:
            self.play.sess = None
        self.unsaved = 0

    def beep(self, hz, ms):
        if self.settings.sound:
            self.h.sound.tone(hz, ms)

    def open_menu(self, kind, title, items, cur=0):
        """Open a menu and show it (device/menu.py: loaded and made when a
        menu first opens, kept outside a link game's table)."""
        if self.menu is None:
            from device.menu import Menu
            self.menu = Menu(self.gfx, self.has_updown)
        if self.screen is self.menu:
            # another menu over the one shown touches the whole screen: one
            # area of it (1 KB), not the text's, then the margin's old and
            # new places on their own
            self.h.display.redraw()
        self.menu.open(kind, title, items, cur)
        self.show(self.menu)

    def open_pages(self, kind, lines):
        """Open pages of lines (device/pages.py: loaded and made when pages
        first open, let go at a link game's table)."""
        if self.pages is None:
            from device.pages import Pages
            self.pages = Pages(self.gfx)
        self.pages.open(kind, lines)

    # -- games -------------------------------------------------------------------
    def to_table(self, begin=False, hint=False, drawn=False):
        """Show the table (begin: a hand just dealt or resumed; hint: the
        hint's search begins there; drawn: a hand begun and its table drawn
        off the screen, while its summary or the new-game menu was read)
        once the press being handled returns: the menus, begin and the
        table's first drawing would otherwise stack their calls on one
        another, and a board's Python stack is 2 KB; the hint loads the AI
        once the menus are dropped."""
        self.pending_table = 2 if begin or self.pending_table == 2 else 3 if hint else 4 if drawn else 1
        self.dirty = True

    def _enter_table(self):
        begin = self.pending_table == 2
        hint = self.pending_table == 3
        shown = self.pending_table == 4
        self.pending_table = 0
        self.game_on()
        self.show(self.table)
        # the pages' text goes while the table is on show; in a link game the
        # menu (its code, its text and the big font) goes too, before its AI
        # seat needs the heap. Otherwise they stay: B at the table (the game
        # menu) is then a whole frame and little Python, where loading and
        # making them again made it 100-115 ms on a board
        if self.pages is not None:
            self.pages.close()
        if self.link is not None:
            self._drop_menus()
        elif self.menu is not None:
            self.menu.items = ()    # the last menu's items (and what they name) go
        if hint:
            self.play.hint(self.now())
        if begin:
            self.play.begin(self.sess)
        elif not shown and self.link is not None:
            # back from a menu the table is as it was left (its tiles untouched
            # while hidden), except in a link game, whose other device's plays
            # come in meanwhile (shown: drawn while its summary was read)
            p = self.play
            if p.persons_turn():
                p.select(min(p.sel, max(0, self.sess.state.hand_n[p.viewer] - 1)))
            else:
                p.redraw(hidden=self.sess.humans > 1)

    def _drop_menus(self):
        # a link game's table: the menu, its code and the big font go (its
        # AI seat needs the heap), and the pages and theirs; opening a menu
        # or pages makes them again
        self.menu = None
        self.pages = None
        drop("device.pages")
        drop("device.menu")
        drop("device.gamemenu")
        self.gfx.drop_big()

    def record(self):
        """The game in progress as a device/savedata.py Saved."""
        s = self.sess
        g = s.game
        return Saved(s.variant, s.players, s.levels, s.target, s.seed, g.hand_no, g.dealer,
                     list(g.scores), g.carry, s.log[0:s.nlog])

    def save(self, later=False):
        """Record the game in progress and write it (later: once the frame
        being made is on the screen, App.run; App.rare has returned by then,
        so the save's writing side has the heap to itself)."""
        if self.sess is None:
            return
        self.saved = self.record()
        if later:
            self.unsaved = _RECORDED
            return
        self._write_game()

    def write_when_shown(self):
        """Write App.saved as it is (a hand's end) once the frame being made
        is on the screen (App.run)."""
        self.unsaved = _RECORDED

    def _save_shown(self):
        # the write that waited for its frame (App.run), in five loop turns
        # of their own after the frame's: the store loaded (and kept till
        # the write is out, store_call), its writing side loaded, the record
        # encoded, framed (the format loaded), written to the nvm (a flash
        # page, or the sector's 51 ms). A press landing in the write waits
        # for one of them (40 ms at most on a board), not for the whole
        # (120-190 ms)
        kind = self.unsaved
        self.unsaved = 0
        if kind == _PLAYED:
            if self.sess is None or self.play.summed:
                # no game, or the hand's summary made first (App.run): its
                # record, the next hand's start, is written once it shows
                return
            self.saved = self.record()
        self.writing = 1
        from device import store    # noqa: F401  (loaded in this turn, a collection)

    def _write_held(self):
        # the write's next stage (_save_shown), moved on once this one is
        # done: an error in it leaves the stage to main, which writes what
        # is left
        w = self.writing
        if w == 1:
            # its import alone (a collection): save_game finds it loaded,
            # and drops it once the record is encoded
            from device import savewrite    # noqa: F401
            self.writing = 2
        elif w == 2:
            if self._write_game(hold=True):
                self.writing = 3
            else:
                self.writing = 0
                drop("device.store")
        elif w == 3:
            calm = self.screen is self.table and not self.play.persons_turn()
            self.store_call("frame_held", EARLY_ERASE if calm else 0)
            self.writing = 4
        else:
            self.writing = 0        # the store goes after this call (store_call)
            self.store_call("flush")

    def _write_game(self, hold=False):
        # True: encoded, held for the next flush (hold). Settings waiting
        # for their write (a new game's choices) go in the same record: one
        # write, not a second one in the person's first turn
        try:
            self.store_call("save_game", self.saved, self.stats, hold, self.settings if self.later else None)
            self.later = False
            return hold
        except ValueError as e:
            # a hand of many plays on huge floors can outgrow the 128-byte
            # slot (places past 254 take 4 bytes): the last record that fit
            # stays, and the game goes on
            print("save skipped:", e)

    def played(self, seat, flags):
        """After every play: a sound, and the save once the play is on the
        screen (App.run: refresh first, then the nvm write, tens of ms on a
        board, while the next player thinks or the person reads the table)."""
        from core.state import BASRA
        if flags & BASRA:
            self.beep(1320, 120)
        else:
            self.beep(880, 25)
        self.unsaved = _PLAYED

    # -- the loop -------------------------------------------------------------------
    def key(self, b):
        scr = self.screen
        self.dirty = True
        nxt = None
        if scr is self.menu:
            r = self.menu.key(b)
            if r is not None:
                mod = "gamemenu" if self.menu.kind == "game" else "menus"
                nxt = self.rare(mod, "on_menu", r[0], r[1])
        elif scr is self.pages:
            if self.pages.key(b) == "close":
                if self.ahead == 2:
                    # the hand was dealt and drawn while its summary showed:
                    # the press only switches the screen (and saves after it)
                    self.save(later=True)
                    self.to_table(drawn=True)
                elif self.ahead == 3:
                    # the game over menu was made while the summary showed
                    self.end_game()
                    self.show(self.menu)
                else:
                    nxt = self.rare("menus", "on_pages")
                self.ahead = 0
        else:
            self.play.key(b, self.now())
        # begin, rulestext, summary or linkmenu, once menus is gone; linkmenu
        # may name begin or menus in turn
        while isinstance(nxt, tuple):
            nxt = self.rare(*nxt)

    def busy(self):
        return self.screen is self.table and self.play.busy()

    def run(self):
        h = self.h
        d = h.display
        ev = hal.ButtonEvent()
        clock = h.clock
        last_input = clock.ticks_ms()
        swallow = -1
        while True:
            while h.buttons.get_into(ev):
                last_input = ev.time
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
                if self.pending_table:
                    self._enter_table()
            framed = self.dirty
            if framed:
                # the press's frame goes out before anything else runs: an
                # AI's decision begins (Play.tick) after it, never before
                self.dirty = False
                d.refresh()
            # a play is on the screen before it is saved, and saved before
            # the next player thinks (an error there resumes after it); the
            # work after a frame waits for the next turn, and a press
            # waiting goes first, so the next press is not held behind it
            worked = False
            if framed or h.buttons.pending():
                pass
            elif self.screen is self.table and self.play.summary_due():
                pass            # the hand's summary first (Play.tick, below): a key skips to it
            elif self.unsaved or self.writing:
                worked = True
                if self.unsaved:
                    self._save_shown()
                else:
                    self._write_held()
            elif self.later:
                self._write_later()
            elif self.screen is self.menu:
                self.menu.spare_turn(self)
            elif self.screen is self.pages and self.pages.kind == "summary" and not self.ahead:
                self.rare("summary", "next_hand_ahead")
            now = clock.ticks_ms()
            if self.link is not None and self.link.poll(now):
                self.dirty = True
                if self.pending_table:
                    self._enter_table()
            # a turn with a write's stage does nothing else; an AI thinks
            # once the write is out
            saving = self.unsaved or self.writing
            if (self.screen is self.table and not worked and not (saving and self.play.thinking())
                    and self.play.tick(now)):
                self.dirty = True
            if self.dirty:
                self.dirty = False
                d.refresh()
            sleep_s = self.settings.sleep_s
            if (sleep_s and d.awake and not self.busy()
                    and clock.diff(now, last_input) > sleep_s * 1000):
                d.sleep()
            # the idle ends at once when a button is pressed (hal/base.py
            # Hal.idle): none while an AI thinks (its steps come one after
            # another, buttons read between), a short one while a play is
            # on show (its timer), else 20 ms (the panel's sleep timer, a
            # link's port, the sound's end)
            if saving or (self.screen is self.table and self.play.thinking()):
                h.idle(0)
            else:
                h.idle(_IDLE_BUSY if self.busy() else _IDLE)

def main(h):
    """What code.py runs. An error the app did not expect goes to serial
    and to a message on the OLED (device/recover.py); A restarts the app
    into its main menu, where Continue resumes the game saved after the
    last play."""
    global last
    while True:
        err = _run(h)
        if err is None:
            return
        if getattr(last, "unsaved", False) or getattr(last, "writing", False):
            # a play made before the error, not yet written (App.run writes
            # after the refresh): write it now, Continue resumes after it
            try:
                w = last.writing
                last.writing = 0
                if last.unsaved:
                    last.unsaved = False
                    last.save()
                elif w <= 2:                # recorded, not yet encoded (or its encoding failed)
                    last._write_game()
                else:                       # encoded: framed or not, written now
                    last.store_call("flush")
            except Exception:
                pass
        gfx = getattr(last, "gfx", None)
        last = None           # the failed app goes; its sheets serve the message
        gc.collect()
        from device import recover
        recover.recover(h, err, gfx)
        gfx = None


def _run(h):
    """Run the app; None when it returned, else the class name of the error
    that ended it (its traceback on serial)."""
    try:
        App(h).run()
        return None
    except Exception as e:
        name = type(e).__name__
        try:
            from device import recover
            recover.report(e)
        except Exception:     # no heap left to load it: the name at least
            print("Pocket Basra: something went wrong (%s)" % name)
        return name
