"""Heap housekeeping for the device (its bytecode lives in RAM on a board)."""


def drop(name):
    """Forget a module imported for one job so that a collection frees it.
    Only for modules nothing else keeps (no object of their classes alive)."""
    import sys
    if name in sys.modules:
        del sys.modules[name]
    dot = name.rfind(".")
    pkg = sys.modules.get(name[:dot]) if dot > 0 else None
    if pkg is not None and hasattr(pkg, name[dot + 1:]):
        delattr(pkg, name[dot + 1:])
