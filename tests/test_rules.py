import pytest

from core import presets as P
from core import rules as R


def fields(r):
    return {k: getattr(r, k) for k in P.FIELDS}


@pytest.mark.parametrize("name", P.PRESETS)
def test_every_preset_is_a_checked_rule_set(name):
    r = P.preset(name)
    assert r.name == name
    assert r.players * r.hand_size * r.deals == 48


def test_presets_differ_where_the_texts_do():
    eg, fr, ak, cz, it, lb, iq = (P.preset(n) for n in P.PRESETS)
    assert eg.capture == R.CAPTURE_FREE and eg.lay_down
    assert fr.capture == R.CAPTURE_MAXIMAL and not fr.lay_down and fr.tie_carry
    assert ak.seven == R.SEVEN_WILDCARD and ak.jack_basra == R.JACK_BASRA_LONE_JACK
    assert cz.target == 121 and cz.ace_points == 0 and cz.seven_max == 9
    assert it.jack_basra == R.JACK_BASRA_ONE and it.seven == R.SEVEN_SMALL_FLOOR
    assert lb.hand_size == 6 and lb.majority_points == 3 and lb.seven == R.SEVEN_PLAIN
    assert iq.basra_points == 5 and iq.ten_diamonds_points == 6


def test_iraqi_is_the_italian_game_with_only_the_basra_and_10d_values_changed():
    it, iq = fields(P.preset("italian")), fields(P.preset("iraqi"))
    changed = {k: (it[k], iq[k]) for k in P.FIELDS if it[k] != iq[k]}
    assert changed == {"name": ("italian", "iraqi"), "basra_points": (10, 5),
                       "ten_diamonds_points": (3, 6)}


def test_an_unknown_preset_is_refused_with_the_known_names():
    with pytest.raises(ValueError, match="unknown rule set 'basra2'.*egyptian"):
        P.preset("basra2")


def test_deals_that_do_not_use_up_the_48_cards_are_refused():
    with pytest.raises(ValueError, match="3 players with 6 cards each take 18 cards"):
        P.preset("lebanese", players=3)
    r = P.preset("egyptian")
    r.hand_size = 5
    with pytest.raises(ValueError, match="divide the 48"):
        P.check(r)


@pytest.mark.parametrize("players,deals", [(2, 6), (3, 4), (4, 3)])
def test_deals_per_hand(players, deals):
    assert P.preset("egyptian", players=players).deals == deals


def test_lebanese_four_players_deal_twice():
    assert P.preset("lebanese", players=4).deals == 2


def test_copy_keeps_every_field():
    r = P.preset("french", target=151)
    copy = P.preset(r)
    assert copy is not r and fields(copy) == fields(r)
    assert fields(r)["target"] == 151
