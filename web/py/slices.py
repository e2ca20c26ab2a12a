"""The device app's loop in slices (docs/web.md).

A board's loop never returns: it waits in ``h.idle(ms)``. The page's
worker (web/worker.js) must get its thread back to read the keys the page
sends, and this VM collects its garbage only between the calls into it
(never while Python runs), so the page's idle (``idle``) ends a slice by
raising ``Pause`` once the app asks to wait (ms > 0 and no press pending)
or the slice has run ``SLICE_MS``; the app's loop is left there, and
``step`` re-enters it (device/app.py ``main(h, app)``) when the worker
calls again: after ``ms``, or at once on a press. A job's steps (an AI's
decision) run back to back within a slice, each frame sent as it is drawn.

The first slice is code.py itself, run by the worker as a board runs it;
every later one is ``step()``. The message of an error the app did not
expect (device/recover.py) waits for A here: ``step`` restarts the app
then, as a board's ``main`` does.

``decisions`` keeps how long each AI decision took in the page (ms, from
the first loop turn its job was in the queue to the first after it was
done), for the page's figures.
"""
import json
import sys

import hal
from hal.clock import ticks_diff

SLICE_MS = 10           # a slice's work at most (then the worker reads the keys sent)

h = None
wait = 0                # the ms the last slice's idle asked for (0: work waits)
_start = 0              # when the slice began (clock ms)
decisions = []          # ms each AI decision took (see above)
_job = None             # the decision being timed
_since = 0


class Pause(BaseException):
    """Ends a slice (from idle); a BaseException, so that the app's own
    recovery from errors lets it through."""


def idle(ms):
    """hal.Hal's idle in the page (see above)."""
    global wait
    _watch()
    if ms > 0 and not h.buttons.pending():
        wait = ms
        raise Pause()
    if ticks_diff(h.clock.ticks_ms(), _start) >= SLICE_MS:
        wait = 0
        raise Pause()


def begin(hal_):
    """A slice begins (the page calls it before each one, code.py's too)."""
    global h, _start, wait
    h = hal_
    _start = h.clock.ticks_ms()
    wait = 0


def step():
    """One slice of the app after code.py's; returns the ms to wait
    before the next one (0: at once)."""
    A = sys.modules["device.app"]
    begin(h)
    try:
        if A.last is not None:
            A.main(h, A.last)       # the app's loop, where its idle left it
        elif _a_pressed():
            A.main(h)               # the error's message said "A: restart"
        else:
            return 50
    except Pause:
        pass
    return wait


def _a_pressed():
    ev = hal.ButtonEvent()
    while h.buttons.get_into(ev):
        if ev.pressed and ev.button == hal.A:
            return True
    return False


def _watch():
    # an AI decision's job (device/play.py DecideJob, group "decide") timed
    global _job, _since
    A = sys.modules.get("device.app")
    app = A.last if A is not None else None
    if app is None:
        return
    job = app.jobs.find("decide")
    if job is _job:
        return
    now = h.clock.ticks_ms()
    if _job is not None and _job.state == "done":     # device/jobs.py DONE
        decisions.append(ticks_diff(now, _since))
    _job = job
    _since = now


def figures():
    """The decisions timed so far, as JSON (the page's basra.figures())."""
    return json.dumps({"decisions": decisions})
