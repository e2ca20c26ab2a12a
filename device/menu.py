"""The menu view (6x10 font, 6 rows).

Items are [label, values or None, index, id]: values False for a line that
cannot be selected; the id is what a screen acts on, the label only what
is shown. Controls: UP/DOWN move (on a 4-button device LEFT/RIGHT move),
LEFT/RIGHT change a value (6 buttons), A cycles a value or picks an
action, B goes back. A menu of lines only (Stats) is read by scrolling:
the moves scroll it a line, B goes back (A is a "pick").

``Menu`` is the view, made once at start-up (its text and the big font);
a screen of items on it is a device/screens.py ``MenuScreen``.
"""
import displayio

import hal
from device import gfx as G

MENU_COLS = 21
MENU_ROWS = 6


class Menu:
    def __init__(self, g, has_updown):
        self.group = displayio.Group()
        self.text = G.Text(g, g.big_font(), 1, 2, MENU_COLS, MENU_ROWS)
        self.group.append(self.text.grid)
        # a lit column left of the inverted line, so that its first letter
        # does not run into the dark edge of the panel (an "N" read as "\")
        edge = displayio.Bitmap(1, 10, 2)
        edge.fill(1)
        self.edge = displayio.TileGrid(edge, pixel_shader=g.pal, x=0, y=2)
        self.group.append(self.edge)
        self.updown = has_updown
        self.title = ""
        self.items = []
        self.kind = ""
        self.cur = 0
        self.top = 0

    def open(self, kind, title, items, cur=0):
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
        if self.lines_only():
            pass        # the view stays where key() scrolled it
        elif self.cur < self.top:
            self.top = self.cur
        elif self.cur >= self.top + vis:
            self.top = self.cur - vis + 1
        self.edge.hidden = True
        for r in range(vis):
            k = self.top + r
            row = r + 1
            if k >= len(self.items):
                t.clear(row)
                continue
            it = self.items[k]
            values = it[1]
            inv = k == self.cur and values is not False
            if inv:
                self.edge.y = 2 + 10 * row
                self.edge.hidden = False
            s = it[0]
            if values:      # the value right-aligned, or after the label when it is long
                v = str(values[it[2]])
                s = s + " " * (MENU_COLS - len(s) - len(v)) + v
            t.line(row, s, inv)
        # scroll marks at the title row's end: "^" more above, "v" more below
        if self.top > 0:
            t.char(MENU_COLS - 2, 0, 94)
        if self.top + vis < len(self.items):
            t.char(MENU_COLS - 1, 0, 118)

    def selectable(self, k):
        return self.items[k][1] is not False

    def lines_only(self):
        for it in self.items:
            if it[1] is not False:
                return False
        return True

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
        if self.lines_only():
            # Stats, a link screen's note: the moves scroll the lines
            if b == hal.A and self.items:
                return "pick", self.cur
            up = b == hal.UP or b == hal.LEFT
            if up or b == hal.DOWN or b == hal.RIGHT:
                top = self.top + (-1 if up else 1)
                if 0 <= top <= len(self.items) - (MENU_ROWS - 1):
                    self.top = top
                    self.draw()
            return None
        if (b == hal.UP or (b == hal.LEFT and not self.updown)):
            self.move(-1)
        elif b == hal.DOWN or (b == hal.RIGHT and not self.updown):
            self.move(1)
        elif b in (hal.LEFT, hal.RIGHT) and it is not None and it[1]:
            return self._change(it, 1 if b == hal.RIGHT else -1)
        elif b == hal.A and it is not None:
            if it[1]:
                return self._change(it, 1)
            if it[1] is None:
                return "pick", self.cur
            return None
        else:
            return None
        self.draw()
        return None

    def _change(self, it, d):
        it[2] = (it[2] + d) % len(it[1])
        self.draw()
        return "change", self.cur

    def value(self, k):
        it = self.items[k]
        return it[1][it[2]]

