"""Bad input to the referee: ValueError with a message that names the
problem, never a KeyError, TypeError or AttributeError from deep inside.
(The cases tests/test_referee.py already covers are not repeated.)"""
import copy

import pytest

from core.referee import legal_plays, play_game, replay, score_hand


@pytest.fixture(scope="module")
def log():
    return play_game(1, ["greedy", "random"])


def tamper(log, fn):
    t = copy.deepcopy(log)
    fn(t)
    return t


LOG_CASES = [
    (lambda l: l.pop("players"), "the log has no 'players'"),
    (lambda l: l.pop("hands"), "the log has no 'hands'"),
    (lambda l: l.__setitem__("players", 5), "players must be a list"),
    (lambda l: l.__setitem__("hands", "AS"), "hands must be a list"),
    (lambda l: l.__setitem__("seed", "x"), "seed must be an integer, not 'x'"),
    (lambda l: l.__setitem__("target", "101"), "target must be an integer, not '101'"),
    (lambda l: l["hands"][0].pop("floor"), "hand 0: no 'floor'"),
    (lambda l: l["hands"][1].pop("deals"), "hand 1: no 'deals'"),
    (lambda l: l["hands"][0].pop("plays"), "hand 0: no 'plays'"),
    (lambda l: l["hands"].__setitem__(0, 3), "hand 0: a hand is a dict"),
    (lambda l: l["hands"][0].__setitem__("deals", None), "hand 0: deals must be a list"),
    (lambda l: l["hands"][0]["deals"].__setitem__(2, "AS"), "hand 0: deal 2 must be a list"),
    (lambda l: l["hands"][0]["plays"].__setitem__(0, "AS"), "hand 0, play 0: a play is a dict"),
    (lambda l: l["hands"][0]["plays"][5].pop("card"), "hand 0, play 5: no 'card'"),
    (lambda l: l["hands"][0]["plays"][5].pop("take"), "hand 0, play 5: no 'take'"),
    (lambda l: l["hands"][0]["plays"][5].__setitem__("take", None),
     "hand 0, play 5: take: cards must be a list of names or one string, not None"),
    (lambda l: l["hands"][0]["deals"][0].__setitem__(0, ["AS", "AS", "2S", "3S"]), "card named twice: 'AS'"),
    (lambda l: l["hands"][0]["plays"][3].__setitem__("card", "Z9"), "hand 0, play 3: card: not a card name: 'Z9'"),
    (lambda l: l["hands"][0]["plays"][0].__setitem__("seat", None), "hand 0, play 0: seat None played"),
]


@pytest.mark.parametrize("fn,message", LOG_CASES)
def test_malformed_logs(log, fn, message):
    with pytest.raises(ValueError) as e:
        replay(tamper(log, fn))
    assert message in str(e.value)


def test_not_a_log():
    for bad in ([1, 2], None, "log", 7):
        with pytest.raises(ValueError, match="a log is a dict"):
            replay(bad)


@pytest.mark.parametrize("hand,floor,message", [
    (None, "AS", "cards must be a list of names or one string, not None"),
    (5, "AS", "not 5"),
    ("AS", {"2S": 1}, "cards must be a list"),
    ("1D", "", "not a card name: '1D'"),
    ("10", "", "not a card name: '10'"),
    ("AS ", "AS", "both in hand and on the floor: AS"),
    ("QS", "QS", "both in hand and on the floor: QS"),
    ("", "2S 2S", "card named twice: '2S'"),
])
def test_bad_positions(hand, floor, message):
    with pytest.raises(ValueError) as e:
        legal_plays(hand, floor)
    assert message in str(e.value)


@pytest.mark.parametrize("args,message", [
    ((None, [0, 0]), "piles and basras must be lists"),
    (([["AS"], ["2S"]], 3), "piles and basras must be lists"),
    (([["AS"], ["2S"]], [0, 0], "egyptian", "x"), "carry must be a count of points, not 'x'"),
    (([["AS"], ["2S"]], [0, 0], "egyptian", -5), "carry must be a count of points, not -5"),
    (([["AS"], "AS 2S"], [0, 0]), "card in two piles: AS"),
    (([["AS"], ["XX"]], [0, 0]), "not a card name: 'XX'"),
])
def test_bad_scores(args, message):
    with pytest.raises(ValueError) as e:
        score_hand(*args)
    assert message in str(e.value)


def test_bad_games():
    with pytest.raises(ValueError, match="seed must be an integer, not 'x'"):
        play_game("x", ["greedy", "greedy"])
    with pytest.raises(ValueError, match="players must be a list of bots"):
        play_game(1, "greedy")
    with pytest.raises(ValueError, match="3 players with 6 cards"):
        play_game(1, ["greedy"] * 3, "lebanese")


@pytest.mark.parametrize("target", ["101", 1.5, True, 0, -5])
def test_play_game_refuses_a_target_that_is_not_a_positive_whole_number(target):
    with pytest.raises(ValueError) as e:
        play_game(1, ["greedy", "greedy"], target=target)
    assert str(e.value) == "target must be a positive whole number, not %r" % (target,)


def test_play_game_without_a_target_plays_to_the_rule_sets_own():
    assert play_game(1, ["greedy", "greedy"], "czech")["target"] == 121
    assert play_game(1, ["greedy", "greedy"], "czech", target=None)["target"] == 121


@pytest.mark.parametrize("bad", [True, False, 1.0, "1", -1])
def test_score_hand_refuses_a_basra_count_that_is_not_a_non_negative_int(bad):
    for basras in ([bad, 0], [0, bad]):
        with pytest.raises(ValueError) as e:
            score_hand([["AS"], ["2S"]], basras)
        assert str(e.value) == "basras must be counts, not %r" % (bad,)
