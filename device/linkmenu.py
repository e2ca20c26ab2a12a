"""The screens of a link game (two devices, one game; docs/link.md): its
set-up menu, waiting for the other device, the proposal the other device
made, connected, link lost, the two devices disagreeing: ``LinkScreen``s
of a kind each, on the menu view, loaded while one is open or the link
has news (device/screens.py); the game itself is device/linkgame.py over
device/link.py.
"""
from core.ai import CODES, LEVELS
from core.compat import const
from core.presets import code_of, name_of, preset
from device import link as L
from device.linkgame import LINKWAIT, REMOTE, LinkGlue, LinkSession
from device.screens import MenuScreen

LAYOUTS = ("AI", "person")      # 4 players: each person's partner
# why the link game stopped (device/link.py R_VERSION ... R_DECLINED, then ours)
_REASONS = ("", "OTHER VERSION", "ANOTHER GAME", "GAMES DIFFER", "OTHER LEFT", "DECLINED",
            "CANNOT PLAY THAT", "PLAYED ON VS AI", "CANCELLED")
# a QUIT's reasons past device/link.py's, sent from these screens
_R_PROPOSAL = const(6)  # the other device proposed a game this one cannot play
_R_SOLO = const(7)      # it played on vs the AI
_R_CANCEL = const(8)    # it left before the game began
_LOST = "LINK LOST"
_AGAIN = [["New link game", None, 0, "again"], ["Menu", None, 0, "menu"]]


class LinkScreen(MenuScreen):
    """A link screen of a kind (its answers: ``on_menu``)."""

    def __init__(self, app, kind, title, items, cur):
        MenuScreen.__init__(self, app, items, cur)
        self.kind = kind
        self.title = title
        self.name = "link"

    def back(self):
        on_menu(self.app, self, "back", -1)

    def pick(self, item, k):
        on_menu(self.app, self, "pick", k)

    def change(self, item, k):
        on_menu(self.app, self, "change", k)


def _to(app, scr):
    # a link screen over the table (the game goes on under it), else in the
    # top screen's place
    if app.stack and app.top() is app.play:
        app.push(scr)
    else:
        app.switch(scr)


def setup(app, new):
    """"Link game" picked in the new-game menu (new): its values, and the layout."""
    lv, pl, va, tg = new.items[0], new.items[1], new.items[3], new.items[4]
    players = pl[1][pl[2]]
    items = [["Players", (2, 4), 1 if players == 4 else 0, 0],
             ["Partner", LAYOUTS, 0, 0],
             ["Level", lv[1], lv[2], 0],
             ["Rules", va[1], va[2], 0],
             ["Target", tg[1], tg[2], 0],
             ["Connect", None, 0, "connect"]]
    # the one screen: the main menu's code goes while the devices connect
    # (B brings the menus back: ``new_game``)
    app.only(LinkScreen(app, "linknew", "LINK GAME", items, 5))


def new_game(app):
    """Back to the new-game menu, the main menu under it."""
    app.home()
    app.open("new")


def _lines(app, kind, title, lines, items=(), cur=None):
    rows = [[s[:21], False, 0, 0] for s in lines]
    rows += [list(it) for it in items]
    _to(app, LinkScreen(app, kind, title, rows, len(lines) if cur is None else cur))


def _wrap(text, width=21):
    out = []
    line = ""
    for w in text.split(" "):
        while len(w) > width:       # a word longer than the line: cut, nothing lost
            if line:
                out.append(line)
                line = ""
            out.append(w[:width])
            w = w[width:]
        if line and len(line) + 1 + len(w) > width:
            out.append(line)
            line = w
        else:
            line = (line + " " + w) if line else w
    if line:
        out.append(line)
    return out


def _open(app):
    """A new LinkGlue on the HAL's link (app.link), or None with the reason shown."""
    from hal import HalError
    old = app.link
    if old is not None:
        old.stop()
    opener = getattr(app.h, "link", None)
    try:
        if opener is None:
            raise HalError("this device has no link: set BASRA_LINK_TX and BASRA_LINK_RX",
                           "BASRA_LINK_TX")
        port = opener()
    except HalError as e:
        _lines(app, "linkerr", "NO LINK", _wrap(e.message)[:4], [["Back", None, 0, "back"]])
        return None
    glue = LinkGlue(app, port)
    app.link = glue
    return glue


def connect(app, scr):
    m = app.menu
    players = scr.value(0)
    layout = scr.items[1][2]
    level = scr.value(2)
    variant = scr.value(3)
    target = scr.value(4)
    try:
        preset(variant, players, target)
    except ValueError:
        m.title = "%s: NOT %d PLAYERS" % (variant[:8].upper(), players)
        m.draw()
        return
    glue = _open(app)
    if glue is None:
        return
    from device import linklobby    # on the Link (``lobby``) until the game begins
    linklobby.start(glue.link, code_of(variant), players, layout, CODES[LEVELS.index(level)], target)
    waiting(app)


def waiting(app, note="Waiting for the"):
    """The waiting screen: where this device listens, whole (the other
    device must be on the same: two simulators on two ports show two)."""
    _lines(app, "linkwait", "LINK GAME", [note, "other device on:"]
           + _wrap(app.link.link.port.where)[:2] + ["B: cancel"], cur=0)


def proposal_fault(prop):
    """Why a proposal (variant, players, layout, level, target as HELLO
    carries them: the rule set's stable code, core.presets.code_of, and the
    level's, core.ai.CODES) cannot be played here, in a line; None when
    it can. The one check of what the other device proposes, made before it
    is shown. A rule set this build lacks may be a newer build's: _stopped
    then asks to update."""
    v, players, layout, level, target = prop
    name = name_of(v)
    if name is None:
        return "no rule set #%d here" % v
    if players != 2 and players != 4:
        return "%d players (2 or 4)" % players
    if layout > 1:
        return "partner #%d unknown" % layout
    if _level(level) >= len(LEVELS):
        return "level #%d unknown" % level
    if target < 1:
        return "target %d" % target
    try:
        preset(name, players, target)
    except ValueError:
        return "%s: not %d players" % (name[:8], players)
    return None


def _summary(prop):
    v, players, layout, level, target = prop
    first = "%s, %d players" % (name_of(v), players)
    second = "to %d, AI %s" % (target, LEVELS[_level(level)])
    if players == 4:
        return [first, second, "partner: %s" % LAYOUTS[layout]]
    return [first, second]


def _level(code):
    # the registry's index of the level the link names by its stable code
    # (len(LEVELS): a level this build does not know)
    k = 0
    while k < len(CODES) and CODES[k] != code:
        k += 1
    return k


def seat_levels(players, layout, level, host):
    """Each seat's level on this device: "human" for its person, the AI
    level for the AI seat it plays, "link" for the other device's seats."""
    if players == 2:
        own = (0,) if host else (1,)
        person = own[0]
    elif layout == 0:       # each person partnered by an AI: P1 0 + AI 2, P2 1 + AI 3
        own = (0, 2) if host else (1, 3)
        person = own[0]
    else:                   # the two people partners: P1 0 + AI 1, P2 2 + AI 3
        own = (0, 1) if host else (2, 3)
        person = own[0]
    out = []
    for s in range(players):
        out.append("human" if s == person else level if s in own else "link")
    return out


def begin_game(app):
    """Both devices agreed: deal the first hand here."""
    glue = app.link
    lk = glue.link
    v, players, layout, level, target = lk.lobby.proposal(lk)
    lk.prop = lk.peer_prop = None       # the lobby's: the game holds none of it
    try:
        # a level this build does not know: IndexError, the builds differ
        levels = seat_levels(players, layout, LEVELS[_level(level)], lk.host)
        app.end_game()
        name = name_of(v)
        if name is None:
            raise ValueError("no rule set %d here" % v)
        sess = LinkSession(preset(name, players, target), levels, lk.seed)
    except (ValueError, IndexError):
        lk.differ(L.R_GAME)
        on_link(app)
        return
    glue.start(sess)
    sess.start_hand()
    app.start_game(sess)
    app.save()


def resume(app):
    """Continue the link game saved here: the link opened here, the game
    made by device/menus.py ``resume``."""
    if _open(app) is not None:
        from device.menus import resume as go_on
        go_on(app, True)


def _solo(app):
    # the other device's seats become AI seats; the game is saved as a game
    # on one device (an AI for them, made now: the game's AI had none)
    s = app.sess
    for seat in range(s.players):
        if s.levels[seat] == "link":
            s.levels[seat] = s.level
    s.own_ai()
    app.start_game(s)
    app.save()


def go_solo(app):
    """The link is lost: play on against the AI. The link stays open (SOLO)
    while this game is on, to tell the other device when it is heard again."""
    glue = app.link
    lk = glue.link
    glue.left()
    glue.play = None
    lk.reason = _R_SOLO
    lk.quits = 1
    lk.to(L.SOLO)
    _solo(app)


def _stopped(app, glue, lk, fault=None):
    """DIFFER: the link game stops here (the QUIT's reason, or ours; fault:
    what proposal_fault found)."""
    r = lk.reason
    if glue.sess is not None and app.sess is glue.sess and r == _R_SOLO:
        # the other device played on vs the AI while this one was away: the
        # game here can go on the same way (its save is kept meanwhile)
        app.play.stop_thinking(False)
        glue.stop()
        _lines(app, "linksolo", "LINK GAME", ["The other device", "played on vs the AI."],
               [["Play on vs AI", None, 0, "solo"]] + _AGAIN)
        return
    if glue.sess is not None:       # the game stops here: its save goes
        app.forget_game()
        app.end_game()
    glue.stop()
    if r == _R_CANCEL and lk.peer_reason:
        lines = ["The other device", "cancelled: no game."]
    elif r == _R_PROPOSAL and not lk.peer_reason:
        lines = ["Other device found;", "its proposal refused:", fault]
        if fault.startswith("no rule set"):     # a newer build's, maybe
            lines[1] = "Update this device?"
    else:
        lines = ["The other device says:" if lk.peer_reason else "The devices disagree:",
                 _REASONS[r], "The link game is over."]
    _lines(app, "linkdiff", "LINK: START OVER", lines, _AGAIN)


def _lost(app, glue, lk):
    """The link game's link is lost (up False) or back (up True): said on
    the screen shown, whichever it is (LinkGlue.poll calls again for each
    screen shown while it is lost)."""
    m = app.menu
    scr = app.screen
    pages = app.pages
    if lk.up:
        if scr is m and m.kind == "linklost":
            app.pop()
        elif scr is m and m.title == _LOST:
            m.title = m.before
            m.draw()
        elif scr is pages and pages.lines[:1] == [_LOST]:
            pages.lines = pages.lines[1:]
            pages.draw()
        return
    if scr is app.table:
        mode = app.play.mode
        _lines(app, "linklost", _LOST, ["No answer from the", "other device."],
               [["Wait for it" if mode == REMOTE or mode == LINKWAIT else "Play your turn",
                 None, 0, "wait"],
                ["Play on vs AI", None, 0, "solo"], ["Save and quit", None, 0, "quit"]])
    elif scr is m:
        if m.title != _LOST:
            m.before = m.title      # the menu's own, back with the link
            m.title = _LOST
            m.draw()
    else:
        pages.lines = [_LOST] + list(pages.lines)
        pages.draw()
    glue.told = app.screen


def on_link(app):
    """The link's state changed (LinkGlue.poll): show what it means."""
    glue = app.link
    lk = glue.link
    st = lk.state
    if st == L.DIFFER:
        _stopped(app, glue, lk)
    elif (st == L.HOSTING or st == L.OFFERED) and not lk.up:
        # the other device went quiet before the game began: what it
        # proposed (or heard from here) goes; heard again, it comes again
        lk.state = L.LOBBY
        waiting(app, "Gone. Waiting for the")
    elif st == L.HOSTING:
        _lines(app, "linkhost", "CONNECTED", ["Other device found.", "It decides on:"]
               + _summary(lk.lobby.proposal(lk)) + ["B: cancel"], cur=0)
    elif st == L.OFFERED:
        fault = proposal_fault(lk.lobby.proposal(lk))
        if fault is not None:
            lk.differ(_R_PROPOSAL)
            _stopped(app, glue, lk, fault)
        else:
            _lines(app, "linkoffer", "PROPOSED", _summary(lk.lobby.proposal(lk)),
                   [["Accept", None, 0, "accept"], ["Decline", None, 0, "decline"]])
    elif st == L.GAME:
        if glue.sess is None:
            begin_game(app)
        else:
            _lost(app, glue, lk)


def on_menu(app, scr, what, k):
    """A press on one of the link screens (scr, a LinkScreen)."""
    kind = scr.kind
    item = scr.items[k][3] if k >= 0 else None
    glue = app.link
    if kind == "linknew":
        if what == "back":
            if glue is not None:
                glue.stop()
            new_game(app)
        elif what == "pick" and item == "connect":
            connect(app, scr)
    elif kind == "linkwait" or kind == "linkhost":
        if what == "back":
            if glue is not None:
                # a proposal shown there goes at once
                glue.link.lobby.decline(glue.link, _R_CANCEL)
                glue.stop()
            app.home()
    elif kind == "linkoffer":
        if what == "back" or item == "decline":
            glue.link.lobby.decline(glue.link)
            glue.stop()
            app.home()
        elif item == "accept":
            glue.link.lobby.accept(glue.link)
            if glue.link.state == L.GAME:   # still offered: not withdrawn meanwhile
                begin_game(app)
    elif kind == "linklost":
        if what == "back" or item == "wait":
            glue.told = app.table           # told there: not again while it stays lost
            app.pop()
        elif item == "solo":
            go_solo(app)
        elif item == "quit":
            app.save()
            app.end_game()
            if app.link is not None:
                app.link.stop()
            app.home()
    elif kind == "linkdiff" or kind == "linksolo":
        if item == "solo":
            _solo(app)
            return
        if app.sess is not None:        # linksolo: its save stays (Continue tells it again)
            app.end_game()
        if item == "again":
            new_game(app)
            setup(app, app.top())
        elif what == "back" or item == "menu":
            app.home()
    elif what != "change":      # linkerr
        app.home()
