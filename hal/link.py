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
``where`` says what it uses ("TX=GP0 RX=GP1"). Each transport is its own module, so a board loads only the one it uses:
hal/uartlink.py (the cable) and hal/espnowlink.py (ESP-NOW), which
hal/circuitpython.py opens from settings.toml (hal/linkopen.py; pins per board in
hal/profiles.py); hal/memlink.py (an in-memory pair, for tests and the
MicroPython VM checks); the simulator's socket (simulator/link.py).

The ports share no base class: each is a plain class with these calls, so
a link game on a board holds only its own port's code.
"""
from hal.compat import const

RX_BUFFER = const(128)      # a port's receive buffer: 8 frames, more than a loop turn sees (a longer burst is sent again)
