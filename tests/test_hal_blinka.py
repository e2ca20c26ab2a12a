"""The Blinka (Raspberry Pi + OLED Bonnet) backend with fake board and
digitalio modules; the display path is the real Blinka displayio."""

import sys
import types

import pytest

import hal
from hal.settings import Settings
from simulator.sim import quiet_blinka_import
from simulator.ssd1306 import EmulatedI2C, SSD1306Emulator


class FakePi:
    def __init__(self, monkeypatch, oled_at=0x3C):
        quiet_blinka_import()
        self.emu = SSD1306Emulator(0x3C)
        self.ios = {}
        pi = self
        board = types.ModuleType("board")
        for n in ("D4", "D5", "D6", "D17", "D22", "D23", "D27"):
            setattr(board, n, n)
        board.I2C = lambda: EmulatedI2C({oled_at: pi.emu} if oled_at else {})

        digitalio = types.ModuleType("digitalio")
        digitalio.Direction = types.SimpleNamespace(INPUT="in", OUTPUT="out")
        digitalio.Pull = types.SimpleNamespace(UP="up", DOWN="down")

        class DigitalInOut:
            def __init__(self, pin):
                self.pin = pin
                self.direction = None
                self.pull = None
                self._value = True
                pi.ios[pin] = self

            @property
            def value(self):
                # a floating input reads nothing useful: the pull-up must be on
                assert self.direction == "in" and self.pull == "up"
                return self._value
        digitalio.DigitalInOut = DigitalInOut
        monkeypatch.setitem(sys.modules, "board", board)
        monkeypatch.setitem(sys.modules, "digitalio", digitalio)


def drain(h):
    ev = hal.ButtonEvent()
    out = []
    while h.buttons.get_into(ev):
        out.append((hal.NAMES[ev.button], ev.pressed))
    return out


def settle(h, ms=40, polls=3):
    # at least `polls` polls a scan interval (10 ms) apart as well as ms: a
    # key changes state after two scans agree, and a loaded machine's sleep
    # can take the whole window
    import time
    out = []
    end = time.monotonic() + ms / 1000
    n = 0
    while time.monotonic() < end or n < polls:
        out += drain(h)
        n += 1
        time.sleep(0.012)
    return out


def test_bonnet_buttons_display_and_save(monkeypatch, tmp_path):
    pi = FakePi(monkeypatch)
    save = str(tmp_path / "pi.sav")
    h = __import__("hal.blinka", fromlist=["open_hal"]).open_hal(
        Settings({"BASRA_SAVE": save}.get))
    assert h.name == "blinka"
    assert sorted(pi.ios) == ["D17", "D22", "D23", "D27", "D4", "D5", "D6"]
    assert settle(h) == []
    pi.ios["D27"]._value = False            # joystick left, active low
    assert settle(h) == [("LEFT", True)]
    pi.ios["D27"]._value = True
    pi.ios["D4"]._value = False             # joystick centre acts as A
    assert settle(h) == [("LEFT", False), ("A", True)]
    pi.ios["D5"]._value = False             # and A itself: still one A press
    assert settle(h) == []
    pi.ios["D4"]._value = True
    pi.ios["D5"]._value = True
    assert settle(h) == [("A", False)]
    assert h.storage.write(0, b"pi") and open(save, "rb").read()[:2] == b"pi"
    h.display.contrast = 128
    assert pi.emu.contrast == 128
    h.display.sleep()
    assert not pi.emu.on


def test_bonnet_without_oled(monkeypatch):
    FakePi(monkeypatch, oled_at=None)
    from hal.blinka import open_hal
    with pytest.raises(hal.HalError) as e:
        open_hal(Settings({}.get))
    assert "BASRA_SDA" in e.value.message
