"""What the save holds (device/store.py keeps it, device/savewrite.py and
device/saveload.py turn it into bytes and back): the game in progress
(``Saved``), the settings and the stats, the codes of the levels and the
sizes of the store."""

SLOT = 128  # bytes per slot
SIZE = 2 * SLOT  # the least the store must hold (two slots); the log uses up to SLOTS
SLOTS = 32  # slots the save uses at most (4 KB: an RP2040's whole nvm sector)
# a write made while no play can be pressed (an AI or the other device to
# move) writes the log again once fewer than this many slots would be left
# (device/saveformat.py place, device/app.py): the sector's erase, 51 ms on
# a board, falls there, not in the write a person's next play can land in.
# With an AI seat every person's play is such a write, and at most three
# others come between two of them (a hand's end), so the log comes round
# there; with people only it comes round where it falls
EARLY_ERASE = 4
MAX_PLAYS = 48  # plays in one hand: 52 cards, 4 of them the first floor
# A play is saved as its place among the plays of its position (core/plays.py
# lists them; a big floor has thousands): one byte below 255, else 255 and
# three bytes.
PLACE_ESCAPE = 255
# a seat's code: an AI level's stable code (core/ai/__init__.py CODES: easy 1,
# normal 2, hard 3, expert 4, master 6, as earlier builds saved them), or
# these: a person, or a seat played on the other device of a link game
HUMAN_CODE = 0
LINK_CODE = 5
# wins in a version-2 save: easy to expert (version 3 writes a count, then
# that many, one per level in the registry's order: device/savewrite.py)
V2_WINS = 4


class Record:
    """Equal when of one class and agreeing on every field."""

    def __eq__(self, other):
        return type(self) is type(other) and self.__dict__ == other.__dict__


class Saved(Record):
    """A game in progress: enough to rebuild it exactly (see ``saveload.resume``)."""
    def __init__(self, variant="egyptian", players=2, levels=None, target=101, seed=1,
                 hand_no=0, dealer=None, scores=None, carry=0, plays=()):
        self.variant = variant
        self.players = players
        self.levels = levels if levels is not None else ["human"] + ["normal"] * (players - 1)
        self.target = target
        self.seed = seed
        self.hand_no = hand_no
        self.dealer = players - 1 if dealer is None else dealer
        self.scores = scores if scores is not None else [0] * (2 if players == 4 else players)
        self.carry = carry
        self.plays = tuple(plays)  # each play's place (see PLACE_ESCAPE)


class Settings(Record):
    def __init__(self):
        self.contrast = 128  # 0..255
        self.sleep_s = 60  # seconds without a press before the screen sleeps (0: never)
        self.sound = True
        self.rotation = 0  # 0 or 180
        self.hints = True
        self.undo = False
        self.last_level = "normal"
        self.last_players = 2
        self.last_variant = "egyptian"
        self.last_target = None  # None: the rule set's own target


class Stats(Record):
    def __init__(self):
        self.games = 0
        from core.ai import LEVELS
        self.wins = [0] * len(LEVELS)  # per AI level, in the registry's order
        self.basras = 0
        self.best_hand = 0


def to_move(saved):
    """The seat to play next in saved (plays go round from the dealer's left)."""
    return (saved.dealer + 1 + len(saved.plays)) % saved.players
