"""The built-in referee bots: what each one plays, and that it stays reproducible."""
import pytest

from core import cards as C
from core.bots import LaydownBot, RandomBot, below_any
from core.prng import Prng
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


def test_below_any_draws_exactly_what_below_draws_up_to_32768():
    # RandomBot moved to below_any: the logs of every game so far must not change
    for n in (1, 2, 52, 1000, 32767, 32768):
        a, b = Prng(n), Prng(n)
        assert [below_any(a, n) for _ in range(300)] == [b.below(n) for _ in range(300)]
        assert a.state == b.state


def test_below_any_reaches_every_number_past_32768():
    # below(n) scales one 15-bit draw: for n = 2**17 only multiples of 4 come out
    p = Prng(9)
    n = 1 << 17
    seen = [below_any(p, n) for _ in range(4000)]
    assert all(0 <= k < n for k in seen)
    assert {k % 4 for k in seen} == {0, 1, 2, 3}


def test_below_any_is_uniform_where_n_does_not_divide_the_draws():
    # 3 * 2**15: the thirds of the range come out equally often
    p = Prng(21)
    n = 3 << 15
    thirds = [0, 0, 0]
    for _ in range(30000):
        thirds[below_any(p, n) * 3 // n] += 1
    assert all(9500 < t < 10500 for t in thirds)
    # past 2**30 (CPython's big ints): halves of 3 * 2**31
    n = 3 << 31
    halves = [0, 0]
    for _ in range(4000):
        k = below_any(p, n)
        assert 0 <= k < n
        halves[k * 2 // n] += 1
    assert all(1800 < h < 2200 for h in halves)
