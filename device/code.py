"""Pocket Basra: what CircuitPython runs at boot (copy to the board's root
as code.py, with the core/, hal/ and device/ folders next to it).

The simulator runs the same ``main`` (``make play``)."""
import hal
from device.app import main  # noqa: F401  (the simulator looks for main)

if __name__ == "__main__":
    hal.run(main)
