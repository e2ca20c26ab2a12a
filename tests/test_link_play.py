"""What a person meets in link play, two devices by button presses on one
virtual time (tests/linkdrive.py two_devices): a proposal withdrawn, a
proposal no build could make, the link lost on one's own turn and over a
menu, the other device told that the game went on vs the AI, "New link
game" going to the link menu, the link menu the only screen; and the
waiting screen's port."""
from core.prng import Prng
from device import link as L
from device import linkmenu as LM
from harness.devdrive import drive, menu_to
from hal.memlink import pair
from simulator.link import SocketPort, WirePair
from tests.linkdrive import to_connect, two_devices


def kind(app):
    """The menu's kind on show, or "table", or "pages"."""
    if app.screen is app.menu:
        return app.menu.kind
    return "table" if app.screen is app.table else "pages"


def labels(app):
    return [it[0] for it in app.menu.items]


def cancel_scenario(cut_first=False):
    """Both devices connect; the host presses B on "CONNECTED" (cut_first:
    the cable pulled just before, so the QUIT is lost). The guest only
    looks. Returns what each saw when (virtual ms)."""
    log = {}

    def policy(app, me):
        now = me.sim.clock.now
        k = kind(app)
        if me.i == log.get("host"):                 # the host has cancelled: done
            return None
        step = to_connect(app) if "cancel" not in log else None
        if step:
            return step
        if k == "linkhost":
            if cut_first:
                me.box[1].cut(True)
            log["cancel"] = now
            log["host"] = me.i
            return ["B"]
        if "cancel" in log and k != "linkoffer" and "gone" not in log:
            log["gone"] = now
            log["screen"] = (k, labels(app))
            return None
        if "cancel" in log and now > log["cancel"] + 15000:
            return None
        return ["wait:50"]
    two_devices(policy, policy, seed=2)
    return log


def test_a_host_that_cancels_withdraws_its_proposal_on_the_other_device_at_once():
    log = cancel_scenario()
    assert "gone" in log, "the guest still shows the proposal 15 s after the host cancelled"
    assert log["gone"] - log["cancel"] < 500
    k, rows = log["screen"]
    assert k == "linkdiff" and "cancelled: no game." in rows and "Accept" not in rows


def test_a_proposal_whose_withdrawal_is_lost_goes_once_the_host_is_quiet():
    log = cancel_scenario(cut_first=True)
    assert "gone" in log, "the guest still shows the proposal 15 s after the host went quiet"
    assert log["gone"] - log["cancel"] < 3200          # 2.5 s without a HELLO
    k, rows = log["screen"]
    assert k == "linkwait" and "Accept" not in rows
    assert rows[0] == "Gone. Waiting for the"


def test_new_link_game_after_start_over_opens_the_link_menu():
    log = {}

    def policy(app, me):
        k = kind(app)
        if "after" in log:
            return None
        step = to_connect(app) if "declined" not in log else None
        if step:
            return step
        if k == "linkoffer":                        # the guest declines
            log["declined"] = me.i
            return menu_to(app, "Decline") + ["A"]
        if k == "linkdiff":                         # the host: LINK: START OVER
            log["rows"] = labels(app)
            return menu_to(app, "New link game") + ["A", "wait:200"]
        if "rows" in log and me.i != log["declined"]:
            log["after"] = k
            return None
        if me.i == log.get("declined") or me.sim.clock.now > 30000:
            return None
        return ["wait:50"]
    two_devices(policy, policy, seed=2)
    assert "DECLINED" in log["rows"]
    assert log["after"] == "linknew"


def test_accept_on_a_withdrawn_proposal_starts_no_game():
    pa, pb = pair()
    from device import linklobby as LB
    a, b = L.Link(pa, Prng(1)), L.Link(pb, Prng(2))
    LB.start(a, 0, 2, 0, 1, 101)
    LB.start(b, 0, 2, 0, 1, 101)
    for now in range(0, 1000, 100):
        a.poll(now)
        b.poll(now)
    host, guest = (a, b) if a.host else (b, a)
    LB.decline(host, 8)             # B on "CONNECTED" (device/linkmenu.py _R_CANCEL)
    guest.poll(1100)
    LB.accept(guest)
    assert guest.state == L.DIFFER and guest.peer_reason


def in_game(app):
    """One's own turn at the table (PICK, CHOOSE)."""
    return app.screen is app.table and app.sess is not None and app.play.mode in (0, 1)


def at_table(app):
    """At the table, one's own turn or the other device's (REMOTE)."""
    from device.linkgame import REMOTE
    return in_game(app) or app.screen is app.table and app.play.mode == REMOTE


def _into_game(app, log):
    """Presses from the menus into a link game, the proposal accepted
    (until the test has cut the link: log["cut"]), or None."""
    step = to_connect(app)
    if step and "cut" not in log:
        return step
    if kind(app) == "linkoffer":
        return menu_to(app, "Accept") + ["A"]
    return None


def test_link_lost_shows_on_ones_own_turn_within_2_5_s():
    log = {}

    def policy(app, me):
        now = me.sim.clock.now
        step = _into_game(app, log)
        if step:
            return step
        k = kind(app)
        if "cut" not in log and in_game(app):
            me.box[1].cut(True)                     # the other device is gone on my turn
            log["cut"] = now
            log["me"] = me.i
            return ["wait:50"]
        if me.i == log.get("me") and k == "linklost" and "lost" not in log:
            log["lost"] = now
            log["rows"] = labels(app)
            return None
        if "cut" in log and now > log["cut"] + 6000:
            return None
        return ["wait:50"]
    two_devices(policy, policy, seed=3)
    assert "lost" in log, "no LINK LOST on one's own turn 6 s after the link went"
    assert log["lost"] - log["cut"] <= 2500 + 300
    assert log["rows"][2:] == ["Play your turn", "Play on vs AI", "Save and quit"]


def test_the_game_menu_says_link_lost_and_forgets_it_when_the_link_is_back():
    log = {}

    def policy(app, me):
        now = me.sim.clock.now
        step = _into_game(app, log)
        if step:
            return step
        k = kind(app)
        if "cut" not in log and in_game(app):
            log["me"] = me.i
            log["cut"] = now + 300
            return ["B", "wait:100"]                # the game menu, then the cable goes
        if me.i == log.get("me"):
            if "cut" in log and now >= log["cut"] and not log.get("cutdone"):
                me.box[1].cut(True)
                log["cutdone"] = True
            if now > log["cut"] + 3000 and "lost" not in log:
                log["lost"] = (k, app.menu.title)
                me.box[1].cut(False)
                log["back"] = now
            if "back" in log and now > log["back"] + 1500:
                log["again"] = (k, app.menu.title)
                return None
        if "again" in log or ("cut" in log and now > log["cut"] + 8000):
            return None
        return ["wait:50"]
    two_devices(policy, policy, seed=4)
    assert log["lost"] == ("game", "LINK LOST")
    assert log["again"] == ("game", "GAME")


def test_the_other_device_is_told_the_game_went_on_vs_the_ai():
    log = {}

    def policy(app, me):
        now = me.sim.clock.now
        k = kind(app)
        if me.i == 1 and "cut" in log:
            # the device that was away: power cut while the cable is out,
            # then Continue once the other played on and the cable is back
            if not log.get("reset"):
                log["reset"] = True
                return ["RESET"]
            if "back" not in log:
                return ["wait:100"]
            if k == "main" and "continued" not in log:
                log["continued"] = now
                return menu_to(app, "Continue") + ["A"]
            if k in ("linksolo", "linklost") and "told" not in log:
                log["told"] = (k, labels(app), now)
                if k == "linksolo":
                    return menu_to(app, "Play on vs AI") + ["A", "wait:300"]
                return ["wait:100"]
            if "told" in log and k == "table":
                log["levels"] = list(app.sess.levels)
                return None
            if "continued" in log and now > log["continued"] + 8000:
                return None
            return ["wait:100"]
        step = _into_game(app, log)
        if step:
            return step
        if me.i == 0 and "cut" not in log and at_table(app):
            me.box[1].cut(True)
            log["cut"] = now
            return ["wait:50"]
        if me.i == 0 and k == "linklost" and "solo" not in log:
            log["solo"] = now
            return menu_to(app, "Play on vs AI") + ["A", "wait:200"]
        if me.i == 0 and "solo" in log and "back" not in log:
            me.box[1].cut(False)
            log["back"] = now
        if me.i == 0 and ("levels" in log or "told" in log and now > log["told"][2] + 3000
                          or "cut" in log and now > log["cut"] + 30000):
            return None
        return ["wait:100"]
    two_devices(policy, policy, seed=5)
    assert "told" in log, "the device that was away was told nothing"
    k, rows, when = log["told"]
    assert k == "linksolo", rows
    assert rows[:2] == ["The other device", "played on vs the AI."]
    assert rows[2:] == ["Play on vs AI", "New link game", "Menu"]
    assert when - log["continued"] < 3000
    assert "link" not in log["levels"]


def hello(variant, players, layout, level, target, nonce=0xFFFF):
    f = bytearray([0xB5, L.HELLO, L.VERSION, nonce & 0xFF, nonce >> 8, 5, 0,
                   variant, players, layout, level, target & 0xFF, target >> 8, 0, 0])
    crc = L.crc16(f, 1, len(f) - 2)
    f[-2], f[-1] = crc >> 8, crc & 0xFF
    return bytes(f)


def test_a_proposal_no_build_could_make_is_refused_with_its_reason():
    wires = WirePair(seed=1)
    seen = {}

    def setup(sim):
        pa, pb = wires.ports(sim.clock, sim.clock)
        sim.hal.link = lambda: pa
        seen["pb"] = pb

    def policy(app):
        step = to_connect(app)
        if step:
            return step
        k = kind(app)
        if k == "linkwait" and "sent" not in seen:
            seen["pb"].write(hello(200, 9, 0, 77, 0))
            seen["sent"] = True
            return ["wait:300"]
        if k in ("linkoffer", "linkdiff"):
            seen["screen"] = (k, labels(app))
            return None
        return ["wait:100"]
    drive(policy, seed=1, setup=setup, limit_ms=20000)
    k, rows = seen["screen"]
    assert k == "linkdiff" and "Accept" not in rows
    assert rows[1:3] == ["Update this device?", "no rule set #200 here"]
    # the other device is told why (QUIT, reason 6)
    buf = bytearray(256)
    got = bytes(buf[:seen["pb"].readinto(buf)])
    assert bytes([0xB5, L.QUIT, 6]) in got


def test_proposal_fault_names_each_field_no_build_could_make():
    ok = (0, 2, 0, 1, 101)
    assert LM.proposal_fault(ok) is None
    assert LM.proposal_fault((0, 4, 1, 3, 31)) is None
    faults = {(200, 2, 0, 1, 101): "no rule set #200 here",
              (0, 9, 0, 1, 101): "9 players (2 or 4)",
              (0, 3, 0, 1, 101): "3 players (2 or 4)",
              (0, 4, 2, 1, 101): "partner #2 unknown",
              (0, 2, 0, 77, 101): "level #77 unknown",
              (0, 2, 0, 1, 0): "target 0"}
    for prop, why in faults.items():
        assert LM.proposal_fault(prop) == why
        assert len(why) <= 21


def waiting_rows(port):
    rows = {}

    def setup(sim):
        sim.hal.link = lambda: SocketPort(port)

    def policy(app):
        step = to_connect(app)
        if step:
            return step
        if kind(app) == "linkwait":
            rows["rows"] = labels(app)
            app.link.stop()
            return None
        return ["wait:100"]
    drive(policy, seed=1, setup=setup, limit_ms=20000)
    return rows["rows"]


def test_the_waiting_screen_shows_the_port_whole_and_two_ports_differ():
    from tests.test_link_sim import free_port
    p = free_port()                 # five digits, as 47474 (the default)
    a = waiting_rows(p)
    assert "TCP 127.0.0.1:%d" % p in a
    assert all(len(r) <= 21 for r in a)
    b = waiting_rows(p + 1)         # the last digit is what tells the two apart
    assert a != b and "TCP 127.0.0.1:%d" % (p + 1) in b


def test_a_uart_port_name_is_shown_whole_too():
    assert LM._wrap("TX=GP16 RX=GP17") == ["TX=GP16 RX=GP17"]
    assert LM._wrap("x" * 30) == ["x" * 21, "x" * 9]


def test_the_link_menu_is_the_only_screen_and_b_goes_back_to_the_new_game_menu():
    # while the devices connect the menus below are closed (their code goes
    # on a board: device/screens.py), and the new-game menu's game dealt
    # ahead is let go; B on the link menu opens the new-game menu again, the
    # main menu under it
    seen = {}

    def setup(sim):
        pa, _ = WirePair(seed=1).ports(sim.clock, sim.clock)
        sim.hal.link = lambda: pa

    def policy(app):
        k = kind(app)
        if k == "new" and "linknew" not in seen:
            if app.top().dealt is None:
                return ["wait:100"]         # read until its game is dealt ahead
            seen["dealt"] = app.top().dealt.sess
            return menu_to(app, "Link game") + ["A"]
        if k == "linknew" and "linknew" not in seen:
            seen["linknew"] = ([s.name for s in app.stack], app.play.sess is seen["dealt"])
            return ["B"]
        if "linknew" in seen:
            seen["back"] = ([s.name for s in app.stack], k)
            return None
        return to_connect(app) or ["wait:100"]
    drive(policy, seed=1, setup=setup, limit_ms=20000)
    assert seen["linknew"] == (["link"], False), seen
    assert seen["back"] == (["main", "new"], "new"), seen
