"""The referee's public API: shapes, the bot protocol, clear errors."""
import ast
import pathlib

import pytest

from core import cards as C
from core.referee import legal_plays, play_game, replay

VIEW_KEYS = {"seat", "side", "hand", "floor", "plays", "start_floor", "history",
             "hand_sizes", "stock", "scores", "carry", "variant"}


def test_legal_plays_record_shape():
    plays = legal_plays(["8H"], ["3S", "5D", "8C", "KH"])
    assert plays[0].keys() == {"card", "take", "basra", "sweep"}
    assert {"card": "8H", "take": ["3S", "5D", "8C"], "basra": False, "sweep": False} in plays


@pytest.mark.parametrize(
    "hand,floor,message",
    [
        ("8H 9X", "AS", "not a card name: '9X'"),
        ("8H", "AS AS", "card named twice: 'AS'"),
        ("8H AS", "AS", "both in hand and on the floor: AS"),
        ("AS 2S 3S 4S 5S 6S 7S", "", "at most 6 cards"),
    ],
)
def test_legal_plays_refuses_bad_input_precisely(hand, floor, message):
    with pytest.raises(ValueError, match=message):
        legal_plays(hand, floor)


def test_an_unknown_variant_or_bot_is_a_value_error():
    with pytest.raises(ValueError, match="unknown rule set"):
        legal_plays("AS", "", "klondike")
    with pytest.raises(ValueError, match="unknown bot 'wizard'"):
        play_game(1, ["wizard", "random"])


def test_log_shape():
    log = play_game(9, ["greedy", "random"])
    assert {"variant", "seed", "players", "sides", "hands", "scores", "winner"} <= log.keys()
    assert log["sides"] == [0, 1] and log["players"] == ["greedy", "random"]
    hand = log["hands"][0]
    assert {"dealer", "floor", "deals", "plays", "leftover", "cards", "basras", "points", "carry"} <= hand.keys()
    assert len(hand["deals"]) == 6 and all(len(d) == 2 and len(d[0]) == 4 for d in hand["deals"])
    assert hand["plays"][0].keys() == {"seat", "card", "take", "basra"}
    assert len(hand["plays"]) == 48
    assert sum(log["hands"][i]["points"][0] for i in range(len(log["hands"]))) == log["scores"][0]


def test_four_players_play_in_teams_of_partners_opposite():
    log = play_game(5, ["greedy", "random", "greedy", "random"])
    assert log["sides"] == [0, 1, 0, 1]
    assert len(log["scores"]) == 2
    assert len(log["hands"][0]["deals"]) == 3


def test_three_players_each_for_themselves():
    log = play_game(5, ["greedy", "random", "random"], "italian")
    assert log["sides"] == [0, 1, 2] and len(log["scores"]) == 3


def test_the_view_holds_what_the_seat_can_see_and_nothing_more():
    seen = []

    def spy(view):
        seen.append(view)
        return 0

    log = play_game(2, [spy, "greedy"], target=1)
    assert seen and all(v.keys() == VIEW_KEYS for v in seen)
    first = seen[0]
    hand0 = log["hands"][0]
    assert sorted(first["hand"]) == sorted(hand0["deals"][0][0])
    assert first["floor"] == hand0["floor"] == first["start_floor"]
    assert first["hand_sizes"] == [4, 4] and first["stock"] == 40
    assert first["seat"] == 0 and first["side"] == 0 and first["variant"] == "egyptian"
    text = repr(seen)
    # the other seat's first hand is never shown before it is played
    other = set(hand0["deals"][0][1])
    for v in seen:
        played = {p["card"] for p in v["history"]}
        assert not (other - played) & set(v["hand"] + v["floor"])
    assert "deals" not in text


def test_a_bot_answering_out_of_range_is_named():
    with pytest.raises(ValueError, match="seat 1's bot returned 99"):
        play_game(1, ["greedy", lambda view: 99])
    with pytest.raises(ValueError, match="seat 0's bot returned 'x'"):
        play_game(1, [lambda view: "x", "greedy"])


def test_a_custom_target_ends_the_game_sooner():
    short = play_game(3, ["greedy", "greedy"], target=30)
    long = play_game(3, ["greedy", "greedy"], target=151)
    assert len(short["hands"]) < len(long["hands"])
    assert replay(short) == short["scores"]
    assert max(long["scores"]) >= 151


def test_greedy_beats_random_over_many_games():
    wins = sum(play_game(s, ["greedy", "random"], target=101)["winner"] == 0 for s in range(40))
    assert wins >= 34


def test_the_referee_page_shows_what_legal_plays_returns_in_its_order():
    text = (pathlib.Path(__file__).parent.parent / "docs" / "referee.md").read_text()
    call = 'legal_plays("8H", "3S 5D 8C KH")\n'
    assert call in text
    lines = text.split(call, 1)[1].splitlines()
    shown = []
    for line in lines:
        if not line.startswith("#"):
            break
        shown.append(line[1:])
    assert ast.literal_eval("\n".join(shown)) == legal_plays("8H", "3S 5D 8C KH")


def test_the_referee_page_shows_what_replay_returns_and_what_it_raises():
    text = (pathlib.Path(__file__).parent.parent / "docs" / "referee.md").read_text()
    block = text.split('log = play_game(seed=1, players=["greedy", "random"])\n', 1)[1]
    block = block.split("```", 1)[0].splitlines()
    log = play_game(seed=1, players=["greedy", "random"])
    assert block[:4] == ['log["scores"]', "# %r" % (log["scores"],),
                         block[2], "# %r" % (replay(log),)]
    assert block[2].startswith("replay(log)")
    assert block[4] == 'log["hands"][0]["plays"][0]["take"] = ["KS"]'
    log["hands"][0]["plays"][0]["take"] = ["KS"]
    with pytest.raises(ValueError) as e:
        replay(log)
    assert block[5:7] == ["replay(log)", "# ValueError: %s" % e.value]
