"""A whole game: hands until a side reaches the target, scores and carry-over.

The driver above State used by the referee and the device. Each hand's deck
depends only on the seed and the hand's number, so that the same deal can be
replayed with the seats swapped (duplicate deals).
"""
from core.prng import Prng
from core.state import State


def hand_seed(seed, hand_no):
    """The PRNG seed of a hand's shuffle (small ints only)."""
    return ((seed & 0xFFFFF) * 1021 + hand_no * 7919 + 1) & 0x3FFFFFFF


class Game:
    def __init__(self, rules, seed, first_dealer=None):
        # rules: a rule set's name or a Rules (copied)
        from core.presets import preset
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
        self.out = 0  # bit s: side s's points of the last hand did not count
        self.hand_no = 0
        # the seat after the dealer leads: seat 0 leads the first hand
        self.dealer = self.rules.players - 1 if first_dealer is None else first_dealer
        self.winner = None

    def start_hand(self):
        self.prng.seed(hand_seed(self.seed, self.hand_no))
        self.state.new_hand(self.dealer, self.prng)

    def end_hand(self):
        """Leftover, scoring, the next dealer. Returns the leftover's side (or NOBODY).

        A hand played after a tie for the highest score at the target is
        between the tied sides (IT "tra i giocatori in pareggio"): every seat
        still plays it, but the points of a side below the highest are not
        counted, so that side can no longer win (see docs/rules.md).
        """
        st = self.state
        side = st.take_leftover()
        self.carry = st.score(self.carry, self.hand_points)
        self.out = out_of_the_running(self.scores, self.rules.target)
        for s in range(self.nsides):
            if self.out >> s & 1:
                self.hand_points[s] = 0
            self.scores[s] += self.hand_points[s]
        self.hand_no += 1
        self.dealer = (self.dealer + 1) % self.rules.players
        self.winner = game_winner(self.scores, self.rules.target)
        return side


def out_of_the_running(scores, target):
    """Bit s set for each side s that can no longer win: once a tie for the
    highest score at the target has called for another hand, the sides below
    that highest score (3 players; with 2 sides a tie leaves nobody below)."""
    best = max(scores)
    out = 0
    if best >= target:
        for s in range(len(scores)):
            if scores[s] < best:
                out |= 1 << s
    return out


def game_winner(scores, target):
    """The side that has won, or None: the highest score at or past the
    target wins; a tie for the highest means another hand (between the
    tied sides: see Game.end_hand)."""
    best = max(scores)
    if best < target or scores.count(best) > 1:
        return None
    return scores.index(best)
