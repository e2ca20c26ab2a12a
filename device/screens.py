"""Menus (6x10 font, 6 rows) and text pages (3x5 font, 10 rows).

Menu items are [label, values or None, index, id]: values False for a line
that cannot be selected; the id is what the menus act on (device/menus.py),
the label only what is shown. Controls: UP/DOWN move (on a
4-button device LEFT/RIGHT move), LEFT/RIGHT change a value (6 buttons),
A cycles a value or picks an action, B goes back.

A screen's text (its TileGrid and shadow, and for the menu the big font)
is made when the screen is opened and let go by ``close`` once the table is
shown (App.to_table): a game at the table goes without them.
"""
import displayio

import hal
from device import gfx as G

MENU_COLS = 21
MENU_ROWS = 6
PAGE_COLS = 32
PAGE_ROWS = 10


class Menu:
    def __init__(self, g, has_updown):
        self.gfx = g
        self.group = displayio.Group()
        self.text = None
        self.updown = has_updown
        self.title = ""
        self.items = []
        self.kind = ""
        self.cur = 0
        self.top = 0

    def open(self, kind, title, items, cur=0):
        if self.text is None:
            g = self.gfx
            self.text = G.Text(g, g.big_font(), 1, 2, MENU_COLS, MENU_ROWS)
            self.group.append(self.text.grid)
        self.kind = kind
        self.title = title
        self.items = items
        self.cur = min(cur, len(items) - 1) if items else 0
        self.top = 0
        self.draw()

    def draw(self):
        t = self.text
        t.line(0, self.title)
        vis = MENU_ROWS - 1
        if self.cur < self.top:
            self.top = self.cur
        elif self.cur >= self.top + vis:
            self.top = self.cur - vis + 1
        for r in range(vis):
            k = self.top + r
            row = r + 1
            if k >= len(self.items):
                t.clear(row)
                continue
            it = self.items[k]
            label = it[0]
            values = it[1]
            idx = it[2]
            inv = k == self.cur and values is not False
            col = t.put(0, row, label, inv)
            if values:
                v = str(values[idx])
                start = MENU_COLS - len(v)
                while col < start:
                    col = t.char(col, row, 32, inv)
                col = t.put(col, row, v, inv)
            t.clear(row, col, inv)
        # scroll marks in the title row's last column
        more_up = self.top > 0
        more_down = self.top + vis < len(self.items)
        if more_up or more_down:
            t.char(MENU_COLS - 1, 0, 94 if more_up else 118)

    def close(self):
        """Let go of the text and the big font (the menu is not on show)."""
        if self.text is not None:
            self.group.remove(self.text.grid)
            self.text = None
            self.gfx.drop_big()

    def selectable(self, k):
        return self.items[k][1] is not False

    def move(self, d):
        n = len(self.items)
        k = self.cur
        for _ in range(n):
            k = (k + d) % n
            if self.selectable(k):
                break
        self.cur = k

    def key(self, b):
        """Returns ("pick", k), ("back", -1), ("change", k) or None."""
        it = self.items[self.cur] if self.items else None
        if b == hal.B:
            return "back", -1
        if (b == hal.UP or (b == hal.LEFT and not self.updown)):
            self.move(-1)
        elif b == hal.DOWN or (b == hal.RIGHT and not self.updown):
            self.move(1)
        elif b in (hal.LEFT, hal.RIGHT) and it is not None and it[1]:
            it[2] = (it[2] + (1 if b == hal.RIGHT else -1)) % len(it[1])
            self.draw()
            return "change", self.cur
        elif b == hal.A and it is not None:
            if it[1]:
                it[2] = (it[2] + 1) % len(it[1])
                self.draw()
                return "change", self.cur
            if it[1] is None:
                return "pick", self.cur
            return None
        else:
            return None
        self.draw()
        return None

    def value(self, k):
        it = self.items[k]
        return it[1][it[2]]


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
