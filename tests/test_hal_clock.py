import hal
from hal.clock import Clock, ticks_add, ticks_diff, ticks_less

PERIOD = 1 << 29


def test_diff_across_the_wrap():
    a = PERIOD - 5
    b = ticks_add(a, 12)
    assert b == 7
    assert ticks_diff(b, a) == 12
    assert ticks_diff(a, b) == -12
    assert ticks_less(a, b) and not ticks_less(b, a)


def test_ticks_stay_small_ints():
    # MicroPython small ints hold up to 2**30 - 1: ticks must stay below that
    for t in (0, PERIOD - 1, PERIOD * 3 + 17):
        assert 0 <= ticks_add(t, 1000) < (1 << 30)
    assert ticks_diff(0, PERIOD // 2 - 1) == -(PERIOD // 2 - 1)


def test_clock_uses_given_source():
    t = [100]
    c = Clock(lambda: t[0])
    start = c.ticks_ms()
    t[0] = 350
    assert c.since(start) == 250
    assert c.diff(c.add(start, 10), start) == 10


def test_default_clock_advances():
    c = Clock()
    a = c.ticks_ms()
    c.sleep_ms(15)
    assert c.since(a) >= 14
    assert hal.ButtonEvent().button == -1
