"""The end of a hand: its scoring counted in the stats (and the game, when
it ends the game), its record made, its summary (a column per side, a row
per way to score), and what A on the summary shows next, made while it is
read: the next hand, or the game over menu (device/gameover.py, a screen
whose code comes when it is made). The summary screen's module
(device/screens.py): loaded once the hand's last play is to come
(device/play.py SummaryJob) and let go when the summary closes, or when a
menu opens before the summary is made, so that no moment of a hand but its
last play holds it."""
from core import cards as C
from core.ai import LEVELS
from core.state import PILE
from device import screens
from device.jobs import DONE, Job
from device.screens import PagesScreen


def hand_over(app):
    """The hand is over (device/play.py): scored, its stats counted, its
    summary made (drawn on the pages, off the screen) and the game's record
    (the next hand's start, or none after the last) kept in App.saved; the
    SummaryScreen to show. The record is written with the stats once the
    summary is on the screen: one record, so a power cut counts a hand in
    both or neither."""
    s = app.sess
    g = s.game
    s.end_hand()
    app.hands_over += 1
    me = s.side_of(app.play.viewer)
    t = app.stats
    if s.humans == 1:
        t.basras += s.hand_basras[me]
        if g.hand_points[me] > t.best_hand:
            t.best_hand = g.hand_points[me]
        if g.winner is not None:
            t.games += 1
            # a win against the AI at its level (a link game's other person
            # is not one)
            if g.winner == me and s.level in LEVELS and "link" not in s.levels:
                t.wins[LEVELS.index(s.level)] += 1
    if g.winner is not None:
        app.saved = None
    else:
        sv = app.record()
        sv.plays = ()
        app.saved = sv
    scr = SummaryScreen(app, summary_lines(app))
    app.pages.open(scr.kind, scr.lines)
    scr.drawn = True
    return scr


class AheadJob(Job):
    """While a hand's summary is read (its frame out, its save written):
    the next hand dealt and its table drawn off the screen, so that A on
    the summary costs its screen switch only (a whole frame's rendering
    and I2C, about 71 ms on a board, are most of the 100 ms a press may
    take); after a game's last hand, the game over menu made the same way.
    Not in a link game (the other device deals)."""
    group = "ahead"
    rank = 5

    def __init__(self, app):
        Job.__init__(self)
        self.app = app
        self.over = None        # the game over menu made, or None: the next hand dealt

    def step(self, now):
        app = self.app
        if app.sess.game.winner is None:
            app.sess.start_hand()
            app.play.begin(app.sess)
        else:
            self.over = screens.make(app, "over")
            self.over.draw_ahead()
        return True


class SummaryScreen(PagesScreen):
    kind = "summary"
    name = "summary"        # its module's screen (device/screens.py SCREENS)

    def __init__(self, app, lines):
        PagesScreen.__init__(self, app, lines)
        self.ahead = None

    def show(self):
        PagesScreen.show(self)
        if self.ahead is None and self.app.link is None:
            self.ahead = self.app.jobs.start(AheadJob(self.app))

    def close(self):
        app = self.app
        job = self.ahead
        if job is not None and job.state == DONE:
            if job.over is not None:        # made while the summary was read
                app.end_game()
                app.switch(job.over)
            else:                           # the hand dealt and drawn meanwhile
                app.save()
                app.pop("drawn")
            return
        app.jobs.cancel("ahead")
        if app.sess.game.winner is not None:
            game_over(app)
        else:
            app.sess.start_hand()
            app.save()
            app.pop("begin")


def game_over(app):
    """The game over menu in the summary's place, the game let go."""
    scr = screens.make(app, "over")
    app.end_game()
    app.switch(scr)


def _breakdown(s, side, out):
    # for side after Session.end_hand: [cards, jacks, aces, has 2C, has 10D]
    loc = s.state.loc
    where = PILE + side
    jacks = 0
    aces = 0
    for suit in range(4):   # the four Jacks and four Aces, not all 52 cards
        if loc[C.JACK << C.RANK_SHIFT | suit] == where:
            jacks += 1
        if loc[C.ACE << C.RANK_SHIFT | suit] == where:
            aces += 1
    out[0] = s.state.pile_n[side]
    out[1] = jacks
    out[2] = aces
    out[3] = 1 if loc[C.TWO_CLUBS] == where else 0
    out[4] = 1 if loc[C.TEN_DIAMONDS] == where else 0
    return out


def _majority_side(s):
    # the side that took the majority this hand, or -1
    st = s.state
    best = -1
    who = -1
    tie = False
    for side in range(s.nsides):
        n = st.pile_n[side]
        if n > best:
            best, who, tie = n, side, False
        elif n == best:
            tie = True
    if tie or best < s.rules.majority_min:
        return -1
    return who


def _row(name, cells, fmt):
    # a row of the summary: its name in 8 columns, then each side's cell
    # (fmt: one format for the whole row, made by summary_lines)
    return fmt % ((name,) + tuple(cells))


def _most(s, maj, names, fmt):
    # the majority's row, in words: its points in the side's cell ("+30";
    # "+30 +30 FROM TIE" with points held over from a tie), or where the
    # points go when no side took the most cards ("TIED, 30 TO NEXT HAND")
    r = s.rules
    before = s.carry_before
    carry = s.game.carry
    if maj >= 0 and before:
        return "MOST CARDS %s +%d +%d FROM TIE" % (names[maj], r.majority_points, before)
    if maj < 0 and carry:
        return "MOST CARDS %s, %d TO NEXT HAND" % ("TIED" if carry > before else "NONE", carry)
    # the name is 10 columns: it takes 2 of the first cell's (right-aligned, short)
    return "MOST CARDS" + _row("", ["+%d" % r.majority_points if k == maj else "-"
                                    for k in range(s.nsides)], fmt)[10:]


def summary_lines(app):
    s = app.sess
    g = s.game
    t = app.table
    sides = range(s.nsides)
    w = 8 if s.nsides == 3 else 12
    fmt = "%-8s" + ("%" + str(w) + "s") * s.nsides    # the name, then each side right-aligned
    b = [_breakdown(s, k, [0] * 5) for k in sides]
    maj = _majority_side(s)
    r = s.rules
    bas = s.hand_basras
    return [
        _row("HAND %d" % g.hand_no, [t.side_names[k][:w - 1] for k in sides], fmt),
        _row("CARDS", ["%d" % b[k][0] for k in sides], fmt),
        _most(s, maj, t.side_names, fmt),
        _row("JACKS", ["%d" % b[k][1] if b[k][1] else "-" for k in sides], fmt),
        _row("ACES", ["%d" % b[k][2] if b[k][2] else "-" for k in sides], fmt),
        _row("2C", ["+%d" % r.two_clubs_points if b[k][3] else "-" for k in sides], fmt),
        _row("10D", ["+%d" % r.ten_diamonds_points if b[k][4] else "-" for k in sides], fmt),
        _row("BASRAS", ["%dx%d" % (bas[k], r.basra_points) if bas[k] else "-" for k in sides], fmt),
        _row("POINTS", ["OUT" if g.out >> k & 1 else "%d" % g.hand_points[k] for k in sides], fmt),
        _row("TOTAL", ["%d" % g.scores[k] for k in sides], fmt),
    ]
