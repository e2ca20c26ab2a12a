"""The link device: a byte pipe to another Pocket Basra (``h.link``).

Every transport has the same three calls, so the app does not know whether
it talks over a UART cable, ESP-NOW or the simulator's socket:

``open()``
    claim the pins or the radio; raises hal.HalError with a message a person
    can act on (wrong pin names, no UART on those pins, no espnow module).
``write(buf)``
    send all of ``buf`` (a whole frame; lost bytes are the protocol's
    problem, device/link.py).
``readinto(buf) -> int``
    the bytes that arrived since the last call, up to ``len(buf)``; 0 when
    none. Never waits.
``close()``
    let the pins or the radio go.

``kind`` names the transport ("uart", "espnow", "socket", "memory") and
``where`` says what it uses ("TX=GP0 RX=GP1"). hal/circuitpython.py makes
the UART or ESP-NOW one from settings.toml (pins per board in
hal/profiles.py); the simulator makes its own (simulator/link.py).

``MemoryPort`` is an in-memory pair with fixed ring buffers (nothing is
allocated as bytes pass), for tests and the MicroPython VM checks.
"""
from hal.base import HalError
from hal.compat import const

BAUD = const(19200)         # the cable's fixed rate: 8N1, about 1.9 bytes per ms
RX_BUFFER = const(256)      # the UART's receive buffer (several frames)


class LinkPort:
    """No link: what ``h.link`` is on a machine without one."""

    kind = "none"
    where = ""

    def open(self):
        raise HalError("this device has no link (set BASRA_LINK_TX and BASRA_LINK_RX)",
                       "BASRA_LINK_TX")

    def write(self, buf):
        pass

    def readinto(self, buf):
        return 0

    def close(self):
        pass


class UartPort(LinkPort):
    """busio.UART on two pins, at BAUD, 8N1; TX of one device to RX of the
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
            self.uart = self._busio.UART(pins[0], pins[1], baudrate=BAUD, timeout=0,
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


class EspNowPort(LinkPort):
    """ESP-NOW (CircuitPython's espnow module, ESP32-S3): each frame one
    broadcast packet, so no pairing is needed; packets that are not a
    frame are dropped by the protocol's checks."""

    kind = "espnow"
    where = "ESP-NOW broadcast"

    def __init__(self, channel=0):
        self.channel = channel
        self.e = None
        self.pending = None     # a packet's bytes not yet handed out
        self.at = 0

    def open(self):
        if self.e is not None:
            return
        try:
            import espnow
        except ImportError:
            raise HalError("this CircuitPython build has no espnow module: use the cable "
                           "(BASRA_LINK = \"uart\")", "BASRA_LINK")
        try:
            self.e = espnow.ESPNow()
            self.e.peers.append(espnow.Peer(mac=b"\xff\xff\xff\xff\xff\xff",
                                            channel=self.channel))
        except (ValueError, RuntimeError, OSError) as e:
            self.e = None
            raise HalError("ESP-NOW: %s" % (e,), "BASRA_LINK")

    def write(self, buf):
        try:
            self.e.send(buf)
        except (ValueError, RuntimeError, OSError):
            pass        # the radio is busy: the protocol sends again

    def readinto(self, buf):
        n = 0
        cap = len(buf)
        while n < cap:
            p = self.pending
            if p is None:
                if not self.e:
                    break
                pkt = self.e.read()
                if pkt is None:
                    break
                self.pending = p = pkt.msg
                self.at = 0
            while n < cap and self.at < len(p):
                buf[n] = p[self.at]
                n += 1
                self.at += 1
            if self.at >= len(p):
                self.pending = None
        return n

    def close(self):
        if self.e is not None:
            self.e.deinit()
            self.e = None


class _Ring:
    def __init__(self, size):
        self.b = bytearray(size)
        self.head = 0           # next byte to read
        self.n = 0              # bytes held


class MemoryPort(LinkPort):
    """One end of an in-memory link (``pair()`` makes both). A full ring
    drops what does not fit, as a UART's buffer would."""

    kind = "memory"
    where = "memory"

    def __init__(self, inbox, outbox):
        self.inbox = inbox
        self.outbox = outbox
        self.cut = False        # a pulled cable: writes go nowhere

    def open(self):
        pass

    def write(self, buf):
        if self.cut:
            return
        r = self.outbox
        size = len(r.b)
        for c in buf:
            if r.n >= size:
                return
            r.b[(r.head + r.n) % size] = c
            r.n += 1

    def readinto(self, buf):
        r = self.inbox
        size = len(r.b)
        n = 0
        cap = len(buf)
        while n < cap and r.n:
            buf[n] = r.b[r.head]
            r.head = (r.head + 1) % size
            r.n -= 1
            n += 1
        return n


def pair(size=RX_BUFFER):
    """Two MemoryPorts wired to each other (what one writes, the other reads)."""
    a = _Ring(size)
    b = _Ring(size)
    return MemoryPort(a, b), MemoryPort(b, a)
