"""Heap housekeeping (on a board, a module's bytecode lives in the heap):
a module no longer needed is forgotten, so that a collection frees it.
The HAL lets go of the code that opened it (hal/circuitpython.py), the
device app of a rarely open screen's code when it closes (device/screens.py,
the only place in the app that decides it)."""
import sys

# bytecode on the heap (CircuitPython, MicroPython): drop what one job
# needed. CPython (the simulator, the tests) keeps modules loaded: a desktop
# has the memory, and a test may patch them.
CODE_ON_HEAP = sys.implementation.name != "cpython"


def drop(name):
    """Forget a module imported for one job so that a collection frees it.
    Only for modules nothing else keeps (no object of their classes alive).

    Each entry is set to None before it is deleted: MicroPython's dicts keep
    a deleted entry's value in its slot (py/map.c: "keep slot->value so that
    caller can access it"), and the collector scans the whole table, so a
    module only deleted from sys.modules or from its package stays in the
    heap until another key happens to take that slot."""
    mods = sys.modules
    if name in mods:
        mods[name] = None
        del mods[name]
    dot = name.rfind(".")
    pkg = mods.get(name[:dot]) if dot > 0 else None
    attr = name[dot + 1:]
    if pkg is not None and hasattr(pkg, attr):
        setattr(pkg, attr, None)
        delattr(pkg, attr)
