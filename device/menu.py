"""The menu screen (6x10 font, 6 rows).

Items are [label, values or None, index, id]: values False for a line that
cannot be selected; the id is what the menus act on (device/menus.py), the
label only what is shown. Controls: UP/DOWN move (on a 4-button device
LEFT/RIGHT move), LEFT/RIGHT change a value (6 buttons), A cycles a value or
picks an action, B goes back. A menu of lines only (Stats) is read by
scrolling: the moves scroll it a line, B goes back (A is a "pick").

The app loads this module when a menu first opens (App.open_menu) and
keeps it, the Menu, its text and the big font at the table too, so that B
there (the game menu) loads and makes nothing; a link game's table lets
them go (App._enter_table), as its AI seat needs the heap.
"""
import displayio

import hal
from device import gfx as G

MENU_COLS = 21
MENU_ROWS = 6
# the game's code (App.game_on's imports, leaves first, and the game menu's
# for B at the table), loaded a module a loop turn while a menu waits for its
# press (Menu.spare_turn), then the table made: "New game", "Start",
# "Continue" and the game's first B then find them in memory,
# where making them made their frames 100-200 ms late on a board.
# Start-up's first frame comes before any of it
_WARM = ("core.rules", "core.scoring", "core.state", "core.prng", "core.game", "core.sums",
         "core.plays", "device.session", "device.table", "device.play", "device.gamemenu")


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
        self.warm = 0       # _WARM's modules loaded so far

    def spare_turn(self, app):
        """A loop turn with no press waiting (App.run): one more module of
        the game's code loaded, then the table and its controller made
        (App.game_on), until all are."""
        w = self.warm
        if w < len(_WARM):
            __import__(_WARM[w])
        elif w == len(_WARM):
            app.game_on()
        else:
            return
        self.warm = w + 1

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
            label = it[0]
            values = it[1]
            idx = it[2]
            inv = k == self.cur and values is not False
            if inv:
                self.edge.y = 2 + 10 * row
                self.edge.hidden = False
            col = t.put(0, row, label, inv)
            if values:
                v = str(values[idx])
                start = MENU_COLS - len(v)
                while col < start:
                    col = t.char(col, row, 32, inv)
                col = t.put(col, row, v, inv)
            t.clear(row, col, inv)
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
