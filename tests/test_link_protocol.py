"""The link protocol (device/link.py) and the HAL's link ports (hal/link.py):
frames and their CRC, the lobby's agreement, disagreements, the UART's
error messages, and the message loop on the MicroPython VM under heap_lock."""
import json
import sys

import pytest

from core.prng import Prng
from device import link as L
from device import linklobby as LB
from hal import HalError
from hal.memlink import pair
from hal.uartlink import UartPort


@pytest.fixture(autouse=True)
def _lobby_loaded(monkeypatch):
    # the lobby refers to itself through sys.modules (the Link calls it
    # until the game begins), and the device drops it from there once a game
    # begins (device/app.py): an earlier test's game must not have dropped
    # the module these tests hold (put back for each test, then undone)
    monkeypatch.setitem(sys.modules, "device.linklobby", LB)


def test_crc16_is_ccitt_false():
    assert L.crc16(b"123456789", 0, 9) == 0x29B1


def test_the_seed_takes_both_contributions():
    a, b = 0x1234, 0x0567
    assert LB.seed_of(a, b) != LB.seed_of(a ^ 1, b) != LB.seed_of(a, b ^ 1)
    assert 0 <= LB.seed_of(0x7FFF, 0x7FFF) < 1 << 20


def lobby_pair(prop_a=(0, 2, 0, 1, 101), prop_b=(3, 4, 1, 2, 61)):
    pa, pb = pair()
    a, b = L.Link(pa, Prng(1)), L.Link(pb, Prng(2))
    LB.start(a, *prop_a)
    LB.start(b, *prop_b)
    now = 0
    for _ in range(10):
        a.poll(now)
        b.poll(now)
        now += 100
    return a, b, now


def test_the_lobby_makes_one_host_whose_proposal_both_see():
    a, b, _ = lobby_pair()
    host, guest = (a, b) if a.host else (b, a)
    assert host.state == L.HOSTING and guest.state == L.OFFERED
    assert LB.proposal(guest) == LB.proposal(host)
    assert host.seed == guest.seed


def test_accepting_starts_the_game_on_both():
    a, b, now = lobby_pair()
    guest = b if a.host else a
    LB.accept(guest)
    for _ in range(5):
        a.poll(now)
        b.poll(now)
        now += 100
    assert a.state == L.GAME and b.state == L.GAME


def test_declining_tells_the_host():
    a, b, now = lobby_pair()
    host, guest = (a, b) if a.host else (b, a)
    LB.decline(guest)
    host.poll(now + 100)
    assert host.state == L.DIFFER and host.reason == L.R_DECLINED and host.peer_reason


def test_another_version_is_refused_not_crashed_on():
    pa, pb = pair()
    a = L.Link(pa, Prng(1))
    LB.start(a, 0, 2, 0, 1, 101)
    frame = bytearray([0xB5, L.HELLO, L.VERSION + 1, 5, 0, 9, 0, 0, 2, 0, 1, 101, 0, 0, 0])
    crc = L.crc16(frame, 1, len(frame) - 2)
    frame[-2], frame[-1] = crc >> 8, crc & 0xFF
    pb.write(frame)
    a.poll(10)
    assert a.good == 1
    assert a.state == L.DIFFER and a.reason == L.R_VERSION


def test_garbage_on_the_line_is_counted_and_dropped():
    pa, pb = pair()
    a = L.Link(pa, Prng(1))
    LB.start(a, 0, 2, 0, 1, 101)
    pb.write(bytes([0xB5, 3]) + bytes(range(40)))
    a.poll(0)
    assert a.bad >= 1 and a.good == 0 and a.state == L.LOBBY


class FakeBoard:
    GP0 = "pin GP0"
    GP1 = "pin GP1"


class FakeUart:
    def __init__(self, tx, rx, baudrate, timeout, receiver_buffer_size):
        self.args = (tx, rx, baudrate)
        self.out = bytearray()
        self.inp = bytearray(b"hello")

    @property
    def in_waiting(self):
        return len(self.inp)

    def write(self, b):
        self.out += b

    def readinto(self, buf):
        n = min(len(buf), len(self.inp))
        buf[:n] = self.inp[:n]
        del self.inp[:n]
        return n

    def deinit(self):
        pass


class FakeBusio:
    UART = FakeUart


def test_uart_port_opens_on_the_profile_pins_at_the_fixed_baud():
    p = UartPort(FakeBoard, FakeBusio, ("GP0", "BASRA_LINK_TX"), ("GP1", "BASRA_LINK_RX"))
    p.open()
    assert p.uart.args == ("pin GP0", "pin GP1", 19200)
    p.write(b"\xb5\x01")
    buf = bytearray(16)
    assert p.readinto(buf) == 5 and bytes(buf[:5]) == b"hello"
    assert p.readinto(buf) == 0


def test_a_pin_the_board_lacks_names_the_setting():
    p = UartPort(FakeBoard, FakeBusio, ("GP7", "BASRA_LINK_TX"), ("GP1", "BASRA_LINK_RX"))
    with pytest.raises(HalError) as e:
        p.open()
    assert e.value.setting == "BASRA_LINK_TX" and "board.GP7" in e.value.message


def test_pins_the_uart_cannot_use_give_a_message():
    class BadBusio:
        class UART:
            def __init__(self, *a, **k):
                raise ValueError("Invalid pins")
    p = UartPort(FakeBoard, BadBusio, ("GP0", "BASRA_LINK_TX"), ("GP1", "BASRA_LINK_RX"))
    with pytest.raises(HalError) as e:
        p.open()
    assert "Invalid pins" in e.value.message and "TX=GP0 RX=GP1" in e.value.message


def test_the_link_loop_allocates_nothing_on_the_micropython_vm(mpvm):
    out = mpvm.run("import link_checks\nlink_checks.whole_hand()\n",
                   trees=("core", "hal", "device"), timeout=300)
    row = [json.loads(x) for x in out.splitlines() if x.startswith("{")][0]
    assert row["lock_works"]                # an allocation under the lock is caught
    assert row["failed"] == 0 and row["calls"] > 100, row
    assert row["plays"] == [48, 48] and row["same"]
