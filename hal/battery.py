"""Optional battery voltage through analogio; ``NoBattery`` when absent.

``millivolts()`` returns an int (no float allocation) or None.
"""


class NoBattery:
    available = False

    def millivolts(self):
        return None


class Battery:
    available = True

    def __init__(self, pin, divider=2):
        import analogio
        self._adc = analogio.AnalogIn(pin)
        ref = getattr(self._adc, "reference_voltage", 3.3) or 3.3
        # millivolts at full scale, times the divider: fits a small int
        self._full = int(ref * 1000 * divider)

    def millivolts(self):
        return self._adc.value * self._full // 65535
