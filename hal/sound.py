"""Optional piezo sound through pwmio; ``NoSound`` when the board has none.

``tone(freq_hz, ms)`` starts a square wave and returns at once;
``update()`` (called by ``Hal.idle``) silences it when its time is up.
"""

from hal.clock import ticks_add, ticks_diff


class NoSound:
    available = False

    def tone(self, freq_hz, ms):
        pass

    def stop(self):
        pass

    def update(self):
        pass


class Piezo:
    available = True

    def __init__(self, pin, clock, volume=0x8000):
        import pwmio
        self._pwm = pwmio.PWMOut(pin, frequency=440, duty_cycle=0, variable_frequency=True)
        self._clock = clock
        self._volume = volume
        self._until = 0
        self._on = False

    def tone(self, freq_hz, ms):
        self._pwm.frequency = int(freq_hz)
        self._pwm.duty_cycle = self._volume
        self._until = ticks_add(self._clock.ticks_ms(), ms)
        self._on = True

    def stop(self):
        self._pwm.duty_cycle = 0
        self._on = False

    def update(self):
        if self._on and ticks_diff(self._clock.ticks_ms(), self._until) >= 0:
            self.stop()
