"""The parts of the device app's menus only used outside a game: the
new-game and stats menus, starting a new game, resuming the saved one.
The app imports this module for one call and drops it (App.rare), but
holds it while no game is on (device/menu.py Menu.spare_turn: a menu's
press loads nothing; the new-game menu's game is dealt ahead, start_ahead);
back to the main menu goes through the app (App.rare), not device/menus.py.
Each function takes the running device.app.App.
"""
from core.ai import LEVELS
from core.presets import PRESETS, preset
from device.session import Session
from hal.mem import CODE_ON_HEAP, drop, let_go

PLAYERS = (2, 3, 4)
TARGETS = (31, 61, 101, 121, 151, 201)


def resume(app, link=False):
    """Carry on the game saved (app.saved): its scores and dealer, its hand
    dealt again and its plays replayed; link: a link game, over the link
    device/linkmenu.py has just opened. A save that is no real game is
    dropped, and the main menu says why."""
    sv = app.saved
    let_go()            # a game from here on: the menus' code held goes
    try:
        app.end_game()
        if link:
            from device.linkgame import LinkSession as Kind
        else:
            Kind = Session
        sess = Kind(sv.variant, sv.players, sv.levels, sv.target, sv.seed)
        g = sess.game
        g.hand_no = sv.hand_no
        g.dealer = sv.dealer
        for s in range(len(sv.scores)):
            g.scores[s] = sv.scores[s]
        g.carry = sv.carry
        from device.rewind import replay
        try:
            replay(sess, sv.plays)  # ValueError: a saved play that does not exist
        finally:
            replay = None
            if CODE_ON_HEAP:
                drop("device.rewind")
    except Exception as e:
        if link:
            app.link.stop()
        app.saved = None
        app.store_call("save_game", None)
        app.rare("menus", "main_menu", "save unusable: %s" % e)
        return
    if link:
        app.link.start(sess)
    else:
        app.sess = sess
    app.to_table(begin=True)


def new_game_menu(app, link=False):
    """The new-game menu; link: then its "Link game" menu (device/linkmenu.py
    setup, which takes the values from it), for "New link game"."""
    st = app.settings
    lv = st.last_level if st.last_level in LEVELS else "normal"
    pl = st.last_players if st.last_players in PLAYERS else 2
    va = st.last_variant if st.last_variant in PRESETS else "egyptian"
    tg = st.last_target
    if tg not in TARGETS:
        tg = preset(va).target
    if tg not in TARGETS:
        tg = 101
    items = [["Level", LEVELS, LEVELS.index(lv), 0],
             ["Players", PLAYERS, PLAYERS.index(pl), 0],
             ["People", (1, 2, 3, 4), 0, 0],
             ["Rules", PRESETS, PRESETS.index(va), 0],
             ["Target", TARGETS, TARGETS.index(tg), 0],
             ["Start", None, 0, 0]]
    if app.h.link is not None:      # a device with a link (hal/link.py): two devices, one game
        items.append(["Link game", None, 0, "link"])
    app.open_menu("new", "NEW GAME", items, 5)
    if link:
        return ("linkmenu", "setup")


def stats_menu(app):
    """The stats as lines only (device/menu.py): the moves scroll them, A
    or B goes back."""
    t = app.stats
    rows = [("Games", t.games)]
    for k in range(len(LEVELS)):        # a line per level
        rows.append(("Wins " + LEVELS[k], t.wins[k]))
    rows += [("Basras", t.basras), ("Best hand", t.best_hand)]
    items = [["%-15s%6d" % r, False, 0, 0] for r in rows]
    items.append(["A or B: back", False, 0, 0])
    app.open_menu("stats", "STATS", items)


def _chosen(m):
    # the new-game menu's values: (level, players, people, rule set, target)
    players = m.value(1)
    return (m.value(0), players, min(m.value(2), players), m.value(3), m.value(4))


def _made(app, chosen):
    # a game of the chosen values, its first hand dealt
    level, players, people, variant, target = chosen
    levels = []
    for s in range(players):
        human = s < people if people < players else True
        levels.append("human" if human else level)
    app.seed = (app.seed * 1103515245 + 12345 + app.now()) & 0x3FFFFFFF
    sess = Session(variant, players, levels, target, app.seed)
    sess.start_hand()
    return sess


def start_ahead(app):
    """While the new-game menu waits for its press (a spare loop turn of its
    own, App.run): the game its values name made, its first hand dealt and
    its table drawn off the screen (device/menu.py Menu.dealt), so that
    Start costs its screen switch only: a whole frame's rendering and I2C
    are about 71 ms of the 100 ms a press may take on a board. A value
    changed lets it go (Menu.key); none is made for values no rule set
    allows."""
    m = app.menu
    chosen = _chosen(m)
    level, players, people, variant, target = chosen
    m.dealt = None      # the one made for other values goes first (its heap)
    try:
        preset(variant, players, target)
    except ValueError:
        return
    sess = _made(app, chosen)
    app.game_on()
    app.play.begin(sess)
    m.dealt = (chosen, sess)


def start_new(app):
    m = app.menu
    chosen = _chosen(m)
    level, players, people, variant, target = chosen
    try:
        preset(variant, players, target)
    except ValueError:
        m.title = "%s: 2 OR 4 PLAYERS" % variant[:8].upper()
        m.draw()
        app.dirty = True
        return
    st = app.settings
    st.last_level, st.last_players, st.last_variant, st.last_target = (
        level, players, variant, target)
    app.save_settings_later()
    let_go()            # a game from here on: the menus' code held goes
    dealt = m.dealt if m.dealt is not None and m.dealt[0] == chosen else None
    m.dealt = None
    app.end_game()
    if dealt is not None:       # dealt and drawn while the menu was read (start_ahead)
        app.sess = app.play.sess = dealt[1]
    else:
        app.sess = _made(app, chosen)
    app.save(later=True)
    app.to_table(begin=dealt is None, drawn=dealt is not None)
