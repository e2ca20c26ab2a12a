"""The table on 128x64: scores and stock (top line), the floor (two rows of
cards, narrower cards past 20, never dropped), a message line, your hand
(bottom left) and the other players' hand sizes as card backs (bottom right),
and who dealt the hand in words ("AI DEALS", "YOU DEAL").

    y 0..5    status: side names and scores, who deals (two sides), stock left
              (a back and a count)
    y 7..38   floor: 2 rows of 10 cards 12x16, or 2 rows of 18 cards 7x16
    y 40..45  message: what was played, BASRA, thinking, a hint
    y 47..62  hand: up to 6 cards; the selected one inverted
    x 76..127 other seats: one line each, name and backs; who deals (3 players,
              whose status line is full of scores)

The narrow floor (and its card sheet) exists only while the floor holds more
than 20 cards (``draw_floor``).
"""
import displayio

from core.compat import const
from core.state import HAND_STRIDE, play_card
from device import gfx as G

FULL_COLS = 10
NARROW_COLS = 18
_FLOOR = const(1)       # the floor's place in Table.group


class Table:
    def __init__(self, g):
        self.gfx = g
        self.group = displayio.Group()
        self.status = G.Text(g, g.small, 0, 0, 32)
        self.full = G.Cards(g, 4, 7, FULL_COLS, 2)
        # the floor: full-width cards, or narrow ones past 2 * FULL_COLS, made
        # while shown (draw_floor); only the one shown is in the group, so
        # displayio never sends the other's area
        self.narrow = None
        self.msg = G.Text(g, g.small, 0, 40, 32)
        self.hand = G.Cards(g, 0, 47, 6)
        self.opps = G.Text(g, g.small, 76, 46, 13, 3)
        for part in (self.status.grid, self.full.grid, self.msg.grid,
                     self.hand.grid, self.opps.grid):
            self.group.append(part)
        self.mark = bytearray(52)    # floor cards shown inverted
        self.names = ["", "", "", ""]
        self.side_names = ["", "", "", ""]

    def set_names(self, sess):
        """Seat and side names for a game (YOU/AI or P1.. in hot seat)."""
        n = sess.players
        hot = sess.humans > 1
        ai = 0
        for s in range(n):
            if sess.is_human(s):
                nm = "P%d" % (s + 1) if hot else "YOU"
            else:
                ai += 1
                if n == 2:
                    nm = "AI"
                elif n == 4 and s == 2 and not hot:
                    nm = "PAL"
                else:
                    nm = "AI%d" % ai
            self.names[s] = nm
        if n == 4:
            self.side_names[0] = "T1" if hot else "US"
            self.side_names[1] = "T2" if hot else "THEM"
        else:
            for s in range(n):
                self.side_names[s] = self.names[s]

    # -- parts ------------------------------------------------------------
    def draw_status(self, sess, viewer):
        t = self.status
        col = 0
        st = sess.state
        sc = sess.game.scores
        for side in range(sess.nsides):
            col = t.put(col, 0, self.side_names[side])
            col = t.char(col, 0, 32)
            col = t.num(col, 0, sc[side])
            col = t.char(col, 0, 32)
            col = t.char(col, 0, 32)
        if sess.nsides == 2:
            # from the column past the widest scores ("US 201  THEM 201  ")
            while col < 18:
                col = t.char(col, 0, 32)
            col = self.deals(t, col, 0, st.dealer)
        while col < 29:
            col = t.char(col, 0, 32)
        col = t.char(col, 0, G.G_BACK)
        t.num(col, 0, st.stock_left(), 2)

    def draw_floor(self, sess):
        n = sess.nfloor
        fl = sess.floor
        narrow = n > 2 * FULL_COLS
        if narrow != (self.narrow is not None):
            full = self.full
            if narrow:
                # made blank, in the full floor's place in the group
                self.narrow = G.Cards(self.gfx, 1, 7, NARROW_COLS, 2, narrow=True)
                self.group[_FLOOR] = self.narrow.grid
                for i in range(full.n):
                    full.set(i, G.BLANK)
            else:
                self.group[_FLOOR] = full.grid
                self.narrow = None
                self.gfx.drop_narrow()
        cards = self.narrow if narrow else self.full
        for i in range(cards.n):
            if i < n:
                c = fl[i]
                cards.set(i, c + G.INV if self.mark[c] else c)
            else:
                cards.set(i, G.BLANK)

    def clear_marks(self):
        m = self.mark
        for c in range(52):
            m[c] = 0

    def mark_taken(self, sess, play_i):
        """Invert the floor cards play_i would take; returns how many."""
        self.clear_marks()
        if play_i < 0:
            return 0
        k = sess.preview(play_i, sess.taken)
        for j in range(k):
            self.mark[sess.taken[j]] = 1
        return k

    def draw_hand(self, sess, seat, sel=-1, hidden=False):
        st = sess.state
        base = HAND_STRIDE * seat
        n = st.hand_n[seat]
        for i in range(HAND_STRIDE):
            if i >= n:
                self.hand.set(i, G.BLANK)
            elif hidden:
                self.hand.set(i, G.BACK)
            else:
                c = st.hand[base + i]
                self.hand.set(i, c + G.INV if i == sel else c)

    def draw_opps(self, sess, viewer):
        t = self.opps
        st = sess.state
        row = 0
        for k in range(1, sess.players):
            s = (viewer + k) % sess.players
            col = t.put(0, row, self.names[s])
            while col < 4:
                col = t.char(col, row, 32)
            for j in range(6):
                col = t.char(col, row, G.G_BACK if j < st.hand_n[s] else 32)
            t.clear(row, col)
            row += 1
        if sess.nsides == 3:
            t.clear(row, self.deals(t, 0, row, st.dealer))
            row += 1
        while row < 3:
            t.clear(row)
            row += 1

    def deals(self, t, col, row, dealer):
        """ "AI DEALS" or "YOU DEAL" at col of row; returns the column after it."""
        nm = self.names[dealer]
        col = t.put(col, row, nm)
        return t.put(col, row, b" DEAL" if nm == "YOU" else b" DEALS")

    def draw(self, sess, viewer, sel=-1, hidden=False):
        self.draw_status(sess, viewer)
        self.draw_floor(sess)
        self.draw_hand(sess, viewer, sel, hidden)
        self.draw_opps(sess, viewer)

    # -- the message line (bytes or str) ---------------------------------------
    def say(self, s):
        self.msg.line(0, s)

    def say_play(self, sess, seat, word, taken, note):
        """"AI1 7H TAKES 3", "YOU JS SWEEP", "AI BASRA! 5D"."""
        t = self.msg
        col = t.put(0, 0, self.names[seat])
        col = t.char(col, 0, 32)
        col = t.card(col, 0, play_card(word))
        col = t.char(col, 0, 32)
        col = t.put(col, 0, note)
        if taken:
            col = t.char(col, 0, 32)
            col = t.num(col, 0, taken)
        t.clear(0, col)
