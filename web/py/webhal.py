"""The HAL of the page (docs/web.md): the device app's hal.Hal in a
browser, on the MicroPython WebAssembly VM.

* display: hal/display.py's Display over web/py/panel.py's Panel (the
  frame painted on the page's canvas);
* buttons: hal/buttons.py's Buttons over hal/keys.py's ``KeyRing``, the
  queue the worker fills with the page's key events, from the keyboard
  and the on-screen buttons (key numbers 0-5 are UP DOWN LEFT RIGHT A B);
* storage: hal/storage.py's ByteStore over the 4 KB a board keeps in
  ``microcontroller.nvm``, written through to the page's localStorage
  (``Store``);
* clock: the VM's millisecond ticks; idle: web/py/slices.py's.

``open_hal(page, saved, seed, idle)`` makes it and installs it (``hal.install``),
so code.py's ``hal.run(main)`` finds it as a board finds its own.
"""
import binascii
import time

import hal
from hal.buttons import Buttons
from hal.clock import Clock
from hal.keys import KeyRing
from hal.display import Display
from hal.storage import ByteStore

from panel import Panel

NVM_BYTES = 4096        # microcontroller.nvm on an RP2040
_QUEUE = 32             # key events waiting (more are dropped, as keypad drops them)
_MASK = 0x1FFFFFFF      # hal/clock.py: ticks wrap at 2**29

keys = None             # the page's key queue (push)
store = None            # the save's bytes (the page reads what it refused)


class Store(ByteStore):
    """The board's 4 KB of flash, each write also kept by the page
    (localStorage, as base64)."""

    def __init__(self, page, image):
        ByteStore.__init__(self, image)
        self.page = page

    def write(self, offset, data):
        ByteStore.write(self, offset, data)
        self.page.save(binascii.b2a_base64(self._buf).decode().strip())
        return True


def image(saved):
    """The 4 KB the game reads, from what the page kept (base64 text, or
    "" for none: erased flash, 0xFF). Text that is not the base64 of 4 KB
    is given as it is, its bytes in the flash (the rest erased): the
    game's own check refuses it as a board refuses a damaged save, with
    its message, and the game goes on."""
    img = bytearray(b"\xff" * NVM_BYTES)
    if not saved:
        return img, True
    text = saved.encode()
    try:
        raw = binascii.a2b_base64(text)
    except Exception:       # this VM's binascii raises Exception("Incorrect padding")
        raw = None
    # (its decoder also skips what is not base64: the text must be what
    # encoding the bytes gives back)
    ok = (raw is not None and len(raw) == NVM_BYTES
          and binascii.b2a_base64(raw).strip() == text.strip())
    if not ok:
        raw = text[:NVM_BYTES]
    img[0:len(raw)] = raw
    return img, ok


def _ticks():
    return time.ticks_ms() & _MASK


def open_hal(page, saved, seed, idle):
    """The page's Hal, installed for hal.get(); saved: the page's kept
    save (base64 text or ""); returns (hal, whether the save was readable)."""
    global keys, store
    keys = KeyRing(_QUEUE)
    clock = Clock(_ticks)
    img, ok = image(saved)
    store = Store(page, img)
    h = hal.Hal(Display(Panel(page)), Buttons(keys, (hal.UP, hal.DOWN, hal.LEFT, hal.RIGHT, hal.A, hal.B), clock),
                clock, store, seed=seed, name="browser", idle=idle)
    hal.install(h)
    return h, ok
