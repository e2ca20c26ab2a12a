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
# Hal.idle sleeps in slices this long, looking at the buttons after each
IDLE_POLL_MS = const(4)


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
        """Wait up to ``ms`` milliseconds, or until a button is pressed
        (``Buttons.pending``): the wait is slept in slices of IDLE_POLL_MS,
        the buttons looked at after each, so a press waits at most one
        slice, not the whole idle (a Python wake-up every 4 ms, a few
        bytecodes). The simulator's own idle returns on input as well."""
        sound = self.sound
        sound.update()
        if self._idle is not None:
            self._idle(ms)
            return
        clock = self.clock
        buttons = self.buttons
        start = clock.ticks_ms()
        while ms > 0 and not buttons.pending():
            left = ms - clock.since(start)
            if left <= 0:
                break
            clock.sleep_ms(IDLE_POLL_MS if left > IDLE_POLL_MS else left)
            sound.update()
