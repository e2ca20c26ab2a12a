import pytest

from core import presets as P
from core import rules as R


FIELDS = ("name",) + tuple(k for k, _v in P.BASE)


def fields(r):
    return {k: getattr(r, k) for k in FIELDS}


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
    changed = {k: (it[k], iq[k]) for k in FIELDS if it[k] != iq[k]}
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


def test_the_registry_gives_each_rule_set_a_name_and_a_stable_code():
    names = [e[0] for e in P.RULE_SETS]
    codes = [e[1] for e in P.RULE_SETS]
    assert list(P.PRESETS) == names and len(set(names)) == len(names)
    assert len(set(codes)) == len(codes) and all(0 <= c <= 255 for c in codes)
    # the codes two builds already agree on (the link sends them): never
    # renumbered; the link's positions in the list before there were codes
    assert {n: P.code_of(n) for n in names} == {
        "egyptian": 0, "french": 1, "alkomi": 2, "czech": 3, "italian": 4, "lebanese": 5, "iraqi": 6}
    assert all(P.name_of(P.code_of(n)) == n for n in names)
    assert P.name_of(200) is None and P.code_of("basra2") is None
    for _n, _c, changes in P.RULE_SETS:
        assert {k for k, _v in changes} <= {k for k, _v in P.BASE}


def test_a_new_rule_set_is_one_registry_entry(monkeypatch):
    import importlib
    from device import rulestext
    # the module as the code reads it now: the device app drops core.presets
    # once a game is made (device/screens.py SHARED), so an earlier test's game may
    # have left another copy in sys.modules than the one imported above
    P = importlib.import_module("core.presets")

    new = ("fortyfive", 99, (("target", 45), ("jack_points", 2)))
    monkeypatch.setattr(P, "RULE_SETS", P.RULE_SETS + (new,))
    monkeypatch.setattr(P, "PRESETS", P.PRESETS + ("fortyfive",))
    r = P.preset("fortyfive", players=4)
    assert (r.name, r.target, r.jack_points, r.players) == ("fortyfive", 45, 2, 4)
    assert fields(P.preset("fortyfive")) == dict(fields(P.preset("egyptian")), name="fortyfive",
                                                target=45, jack_points=2)
    assert P.code_of("fortyfive") == 99 and P.name_of(99) == "fortyfive"
    page = rulestext.lines(P.preset("fortyfive"))
    assert page[0] == "FORTYFIVE RULES" and "GAME TO 45" in page and "J 2  A 1  2C 2  10D 3" in page
