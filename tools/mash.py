"""Random button presses, holds and repeats through the device app, headless.

    python -m tools.mash --presses 100000 [--seed 1]

The app (device/code.py's main) runs in the simulator's headless mode on
virtual time, with long waits mixed in so that the screen goes to sleep and
presses wake it. Watched from outside, without changing the app:

- no exception escapes (the run would stop with it), and none reaches the
  app's recovery screen (device/recover.py: it counts them);
- every play applied is an index into the legal plays of that moment
  (Session.play), and after each play the 52 cards are each in exactly one
  place; every 8th play (and at the end) the save record the app makes
  replays through device.save.resume to the very same position;
- a play made by a press (Play.human_play) is for a person's seat, and a
  play made by the AI's turn is for an AI seat: presses made while the AI
  thinks (counted) never become plays.
"""
import random
import sys
import time

from core.ai.player import DEVICE_DEADLINE_MS, DEVICE_WORK
from core.plays import Plays, index_of
from core.state import FLOOR, HAND, HAND_STRIDE, PILE
from basra_flash.cmdline import Parser, whole

BUTTONS = ("A", "A", "A", "A", "B", "LEFT", "RIGHT", "RIGHT", "UP", "DOWN")


def script(presses, rnd):
    """(script text, number of presses in it)."""
    words = []
    n = 0
    while n < presses:
        b = rnd.choice(BUTTONS)
        r = rnd.random()
        if r < 0.70:
            words.append(b)
            n += 1
        elif r < 0.80:
            k = rnd.randrange(2, 6)
            words.append("%s*%d" % (b, k))
            n += k
        elif r < 0.88:
            words.append("hold:%s:%d" % (b, rnd.randrange(300, 2000)))
            n += 1
        elif r < 0.97:
            words.append("wait:%d" % rnd.choice((20, 200, 1500, 4000)))
        else:
            words.append("wait:%d" % rnd.randrange(30000, 130000))  # the screen sleeps
    return " ".join(words), n


class Watch:
    def __init__(self, check_every=8):
        self.check_every = check_every
        self.plays = 0
        self.human_plays = 0
        self.ai_plays = 0
        self.replayed = 0
        self.presses_thinking = 0
        self.presses_showing = 0  # while an AI's play is on show, before it is applied
        self.sleeps = 0
        self.steps = 0
        self.resume_checks = 0
        self.errors = []
        self.ctx = None

    def fail(self, msg):
        if len(self.errors) < 20:
            self.errors.append(msg)


def _cards_ok(st):
    counts = {}
    for c in range(52):
        counts[st.loc[c]] = counts.get(st.loc[c], 0) + 1
    for s in range(st.nseats):
        if counts.get(HAND + s, 0) != st.hand_n[s]:
            return "seat %d holds %d cards, hand_n says %d" % (s, counts.get(HAND + s, 0), st.hand_n[s])
        for i in range(st.hand_n[s]):
            if st.loc[st.hand[HAND_STRIDE * s + i]] != HAND + s:
                return "seat %d's hand lists a card it does not hold" % s
    if counts.get(FLOOR, 0) != st.floor_n:
        return "floor has %d cards, floor_n says %d" % (counts.get(FLOOR, 0), st.floor_n)
    for side in range(st.nsides):
        if counts.get(PILE + side, 0) != st.pile_n[side]:
            return "side %d's pile is off" % side
    return None


def mash(presses, seed=1, log=None):
    """Run the app under random presses; returns the Watch (errors empty when all held)."""
    import device.app as A
    from device import recover
    from device import save as SV
    from device import saving
    from device.saveread import resume
    from device.play import SHOW, THINK, Play
    from device.session import WINDOW, Session
    from simulator.headless import run_script
    from simulator.sim import SimDisplay

    w = Watch()
    orig = (Session.play, Session.replay, Play.human_play, A.App.key, SimDisplay.sleep)
    orig_step = Session.think_step
    listed = Plays()                # a cursor of our own to check each play is legal
    sims = []

    def s_step(self, elapsed):
        # a search step takes a board its positions at the device's rate,
        # DEVICE_WORK in DEVICE_DEADLINE_MS (core/ai/player.py, 510 a second):
        # let that much virtual time pass, so that presses arrive while the
        # AI thinks as they would on the board. Counted in positions, not
        # timed, so a run is the same on a fast machine and a loaded one
        w.steps += 1
        search = self.deciding.search if self.deciding is not None else None
        before = search.spent if search is not None else 0
        r = orig_step(self, elapsed)
        if sims and search is not None:
            sims[0].clock.now += max(1, (search.spent - before) * DEVICE_DEADLINE_MS // DEVICE_WORK)
        return r

    def s_play(self, i):
        st = self.state
        seat = st.to_move
        if not 0 <= i <= WINDOW:
            w.fail("play %d is outside the session's buffer of plays" % i)
        elif index_of(listed, st, self.buf[2 * i], self.buf[2 * i + 1]) < 0:
            w.fail("play %d is not among the legal plays" % i)
        if w.ctx == "human" and not self.is_human(seat):
            w.fail("a press played for AI seat %d" % seat)
        elif w.ctx is None and self.is_human(seat):
            w.fail("the AI's turn played for person's seat %d" % seat)
        r = orig[0](self, i)
        w.plays += 1
        if w.ctx == "human":
            w.human_plays += 1
        elif w.ctx is None:
            w.ai_plays += 1
        else:
            w.replayed += 1
        bad = _cards_ok(st)
        if bad:
            w.fail(bad)
        return r

    def s_replay(sess, plays):
        prev, w.ctx = w.ctx, "replay"
        try:
            return orig[1](sess, plays)
        finally:
            w.ctx = prev

    def p_human(self, i, now):
        prev, w.ctx = w.ctx, "human"
        try:
            return orig[2](self, i, now)
        finally:
            w.ctx = prev

    def a_key(self, b):
        if self.screen is self.table and not self.play.hinting:
            if self.play.mode == THINK:
                w.presses_thinking += 1
            elif self.play.mode == SHOW:
                w.presses_showing += 1
        return orig[3](self, b)

    def d_sleep(self):
        w.sleeps += 1
        return orig[4](self)

    def check_resume(app):
        if app.sess is None or w.ctx is not None:
            return
        sess = app.sess
        rec = app.record()
        try:
            g = resume(rec)
        except ValueError as e:
            w.fail("the save record does not replay: %s" % e)
            return
        st = g.state
        if st.hands_empty() and st.stock_left():
            st.deal()
        if bytes(st.loc) != bytes(sess.state.loc) or st.to_move != sess.state.to_move:
            w.fail("the save record replays to another position (hand %d, %d plays)" % (rec.hand_no, len(rec.plays)))
        w.resume_checks += 1

    def a_played(self, seat, flags, _orig=A.App.played):
        r = _orig(self, seat, flags)
        if w.plays % w.check_every == 0:
            check_resume(self)
        return r

    Session.play, Session.replay, Play.human_play, A.App.key, SimDisplay.sleep = s_play, s_replay, p_human, a_key, d_sleep
    orig_played = A.App.played
    A.App.played = a_played
    Session.think_step = s_step
    t = time.time()
    try:
        text, n = script(presses, random.Random(seed))
        def setup(sim):
            sims.append(sim)
            # the menus offer the last level first: make the AI one that searches step by step
            st = SV.Settings()
            st.last_level = ("hard", "expert")[seed % 2]
            saving.SaveStore(sim.hal.storage).save_settings(st)

        recovered = recover.errors
        run_script(text, main=A.main, seed=seed, setup=setup)
        if recover.errors > recovered:
            w.fail("the app met %d errors it did not expect (the last: %s; tracebacks on stderr)"
                   % (recover.errors - recovered, recover.name))
        app = A.last
        check_resume(app)
        w.presses = n
        w.games_over = app.games_over
        w.hands_over = app.hands_over
        w.writes = app.store.writes
    finally:
        Session.play, Session.replay, Play.human_play, A.App.key, SimDisplay.sleep = orig
        A.App.played = orig_played
        Session.think_step = orig_step
    w.seconds = time.time() - t
    if log:
        log(summary(w))
    return w


def summary(w):
    return ("%d presses: %d plays (%d by presses, %d by the AI, %d replayed), %d hands and %d games over, "
            "%d AI search steps, %d presses while the AI thought and %d while its play was on show, %d screen sleeps, %d save records replayed and compared, "
            "%d saves written, %d failures, %.0f s"
            % (w.presses, w.plays, w.human_plays, w.ai_plays, w.replayed, w.hands_over, w.games_over,
               w.steps, w.presses_thinking, w.presses_showing, w.sleeps, w.resume_checks, w.writes, len(w.errors), w.seconds))


def main(argv=None):
    ap = Parser(prog="python -m tools.mash", description=__doc__.split("\n\n")[0])
    ap.add_argument("--presses", type=whole(1, what="a number of presses"), default=100000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--chunk", type=whole(1, what="a number of presses"), default=10000,
                    help="presses per app run (a fresh app each)")
    a = ap.parse_args(argv)
    total = Watch()
    total.presses = total.games_over = total.hands_over = total.writes = 0
    total.seconds = 0.0
    done = 0
    k = 0
    while done < a.presses:
        n = min(a.chunk, a.presses - done)
        try:
            w = mash(n, a.seed * 1000 + k, log=print)
        except Exception as e:  # noqa: BLE001 - an exception from the app is the failure reported
            import traceback
            traceback.print_exc()
            print("run %d: exception %r" % (k, e))
            return 1
        for f in ("presses", "plays", "human_plays", "ai_plays", "replayed", "hands_over", "games_over",
                  "presses_thinking", "presses_showing", "sleeps", "steps", "resume_checks", "writes", "seconds"):
            setattr(total, f, getattr(total, f) + getattr(w, f))
        total.errors += w.errors
        done += n
        k += 1
    print("total:", summary(total))
    for e in total.errors[:20]:
        print("  FAIL", e)
    return 1 if total.errors else 0


if __name__ == "__main__":
    sys.exit(main())
