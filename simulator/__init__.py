"""Desktop simulator for the Pocket Basra HAL (no pygame, no window system).

The app's real displayio scene graph is rendered by Blinka's displayio and
sent by the real adafruit_displayio_ssd1306 driver to an emulated SSD1306
(simulator.ssd1306); the terminal view, PNG screenshots, raw frames and byte
counts all come from that emulated controller. See docs/simulator.md.
"""

from simulator.sim import Simulator, SimExit  # noqa: F401
