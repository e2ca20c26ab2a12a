"""The game menu (B at the table): Resume, Hint, Undo, Rules, Settings,
Save and quit, and what each does. Outside a link game the app keeps this
module loaded once it has been used (``App.rare``), so that B at the table
and a key on the game menu load nothing: a screen switch is then a whole
frame and a few ms of Python on a board. Rules and Settings lead to
device/menus.py, as from the main menu. Takes the running device.app.App.
"""
from core.compat import const
from hal.mem import CODE_ON_HEAP, drop

# item ids (Menu items are [label, values, index, id], device/menu.py)
_RESUME = const(1)
_HINT = const(2)
_UNDO = const(3)
_RULES = const(4)
_SETTINGS = const(5)
_SAVE_QUIT = const(6)


def game_menu(app):
    items = [["Resume", None, 0, _RESUME]]
    if app.settings.hints and app.play.persons_turn():
        items.append(["Hint", None, 0, _HINT])
    if app.settings.undo and app.sess.can_undo(app.play.viewer):
        items.append(["Undo", None, 0, _UNDO])
    items += [["Rules", None, 0, _RULES], ["Settings", None, 0, _SETTINGS],
              ["Save and quit", None, 0, _SAVE_QUIT]]
    app.open_menu("game", "GAME", items)


def on_menu(app, what, k):
    """A key's answer on the game menu (device/menu.py Menu.key). Returns
    what the app calls next (App.key): device/menus.py's rules or settings
    menu, or its main menu after Save and quit; or None."""
    item = app.menu.items[k][3] if k >= 0 else None
    if what == "back" or item == _RESUME:
        app.to_table()
    elif item == _HINT:
        app.to_table(hint=True)
    elif item == _UNDO:
        app.sess.think_reset()
        from device.rewind import undo     # loaded for the call
        undo(app.sess, app.play.viewer)
        undo = None
        if CODE_ON_HEAP:
            drop("device.rewind")
        app.save(later=True)
        app.to_table(begin=True)
    elif item == _RULES:
        return ("menus", "rules_menu", "game")
    elif item == _SETTINGS:
        return ("menus", "settings_menu", "game")
    elif item == _SAVE_QUIT:
        app.save(later=True)    # recorded now, written after the frame
        app.end_game()
        return ("menus", "main_menu")
