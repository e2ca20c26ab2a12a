"""Blinka backend (Raspberry Pi with the Adafruit 128x64 OLED Bonnet).

The same displayio/SSD1306 code as on a board (Blinka's displayio), the
buttons through digitalio (active low, pull-ups on): A D5, B D6, joystick
up D17, down D22, left D27, right D23, centre D4 (centre acts as A). The
save is a file: $BASRA_SAVE, default ~/.pocket-basra.sav. BASRA_OLED_ADDRESS
and BASRA_OLED_ROTATION come from the environment.
"""

from hal import base

# (board pin, logical button)
BONNET = (("D5", base.A), ("D6", base.B), ("D17", base.UP), ("D22", base.DOWN),
          ("D27", base.LEFT), ("D23", base.RIGHT), ("D4", base.A))


def open_hal(settings=None, pins=BONNET):
    import os
    import board
    import digitalio
    from hal.buttons import Buttons
    from hal.clock import Clock
    from hal.display import Display
    from hal.keys import PolledKeys
    from hal.oled import open_ssd1306, release
    from hal.settings import Settings
    from hal.filestore import FileStore
    from hal.blinkarefresh import match_circuitpython

    match_circuitpython()
    if settings is None:
        settings = Settings(os.environ.get)
    address = settings.number("BASRA_OLED_ADDRESS", 0x3C)
    rotation = settings.number("BASRA_OLED_ROTATION", 0)
    release()
    try:
        i2c = board.I2C()
    except (RuntimeError, ValueError, OSError) as e:
        raise base.HalError("I2C bus: %s (is I2C enabled in raspi-config?)" % (e,), "BASRA_SDA")
    raw = open_ssd1306(i2c, address, rotation=rotation)
    clock = Clock()
    inputs = []
    key_map = []
    try:
        for name, button in pins:
            pin = getattr(board, name, None)
            if pin is None:
                raise base.HalError("no pin board.%s on this machine" % name)
            io = digitalio.DigitalInOut(pin)
            io.direction = digitalio.Direction.INPUT
            io.pull = digitalio.Pull.UP
            inputs.append(io)
            key_map.append(button)
    except base.HalError as e:
        e.display = raw
        raise
    keys = PolledKeys(inputs, clock, value_when_pressed=False)
    buttons = Buttons(keys, key_map, clock)
    path = settings.text("BASRA_SAVE", None) or os.path.expanduser("~/.pocket-basra.sav")
    seed = int.from_bytes(os.urandom(4), "little") & 0x1FFFFFFF
    h = base.Hal(Display(raw), buttons, clock, FileStore(path), seed=seed, name="blinka")
    h.keys = keys
    return h
