"""A whole game: hands until a side reaches the target, scores and carry-over.

The driver above State used by the referee and the device. Each hand's deck
depends only on the seed and the hand's number, so that the same deal can be
replayed with the seats swapped (duplicate deals).
"""
from core.prng import Prng
from core.rules import preset
from core.state import State


def hand_seed(seed, hand_no):
    """The PRNG seed of a hand's shuffle (small ints only)."""
    return ((seed & 0xFFFFF) * 1021 + hand_no * 7919 + 1) & 0x3FFFFFFF


class Game:
    def __init__(self, rules, seed, first_dealer=None):
        self.rules = preset(rules)
        self.state = State(self.rules)
        self.prng = Prng(1)
        self.nsides = self.rules.sides
        self.scores = [0] * self.nsides
        self.hand_points = [0] * self.nsides
        self.reset(seed, first_dealer)

    def reset(self, seed, first_dealer=None):
        """A new game on the same buffers."""
        self.seed = seed
        for s in range(self.nsides):
            self.scores[s] = 0
            self.hand_points[s] = 0
        self.carry = 0
        self.hand_no = 0
        # the seat after the dealer leads: seat 0 leads the first hand
        self.dealer = self.rules.players - 1 if first_dealer is None else first_dealer
        self.winner = None

    def start_hand(self):
        self.prng.seed(hand_seed(self.seed, self.hand_no))
        self.state.new_hand(self.dealer, self.prng)

    def end_hand(self):
        """Leftover, scoring, the next dealer. Returns the leftover's side (or NOBODY)."""
        st = self.state
        side = st.take_leftover()
        self.carry = st.score(self.carry, self.hand_points)
        for s in range(self.nsides):
            self.scores[s] += self.hand_points[s]
        self.hand_no += 1
        self.dealer = (self.dealer + 1) % self.rules.players
        self.winner = game_winner(self.scores, self.rules.target)
        return side


def game_winner(scores, target):
    """The side that has won, or None: the highest score at or past the
    target wins; a tie for the highest means another hand."""
    best = max(scores)
    if best < target or scores.count(best) > 1:
        return None
    return scores.index(best)
