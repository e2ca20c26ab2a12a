"""``h.link`` on a board: the opener of the link's transport
(hal/link.py). A module of its own, so that what stays in the heap once
hal/circuitpython.py has opened the HAL (and let go of its own code) is
this function, not the ports' code."""
from hal.base import HalError


def opener(board, busio, pins):
    """A function that opens the transport settings.toml names (pins:
    hal.profiles.resolve's) when a link game starts; hal/uartlink.py or
    hal/espnowlink.py is imported then, not at boot. It holds only the
    link's own entries, not the whole dict (heap all game long)."""
    kind = pins["link"][0] or "uart"
    tx = pins["link_tx"]
    rx = pins["link_rx"]

    def open_port():
        if kind == "espnow":
            from hal.espnowlink import EspNowPort
            port = EspNowPort()
        elif kind == "uart":
            from hal.uartlink import UartPort
            port = UartPort(board, busio, tx, rx)
        else:
            raise HalError("BASRA_LINK = \"%s\": use \"uart\" or \"espnow\"" % kind, "BASRA_LINK")
        port.open()
        return port
    return open_port
