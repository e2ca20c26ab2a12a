"""CircuitPython backend: keypad.Keys, SSD1306 on I2C, microcontroller.nvm.

Settings (settings.toml, all optional; see hal.profiles for pins):
BASRA_BOARD, BASRA_SDA, BASRA_SCL, BASRA_OLED_ADDRESS (default 0x3C),
BASRA_OLED_ROTATION (0 or 180), BASRA_I2C_FREQ (default 400000),
BASRA_BTN_UP/DOWN/LEFT/RIGHT/A/B, BASRA_PIEZO, BASRA_VBAT,
BASRA_VBAT_DIVIDER (default 2), BASRA_NVM_OFFSET (default 0), BASRA_LINK
("uart" or "espnow"), BASRA_LINK_TX, BASRA_LINK_RX (the link cable's pins).

Every failure a person can fix raises hal.HalError naming the setting; once
the OLED works the error carries it (``err.display``) so hal.run shows it.
"""

from hal import base
from hal.linkopen import opener
from hal.mem import CODE_ON_HEAP, drop

# the modules open_hal imports for itself, dropped once the HAL is open
# (h.link's opener is in hal/linkopen.py: nothing refers to this module after)
_OPENING = ("hal.circuitpython", "hal.profiles", "hal.settings", "hal.oled")

_OWN = "; give each its own pin"
STORE_BYTES = 256  # the least byte store the app needs (device/save.py: a log of two 128-byte slots or more)

_BUTTONS = (("up", base.UP), ("down", base.DOWN), ("left", base.LEFT),
            ("right", base.RIGHT), ("a", base.A), ("b", base.B))


def _pin(board, name, key):
    pin = getattr(board, name, None)
    if pin is None:
        raise base.HalError("%s = \"%s\": this board has no pin board.%s; use one it has "
                            "(boards.md)" % (key, name, name), key)
    return pin


def _in_use(e, pins, what, key):
    """HalError for ValueError ``e`` ("GP5 in use") of ``what`` opened on the
    pin of setting ``key``: which setting or what else holds the pin, and
    the fix."""
    text = "%s" % (e,)
    if not text.endswith(" in use"):
        return base.HalError("%s (%s): %s" % (what, key, text), key)
    name = text[:-7]
    # the settings that name the pin (pins: profiles.resolve's)
    others = [k for n, k in pins.values() if n == name]
    if len(others) > 1:
        return base.HalError("%s in use: it is %s%s" % (name, " and ".join(others), _OWN), key)
    return base.HalError("%s (%s): %s in use outside the game (boot.py?); press Ctrl-D, "
                         "or unplug the board" % (what, key, name), key)


def _open_i2c(board, busio, pins, freq, release):
    sda_name, sda_key = pins["sda"]
    scl_name, scl_key = pins["scl"]
    if sda_name is None or scl_name is None:
        raise base.HalError("no I2C pins: set BASRA_SDA and BASRA_SCL", "BASRA_SDA")
    sda = _pin(board, sda_name, sda_key)
    scl = _pin(board, scl_name, scl_key)
    what = "I2C on SDA=%s SCL=%s" % (sda_name, scl_name)
    for tries in (1, 0):
        try:
            return busio.I2C(scl, sda, frequency=freq)
        except RuntimeError as e:   # "No pull up found on SDA or SCL; check your wiring"
            raise base.HalError("%s (BASRA_SDA, BASRA_SCL): %s; is the OLED connected "
                                "and powered?" % (what, e), "BASRA_SDA")
        except ValueError as e:     # "Invalid pins", "GP5 in use"
            if not tries:
                raise _in_use(e, pins, what, "BASRA_SDA, BASRA_SCL")
            # the display of the last run should be let go by now; once more,
            # after whatever of this run still holds the pins is collected
            import gc
            gc.collect()
            release()


def _open_keys(board, keypad, pins):
    used = {}
    key_pins = []
    key_map = []
    for field, button in _BUTTONS:
        name, key = pins[field]
        if name is None:
            continue
        if name in used:
            raise base.HalError("%s and %s both use %s%s" % (used[name], key, name, _OWN), key)
        used[name] = key
        key_pins.append(_pin(board, name, key))
        key_map.append(button)
    for need, key in ((base.LEFT, "BASRA_BTN_LEFT"), (base.RIGHT, "BASRA_BTN_RIGHT"),
                      (base.A, "BASRA_BTN_A"), (base.B, "BASRA_BTN_B")):
        if need not in key_map:
            raise base.HalError("button %s has no pin: set %s" % (base.NAMES[need], key), key)
    try:
        keys = keypad.Keys(tuple(key_pins), value_when_pressed=False, pull=True,
                           interval=0.01, max_events=16)
    except ValueError as e:     # a pin in use or without pull-up
        raise _in_use(e, pins, "buttons", "BASRA_BTN_*")
    return keys, key_map


def _seed():
    import os
    try:
        b = os.urandom(4)
        return b[0] | (b[1] << 8) | (b[2] << 16) | ((b[3] & 0x1F) << 24)
    except (NotImplementedError, AttributeError):
        import supervisor
        return supervisor.ticks_ms()


def open_hal(settings=None):
    import board
    import busio
    import keypad
    from hal.buttons import Buttons
    from hal.clock import Clock
    from hal.display import Display
    from hal.oled import open_ssd1306, release
    from hal.profiles import resolve
    from hal.settings import Settings

    if settings is None:
        settings = Settings()
    board_id = getattr(board, "board_id", "unknown")
    profile, pins = resolve(board_id, settings)
    address = settings.number("BASRA_OLED_ADDRESS", 0x3C)
    rotation = settings.number("BASRA_OLED_ROTATION", 0)
    if rotation not in (0, 180):
        raise base.HalError("BASRA_OLED_ROTATION must be 0 or 180, not %s" % rotation,
                       "BASRA_OLED_ROTATION")

    # CircuitPython keeps the last display, with the I2C bus and pins it holds,
    # after code.py ends (a reload, Ctrl-D, an error): let it go first
    release()
    i2c = _open_i2c(board, busio, pins, settings.number("BASRA_I2C_FREQ", 400000), release)
    raw = open_ssd1306(i2c, address, rotation=rotation)
    try:
        clock = Clock()
        keys, key_map = _open_keys(board, keypad, pins)
        buttons = Buttons(keys.events, key_map, clock, source_event=keypad.Event())
        storage = _open_storage(settings)
        sound = None
        piezo, key = pins["piezo"]
        if piezo is not None:
            from hal.sound import Piezo
            try:
                sound = Piezo(_pin(board, piezo, key), clock)
            except ValueError as e:
                raise _in_use(e, pins, "the piezo", key)
        battery = None
        vbat, key = pins["vbat"]
        if vbat is not None:
            # the pin is checked now; it is opened when the battery is first read
            battery = (_pin(board, vbat, key),
                       settings.number("BASRA_VBAT_DIVIDER", 3 if vbat == "VOLTAGE_MONITOR" else 2))
    except base.HalError as e:
        e.display = raw
        raise
    h = base.Hal(Display(raw), buttons, clock, storage, sound=sound, battery=battery,
                seed=_seed(), name="circuitpython", link=opener(board, busio, pins))
    h.keys = keys
    h.profile = profile
    # the code only opening needs (this module, the pin profiles, the
    # settings reader, the panel's set-up) is let go: about 8 KB of heap
    if CODE_ON_HEAP:
        for name in _OPENING:
            drop(name)
    return h


def _open_storage(settings):
    try:
        import microcontroller
        nvm = microcontroller.nvm
    except (ImportError, AttributeError):
        nvm = None
    if nvm is None:
        from hal.filestore import FileStore
        return FileStore("/basra.sav", 512)
    from hal.storage import ByteStore
    offset = settings.number("BASRA_NVM_OFFSET", 0)
    if offset < 0 or offset + STORE_BYTES > len(nvm):
        raise base.HalError("BASRA_NVM_OFFSET = %d leaves no room in %d bytes of nvm: "
                            "set it to 0..%d" % (offset, len(nvm), len(nvm) - STORE_BYTES),
                            "BASRA_NVM_OFFSET")
    return ByteStore(nvm, offset)
