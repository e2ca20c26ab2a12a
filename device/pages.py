"""Text pages (3x5 font, 10 rows): the rules and a hand's summary.

``Pages`` is the view; its text (its TileGrid and shadow) is made when
pages are opened and let go by ``close`` once the table is shown
(device/play.py Play.show); a screen of lines on it is a device/screens.py
``PagesScreen``.
"""
import displayio

import hal
from device import gfx as G

PAGE_COLS = 32
PAGE_ROWS = 10


class Pages:
    """Lines of small text, 10 at a time. LEFT/RIGHT turn a page, UP/DOWN
    scroll a line, A or B close."""

    def __init__(self, g):
        self.gfx = g
        self.group = displayio.Group()
        self.text = None
        self.lines = []
        self.top = 0
        self.kind = ""

    def open(self, kind, lines):
        if self.text is None:
            self.text = G.Text(self.gfx, self.gfx.small, 0, 2, PAGE_COLS, PAGE_ROWS)
            self.group.append(self.text.grid)
        self.kind = kind
        self.lines = lines
        self.top = 0
        self.draw()

    def draw(self):
        t = self.text
        for r in range(PAGE_ROWS):
            k = self.top + r
            t.line(r, self.lines[k] if k < len(self.lines) else "")
        if self.top > 0:
            t.char(PAGE_COLS - 1, 0, G.G_UP)
        if self.top + PAGE_ROWS < len(self.lines):
            t.char(PAGE_COLS - 1, PAGE_ROWS - 1, G.G_DOWN)

    def close(self):
        """Let go of the text (the pages are not on show)."""
        if self.text is not None:
            self.group.remove(self.text.grid)
            self.text = None

    def scroll(self, d):
        last = max(0, len(self.lines) - PAGE_ROWS)
        top = max(0, min(last, self.top + d))
        if top != self.top:
            self.top = top
            self.draw()
            return True
        return False

    def key(self, b):
        """Returns "close" when the pages are closed (A at the end or B)."""
        if b == hal.B:
            return "close"
        if b == hal.UP:
            self.scroll(-1)
        elif b == hal.DOWN:
            self.scroll(1)
        elif b == hal.LEFT:
            self.scroll(-(PAGE_ROWS - 1))
        elif b == hal.RIGHT:
            self.scroll(PAGE_ROWS - 1)
        elif b == hal.A:
            if not self.scroll(PAGE_ROWS - 1):
                return "close"
        return None

