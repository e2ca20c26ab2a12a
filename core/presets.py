"""The registry of rule sets (docs/rules.md says which rule text each
follows), and the check that refuses a combination that cannot be played.

The registry, ``RULE_SETS``, is a tuple of entries, one a rule set, each
``(name, code, fields)``:

- ``name``: what menus, saves, rule pages and the referee call it (lowercase
  letters; a save keeps it, so a name is never changed);
- ``code``: a stable small int, 0..255, that the link sends (never
  renumbered nor reused: two builds agree on it whatever the order; the
  first seven are the positions the link sent before there were codes, so
  older builds agree on them too);
- ``fields``: ``(field, value)`` pairs, what the rule set changes from
  ``BASE`` (every field of core/rules.py's Rules with egyptian's value).

A new rule set is one more entry; the menus, the rule pages, the link and
the saves read the registry (``PRESETS``: the names in menu order;
``name_of``, ``code_of``).

On a board it is held by what makes a game (the menus, the link's
screens, the save's reading side: device/screens.py ``SHARED``), not by
the game once it is made, which keeps its own Rules.

    r = preset("french", players=4)    # a checked Rules
    r.target = 151
    check(r)                           # ValueError if it cannot be played
"""
from core.rules import (BASRA_ANY, BASRA_LONE, CAPTURE_FREE, CAPTURE_MAXIMAL, JACK_BASRA_LONE_JACK,
                        JACK_BASRA_ONE, SEVEN_PLAIN, SEVEN_SMALL_FLOOR, SEVEN_SWEEP, SEVEN_WILDCARD, Rules)

# (name, code, fields): see the module's docstring
RULE_SETS = (
    ("egyptian", 0, ()),
    ("french", 1, (("capture", CAPTURE_MAXIMAL), ("lay_down", False), ("tie_carry", True))),
    ("alkomi", 2, (("capture", CAPTURE_MAXIMAL), ("jack_basra", JACK_BASRA_LONE_JACK),
                   ("seven", SEVEN_WILDCARD), ("jack_points", 0), ("ace_points", 0),
                   ("two_clubs_points", 0), ("ten_diamonds_points", 0))),
    ("czech", 3, (("seven_max", 9), ("ace_points", 0), ("tie_carry", True), ("target", 121))),
    ("italian", 4, (("jack_basra", JACK_BASRA_ONE), ("seven", SEVEN_SMALL_FLOOR))),
    ("lebanese", 5, (("hand_size", 6), ("seven", SEVEN_PLAIN), ("basra_limit", BASRA_LONE),
                     ("majority_points", 3))),
    # IT's Iraqi variant: IT's game with two values changed
    ("iraqi", 6, (("jack_basra", JACK_BASRA_ONE), ("seven", SEVEN_SMALL_FLOOR),
                  ("basra_points", 5), ("ten_diamonds_points", 6))),
)

# Every field of a Rules, with egyptian's value: every rule set starts from
# it (core/rules.py says what each means; Rules itself holds no defaults,
# so that their code is not on a board's heap beside a game)
BASE = (
    ("players", 2), ("hand_size", 4), ("capture", CAPTURE_FREE), ("lay_down", True),
    ("jack_basra", 0),                                  # 0: never
    ("seven", SEVEN_SWEEP), ("seven_max", 10), ("basra_points", 10), ("basra_limit", BASRA_ANY),
    ("majority_points", 30), ("majority_min", 0), ("tie_carry", False), ("jack_points", 1),
    ("ace_points", 1), ("two_clubs_points", 2), ("ten_diamonds_points", 3), ("target", 101),
    ("leftover", 0),                                    # 0: the last capturer
)

PRESETS = tuple(e[0] for e in RULE_SETS)   # the names, in menu order


def name_of(code):
    """The name of the rule set with that link code, or None (a rule set
    this build does not have)."""
    for e in RULE_SETS:
        if e[1] == code:
            return e[0]
    return None


def code_of(name):
    """The link code of the rule set called name, or None."""
    for e in RULE_SETS:
        if e[0] == name:
            return e[1]
    return None


def check(r):
    """r, or ValueError when its combination cannot be played."""
    if r.players not in (2, 3, 4):
        raise ValueError("players must be 2, 3 or 4, not %r" % (r.players,))
    if r.hand_size < 1 or r.hand_size > 6:
        raise ValueError("cards per deal must be 1 to 6, not %r" % (r.hand_size,))
    per_deal = r.players * r.hand_size
    if 48 % per_deal:
        raise ValueError(
            "%d players with %d cards each take %d cards a deal, which does not "
            "divide the 48 cards left after the floor"
            % (r.players, r.hand_size, per_deal)
        )
    if r.target < 1:
        raise ValueError("target must be positive, not %r" % (r.target,))
    return r


def preset(name, players=None, target=None):
    """The named rule set (see RULE_SETS), checked.

    ``name`` may also be a Rules, returned as a checked copy.
    """
    r = Rules()
    if isinstance(name, Rules):
        r.name = name.name
        for k, _v in BASE:
            setattr(r, k, getattr(name, k))
    else:
        r.name = name
        for k, v in BASE:
            setattr(r, k, v)
        for e in RULE_SETS:
            if e[0] == name:
                for k, v in e[2]:
                    setattr(r, k, v)
                break
        else:
            raise ValueError("unknown rule set %r (known: %s)" % (name, ", ".join(PRESETS)))
    if players is not None:
        r.players = players
    if target is not None:
        r.target = target
    return check(r)
