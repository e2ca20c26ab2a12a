"""A rule set's pages (``RulePages``): how Basra is played, then what the
rule set does, written from its Rules record (each value named by its
core/rules.py constant, so the pages follow core/rules.py whatever the
constants' numbers). Opened from the main menu's list of rule sets
(device/menus.py RulesMenu: a registry entry made into a Rules), and from
the game menu for the game's own Rules (its players and target with it),
so a game's pages need no registry. A screen of device/screens.py: loaded
while it is open."""
from core import rules as R
from device.screens import PagesScreen

COMMON = (
    "BASRA: TAKE CARDS FROM THE FLOOR",
    "EACH GETS A HAND, 4 GO ON THE",
    "FLOOR; NEW HANDS WHEN PLAYED OUT.",
    "ON YOUR TURN PLAY ONE CARD:",
    "- A NUMBER CARD TAKES CARDS OF",
    "  ITS VALUE, ALONE OR IN SUMS",
    "  (A=1 .. 10). 7 TAKES 7, OR 3+4",
    "- Q TAKES A Q, K TAKES A K.",
    "- J TAKES THE WHOLE FLOOR.",
    "- NO CAPTURE: THE CARD IS LAID.",
    "BASRA: YOU CLEAR THE FLOOR.",
    "LAST CARDS ON THE FLOOR GO TO",
    "THE LAST PLAYER WHO TOOK.",
    "MOST CARDS WIN THE MAJORITY.",
    "CONTROLS: LEFT/RIGHT A CARD,",
    "INVERTED FLOOR CARDS ARE TAKEN.",
    "A PLAYS. SEVERAL CAPTURES: A",
    "THEN LEFT/RIGHT (OR UP/DOWN),",
    "A PLAYS, B BACK. B: GAME MENU",
    "(HINT, UNDO, RULES, QUIT).",
)


def lines(r):
    """The pages of the Rules r as a list of lines (32 columns)."""
    out = [r.name.upper() + " RULES", ""]
    out.append("CARDS: %d EACH A DEAL" % r.hand_size)
    out.append("CAPTURE: " + ("ANY SUMS" if r.capture == R.CAPTURE_FREE
                              else "THE MOST SUMS ONLY"))
    out.append("LAY DOWN WHEN ABLE: " + ("YES" if r.lay_down else "NO"))
    jb = r.jack_basra
    out.append("J BASRA: " + ("FLOOR OF 1" if jb == R.JACK_BASRA_ONE else
                              "FLOOR OF 1 OR 2" if jb == R.JACK_BASRA_TWO else
                              "LONE JACK" if jb == R.JACK_BASRA_LONE_JACK else "NEVER"))
    sv = r.seven
    out.append("7D: " + ("WILD SWEEP" if sv == R.SEVEN_WILDCARD else
                         "BASRA IF SUM<=%d" % r.seven_max if sv == R.SEVEN_SMALL_FLOOR else
                         "PLAIN 7" if sv == R.SEVEN_PLAIN else
                         "SWEEPS, BASRA<=%d" % r.seven_max))
    if r.basra_limit == R.BASRA_LONE:
        out.append("BASRA: LONE CARD(S) ONLY")
    out.append("BASRA %d  MAJORITY %d" % (r.basra_points, r.majority_points))
    out.append("J %d  A %d  2C %d  10D %d" % (r.jack_points, r.ace_points,
                                          r.two_clubs_points, r.ten_diamonds_points))
    if r.tie_carry:
        out.append("TIED MAJORITY CARRIES OVER")
    out.append("GAME TO %d" % r.target)
    out.append("")
    out.extend(COMMON)
    return out


class RulePages(PagesScreen):
    kind = "rules"

    def __init__(self, app, rules):
        PagesScreen.__init__(self, app, lines(rules))
