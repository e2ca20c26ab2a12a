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


def test_a_save_written_before_the_redesign_resumes_where_it_was():
    # tests/golden/save_before.hex: a store (4 KB) as the app before the
    # redesign left it 40 writes into an expert game, 28 plays in its hand
    import binascii
    import os

    from device import app as A
    from harness.devdrive import drive, menu_to
    from simulator.sim import Simulator

    with open(os.path.join(os.path.dirname(GOLDEN), "save_before.hex")) as f:
        raw = binascii.unhexlify(f.read().strip())
    sim = Simulator(seed=9, buttons=6)
    sim.hal.storage.write(0, raw)
    seen = []

    def policy(app):
        if app.screen is app.menu and app.menu.kind == "main" and not seen:
            seen.append("menu")
            return menu_to(app, "Continue") + ["A"]
        if app.screen is app.table:
            s = app.sess
            seen.append((s.level, s.target, s.game.hand_no, list(s.log[:s.nlog])))
            return None
        return ["wait:50"]
    drive(policy, sim=sim)
    level, target, hand, plays = seen[-1]
    assert (level, target, hand) == ("expert", 61, 0)
    # the plays replayed are the save's, read by the save's own decoder
    from device.saving import SaveStore
    from hal.storage import ByteStore
    assert len(plays) == 28 and plays == list(SaveStore(ByteStore(bytearray(raw))).load()[0].plays)
    assert A.last.sess.state.hand_n[0] + A.last.sess.state.hand_n[1] > 0
