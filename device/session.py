"""One game in progress on the device: seats, AI decisions step by step
(the AI made with the game and kept until it ends), the play log (for
undo and the save), hints, the end of a hand.

No drawing here: device/table.py shows a Session. The play path (gen,
preview, apply, the AI's steps) works in buffers made in ``__init__``.
"""
from array import array

from core.ai.observe import observe
from core.ai.reason import reason
from core.compat import const
from core.game import Game
from core.plays import Plays, cards_taken, index_of, nth
from core.state import FLOOR, play_flags

WINDOW = const(16)        # a card's options held at once (more are listed again)
_AFTER_ALL = const(99)    # a sort key before every option (more cards than any take)

class Session:
    """rules: a checked core.rules.Rules (core/presets.py preset: made where
    a game is made, which holds the rule sets, not the game); levels: per
    seat, "human" or an AI level."""

    def __init__(self, rules, levels, seed):
        self.rules = rules
        self.variant = rules.name
        self.players = rules.players
        self.levels = list(levels)
        self.target = rules.target
        self.seed = seed
        self.humans = 0
        level = "normal"
        ais = 0
        for lv in self.levels:
            if lv == "human":
                self.humans += 1
            elif lv != "link":      # a seat played on the other device (device/linkgame.py)
                level = lv
                ais += 1
        self.level = level
        self._make_ai(ais)      # the search's buffers first: the game's largest
        self.game = Game(self.rules, seed)
        self.state = self.game.state
        self.nsides = self.rules.sides
        # the options of one hand card, WINDOW at a time, in the order the
        # person cycles them: most cards taken first (then as listed), the
        # lay-down last; slot WINDOW holds the AI's (or the hint's) play
        self.buf = array("i", [0] * (2 * (WINDOW + 1)))
        self.opt_cards = bytearray(WINDOW)     # cards each option takes
        self.opt_j = array("i", [0] * WINDOW)  # its place among the card's plays
        self.wn = 0                     # options in the window
        self.wfirst = 0                 # the window's first option, counted in all
        self.total = 0                  # options of the card
        self.card = -1                  # the card whose options these are
        self.cursor = Plays()
        self.log = array("i", [0] * 64)  # each play this hand: its place in the list of plays
        self.nlog = 0
        self.taken = bytearray(52)      # preview scratch
        self.floor = bytearray(52)      # floor in laid order
        self.nfloor = 0
        self.think_start = 0
        self.think_hint = False
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
        """Recompute the floor order after a change (options go stale)."""
        st = self.state
        self.card = -1
        self.wn = 0
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
        take = self.buf[2 * i + 1]
        if self.nlog < len(self.log):
            self.log[self.nlog] = index_of(self.cursor, st, word, take)
            self.nlog += 1
        st.apply(word, take)
        if st.hands_empty() and st.stock_left():
            st.deal()
        self.refresh()
        return play_flags(word)

    def hand_over(self):
        return self.state.hand_over()

    def plays_left(self):
        return self.state.plays_left()

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

    # -- options of a hand card ----------------------------------------------
    def options(self, card, out, counts):
        """The first window of card's options: out[k] = k (the index into
        buf), counts[k] = the cards option k takes. Returns how many."""
        self.wfirst = 0
        self._fill(card, _AFTER_ALL, -1)
        return self._window(out, counts)

    def _window(self, out, counts):
        for k in range(self.wn):
            out[k] = k
            counts[k] = self.opt_cards[k]
        return self.wn

    def step(self, k, d, out, counts, group=False):
        """The option after (d = 1) or before (d = -1) option k of the
        window, round the end; group: the first one taking another number
        of cards. Lists the next or previous window when it must; returns
        the option's index in the window (out/counts as options() fills)."""
        start = self.opt_cards[k]
        moved = 0
        while True:
            k += d
            if k >= self.wn:
                if self.wfirst + self.wn >= self.total:
                    self.wfirst = 0
                    self._fill(self.card, _AFTER_ALL, -1)
                else:
                    self.wfirst += self.wn
                    self._fill(self.card, self.opt_cards[self.wn - 1], self.opt_j[self.wn - 1])
                k = 0
            elif k < 0:
                m = (self.wfirst // WINDOW - 1) if self.wfirst else (self.total - 1) // WINDOW
                self._seek(m)
                k = self.wn - 1
            moved += 1
            if not group or self.opt_cards[k] != start or moved >= self.total:
                break
        self._window(out, counts)
        return k

    def locate(self, word, take, out, counts):
        """The window holding option (word, take) of the card listed; its index."""
        m = 0
        while True:
            self._seek(m)
            for k in range(self.wn):
                if self.buf[2 * k] == word and self.buf[2 * k + 1] == take:
                    self._window(out, counts)
                    return k
            if self.wfirst + self.wn >= self.total:
                self._seek(0)
                self._window(out, counts)
                return 0
            m += 1

    def _seek(self, m):
        # window m (options m * WINDOW ...), listed from the first
        self.wfirst = 0
        self._fill(self.card, _AFTER_ALL, -1)
        while m > 0 and self.wfirst + self.wn < self.total:
            self.wfirst += self.wn
            self._fill(self.card, self.opt_cards[self.wn - 1], self.opt_j[self.wn - 1])
            m -= 1

    def _fill(self, card, after_n, after_j):
        # the WINDOW options of card that come first after the key (after_n
        # cards taken, place after_j): most cards first, then as listed
        st = self.state
        c = self.cursor
        buf = self.buf
        kn = self.opt_cards
        kj = self.opt_j
        self.card = card
        wn = 0
        j = 0
        c.start(st, card)
        while c.next():
            n = cards_taken(st, c.word, c.take)
            if n < after_n or (n == after_n and j > after_j):
                # insert by (n descending, j ascending); the last drops out when full
                k = wn
                if k == WINDOW:
                    k -= 1
                    if kn[k] >= n:
                        j += 1
                        continue
                while k > 0 and kn[k - 1] < n:
                    kn[k] = kn[k - 1]
                    kj[k] = kj[k - 1]
                    buf[2 * k] = buf[2 * k - 2]
                    buf[2 * k + 1] = buf[2 * k - 1]
                    k -= 1
                kn[k] = n
                kj[k] = j
                buf[2 * k] = c.word
                buf[2 * k + 1] = c.take
                if wn < WINDOW:
                    wn += 1
            j += 1
        self.wn = wn
        self.total = j

    def preview(self, i, out):
        return self.state.preview(self.buf[2 * i], self.buf[2 * i + 1], out)

    # -- the AI, a step at a time ---------------------------------------------
    def _make_ai(self, ais):
        # one Player serves every AI seat (decisions are one at a time) and
        # one the hints (the expert's), made with the game, before its
        # smaller objects, and kept until it ends; the two share one search
        # (its buffers are the game's largest): the expert's seats are the
        # hint's own Player; in a master's game the hint is the expert's
        # budget on the master's search (both deal their worlds by
        # beliefs), in hard's on hard's (its worlds dealt uniformly, as
        # hard's are: no beliefs' buffers in a hard game); one-play seats
        # list their plays on the hint's search. Every
        # decision goes on from the generators' states the last one left
        # (ai_prng, search_prng), whichever Player made it
        from core.ai.player import Player
        seed = (self.seed & 0xFFFF) + 7
        rules = self.rules
        level = self.level
        self.ai = None
        self.hint_ai = None
        hint = self.humans == 1
        if ais and level in ("hard", "expert", "master"):
            self.ai = Player(rules, level, seed)
            if hint:
                self.hint_ai = self.ai if level == "expert" else Player(rules, "expert", seed, self.ai.search)
        elif ais and hint and level in ("easy", "normal"):
            self.hint_ai = Player(rules, "expert", seed)
            self.ai = Player(rules, level, seed, self.hint_ai.search)
        else:
            if ais:
                self.ai = Player(rules, level, seed)
            if hint:
                self.hint_ai = Player(rules, "expert", seed)
        p = self.ai or self.hint_ai
        self.ai_prng = p.prng.state if p is not None else 0
        self.search_prng = p.search.prng.state if p is not None else 0
        self.deciding = None    # the Player of the decision under way

    def own_ai(self):
        """An AI for seats that became AI seats (a link game played on
        against the AI here: device/linkmenu.py)."""
        if self.ai is None:
            from core.ai.player import Player
            h = self.hint_ai
            self.ai = Player(self.rules, self.level, (self.seed & 0xFFFF) + 7,
                             h.search if h is not None and self.level in ("easy", "normal", "expert") else None)

    def think_begin(self, seat, now, hint=False, clock=None):
        """Start a decision for seat (hint: the expert's, for a person);
        True when it is made already (decided() has it), else think_step
        until True. clock (hal.clock.Clock): the search stops by itself at
        its level's deadline (core/ai/player.py)."""
        p = self.hint_ai if hint else self.ai
        if p is None:           # hints turned on in a game made without them
            from core.ai.player import Player
            p = self.hint_ai = Player(self.rules, "expert", (self.seed & 0xFFFF) + 7)
        p.prng.state = self.ai_prng
        p.search.prng.state = self.search_prng
        self.deciding = p
        obs = observe(self.state, seat, p.obs, carry=self.game.carry)
        self.think_start = now
        self.think_hint = hint
        if p.begin(obs, clock):
            self._decided(p.best())
            return True
        return False

    def think_step(self, elapsed):
        """One step of the decision; True when it is made. elapsed: ms since
        think_begin (the caller's ticks_diff); past the decider's own
        deadline, where a search with a clock stops by itself, the best
        play so far is taken."""
        p = self.deciding
        if p.step(elapsed):
            self._decided(p.best())
            return True
        return False

    def _decided(self, root_i):
        p = self.deciding
        root = p.search.root
        word = root[2 * root_i]
        take = root[2 * root_i + 1]
        self.buf[2 * WINDOW] = word
        self.buf[2 * WINDOW + 1] = take
        self.pick = WINDOW
        self.think_stop()
        if self.think_hint:
            self.hint_reason = reason(self.state, word, take)

    def think_stop(self, keep=True):
        """The decision under way ends (keep: the next goes on from its
        generators; else from where this one began, as if it never ran: a
        decision let go when the game menu opens is made again after it)."""
        p = self.deciding
        if p is None:
            return
        if keep:
            self.ai_prng = p.prng.state
            self.search_prng = p.search.prng.state
        self.deciding = None

    # -- a hand replayed ----------------------------------------------------------
    def replay(self, plays):
        """Deal the current hand again and apply the logged plays (places in
        core.plays' list): Undo, and a saved game resumed. ValueError when
        one does not exist."""
        self.start_hand()
        c = self.cursor
        for i in plays:
            if not nth(c, self.state, i):
                raise ValueError("saved play %d does not exist" % i)
            self.buf[2 * WINDOW] = c.word
            self.buf[2 * WINDOW + 1] = c.take
            self.play(WINDOW)

    def undo(self, seat):
        """Take back seat's last play and every play after it; False when
        seat has none in this hand."""
        k = self.nlog - 1
        while k >= 0 and self.log_seat(k) != seat:
            k -= 1
        if k < 0:
            return False
        self.replay(self.log[0:k])
        return True
