"""Open an SSD1306 128x64 on I2C through displayio (CircuitPython 9/10, Blinka).

``release()`` lets go of the display CircuitPython kept from the last
code.py (and the I2C bus and pins it holds): call it before the bus is
made, or busio.I2C raises "GP5 in use" after every soft reload.
``open_ssd1306`` checks that something answers at ``address`` (so a wrong address or a missing panel is a
HalError naming the setting, not a bare traceback) and builds
``adafruit_displayio_ssd1306.SSD1306`` with ``auto_refresh=False``.
"""

from hal.base import HalError

# adafruit_displayio_ssd1306's init sequence (its _INIT_SEQUENCE, versions
# 3.x), which busdisplay.BusDisplay sends waiting 10 ms after each of its 13
# commands (130 ms of every start): _FAST has the same commands and values,
# each with the DELAY flag (0x80 on its length) and 0 ms, in an order that
# puts the bytes the driver patches for the panel's size where it patches
# them (index 16: the multiplex ratio, 25: the COM pins), plus a harmless
# column-address command to keep them there. The SSD1306 needs no wait
# between commands on I2C.
_DRIVERS = (b"\xae\x00\x20\x01\x00\x81\x01\xcf\xa1\x00\xa6\x00\xc8\x00\xa8\x01\x3f"
            b"\xd5\x01\x80\xd9\x01\xf1\xda\x01\x12\xdb\x01\x40\x8d\x01\x14\xaf\x00")
_FAST = (b"\xae\x80\x00"            # display off
         b"\x20\x81\x00\x00"        # horizontal addressing
         b"\x81\x81\xcf\x00"        # contrast
         b"\xa1\x80\x00"            # column 127 is segment 0
         b"\xa8\x81\x3f\x00"        # multiplex 1/64 (index 16)
         b"\x21\x82\x00\x7f\x00"    # columns 0..127
         b"\xda\x81\x12\x00"        # COM pins for 64 rows (index 25)
         b"\xa6\x80\x00"            # normal (not inverted)
         b"\xc8\x80\x00"            # COM scan remapped
         b"\xd5\x81\x80\x00"        # clock divide
         b"\xd9\x81\xf1\x00"        # pre-charge
         b"\xdb\x81\x40\x00"        # VCOMH
         b"\x8d\x81\x14\x00"        # charge pump on
         b"\xaf\x80\x00")           # display on


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
    lib = adafruit_displayio_ssd1306
    own = lib._INIT_SEQUENCE
    if own == _DRIVERS and width == 128:    # the same without waits (72x40 inserts a command)
        lib._INIT_SEQUENCE = _FAST
    try:
        return lib.SSD1306(bus, width=width, height=height, rotation=rotation,
                           auto_refresh=False)
    finally:
        lib._INIT_SEQUENCE = own
