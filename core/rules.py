"""Rule sets: one compact record of small ints and flags per rule set.

``preset(name)`` gives a named rule set; every field can then be changed,
and ``check()`` refuses a combination that cannot be played. docs/rules.md
says, field by field, which rule text each preset follows.
"""
from core.compat import const

# capture: which floor sets a number card may take
CAPTURE_FREE = const(0)  # any non-empty set that splits into groups of its value
CAPTURE_MAXIMAL = const(1)  # only sets to which no further group could be added

# jack_basra: when a Jack's sweep is also a basra
_JACK_BASRA_NEVER = const(0)
JACK_BASRA_ONE = const(1)  # the floor held exactly one card
JACK_BASRA_TWO = const(2)  # ... or exactly two (house rule)
JACK_BASRA_LONE_JACK = const(3)  # the floor held one card, a Jack (Al Komi)

# seven: what the 7 of diamonds does
SEVEN_SWEEP = const(0)  # sweeps; basra when the floor is number cards summing <= seven_max
SEVEN_WILDCARD = const(1)  # sweeps; basra when some card could have cleared that floor
SEVEN_SMALL_FLOOR = const(2)  # sweeps as a basra when the numeric total <= seven_max, else a plain 7
SEVEN_PLAIN = const(3)  # a plain 7

# basra_limit: which clearings count as a basra
BASRA_ANY = const(0)
BASRA_LONE = const(1)  # Lebanese: a lone card matched, or two lone cards by their sum

# leftover: who takes the floor left after the last play
_LEFTOVER_LAST_CAPTURER = const(0)
LEFTOVER_NOBODY = const(1)  # house rule: the cards are set aside, counted for no side

PRESETS = ("egyptian", "french", "alkomi", "czech", "italian", "lebanese", "iraqi")


class Rules:
    """One rule set. Plain int attributes, read in the move loop."""

    def __init__(self):
        self.name = "egyptian"
        self.players = 2  # 2, 3 (each for themselves) or 4 (two teams)
        self.hand_size = 4  # cards per player per deal
        self.capture = CAPTURE_FREE
        self.lay_down = True  # a card that could capture may be laid down instead
        self.jack_basra = _JACK_BASRA_NEVER
        self.seven = SEVEN_SWEEP
        self.seven_max = 10  # floor total limit for the 7 of diamonds
        self.basra_points = 10
        self.basra_limit = BASRA_ANY
        self.majority_points = 30
        self.majority_min = 0  # fewest cards the majority needs (0: just the most)
        self.tie_carry = False  # a tie for most cards holds the points over to the next hand
        self.jack_points = 1
        self.ace_points = 1
        self.two_clubs_points = 2
        self.ten_diamonds_points = 3
        self.target = 101
        self.leftover = _LEFTOVER_LAST_CAPTURER

    @property
    def sides(self):
        """Scoring sides: players in teams of two when four play."""
        return 2 if self.players == 4 else self.players

    @property
    def deals(self):
        return 48 // (self.players * self.hand_size)

    def check(self):
        """Raise ValueError when this combination cannot be played."""
        if self.players not in (2, 3, 4):
            raise ValueError("players must be 2, 3 or 4, not %r" % (self.players,))
        if self.hand_size < 1 or self.hand_size > 6:
            raise ValueError("cards per deal must be 1 to 6, not %r" % (self.hand_size,))
        per_deal = self.players * self.hand_size
        if 48 % per_deal:
            raise ValueError(
                "%d players with %d cards each take %d cards a deal, which does not "
                "divide the 48 cards left after the floor"
                % (self.players, self.hand_size, per_deal)
            )
        if self.target < 1:
            raise ValueError("target must be positive, not %r" % (self.target,))
        return self

    def copy(self):
        r = Rules()
        for k in FIELDS:
            setattr(r, k, getattr(self, k))
        return r

    def as_dict(self):
        return {k: getattr(self, k) for k in FIELDS}


FIELDS = (
    "name", "players", "hand_size", "capture", "lay_down", "jack_basra", "seven",
    "seven_max", "basra_points", "basra_limit", "majority_points", "majority_min",
    "tie_carry", "jack_points", "ace_points", "two_clubs_points",
    "ten_diamonds_points", "target", "leftover",
)


def preset(name, players=None, target=None):
    """The named rule set (see PRESETS), checked.

    ``name`` may also be a Rules, returned as a checked copy.
    """
    if isinstance(name, Rules):
        r = name.copy()
    else:
        r = Rules()
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
    return r.check()
