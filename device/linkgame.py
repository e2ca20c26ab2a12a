"""A link game on this device: the session, the table's controller and the
glue between them and the protocol (device/link.py). Loaded while a link
game is set up or played; a game on one device never imports it.

Seats: the host's person is seat 0. Each seat is played on one device: a
seat of the other device has the level "link" here (the save keeps it so),
and its plays come over the link. AI seats are played by the device that
owns them (their search depends on time, so both devices could not run
it and agree): in a 4-player game each device runs one AI.

The screens a person sees while the link is set up, lost or refused are in
device/linkmenu.py, loaded while one is open. This code and device/link.py
are loaded while the app has a link (device/screens.py LINK).
"""
import hal
from core.compat import const
from core.plays import nth
from device import link as L
from device.play import Play
from device.session import WINDOW, Session
from device import screens
from hal.clock import ticks_diff

REMOTE = const(7)       # a seat of the other device is to play: its play is awaited
LINKWAIT = const(8)     # the hand is over here: the other device must have every play

_LINGER_MS = const(10000)  # the link keeps answering this long after the game ends here


class LinkSession(Session):
    """A Session whose "link" seats are played on the other device, with
    what the protocol asks of a game (device/link.py)."""

    def __init__(self, rules, levels, seed):
        Session.__init__(self, rules, levels, seed)
        self.role = 0 if self.levels[0] == "human" else 1
        self.hand = -1          # the hand dealt
        self.pos_hand = 0
        self.pos_count = 0

    def start_hand(self):
        Session.start_hand(self)
        self.hand = self.game.hand_no

    def can_undo(self, seat):
        return False            # the other device has the play already

    def remote(self, seat):
        return self.levels[seat] == "link"

    def remote_person(self):
        """The seat of the other device's person."""
        if self.role == 1:
            return 0
        if self.players == 2 or self.levels[1] == "link":
            return 1
        return 2

    # -- what device/link.py asks ------------------------------------------------
    def position(self):
        """pos_hand, pos_count: the hand and the plays of it made here; a
        hand scored here counts as the next one with no plays."""
        g = self.game
        if self.hand != g.hand_no:
            self.pos_hand = g.hand_no
            self.pos_count = 0
        else:
            self.pos_hand = self.hand
            self.pos_count = self.nlog

    def place(self, k):
        return self.log[k]

    def digest(self, count):
        """CRC-16 of the game up to play count of the hand: seed, hand,
        dealer, scores, carry, then each play's place."""
        g = self.game
        c = 0xFFFF
        s = self.seed
        c = L.crc_byte(c, s & 0xFF)
        c = L.crc_byte(c, (s >> 8) & 0xFF)
        c = L.crc_byte(c, (s >> 16) & 0xFF)
        c = L.crc_byte(c, g.hand_no & 0xFF)
        c = L.crc_byte(c, g.dealer)
        for i in range(self.nsides):
            v = g.scores[i] & 0xFFFF
            c = L.crc_byte(c, v & 0xFF)
            c = L.crc_byte(c, v >> 8)
        c = L.crc_byte(c, g.carry & 0xFF)
        for k in range(count):
            p = self.log[k]
            c = L.crc_byte(c, p & 0xFF)
            c = L.crc_byte(c, (p >> 8) & 0xFF)
        return c


class LinkPlay(Play):
    """The table's controller in a link game: a seat of the other device
    waits for its play (REMOTE), shown as an AI's is, then applied; the
    end of a hand waits until the other device has every play (LINKWAIT)."""

    def __init__(self, app, table, glue):
        Play.__init__(self, app, table)
        self.glue = glue
        self.shown = -1         # what the message line says while waiting

    def begin(self, sess):
        self.sess = sess
        t = self.t
        t.set_names(sess)
        for s in range(sess.players):
            if sess.is_human(s):
                self.viewer = s
        if sess.remote(sess.remote_person()):
            t.names[sess.remote_person()] = "P2" if sess.role == 0 else "P1"
            if sess.players == 2:
                t.side_names[sess.remote_person()] = t.names[sess.remote_person()]
        self.next_turn(self.app.now())

    def redraw(self, hidden=False):
        self.shown = -1
        Play.redraw(self, hidden)

    def next_turn(self, now):
        s = self.sess
        lk = self.glue.link
        if s.hand_over():
            if self.glue.linked() and not lk.peer_has_all():
                self.mode = LINKWAIT
                self.redraw()
                self.say_wait()
                return
        elif (s.remote(s.to_move()) or self._behind(now)) and self.glue.linked():
            # the other device's seat, or this device's while the other may
            # have its play already (made here before a power cut: a play
            # made again could differ): its play is awaited, and taken
            self.t.clear_marks()
            self.mover = s.to_move()
            self.mode = REMOTE
            self.redraw()
            self.say_wait()
            return
        Play.next_turn(self, now)

    def _behind(self, now):
        # the other device has not said where it is since this game began
        # here, or has plays of this hand (or a later hand) this one lacks.
        # Its place is trusted once a STATUS has come SETTLE_MS after the
        # game began here: after a power cut, frames it sent before it heard
        # this device again (its place then, behind what it has since had
        # from here) can still arrive, and a play of this device's made
        # again could differ from the one it has
        s = self.sess
        lk = self.glue.link
        return lk.peer_hand < 0 or ticks_diff(lk.peer_at, lk.began) < L.SETTLE_MS or lk.peer_hand > s.hand or (
            lk.peer_hand == s.hand and lk.peer_count > s.nlog)

    def say_wait(self):
        t = self.t
        up = self.glue.link.up
        self.shown = 1 if up else 0
        if not up:
            t.say(b"LINK LOST - WAITING  B:MENU")
        elif self.mode == LINKWAIT:
            t.say(b"SENDING TO THE OTHER DEVICE")
        else:
            col = t.msg.put(0, 0, t.names[self.mover])
            col = t.msg.put(col, 0, b" TO PLAY")
            t.msg.clear(0, col)

    def key(self, b):
        m = self.mode
        if m == REMOTE or m == LINKWAIT:
            if b == hal.B:
                self.app.open("game")
            return
        Play.key(self, b)

    def tick(self, now):
        m = self.mode
        s = self.sess
        lk = self.glue.link
        if m != REMOTE and m != LINKWAIT:
            return Play.tick(self, now)
        if not self.glue.linked():          # played on against the AI meanwhile
            self.next_turn(now)
            return True
        if m == LINKWAIT:
            if lk.peer_has_all():
                self.next_turn(now)
                return True
        elif lk.in_k == s.nlog and lk.in_hand == s.hand:
            return self._take(now)
        elif not s.remote(s.to_move()) and not self._behind(now):
            self.next_turn(now)             # this device's seat, and nothing to catch up on
            return True
        if self.shown != (1 if lk.up else 0):
            self.say_wait()
            return True
        return False

    def _take(self, now):
        # the other device's play for this position, shown as an AI's is
        s = self.sess
        lk = self.glue.link
        lk.in_k = -1
        c = s.cursor
        if not nth(c, s.state, lk.in_place):    # not one of the legal plays
            lk.differ(L.R_PLAY)
            return True
        s.buf[2 * WINDOW] = c.word
        s.buf[2 * WINDOW + 1] = c.take
        s.pick = WINDOW
        self.mover = s.to_move()
        self.show_ai(now)
        return True


class LinkGlue:
    """``app.link`` during a link game (and while one is set up): runs the
    protocol from the app's loop and tells device/linkmenu.py what changed."""

    def __init__(self, app, port):
        from core.prng import Prng
        self.app = app
        now = app.now()
        self.link = L.Link(port, Prng(app.seed ^ now), now)
        self.sess = None
        self.play = None
        app.game_on()
        self.lingering = False
        self.ended = 0          # when the game ended here
        self.told = None        # the screen told that the link is lost (device/linkmenu.py)

    def linked(self):
        """Plays still come and go over the link (not stopped, not refused)."""
        return self.link.state == L.GAME

    def start(self, sess):
        """Play sess over the link, on this table."""
        self.sess = sess
        self.link.play(sess, self.app.now())
        self.link.lobby = None          # the devices agreed: the lobby's code goes
        app = self.app
        screens.release(app)
        if self.play is None:
            self.play = LinkPlay(app, app.table, self)
        app.play = self.play
        app.sess = sess

    def left(self):
        """The game ends here (App.end_game): the app's own controller is
        made again for the next game (App.game_on; not kept meanwhile: heap
        in a link game); the link answers a while longer (``poll``)."""
        app = self.app
        if app.play is self.play:
            app.play = None

    def stop(self):
        """Let the link go; the app plays on without it."""
        self.left()
        self.link.stop()
        self.link.port.close()
        app = self.app
        if app.link is self:
            app.link = None
        screens.release(app)

    def poll(self, now):
        app = self.app
        lk = self.link
        if self.sess is not None and app.sess is not self.sess:
            # the game ended here (or was left): keep answering a while so the
            # other device hears that every play arrived, then let go
            if app.sess is not None or lk.state != L.GAME:
                self.stop()
                return False
            if not self.lingering:
                self.lingering = True
                self.ended = now
            elif ticks_diff(now, self.ended) > _LINGER_MS:
                self.stop()
                return False
        ch = lk.poll(now)
        if ch:
            self.told = None
        if self.sess is not None and app.sess is not self.sess:
            return ch
        # the link lost in the game: device/linkmenu.py says so on each screen
        # shown (``told``: the last one), once no AI is deciding here
        lost = lk.state == L.GAME and not lk.up and self.sess is not None
        if not (ch or lost) or lost and (self.told is app.screen or app.busy()):
            return ch
        if lk.up and lk.state == L.GAME and app.top() is app.play:
            return ch       # up, the table on top: no screen says it is lost, no code loaded
        screens.module("link").on_link(app)    # its screens' code (device/screens.py)
        return True
