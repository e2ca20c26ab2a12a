"""The hot paths' private copies of other modules' constants (a const folds
into the bytecode; a module's attribute is looked up at every use on a
board) hold the values of the constants they copy."""
import pytest

from core import cards, rules, state
from core import plays
from core.ai import evaluate, observe, world

COPIES = [
    (state, "_RANK_SHIFT", cards.RANK_SHIFT),
    (state, "_JACK", cards.JACK),
    (state, "_TWO_CLUBS", cards.TWO_CLUBS),
    (state, "_SEVEN_DIAMONDS", cards.SEVEN_DIAMONDS),
    (state, "_TEN_DIAMONDS", cards.TEN_DIAMONDS),
    (plays, "_JACK", cards.JACK),
    (plays, "_QUEEN", cards.QUEEN),
    (plays, "_KING", cards.KING),
    (plays, "_TWO_CLUBS", cards.TWO_CLUBS),
    (plays, "_SEVEN_DIAMONDS", cards.SEVEN_DIAMONDS),
    (plays, "_TEN_DIAMONDS", cards.TEN_DIAMONDS),
    (plays, "_F_LAY", state.LAY),
    (plays, "_F_SWEEP", state.SWEEP),
    (plays, "_F_BASRA", state.BASRA),
    (plays, "_F_2C", state.TAKES_2C),
    (plays, "_F_10D", state.TAKES_10D),
    (plays, "_AT_FLOOR", state.FLOOR),
    (plays, "_MAXIMAL", rules.CAPTURE_MAXIMAL),
    (plays, "_BASRA_ANY", rules.BASRA_ANY),
    (plays, "_JACK_ONE", rules.JACK_BASRA_ONE),
    (plays, "_JACK_TWO", rules.JACK_BASRA_TWO),
    (plays, "_JACK_LONE", rules.JACK_BASRA_LONE_JACK),
    (plays, "_SEVEN_SWEEP", rules.SEVEN_SWEEP),
    (plays, "_SEVEN_SMALL", rules.SEVEN_SMALL_FLOOR),
    (plays, "_SEVEN_PLAIN", rules.SEVEN_PLAIN),
    (evaluate, "_HAND", state.HAND),
    (evaluate, "_FLOOR", state.FLOOR),
    (evaluate, "_NOBODY", state.NOBODY),
    (evaluate, "_SEVEN_D", cards.SEVEN_DIAMONDS),
    (evaluate, "_JACK", cards.JACK),
    (evaluate, "_QUEEN", cards.QUEEN),
    (evaluate, "_KING", cards.KING),
    (evaluate, "_JACKS", cards.JACK << cards.RANK_SHIFT),
    (world, "_UNSEEN", observe.UNSEEN),
    (world, "_FLOOR", state.FLOOR),
    (world, "_HAND", state.HAND),
    (world, "_PILE", state.PILE),
]


@pytest.mark.parametrize("module,name,value", COPIES,
                         ids=["%s.%s" % (m.__name__, n) for m, n, _ in COPIES])
def test_a_private_copy_holds_the_constant_it_copies(module, name, value):
    assert getattr(module, name) == value
