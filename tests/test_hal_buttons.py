import hal
from hal.buttons import Buttons
from hal.keys import PolledKeys
from tests.fakehal import FakeHal, ManualClock, QueueKeys


def events(h, ev=None):
    ev = ev or hal.ButtonEvent()
    out = []
    while h.buttons.get_into(ev):
        out.append((hal.NAMES[ev.button], ev.pressed, ev.repeat, ev.time))
    return out


def test_press_and_release_are_reported_once():
    h = FakeHal()
    h.clock.advance(40)
    h.tap("A")
    assert events(h) == [("A", True, False, 40), ("A", False, False, 40)]
    assert events(h) == []


def test_direction_auto_repeats_while_held_and_stops_on_release():
    h = FakeHal()
    h.press("LEFT")
    assert events(h) == [("LEFT", True, False, 0)]
    h.clock.advance(399)
    assert events(h) == []                       # before repeat_delay
    h.clock.advance(1)
    assert events(h) == [("LEFT", True, True, 400)]
    h.clock.advance(119)
    assert events(h) == []
    h.clock.advance(1)
    assert events(h) == [("LEFT", True, True, 520)]
    h.release("LEFT")
    h.clock.advance(1000)
    assert events(h) == [("LEFT", False, False, 1520)]
    assert events(h) == []
    assert not h.buttons.held(hal.LEFT)


def test_a_and_b_never_repeat():
    h = FakeHal()
    h.press("A")
    events(h)
    h.clock.advance(5000)
    assert events(h) == []
    assert h.buttons.held(hal.A)


def test_repeat_survives_the_tick_wrap():
    h = FakeHal()
    h.clock.now = (1 << 29) - 100
    h.press("RIGHT")
    events(h)
    h.clock.advance(400)
    assert [e[:3] for e in events(h)] == [("RIGHT", True, True)]


def test_two_keys_on_one_button_make_one_press():
    clock = ManualClock()
    q = QueueKeys()
    b = Buttons(q, (hal.A, hal.B, hal.A), clock)   # like the Bonnet: A and joystick centre
    q.queue.extend([(0, True), (2, True), (0, False), (2, False)])
    ev = hal.ButtonEvent()
    got = []
    while b.get_into(ev):
        got.append((ev.button, ev.pressed))
    assert got == [(hal.A, True), (hal.A, False)]


def test_four_button_layout():
    h = FakeHal(buttons=4)
    assert [h.buttons.has(x) for x in range(6)] == [False, False, True, True, True, True]
    h.tap("UP")            # no key carries UP on this layout
    h.tap("RIGHT")
    assert [e[0] for e in events(h)] == ["RIGHT", "RIGHT"]


class Pin:
    def __init__(self):
        self.value = True   # pull-up: released


def test_polled_keys_debounce_and_order():
    clock = ManualClock()
    pins = [Pin(), Pin()]
    keys = PolledKeys(pins, clock, value_when_pressed=False, interval_ms=10)
    b = Buttons(keys, (hal.A, hal.B), clock)
    ev = hal.ButtonEvent()

    def poll_for(ms):
        out = []
        for _ in range(ms):
            clock.advance(1)
            while b.get_into(ev):
                out.append((hal.NAMES[ev.button], ev.pressed))
        return out

    # a 5 ms bounce on A is shorter than a scan interval: never reported
    pins[0].value = False
    got = poll_for(5)
    pins[0].value = True
    got += poll_for(40)
    assert got == []
    # a real press is reported once, after two agreeing scans (10..20 ms)
    pins[0].value = False
    got = poll_for(9)
    assert got == []
    got = poll_for(20)
    assert got == [("A", True)]
    pins[1].value = False
    pins[0].value = True
    assert poll_for(40) == [("A", False), ("B", True)]
    assert keys.key_count == 2


def test_polled_keys_queue_overflow_is_flagged():
    clock = ManualClock()
    pins = [Pin() for _ in range(10)]
    keys = PolledKeys(pins, clock, interval_ms=1)
    for value in (False, True):
        for p in pins:
            p.value = value
        clock.advance(1)
        keys.scan()
        clock.advance(1)
        keys.scan()
    assert keys.overflowed
    ev = hal.ButtonEvent()
    n = 0
    while keys.get_into(ev):
        n += 1
    assert n == 16


class _SizedKeys(QueueKeys):
    """A key source with a length, as keypad's EventQueue has; pushes its
    events when the clock reaches their time."""

    def __init__(self, clock, at):
        super().__init__()
        self.clock = clock
        self.at = list(at)          # (ms, key number, pressed)

    def __len__(self):
        while self.at and self.clock.now >= self.at[0][0]:
            self.queue.append(self.at.pop(0)[1:])
        return len(self.queue)


def _board_hal(at):
    clock = ManualClock()
    keys = _SizedKeys(clock, at)
    h = hal.Hal(None, Buttons(keys, (0, 1, 2, 3, 4, 5), clock), clock, None)
    return h, clock


def test_a_press_ends_the_idle_within_a_slice_and_none_sleeps_it_whole():
    # a board's idle (no idle hook): slept in IDLE_POLL_MS slices, the
    # buttons looked at after each
    from hal.base import IDLE_POLL_MS
    h, clock = _board_hal([(6, hal.RIGHT, True)])
    h.idle(20)
    assert clock.now == 2 * IDLE_POLL_MS        # the slice after the press at 6 ms
    h.idle(20)
    assert clock.now == 2 * IDLE_POLL_MS        # an event waits: at once
    h, clock = _board_hal([])
    h.idle(20)
    assert clock.now == 20
    h.idle(0)
    assert clock.now == 20


def test_pending_sees_a_held_directions_repeat_when_it_is_due():
    h, clock = _board_hal([(0, hal.RIGHT, True)])
    ev = hal.ButtonEvent()
    assert h.buttons.pending() and h.buttons.get_into(ev) and ev.button == hal.RIGHT
    assert not h.buttons.pending()
    clock.advance(h.buttons.repeat_delay)
    assert h.buttons.pending()


def test_polled_keys_have_a_length_that_scans():
    clock = ManualClock()

    class Pin:
        value = True
    pin = Pin()
    keys = PolledKeys([pin], clock, interval_ms=10)
    assert len(keys) == 0
    pin.value = False                  # pressed (value_when_pressed False)
    clock.advance(10)
    len(keys)                           # the first scan sees it
    clock.advance(10)
    assert len(keys) == 1               # two scans agree: an event waits
