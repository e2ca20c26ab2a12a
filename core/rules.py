"""Rule sets: one compact record of small ints and flags per rule set, read
in the move loop, and the names of its values.

core/presets.py makes the named rule sets and checks a combination; it is
loaded only when a game is made (on a board its code then leaves the heap).
"""
from core.compat import const

# capture: which floor sets a number card may take
CAPTURE_FREE = const(0)  # any non-empty set that splits into groups of its value
CAPTURE_MAXIMAL = const(1)  # only sets that no bigger such set contains

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

class Rules:
    """One rule set. Plain int attributes, read in the move loop; made by
    core/presets.py ``preset()``, which sets every one of them (egyptian's
    values, then the rule set's own):

    - name: the rule set's name
    - players: 2, 3 (each for themselves) or 4 (two teams)
    - hand_size: cards per player per deal
    - capture: CAPTURE_FREE or CAPTURE_MAXIMAL
    - lay_down: a card that could capture may be laid down instead
    - jack_basra: when a Jack's sweep is also a basra (JACK_BASRA_*; 0 never)
    - seven, seven_max: what the 7 of diamonds does (SEVEN_*), and the
      floor total limit it uses
    - basra_points, basra_limit (BASRA_ANY, BASRA_LONE)
    - majority_points, majority_min: the most cards' points, and the fewest
      cards the majority needs (0: just the most)
    - tie_carry: a tie for most cards holds the points over to the next hand
    - jack_points, ace_points, two_clubs_points, ten_diamonds_points
    - target: the points that end the game
    - leftover: who takes the floor left after the last play (0 the last
      capturer, LEFTOVER_NOBODY)
    """

    @property
    def sides(self):
        """Scoring sides: players in teams of two when four play."""
        return 2 if self.players == 4 else self.players

    @property
    def deals(self):
        return 48 // (self.players * self.hand_size)
