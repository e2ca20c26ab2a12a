"""The device app across the wrap of hal.clock ticks (2**29 ms): CircuitPython
starts supervisor.ticks_ms() about 65 s before it, so on a board every
session passes it a minute after power-on. AI turns (thinking, the play
shown, the pause after a sweep) must end by themselves on either side."""
from device import play as P
from harness.devdrive import Player, drive

WRAP = 1 << 29


def test_shown_plays_and_pauses_end_by_themselves_across_the_tick_wrap():
    spans = []          # (start, end) virtual ms of each SHOW or PAUSE
    open_at = [None]

    def watch(app):
        # called between presses; the Player below never presses during a
        # SHOW, a PAUSE or THINK (it waits), so they must end by themselves
        now = app.h.clock.now
        busy = app.screen is app.table and app.play.mode in (P.SHOW, P.PAUSE)
        if busy and open_at[0] is None:
            open_at[0] = now
        elif not busy and open_at[0] is not None:
            spans.append((open_at[0], now))
            open_at[0] = None
        return None

    def setup(sim):
        sim.clock.now = WRAP - 4000     # 4 s before the ticks wrap

    player = Player(level="hard", players=2, people=1, target=31, rng=5, games=1,
                    on_state=watch)
    sim, d = drive(player, setup=setup, limit_ms=90_000)
    after = [s for s in spans if s[1] > WRAP]
    assert open_at[0] is None or sim.clock.now - open_at[0] < 15_000, (
        "a play shown since %d ms stays up (wrap at %d)" % (open_at[0], WRAP))
    assert len(after) >= 10, (len(spans), after)
    longest = max(e - s for s, e in spans)
    # SHOW lasts 1.4 s + 0.25 s a card taken, PAUSE 1 s (plus the policy's 100 ms waits)
    assert longest < P.SHOW_MS + P.SHOW_PER_CARD * 20 + 500, longest
    assert any(s < WRAP < e for s, e in spans) or any(s < WRAP for s, _ in spans), spans[:3]
