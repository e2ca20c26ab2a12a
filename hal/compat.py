"""What CPython and MicroPython spell differently, once for the HAL (the HAL
does not import core/, so it has its own copy of core/compat.py's fallback)."""
try:
    from micropython import const  # noqa: F401
except ImportError:  # CPython

    def const(x):
        return x
