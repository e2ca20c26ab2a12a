"""The rule texts' worked examples, under every preset where they apply."""
import pytest

from core import cards as C
from core import cardnames as CN
from core.game import Game, game_winner, out_of_the_running
from core.referee import legal_plays, score_hand
from core.presets import PRESETS, preset
from core.state import BASRA, LAY, PILE, SWEEP, State, play_flags

ALL = PRESETS


def takes(plays, card):
    return [(p["take"], p["basra"], p["sweep"]) for p in plays if p["card"] == card]


@pytest.mark.parametrize("variant", ALL)
def test_eight_takes_the_eight_and_three_plus_five_leaving_the_king(variant):
    plays = legal_plays("8H", "3S 5D 8C KH", variant)
    assert (["3S", "5D", "8C"], False, False) in takes(plays, "8H")


@pytest.mark.parametrize("variant", ["egyptian", "czech", "italian", "lebanese", "iraqi"])
def test_free_capture_offers_each_group_alone_and_laying_down(variant):
    got = takes(legal_plays("8H", "3S 5D 8C KH", variant), "8H")
    assert sorted(t for t, _, _ in got) == [[], ["3S", "5D"], ["3S", "5D", "8C"], ["8C"]]


@pytest.mark.parametrize("variant", ["french", "alkomi"])
def test_maximal_capture_takes_every_group(variant):
    got = takes(legal_plays("8H", "3S 5D 8C KH", variant), "8H")
    expected = [["3S", "5D", "8C"]] + ([[]] if variant == "alkomi" else [])
    assert [t for t, _, _ in got] == expected


@pytest.mark.parametrize("variant", ALL)
def test_king_on_a_lone_king_is_a_basra(variant):
    assert (["KH"], True, False) in takes(legal_plays("KS", "KH", variant), "KS")


@pytest.mark.parametrize("variant", ALL)
def test_nine_takes_four_five_and_nine(variant):
    got = takes(legal_plays("9C", "4H 5S 9D", variant), "9C")
    # a basra everywhere but in Lebanese Basra, where three cards are not a lone card
    assert (["4H", "5S", "9D"], variant != "lebanese", False) in got
    if variant == "french":
        assert got == [(["4H", "5S", "9D"], True, False)]


@pytest.mark.parametrize("variant", ALL)
def test_one_queen_takes_two_queens(variant):
    got = takes(legal_plays("QD", "QH QS", variant), "QD")
    assert (["QH", "QS"], variant != "lebanese", False) in got
    if variant in ("french", "alkomi"):
        assert ["QH"] not in [t for t, _, _ in got]


SEVEN_LOW = "2C 3H 4S"  # 9
SEVEN_TEN = "2C 3H 5S"  # 10
SEVEN_HIGH = "5H 6S 2D"  # 13
SEVEN_FACE = "2C 3H KS"


@pytest.mark.parametrize(
    "variant,floor,expected",
    [
        ("egyptian", SEVEN_LOW, (True, True)),
        ("egyptian", SEVEN_TEN, (True, True)),
        ("egyptian", SEVEN_HIGH, (True, False)),
        ("egyptian", SEVEN_FACE, (True, False)),
        ("czech", SEVEN_LOW, (True, True)),
        ("czech", SEVEN_TEN, (True, False)),  # exactly 10: "less than 10" only is a basra
        ("italian", SEVEN_TEN, (True, True)),
        ("italian", SEVEN_FACE, (True, True)),  # face cards count 0
        ("italian", SEVEN_HIGH, None),  # a plain 7
        ("iraqi", SEVEN_FACE, (True, True)),  # IT's rule: faces count 0
        ("iraqi", SEVEN_HIGH, None),
        ("alkomi", SEVEN_LOW, (True, True)),  # 2+3+4 could be cleared by a 9
        ("alkomi", SEVEN_HIGH, (True, False)),  # 13: no card clears it
        ("alkomi", "5H 5S", (True, True)),  # a 5 would clear it
        ("alkomi", SEVEN_FACE, (True, False)),
        ("lebanese", SEVEN_LOW, None),
    ],
)
def test_seven_of_diamonds(variant, floor, expected):
    got = takes(legal_plays("7D", floor, variant), "7D")
    sweeps = [(b, s) for t, b, s in got if s]
    if expected is None:
        assert sweeps == []
        plain = [t for t, _, s in got if t]
        floor_cards = floor.split()
        for t in plain:  # a plain 7 takes sums of 7
            assert sum({"A": 1}.get(c[:-1], 0) or int(c[:-1]) for c in t) % 7 == 0
            assert set(t) <= set(floor_cards)
    else:
        sweep, basra = expected
        assert sweeps == [(basra, True)]
        assert all(set(t) == set(floor.split()) for t, _, s in got if s)


@pytest.mark.parametrize("floor,basra", [(SEVEN_LOW, True), (SEVEN_TEN, False), (SEVEN_FACE, False)])
def test_czech_seven_of_diamonds_goes_to_the_pile_with_the_floor_it_sweeps(floor, basra):
    # CZ "zustava vsak vylozena na stole" read as the empty-floor case (docs/rules.md)
    sweep = [p for p in legal_plays("7D", floor, "czech") if p["sweep"]]
    assert [p["basra"] for p in sweep] == [basra]
    st = State(preset("czech"))
    st.place(0, [CN.parse("7D")], CN.parse_list(floor))
    st.apply_cards(CN.parse("7D"), sorted(CN.parse_list(sweep[0]["take"])), SWEEP | (BASRA if basra else 0))
    assert CN.floor_cards(st) == []
    assert st.loc[CN.parse("7D")] == PILE + 0
    assert (st.pile_n[0], st.basras[0]) == (4, int(basra))


def test_italian_plain_seven_takes_five_plus_two():
    got = takes(legal_plays("7D", SEVEN_HIGH, "italian"), "7D")
    assert (["2D", "5H"], False, False) in got


@pytest.mark.parametrize("variant", ALL)
def test_a_jack_on_an_empty_floor_stays_there(variant):
    assert legal_plays("JS", "", variant) == [{"card": "JS", "take": [], "basra": False, "sweep": False}]


@pytest.mark.parametrize(
    "variant,floor,basra",
    [
        ("egyptian", "5H", False),
        ("italian", "5H", True),
        ("italian", "5H 6S", False),
        ("iraqi", "5H", True),  # IT's rule
        ("alkomi", "JH", True),  # "burning" a Jack kept for last
        ("alkomi", "5H", False),
        ("egyptian", "JH", False),
    ],
)
def test_jack_sweeps_and_is_a_basra_only_where_the_rules_say(variant, floor, basra):
    got = takes(legal_plays("JS", floor, variant), "JS")
    assert (sorted(floor.split()), basra, True) in got


def test_jack_two_card_house_rule():
    from core import rules as R
    from core import presets as P
    from core.state import State, BASRA
    from core import cards as C
    from core import cardnames as CN
    from harness.listing import all_plays

    r = P.preset("italian")
    r.jack_basra = R.JACK_BASRA_TWO
    st = State(r)
    st.place(0, [CN.parse("JS")], CN.parse_list("5H 6S"))
    assert any(play_flags(word) & BASRA for word, _take in all_plays(st))


@pytest.mark.parametrize(
    "floor,basra",
    [("8H", True), ("3H 5S", True), ("8H 8S", False), ("3H 5S 8D", False)],
)
def test_lebanese_basra_only_for_a_lone_card_or_two_by_their_sum(floor, basra):
    got = takes(legal_plays("8C", floor, "lebanese"), "8C")
    whole = [(b, s) for t, b, s in got if set(t) == set(floor.split())]
    assert whole == [(basra, False)]


def piles_46_7():
    ben = "JC JD AS 10D".split()
    anna = "JH JS AC AD AH 2C".split()
    rest = [r + s for r in "3 4 5 6 7 8 9 Q K".split() for s in "CDHS"] + ["2D", "2H", "2S", "10C", "10H", "10S"]
    ben += rest[:26]
    anna += rest[26:]
    assert len(ben) == 30 and len(anna) == 22
    return ben, anna


@pytest.mark.parametrize(
    "variant,expected",
    [
        ("egyptian", [46, 7]),
        ("french", [46, 7]),
        ("czech", [45, 4]),  # Aces are not scored
        ("iraqi", [44, 7]),  # 10D 6, basra 5
        ("lebanese", [19, 7]),  # majority 3
        ("alkomi", [40, 0]),  # most cards and basras only
        ("italian", [46, 7]),
    ],
)
def test_the_46_to_7_scoring_example(variant, expected):
    ben, anna = piles_46_7()
    assert score_hand([ben, anna], [1, 0], variant) == {"points": expected, "carry": 0}


def split_26():
    deck = [r + s for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split() for s in "CDHS"]
    return deck[:26], deck[26:]


def test_26_26_scores_no_majority_in_the_english_rules():
    a, b = split_26()
    got = score_hand([a, b], [0, 0], "egyptian")
    assert got["carry"] == 0
    assert got["points"] == [4 + 2, 3 + 4]  # Aces and 2C / 10D and Jacks


@pytest.mark.parametrize("variant", ["french", "czech"])
def test_26_26_holds_the_30_points_over_to_the_next_hand(variant):
    a, b = split_26()
    first = score_hand([a, b], [0, 0], variant)
    assert first["carry"] == 30
    again = score_hand([a, b], [0, 0], variant, carry=first["carry"])
    assert again["carry"] == 60
    ben, anna = piles_46_7()
    after = score_hand([ben, anna], [1, 0], variant, carry=30)
    assert after["carry"] == 0
    assert after["points"][0] == score_hand([ben, anna], [1, 0], variant)["points"][0] + 30


@pytest.mark.parametrize("variant", ["french", "czech"])
def test_a_second_26_26_in_a_row_adds_its_30_and_the_next_majority_takes_90(variant):
    a, b = split_26()
    first = score_hand([a, b], [0, 0], variant)
    second = score_hand([a, b], [0, 0], variant, carry=first["carry"])
    assert (first["carry"], second["carry"]) == (30, 60)
    assert second["points"] == first["points"]  # card points only, no majority
    ben, anna = piles_46_7()
    plain = score_hand([ben, anna], [1, 0], variant)["points"]
    after = score_hand([ben, anna], [1, 0], variant, carry=second["carry"])
    assert after == {"points": [plain[0] + 60, plain[1]], "carry": 0}  # 30 + 30 + 30


def test_three_players_majority_goes_to_the_single_most():
    deck = [r + s for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split() for s in "CDHS"]
    got = score_hand([deck[:20], deck[20:36], deck[36:]], [0, 0, 0], "italian")
    assert got["points"][0] >= 30 and got["points"][1] < 30 and got["points"][2] < 30
    tie = score_hand([deck[:20], deck[20:40], deck[40:]], [0, 0, 0], "italian")
    assert all(p < 30 for p in tie["points"])


def test_both_sides_past_the_target_the_higher_score_wins_and_a_tie_plays_on():
    assert game_winner([105, 103], 101) == 0
    assert game_winner([99, 130], 101) == 1
    assert game_winner([110, 110], 101) is None
    assert game_winner([100, 90], 101) is None
    assert game_winner([121, 130, 40], 121) == 1


def test_after_a_tie_at_the_target_only_the_sides_below_the_highest_are_out():
    assert out_of_the_running([110, 110, 100], 101) == 0b100
    assert out_of_the_running([100, 110, 110], 101) == 0b001
    assert out_of_the_running([110, 110, 110], 101) == 0
    assert out_of_the_running([110, 110], 101) == 0
    assert out_of_the_running([90, 90, 40], 101) == 0  # nobody at the target yet


def play_hand_seat_2_captures(game):
    """Play one hand: seats 0 and 1 lay every card down, seat 2 takes the
    floor cards of its card's rank when there are any (both legal in italian,
    where any card may be laid down and a card takes cards of its rank)."""
    st = game.state
    game.start_hand()
    while True:
        if st.hands_empty():
            if st.stock_left() == 0:
                return
            st.deal()
        seat = st.to_move
        card = CN.hand_cards(st, seat)[0]
        floor = CN.floor_cards(st)
        take = []
        if seat == 2 and card >> 2 != C.JACK and card != C.SEVEN_DIAMONDS:
            take = sorted(c for c in floor if c >> 2 == card >> 2)
        basra = bool(take) and len(take) == len(floor)
        st.apply_cards(card, take, (BASRA if basra else 0) if take else LAY)


@pytest.mark.parametrize("before,expected_winner", [
    ([101, 101, 100], None),  # seat 2 is out: its points do not count, 0 and 1 still tied
    ([101, 100, 101], 2),  # seat 2 is one of the tied: its points count and it wins
])
def test_a_tie_at_the_target_is_played_off_between_the_tied_players_only(before, expected_winner):
    # IT: "si gioca un'altra distribuzione tra i giocatori in pareggio"
    game = Game(preset("italian", players=3), 5)
    game.scores[:] = before
    play_hand_seat_2_captures(game)
    game.end_hand()
    assert game.state.pile_n[2] > 26  # seat 2 took the majority
    if expected_winner is None:
        assert game.out == 0b100 and game.hand_points[2] == 0
        assert game.scores == before and game.winner is None
    else:
        assert game.out == 0b010 and game.hand_points[2] >= 30
        assert game.scores == [101, 100, 101 + game.hand_points[2]] and game.winner == 2


def test_score_hand_refuses_bad_input_with_a_message():
    with pytest.raises(ValueError, match="two piles: AS"):
        score_hand([["AS"], ["AS"]], [0, 0])
    with pytest.raises(ValueError, match="not a card name: 'XX'"):
        score_hand([["XX"], []], [0, 0])
    with pytest.raises(ValueError, match="counts"):
        score_hand([[], []], [-1, 0])


def test_alkomi_seven_of_diamonds_on_the_four_kings_is_a_basra_though_no_king_is_left():
    # AK "il prend les basra de n'importe quelle valeur": the floor's shape decides (docs/rules.md 12)
    sweep = [p for p in legal_plays("7D", "KC KD KH KS", "alkomi") if p["sweep"]]
    assert [(p["take"], p["basra"]) for p in sweep] == [(["KC", "KD", "KH", "KS"], True)]


@pytest.mark.parametrize("variant,carry", [("egyptian", 0), ("french", 30), ("czech", 30)])
def test_a_hand_with_no_capture_sets_the_leftover_aside_and_ties_for_the_most(variant, carry):
    from core.state import NOBODY
    st = State(preset(variant))
    st.place(0, [], CN.parse_list("AC 2C JD 10D KH"))      # nobody has captured
    assert st.take_leftover() == NOBODY
    assert list(st.pile_n[:2]) == [0, 0] and list(st.pile_points[:2]) == [0, 0]
    out = [0, 0]
    assert st.score(0, out) == carry and out == [0, 0]


def test_the_leftover_house_rule_counts_its_cards_and_points_for_nobody():
    from core import rules as R
    from core.state import NOBODY
    r = preset("egyptian")
    r.leftover = R.LEFTOVER_NOBODY
    st = State(r)
    st.place(0, [], CN.parse_list("AC 2C JD"))
    st.last_capturer = 0
    assert st.take_leftover() == NOBODY
    assert (st.pile_n[0], st.pile_points[0]) == (0, 0)
    st = State(preset("egyptian"))
    st.place(0, [], CN.parse_list("AC 2C JD"))
    st.last_capturer = 0
    assert st.take_leftover() == 0 and (st.pile_n[0], st.pile_points[0]) == (3, 1 + 2 + 1)
