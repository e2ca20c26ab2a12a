"""The hint: the expert's play for a seat, and why in at most 21 characters
(device/play.py shows the words after the hint's card; the device searches
step by step and asks ``reason`` once the AI has gone)."""
from core.plays import cards_taken
from core.state import BASRA, LAY, SWEEP, TAKES_2C, TAKES_10D


def hint(player, state, seat, carry=0, clock=None):
    """(word, take, reason): the expert's play for seat with player's
    buffers and generators, whatever its level, and why."""
    from core.ai.levelbot import choose
    from core.ai.player import Player
    from core.ai.search import Search
    p = player
    if not isinstance(p.search, Search):
        # a one-play level's roots become a search, its generator where it was
        s = Search(p.rules)
        s.prng.state = p.search.prng.state
        p.search = s
    # the expert's kind and budget for this decision (the device makes an
    # expert Player for a hint instead: device/session.py)
    names = ("level", "kind", "worlds", "plies", "nodes", "work", "deadline")
    saved = [getattr(p, k) for k in names]
    e = Player(p.rules, "expert")
    for k in names:
        setattr(p, k, getattr(e, k))
    try:
        word, take = choose(p, state, seat, carry, clock)
    finally:
        for k, v in zip(names, saved):
            setattr(p, k, v)
    return word, take, reason(state, word, take)


def reason(state, word, take):
    """"BASRA", "sweeps 6 cards", "takes 10D + 2 cards", "clears the floor",
    "takes 3 cards", "leaves no lone card" or "starts the floor" (a lay-down)
    for the play (word, take) in state, before it is made."""
    flags = word >> 8
    if flags & BASRA:
        return "BASRA"
    if flags & SWEEP:
        return "sweeps %d cards" % state.floor_n
    if flags & LAY:
        # laid on an empty floor it stands alone; on a floor, none is alone
        return "starts the floor" if state.floor_n == 0 else "leaves no lone card"
    n = cards_taken(state, word, take)
    for flag, name in ((TAKES_10D, "10D"), (TAKES_2C, "2C")):
        if flags & flag:
            return "takes %s + %d cards" % (name, n - 1) if n > 1 else "takes the " + name
    if state.floor_n == n:
        return "clears the floor"
    return "takes %d card%s" % (n, "" if n == 1 else "s")
