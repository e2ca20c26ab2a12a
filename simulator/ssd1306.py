"""An emulated SSD1306 controller behind a fake ``busio.I2C``.

The simulator drives the *real* ``adafruit_displayio_ssd1306.SSD1306`` driver
through Blinka's ``i2cdisplaybus.I2CDisplayBus``. The bus writes land here,
are parsed the way the SSD1306 datasheet describes (control byte Co/D-C,
command parameters, horizontal/vertical/page addressing) into a 1024-byte
GDDRAM, and every byte is counted. So the frame the simulator shows and the
byte counts it reports are the ones a real panel would receive.

GDDRAM layout (``ram``): 8 pages of 128 columns, byte ``page * 128 + x``
holds pixels ``(x, page*8 .. page*8+7)``, bit 0 at the top. This is also the
format of the raw 1024-byte frames the simulator writes.
"""

WIDTH = 128
HEIGHT = 64
PAGES = HEIGHT // 8

# Number of parameter bytes that follow each multi-byte command.
_PARAMS = {
    0x20: 1,  # memory addressing mode
    0x21: 2,  # column address
    0x22: 2,  # page address
    0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5,  # scrolling set-up
    0x81: 1,  # contrast
    0x8D: 1,  # charge pump
    0xA3: 2,  # vertical scroll area
    0xA8: 1,  # multiplex ratio
    0xAD: 1,  # internal IREF (72x40 panels)
    0xD3: 1,  # display offset
    0xD5: 1,  # clock divide
    0xD9: 1,  # pre-charge
    0xDA: 1,  # COM pins
    0xDB: 1,  # VCOMH
}


class SSD1306Emulator:
    """State of one SSD1306: GDDRAM, address pointers and display flags."""

    def __init__(self, address=0x3C):
        self.address = address
        self.ram = bytearray(WIDTH * PAGES)
        self.on = False          # 0xAF / 0xAE
        self.contrast = 0x7F     # reset value
        self.inverted = False    # 0xA7
        self.all_on = False      # 0xA5
        self.mode = 2            # page addressing after reset
        self.col_start, self.col_end = 0, WIDTH - 1
        self.page_start, self.page_end = 0, PAGES - 1
        self.col = 0
        self.page = 0
        self._cmd = None
        self._params = bytearray()
        # counters
        self.transactions = 0
        self.bytes_written = 0      # payload bytes (control + command + data)
        self.data_bytes = 0         # GDDRAM bytes
        self.commands = []          # recent command log (cleared by reset_stats)
        self.ram_writes = 0         # bumped whenever a GDDRAM byte changes value
        self.state_changes = 0      # bumped when on/contrast/invert change

    # -- counters -----------------------------------------------------
    def stats(self):
        return (self.transactions, self.bytes_written, self.data_bytes)

    # -- bus side -----------------------------------------------------
    def write(self, buf):
        """One I2C write transaction addressed to this device."""
        self.transactions += 1
        n = len(buf)
        self.bytes_written += n
        i = 0
        while i < n:
            control = buf[i]
            i += 1
            is_data = bool(control & 0x40)
            if control & 0x80:  # Co = 1: exactly one byte, then another control byte
                if i < n:
                    self._byte(buf[i], is_data)
                i += 1
            else:               # Co = 0: the rest of the transaction is one stream
                while i < n:
                    self._byte(buf[i], is_data)
                    i += 1

    def _byte(self, b, is_data):
        if is_data:
            self._data(b)
        else:
            self._command_byte(b)

    def _data(self, b):
        self.data_bytes += 1
        idx = self.page * WIDTH + self.col
        if 0 <= idx < len(self.ram) and self.ram[idx] != b:
            self.ram[idx] = b
            self.ram_writes += 1
        if self.mode == 0:      # horizontal
            self.col += 1
            if self.col > self.col_end:
                self.col = self.col_start
                self.page += 1
                if self.page > self.page_end:
                    self.page = self.page_start
        elif self.mode == 1:    # vertical
            self.page += 1
            if self.page > self.page_end:
                self.page = self.page_start
                self.col += 1
                if self.col > self.col_end:
                    self.col = self.col_start
        else:                   # page mode: column wraps within the page
            self.col = (self.col + 1) % WIDTH

    def _command_byte(self, b):
        if self._cmd is not None:
            self._params.append(b)
            if len(self._params) >= _PARAMS[self._cmd]:
                cmd, self._cmd = self._cmd, None
                self._command(cmd, bytes(self._params))
            return
        if b in _PARAMS:
            self._cmd = b
            self._params = bytearray()
            return
        self._command(b, b"")

    def _command(self, cmd, p):
        self.commands.append(cmd)
        if cmd == 0xAE or cmd == 0xAF:
            on = cmd == 0xAF
            if on != self.on:
                self.on = on
                self.state_changes += 1
        elif cmd == 0x81:
            if p[0] != self.contrast:
                self.contrast = p[0]
                self.state_changes += 1
        elif cmd == 0xA6 or cmd == 0xA7:
            inv = cmd == 0xA7
            if inv != self.inverted:
                self.inverted = inv
                self.state_changes += 1
        elif cmd == 0xA4 or cmd == 0xA5:
            self.all_on = cmd == 0xA5
            self.state_changes += 1
        elif cmd == 0x20:
            self.mode = p[0] & 3
        elif cmd == 0x21:
            self.col_start = p[0] & 0x7F
            self.col_end = p[1] & 0x7F
            self.col = self.col_start
        elif cmd == 0x22:
            self.page_start = p[0] & 7
            self.page_end = p[1] & 7
            self.page = self.page_start
        elif 0xB0 <= cmd <= 0xB7:
            self.page = cmd & 7
        elif cmd <= 0x0F:
            self.col = (self.col & 0xF0) | cmd
        elif 0x10 <= cmd <= 0x1F:
            self.col = (self.col & 0x0F) | ((cmd & 0x0F) << 4)
        # other commands (remap, multiplex, timing, scroll) keep no state we show

    # -- pixels -------------------------------------------------------
    def pixel(self, x, y):
        """1 when the pixel at (x, y) is lit on the glass (display on, inversion applied)."""
        if not self.on:
            return 0
        if self.all_on:
            return 1
        bit = (self.ram[(y >> 3) * WIDTH + x] >> (y & 7)) & 1
        return bit ^ 1 if self.inverted else bit

    def frame(self):
        """The GDDRAM as 1024 bytes (the raw frame format)."""
        return bytes(self.ram)


class EmulatedI2C:
    """Enough of ``busio.I2C`` for ``i2cdisplaybus.I2CDisplayBus``.

    ``devices`` maps addresses to emulators; a write to any other address
    raises ``OSError(errno 19)`` like a NACK on CircuitPython (ENODEV).
    """

    def __init__(self, devices):
        self.devices = devices
        self._locked = False
        self.deinited = False

    def try_lock(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def scan(self):
        return sorted(self.devices)

    def writeto(self, address, buffer, *, start=0, end=None):
        dev = self.devices.get(address)
        if dev is None:
            raise OSError(19, "No such device")
        if end is None:
            end = len(buffer)
        dev.write(memoryview(buffer)[start:end])

    def deinit(self):
        self.deinited = True
