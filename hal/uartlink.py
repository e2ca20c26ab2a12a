"""The link over a cable: busio.UART on two pins (hal/link.py's port calls).
The pins are claimed by hal/uartopen.py, loaded for that call only."""
from hal.mem import drop


class UartPort:
    """busio.UART on two pins, at 19,200 baud, 8N1; TX of one device to RX of the
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
        from hal.uartopen import open_uart
        try:
            self.uart = open_uart(self._board, self._busio, self.tx, self.rx)
        finally:
            open_uart = None
            drop("hal.uartopen")   # the code that claims the pins: once a link game
            drop("hal.link")       # and the constant it read there (RX_BUFFER)

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
