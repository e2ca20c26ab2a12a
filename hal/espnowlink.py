"""The link over the air: CircuitPython's espnow (ESP32-S2/S3), one broadcast
packet a frame (hal/link.py's port calls)."""
from hal.base import HalError


class EspNowPort:
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
