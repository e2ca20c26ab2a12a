"""Scoring a hand: majority, card points, basras, and the carry-over."""
from core import cards as C


def card_points(rules, out):
    """Fill out[card] (52 entries) with each card's points under rules."""
    for c in range(52):
        rk = C.rank(c)
        if rk == C.JACK:
            out[c] = rules.jack_points
        elif rk == C.ACE:
            out[c] = rules.ace_points
        else:
            out[c] = 0
    out[C.TWO_CLUBS] = rules.two_clubs_points
    out[C.TEN_DIAMONDS] = rules.ten_diamonds_points
    return out


def score(rules, nsides, ncards, cpoints, basras, carry, out):
    """Points of each side for one hand into out[0:nsides]; returns the new carry.

    ncards, cpoints, basras: per side, the cards captured, their card points
    and the basras made. The side with strictly the most cards (and at least
    rules.majority_min) takes the majority points plus any carry; a tie for
    the most cards holds the majority points over when rules.tie_carry.
    """
    best = 0
    at_best = 0
    who = 0
    for s in range(nsides):
        n = ncards[s]
        if n > best:
            best = n
            at_best = 1
            who = s
        elif n == best:
            at_best += 1
    for s in range(nsides):
        out[s] = cpoints[s] + basras[s] * rules.basra_points
    if at_best == 1 and best >= rules.majority_min:
        out[who] += rules.majority_points + carry
        carry = 0
    elif at_best > 1 and rules.tie_carry:
        carry += rules.majority_points
    return carry
