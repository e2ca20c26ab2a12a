"""The CircuitPython backend under CPython, with fake board, busio, keypad,
supervisor, microcontroller, pwmio and analogio modules. The display path
is real: Blinka's displayio and i2cdisplaybus and the SSD1306 driver, over
the simulator's emulated controller."""

import collections
import sys
import types

import pytest

import hal
from hal.settings import Settings
from simulator.sim import quiet_blinka_import
from simulator.ssd1306 import EmulatedI2C, SSD1306Emulator


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


class Fakes:
    def __init__(self, monkeypatch, board_id="raspberry_pi_pico", settings=None,
                 oled_at=0x3C, pullups=True, typed=True, held=()):
        quiet_blinka_import()
        self.emu = SSD1306Emulator(oled_at)
        self.i2c_args = None
        self.keys = None
        self.settings = dict(settings or {})
        self.pwm = []
        self.order = []         # busio.I2C and displayio.release_displays, as called
        self.claimed = {}       # pin name -> what claimed it
        self.held = set(held)   # pins something outside the game holds
        fakes = self

        def claim(pin, what):
            if pin in fakes.held or pin in fakes.claimed:
                raise ValueError("%s in use" % pin)
            fakes.claimed[pin] = what

        import displayio
        real_release = displayio.release_displays

        def release_displays():
            fakes.order.append("release_displays")
            real_release()
        monkeypatch.setattr(displayio, "release_displays", release_displays)

        board = types.ModuleType("board")
        board.board_id = board_id
        for n in ["GP%d" % i for i in range(30)] + ["A0", "A1", "A2", "A3", "SDA1", "SCL1",
                                                    "SDA", "SCL", "VOLTAGE_MONITOR"]:
            setattr(board, n, Pin(n))

        busio = types.ModuleType("busio")

        def I2C(scl, sda, frequency=100000):
            fakes.order.append("busio.I2C")
            claim(scl.name, "I2C")
            claim(sda.name, "I2C")
            fakes.i2c_args = (scl.name, sda.name, frequency)
            if not pullups:
                raise RuntimeError("No pull up found on SDA or SCL; check your wiring")
            return EmulatedI2C({oled_at: fakes.emu} if oled_at else {})
        busio.I2C = I2C

        keypad = types.ModuleType("keypad")

        class Event:
            def __init__(self, key_number=0, pressed=True):
                self.key_number = key_number
                self.pressed = pressed

        class EventQueue:
            def __init__(self):
                self.q = collections.deque()

            def get_into(self, ev):
                if not self.q:
                    return False
                ev.key_number, ev.pressed = self.q.popleft()
                return True

        class Keys:
            def __init__(self, pins, *, value_when_pressed, pull=False, interval=0.02,
                         max_events=64):
                names = [p.name for p in pins]
                for n in names:
                    claim(n, "keys")
                self.pins = names
                self.value_when_pressed = value_when_pressed
                self.pull = pull
                self.events = EventQueue()
                fakes.keys = self
        keypad.Event, keypad.Keys = Event, Keys

        supervisor = types.ModuleType("supervisor")
        supervisor.ticks_ms = lambda: 1234
        if typed:
            supervisor.get_setting = lambda key, default=None: fakes.settings.get(key, default)
        else:   # CircuitPython 10.2 os.getenv: every value a string
            monkeypatch.setattr("os.getenv", lambda key, default=None: (
                str(fakes.settings[key]) if key in fakes.settings else default))

        microcontroller = types.ModuleType("microcontroller")
        microcontroller.nvm = bytearray(b"\xff" * 4096)
        self.nvm = microcontroller.nvm

        pwmio = types.ModuleType("pwmio")

        class PWMOut:
            def __init__(self, pin, frequency=500, duty_cycle=0, variable_frequency=False):
                claim(pin.name, "pwm")
                self.pin, self.frequency, self.duty_cycle = pin.name, frequency, duty_cycle
                fakes.pwm.append(self)
        pwmio.PWMOut = PWMOut

        analogio = types.ModuleType("analogio")

        class AnalogIn:
            reference_voltage = 3.3

            def __init__(self, pin):
                self.pin = pin
                self.value = 26000
        analogio.AnalogIn = AnalogIn

        for m in (board, busio, keypad, supervisor, microcontroller, pwmio, analogio):
            monkeypatch.setitem(sys.modules, m.__name__, m)

    def open(self):
        from hal.circuitpython import open_hal
        return open_hal(Settings())


def test_pico_profile_opens_everything(monkeypatch):
    f = Fakes(monkeypatch)
    h = f.open()
    assert h.name == "circuitpython" and h.profile == "raspberry_pi_pico"
    assert f.i2c_args == ("GP5", "GP4", 400000)
    assert f.keys.pins == ["GP12", "GP13", "GP10", "GP11", "GP14", "GP15"]
    assert f.keys.value_when_pressed is False and f.keys.pull is True
    # the display is the real driver: init sent, a refresh lands in GDDRAM
    assert f.emu.on and f.emu.data_bytes == 0
    import displayio
    bmp = displayio.Bitmap(8, 8, 2)
    bmp.fill(1)
    pal = displayio.Palette(2)
    pal[1] = 0xFFFFFF
    h.display.root.append(displayio.TileGrid(bmp, pixel_shader=pal, x=4, y=8))
    h.display.refresh()
    assert f.emu.ram[1 * 128 + 4] == 0xFF and f.emu.ram[1 * 128 + 12] == 0
    # keypad events become logical buttons
    f.keys.events.q.extend([(4, True), (4, False), (2, True)])
    ev = hal.ButtonEvent()
    got = []
    while h.buttons.get_into(ev):
        got.append((hal.NAMES[ev.button], ev.pressed, ev.time))
    assert got == [("A", True, 1234), ("A", False, 1234), ("LEFT", True, 1234)]
    # storage on nvm
    assert h.storage.write(0, b"abc") and h.storage.read(0, 3) == b"abc"
    assert f.nvm[:3] == b"abc"
    # piezo on GP16, battery on VSYS/3
    h.sound.tone(440, 50)
    assert f.pwm[0].pin == "GP16" and f.pwm[0].frequency == 440 and f.pwm[0].duty_cycle > 0
    assert h.battery.millivolts() == 26000 * 9900 // 65535
    assert 0 <= h.seed < (1 << 29)


@pytest.mark.parametrize("typed", [True, False])
def test_settings_override_pins_and_address(monkeypatch, typed):
    f = Fakes(monkeypatch, oled_at=0x3D, typed=typed,
              settings={"BASRA_OLED_ADDRESS": "0x3D" if not typed else 0x3D,
                        "BASRA_BTN_A": "GP20", "BASRA_BTN_UP": "", "BASRA_BTN_DOWN": "",
                        "BASRA_I2C_FREQ": 100000})
    h = f.open()
    assert f.keys.pins == ["GP10", "GP11", "GP20", "GP15"]
    assert not h.buttons.has(hal.UP) and h.buttons.has(hal.A)
    assert f.i2c_args[2] == 100000


def test_wrong_address_names_the_setting(monkeypatch):
    f = Fakes(monkeypatch, oled_at=0x3C, settings={"BASRA_OLED_ADDRESS": 0x3D})
    with pytest.raises(hal.HalError) as e:
        f.open()
    assert e.value.setting == "BASRA_OLED_ADDRESS"
    assert "0x3D" in e.value.message and "found 0x3C" in e.value.message


def test_missing_display(monkeypatch):
    f = Fakes(monkeypatch, pullups=False)
    with pytest.raises(hal.HalError) as e:
        f.open()
    assert "BASRA_SDA" in e.value.message and "GP4" in e.value.message
    f = Fakes(monkeypatch, oled_at=None)
    with pytest.raises(hal.HalError) as e:
        f.open()
    assert "no I2C device answers" in e.value.message


def test_bad_pin_is_reported_on_serial_and_oled_without_traceback(monkeypatch, capsys):
    f = Fakes(monkeypatch, settings={"BASRA_BTN_B": "GP99"})
    with pytest.raises(hal.HalError) as e:
        f.open()
    assert e.value.setting == "BASRA_BTN_B" and "GP99" in e.value.message

    f = Fakes(monkeypatch, settings={"BASRA_BTN_B": "GP99"})
    monkeypatch.setattr(hal, "_installed", None)
    monkeypatch.setattr(sys.implementation, "name", "circuitpython")
    # hal.run waits forever on a board to keep the message up: stop it
    def stop(err):
        raise KeyboardInterrupt
    from hal import report
    monkeypatch.setattr(report, "wait", stop)
    called = []
    with pytest.raises(KeyboardInterrupt):
        hal.run(lambda h: called.append(h))
    out = capsys.readouterr().out
    assert called == []
    assert "BASRA_BTN_B" in out and "GP99" in out and "Traceback" not in out
    assert sum(bin(b).count("1") for b in f.emu.ram) > 100   # text on the OLED


def test_qt_py_is_the_four_button_layout(monkeypatch):
    f = Fakes(monkeypatch, board_id="adafruit_qtpy_rp2040")
    h = f.open()
    assert f.i2c_args[:2] == ("SCL1", "SDA1")
    assert [h.buttons.has(b) for b in range(6)] == [False, False, True, True, True, True]
    assert h.sound.available is False and h.battery.millivolts() is None


def test_unknown_board_asks_for_buttons(monkeypatch):
    f = Fakes(monkeypatch, board_id="some_new_board")
    with pytest.raises(hal.HalError) as e:
        f.open()
    assert e.value.setting == "BASRA_BTN_LEFT"


def test_two_buttons_on_one_pin(monkeypatch):
    f = Fakes(monkeypatch, settings={"BASRA_BTN_UP": "GP14"})
    with pytest.raises(hal.HalError) as e:
        f.open()
    assert "BASRA_BTN_UP" in e.value.message and "BASRA_BTN_A" in e.value.message


@pytest.mark.parametrize("offset,ok", [(0, True), (3840, True), (3841, False), (-1, False)])
def test_nvm_offset_must_leave_room_for_the_save(monkeypatch, offset, ok):
    f = Fakes(monkeypatch, settings={"BASRA_NVM_OFFSET": offset})
    if ok:
        assert f.open().storage is not None
        return
    with pytest.raises(hal.HalError) as e:
        f.open()
    assert e.value.setting == "BASRA_NVM_OFFSET" and str(offset) in e.value.message


def test_the_display_kept_from_the_last_run_is_let_go_before_the_bus_is_made(monkeypatch):
    # CircuitPython keeps the last display and its I2C pins after code.py
    # ends; busio.I2C on them raises "GP5 in use" until release_displays()
    f = Fakes(monkeypatch)
    f.open()
    assert f.order[:2] == ["release_displays", "busio.I2C"]


def test_an_i2c_pin_held_outside_the_game_is_retried_then_named_with_the_fix(monkeypatch):
    f = Fakes(monkeypatch, held=("GP5",))
    with pytest.raises(hal.HalError) as e:
        f.open()
    assert f.order == ["release_displays", "busio.I2C", "release_displays", "busio.I2C"]
    m = e.value.message
    assert "GP5 in use" in m and "BASRA_SDA, BASRA_SCL" in m
    assert "boot.py" in m and "Ctrl-D" in m and "unplug the board" in m
    assert getattr(e.value, "display", None) is None     # no panel yet: serial only


@pytest.mark.parametrize("key, pin, others", [
    ("BASRA_BTN_A", "GP5", "BASRA_SCL and BASRA_BTN_A"),
    ("BASRA_PIEZO", "GP14", "BASRA_BTN_A and BASRA_PIEZO"),
])
def test_a_pin_set_twice_names_both_settings_on_serial_and_oled(monkeypatch, key, pin, others):
    f = Fakes(monkeypatch, settings={key: pin})
    with pytest.raises(hal.HalError) as e:
        f.open()
    assert e.value.message == "%s in use: it is %s; give each its own pin" % (pin, others)
    assert e.value.display is not None      # the OLED works by then: shown there too


def test_a_long_message_is_shown_in_pages_that_turn(monkeypatch, capsys):
    from hal import report
    f = Fakes(monkeypatch, settings={"BASRA_BTN_B": "GP99"})
    with pytest.raises(hal.HalError) as e:
        f.open()
    err = hal.HalError(e.value.message + " then press Ctrl-D to start again" * 3)
    err.display = e.value.display
    report.report(err)
    assert "GP99" in capsys.readouterr().out
    assert len(err.pages) >= 2 and all(len(p) <= report.ROWS for p in err.pages)
    words = " ".join(" ".join(p) for p in err.pages)
    assert words.endswith("start again")     # all of it, past the first page
    first = bytes(f.emu.ram)
    report.flip(err, 1)
    assert bytes(f.emu.ram) != first
    report.flip(err, len(err.pages))     # round again to the first page
    assert bytes(f.emu.ram) == first


def _panel_start(monkeypatch, fast):
    """The commands an SSD1306 gets while the HAL opens it, and the waits
    busdisplay makes between them (ms)."""
    import busdisplay

    import hal.oled as oled
    waits = []
    sleep = busdisplay.time.sleep

    def timed(s):
        if sys._getframe(1).f_code.co_name == "__init__":   # BusDisplay's, after each command
            waits.append(round(s * 1000))
        sleep(s)
    monkeypatch.setattr(busdisplay.time, "sleep", timed)
    if not fast:
        monkeypatch.setattr(oled, "_DRIVERS", b"not the driver's")
    f = Fakes(monkeypatch)
    got = []
    command = f.emu._command

    def logged(cmd, params):
        got.append((cmd, params))
        command(cmd, params)
    f.emu._command = logged
    f.open()
    return sorted(got), waits, f.emu


def test_the_panel_gets_the_drivers_commands_without_its_130_ms_of_waits(monkeypatch):
    fast, fast_waits, emu = _panel_start(monkeypatch, fast=True)
    slow, slow_waits, _ = _panel_start(monkeypatch, fast=False)
    assert sum(slow_waits) == 130           # 13 commands, 10 ms after each
    assert sum(fast_waits) == 0
    # the same commands and values, and a column window (0..127) besides
    assert [c for c in fast if c[0] != 0x21] == [c for c in slow if c[0] != 0x21]
    assert emu.on and emu.mode == 0
    import adafruit_displayio_ssd1306 as lib
    from hal.oled import _FAST
    assert lib._INIT_SEQUENCE[:2] == b"\xae\x00" and lib._INIT_SEQUENCE != _FAST   # the driver's, put back
