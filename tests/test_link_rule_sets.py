"""A link game proposes its rule set by the registry's stable code
(core/presets.py): builds agree on the code whatever their menu order, and
a device whose build lacks the host's rule set says so instead of playing
another one (issue 29 item 5)."""
import sys

import pytest

from core import presets as P
from core.prng import Prng
from device import link as L
from device import linklobby as LB
from device import linkmenu as LM
from hal.memlink import pair


@pytest.fixture(autouse=True)
def _lobby_loaded(monkeypatch):
    # as tests/test_link_protocol.py: the lobby refers to itself through sys.modules
    monkeypatch.setitem(sys.modules, "device.linklobby", LB)


class Glue:
    def __init__(self, link):
        self.link = link
        self.sess = None
        self.stopped = False

    def stop(self):
        self.stopped = True


class App:
    """What device/linkmenu.py's lobby screens use of the device app."""

    def __init__(self, link):
        self.link = Glue(link)
        self.menu = None
        self.play = None
        self.stack = []
        self.screens = []

    def switch(self, scr):
        self.screens.append((scr.kind, scr.title, [r[0] for r in scr.items]))
    push = switch

    def end_game(self):
        pass


def lobby(host_variant, guest_variant="egyptian"):
    pa, pb = pair()
    a, b = L.Link(pa, Prng(1)), L.Link(pb, Prng(2))
    LB.start(a, P.code_of(host_variant), 2, 0, 1, 101)
    LB.start(b, P.code_of(guest_variant), 2, 0, 1, 101)
    now = 0
    for _ in range(10):
        a.poll(now)
        b.poll(now)
        now += 100
    return (a, b) if a.host else (b, a)


def test_the_proposal_carries_the_rule_sets_code_not_its_menu_place(monkeypatch):
    host, guest = lobby("iraqi", "iraqi")
    # the guest's build lists its rule sets in another order: the code still names iraqi
    monkeypatch.setattr(P, "RULE_SETS", tuple(reversed(P.RULE_SETS)))
    assert LB.proposal(guest)[0] == P.code_of("iraqi") == 6
    app = App(guest)
    LM.on_link(app)
    kind, _title, rows = app.screens[-1]
    assert kind == "linkoffer" and rows[0] == "iraqi, 2 players" and "Accept" in rows


def test_a_build_without_the_hosts_rule_set_says_so_and_cannot_accept(monkeypatch):
    host, guest = lobby("alkomi")
    monkeypatch.setattr(P, "RULE_SETS", tuple(e for e in P.RULE_SETS if e[0] != "alkomi"))
    app = App(guest)
    LM.on_link(app)
    kind, _title, rows = app.screens[-1]
    # refused before it is shown (no Accept), the rule set named, the host told
    assert kind == "linkdiff" and "Accept" not in rows
    assert rows[1:3] == ["Update this device?", "no rule set #2 here"]
    assert guest.state == L.DIFFER


def test_a_game_begun_with_a_rule_set_this_build_lacks_ends_as_another_game(monkeypatch):
    host, guest = lobby("alkomi")
    monkeypatch.setattr(P, "RULE_SETS", tuple(e for e in P.RULE_SETS if e[0] != "alkomi"))
    app = App(guest)
    # should the game begin all the same (an ACCEPT raced it), the devices differ
    LM.begin_game(app)
    assert guest.state == L.DIFFER and guest.reason == L.R_GAME
    assert app.screens[-1][0] == "linkdiff" and "ANOTHER GAME" in app.screens[-1][2]
