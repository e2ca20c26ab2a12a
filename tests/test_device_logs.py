"""The device app plays the same games as before: every record its save
writes on fixed seeds, at five levels, 2, 3 and 4 players, with hints and
undo, matches tests/golden/device_logs.json (recorded by tests/devicelogs.py
before the app became screens and jobs)."""
import json

import pytest

from tests.devicelogs import CASES, GOLDEN, play


@pytest.mark.parametrize("case", CASES, ids=["%s-%d-%s" % (c[0], c[1], c[2][1]) for c in CASES])
def test_a_game_writes_the_records_it_wrote_before(case):
    with open(GOLDEN) as f:
        golden = json.load(f)["%s/%d/%s/%d" % (case[0], case[1], case[2][1], case[4])]
    got = play(case)
    assert len(got) > 20 and got[-1][0] is None, got[-1]     # played to the game's end
    # (a record's plays shrink where an undo took plays back)
    assert any(a[0] and b[0] and len(b[0][4]) < len(a[0][4]) for a, b in zip(got, got[1:]))
    for k, (a, b) in enumerate(zip(got, golden)):
        assert a == b, "record %d differs: %r, before %r" % (k, a, b)
    assert len(got) == len(golden)
