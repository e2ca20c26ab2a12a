"""The hand's summary (the pages shown when a hand ends): a column per side,
a row per way to score. ``App.rare`` imports this module for the one call at
a hand's end and drops it afterwards: it is small, as it loads while the
hand's last play waits for its frame (device/menus.py is about four times
its size)."""


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
        s.breakdown(side, rows[side])
    maj = s.majority_side()
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
