"""The other device of a link game, for the runs of the device app that
play one (tools/heap.py's soak): its end of the protocol (device/link.py's
Link, device/linkgame.py's LinkSession) over an in-memory cable
(hal/memlink.py) wired behind the board's UART, with no screen. It
proposes the game the run set (``PROP``), takes the app's proposal when
the app hosts, plays the first legal play on each of its seats and starts
each hand once the app has every play of the last.

It borrows the link's code from the app (its classes: loaded while the
app has a link, device/screens.py LINK) and lets go of its side once the
app has let go of the link: the app's heap is read with this side's
objects beside it (``twin``: python -m tools.heap --link reads them)."""
import sys


# (variant code, players, layout, level code, target): the next link game
# this side proposes, set by the run before it presses Connect
PROP = [None]
LATER_MS = 3000
# the plays this side makes before its cable is pulled (None: never): it
# goes quiet, and the app's person plays on against the AI
CUT = [None]


class Peer:
    def __init__(self):
        from hal.memlink import pair
        self.port, self.mine = pair()
        self.link = None
        self.glue = None        # the app's LinkGlue this side plays with
        self.sess = None
        self.playing = False    # its session is played over the link (the app's game is made)
        self.rules = None
        self.games = 0          # link games played to their end
        self.cut = None         # CUT for the game under way
        self.played = 0         # plays made here in it
        self.asked = None       # when the app began to look for this side

    def stage(self):
        """What this side holds now, as ``twin`` makes it: 0 its cable, 1
        its lobby too, 2 its game too."""
        return 0 if self.link is None else 1 if self.sess is None else 2

    def wire(self, busio):
        """Put the cable behind busio.UART (harness/mpstub/heapapp.py's
        stand-in, sized as CircuitPython's): the app opens its link as a
        board does (hal/uartlink.py), and its bytes come and go here."""
        port = self.port

        class Wired(busio.UART):
            @property
            def in_waiting(self):
                return port.inbox.n

            def write(self, buf):
                port.write(buf)

            def readinto(self, buf):
                return port.readinto(buf)
        busio.UART = Wired

    def turn(self, app, now):
        """A loop turn of the other device (called as each of app's turns ends)."""
        glue = app.link
        if glue is not self.glue:   # the app let go of the link (or opened another): so does this side
            self.link = self.sess = self.rules = self.cut = None
            self.playing = False
            self.glue = glue
        if glue is None:
            return
        if self.cut is not None and self.played >= self.cut:
            return                  # the cable pulled: nothing comes or goes
        mods = sys.modules
        lk = self.link
        if lk is None:
            lobby = mods.get("device.linklobby")
            if lobby is None or PROP[0] is None:
                return
            if self.asked is None:
                self.asked = now
            if now - self.asked < LATER_MS:     # its person presses Connect a while after
                return
            self.asked = None
            lk = self.start(type(glue.link), lobby, mods["core.presets"], now)    # the app's code
        L = mods["device.link"]
        lk.poll(now)
        if lk.state == L.OFFERED:
            lk.lobby.accept(lk)
        s = self.sess
        if s is None:
            # its session made as soon as the seed is agreed (HOSTING,
            # OFFERED), while the app holds the rule sets that a Game copies
            # its rules with; played once the app's game is made too
            if lk.state == L.HOSTING or lk.state == L.GAME:
                self.begin(lk, mods["device.linkgame"].LinkSession)
            return
        if not self.playing:
            if lk.state == L.GAME and glue.sess is not None:
                lk.play(s, now)
                lk.lobby = None         # the devices agreed: the lobby's code is the app's to let go
                self.playing = True
            return
        if s.hand_over():
            if lk.peer_has_all() and s.game.winner is None:
                s.end_hand()
                if s.game.winner is None:
                    s.start_hand()
                else:
                    self.games += 1
            return
        from core.plays import nth
        c = s.cursor
        if s.remote(s.to_move()):
            if lk.in_k == s.nlog and lk.in_hand == s.hand and nth(c, s.state, lk.in_place):
                self.play(s, c)
        elif nth(c, s.state, 0):
            self.play(s, c)

    def start(self, link_cls, lobby, presets, now):
        """Look for the app's device with the game of PROP: its rules, this
        side's Link (the classes and modules the app's own)."""
        variant, players, _, _, target = PROP[0]
        self.rules = presets.preset(presets.name_of(variant), players, target)
        from core.prng import Prng
        lk = self.link = link_cls(self.mine, Prng(4321), now)
        lobby.start(lk, *PROP[0])
        PROP[0] = None
        self.cut = CUT[0]
        self.played = 0
        return lk

    def begin(self, lk, cls):
        """The devices agreed: the host's proposal, this side's seats (as
        device/linkmenu.py seat_levels gives them, each a person's here)."""
        _, players, layout, _, _ = lk.lobby.proposal(lk)     # the same as this side's
        if players == 2:
            own = (0,) if lk.host else (1,)
        elif layout == 0:
            own = (0, 2) if lk.host else (1, 3)
        else:
            own = (0, 1) if lk.host else (2, 3)
        levels = ["human" if k in own else "link" for k in range(players)]
        s = _session(cls)(self.rules, levels, lk.seed)
        s.start_hand()
        self.sess = s
        self.playing = False

    def play(self, s, c):
        self.played += 1
        from device.session import WINDOW
        s.buf[2 * WINDOW] = c.word
        s.buf[2 * WINDOW + 1] = c.take
        s.play(WINDOW)


def _session(base):
    class PeerSession(base):
        # a person's seats only: no AI made for them, nor a hint's
        def _make_ai(self, ais):
            self.ai = self.hint_ai = self.deciding = None
            self.ai_prng = self.search_prng = 0
    return PeerSession


def twin(players, keep):
    """Three calls that make this side a stage at a time, as a game of
    players begins: its cable, its lobby (its rules and Link), its game (its
    session); python -m tools.heap --link reads what each adds (``stage``)."""
    p = []

    def cable():
        p.append(Peer())
        keep.append(p[0])

    def lobby():
        import core.presets as presets
        from device import link as L, linklobby
        PROP[0] = (presets.code_of("egyptian"), players, 0, 1, 31)
        p[0].start(L.Link, linklobby, presets, 0)

    def game():
        from device.linkgame import LinkSession
        lk = p[0].link
        lk.host = True
        lk.seed = 1234
        p[0].begin(lk, LinkSession)
        lk.play(p[0].sess, 0)
        lk.lobby = None
    return [cable, lobby, game]
