"""The game over menu: who won, the scores, "Menu". A screen of
device/screens.py: its code is loaded when it is made (device/summary.py:
while the last hand's summary is read, or when it is closed) and let go
when it closes."""
from device.screens import MenuScreen


class GameOver(MenuScreen):
    """Who won, the scores, "Menu"; any answer goes to the main menu."""
    kind = "over"
    title = "GAME OVER"

    def __init__(self, app):
        s = app.sess
        g = s.game
        t = app.table
        app.games_over += 1      # counted in the stats with its last hand (hand_over)
        me = s.side_of(app.play.viewer)
        name = t.side_names[g.winner]
        if s.humans == 1 and s.players == 4:
            head = "WE WIN!" if g.winner == me else "THEY WIN"
        elif s.humans == 1:
            head = "YOU WIN!" if g.winner == me else "%s WINS" % name
        else:
            head = "%s WINS!" % name
        items = [[head, False, 0, 0]]
        for side in range(s.nsides):
            items.append(["%-6s %d" % (t.side_names[side], g.scores[side]), False, 0, 0])
        items.append(["Menu", None, 0, 0])
        MenuScreen.__init__(self, app, items, len(items) - 1)
        self.drawn = False

    def draw_ahead(self):
        # its text on the menu view, off the screen (the summary is on show)
        self.app.menu.open(self.kind, self.title, self.items, self.cur)
        self.drawn = True

    def show(self):
        if self.drawn:
            self.drawn = False
            self.app.view(self.app.menu)
        else:
            MenuScreen.show(self)

    def back(self):
        self.app.home()

    def pick(self, item, k):
        self.app.home()
