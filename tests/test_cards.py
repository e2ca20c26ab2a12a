import pytest

from core import cards as C
from core import cardnames as CN


def test_every_card_name_round_trips_in_deck_order():
    names = [CN.name(c) for c in range(52)]
    assert names[:5] == ["AC", "AD", "AH", "AS", "2C"]
    assert names[-1] == "KS"
    assert [CN.parse(n) for n in names] == list(range(52))
    assert len(set(names)) == 52


def test_parse_accepts_lower_case_and_suit_symbols():
    assert CN.parse("10d") == C.TEN_DIAMONDS
    assert CN.parse("7♦") == C.SEVEN_DIAMONDS
    assert CN.parse("2♣") == C.TWO_CLUBS
    assert CN.parse("q♥") == CN.parse("QH")
    assert CN.parse(" ks ") == CN.parse("KS")


@pytest.mark.parametrize("token", ["", "1C", "11H", "ZZ", "AX", "10", "7♦♦", "J", "A♤"])
def test_a_bad_name_raises_value_error_quoting_the_token(token):
    with pytest.raises(ValueError) as e:
        CN.parse(token)
    assert repr(token) in str(e.value)


def test_parse_list_takes_a_string_or_a_list_and_refuses_a_card_named_twice():
    assert CN.parse_list("AS 10D") == CN.parse_list(["as", "10♦"]) == [3, 37]
    with pytest.raises(ValueError, match="twice.*'ah'"):
        CN.parse_list("AH 2C ah")
    with pytest.raises(ValueError, match="not a card name"):
        CN.parse_list(["AH", 5])


def test_values_in_sums():
    assert [C.value(CN.parse(n)) for n in "AS 2C 9H 10D JC QD KS".split()] == [1, 2, 9, 10, 0, 0, 0]
