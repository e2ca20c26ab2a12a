"""The screens (``Screen``; ``MenuScreen`` and ``PagesScreen`` for the two
kinds most are), and the registry that says which code is loaded while
they are open.

A screen is an object with what a press does there (``key``), what it
draws (``show``, on its view: the app's menu, pages or table, displayio
objects made once) and its timers (``tick``). The app keeps the open
screens on a stack (device/app.py ``push``, ``pop``, ``switch``, ``home``):
a screen pushed over another hands its answer to the one below when it
closes (``answer``), and that one comes back exactly as it was left.

Code lifetimes, in one place:
- start-up loads the app, its views, the save and the main menu's code;
  the save's reading side (``START_UP``: the newest record found, decoded
  and replayed once) goes when the main menu is up;
- the game's code (the engine, the table, its controller, the session
  with its AI) is loaded ahead while the main menu waits (device/app.py
  ``WarmJob``) and stays;
- a hand's end code is the summary screen's: it comes in a job's step of
  its own once the hand's last play is to come (device/play.py
  ``SummaryJob``) and goes when the summary closes, or when a menu opens
  before the summary is made (``release``);
- a screen opened rarely (the menus and settings, stats, the rule pages,
  the link's screens) brings its module when it opens and lets it go when
  the last screen of that module closes: ``SCREENS`` names them, ``make``
  loads, ``release`` lets go; the game menu (``WITH_GAME``) is the game's;
- a link game's code comes with the link (or its screens' code, which
  imports it) and goes with the last of them (``LINK``); its screens'
  code comes when the link has news to show;
- the rule sets are held by what makes a game, and go with the last of
  them (``SHARED``): a game made holds its Rules only.
This is the only code that lets modules go (through hal/mem.py ``drop``);
nothing is loaded for one call, during a turn, a decision or a save write.
"""
import sys

from hal.mem import CODE_ON_HEAP, drop

# a screen's name: "module.Class" (a screen is one new class plus one line
# here; basra-flash sends the modules named here, as it sends those imported)
SCREENS = {
    "main": "device.menus.MainMenu",
    "new": "device.menus.NewGameMenu",
    "settings": "device.settingsmenu.SettingsMenu",
    "stats": "device.menus.StatsMenu",
    "rules": "device.menus.RulesMenu",
    "ruletext": "device.rulestext.RulePages",
    "game": "device.gamemenu.GameMenu",
    "over": "device.gameover.GameOver",
    "summary": "device.summary.SummaryScreen",
    "link": "device.linkmenu.LinkScreen",
}
# the game menu comes with the game's code (device/app.py _GAME) and stays:
# B at the table, a press a person makes every game, loads nothing
WITH_GAME = ("device.gamemenu",)
# a link game's code, while the app has a link (App.link); its screens'
# (device/linkmenu.py) while one is open, or the link's news is shown
LINK = ("device.linkgame", "device.link")
# code the app's start-up uses, let go once a screen is open (device/saving.py
# SaveStore.load reads the save with it)
START_UP = ("device.saveread",)
# code the modules above share: the rule sets (core/presets.py) are held by
# what makes a game (the menus, the link's screens, the save's reading
# side), not by the game once it is made (its pages are written from its
# Rules); let go with the last of them
SHARED = {"core.presets": ("device.menus", "device.linkmenu", "device.saveread")}


class Screen:
    """What every screen has; ``view`` is the displayio view it draws on."""
    name = ""
    view = None

    def show(self):
        """Draw the screen on its view (it is on top of the stack now)."""

    def key(self, b):
        """A press (hal.A ...) while the screen is on top."""

    def tick(self, now):
        """Its timers; True when it changed what it shows."""
        return False

    def answer(self, value):
        """The screen pushed over this one closed with value."""

    def closed(self):
        """The screen leaves the stack."""


class MenuScreen(Screen):
    """A screen of items on the app's menu view: ``pick``, ``change`` and
    ``back`` say what its answers do (B closes it, unless ``back`` says
    otherwise)."""
    kind = ""
    title = ""

    def __init__(self, app, items=None, cur=0):
        self.app = app
        self.view = app.menu
        self.items = items if items is not None else []
        self.cur = cur

    def show(self):
        self.app.open_menu(self.kind, self.title, self.items, self.cur)

    def key(self, b):
        m = self.app.menu
        r = m.key(b)
        self.cur = m.cur
        if r is None:
            return
        what, k = r
        item = self.items[k][3] if k >= 0 else None
        if what == "back":
            self.back()
        elif what == "pick":
            self.pick(item, k)
        else:
            self.change(item, k)

    def value(self, k):
        it = self.items[k]
        return it[1][it[2]]

    def back(self):
        self.app.pop()

    def pick(self, item, k):
        """A picked item k (its id: item)."""

    def change(self, item, k):
        """Item k's value changed."""


class PagesScreen(Screen):
    """Lines on the app's pages view; A at the end or B closes it
    (``close``: back to the screen below)."""
    kind = ""

    def __init__(self, app, lines):
        self.app = app
        self.view = app.pages
        self.lines = lines
        self.drawn = False      # opened on the view already (drawn off the screen)

    def show(self):
        p = self.app.pages
        if not self.drawn or p.kind != self.kind or p.text is None:
            p.open(self.kind, self.lines)
        self.drawn = False
        self.app.view(p)

    def key(self, b):
        if self.app.pages.key(b) == "close":
            self.close()

    def close(self):
        self.app.pop()


def _module_of(name):
    return SCREENS[name].rsplit(".", 1)[0]


def loaded(name):
    """The module of the screen registered as name is loaded."""
    return _module_of(name) in sys.modules


def module(name):
    """The module of the screen registered as name, loaded."""
    mod = _module_of(name)
    __import__(mod)
    return sys.modules[mod]


def make(app, name, *args):
    """The screen registered as name, its module loaded."""
    path = SCREENS[name]
    mod, cls = path.rsplit(".", 1)
    __import__(mod)
    scr = getattr(sys.modules[mod], cls)(app, *args)
    scr.name = name
    return scr


def release(app):
    """Let go of the modules of registered screens that no open screen (and
    no link) uses, where their bytecode is on the heap."""
    if not CODE_ON_HEAP:
        return
    used = []
    for scr in app.stack:
        if scr.name in SCREENS:
            used.append(_module_of(scr.name))
    if app.play is not None and app.play.summed:
        used.append(_module_of("summary"))  # the hand's summary, made ahead (device/play.py)
    for path in SCREENS.values():
        mod = path.rsplit(".", 1)[0]
        if mod not in used and mod not in WITH_GAME:
            drop(mod)
    for mod in START_UP:
        drop(mod)
    if app.link is None or app.link.link.lobby is None:
        drop("device.linklobby")        # the devices agreed (or no link): the lobby's code goes
    if app.link is None and "device.linkmenu" not in sys.modules:
        for mod in LINK:    # (not while the link's screens' code, which imports it, is held)
            drop(mod)
    _release_shared()


def _release_shared():
    for mod, users in SHARED.items():
        for user in users:
            if user in sys.modules:
                break
        else:
            drop(mod)


def release_all():
    """Let go of every registered screen's module and the link's (an error
    ended the app: the message and the app restarted get their heap)."""
    if not CODE_ON_HEAP:
        return
    for path in SCREENS.values():
        drop(path.rsplit(".", 1)[0])
    for mod in LINK + START_UP:
        drop(mod)
    drop("device.linklobby")
    _release_shared()
