"""The deepest call chains of the game fit CircuitPython's pystack with room
to spare (issue 12).

CircuitPython keeps Python call frames on a fixed pystack of 2,048 bytes
(CIRCUITPY_PYSTACK_SIZE, CircuitPython 10.2.1); a chain deeper than that
ends the game with "RuntimeError: pystack exhausted". Each test runs a
workload on the MicroPython VM with MARGIN_BYTES less than that and fails
with the pystack the workload needs (found by bisection). The figures
include one frame a board does not have (the VM runner's function around
the script, see harness/mpvm.py pystack_overhead), so they err on the safe
side.

The workloads: the device's own call path (device/code.py's main over the
VM's stand-ins of harness/mpstub, whole games at the hard and expert levels
by pressing A), core.referee.play_game hard against expert, and every level
deciding on the biggest floors (a hand card facing 17 small cards).

    python -m tests.test_pystack      # prints the pystack each one needs today
"""
import json
import sys

import pytest

from harness import mpvm
from harness.mpvm import CIRCUITPY_PYSTACK_WORDS, PYSTACK_WORD_BYTES

PYSTACK_BYTES = CIRCUITPY_PYSTACK_WORDS * PYSTACK_WORD_BYTES     # 2,048: a board's

# What the deepest chain must leave unused: 512 bytes, a quarter of the
# pystack, about a dozen frames of small functions (one takes 40 bytes or
# so). Room for what the VM does not show: a code.py wrapped by another
# script, a board build whose frames differ, a position deeper than the
# ones played here.
MARGIN_BYTES = 512

_LIB = []


def device_trees():
    """core, hal and device from source, the board's stand-ins and its
    display driver in /app/lib (made once)."""
    if not _LIB:
        import tempfile
        _LIB.append(tempfile.TemporaryDirectory(prefix="basra-pystack-"))
        _LIB.append(mpvm.lib_tree(_LIB[0].name, mpy=False))
    return ["core", "hal", "device", ("harness/mpstub", "/app/mpstub"), _LIB[1]]

# The device app, started as code.py starts it (hal.run(main)), playing one
# whole game (2 players, egyptian, target 101) at LEVEL against the AI by
# pressing A whenever it waits for the person. An error the app recovered
# from (device/recover.py printed its traceback to serial) fails the run.
DEVICE_GAME = r'''
import sys
sys.path.insert(0, "/app/mpstub")
sys.path.insert(0, "/app/lib")
import heapapp as H
H.install_board()
import hal
import device.app as A
from device import recover
import person as P

LEVEL = %r
THINK = 3   # device.play: the AI thinks


def policy():
    a = A.last
    if a is None:
        raise H.Stop()          # the recovery screen: the error is on serial
    m = a.menu
    if a.screen is m:
        if m.kind == "main":
            if a.games_over:
                raise H.Stop()
            m.cur = P.item(m, "New game")
        elif m.kind == "new":
            P.new_game(a, LEVEL, target=101)
        elif m.kind not in ("over",):
            H.tap(5)
            return
        H.tap(4)
    elif a.screen is a.pages or a.play.mode != THINK:
        H.tap(4)


H.policy = policy
H.budget[0] = 10 ** 8
hal.install(H.open_board())
try:
    hal.run(A.main)
except H.Stop:
    pass
if recover.errors or not A.last.games_over:
    print("games over: %%d, errors: %%d" %% (A.last.games_over if A.last else 0, recover.errors))
    raise SystemExit(3)
print("ok", A.last.hands_over, "hands")
'''

PLAY_GAMES = r'''
from core.referee import play_game
for seed in %r:
    log = play_game(seed, ["hard", "expert"])
    print("seed", seed, "hands", len(log["hands"]))
'''

# A hand card facing 17 small cards: many ways to make each sum. Every
# level decides there in every preset, after the move generator.
BIG_FLOORS = r'''
from core import cardnames as CN
from core.presets import PRESETS, preset
from core.state import State
from core.ai.levelbot import choose
from core.ai.player import LEVELS, Player
from core.plays import Plays

FLOOR = "AH 2H 3S 4S 5H 5S 6H 7C 8C 9S 10C AC 2C 3C 4C 2D 3D"
HAND = "10H 7D 9D JS"
cursor = Plays()
for name in PRESETS:
    rules = preset(name)
    st = State(rules)
    st.place(0, CN.parse_list(HAND), CN.parse_list(FLOOR))
    cursor.start(st)
    n = 0
    while cursor.next():
        n += 1
    for level in LEVELS:
        word, take = choose(Player(rules, level, 7), st, 0)
    print(name, n, "plays")
'''

SEEDS = (1, 2, 3)


def workloads():
    """(name, script, run() keywords) of every measurement."""
    return [
        ("device app, hard game", DEVICE_GAME % "hard", {"trees": device_trees, "timeout": 900}),
        ("device app, expert game", DEVICE_GAME % "expert", {"trees": device_trees, "timeout": 900}),
        ("play_game hard vs expert, seeds %s" % (SEEDS,), PLAY_GAMES % (SEEDS,), {"timeout": 900}),
        ("every level on the biggest floors", BIG_FLOORS, {"timeout": 600}),
    ]


def _run_kw(kw):
    return dict(kw, trees=kw["trees"]()) if callable(kw.get("trees")) else kw


def _fits_with_margin(name, script, kw):
    kw = _run_kw(kw)
    budget = PYSTACK_BYTES - MARGIN_BYTES
    if mpvm.pystack_fits(script, budget, **kw):
        return
    need = mpvm.smallest_pystack(script, low=budget, high=16 * 1024, resolution=64, **kw)
    pytest.fail("%s needs %d bytes of pystack (within 64); a board has %d and %d must be "
                "left: at most %d" % (name, need, PYSTACK_BYTES, MARGIN_BYTES, budget), pytrace=False)


@pytest.mark.parametrize("name,script,kw", workloads(), ids=[w[0] for w in workloads()])
def test_deepest_call_chain_leaves_the_margin_of_the_boards_pystack(mpvm, name, script, kw):
    _fits_with_margin(name, script, kw)


def test_a_workload_that_fails_for_another_reason_is_not_a_pystack_figure(mpvm):
    # the measurement tells a broken script from a deep one
    with pytest.raises(mpvm.MPVMError, match="not for want of pystack"):
        mpvm.pystack_fits(DEVICE_GAME % "no-such-level", PYSTACK_BYTES * 4, trees=device_trees())


def main():
    rows = []
    for name, script, kw in workloads():
        need = mpvm.smallest_pystack(script, low=256, high=16 * 1024, resolution=16, **_run_kw(kw))
        rows.append({"workload": name, "needs_bytes": need, "board_bytes": PYSTACK_BYTES,
                     "spare_bytes": PYSTACK_BYTES - need})
        print(json.dumps(rows[-1]), flush=True)
    print(json.dumps({"runner_overhead_bytes": mpvm.pystack_overhead()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
