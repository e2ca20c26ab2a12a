"""The link over a cable: busio.UART on two pins (hal/link.py's port calls)."""
from hal.base import HalError
from hal.compat import const
from hal.link import RX_BUFFER

_BAUD = const(19200)         # the cable's fixed rate: 8N1, about 1.9 bytes per ms


class UartPort:
    """busio.UART on two pins, at _BAUD, 8N1; TX of one device to RX of the
    other, and ground to ground."""

    kind = "uart"

    def __init__(self, board, busio, tx, rx):
        self._board = board
        self._busio = busio
        self.tx = tx            # (pin name or None, settings key)
        self.rx = rx
        self.where = "TX=%s RX=%s" % (tx[0], rx[0])
        self.uart = None

    def open(self):
        if self.uart is not None:
            return
        pins = []
        for name, key in (self.tx, self.rx):
            if name is None:
                raise HalError("no link pin: set %s in settings.toml" % key, key)
            pin = getattr(self._board, name, None)
            if pin is None:
                raise HalError("%s = \"%s\": this board has no pin board.%s" % (key, name, name),
                               key)
            pins.append(pin)
        try:
            self.uart = self._busio.UART(pins[0], pins[1], baudrate=_BAUD, timeout=0,
                                         receiver_buffer_size=RX_BUFFER)
        except (ValueError, RuntimeError) as e:   # "Invalid pins", "GP0 in use"
            raise HalError("link UART on TX=%s RX=%s (BASRA_LINK_TX, BASRA_LINK_RX): %s"
                           % (self.tx[0], self.rx[0], e), self.tx[1])

    def write(self, buf):
        self.uart.write(buf)

    def readinto(self, buf):
        u = self.uart
        if not u.in_waiting:
            return 0
        n = u.readinto(buf)
        return n or 0

    def close(self):
        if self.uart is not None:
            self.uart.deinit()
            self.uart = None
