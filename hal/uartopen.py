"""Claim the link cable's pins: busio.UART at the link's fixed rate, with a
message a person can act on when the pins are wrong. Loaded for that one
call (hal/uartlink.py ``UartPort.open``) and let go after it."""
from hal.base import HalError
from hal.compat import const
from hal.link import RX_BUFFER

_BAUD = const(19200)         # the cable's fixed rate: 8N1, about 1.9 bytes per ms


def open_uart(board, busio, tx, rx):
    """busio.UART from tx to rx (each (pin name or None, settings key));
    HalError naming the setting to fix when it cannot be made."""
    pins = []
    for name, key in (tx, rx):
        if name is None:
            raise HalError("no link pin: set %s in settings.toml" % key, key)
        pin = getattr(board, name, None)
        if pin is None:
            raise HalError("%s = \"%s\": this board has no pin board.%s" % (key, name, name), key)
        pins.append(pin)
    try:
        return busio.UART(pins[0], pins[1], baudrate=_BAUD, timeout=0,
                          receiver_buffer_size=RX_BUFFER)
    except (ValueError, RuntimeError) as e:   # "Invalid pins", "GP0 in use"
        raise HalError("link UART on TX=%s RX=%s (BASRA_LINK_TX, BASRA_LINK_RX): %s"
                       % (tx[0], rx[0], e), tx[1])
