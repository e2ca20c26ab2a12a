"""The end of a hand: its scoring counted in the stats, its record made, and
its summary (a column per side, a row per way to score) shown. ``App.rare``
imports this module for the one call at a hand's end and drops it
afterwards; it is kept small (half of device/menus.py), as it loads while
the hand's last play waits for its frame."""
from core import cards as C
from core.state import PILE


def hand_over(app):
    """The hand is over (device/play.py): scored, its stats counted, the
    summary shown, and the game's record (the next hand's start, or none
    after the last) written once the summary is on the screen."""
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
        app.saved = None
    else:
        sv = app.record()
        sv.plays = ()
        app.saved = sv
    app.pages.open("summary", summary_lines(app))
    app.show(app.pages)
    app.write_when_shown()


def _breakdown(s, side, out):
    # for side after Session.end_hand: [cards, jacks, aces, has 2C, has 10D]
    st = s.state
    where = PILE + side
    jacks = 0
    aces = 0
    for c in range(52):
        if st.loc[c] == where:
            r = C.rank(c)
            if r == C.JACK:
                jacks += 1
            elif r == C.ACE:
                aces += 1
    out[0] = st.pile_n[side]
    out[1] = jacks
    out[2] = aces
    out[3] = 1 if st.loc[4] == where else 0
    out[4] = 1 if st.loc[37] == where else 0
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


def summary_lines(app):
    s = app.sess
    g = s.game
    t = app.table
    ns = s.nsides
    w = 8 if ns == 3 else 12
    head = "HAND %d" % g.hand_no
    lines = [head + " " * (8 - len(head))]
    for side in range(ns):
        lines[0] += ("%" + str(w) + "s") % t.side_names[side][:w - 1]
    rows = [[0] * 5 for _ in range(ns)]
    for side in range(ns):
        _breakdown(s, side, rows[side])
    maj = _majority_side(s)
    r = s.rules

    def row(name, fn):
        line = name + " " * (8 - len(name))
        for side in range(ns):
            line += ("%" + str(w) + "s") % fn(side)
        lines.append(line)

    row("CARDS", lambda k: "%d%s" % (rows[k][0], "+%d" % (r.majority_points + s.carry_before)
                                     if k == maj else ""))
    row("JACKS", lambda k: "%d" % rows[k][1] if rows[k][1] else "-")
    row("ACES", lambda k: "%d" % rows[k][2] if rows[k][2] else "-")
    row("2C", lambda k: "+%d" % r.two_clubs_points if rows[k][3] else "-")
    row("10D", lambda k: "+%d" % r.ten_diamonds_points if rows[k][4] else "-")
    row("BASRAS", lambda k: "%dx%d" % (s.hand_basras[k], r.basra_points)
        if s.hand_basras[k] else "-")
    carry = g.carry
    lines.append("CARRY   %s" % (("%d NEXT HAND" % carry) if carry else
                                 ("%d TAKEN" % s.carry_before if s.carry_before and maj >= 0
                                  else "-")))
    row("HAND", lambda k: "OUT" if g.out >> k & 1 else "%d" % g.hand_points[k])
    row("TOTAL", lambda k: "%d" % g.scores[k])
    return lines
