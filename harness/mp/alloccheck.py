"""Allocation checks that run inside the MicroPython VM (copied to /lib).

harness/mpvm.run() copies this file into the VM, so a script can `import
alloccheck`. It is MicroPython code: it uses micropython.heap_lock() and
gc.mem_alloc(), which CPython does not have.

    locked(fn, *args)        -> (ok, error)  call fn(*args) once with the heap locked
    locked_n(fn, n, *args)   -> (ok, error)  call it n times with the heap locked
    measure(fn, *args)       -> bytes        gc.mem_alloc() growth over one call
    report(name, fn, *args)  -> ok           print one JSON line for run_json()

`ok` is True when fn returned normally without allocating. Any allocation
under the lock raises MemoryError inside fn; locked() catches it, unlocks the
heap (always, in `finally`: an exception escaping a locked heap hangs the
VM) and returns (False, "MemoryError: ..."). Other exceptions give (False,
"ValueError: ..."), but an exception raised with the heap locked has no
message (MicroPython cannot allocate it). Tracebacks cannot be recorded
either, so the error does not say where fn allocated: narrow it down by
locking smaller pieces, or use measure() on them.

fn's return value is dropped. Whatever fn needs (positions, buffers, the
arguments) must be built before the call: only fn's own work is checked.
Calling with positional args does not allocate; keyword arguments are not
supported. A bound method passed as fn (`locked(state.apply, play)`) is
created when the argument is evaluated, before the lock: that is fine.

measure() runs gc.collect() first and returns gc.mem_alloc() after minus
before, so it counts everything fn allocates and keeps alive or leaves as
garbage, including its return value.

Example (it runs in tests/test_mpvm_harness.py):

    import json
    from harness.mpvm import run_json
    rows = run_json('''
    import alloccheck

    def add(a, b):
        return a + b            # small ints: no allocation

    def make_list(n):
        return [0] * n          # allocates

    buf = bytearray(8)
    def fill(b, v):
        for i in range(len(b)):
            b[i] = v            # writes into a buffer made beforehand

    print(alloccheck.locked(add, 1, 2))          # (True, None)
    print(alloccheck.locked(make_list, 4))       # (False, 'MemoryError: ...')
    print(alloccheck.measure(make_list, 4))      # 64 (bytes, 16-byte GC blocks)
    alloccheck.report("fill", fill, buf, 7)      # {"check": "fill", "ok": true, ...}
    alloccheck.report("make_list", make_list, 4)
    ''', trees=())
    # rows == [{"check": "fill", "ok": True, "error": None, "alloc": 0}, ...]
"""

import gc
import micropython

try:
    import json
except ImportError:  # every MicroPython port used here has json
    json = None


def _call(fn, args):
    # Explicit calls: no allocation for the argument tuple.
    n = len(args)
    if n == 0:
        fn()
    elif n == 1:
        fn(args[0])
    elif n == 2:
        fn(args[0], args[1])
    elif n == 3:
        fn(args[0], args[1], args[2])
    elif n == 4:
        fn(args[0], args[1], args[2], args[3])
    else:
        fn(*args)


def _error(exc):
    # Called with the heap unlocked: formatting allocates.
    if exc is None:
        return None
    if isinstance(exc, MemoryError):
        return "MemoryError: allocation while the heap was locked"
    msg = str(exc)
    if not msg:
        msg = "(no message: raised with the heap locked; call fn unlocked to see it)"
    return "%s: %s" % (type(exc).__name__, msg)


def locked(fn, *args):
    """Call fn(*args) with the heap locked. Returns (ok, error string or None)."""
    exc = None
    micropython.heap_lock()
    try:
        try:
            _call(fn, args)
        except Exception as e:
            exc = e
    finally:
        micropython.heap_unlock()
    return exc is None, _error(exc)


def locked_n(fn, n, *args):
    """Call fn(*args) n times with the heap locked (once for the whole loop).

    Returns (ok, error); the error names the iteration that failed.
    """
    exc = None
    i = 0
    micropython.heap_lock()
    try:
        try:
            while i < n:
                _call(fn, args)
                i += 1
        except Exception as e:
            exc = e
    finally:
        micropython.heap_unlock()
    if exc is None:
        return True, None
    return False, "call %d of %d: %s" % (i + 1, n, _error(exc))


def measure(fn, *args):
    """Bytes of heap gained over one call of fn(*args) (gc.mem_alloc() delta)."""
    gc.collect()
    before = gc.mem_alloc()
    _call(fn, args)
    after = gc.mem_alloc()
    return after - before


def report(name, fn, *args):
    """Run locked() and measure() on fn(*args); print one JSON line; return ok.

    The line is {"check": name, "ok": bool, "error": str or None,
    "alloc": bytes, or None when the unlocked call raised};
    harness/mpvm.run_json() collects them. fn is called twice (once locked,
    once measured), so it must be repeatable.
    """
    ok, err = locked(fn, *args)
    try:
        alloc = measure(fn, *args)
    except Exception as e:
        alloc = None
        ok = False
        if err is None or err.startswith("MemoryError"):
            err = _error(e)
    row = {"check": name, "ok": ok, "error": err, "alloc": alloc}
    if json is not None:
        print(json.dumps(row))
    else:
        print(row)
    return ok
