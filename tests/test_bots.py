"""The built-in referee bots: what each one plays, and that it stays reproducible."""
import pytest

from core import cards as C
from core.bots import LaydownBot, RandomBot
from core.referee import legal_plays, play_game, replay


def positions(log):
    """(seat, hand, floor, play) before each play of a log, rebuilt from its deals."""
    for hand in log["hands"]:
        floor = list(hand["floor"])
        deals = iter(hand["deals"])
        held = [list(h) for h in next(deals)]
        for p in hand["plays"]:
            if not any(held):
                held = [list(h) for h in next(deals)]
            yield p["seat"], list(held[p["seat"]]), list(floor), p
            held[p["seat"]].remove(p["card"])
            if p["take"]:
                floor = [c for c in floor if c not in p["take"]]
            else:
                floor.append(p["card"])


@pytest.mark.parametrize("variant", ["egyptian", "french", "lebanese"])
def test_the_laydown_bot_lays_a_card_down_whenever_the_rules_let_it(variant):
    log = play_game(6, ["laydown", "random"], variant)
    assert replay(log) == log["scores"]
    laid = forced = 0
    for seat, hand, floor, p in positions(log):
        if seat != 0:
            continue
        may = {q["card"] for q in legal_plays(hand, floor, variant)
               if not q["take"] and not q["card"].startswith("J")}
        if may:
            assert p["card"] in may and p["take"] == [], (hand, floor, p)
            laid += 1
        else:
            forced += 1
    assert laid > 20
    if variant == "french":
        assert forced > 5  # a card that can take must take: the random fallback played


def test_the_laydown_bot_never_lays_a_jack_on_a_floor_while_it_holds_another_card():
    log = play_game(2, ["laydown", "laydown"])
    assert replay(log) == log["scores"]
    for seat, hand, floor, p in positions(log):
        if p["card"].startswith("J") and floor:
            assert all(c.startswith("J") for c in hand)
    # the Jacks' sweeps end the game: every capture in it is a Jack's
    assert all(p["card"].startswith("J") for h in log["hands"] for p in h["plays"] if p["take"])


def test_the_laydown_bot_answers_with_a_play_and_repeats_itself():
    seen = []
    bot = LaydownBot(3, 0)

    def watch(view):
        choice = bot(view)
        seen.append(choice)
        return choice

    log = play_game(3, [watch, "random"])
    assert any(isinstance(c, dict) and c["take"] == [] for c in seen)
    again = play_game(3, ["laydown", "random"])
    assert again["hands"] == log["hands"] and again["scores"] == log["scores"]


def test_the_random_bot_chooses_among_more_than_32768_plays():
    class Many:
        def __len__(self):
            return 200000

    bot = RandomBot(1, 0)
    picks = [bot({"plays": Many()}) for _ in range(400)]
    assert all(0 <= i < 200000 for i in picks)
    assert max(picks) > 150000 and len({i % 8 for i in picks}) == 8
