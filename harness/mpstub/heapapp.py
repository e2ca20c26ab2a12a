"""The board every VM run of the device app uses (tools/heap.py,
tools/bench_device.py, harness/reload.py, the VM tests): scripted buttons, a
tick clock, and ``open_board()``, the HAL a board opens: hal.circuitpython's
``open_hal`` with the real adafruit_displayio_ssd1306 driver (compiled with
mpy-cross, as on the board) over stand-ins for the modules CircuitPython
builds in (board, busio, keypad, microcontroller, supervisor, busdisplay,
i2cdisplaybus), each object sized as CircuitPython allocates it
(docs/performance.md, "The board's heap")."""
import gc
import json


class Stop(BaseException):
    """Ends a stretch of the app's loop (from idle); a BaseException, so the
    app's recovery from errors it did not expect lets it through."""


class Keys:
    def __init__(self):
        self.q = []

    def get_into(self, ev):
        if not self.q:
            return False
        ev.key_number, ev.pressed = self.q.pop(0)
        if on_key is not None:
            on_key(ev.key_number, ev.pressed)
        return True


class Time:
    """The harness's milliseconds: idle() advances them, the clocks read them."""

    def __init__(self):
        self.now = 0


keys = Keys()
clock = Time()
budget = [0]


def idle(ms):
    if on_idle is not None:
        on_idle(True)       # a loop turn's work ends here
    clock.now += ms
    budget[0] -= 1
    if budget[0] <= 0:
        raise Stop()
    if not keys.q and policy is not None:
        policy()
    if on_idle is not None:
        on_idle(False)      # the next turn's begins


policy = None
h = None
# tools/bench_device.py: called when a key event is handed to the app
# (key number, pressed) and when the board's display is asked to refresh
on_key = None
on_refresh = None
on_idle = None      # called as a loop turn ends (True: the app's idle begins) and as the next begins (False)


# -- the modules CircuitPython builds in, for hal.circuitpython.open_hal -------
# Each object created after start carries a bytearray that makes its VM cost
# CircuitPython's (figures from the C structs of CircuitPython 10, 16-byte
# blocks): busio.I2C 64 bytes, busio.UART 64 and its receive buffer, keypad.Keys with 6 keys and 16 events 384
# (the object, 6 DigitalInOut, the pressed arrays, the event queue's ring
# buffer), keypad.Event 32, pwmio.PWMOut 32, analogio.AnalogIn 16. The display and its bus live in CircuitPython's
# static display slots, not on the heap: the SSD1306 object is a Python
# subclass instance pointing at one (what the VM allocates for it).

class _Pins:
    board_id = "raspberry_pi_pico"

    def __getattr__(self, name):
        return name


class _I2C:
    def __init__(self, scl, sda, frequency=400000):
        self._c = bytearray(64 - 48)

    def try_lock(self):
        return True

    def unlock(self):
        pass

    def scan(self):
        return [0x3C]


class _Keys:
    def __init__(self, pins, value_when_pressed=False, pull=True, interval=0.02, max_events=64):
        self._c = bytearray(384 - 64)
        self.events = keys      # the scripted presses


class _Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed


class _PWMOut:
    # pwmio.PWMOut: 32 bytes on CircuitPython
    def __init__(self, pin, frequency=500, duty_cycle=0, variable_frequency=False):
        self.frequency = frequency
        self.duty_cycle = duty_cycle


class _AnalogIn:
    # analogio.AnalogIn: 16 bytes on CircuitPython
    reference_voltage = 3.3
    value = 40000

    def __init__(self, pin):
        pass


class _Pwmio:
    PWMOut = _PWMOut


class _Analogio:
    AnalogIn = _AnalogIn


class _Keypad:
    Keys = _Keys
    Event = _Event


class _UART:
    # busio.UART on an RP2040: the object (about 64 bytes) and its receive
    # ring buffer (receiver_buffer_size bytes), both on the heap
    in_waiting = 0

    def __init__(self, tx, rx, baudrate=9600, timeout=1, receiver_buffer_size=64):
        self._c = bytearray(64 + receiver_buffer_size - 48)

    def write(self, buf):
        pass

    def readinto(self, buf):
        return 0

    def deinit(self):
        pass


class _Busio:
    I2C = _I2C
    UART = _UART


class _Micro:
    nvm = bytearray(b"\xff" * 4096)  # erased flash; on a board outside the heap: made before the "bare" reading


class _Supervisor:
    # the VM's os has no getenv (CircuitPython's reads settings.toml): no settings
    @staticmethod
    def get_setting(key, default=None):
        return default

    @staticmethod
    def ticks_ms():
        return clock.now & 0x1FFFFFFF


def init_wait_ms(seq):
    """The ms busdisplay.BusDisplay waits while it sends init sequence seq
    (CircuitPython 10.2.1, shared-module/busdisplay/BusDisplay.c: 10 ms
    after a command without the DELAY flag 0x80 on its length, else the
    byte after its data; 255 means 500)."""
    i = 0
    ms = 0
    n = len(seq)
    while i < n:
        size = seq[i + 1]
        if size & 0x80:
            size &= 0x7F
            d = seq[i + 2 + size]
            ms += 500 if d == 255 else d
            i += 3 + size
        else:
            ms += 10
            i += 2 + size
    return ms


def init_wire_bytes(seq):
    """The bytes busdisplay.BusDisplay puts on I2C sending init sequence seq
    to an SSD1306 (CircuitPython 10.2.1: data_as_commands, so a command and
    its data go as one write of commands; i2cdisplaybus sends each byte of a
    command write after a 0x80 control byte): a write a command, its
    address byte and two bytes for each of the command's."""
    i = 0
    n = len(seq)
    total = 0
    while i < n:
        size = seq[i + 1]
        delay = 1 if size & 0x80 else 0
        size &= 0x7F
        total += 1 + 2 * (1 + size)
        i += 2 + size + delay
    return total


init_ms = [0]       # init_wait_ms of the last display made (the model's, not timed)
init_bytes = [0]    # init_wire_bytes of it


class BusDisplay:
    def __init__(self, bus, init_sequence, width=128, height=64, rotation=0,
                 auto_refresh=True, **kwargs):
        init_ms[0] = init_wait_ms(init_sequence)
        init_bytes[0] = init_wire_bytes(init_sequence)
        self.bus = bus      # the driver's sleep() and wake() send over it
        self.width = width
        self.height = height
        self.rotation = rotation
        self.root_group = None
        self.brightness = 1.0
        self.refreshes = 0

    def refresh(self, target_frames_per_second=60, minimum_frames_per_second=0):
        self.refreshes += 1
        if on_refresh is not None:
            on_refresh()
        return True

    def sleep(self):
        pass

    def wake(self):
        pass


class _BusDisplayModule:
    BusDisplay = BusDisplay


class _I2CDisplayBus:
    def __init__(self, i2c, device_address=0x3C):
        pass

    def send(self, command, data):
        pass


class _I2CDisplayBusModule:
    I2CDisplayBus = _I2CDisplayBus


def install_board():
    """Put the stand-ins where ``import board`` etc. find them."""
    import sys
    sys.modules["board"] = _Pins()
    sys.modules["busio"] = _Busio
    sys.modules["keypad"] = _Keypad
    sys.modules["microcontroller"] = _Micro
    sys.modules["supervisor"] = _Supervisor
    sys.modules["busdisplay"] = _BusDisplayModule
    sys.modules["i2cdisplaybus"] = _I2CDisplayBusModule
    sys.modules["pwmio"] = _Pwmio
    sys.modules["analogio"] = _Analogio


def open_board():
    """The HAL as hal.get() opens it on a Pico (after install_board())."""
    global h
    from hal.circuitpython import open_hal
    h = open_hal()
    h._idle = idle
    return h
app = None


def run_for(n):
    """Run the app (``app``) for n loop turns, the budget idle() counts down."""
    budget[0] = n
    try:
        app.run()
    except Stop:
        pass


def tap(b):
    keys.q.append((b, True))
    keys.q.append((b, False))


def lcg(x):
    """The next of a 30-bit LCG: the same numbers on CPython and the VM."""
    return (x * 1103515245 + 12345) & 0x3FFFFFFF


def stretches(per, pick, row, setup=None, names=False):
    """A VM script's step(i) (harness/mpvm.py run's steps) for a run of the
    app over a board (install_board() done): step 0 opens the board's HAL,
    makes the app (setup(app) after) and hands pick the presses; every
    later step prints row(app) (the heap just collected: the VM collects
    between steps only) and runs the app for per loop turns. names: step 0
    first prints the heap before the HAL (a "start" row: the VM, the
    stand-ins and the script), and every row is followed by
    micropython.qstr_info()'s line (tools/heap.py puts a board's pools of
    names in the VM's)."""
    def step(i):
        global app, policy
        if i == 0:
            if names:
                print(json.dumps({"start": 1, "alloc": gc.mem_alloc()}))
                import micropython
                micropython.qstr_info()
            from device.app import App
            app = App(open_board())
            if setup is not None:
                setup(app)
            policy = pick
        else:
            alloc = gc.mem_alloc()
            free = gc.mem_free()
            r = row(app)
            r["step"] = i
            r["alloc"] = alloc
            r["free"] = free
            print(json.dumps(r))
            if names:
                import micropython
                micropython.qstr_info()
            run_for(per)
        gc.collect()
    return step
