"""Pocket Basra hardware abstraction layer (HAL).

One device app runs unchanged on a CircuitPython board, on a Raspberry Pi
through Blinka, and in the desktop simulator. The app only ever talks to the
object that ``hal.get()`` returns::

    import hal

    def main(h):
        ev = hal.ButtonEvent()          # allocate once, reuse forever
        h.display.root.append(my_group) # a displayio.Group scene graph
        while True:
            while h.buttons.get_into(ev):
                if ev.pressed and ev.button == hal.A: ...
            h.display.refresh()         # auto_refresh is off: nothing shows without it
            h.idle(20)                  # yield: sleep until ~20 ms passed or input came

    hal.run(main)                       # on a board: errors become messages, not tracebacks

The ``Hal`` object has these members (details in each module and in
docs/simulator.md):

``h.buttons`` (hal.buttons.Buttons)
    ``get_into(ev) -> bool`` fills a preallocated ``hal.ButtonEvent`` with the
    next debounced event: ``ev.button`` (UP DOWN LEFT RIGHT A B), ``ev.pressed``
    (True on press and on auto-repeat, False on release), ``ev.repeat`` (True
    for an auto-repeat of a held direction), ``ev.time`` (clock ms).
    ``held(b)``, ``has(b)``; ``has(hal.UP)`` is False on a 4-button device
    (LEFT RIGHT A B), which the app must be playable with.
``h.display`` (hal.display.Display)
    ``root`` (displayio.Group shown on the OLED), ``width``/``height``
    (128x64), ``refresh()``, ``sleep()``, ``wake()``, ``awake``,
    ``contrast`` (0..255), ``rotation`` (0 or 180).
``h.clock`` (hal.clock.Clock)
    ``ticks_ms()`` (wraps at 2**29), ``diff(a, b)``, ``add(t, ms)``,
    ``sleep_ms(ms)``. Module functions ``hal.clock.ticks_diff``/``ticks_add``
    do the same arithmetic.
``h.storage`` (hal.storage.ByteStore, hal.filestore.FileStore)
    ``read(offset, n) -> bytes``, ``write(offset, data) -> bool`` (False:
    not written, e.g. a read-only drive), ``size`` bytes, ``writes`` made.
    microcontroller.nvm on a board, a file elsewhere.
``h.sound`` (hal.sound)
    ``tone(freq_hz, ms)``, ``stop()``, ``available``; silent when absent.
``h.battery`` (hal.battery)
    ``millivolts() -> int or None`` (None when the board has no sense pin);
    the sense pin is opened, and hal/battery.py loaded, when first asked.
``h.seed``
    an int for the app's random generator (fixed by ``--seed`` in the
    simulator, from os.urandom on a board).
``h.idle(ms)``
    the only place an app waits. On a board it sleeps (and stops a finished
    tone); in the simulator it is where input arrives and time advances.
``h.link``
    None, or ``h.link()``: the link to another device (hal/link.py), opened
    when a link game starts (HalError when the pins or the radio fail):
    ``write(buf)``, ``readinto(buf) -> int``, ``close()``.
``h.name``
    "circuitpython", "blinka" or "simulator".

Reading a button or the clock allocates nothing on CircuitPython.
"""

from hal.base import (A, B, COUNT, DOWN, LEFT, NAMES, RIGHT, UP, ButtonEvent, Hal,  # noqa: F401
                      HalError)


_installed = None


def install(h):
    """Make ``get()`` return ``h`` (the simulator and tests do this); None undoes it."""
    global _installed
    _installed = h


def get():
    """The HAL for this machine: the installed one, else CircuitPython or Blinka."""
    if _installed is not None:
        return _installed
    import sys
    if sys.implementation.name == "circuitpython":
        from hal.circuitpython import open_hal
    else:
        from hal.blinka import open_hal
    return open_hal()


def run(main):
    """Call ``main(get())``; a HalError is printed (and shown on the OLED when
    it works) instead of a traceback, then the board waits (hal/report.py)."""
    try:
        h = get()
    except HalError as e:
        from hal import report
        report.report(e)
        import sys
        if sys.implementation.name == "circuitpython":
            report.wait(e)
        return None
    return main(h)
