"""The menus outside the table: main, new game and stats, and what they
lead to (a new game, the saved one resumed). Screens of
device/screens.py: this module is loaded while one of them is open.

Menu items are [label, values, index, id] (device/menu.py): the screens
act on the ids below, never on the labels they show.
"""
from core.ai import LEVELS
from core.compat import const
from core.presets import PRESETS, preset
from device import screens
from device.jobs import DONE, Job
from device.screens import MenuScreen

# The main menu's frame comes before the game's code is loaded (device/app.py
# WarmJob loads it after): the session is imported where a game is made,
# which finds it loaded by then. The rule sets (core/presets.py) are the
# menus' (they make the games): the game does not hold them

PLAYERS = (2, 3, 4)
TARGETS = (31, 61, 101, 121, 151, 201)

# item ids
_CONTINUE = const(1)
_NEW = const(2)
_SETTINGS = const(3)
_STATS = const(4)
_RULES = const(5)
_START = const(7)
_LINK = const(8)


class MainMenu(MenuScreen):
    kind = "main"
    title = "POCKET BASRA"

    def __init__(self, app, note=None):
        items = []
        if app.saved is not None:
            items.append(["Continue", None, 0, _CONTINUE])
        items += [["New game", None, 0, _NEW], ["Settings", None, 0, _SETTINGS],
                  ["Stats", None, 0, _STATS], ["Rules", None, 0, _RULES]]
        while note:             # a line cut at a word, not at the panel's edge
            cut = len(note) if len(note) <= 21 else note.rfind(" ", 0, 22)
            cut = cut if cut > 0 else 21
            items.append([note[:cut], False, 0, 0])
            note = note[cut:].strip()
        MenuScreen.__init__(self, app, items)
        self.resumed = None     # the ResumeAhead job whose game is rebuilt

    def show(self):
        MenuScreen.show(self)
        sv = self.app.saved
        if self.resumed is None and sv is not None and "link" not in sv.levels:
            self.app.jobs.start(ResumeAhead(self))

    def back(self):
        pass                    # the main menu is the last screen

    def pick(self, item, k):
        app = self.app
        ahead = self.resumed
        self.resumed = None     # (a game rebuilt ahead goes unless it is the one continued)
        app.jobs.cancel("deal")
        if item == _SETTINGS:
            app.open("settings")
        elif item == _RULES:
            app.open("rules")
        elif item == _STATS:
            app.open("stats")
        elif item == _NEW:
            app.open("new")
        elif item == _CONTINUE:
            if "link" in app.saved.levels:
                screens.module("link").resume(app)
            elif ahead is not None and ahead.state == DONE and ahead.sess is not None and ahead.saved is app.saved:
                app.end_game()          # rebuilt and drawn while the menu was read
                app.start_game(ahead.sess, drawn=True)
            else:
                resume(app)


def made_again(sv, kind):
    """The saved game sv as a kind (a Session, or a LinkSession) with its
    scores, dealer and carry, its hand not yet dealt (Session.replay)."""
    sess = kind(preset(sv.variant, sv.players, sv.target), sv.levels, sv.seed)
    g = sess.game
    g.hand_no = sv.hand_no
    g.dealer = sv.dealer
    for s in range(len(sv.scores)):
        g.scores[s] = sv.scores[s]
    g.carry = sv.carry
    return sess


class ResumeAhead(Job):
    """While the main menu waits with a game saved: that game rebuilt and its
    table drawn off the screen, so that Continue costs its screen switch
    only. A save that does not rebuild is left to Continue, which says why."""
    group = "deal"
    rank = 5

    def __init__(self, menu):
        Job.__init__(self)
        self.menu = menu
        self.saved = menu.app.saved
        self.sess = None
        self.replayed = False

    def step(self, now):
        # a turn each: the game made (its AI's buffers first), its hand
        # dealt and replayed, its table drawn
        app = self.menu.app
        try:
            if self.sess is None:
                from device.session import Session
                self.sess = made_again(self.saved, Session)
                return False
            if not self.replayed:
                self.sess.replay(self.saved.plays)
                self.replayed = True
                if self.sess.hand_over():
                    # played to its last play, its end not written (a power
                    # cut between the two): Continue scores it and shows it
                    self.sess = None
                    return True
                return False
        except Exception:
            self.sess = None
            return True
        app.game_on()
        app.play.begin(self.sess)
        self.menu.resumed = self
        return True


def resume(app, link=False):
    """Carry on the game saved (app.saved) in the press; link: a link game,
    over the link device/linkmenu.py has just opened. A save that is no
    real game is dropped, and the main menu says why."""
    sv = app.saved
    try:
        app.end_game()
        if link:
            from device.linkgame import LinkSession as kind
        else:
            from device.session import Session as kind
        sess = made_again(sv, kind)
        sess.replay(sv.plays)  # ValueError: a saved play that does not exist
    except Exception as e:
        if link:
            app.link.stop()
        app.forget_game()
        app.home("save unusable: %s" % e)
        return
    if link:
        app.link.start(sess)
    app.start_game(sess)


class DealAhead(Job):
    """While the new-game menu waits for its press: the game its values
    name made, its first hand dealt and its table drawn off the screen, so
    that Start costs its screen switch only (a whole frame's rendering and
    I2C are about 71 ms of the 100 ms a press may take on a board). None is
    made for values no rule set allows."""
    group = "deal"
    rank = 5

    def __init__(self, menu):
        Job.__init__(self)
        self.menu = menu
        self.chosen = menu.chosen()
        self.sess = None

    def step(self, now):
        app = self.menu.app
        if self.sess is None:
            level, players, people, variant, target = self.chosen
            try:
                rules = preset(variant, players, target)
            except ValueError:
                return True
            self.sess = made(app, self.chosen, self.menu.opened, rules)
            return False
        app.game_on()
        app.play.begin(self.sess)
        self.menu.dealt = self
        return True


def made(app, chosen, t, rules):
    """A game of the chosen values (rules: their rule set's, checked), its
    first hand dealt; its seed from the app's generator and t, the time the
    new-game menu opened (a person's press: the same game whether it is
    dealt ahead or at Start)."""
    from device.session import Session
    level, players, people = chosen[0], chosen[1], chosen[2]
    levels = []
    for s in range(players):
        human = s < people if people < players else True
        levels.append("human" if human else level)
    # the app's generator moves on only for the game started (NewGameMenu
    # start): a game dealt ahead for values changed after goes without a trace
    seed = (app.seed * 1103515245 + 12345 + t) & 0x3FFFFFFF
    sess = Session(rules, levels, seed)
    sess.start_hand()
    return sess


class RulesMenu(MenuScreen):
    """The rule sets; A opens one's pages (device/rulestext.py RulePages)."""
    kind = "rules"
    title = "RULES"

    def __init__(self, app):
        MenuScreen.__init__(self, app, [[p, None, 0, p] for p in PRESETS])    # id: the rule set's name

    def pick(self, item, k):
        self.app.open("ruletext", preset(item))


class NewGameMenu(MenuScreen):
    kind = "new"
    title = "NEW GAME"

    def __init__(self, app):
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
                 ["Start", None, 0, _START]]
        if app.h.link is not None:      # a device with a link (hal/link.py): two devices, one game
            items.append(["Link game", None, 0, _LINK])
        MenuScreen.__init__(self, app, items, 5)
        self.dealt = None       # the DealAhead job whose game is dealt, for the values shown
        self.opened = app.now()

    def show(self):
        MenuScreen.show(self)
        self.deal_ahead()

    def deal_ahead(self):
        self.dealt = None
        self.app.jobs.start(DealAhead(self))

    def closed(self):
        # the game dealt ahead goes unless Start took it, with the
        # controller's hold on it (a link game, or the main menu, next)
        app = self.app
        app.jobs.cancel("deal")
        d = self.dealt
        if d is not None and app.play is not None and app.play.sess is d.sess:
            app.play.sess = None
        self.dealt = None

    def chosen(self):
        """The values: (level, players, people, rule set, target)."""
        players = self.value(1)
        return (self.value(0), players, min(self.value(2), players), self.value(3), self.value(4))

    def change(self, item, k):
        if k == 1:
            self.items[2][1] = tuple(range(1, self.value(1) + 1))
            self.items[2][2] = min(self.items[2][2], self.value(1) - 1)
            self.app.menu.draw()
        self.deal_ahead()       # the game dealt for the values before goes

    def pick(self, item, k):
        if item == _LINK:
            # the link's screen takes this one's place (closed: its game
            # dealt ahead goes; a link game is dealt from the agreed seed)
            screens.module("link").setup(self.app, self)
        elif item == _START:
            self.start()

    def start(self):
        app = self.app
        chosen = self.chosen()
        level, players, people, variant, target = chosen
        try:
            rules = preset(variant, players, target)
        except ValueError:
            m = app.menu
            m.title = "%s: 2 OR 4 PLAYERS" % variant[:8].upper()
            m.draw()
            app.dirty = True
            return
        st = app.settings
        st.last_level, st.last_players, st.last_variant, st.last_target = (
            level, players, variant, target)
        app.save_settings_later()
        dealt = self.dealt
        self.dealt = None
        app.end_game()
        if dealt is not None and dealt.chosen == chosen:    # dealt and drawn while the menu was read
            app.start_game(dealt.sess, drawn=True)
        else:
            app.start_game(made(app, chosen, self.opened, rules))
        app.seed = app.sess.seed
        app.save()


class StatsMenu(MenuScreen):
    """The stats as lines only: the moves scroll them, A or B goes back."""
    kind = "stats"
    title = "STATS"

    def __init__(self, app):
        t = app.stats
        rows = [("Games", t.games)]
        for k in range(len(LEVELS)):        # a line per level
            rows.append(("Wins " + LEVELS[k], t.wins[k]))
        rows += [("Basras", t.basras), ("Best hand", t.best_hand)]
        items = [["%-15s%6d" % r, False, 0, 0] for r in rows]
        from core.version import VERSION
        items.append(["%-15s%6s" % ("Version", VERSION), False, 0, 0])
        items.append(["A or B: back", False, 0, 0])
        MenuScreen.__init__(self, app, items)

    def pick(self, item, k):
        self.app.pop()
