"""One game in progress on the device: seats, AI turns step by step, the
play log (for undo and the save), hints and the end of a hand.

No drawing here: device/table.py shows a Session. The play path (gen,
preview, apply, the AI's steps) works in buffers made in ``__init__``.
"""
from array import array

from core.ai.observe import observe
from core.ai.player import DEVICE_DEADLINE_MS, SEARCH, Player
from core.compat import const
from core.game import Game
from core.rules import preset
from core.state import FLOOR, LAY, PILE

CAP = const(128)          # legal plays listed at once

# AI decision progress
IDLE = const(0)
STEPPING = const(1)
DONE = const(2)


class Session:
    """variant: preset name; levels: per seat, "human" or an AI level."""

    def __init__(self, variant, players, levels, target, seed):
        self.rules = preset(variant, players, target)
        self.variant = variant
        self.players = players
        self.levels = list(levels)
        self.target = target
        self.seed = seed
        self.game = Game(self.rules, seed)
        self.state = self.game.state
        self.nsides = self.rules.sides
        self.humans = 0
        level = "normal"
        for lv in self.levels:
            if lv == "human":
                self.humans += 1
            else:
                level = lv
        self.level = level
        # one Player serves every AI seat (decisions are one at a time) and the hints
        self.ai = Player(self.rules, level, (seed & 0xFFFF) + 7)
        self.buf = array("i", [0] * (2 * CAP))
        self.n = 0                      # plays in buf (for the seat to move)
        self.log = bytearray(64)        # gen index of each play this hand
        self.nlog = 0
        self.taken = bytearray(52)      # preview scratch
        self.floor = bytearray(52)      # floor in laid order
        self.nfloor = 0
        self.think = IDLE
        self.think_start = 0
        self.pick = 0                   # the decided play's index in buf
        self.hint_reason = ""
        self.carry_before = 0
        self.hand_basras = [0] * 4

    # -- hands --------------------------------------------------------------
    def start_hand(self):
        self.game.start_hand()
        self.nlog = 0
        self.carry_before = self.game.carry
        self.refresh()

    def refresh(self):
        """Recompute the legal plays and the floor order after a change."""
        st = self.state
        if not st.hand_over():
            self.n = st.gen(self.buf, 0, CAP)
        else:
            self.n = 0
        # floor in the order laid (insertion by arrival, no allocation)
        n = 0
        fl = self.floor
        arr = st.arrival
        for c in range(52):
            if st.loc[c] == FLOOR:
                i = n
                while i > 0 and arr[fl[i - 1]] > arr[c]:
                    fl[i] = fl[i - 1]
                    i -= 1
                fl[i] = c
                n += 1
        self.nfloor = n

    def play(self, i):
        """Apply play i of buf for the seat to move; deals when the hands are
        empty. Returns the play's flags."""
        st = self.state
        word = self.buf[2 * i]
        st.apply(word, self.buf[2 * i + 1])
        if self.nlog < len(self.log):
            self.log[self.nlog] = i
            self.nlog += 1
        if st.hands_empty() and st.stock_left():
            st.deal()
        self.refresh()
        return word >> 8

    def replay(self, plays):
        """Deal the current hand again and apply the logged plays (resume, undo)."""
        self.start_hand()
        for i in plays:
            if i >= self.n:
                raise ValueError("saved play %d does not exist (%d plays)" % (i, self.n))
            self.play(i)

    def hand_over(self):
        return self.state.hand_over()

    def end_hand(self):
        """Score the hand (leftover to the last capturer). Returns the leftover's side."""
        self.carry_before = self.game.carry
        for s in range(self.nsides):
            self.hand_basras[s] = self.state.basras[s]
        return self.game.end_hand()

    # -- seats --------------------------------------------------------------
    def to_move(self):
        return self.state.to_move

    def is_human(self, seat):
        return self.levels[seat] == "human"

    def side_of(self, seat):
        return seat % self.nsides

    def can_undo(self, seat):
        """Undo is for one person against the AI: a play of theirs this hand."""
        if self.humans != 1:
            return False
        for k in range(self.nlog):
            if self.log_seat(k) == seat:
                return True
        return False

    def log_seat(self, k):
        return (self.state.dealer + 1 + k) % self.players

    def undo(self, seat):
        """Take back seat's last play and every play after it."""
        k = self.nlog - 1
        while k >= 0 and self.log_seat(k) != seat:
            k -= 1
        if k < 0:
            return False
        keep = bytes(self.log[0:k])
        self.replay(keep)
        return True

    # -- options of a hand card ----------------------------------------------
    def options(self, card, out, counts):
        """Indexes (into buf) of the plays of card into out, the most cards
        taken first and the lay-down last; counts[k] = cards taken. Returns n."""
        n = 0
        st = self.state
        buf = self.buf
        for i in range(self.n):
            word = buf[2 * i]
            if word & 63 != card:
                continue
            if word >> 8 & LAY:
                t = 0
            else:
                t = st.preview(word, buf[2 * i + 1], self.taken) + 1
            k = n
            while k > 0 and counts[k - 1] < t:
                out[k] = out[k - 1]
                counts[k] = counts[k - 1]
                k -= 1
            out[k] = i
            counts[k] = t
            n += 1
        for k in range(n):
            if counts[k]:
                counts[k] -= 1
        return n

    def preview(self, i, out):
        return self.state.preview(self.buf[2 * i], self.buf[2 * i + 1], out)

    def find(self, word, take):
        for i in range(self.n):
            if self.buf[2 * i] == word and self.buf[2 * i + 1] == take:
                return i
        return 0

    # -- the AI, a step at a time ---------------------------------------------
    def think_begin(self, seat, now, hint=False):
        """Start a decision for seat (hint: the expert's, for a person)."""
        p = self.ai
        obs = observe(self.state, seat, p.obs, carry=self.game.carry)
        level = "expert" if hint else p.level
        self.think_start = now
        self.think_hint = hint
        if level == "easy" or level == "normal":
            self._decided(p.decide(obs))
            return
        w, plies, nodes = SEARCH[level]
        p.search.begin(obs, w, plies, nodes)
        self.think = STEPPING

    def think_step(self, elapsed):
        """One step of the search; True when the decision is made. elapsed:
        ms since think_begin (the caller's ticks_diff); past the device's
        deadline (core.ai.player.DEVICE_DEADLINE_MS) the best play so far is taken."""
        if self.think == DONE:
            return True
        s = self.ai.search
        if s.step() or elapsed >= DEVICE_DEADLINE_MS:
            self._decided(s.best())
            return True
        return False

    def _decided(self, root_i):
        root = self.ai.search.root
        word = root[2 * root_i]
        take = root[2 * root_i + 1]
        self.pick = self.find(word, take)
        if self.think_hint:
            self.hint_reason = self.ai.reason(self.state, word, take)
        self.think = DONE

    def think_reset(self):
        self.think = IDLE

    # -- the end of a hand ------------------------------------------------------
    def breakdown(self, side, out):
        """For side after end_hand: [cards, jacks, aces, has 2C, has 10D]."""
        st = self.state
        where = PILE + side
        jacks = 0
        aces = 0
        for c in range(52):
            if st.loc[c] == where:
                r = c >> 2
                if r == 10:
                    jacks += 1
                elif r == 0:
                    aces += 1
        out[0] = st.pile_n[side]
        out[1] = jacks
        out[2] = aces
        out[3] = 1 if st.loc[4] == where else 0
        out[4] = 1 if st.loc[37] == where else 0
        return out

    def majority_side(self):
        """The side that took the majority this hand, or -1."""
        st = self.state
        best = -1
        who = -1
        tie = False
        for s in range(self.nsides):
            n = st.pile_n[s]
            if n > best:
                best, who, tie = n, s, False
            elif n == best:
                tie = True
        if tie or best < self.rules.majority_min:
            return -1
        return who
