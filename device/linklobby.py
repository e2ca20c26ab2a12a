"""The link's lobby: the two devices find each other, agree on who hosts
and on the seed, and the guest's person takes or declines the host's
proposal (device/link.py's docstring has the whole protocol).

Loaded while the devices connect: ``start`` puts this module on the Link
(``link.lobby``), whose loop calls ``hello``, ``on_hello`` and
``on_accept`` until the game begins; device/linkgame.py then lets it go,
so that a link game holds only the game's half of the protocol.
"""
import sys

from device import link as L


def seed_of(host, guest):
    """The game's seed from the host's and the guest's 15-bit contributions:
    20 bits (what core.game.hand_seed reads), each contribution changing it."""
    return ((host << 5) ^ guest) & 0xFFFFF


def start(lk, variant, players, layout, level, target):
    """Look for the other device and propose this game (variant: the rule
    set's stable code, core.presets.code_of; level: its stable
    code, core.ai.CODES)."""
    lk.prop = p = bytearray(6)
    lk.peer_prop = bytearray(6)
    p[0] = variant
    p[1] = players
    p[2] = layout
    p[3] = level
    p[4] = target & 0xFF
    p[5] = target >> 8
    lk.nonce = lk.prng.next15()
    lk.contrib = lk.prng.next15()
    lk.game = None
    lk.reason = 0
    lk.lobby = sys.modules[__name__]    # the Link's loop calls this module until the game begins
    lk.to(L.LOBBY)


def accept(lk):
    """The guest's person takes the host's proposal: the game begins."""
    if lk.state == L.OFFERED:
        lk.send_accept()
        lk.to(L.GAME)


def decline(lk, reason=L.R_DECLINED):
    """The guest's person declines the proposal (or either person leaves
    before the game begins: device/linkmenu.py's reason): the other device
    is told (QUIT)."""
    lk.reason = reason
    lk.quits = 3
    lk.send_quit()
    lk.to(L.OFF)


def proposal(lk):
    """(variant, players, layout, level, target) of the game agreed (the host's)."""
    p = lk.prop if lk.host else lk.peer_prop
    return p[0], p[1], p[2], p[3], p[4] | (p[5] << 8)


def hello(lk):
    """Send HELLO: version, nonce, contribution, our proposal."""
    b = lk.txs[L.HELLO]
    b[2] = L.VERSION
    b[3] = lk.nonce & 0xFF
    b[4] = lk.nonce >> 8
    b[5] = lk.contrib & 0xFF
    b[6] = lk.contrib >> 8
    p = lk.prop
    for i in range(6):
        b[7 + i] = p[i]
    lk.send(L.HELLO)


def on_hello(lk, nonce):
    """A HELLO of our version came while the devices connect."""
    st = lk.state
    if st != L.LOBBY and st != L.HOSTING and st != L.OFFERED:
        return
    if nonce == lk.nonce:
        lk.nonce = lk.prng.next15()
        return
    fr = lk.fr
    lk.peer_nonce = nonce
    lk.peer_contrib = fr[4] | (fr[5] << 8)
    p = lk.peer_prop
    for i in range(6):
        p[i] = fr[6 + i]
    lk.host = lk.nonce > nonce
    if lk.host:
        lk.seed = seed_of(lk.contrib, lk.peer_contrib)
        lk.to(L.HOSTING)
    else:
        lk.seed = seed_of(lk.peer_contrib, lk.contrib)
        lk.to(L.OFFERED)


def on_accept(lk):
    """_ACCEPT came: the guest took our proposal (HOSTING), or took it before
    we heard its HELLO (LOBBY): it carries what the HELLO would have."""
    fr = lk.fr
    st = lk.state
    if (st == L.HOSTING or st == L.LOBBY) and fr[1] == L.VERSION and (fr[2] | (fr[3] << 8)) == lk.nonce:
        lk.peer_nonce = fr[4] | (fr[5] << 8)
        lk.peer_contrib = fr[6] | (fr[7] << 8)
        lk.host = True
        lk.seed = seed_of(lk.contrib, lk.peer_contrib)
        lk.to(L.GAME)
