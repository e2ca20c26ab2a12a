"""What every part of the HAL shares: the button names, ``HalError``,
``ButtonEvent`` and the ``Hal`` record. hal/__init__.py re-exports them
(``hal.A``, ``hal.Hal``); the modules that open a HAL (hal/blinka.py,
hal/circuitpython.py) import them from here, so that the package, which
imports those modules to open one, is not imported back by them."""
from hal.compat import const

UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
A = const(4)
B = const(5)
COUNT = const(6)
NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B")


class HalError(Exception):
    """A set-up problem a person can fix. ``setting`` names the settings.toml key."""

    def __init__(self, message, setting=None):
        super().__init__(message)
        self.message = message
        self.setting = setting


class ButtonEvent:
    """A logical button event, filled in place by ``Buttons.get_into``."""

    def __init__(self):
        self.button = -1
        self.pressed = False
        self.repeat = False
        self.time = 0


class Hal:
    """The bundle the app receives. Backends fill it in."""

    def __init__(self, display, buttons, clock, storage, sound=None,
                 battery=None, seed=0, name="", idle=None, link=None):
        self.display = display
        self.buttons = buttons
        self.clock = clock
        self.storage = storage
        if sound is None:
            from hal.sound import NoSound
            sound = NoSound()
        self.sound = sound
        # battery: None, an object with millivolts(), or (pin, divider) of a
        # board's sense pin, opened (hal/battery.py loaded) when first asked
        self._battery = battery
        self.seed = seed
        self.name = name
        self._idle = idle
        # link=None: no link; else a function that opens the link port
        # (hal/link.py) and returns it, raising HalError when it cannot
        self.link = link

    @property
    def battery(self):
        """hal/battery.py's Battery, or NoBattery when the board has no sense
        pin: made on the first call, so a device that never reads the battery
        never holds its code."""
        b = self._battery
        if b is None or isinstance(b, tuple):
            from hal import battery as B
            b = B.NoBattery() if b is None else B.Battery(b[0], b[1])
            self._battery = b
        return b

    def idle(self, ms):
        """Wait up to ``ms`` milliseconds; returns early in the simulator on input."""
        self.sound.update()
        if self._idle is not None:
            self._idle(ms)
        else:
            self.clock.sleep_ms(ms)
