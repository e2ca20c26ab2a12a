"""The oracle: a player that sees every card (a yardstick for tests and the
arena; the device never loads this module). Its own way in: ``see(state)``
before each decision hands its sampler the true state, which every world
copies; the Observation the levels read has no path to a State.
Allocates nothing per decision."""
from core.ai.observe import copy_piles
from core.ai.player import Player
from core.ai.world import Sampler
from core.state import FLOOR

ORACLE = "oracle"


class TruthSampler(Sampler):
    """Every world is the true state (see())."""

    def __init__(self):
        Sampler.__init__(self)
        self.truth = None

    def sample(self, obs, world, prng, index=-1):
        copy_state(self.truth, world)
        return world

    def count(self, obs, cap):
        return 0


class Oracle(Player):
    """A search of the true state: 1 world, 3 plies (2 with four players),
    1500 positions. The level name "oracle" (tools/arena.py); not in the
    registry (no device menu offers it)."""

    def __init__(self, rules, seed=1):
        Player.__init__(self, rules, "hard", seed)
        self.level = ORACLE
        self.worlds, self.plies, self.nodes, self.work = 1, 2 if rules.players == 4 else 3, 1500, 0
        self.search.sampler = TruthSampler()

    def see(self, state):
        """The true state of the next decision (read while it is made)."""
        self.search.sampler.truth = state


def copy_state(src, dst):
    """dst becomes src (same rules), without its undo history."""
    dst.clear(src.dealer)
    for c in range(52):
        w = src.loc[c]
        if w == FLOOR:
            dst.lay(c)
        else:
            dst.loc[c] = w
        dst.stock[c] = src.stock[c]
    for i in range(len(src.hand)):
        dst.hand[i] = src.hand[i]
    for s in range(src.nseats):
        dst.hand_n[s] = src.hand_n[s]
    copy_piles(src, dst)
    dst.stock_pos = src.stock_pos
    dst.to_move = src.to_move
    dst.last_capturer = src.last_capturer
