"""Open an SSD1306 128x64 on I2C through displayio (CircuitPython 9/10, Blinka).

``release()`` lets go of the display CircuitPython kept from the last
code.py (and the I2C bus and pins it holds): call it before the bus is
made, or busio.I2C raises "GP5 in use" after every soft reload.
``open_ssd1306`` checks that something answers at ``address`` (so a wrong address or a missing panel is a
HalError naming the setting, not a bare traceback) and builds
``adafruit_displayio_ssd1306.SSD1306`` with ``auto_refresh=False``.
"""

from hal.base import HalError


def probe(i2c, address, setting="BASRA_OLED_ADDRESS"):
    """Raise HalError unless a device answers at ``address``."""
    while not i2c.try_lock():
        pass
    try:
        found = i2c.scan()
    finally:
        i2c.unlock()
    if address in found:
        return
    if not found:
        raise HalError("no I2C device answers: is the OLED wired to SDA/SCL "
                       "(settings BASRA_SDA, BASRA_SCL) and powered?", "BASRA_SDA")
    raise HalError("no OLED at I2C address 0x%02X (%s); found %s: set %s = 0x%02X"
                   % (address, setting, " ".join("0x%02X" % a for a in found), setting, found[0]),
                   setting)


def release():
    import displayio
    displayio.release_displays()


def open_ssd1306(i2c, address=0x3C, width=128, height=64, rotation=0, check=True):
    if check:
        probe(i2c, address)
    try:
        from i2cdisplaybus import I2CDisplayBus
    except ImportError:  # CircuitPython 8
        from displayio import I2CDisplay as I2CDisplayBus
    try:
        import adafruit_displayio_ssd1306
    except ImportError:
        raise HalError("library adafruit_displayio_ssd1306 missing: "
                       "circup install adafruit_displayio_ssd1306")
    bus = I2CDisplayBus(i2c, device_address=address)
    return adafruit_displayio_ssd1306.SSD1306(
        bus, width=width, height=height, rotation=rotation, auto_refresh=False)
