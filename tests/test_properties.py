"""Property tests: the engine against a brute-force oracle, apply/undo, whole games."""
import copy

import pytest
from hypothesis import given, settings, strategies as st

from core import cards as C
from core import cardnames as CN
from core import presets as P
from core.referee import legal_plays, play_game, replay
from core.state import State

from . import oracle
from harness.listing import all_plays

VALID = [(v, n) for v in P.PRESETS for n in (2, 3, 4) if not (v == "lebanese" and n == 3)]


@st.composite
def positions(draw, max_floor=9):
    deck = draw(st.permutations(range(52)))
    nh = draw(st.integers(1, 4))
    nf = draw(st.integers(0, max_floor))
    return deck[:nh], deck[nh:nh + nf]


@settings(max_examples=600, deadline=None)
@given(positions(), st.sampled_from(P.PRESETS))
def test_legal_plays_equal_the_brute_force_oracle(pos, variant):
    hand, floor = pos
    got = {
        (CN.parse(p["card"]), tuple(CN.parse(n) for n in p["take"]), p["basra"], p["sweep"])
        for p in legal_plays(CN.names(hand), CN.names(floor), variant)
    }
    assert got == oracle.plays(hand, floor, P.preset(variant))


@st.composite
def big_floors(draw):
    # 11 to 16 floor cards from the ranks below top (top 4: the 16 cards A to
    # 4, the floors with the most takes; top 13: the whole deck), 1 to 4 hand
    # cards from the rest
    top = draw(st.integers(4, 13))
    low = draw(st.permutations(range(4 * top)))
    floor = low[:draw(st.integers(11, 16))]
    rest = draw(st.permutations([c for c in range(52) if c not in floor]))
    return rest[:draw(st.integers(1, 4))], floor


def as_keys(plays):
    return [(CN.parse(p["card"]), tuple(CN.parse(n) for n in p["take"]), p["basra"], p["sweep"]) for p in plays]


@pytest.mark.parametrize("variant", P.PRESETS)
@settings(max_examples=40, deadline=None)
@given(pos=big_floors())
def test_legal_plays_equal_the_oracle_on_floors_of_11_to_16_cards(variant, pos):
    hand, floor = pos
    got = as_keys(legal_plays(CN.names(hand), CN.names(floor), variant))
    assert len(got) == len(set(got))
    assert set(got) == oracle.plays(hand, floor, P.preset(variant))


def test_the_issue_11_position_has_its_116_plays_and_its_game_replays():
    # once "more than 4096 distinct plays in one position" (issue 11)
    hand, floor = "10H", "AH 2H 3S 4S 5H 5S 6H 7C 8C 9S 10C"
    got = as_keys(legal_plays(hand, floor, "egyptian"))
    assert len(got) == len(set(got)) == 116
    assert set(got) == oracle.plays(CN.parse_list(hand), CN.parse_list(floor), P.preset("egyptian"))
    log = play_game(22, ["random", "random"])
    assert replay(log) == log["scores"]


@settings(max_examples=300, deadline=None)
@given(positions(), st.sampled_from(P.PRESETS))
def test_legal_plays_lists_each_card_and_take_once_in_deck_order(pos, variant):
    hand, floor = pos
    plays = legal_plays(CN.names(hand), CN.names(floor), variant)
    keys = [(p["card"], tuple(p["take"])) for p in plays]
    assert len(keys) == len(set(keys))
    for p in plays:
        assert [CN.parse(n) for n in p["take"]] == sorted(CN.parse(n) for n in p["take"])
    assert {p["card"] for p in plays} == set(CN.names(hand))


def snapshot(s):
    return (bytes(s.loc), [CN.hand_cards(s, k) for k in range(s.nseats)], s.floor_n, bytes(s.floor_rank),
            s.floor_sum, bytes(s.pile_n), bytes(s.pile_points), bytes(s.basras), s.to_move,
            s.last_capturer, s.plies, s.undo_top, s.stock_pos, s.clock,
            [s.arrival[c] for c in range(52) if s.loc[c] == 1])


def test_every_play_applied_then_undone_restores_the_state_exactly():
    from core.game import Game
    from core.prng import Prng

    checked = 0
    for variant, players in VALID:
        g = Game(P.preset(variant, players=players), seed=players * 100 + len(variant))
        g.start_hand()
        s = g.state
        pick = Prng(5)
        while not s.hand_over():
            if s.hands_empty():
                before = snapshot(s)
                s.deal()
                s.undeal()
                assert snapshot(s) == before
                s.deal()
            plays = all_plays(s)
            assert plays
            before = snapshot(s)
            for word, take in plays:
                s.apply(word, take)
                s.undo_play()
                assert snapshot(s) == before
                checked += 1
            s.apply(*plays[pick.below(len(plays))])
    assert checked > 500


def test_engine_plays_take_the_cards_the_referee_lists():
    # apply() picks suits itself; the cards it moves must be one of the referee's sets
    from core.referee import concrete_takes

    deck = list(range(52))
    pick = __import__("random").Random(11)
    for _ in range(400):
        pick.shuffle(deck)
        variant = pick.choice(P.PRESETS)
        s = State(P.preset(variant))
        hand, floor = deck[:4], deck[4:4 + pick.randint(1, 10)]
        s.place(0, hand, floor)
        for word, take in all_plays(s):
            sets = list(concrete_takes(s, word, take))
            before = [c for c in range(52) if s.loc[c] == 1]
            s.apply(word, take)
            moved = sorted(c for c in before if s.loc[c] != 1)
            assert moved in sets
            s.undo_play()


@pytest.mark.parametrize("variant,players", VALID)
def test_random_games_account_for_52_cards_replay_and_repeat(variant, players):
    bots = ["greedy", "random", "random", "greedy"][:players]
    for seed in (1, 2):
        log = play_game(seed, bots, variant)
        for hand in log["hands"]:
            dealt = [c for deal in hand["deals"] for seat in deal for c in seat] + hand["floor"]
            assert sorted(CN.parse_list(dealt)) == list(range(52))
            assert sum(hand["cards"]) == 52
            taken = sum(len(p["take"]) + 1 for p in hand["plays"] if p["take"])
            assert taken + len(hand["leftover"]["cards"]) == sum(hand["cards"])
        assert replay(log) == log["scores"]
        assert play_game(seed, bots, variant) == log
        w = log["winner"]
        assert log["scores"][w] == max(log["scores"]) >= P.preset(variant).target
        assert log["scores"].count(max(log["scores"])) == 1


def test_a_different_seed_deals_differently():
    a = play_game(1, ["greedy", "greedy"])
    b = play_game(2, ["greedy", "greedy"])
    assert a["hands"][0]["floor"] != b["hands"][0]["floor"] or a["hands"][0]["deals"] != b["hands"][0]["deals"]


def test_the_first_floor_never_holds_a_jack_or_the_seven_of_diamonds():
    for seed in range(60):
        log = play_game(seed, ["random", "random"], target=1)
        floor = CN.parse_list(log["hands"][0]["floor"])
        assert len(floor) == 4
        assert all(c >> 2 != C.JACK and c != C.SEVEN_DIAMONDS for c in floor)


def test_dealer_moves_one_seat_each_hand_and_the_next_seat_leads():
    log = play_game(3, ["greedy", "random", "greedy"], "italian")
    dealers = [h["dealer"] for h in log["hands"]]
    assert dealers == [(2 + i) % 3 for i in range(len(dealers))]
    for h in log["hands"]:
        assert h["plays"][0]["seat"] == (h["dealer"] + 1) % 3


def tamper(log, f):
    bad = copy.deepcopy(log)
    f(bad)
    return bad


def test_replay_names_the_hand_and_play_of_an_illegal_step():
    log = play_game(4, ["greedy", "random"])
    plays = log["hands"][1]["plays"]
    i = next(k for k, p in enumerate(plays) if p["take"])

    def drop_a_card(lg):
        lg["hands"][1]["plays"][i]["take"] = lg["hands"][1]["plays"][i]["take"][1:] + ["KS"]

    with pytest.raises(ValueError, match="hand 1, play %d" % i):
        replay(tamper(log, drop_a_card))

    def wrong_seat(lg):
        lg["hands"][0]["plays"][3]["seat"] = 1 - lg["hands"][0]["plays"][3]["seat"]

    with pytest.raises(ValueError, match="hand 0, play 3: seat"):
        replay(tamper(log, wrong_seat))

    def false_basra(lg):
        lg["hands"][0]["plays"][0]["basra"] = not lg["hands"][0]["plays"][0]["basra"]

    with pytest.raises(ValueError, match="hand 0, play 0: .*basra"):
        replay(tamper(log, false_basra))

    def card_twice(lg):
        lg["hands"][2]["deals"][1][0][0] = lg["hands"][2]["deals"][0][0][0]

    with pytest.raises(ValueError, match="hand 2: card dealt twice"):
        replay(tamper(log, card_twice))

    def bad_name(lg):
        lg["hands"][0]["plays"][2]["card"] = "11X"

    with pytest.raises(ValueError, match="hand 0, play 2: card: not a card name: '11X'"):
        replay(tamper(log, bad_name))

    def cut_short(lg):
        del lg["hands"][0]["plays"][-1]

    with pytest.raises(ValueError, match="hand 0: the plays stop"):
        replay(tamper(log, cut_short))

    def lie_about_points(lg):
        lg["scores"][0] += 1

    with pytest.raises(ValueError, match="final scores"):
        replay(tamper(log, lie_about_points))
