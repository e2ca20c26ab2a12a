"""Blinka's displayio made to end a refresh as CircuitPython's does.

CircuitPython clears every TileGrid's changes when a refresh ends
(``displayio_tilegrid_finish_refresh`` in shared-module/displayio/TileGrid.c).
Blinka's ``TileGrid._finish_refresh`` (adafruit-blinka-displayio 2.7) skips
that while the TileGrid's ``_needs_refresh`` is set, and only
``_get_refresh_areas`` clears the flag. A full refresh (the root group set
anew: ``hal.display.Display.redraw``) does not call it, so the refresh after
it sent again every area changed before it: 2,978 bytes after a screen switch
in ``tools.bench_device``, where CircuitPython sends a cursor's 200.

Desktop only: the Raspberry Pi backend (hal/blinka.py) and the simulator,
whose bus traffic stands for a board's (tools/bench_device.py).
"""


def match_circuitpython():
    """Patch Blinka's TileGrid once (a second call changes nothing)."""
    from displayio import TileGrid
    finish = TileGrid._finish_refresh
    if getattr(finish, "circuitpython", False):
        return

    def _finish_refresh(self):
        # no refresh runs in the background here (auto_refresh is off), so
        # no change can be under way while one ends
        self._needs_refresh = False
        finish(self)

    _finish_refresh.circuitpython = True
    TileGrid._finish_refresh = _finish_refresh
