"""What CPython and MicroPython spell differently, in one place."""
try:
    from micropython import const  # noqa: F401
except ImportError:  # CPython

    def const(x):
        return x
