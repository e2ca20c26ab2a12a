"""After an error the app did not expect: the traceback to serial, a short
message on the OLED, A to restart (device/app.py ``main`` restarts the app,
whose main menu offers Continue: the game is saved after every play).

The message is drawn on a fresh displayio group by the device's own font
code (device/gfx.py), not by the screen that failed. When even that fails,
the message stays on serial and A still restarts. Every error is shown and
waits for A, so an error that comes back at once never loops unseen.
"""
import sys

import displayio

import hal
from device import gfx as G

COLS = 21
ROWS = 6

errors = 0      # errors recovered from since start (tests and tools/mash read it)
name = ""       # the last one's class name
text = None     # the G.Text of the message on show (tests read it)


def print_traceback(e):
    """e's traceback on serial: sys.print_exception on MicroPython,
    traceback.print_exception on CircuitPython (which lacks the former) and
    on CPython (to stderr there)."""
    pe = getattr(sys, "print_exception", None)
    if pe is not None:
        pe(e)
        return
    import traceback
    traceback.print_exception(e)


def report(e):
    """Write e to serial and count it; returns its class name."""
    global errors, name
    errors += 1
    name = type(e).__name__
    print("Pocket Basra: something went wrong (%s); A restarts" % name)
    try:
        print_traceback(e)
        if not __debug__:
            # mpy-cross -O3 (basra-flash --mpy) folds __debug__ to False and
            # leaves the line numbers out: every frame says "line 1"
            print("(line numbers left out of this build: basra-flash --mpy --lines keeps them)")
    except Exception:   # a serial line that fails must not stop the recovery
        pass
    return name


def show(h, err_name, gfx=None):
    """The message on the OLED, in a new group replacing everything shown.
    gfx: the app's sheets when they were built (else built again)."""
    global text
    root = h.display.root
    while len(root):
        root.pop()
    text = None
    if gfx is None:
        gfx = G.Gfx()
    t = G.Text(gfx, gfx.big_font(), 1, 2, COLS, ROWS)
    t.line(0, "Something went wrong")
    t.line(2, err_name[:COLS])
    t.line(4, "A: restart")
    grp = displayio.Group()
    grp.append(t.grid)
    root.append(grp)
    text = t
    d = h.display
    if not d.awake:
        d.wake()
    d.refresh()


def wait_for_a(h):
    """Until A is pressed (other buttons do nothing); presses made before
    the message came up (queued) do not count."""
    ev = hal.ButtonEvent()
    while h.buttons.get_into(ev):
        pass
    while True:
        while h.buttons.get_into(ev):
            if ev.pressed and ev.button == hal.A:
                return
        h.idle(50)


def recover(h, err_name, gfx=None):
    """Show the message (or say on serial why it could not be shown) and
    wait for A. The screens' code the failed app had open goes first: the
    message, and the app restarted, get its heap."""
    from device.screens import release_all
    release_all()
    release_all = None
    try:
        show(h, err_name, gfx)
    except Exception as e:
        print("(could not show it on the OLED: %s: %s)" % (type(e).__name__, e))
    wait_for_a(h)
