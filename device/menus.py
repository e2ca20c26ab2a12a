"""The menus of the device app (main, settings, rules) and
what they lead to, the pages closed and the end of a game. ``App.rare``
imports this module for one call and drops it afterwards, so its bytecode is
not in the heap while a hand is played (about 3 KB; loading it again costs
about 6 ms on a board); while no game is on, the menus' spare turns hold it
(device/menu.py Menu.spare_turn), so that a menu's press loads nothing. What is only needed outside a game (new game,
stats, resume) is in device/begin.py, the game menu in device/gamemenu.py
(kept loaded outside a link game), the rules text in device/rulestext.py
and the hand's summary in device/summary.py, which the app loads the same
way (``App.rare``).
Each function takes the running device.app.App.

Menu items are [label, values, index, id] (device/menu.py): the menus
act on the ids below, never on the labels they show.
"""
from core.compat import const

SLEEPS = (0, 30, 60, 120, 300)
CONTRASTS = (16, 48, 96, 160, 255)
ON_OFF = ("on", "off")

# item ids (the game menu's: device/gamemenu.py)
_CONTINUE = const(1)
_NEW = const(2)
_SETTINGS = const(3)
_STATS = const(4)
_RULES = const(5)
_BACK = const(6)


def main_menu(app, note=None):
    items = []
    if app.saved is not None:
        items.append(["Continue", None, 0, _CONTINUE])
    items += [["New game", None, 0, _NEW], ["Settings", None, 0, _SETTINGS],
              ["Stats", None, 0, _STATS], ["Rules", None, 0, _RULES]]
    if note:
        items.append([note[:21], False, 0, 0])
    app.open_menu("main", "POCKET BASRA", items)


def rules_menu(app, back="main"):
    from core.presets import PRESETS    # here only: the main menu goes without it (start-up)
    app.back_to = back
    items = [[p, None, 0, p] for p in PRESETS]    # id: the rule set's name
    cur = PRESETS.index(app.sess.variant) if app.sess is not None and back == "game" else 0
    app.open_menu("rules", "RULES", items, cur)


def on_menu(app, what, k):
    """Act on a menu answer. Returns what the app calls next, once this module
    is dropped (App.key): ("begin", name), ("rulestext", "show", rules) or ("linkmenu",
    "on_menu", what, k);
    or None. Saves are left to the app for the same reason (App.save_settings_later, App.save with later):
    one rarely used module in the heap at a time."""
    m = app.menu
    kind = m.kind
    item = m.items[k][3] if k >= 0 else None
    if kind[:4] == "link":
        return ("linkmenu", "on_menu", what, k)
    elif kind == "main":
        if what != "pick":
            return
        if item == _SETTINGS:
            settings_menu(app)
        elif item == _RULES:
            rules_menu(app)
        elif item == _CONTINUE:
            return ("linkmenu" if "link" in app.saved.levels else "begin", "resume")
        elif item == _NEW:
            return ("begin", "new_game_menu")
        elif item == _STATS:
            return ("begin", "stats_menu")
    elif kind == "new":
        if item == "link":
            m.dealt = None      # a link game instead: the game dealt ahead goes
        if what == "back":
            main_menu(app)
        elif what == "change" and k == 1:
            m.items[2][1] = tuple(range(1, m.value(1) + 1))
            m.items[2][2] = min(m.items[2][2], m.value(1) - 1)
            m.draw()
        elif what == "pick" and item == "link":
            return ("linkmenu", "setup")
        elif what == "pick":
            return ("begin", "start_new")
    elif kind == "settings":
        if what == "change":
            read_settings(app)
        elif what == "back" or item == _BACK:
            read_settings(app)
            app.save_settings_later()
            if app.back_to == "game":
                app.to_table()
            else:
                main_menu(app)
    elif kind == "stats":      # lines only: A or B
        if what == "back" or what == "pick":
            main_menu(app)
    elif kind == "rules":
        if what == "back":
            if app.back_to == "game":
                app.to_table()
            else:
                main_menu(app)
        elif what == "pick":
            return ("rulestext", "show", item)     # its pages (device/rulestext.py)
    elif kind == "over":
        main_menu(app)


def settings_menu(app, back="main"):
    st = app.settings
    app.back_to = back
    c = 0
    for i in range(len(CONTRASTS)):
        if CONTRASTS[i] <= st.contrast:
            c = i
    sl = SLEEPS.index(st.sleep_s) if st.sleep_s in SLEEPS else 2
    items = [["Contrast", (1, 2, 3, 4, 5), c, 0],
             ["Sleep", ("never", "30s", "1m", "2m", "5m"), sl, 0],
             ["Sound", ON_OFF, 0 if st.sound else 1, 0],
             ["Rotation", (0, 180), 1 if st.rotation == 180 else 0, 0],
             ["Hints", ON_OFF, 0 if st.hints else 1, 0],
             ["Undo", ON_OFF, 0 if st.undo else 1, 0],
             ["Back", None, 0, _BACK]]
    app.open_menu("settings", "SETTINGS", items)


def read_settings(app):
    m = app.menu
    st = app.settings
    st.contrast = CONTRASTS[m.items[0][2]]
    st.sleep_s = SLEEPS[m.items[1][2]]
    st.sound = m.items[2][2] == 0
    st.rotation = m.value(3)
    st.hints = m.items[4][2] == 0
    st.undo = m.items[5][2] == 0
    app.apply_settings()


def on_pages(app):
    """The pages were closed (A at the end, or B). Returns what the app
    calls next (App.key), as on_menu does."""
    kind = app.pages.kind
    if kind == "rules":
        rules_menu(app, app.back_to)
    elif kind == "summary":
        if app.sess.game.winner is not None:
            return ("summary", "game_over")     # not made while the summary was read (a link game)
        else:
            app.sess.start_hand()
            app.save(later=True)
            app.to_table(begin=True)


