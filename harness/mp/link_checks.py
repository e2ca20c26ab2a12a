"""The link protocol inside the MicroPython VM (copied to /lib by harness/mpvm.py):
two devices' Links over an in-memory port pair play a whole game of first
plays; every poll and every play applied runs under micropython.heap_lock.
tests/test_link_protocol.py reads the JSON line."""
import json

from alloccheck import locked
from core.plays import nth
from device import link as L
from device.linkgame import LinkSession
from device.session import WINDOW
from core.presets import preset
from core.prng import Prng
from hal.memlink import pair


class Side:
    def __init__(self, port, levels, seed, k):
        self.link = L.Link(port, Prng(k))
        self.sess = LinkSession(preset("egyptian", 2, 31), levels, seed)
        self.sess.start_hand()
        self.link.play(self.sess, 0)

    def step(self, now, _):
        s = self.sess
        lk = self.link
        lk.poll(now)
        if s.hand_over():
            return
        seat = s.to_move()
        c = s.cursor
        if s.remote(seat):
            if lk.in_k == s.nlog and lk.in_hand == s.hand and nth(c, s.state, lk.in_place):
                s.buf[2 * WINDOW] = c.word
                s.buf[2 * WINDOW + 1] = c.take
                s.play(WINDOW)
        elif nth(c, s.state, 0):
            s.buf[2 * WINDOW] = c.word
            s.buf[2 * WINDOW + 1] = c.take
            s.play(WINDOW)


def whole_hand():
    pa, pb = pair()
    a = Side(pa, ["human", "link"], 1234, 1)
    b = Side(pb, ["link", "human"], 1234, 2)
    calls = 0
    failed = 0
    now = 0
    while now < 200000 and not (a.sess.hand_over() and b.sess.hand_over()
                                and a.link.peer_has_all() and b.link.peer_has_all()):
        for side in (a, b):
            calls += 1
            if not locked(side.step, now, 0)[0]:
                failed += 1
        now += 20
    print(json.dumps({"check": "link_loop", "calls": calls, "failed": failed,
                      "plays": [a.sess.nlog, b.sess.nlog],
                      "same": list(a.sess.log[0:a.sess.nlog]) == list(b.sess.log[0:b.sess.nlog]),
                      "frames": [a.link.good, b.link.good], "bad": [a.link.bad, b.link.bad],
                      "ms": now, "lock_works": not locked(_allocates, 0, 0)[0]}))


def _allocates(a, b):
    return bytearray(16)
