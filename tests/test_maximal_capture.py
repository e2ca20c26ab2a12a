"""Maximal capture (french, alkomi): a card takes everything it can. The
engine's plays against tests/text_oracle.py, a brute force written from the
rule texts' words (issue 29 item 1)."""
import random

import pytest

from core import cardnames as CN
from core import presets as P
from core.referee import PlayList, legal_plays

from . import text_oracle

MAXIMAL = ("french", "alkomi")
JACK = 10
SEVEN_DIAMONDS = 25

# the issue's two positions: a smaller take (A+A+A; 5+A ...) leaves no group
# of the card's value, yet a bigger take regroups the cards
ISSUE_POSITIONS = (("3S", "AC AD AH 2C 2D 2H"), ("6S", "AC 2C 3D 3H 4S 5S"))
# a take each of them allowed before (what it leaves holds no group of the card)
SMALLER = {"3S": "AC AD AH", "6S": "AC 2C 3D"}


def takes_of(plays, card):
    return {tuple(CN.parse(n) for n in p["take"]) for p in plays if p["card"] == card and p["take"]}


@pytest.mark.parametrize("variant", MAXIMAL)
@pytest.mark.parametrize("hand, floor", ISSUE_POSITIONS)
def test_a_take_a_bigger_take_contains_is_not_a_play(variant, hand, floor):
    plays = legal_plays(hand, floor, variant)
    assert [(p["take"], p["basra"]) for p in plays if p["take"]] == [(floor.split(), True)]


@pytest.mark.parametrize("variant", MAXIMAL)
@pytest.mark.parametrize("hand, floor", ISSUE_POSITIONS)
def test_the_referee_refuses_a_take_a_bigger_take_contains(variant, hand, floor):
    f = CN.parse_list(floor)
    pl = PlayList(P.preset(variant), CN.parse_list(hand), f)
    card = CN.parse(hand)
    assert pl.find(card, f) is not None
    assert pl.find(card, CN.parse_list(SMALLER[hand])) is None


def random_positions(seed, count):
    # floors of 8 to 16 cards from the ranks below top (top 4: only A to 4,
    # the floors with the most captures; top 13: the whole deck), a hand of
    # up to 4 cards (no Jack or 7 of diamonds: they sweep) from the rest
    pick = random.Random(seed)
    for _ in range(count):
        top = pick.randint(4, 13)
        low = list(range(4 * top))
        pick.shuffle(low)
        floor = low[:pick.randint(8, min(16, len(low) - 4))]
        rest = [c for c in range(52) if c not in floor and c // 4 != JACK and c != SEVEN_DIAMONDS]
        pick.shuffle(rest)
        yield rest[:pick.randint(1, 4)], floor


@pytest.mark.parametrize("variant", MAXIMAL)
def test_legal_plays_equal_the_text_oracle_on_floors_of_8_to_16_cards(variant):
    positions = [(CN.parse_list(h), CN.parse_list(f)) for h, f in ISSUE_POSITIONS]
    positions += list(random_positions(29, 30))
    lay_down = P.preset(variant).lay_down
    several = 0
    for hand, floor in positions:
        plays = legal_plays(CN.names(hand), CN.names(floor), variant)
        for card in hand:
            name = CN.name(card)
            want = text_oracle.maximal_captures(card, floor)
            assert takes_of(plays, name) == want, (name, CN.names(floor))
            laid = [p for p in plays if p["card"] == name and not p["take"]]
            # FR "obligé de capturer"; AK lets a card that could capture be laid down
            assert len(laid) == (1 if lay_down or not want else 0)
            for p in plays:
                if p["card"] == name and p["take"]:
                    assert p["basra"] == (len(p["take"]) == len(floor))
            several += len(want) > 1
    assert several > 10       # the positions hold cards with a choice of maximal takes
