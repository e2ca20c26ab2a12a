"""The named rule sets (docs/rules.md says which rule text each follows),
and the check that refuses a combination that cannot be played.

Loaded only when a game is made (a new game, a saved one resumed, a link
game agreed): on a board the device drops it afterwards, so its code does
not stay on the heap beside the game (core/rules.py's Rules does).

    r = preset("french", players=4)    # a checked Rules
    r.target = 151
    check(r)                           # ValueError if it cannot be played
"""
from core.rules import (BASRA_ANY, BASRA_LONE, CAPTURE_FREE, CAPTURE_MAXIMAL, JACK_BASRA_LONE_JACK,
                        JACK_BASRA_ONE, SEVEN_PLAIN, SEVEN_SMALL_FLOOR, SEVEN_SWEEP, SEVEN_WILDCARD, Rules)

PRESETS = ("egyptian", "french", "alkomi", "czech", "italian", "lebanese", "iraqi")

FIELDS = (
    "name", "players", "hand_size", "capture", "lay_down", "jack_basra", "seven",
    "seven_max", "basra_points", "basra_limit", "majority_points", "majority_min",
    "tie_carry", "jack_points", "ace_points", "two_clubs_points",
    "ten_diamonds_points", "target", "leftover",
)
# egyptian's value of each field: every rule set starts from it (core/rules.py
# says what each means; Rules itself holds no defaults, so that their code is
# not on a board's heap beside a game)
_EGYPTIAN = (
    "egyptian", 2, 4, CAPTURE_FREE, True, 0, SEVEN_SWEEP,     # jack_basra 0: never
    10, 10, BASRA_ANY, 30, 0,
    False, 1, 1, 2,
    3, 101, 0,                                                # leftover 0: the last capturer
)


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
    """The named rule set (see PRESETS), checked.

    ``name`` may also be a Rules, returned as a checked copy.
    """
    r = Rules()
    if isinstance(name, Rules):
        for k in FIELDS:
            setattr(r, k, getattr(name, k))
    else:
        for k, v in zip(FIELDS, _EGYPTIAN):
            setattr(r, k, v)
        r.name = name
        if name == "egyptian":
            pass
        elif name == "french":
            r.capture = CAPTURE_MAXIMAL
            r.lay_down = False
            r.tie_carry = True
        elif name == "alkomi":
            r.capture = CAPTURE_MAXIMAL
            r.jack_basra = JACK_BASRA_LONE_JACK
            r.seven = SEVEN_WILDCARD
            r.jack_points = 0
            r.ace_points = 0
            r.two_clubs_points = 0
            r.ten_diamonds_points = 0
        elif name == "czech":
            r.seven_max = 9
            r.ace_points = 0
            r.tie_carry = True
            r.target = 121
        elif name == "italian" or name == "iraqi":
            # IT's game; its Iraqi variant changes only the two values below
            r.jack_basra = JACK_BASRA_ONE
            r.seven = SEVEN_SMALL_FLOOR
            if name == "iraqi":
                r.basra_points = 5
                r.ten_diamonds_points = 6
        elif name == "lebanese":
            r.hand_size = 6
            r.seven = SEVEN_PLAIN
            r.basra_limit = BASRA_LONE
            r.majority_points = 3
        else:
            raise ValueError("unknown rule set %r (known: %s)" % (name, ", ".join(PRESETS)))
    if players is not None:
        r.players = players
    if target is not None:
        r.target = target
    return check(r)
