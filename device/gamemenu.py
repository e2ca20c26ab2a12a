"""The game menu (B at the table): Resume, Hint, Undo, Rules, Settings,
Save and quit. A screen over the table (device/screens.py), which it
answers: None (resume), "hint" or "undo" (device/play.py Play.answer).
Rules and Settings take its place, so that B there goes back to the table.
"""
from core.compat import const
from device.screens import MenuScreen

# item ids (Menu items are [label, values, index, id], device/menu.py)
_RESUME = const(1)
_HINT = const(2)
_UNDO = const(3)
_RULES = const(4)
_SETTINGS = const(5)
_SAVE_QUIT = const(6)


class GameMenu(MenuScreen):
    kind = "game"
    title = "GAME"

    def __init__(self, app):
        items = [["Resume", None, 0, _RESUME]]
        if app.settings.hints and app.play.persons_turn():
            items.append(["Hint", None, 0, _HINT])
        if app.settings.undo and app.sess.can_undo(app.play.viewer):
            items.append(["Undo", None, 0, _UNDO])
        items += [["Rules", None, 0, _RULES], ["Settings", None, 0, _SETTINGS],
                  ["Save and quit", None, 0, _SAVE_QUIT]]
        MenuScreen.__init__(self, app, items)

    def pick(self, item, k):
        app = self.app
        if item == _RESUME:
            app.pop()
        elif item == _HINT:
            app.pop("hint")
        elif item == _UNDO:
            app.pop("undo")
        elif item == _RULES:
            app.replace("ruletext", app.sess.rules)     # the game's own
        elif item == _SETTINGS:
            app.replace("settings", True)
        elif item == _SAVE_QUIT:
            app.save()          # recorded now, written after the frame
            app.home()
