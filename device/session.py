"""One game in progress on the device: seats, AI turns step by step, the
play log (for undo and the save), hints and the end of a hand.

No drawing here: device/table.py shows a Session. The play path (gen,
preview, apply, the AI's steps) works in buffers made in ``__init__``.
"""
import sys
from array import array

from core.compat import const
from core.game import Game
from core.plays import Plays, cards_taken, index_of
from core.state import FLOOR, play_flags
from hal.mem import CODE_ON_HEAP, drop

WINDOW = const(16)        # a card's options held at once (more are listed again)
_AFTER_ALL = const(99)    # a sort key before every option (more cards than any take)

# the AI's modules, loaded for each decision (Session._load_ai) and dropped
# after it where their bytecode is on the heap (hal/mem.py CODE_ON_HEAP);
# the last four, read backwards, are what every level loads, each after
# what it imports (think_load loads them a loop turn each)
_AI = ("core.ai.onestep", "core.ai.search", "core.ai.fixed", "core.ai.player", "core.ai.roots",
       "core.ai.world", "core.ai.evaluate", "core.ai.observe")

# AI decision progress
IDLE = const(0)
STEPPING = const(1)
_DONE = const(2)
LOADED = const(3)   # the AI loaded (think_load), its search not begun


class Session:
    """variant: preset name; levels: per seat, "human" or an AI level."""

    def __init__(self, variant, players, levels, target, seed):
        from core.presets import preset
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
            elif lv != "link":      # a seat played on the other device (device/linkgame.py)
                level = lv
        self.level = level
        # one Player serves every AI seat (decisions are one at a time) and
        # the hints; made for each decision and let go after it (_load_ai)
        self.ai = None
        self.ai_made = False    # one made already: its two generators' states below
        self.ai_prng = 0
        self.search_prng = 0
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
    def think_load(self, hint=False):
        """Load the AI for the next decision (hint: a hint's, the expert's)
        in turns of the device's loop of their own: a module each of what
        every level loads (_AI's last five, leaves first: observe, evaluate,
        world, roots, player), then a module each of what its level adds
        (core/ai/player.py modules: the search, or the one-play
        heuristics), then the Player; think_begin at the next. (In one turn, loading
        the AI held a board's loop 35-75 ms; a board collects its heap after
        each module it loads, about 6 ms at a game's heap.)"""
        mods = sys.modules
        for i in range(len(_AI) - 1, 2, -1):
            if _AI[i] not in mods:
                __import__(_AI[i])
                return
        from core.ai.player import modules
        for name in modules("expert" if hint else self.level):
            if name not in mods:
                __import__(name)
                return
        self._load_ai(hint)
        self.think = LOADED

    def think_begin(self, seat, now, hint=False, clock=None):
        """Start a decision for seat (hint: the expert's, for a person),
        with the AI think_load loaded (for the same kind of decision), else
        loading it now.
        clock (hal.clock.Clock): the search stops by itself at its level's
        deadline (core/ai/player.py)."""
        p = self.ai if self.think == LOADED else self._load_ai(hint)
        from core.ai.observe import observe
        obs = observe(self.state, seat, p.obs, carry=self.game.carry)
        self.think_start = now
        self.think_hint = hint
        if p.begin(obs, clock):
            self._decided(p.best())
            return
        obs = None
        self.think = STEPPING

    def think_step(self, elapsed):
        """One step of the decision; True when it is made. elapsed: ms since
        think_begin (the caller's ticks_diff); past the decider's own
        deadline, where a search with a clock stops by itself, the best
        play so far is taken."""
        if self.think == _DONE:
            return True
        p = self.ai
        if p.step(elapsed):
            self._decided(p.best())
            return True
        return False

    def _decided(self, root_i):
        root = self.ai.search.root
        word = root[2 * root_i]
        take = root[2 * root_i + 1]
        self.buf[2 * WINDOW] = word
        self.buf[2 * WINDOW + 1] = take
        self.pick = WINDOW
        self.think = _DONE
        self._drop_ai()
        if self.think_hint:
            # the hint's words, once the AI has gone (core/ai/reason.py)
            from core.ai.reason import reason
            self.hint_reason = reason(self.state, word, take)
            reason = None
            if CODE_ON_HEAP:
                drop("core.ai.reason")

    def think_reset(self):
        self.think = IDLE
        self._drop_ai()

    def think_pause(self):
        """Let go of a decision under way (the game menu opens meanwhile: the
        menus and the AI are not in the heap together); think_begin starts it
        again from the same generators, so it decides as it would have."""
        if self.think == STEPPING or self.think == LOADED:
            self.think = IDLE
            self._drop_ai(False)

    def _load_ai(self, hint=False):
        # the AI (core/ai/, 8-10 KB of code and 2-4 KB of buffers) is in the
        # heap only while it decides: a person's turn, a save write and the
        # menus go without it. The Player is made for the level deciding (a
        # hint: expert), which loads what that level needs (the one-play
        # heuristics or the search). Its generators go on where the last
        # decision left them, so it decides as one Player kept for the game
        # would.
        from core.ai.player import Player
        p = Player(self.rules, "expert" if hint else self.level, (self.seed & 0xFFFF) + 7)
        if self.ai_made:
            p.prng.state = self.ai_prng
            p.search.prng.state = self.search_prng
        self.ai = p
        return p

    def _drop_ai(self, keep=True):
        # keep: the next decision goes on from its generators (else from
        # where this one began)
        p = self.ai
        if p is None:
            return
        if keep:
            self.ai_made = True
            self.ai_prng = p.prng.state
            self.search_prng = p.search.prng.state
        self.ai = None
        p = None
        if CODE_ON_HEAP:
            for name in _AI:
                drop(name)
