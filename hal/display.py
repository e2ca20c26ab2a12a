"""The OLED: a displayio root group and explicit refresh.

``Display`` wraps a displayio display built by ``hal.oled.open_ssd1306``
(the same code on CircuitPython, Blinka and in the simulator, which drives
the real adafruit_displayio_ssd1306 driver over an emulated bus).

* ``root``: the displayio.Group on the screen; append your groups to it.
* ``refresh()``: push the dirty areas to the panel (auto_refresh is off);
  returns False while asleep. Call it once per frame after changing the
  scene graph; unchanged frames cost nothing on the bus.
* ``redraw()``: the next refresh sends the whole screen as one area (1 KB).
  For a change that touches most of the screen (another screen shown):
  displayio sends each dirty area on its own, so two screen-sized areas,
  the one hidden and the one shown, cost twice that.
* ``sleep()`` / ``wake()`` / ``awake``: panel off (0xAE) and on (0xAF);
  the GDDRAM keeps its content.
* ``contrast``: 0..255 (SSD1306 command 0x81).
* ``rotation``: 0 or 180 (a module mounted upside down); setting it redraws.
"""


class Display:
    def __init__(self, display, root=None):
        if root is None:
            import displayio
            root = displayio.Group()
        self.raw = display
        self.root = root
        display.root_group = root
        self.width = display.width
        self.height = display.height
        self.awake = True
        self._contrast = 255

    def refresh(self):
        if not self.awake:
            return False
        self.raw.refresh()
        return True

    def redraw(self):
        # displayio refreshes everything once the root group is set anew
        # (CircuitPython's and Blinka's set_root_group: full_refresh); set
        # to the same group it does nothing, hence None first
        self.raw.root_group = None
        self.raw.root_group = self.root

    def sleep(self):
        if self.awake:
            self.raw.sleep()
            self.awake = False

    def wake(self):
        if not self.awake:
            self.raw.wake()
            self.awake = True

    @property
    def contrast(self):
        return self._contrast

    @contrast.setter
    def contrast(self, value):
        value = max(0, min(255, int(value)))
        self._contrast = value
        self.raw.brightness = value / 255

    @property
    def rotation(self):
        return self.raw.rotation

    @rotation.setter
    def rotation(self, value):
        if value not in (0, 180):
            raise ValueError("rotation must be 0 or 180")
        if value != self.raw.rotation:
            self.raw.rotation = value
            self.redraw()
