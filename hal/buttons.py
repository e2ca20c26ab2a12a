"""Logical buttons over a keypad-style event source, with auto-repeat.

The source is anything with ``get_into(event) -> bool`` filling
``event.key_number`` and ``event.pressed``: ``keypad.Keys(...).events`` on
CircuitPython (debounced in C), ``hal.keys.PolledKeys`` over digitalio
(Blinka), or the simulator's queue. ``key_map[key_number]`` is the logical
button (``hal.UP`` .. ``hal.B``). Several keys may map to one button (the
Bonnet's joystick centre and A both give A).

Auto-repeat: while a direction (UP DOWN LEFT RIGHT) is held, a press event
with ``repeat=True`` comes after ``repeat_delay`` ms, then every
``repeat_every`` ms. A and B never repeat.

``get_into`` allocates nothing: one source event object is made in
``__init__`` and reused; state lives in preallocated lists of small ints.
"""

from hal.compat import const

from hal.clock import ticks_add, ticks_diff

_DIRECTIONS = const(4)   # UP DOWN LEFT RIGHT are 0..3
_COUNT = const(6)


class _SourceEvent:
    """Stand-in for keypad.Event when the source is not keypad."""

    def __init__(self):
        self.key_number = 0
        self.pressed = False


class Buttons:
    def __init__(self, source, key_map, clock, repeat_delay=400, repeat_every=120,
                 source_event=None):
        self._source = source
        self._map = tuple(key_map)
        self._clock = clock
        self.repeat_delay = repeat_delay
        self.repeat_every = repeat_every
        self._kev = source_event if source_event is not None else _SourceEvent()
        self._down = [0] * _COUNT      # number of keys holding each button
        self._next = [0] * _COUNT      # tick of the next auto-repeat
        present = [False] * _COUNT
        for b in self._map:
            if 0 <= b < _COUNT:
                present[b] = True
        self._present = tuple(present)

    def has(self, button):
        """True when this device has a key for ``button`` (UP/DOWN may be absent)."""
        return self._present[button]

    def held(self, button):
        return self._down[button] > 0

    def pending(self):
        """True when get_into has an event to give: the source holds one
        (keypad's queue and the others have a length; a source without one
        counts as having none) or a held direction's repeat is due."""
        try:
            if len(self._source):
                return True
        except TypeError:
            pass
        now = self._clock.ticks_ms()
        for b in range(_DIRECTIONS):
            if self._down[b] and ticks_diff(now, self._next[b]) >= 0:
                return True
        return False

    def get_into(self, ev):
        """Fill ``ev`` (a hal.ButtonEvent) with the next event; False when none."""
        kev = self._kev
        while self._source.get_into(kev):
            n = kev.key_number
            if n < 0 or n >= len(self._map):
                continue
            b = self._map[n]
            if b < 0:
                continue
            now = self._clock.ticks_ms()
            down = self._down
            if kev.pressed:
                down[b] += 1
                if down[b] > 1:        # a second key for the same button
                    continue
                self._next[b] = ticks_add(now, self.repeat_delay)
            else:
                if down[b] == 0:
                    continue
                down[b] -= 1
                if down[b] > 0:
                    continue
            ev.button = b
            ev.pressed = kev.pressed
            ev.repeat = False
            ev.time = now
            return True
        # auto-repeat for held directions
        now = self._clock.ticks_ms()
        for b in range(_DIRECTIONS):
            if self._down[b] and ticks_diff(now, self._next[b]) >= 0:
                self._next[b] = ticks_add(now, self.repeat_every)
                ev.button = b
                ev.pressed = True
                ev.repeat = True
                ev.time = now
                return True
        return False

    def clear(self):
        """Forget held buttons and queued events (e.g. after waking up)."""
        kev = self._kev
        while self._source.get_into(kev):
            pass
        for b in range(_COUNT):
            self._down[b] = 0
