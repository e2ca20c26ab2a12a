"""The link protocol between two Pocket Basras (docs/link.md has the byte map).

Frames over any hal/link.py port (UART, ESP-NOW, the simulator's socket,
memory)::

    0xB5 | type | payload (a fixed size per type) | CRC-16 (CCITT, big-endian)

The CRC covers type and payload. A receiver hunts for 0xB5, reads as many
bytes as the type says and drops the frame when the CRC differs; lost
frames are made good by sending again (plays) or by the next heartbeat.

Lobby: both devices send HELLO (version, a random nonce, a random 15-bit
contribution to the seed, the game they propose) every _BEAT_MS. The device
with the higher nonce hosts: its proposal is shown on the other, whose
person accepts (_ACCEPT) or declines (QUIT). The seed is made of both
contributions, so neither device chooses the deal alone. That half of the
protocol is device/linklobby.py, on the Link (``lobby``) only while the
devices connect: a link game holds only the game's half.

Game: each device sends STATUS (version, seed, its role, its place in the
game: hand number, plays of the hand, a digest of the game so far) when
its place changes and every _BEAT_MS; that is the acknowledgement and the
heartbeat. A device sends each play of the hand the other does not have
yet (PLAY: hand, number in the hand, its place in core.plays' list), again
every _RESEND_MS until a STATUS says it arrived. Two devices whose digests
differ for the same place, or of other versions or games, stop (DIFFER)
and tell each other (QUIT).

Nothing is allocated while frames come and go: the buffers are made in
``Link.__init__`` and every field is a small int (harness/mp/link_checks.py
runs the loop under micropython.heap_lock).

The game side (device/linkgame.py's LinkSession) gives ``seed``, ``role``
(0 host, 1 guest), ``position()`` (sets ``pos_hand``, ``pos_count``),
``digest(count)`` and ``place(k)``.
"""
from array import array

from core.compat import const
from hal.clock import ticks_diff

VERSION = const(1)
_SYNC = const(0xB5)

# frame types
HELLO = const(1)
_ACCEPT = const(2)
_STATUS = const(3)
PLAY = const(4)
QUIT = const(5)
_SIZE = b"\x00\x0b\x07\x0a\x08\x01"   # payload bytes of each type
_MAX = const(11)

# states
OFF = const(0)
LOBBY = const(1)        # saying HELLO, nobody answered yet
HOSTING = const(2)      # the other device is there: it has our proposal
OFFERED = const(3)      # the other device hosts: its proposal is shown here
GAME = const(4)
DIFFER = const(5)       # the two devices disagree: the game stops
SOLO = const(6)         # played on vs the AI here: the other device is told so (QUIT) when heard

# why (DIFFER, and the reason QUIT carries)
R_VERSION = const(1)
R_GAME = const(2)
R_PLAY = const(3)
_R_LEFT = const(4)
R_DECLINED = const(5)
# 6 to 8 are device/linkmenu.py's (its screens send them): a proposal it
# cannot play, played on vs the AI, cancelled before the game began
_NREASONS = const(9)     # reasons a QUIT may carry (device/linkmenu.py words them)

_RESEND_MS = const(400)
_BEAT_MS = const(500)
_LOST_MS = const(2500)
# a STATUS heard this long after the game began here is the other device's
# answer to this one's place (device/linkgame.py LinkPlay waits for one)
SETTLE_MS = const(900)

# CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), a nibble at a time
_CRC = array("H", [0] * 16)
for _i in range(16):
    _c = _i << 12
    for _ in range(4):
        _c = ((_c << 1) ^ 0x1021) & 0xFFFF if _c & 0x8000 else (_c << 1) & 0xFFFF
    _CRC[_i] = _c
del _i, _c, _       # their places in the module's globals go to the names below


def crc_byte(crc, b):
    """crc (16 bits) after byte b."""
    t = _CRC
    crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b >> 4)]
    return ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b & 15)]


def crc16(buf, start, end):
    crc = 0xFFFF
    for i in range(start, end):
        crc = crc_byte(crc, buf[i])
    return crc


class Link:
    """One device's end of the protocol over a hal/link.py port."""

    def __init__(self, port, prng, now=0):
        self.port = port
        self.prng = prng                    # core.prng.Prng: nonces, contributions
        self.rx = bytearray(16)
        self.fr = bytearray(1 + _MAX + 2)   # type, payload, CRC of the frame coming in
        self.fn = -1                        # its bytes so far; -1: looking for _SYNC
        self.need = 0
        self.txs = [None]
        for t in range(1, len(_SIZE)):
            self.txs.append(bytearray(2 + _SIZE[t] + 2))
        self.state = OFF
        self.reason = 0
        self.peer_reason = False            # the reason came from the other device
        self.heard = now                    # when a frame last came (or the link opened)
        self.up = True                      # until _LOST_MS pass without a frame
        self.changed = False
        self.beat = 0
        self.quits = 0
        # lobby (device/linklobby.py, the module itself in ``lobby`` until the game begins)
        self.lobby = None
        self.nonce = 0
        self.contrib = 0
        self.peer_nonce = 0
        self.peer_contrib = 0
        # and, made by the lobby's start, let go once the game is set up
        # (device/linkmenu.py): prop, peer_prop (variant, players, layout,
        # level, target lo, hi)
        self.host = False
        self.seed = 0
        # game
        self.game = None
        self.peer_hand = -1
        self.peer_count = 0
        self.peer_at = 0                    # when its last STATUS came
        self.began = 0                      # when the game began over the link here
        self.sent_hand = -1
        self.sent_count = -1
        self.pushed_from = -1
        self.pushed_to = -1
        self.resent = 0
        self.in_hand = -1                   # the play that came for our next one
        self.in_k = -1
        self.in_place = 0
        # counters (tests, docs/link.md)
        self.good = 0
        self.bad = 0
        self.sent = 0

    # -- what the app asks ------------------------------------------------------
    def play(self, game, now):
        """Play game (the agreed one, or a saved one resumed) over the link."""
        self.game = game
        self.seed = game.seed
        self.host = game.role == 0
        self.began = now
        self.peer_hand = -1
        self.peer_count = 0
        self.sent_hand = -1
        self.in_hand = -1
        self.in_k = -1
        self.to(GAME)

    def differ(self, reason):
        """Stop: the devices disagree; the other is told (QUIT)."""
        if self.state == DIFFER:
            return
        self.reason = reason
        self.peer_reason = False
        self.quits = 3
        self.send_quit()
        self.to(DIFFER)

    def stop(self):
        self.state = OFF

    def peer_has_all(self):
        """The other device has every play of our hand (it may be past it)."""
        g = self.game
        g.position()
        return self.peer_hand > g.pos_hand or (self.peer_hand == g.pos_hand
                                               and self.peer_count >= g.pos_count)

    # -- the loop ------------------------------------------------------------------
    def poll(self, now):
        """Read what came, answer, send what is due. True when something a
        person sees changed (state, link up or down)."""
        if self.state == OFF:
            return False
        port = self.port
        rx = self.rx
        cap = len(rx)
        while True:
            n = port.readinto(rx)
            for i in range(n):
                self._feed(rx[i], now)
            if n < cap:
                break
        up = ticks_diff(now, self.heard) < _LOST_MS
        if up != self.up:
            self.up = up
            self.changed = True
        st = self.state
        if st == GAME:
            self._game_out(now)
        elif st >= DIFFER:              # DIFFER, SOLO: the QUITs due
            if self.quits > 0 and ticks_diff(now, self.beat) >= _BEAT_MS:
                self.beat = now
                self.send_quit()
        elif st != OFF and ticks_diff(now, self.beat) >= _BEAT_MS:
            self.beat = now
            self.lobby.hello(self)
        c = self.changed and st != SOLO     # a game on one device: nothing to show
        self.changed = False
        return c

    def to(self, state):
        if state != self.state:
            self.state = state
            self.changed = True

    def _game_out(self, now):
        g = self.game
        if g is None:
            return                          # agreed: the game is being set up here
        g.position()
        h = g.pos_hand
        k = g.pos_count
        if h != self.sent_hand or k != self.sent_count or ticks_diff(now, self.beat) >= _BEAT_MS:
            self._status(h, k)
            self.beat = now
        j = self.peer_count
        if self.peer_hand == h and j < k and (j != self.pushed_from or k != self.pushed_to
                                              or ticks_diff(now, self.resent) >= _RESEND_MS):
            self.pushed_from = j
            self.pushed_to = k
            self.resent = now
            while j < k:
                self._play(h, j, g.place(j))
                j += 1

    # -- frames in -------------------------------------------------------------------
    def _feed(self, c, now):
        fn = self.fn
        if fn < 0:
            if c == _SYNC:
                self.fn = 0
            return
        fr = self.fr
        if fn == 0:
            if c < 1 or c >= len(_SIZE):
                self.bad += 1
                self.fn = 0 if c == _SYNC else -1
                return
            self.need = 1 + _SIZE[c] + 2
        fr[fn] = c
        fn += 1
        if fn < self.need:
            self.fn = fn
            return
        self.fn = -1
        end = fn - 2
        crc = crc16(fr, 0, end)
        if fr[end] != crc >> 8 or fr[end + 1] != crc & 0xFF:
            self.bad += 1
            return
        self.good += 1
        self.heard = now
        if self.state == SOLO:
            self.quits = 1                  # tell it: the game went on vs the AI here
            return
        t = fr[0]
        if t == _STATUS:
            self._on_status()
        elif t == PLAY:
            self._on_play()
        elif t == HELLO:
            self._on_hello()
        elif t == _ACCEPT:
            if self.lobby is not None:
                self.lobby.on_accept(self)
        else:
            self._on_quit()

    def _on_hello(self):
        fr = self.fr
        st = self.state
        if fr[1] != VERSION:
            if st != OFF:
                self.differ(R_VERSION)
            return
        nonce = fr[2] | (fr[3] << 8)
        if st == GAME:
            if not self.host and nonce == self.peer_nonce:
                self.send_accept()          # our _ACCEPT was lost: the host asks again
            else:
                self.differ(_R_LEFT)         # the other device is starting another game
            return
        if self.lobby is not None:
            self.lobby.on_hello(self, nonce)

    def _on_quit(self):
        if self.state == HOSTING or self.state == OFFERED or self.state == GAME:
            self.reason = self.fr[1] if 0 < self.fr[1] < _NREASONS else _R_LEFT
            self.peer_reason = True
            self.quits = 0
            self.to(DIFFER)

    def _on_status(self):
        fr = self.fr
        st = self.state
        seed = fr[2] | (fr[3] << 8) | (fr[4] << 16)
        role = fr[5]
        if st == HOSTING:
            if fr[1] == VERSION and seed == self.seed and role == 1:
                self.to(GAME)              # the guest began: its _ACCEPT was lost
            return
        if st != GAME:
            return
        if fr[1] != VERSION:
            self.differ(R_VERSION)
            return
        g = self.game
        if g is None:
            return                          # the game is being set up here
        if seed != g.seed or role == g.role:
            self.differ(R_GAME)
            return
        hand = fr[6] | (fr[7] << 8)
        count = fr[8]
        self.peer_hand = hand
        self.peer_count = count
        self.peer_at = self.heard
        g.position()
        if hand == g.pos_hand and count <= g.pos_count:
            if g.digest(count) != fr[9] << 8 | fr[10]:
                self.differ(R_PLAY)

    def _on_play(self):
        fr = self.fr
        g = self.game
        if self.state != GAME or g is None:
            return
        if (fr[1] | (fr[2] << 8)) != g.seed & 0xFFFF:
            self.differ(R_GAME)
            return
        hand = fr[3] | (fr[4] << 8)
        k = fr[5]
        place = fr[6] | (fr[7] << 8) | (fr[8] << 16)
        g.position()
        if hand != g.pos_hand:
            return
        if k == g.pos_count:
            self.in_hand = hand
            self.in_k = k
            self.in_place = place
        elif k < g.pos_count and g.place(k) != place:
            self.differ(R_PLAY)
        self.sent_count = -1                # answer now (_STATUS)

    # -- frames out ---------------------------------------------------------------------
    def send(self, t):
        b = self.txs[t]
        end = len(b) - 2
        b[0] = _SYNC
        b[1] = t
        crc = crc16(b, 1, end)
        b[end] = crc >> 8
        b[end + 1] = crc & 0xFF
        self.port.write(b)
        self.sent += 1

    def send_accept(self):
        b = self.txs[_ACCEPT]
        b[2] = VERSION
        b[3] = self.peer_nonce & 0xFF
        b[4] = self.peer_nonce >> 8
        b[5] = self.nonce & 0xFF
        b[6] = self.nonce >> 8
        b[7] = self.contrib & 0xFF
        b[8] = self.contrib >> 8
        self.send(_ACCEPT)

    def send_quit(self):
        self.quits -= 1
        b = self.txs[QUIT]
        b[2] = self.reason
        self.send(QUIT)

    def _status(self, hand, count):
        g = self.game
        b = self.txs[_STATUS]
        s = g.seed
        d = g.digest(count)
        b[2] = VERSION
        b[3] = s & 0xFF
        b[4] = (s >> 8) & 0xFF
        b[5] = (s >> 16) & 0xFF
        b[6] = g.role
        b[7] = hand & 0xFF
        b[8] = hand >> 8
        b[9] = count
        b[10] = d >> 8
        b[11] = d & 0xFF
        self.sent_hand = hand
        self.sent_count = count
        self.send(_STATUS)

    def _play(self, hand, k, place):
        b = self.txs[PLAY]
        s = self.game.seed
        b[2] = s & 0xFF
        b[3] = (s >> 8) & 0xFF
        b[4] = hand & 0xFF
        b[5] = hand >> 8
        b[6] = k
        b[7] = place & 0xFF
        b[8] = (place >> 8) & 0xFF
        b[9] = place >> 16
        self.send(PLAY)
