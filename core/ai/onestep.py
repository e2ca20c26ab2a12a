"""The one-play levels, easy and normal: each root play (core/ai/roots.py)
valued by the static evaluation after it; normal also takes off the danger
it leaves (what the next player can do to the floor); easy misses sums a
third of the time and plays any card one turn in eight. The search levels
(core/ai/search.py) do not load this module.
"""
from core import cards as C
from core.ai.evaluate import Q, chance_of_any
from core.ai.observe import UNSEEN
from core.state import FLOOR, LAY, SWEEP
from core.sums import covers


def one_play(roots, rules, prng, obs, beginner):
    """Index into roots.root of the play for obs (beginner: easy, with
    prng's mistakes; else normal)."""
    s = roots
    n = s.root_plays(obs)
    w = s.world
    side = obs.seat % rules.sides
    root = s.root
    if beginner and prng.below(8) == 0:
        return prng.below(n)
    miss_sums = beginner and prng.below(3) == 0
    # the next player's hand after this play
    nxt = (obs.seat + 1) % rules.players
    next_hand = obs.hand_n[nxt]
    best = 0
    best_v = -(1 << 28)
    for i in range(n):
        word = root[2 * i]
        take = root[2 * i + 1]
        flags = word >> 8
        if miss_sums and not flags & (LAY | SWEEP) and not _one_group(word, take):
            continue
        w.apply(word, take)
        v = s.ev.static(w, side, obs.carry)
        if not beginner and (rules.sides == 2 or nxt % rules.sides != side):
            v -= danger(w, obs, next_hand)
        w.undo_play()
        if v > best_v:
            best_v = v
            best = i
    return best


def danger(st, obs, next_hand):
    """Expected quarter points the next player (holding next_hand cards) wins
    from the floor st shows, from the cards obs has not seen."""
    fn = st.floor_n
    if fn == 0 or next_hand == 0:
        return 0
    unseen = 0
    for c in range(52):
        if obs.where[c] == UNSEEN:
            unseen += 1
    fr = st.floor_rank
    floor_pts = 0
    for c in range(52):
        if st.loc[c] == FLOOR:
            floor_pts += st.points[c]
    whole = (floor_pts + fn + 1) * Q  # the floor, the card, and a card of lead each
    worst = 0
    faces = fr[C.JACK] + fr[C.QUEEN] + fr[C.KING]
    basra = st.rules.basra_points * Q
    # a card of rank r that clears the floor makes a basra
    for r in range(13):
        if r == C.JACK:
            continue
        if r > C.JACK:
            clears = fr[r] == fn
        else:
            clears = faces == 0 and covers(fr, r + 1)
        if clears:
            k = 0
            for s in range(4):
                if obs.where[r * 4 + s] == UNSEEN:
                    k += 1
            risk = chance_of_any(k, unseen, next_hand) * (whole + basra) // 1024
            if risk > worst:
                worst = risk
    # a Jack sweeps whatever is there
    k = 0
    for s in range(4):
        if obs.where[C.JACK * 4 + s] == UNSEEN:
            k += 1
    risk = chance_of_any(k, unseen, next_hand) * whole // 1024
    if risk > worst:
        worst = risk
    return worst


def _one_group(word, take):
    # a match or a single sum: the take adds up to the card's value once
    card = word & 63
    if (card >> 2) >= C.JACK:
        return True
    total = 0
    v = 1
    while take:
        total += (take & 7) * v
        take >>= 3
        v += 1
    return total == (card >> 2) + 1
