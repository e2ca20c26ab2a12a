"""The oracle's world: the true state behind an observation with ``cheat``
copied (a yardstick for tests and the arena that sees the hidden cards; the
device never loads this module). Allocates nothing."""
from core.ai.observe import copy_piles
from core.state import FLOOR


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
