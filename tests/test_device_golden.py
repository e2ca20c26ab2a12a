"""Golden frames of the device app's main screens (menu, new game, table,
capture choice, basra, an AI play, hand summary, rules page, stats).

After an intended change of the look: ``python -m art.screens --golden``
rewrites tests/golden/device_screens.json and the PNGs in docs/screens/
(look at them before committing)."""
import json

from art.screens import GOLDEN, NAMES, capture, digest


def test_main_screens_match_the_golden_frames():
    shots = capture()
    assert set(shots) == set(NAMES)
    with open(GOLDEN) as f:
        golden = json.load(f)
    changed = [n for n in NAMES if digest(shots[n][1]) != golden.get(n)]
    assert not changed, ("screens changed: %s (python -m art.screens --golden "
                         "to accept, then look at docs/screens/)" % ", ".join(changed))


def test_screens_are_not_blank_and_differ():
    shots = capture()
    frames = {n: bytes(shots[n][1]) for n in NAMES}
    for n, fr in frames.items():
        lit = sum(bin(b).count("1") for b in fr)
        assert 200 < lit < 6000, (n, lit)
    assert len(set(frames.values())) == len(frames)
