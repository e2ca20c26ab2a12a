"""The screens of a link game (two devices, one game; docs/link.md): its
set-up menu, waiting for the other device, the proposal the other device
made, connected, link lost, the two devices disagreeing. Loaded for one
call by ``App.rare`` like device/menus.py; the game itself is
device/linkgame.py (loaded while a link game is on) over device/link.py.
"""
from core.ai import CODES, LEVELS
from core.presets import PRESETS, preset
from device import link as L
from device import linklobby as LB
from device.linkgame import LINKWAIT, REMOTE, LinkGlue, LinkSession

LAYOUTS = ("AI", "person")      # 4 players: each person's partner
# why the link game stopped (device/link.py R_VERSION ... R_DECLINED)
_REASONS = ("", "OTHER VERSION", "ANOTHER GAME", "GAMES DIFFER", "OTHER LEFT", "DECLINED")


def setup(app):
    """"Link game" picked in the new-game menu: its values, and the layout."""
    m = app.menu
    lv, pl, va, tg = m.items[0], m.items[1], m.items[3], m.items[4]
    players = pl[1][pl[2]]
    items = [["Players", (2, 4), 1 if players == 4 else 0, 0],
             ["Partner", LAYOUTS, 0, 0],
             ["Level", lv[1], lv[2], 0],
             ["Rules", va[1], va[2], 0],
             ["Target", tg[1], tg[2], 0],
             ["Connect", None, 0, "connect"]]
    m.open("linknew", "LINK GAME", items, 5)
    app.show(m)


def _lines(app, kind, title, lines, items=(), cur=None):
    rows = [[s[:21], False, 0, 0] for s in lines]
    rows += [list(it) for it in items]
    app.open_menu(kind, title, rows, len(lines) if cur is None else cur)


def _wrap(text, width=21):
    out = []
    line = ""
    for w in text.split(" "):
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


def connect(app):
    m = app.menu
    players = m.value(0)
    layout = m.items[1][2]
    level = m.value(2)
    variant = m.value(3)
    target = m.value(4)
    try:
        preset(variant, players, target)
    except ValueError:
        m.title = "%s: NOT %d PLAYERS" % (variant[:8].upper(), players)
        m.draw()
        return
    glue = _open(app)
    if glue is None:
        return
    LB.start(glue.link, PRESETS.index(variant), players, layout, CODES[LEVELS.index(level)], target)
    waiting(app)


def waiting(app):
    _lines(app, "linkwait", "LINK GAME", ["Waiting for the", "other device...",
                                          app.link.port.where[:21], "", "B: cancel"],
           cur=0)


def _summary(prop):
    v, players, layout, level, target = prop
    first = "%s, %d players" % (PRESETS[v] if v < len(PRESETS) else "?", players)
    k = _level(level)
    second = "to %d, AI %s" % (target, LEVELS[k] if k < len(LEVELS) else "?")
    if players == 4:
        return [first, second, "partner: %s" % LAYOUTS[layout & 1]]
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
    v, players, layout, level, target = LB.proposal(lk)
    try:
        # a level this build does not know: IndexError, the builds differ
        levels = seat_levels(players, layout, LEVELS[_level(level)], lk.host)
        app.end_game()
        sess = LinkSession(PRESETS[v], players, levels, target, lk.seed)
    except (ValueError, IndexError):
        lk.differ(L.R_GAME)
        on_link(app)
        return
    glue.start(sess)
    sess.start_hand()
    app.save(later=True)
    app.to_table(begin=True)


def resume(app):
    """Continue the link game saved here: the link opened here, the game
    made by device/begin.py ``resume`` (App.rare's next call)."""
    if _open(app) is not None:
        return ("begin", "resume", True)


def go_solo(app):
    """The link is lost: play on against the AI (the other device's seats
    become AI seats; the game is saved as a game on one device)."""
    s = app.sess
    for seat in range(s.players):
        if s.levels[seat] == "link":
            s.levels[seat] = s.level
    app.link.stop()
    app.save(later=True)
    app.to_table(begin=True)


def on_link(app):
    """The link's state changed (LinkGlue.poll): show what it means."""
    glue = app.link
    lk = glue.link
    st = lk.state
    m = app.menu
    if st == L.DIFFER:
        why = _REASONS[lk.reason]
        if glue.sess is not None:       # the game stops here: its save goes
            app.saved = None
            app.store_call("save_game", None)
            app.end_game()
        glue.stop()
        who = "The other device says:" if lk.peer_reason else "The devices disagree:"
        _lines(app, "linkdiff", "LINK: START OVER", [who, why, "The link game is over."],
               [["New link game", None, 0, "again"], ["Menu", None, 0, "menu"]])
    elif st == L.HOSTING:
        _lines(app, "linkhost", "CONNECTED", ["Other device found.", "It decides on:"]
               + _summary(LB.proposal(lk)) + ["B: cancel"], cur=0)
    elif st == L.OFFERED:
        _lines(app, "linkoffer", "PROPOSED", _summary(LB.proposal(lk)),
               [["Accept", None, 0, "accept"], ["Decline", None, 0, "decline"]])
    elif st == L.GAME:
        if glue.sess is None:
            begin_game(app)
        elif not lk.up and app.screen is app.table and app.play.mode in (REMOTE, LINKWAIT):
            _lines(app, "linklost", "LINK LOST", ["No answer from the", "other device."],
                   [["Wait for it", None, 0, "wait"], ["Play on vs AI", None, 0, "solo"],
                    ["Save and quit", None, 0, "quit"]])
        elif lk.up and app.screen is m and m.kind == "linklost":
            app.to_table()


def on_menu(app, what, k):
    """A press on one of the screens above (device/menus.py sends them here).
    Returns what the app calls next, once this module is dropped, as
    device/menus.py on_menu does; or None."""
    m = app.menu
    kind = m.kind
    item = m.items[k][3] if k >= 0 else None
    glue = app.link
    if kind == "linknew":
        if what == "back":
            return ("begin", "new_game_menu")
        elif what == "pick" and item == "connect":
            connect(app)
    elif kind == "linkwait" or kind == "linkhost":
        if what == "back":
            if glue is not None:
                glue.stop()
            return ("menus", "main_menu")
    elif kind == "linkoffer":
        if what == "back" or item == "decline":
            LB.decline(glue.link)
            glue.stop()
            return ("menus", "main_menu")
        elif item == "accept":
            LB.accept(glue.link)
            begin_game(app)
    elif kind == "linklost":
        if what == "back" or item == "wait":
            app.to_table()
        elif item == "solo":
            go_solo(app)
        elif item == "quit":
            app.save(later=True)
            app.end_game()
            if app.link is not None:
                app.link.stop()
            return ("menus", "main_menu")
    elif kind == "linkdiff":
        if item == "again":
            return ("begin", "new_game_menu")
        elif what == "back" or item == "menu":
            return ("menus", "main_menu")
    else:       # linkerr
        return ("menus", "main_menu")
