"""The device app's start-up and response as a board sees them, on the
MicroPython VM (tools/bench.py prints them; docs/performance.md, "Start-up
and response").

    python -m tools.bench_device     # these figures only, with their own calibration

The app runs on the VM the way a Pico runs it (the board model of
``tools/heap.py --board``): core, hal and device compiled by mpy-cross and
loaded as .mpy, the SSD1306 driver from /lib, ``hal.circuitpython.open_hal``
over harness/mpstub's stand-ins. Times are read with the JavaScript clock
(``js.performance.now()``, microseconds; the VM's own ticks count whole
milliseconds). The displayio stand-in draws nothing: what a board's
displayio does in C at a refresh (render the changed areas, send them over
I2C) is not in the VM time. The I2C part is added: the same game is played
again on CPython in the simulator, whose SSD1306 emulator counts the bytes
each refresh puts on the wire (payload and one address byte a write), and
each refresh is charged bytes x 9 bits / 400 kHz (8 data bits and an ACK a
byte; start and stop conditions left out). The rest of a board's press to
frame is modelled: keypad's scan, the loop's idle, displayio's rendering
(by the bytes, at the firmware's whole-frame figure); the AI's decisions
are held to the search's deadline (the tables' note, docs/performance.md).
Five games: hard with 2 players (the presses, start-up), expert and
master with 2 and with 4 (the decisions).
"""
import bisect
import os
import statistics
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MPSTUB = os.path.join(REPO, "harness", "mpstub")

from tools.calibrate import CIRCUITPYTHON_SLOWER, rp2040_factor  # noqa: E402
from tools.heap import BOARD_HEAD, BOARD_HEAP_KB, MEASURED, vm_trees  # noqa: E402

I2C_HZ = 400000
# an nvm write on an RP2040: its 4 KB sector erased and programmed again with
# interrupts off; W25Q16JV (the Pico's flash) datasheet: sector erase 45 ms
# typical (400 ms most), page program 0.4 ms typical (3 ms most) for 256 bytes
FLASH_WRITE_MS = 45 + 16 * 0.4
# a record into an erased slot of the save's log: one page programmed, no
# erase (CircuitPython's nvm writes 0xFF bytes that way: device/save.py place)
FLASH_PROGRAM_MS = 0.4
# a game write's stage that holds the flash, by what respond.Recorder saw it
# write over: a page programmed, or the sector erased ("write": the save's
# log come round)
_FLASH_MS = {"write": FLASH_WRITE_MS, "program": FLASH_PROGRAM_MS}
BITS_PER_BYTE = 9               # 8 data bits and the ACK
LEVEL = "hard"
SEED = 12345                    # h.seed: the game dealt
PER = 50                        # loop turns a VM step: the VM collects its heap between steps only
STEPS = 4000                    # VM steps of the game at most; a game to the default target takes fewer
STARTS = 5                      # timed start-ups (the median is taken)

# the VM script (the board model, the JavaScript clock, the start-up counted
# by part, the game's hooks and steps)
SCRIPT = BOARD_HEAD + r"""
import js
import respond
_perf = js.performance


def ms():
    return _perf.now()

APP = ("core", "hal", "device", "adafruit_displayio_ssd1306")     # the modules a board loads from its drive


# the VM's heap before its first `import hal`: a board's at code.py start
# (tools.heap MEASURED); later start-ups leave names interned above it
BASE = [0]


def start_files(key="files", after=None):
    # the start-up counted by part, as the tasks of five steps (not timed:
    # the hooks cost VM time): the modules imported (each a file a board's
    # file system finds and reads, then a collection of the heap:
    # py/builtinimport.c), the live heap at each (bytes above the heap
    # before `import hal`, summed) and the settings.toml reads (CircuitPython
    # parses the file again at each). This VM collects only between steps,
    # so each part runs in a step of its own: the heap read at the next
    # step's start is the part's live heap, and the readings at its imports
    # (live and garbage) are scaled to it. The counts do not change from
    # one start-up to the next. Unlike count_imports it counts the app's
    # modules only: the stand-ins of CircuitPython's own modules (busio,
    # displayio, keypad: a board's ROM) are first imported here too.
    # after: called once the counts are printed
    import builtins
    import supervisor
    seen = set(sys.modules)
    n = [0, 0]          # modules, settings reads
    imp = builtins.__import__
    get = supervisor.get_setting
    parts = {}
    # the part: its name, modules and reads at its start, the heap at its
    # start, its imports' growth over that heap summed, their modules, the
    # heap at its end (in its step), the heap before this start-up's
    # `import hal` (a later start-up's readings are taken above its own:
    # the names an earlier one interned stay in the heap)
    cur = [None, 0, 0, 0, 0, 0, 0, 0]

    def counted_import(name, *args):
        r = imp(name, *args)
        new = 0
        for m in sys.modules:
            if m not in seen:
                seen.add(m)
                if m.split(".")[0] in APP:
                    new += 1
        if new:
            n[0] += new
            cur[4] += new * (gc.mem_alloc() - cur[3])
            cur[5] += new
        return r

    def counted_get(key, default=None):
        n[1] += 1
        return get(key, default)

    def part(name):
        # at a step's start: the heap was just collected
        live = gc.mem_alloc()
        if not BASE[0]:
            BASE[0] = live
        if cur[0] is not None:
            grown = cur[6] - cur[3]
            scale = (live - cur[3]) / grown if grown > 0 else 1.0
            parts[cur[0]] = [n[0] - cur[1], n[1] - cur[2], int(cur[5] * (cur[3] - cur[7]) + cur[4] * max(0.0, scale))]
        cur[:] = [name, n[0], n[1], live, 0, 0, 0, cur[7] or live]

    def ended():
        cur[6] = gc.mem_alloc()

    def task(name, fn):
        def run():
            if name == "import_hal":
                builtins.__import__ = counted_import
                supervisor.get_setting = counted_get
                H.clock.now = 0
            part(name)
            fn()
            ended()
        return run

    def t_done():
        part(None)
        builtins.__import__ = imp
        supervisor.get_setting = get
        print(json.dumps({key: parts}))
        if after is not None:
            after()
    return [task(name, fn) for name, fn in PARTS] + [t_done]

R = respond.Recorder(ms, LEVEL_NAME, players=PLAYERS)


def watch_jobs(cls):
    # each step of a DecideJob (not a hint's) timed: its first begins the
    # search, the others step it (the AI is made with the game: none loads
    # it); a decision's row: measure()'s "decisions"
    step = cls.step
    cur = [None]

    def timed(self, now):
        p = self.play
        if p.hinting:
            return step(self, now)
        s = p.sess
        first = not self.begun
        f0, l0 = IMPORTS
        t = ms()
        r = step(self, now)
        d = ms() - t
        if first:
            cur[0] = {"begin": d, "steps": [], "files": 0, "live": 0}
        else:
            cur[0]["steps"].append(d)
        c = cur[0]
        c["files"] += IMPORTS[0] - f0
        c["live"] += IMPORTS[1] - l0
        a = s.ai if s.ai is not None else s.hint_ai
        c["deadline"] = a.search.deadline
        c["spent"] = a.search.spent + (a.search.nodes if a.search.depth_left[0] else 0)
        if r:                           # decided: its play on show in the next refresh
            c["frame"] = R.frames
            print(json.dumps({"decision": c}))
        return r
    cls.step = timed


def watch_decisions(app):
    # every AI decision (not the hints), each step of its DecideJob timed
    # (watch_jobs); the controller is watched once the first game makes it
    # (App.game_on)
    if app.play is None:
        game_on = app.game_on

        def made():
            game_on()
            app.game_on = game_on
            watch_decisions(app)
        app.game_on = made
        return
    import device.play as PLAY
    watch_jobs(PLAY.DecideJob)
H.on_key = R.key
H.on_refresh = R.frame
H.on_idle = R.turn
gc.collect()

def _import_hal():
    import hal


def _import_app():
    from device.app import main


def _draw():
    H.h.seed = SEED
    from device.app import App
    H.app = App(H.h)
    respond.run_for(1)


# what code.py does, by part: import the app, hal.get(), then main(h): the
# app's scene and its main menu, to the loop's first refresh
PARTS = (("import_hal", _import_hal), ("import_app", _import_app), ("hal", H.open_board), ("draw", _draw))


def start():
    # each part timed (the draw to its refresh), and the panel's init
    # sequence: what busdisplay waits and sends (not VM time)
    H.clock.now = 0
    R.frames = 0
    row = {"init_wait": 0, "init_bytes": 0}
    for name, fn in PARTS:
        t = ms()
        fn()
        row[name] = (R.last if name == "draw" else ms()) - t
    row["init_wait"] = H.init_ms[0]
    row["init_bytes"] = H.init_bytes[0]
    return row

# from the game on: modules imported (count_imports; a file each on a
# board) and the live heap at each (bytes above BASE, summed)
IMPORTS = [0, 0]
STEP_LIVE = [0]     # the heap at this step's start, just collected (the VM collects between steps only)
ALLOCS = []         # from the game on: [the heap at a step's start, at its end, [the heap at each import]]


def count_imports():
    # from the game on (not the timed start-ups): the modules each import
    # statement loads, counted once (a nested statement counts its own).
    # CircuitPython collects the heap after every module it loads from the
    # drive (py/builtinimport.c); this VM never collects while Python runs,
    # only between the script's steps, so the live heap at an import is
    # read as the heap at its step's start (low by what the step loaded
    # before it: an AI's modules, 13 KB at most). The heap at each import
    # goes to ALLOCS too: what a board allocates between two collections.
    # A statement of a module already loaded costs the hook about 1 us of
    # VM time (a function's `from core.state import BASRA`: 1.2 us plain,
    # 2.2 hooked), 0.04 ms on a board's scale, left in the figures
    import builtins
    imp = builtins.__import__
    mods = sys.modules

    def counted(name, *args):
        n = len(mods)
        k0 = IMPORTS[0]
        r = imp(name, *args)
        k = len(mods) - n - (IMPORTS[0] - k0)
        if k > 0:
            IMPORTS[0] += k
            IMPORTS[1] += k * (STEP_LIVE[0] - BASE[0])
            if ALLOCS:
                ALLOCS[-1][2].append(gc.mem_alloc())
        return r
    builtins.__import__ = counted
    R.files = lambda: IMPORTS



SNAP = [None]           # the nvm with a game saved mid-hand (the start-ups after the game)
SNAP_PLAYS = 24         # the saved hand's plays at least (two players: 48 a hand)


def snap_saves(app):
    # keep the nvm as the first game write of a hand SNAP_PLAYS plays in
    # left it (outside the write's timing: R.watch_saves's is inside)
    store = app.store
    flush = store.flush

    def flushed():
        r = flush()
        sv = app.saved
        if SNAP[0] is None and sv is not None and len(sv.plays) >= SNAP_PLAYS:
            SNAP[0] = bytes(H._Micro.nvm)
        return r
    store.flush = flushed

def forget():
    # as after a reset: the app's modules go, to be loaded again
    H.app = None
    for name in list(sys.modules):
        if name.split(".")[0] in APP:
            del sys.modules[name]

QUEUE = []          # what the next steps do, a task a step; the game's steps once it is empty
GAME = [0]          # the game's steps so far


def calibrate():
    # the calibration loop, in this VM: at the start it also lets the VM's
    # WebAssembly reach its optimised code before anything is timed
    if CALIBRATE:
        from tools.calibrate import prime_loop_seconds
        print(json.dumps({"calibration": prime_loop_seconds()[0]}))


def timed_start(last=False, saved=False):
    def task():
        row = start()
        if saved:
            row["saved"] = H.app.saved is not None and len(H.app.saved.plays)
        print(json.dumps(row))
        if not last:
            forget()
            return
        R.watch_saves(H.app)
        snap_saves(H.app)
        watch_decisions(H.app)
        count_imports()
        H.policy = R.policy
    return task


def flush():
    # what the game's step recorded, printed and let go: kept in the VM,
    # it would be read as the app's live heap at the next imports
    print(json.dumps({"chunk": [R.presses, R.saves, R.press_files, ALLOCS, R.turns]}))
    R.turns = []
    R.presses = []
    R.saves = []
    R.press_files = []
    ALLOCS[:] = []


def game_over():
    print(json.dumps({"frames": R.frames, "done": R.done, "base": BASE[0]}))
    H.policy = None
    if SNAP[0] is None:
        QUEUE.append(calibrate)
        return
    # start-up with a game saved (the nvm of the game's mid-hand): the load
    # replays the saved hand before the main menu offers Continue; the
    # first not timed, as before: counted

    def saved_nvm():
        forget()
        H._Micro.nvm[:] = SNAP[0]
    saved_nvm()
    tasks = start_files("files_saved", after=saved_nvm)
    for k in range(STARTS):
        tasks.append(timed_start(saved=True))
        if k < STARTS - 1:
            tasks.append(saved_nvm)
    # the loop again after the game: the machine's load changes during a run
    QUEUE.extend(tasks + [calibrate])


def step(i):
    STEP_LIVE[0] = gc.mem_alloc()
    if i == 0:
        calibrate()
        # once, not timed: the VM's start-up paths warm up
        QUEUE.extend(start_files(after=forget))
        QUEUE.extend(timed_start(last=k == STARTS - 1) for k in range(STARTS))
    elif QUEUE:
        QUEUE.pop(0)()
    elif GAME[0] < GAME_STEPS:
        GAME[0] += 1
        ALLOCS.append([STEP_LIVE[0], 0, []])
        if not R.done:
            respond.run_for(PER)
        ALLOCS[-1][1] = gc.mem_alloc()
        flush()
        if R.done or GAME[0] == GAME_STEPS:
            GAME[0] = GAME_STEPS
            game_over()
"""


_NOT_VM_TIME = ("init_wait", "init_bytes", "saved")     # start()'s figures that are not the VM's ms


def vm_run(level=LEVEL, seed=SEED, per=PER, steps=STEPS, calibrate=True, players=2):
    """The game on the VM: (the calibration loop's seconds in that VM, the
    mean of a run before the start-ups and one after the game; None unless
    calibrate), the
    start-up figures (VM ms, the median of STARTS start-ups after one
    not timed), the game row as the script prints it)."""
    sys.path.insert(0, REPO)
    from harness import mpvm
    head = "LEVEL_NAME = %r\nSEED = %d\nPER = %d\nSTARTS = %d\nGAME_STEPS = %d\nCALIBRATE = %r\nPLAYERS = %d\n" % (
        level, seed, per, STARTS, steps, calibrate, players)
    with vm_trees(True, libs=True) as trees:
        # the steps: the calibration, the counted start-up (5), the timed
        # ones, the game, then the counted and timed start-ups with a game
        # saved and the calibration again (the game's unused steps do nothing)
        rows = mpvm.run_json(head + SCRIPT, trees=trees + ["tools"], steps=steps + 3 * STARTS + 11, mpy=True,
                             timeout=900)
    loops = [r["calibration"] for r in rows if "calibration" in r]
    loop = sum(loops) / len(loops) if loops else None
    starts = [r for r in rows if "import_hal" in r and "saved" not in r]
    start = {k: statistics.median(r[k] for r in starts) for k in starts[0]}
    saved = [r for r in rows if "saved" in r]
    game = [r for r in rows if "done" in r][0]
    chunks = [r["chunk"] for r in rows if "chunk" in r]
    for i, key in enumerate(("presses", "saves", "press_files", "allocs", "turns")):
        game[key] = [x for c in chunks for x in c[i]]
    game["start_saved"] = {k: statistics.median(r[k] for r in saved) for k in saved[0]} if saved else None
    game["decisions"] = [r["decision"] for r in rows if "decision" in r]
    game["files"] = [r["files"] for r in rows if "files" in r][0]
    game["files_saved"] = ([r["files_saved"] for r in rows if "files_saved" in r] or [None])[0]
    return loop, start, game


def cpython_run(level=LEVEL, seed=SEED, per=PER, steps=STEPS, players=2):
    """The same game on CPython in the simulator: (recorder, bytes on the
    wire of each refresh, in order)."""
    import importlib
    import time

    import hal
    from hal.buttons import Buttons
    from hal.clock import Clock
    from hal.storage import ByteStore
    from simulator.sim import Simulator, quiet_blinka_import
    quiet_blinka_import()
    if MPSTUB not in sys.path:
        sys.path.append(MPSTUB)   # after the venv: Blinka's displayio, not the stand-in
    import heapapp as H
    import respond
    H = importlib.reload(H)       # fresh keys, clock and hooks
    respond = importlib.reload(respond)
    sim = Simulator(seed=seed, buttons=6)
    # the simulator's display (it counts the bytes) over heapapp's keys,
    # clock and idle, as on the VM
    clock = Clock(lambda: H.clock.now & 0x1FFFFFFF)
    h = hal.Hal(sim.display, Buttons(H.keys, (0, 1, 2, 3, 4, 5), clock), clock, ByteStore(bytearray(4096)),
                seed=seed, name="mpvm", idle=H.idle)
    R = respond.Recorder(lambda: time.perf_counter() * 1000, level, players=players)
    sim.on_refresh = lambda r: R.frame()
    H.on_key = R.key
    from device.app import App
    H.app = App(h)
    respond.run_for(1)
    R.watch_saves(H.app)
    H.policy = R.policy
    for _ in range(steps - 1):
        if R.done:
            break
        respond.run_for(per)
    H.on_key = None
    H.policy = None
    return R, [r.wire_bytes for r in sim.refreshes]


def i2c_ms(nbytes):
    """The time nbytes take on a 400 kHz I2C bus, 9 bit times a byte."""
    return 1000.0 * nbytes * BITS_PER_BYTE / I2C_HZ


def measure(level=LEVEL, seed=SEED, calibrate=True, players=2, runs=1):
    """Both runs, checked against each other: a dict with "calibration"
    (the VM's loop seconds, tools/calibrate.py), "start" (VM ms of
    the import, hal.get(), the app's first drawing, the loop to its first
    refresh; that refresh's bytes), "presses" ([kind, VM ms, bytes, refresh index,
    the screen that frame shows]),
    "saves" ([VM ms, refreshes before it, a press waiting for its frame,
    modules imported, the live heap at each summed]),
    "decisions" ({"begin": VM ms of the turn beginning the search, "steps":
    VM ms of each of its steps, "deadline": the search's, "spent":
    positions, "frame": the index of its play's frame among the refreshes,
    "bytes": that frame's, "files": modules imported meanwhile, "live": the
    live heap at each summed}),
    "frames", "done".

    runs > 1 (with calibrate): the VM game played that many times, each
    time figure the least of the runs, each run's scaled to the fastest
    run's calibration loop: the work is the same each run, the machine's
    load is not (a shared machine's hiccups land in one run's worst)."""
    loop, start, game = vm_run(level, seed, calibrate=calibrate, players=players)
    for _ in range(runs - 1 if calibrate else 0):
        loop2, start2, game2 = vm_run(level, seed, calibrate=calibrate, players=players)
        a = min(loop, loop2)
        k1, k2 = a / loop, a / loop2

        def least(x, y):
            # a start-up's VM times, each the lesser of the two runs' scaled
            return {k: v if k in _NOT_VM_TIME else min(v * k1, y[k] * k2) for k, v in x.items()}
        start = least(start, start2)
        if game["start_saved"] and game2["start_saved"]:
            game["start_saved"] = least(game["start_saved"], game2["start_saved"])
        for p, q in zip(game["presses"], game2["presses"]):
            p[1] = min(p[1] * k1, q[1] * k2)
        for d, e in zip(game["decisions"], game2["decisions"]):
            d["begin"] = min(d["begin"] * k1, e["begin"] * k2)
            # the same steps in each run (the VM's clock is the loop's own):
            # each step's least, so that a pause of the machine in one run is
            # not read as a step's work; else the run of the lesser total
            x, y = d["steps"], e["steps"]
            if len(x) == len(y):
                d["steps"] = [min(a * k1, b * k2) for a, b in zip(x, y)]
            else:
                d["steps"] = [a * k1 for a in x] if sum(x) * k1 <= sum(y) * k2 else [b * k2 for b in y]
        # the loop's busy stretches: the same in each run, each its least
        t1, t2 = game["turns"], game2["turns"]
        if [t[1:2] + t[3:] for t in t1] != [t[1:2] + t[3:] for t in t2]:    # modules, kind, mode
            raise RuntimeError("the two VM runs made different loop turns")
        for t, u in zip(t1, t2):
            t[0] = min(t[0] * k1, u[0] * k2)
        loop = a
    rec, sent = cpython_run(level, seed, players=players)
    vm_shape = [(k, f, at) for k, _, f, at in game["presses"]]
    cp_shape = [(k, f, at) for k, _, f, at in rec.presses]
    if vm_shape != cp_shape or game["frames"] != len(sent) or game["frames"] != rec.frames:
        raise RuntimeError("the VM and the simulator played different games (%d/%d presses, %d/%d/%d refreshes)"
                           % (len(vm_shape), len(cp_shape), game["frames"], rec.frames, len(sent)))
    saved = game["start_saved"]
    return {
        "start": dict(start, bytes=sent[0]),
        "files": game["files"], "files_saved": game["files_saved"],
        # the same with a game saved mid-hand (its plays: "saved"); its first
        # frame taken as the whole panel's, as the blank store's
        "start_saved": dict(saved, bytes=sent[0]) if saved else None,
        # [kind, VM ms, bytes, refresh index, screen, modules imported, the
        # live heap at each summed (bytes above code.py's start)]
        "presses": [[k, t, sent[f], f, at, n[0], n[1]] for (k, t, f, at), n in zip(game["presses"], game["press_files"])],
        "saves": game["saves"],
        "decisions": [dict(d, bytes=sent[d["frame"]] if d["frame"] < len(sent) else 0) for d in game["decisions"]],
        "level": level,
        "players": players,
        "frames": game["frames"],
        "done": game["done"],
        "calibration": loop,
        # the game's steps: [the heap at its start, at its end, at each
        # import], and the heap before the first `import hal` (VM bytes)
        "allocs": game["allocs"], "base": game["base"],
        # the loop's busy stretches (respond.Recorder.turns): [VM ms,
        # modules imported, the live heap at each summed, its kind, the
        # table's mode, the refreshes made by its end]
        "turns": game["turns"],
    }


# -- the board model: what a person feels, from the button's edge to the
# last I2C byte of the frame (docs/performance.md, "Press to frame") ------------
KEYPAD_INTERVAL_MS = 10     # hal/circuitpython.py: keypad.Keys(interval=0.01): an edge waits for the next scan
# displayio rendering (C, not in the VM time): CircuitPython 10.2.1 firmware
# took 48 ms for the first frame, the whole panel (1040 B on the wire);
# charged by the bytes a refresh sends
RENDER_FULL_MS = 48.0
FULL_FRAME_BYTES = 1040
GRID = 10                   # a press's edge at GRID x GRID points of the scan and idle it lands in
LEVELS_RUN = (("hard", 2), ("expert", 2), ("expert", 4), ("master", 2), ("master", 4))

# CircuitPython 10.2.1 on an emulated RP2040, start-up by part (ms) of the
# code it ran (commit bd674a8): the data the collection fit below was made on
FIRMWARE_START = {"import_hal": 57, "import_app": 194, "hal": 255, "draw": 135}
TARGETS = {
    "play": {"p90": 50, "worst": 100}, "play_hand_end": {"worst": 100},
    "move": {"median": 25, "worst": 50},
    "switch": {"worst": 100},      # every screen switch, read for any press at the table
    "menu": 500,
    "expert": {"median": 1000, "worst": 2000},
    "master": {"median": 2000, "worst": 4000},     # twice the expert's work
}

# the press kinds of the tables: the recorder's kind (respond.KINDS), the
# screen its frame shows (None: any), the row's label, its TARGETS entry
PRESS_KINDS = {
    "play": ("play", None, "a play (A)", "play"),
    "play_table": ("play", "table", "of them: a play the game goes on after", "play"),
    "play_hand_end": ("play", "last", "of them: a hand's last play (its table; the summary follows it)",
                      "play_hand_end"),
    "move": ("move", None, "a cursor move (LEFT/RIGHT)", "move"),
    "skip": ("skip", None, "a key that skips a play on show (an AI's, a BASRA, a hand's last)", "switch"),
    "skip_summary": ("skip", "pages", "of them: to the hand's summary (a whole frame)", "switch"),
    "next": ("next", None, "A on a hand's summary (the next hand's table, a whole frame)", "switch"),
    "game_menu": ("menu", "menu", "B at the table (the game menu, a whole frame)", "switch"),
    "menu_menu": ("menu_key", "menu", "A on a menu to the next menu (New game, a whole frame)", "switch"),
    "menu_table": ("menu_key", "table", "A on a menu to the table (Start, Resume: a whole frame)", "switch"),
}

# What a board does under each module it imports, not in the VM's time:
# finds the file on the drive, reads it, and collects the heap
# (CircuitPython's py/builtinimport.c calls gc_collect() after every module
# it loads: "Loading a module thrashes the heap significantly"), whose mark
# phase reads every live block: so a module costs in proportion to the live
# heap at that moment, GC_MS_PER_KB a KB (the VM's live heap above its heap
# before `import hal`, read as start_files and count_imports say, plus a
# board's heap at code.py start, tools.heap MEASURED). And a settings.toml
# read: CircuitPython parses the file again at each call. Fitted to the
# firmware figures above (FIRMWARE_START) against this model run on the
# code the firmware ran (commit bd674a8: its own bench, the mean of three
# runs, for the Python; the counts from this tool's --start-counts on a
# worktree of it, at commit 27659bd), the largest relative error least: importing hal
# and the app (221 ms of Python, 24 modules, 549 KB summed) 261 against 251
# (+4.1%), the scene and menu (88 ms, 9 modules, 568 KB) 130 against 135
# (-4.1%), hal.get() (65 ms and busdisplay's 130 ms of init waits, 10
# modules, 530 KB, 19 settings reads) 255 against 255. A cost a file on its
# own fits at -1 ms (none): the file system is lost in the collections. A
# collection of a game's 72-85 KB: 5.3-6.2 ms. docs/performance.md,
# "Start-up".
GC_MS_PER_KB = 0.0731
FS_SETTING_MS = 1.12


def board_start_kb():
    return MEASURED[0][2]


def import_ms(modules, live_bytes):
    """A board's ms under the imports of modules modules, the live heap at
    each summed (bytes above the heap at code.py start): a collection each."""
    return (live_bytes / 1024.0 + modules * board_start_kb()) * GC_MS_PER_KB


def collections(m):
    """The collections a board makes in the game besides its imports' (the
    heap full: CircuitPython collects when an allocation finds no room),
    from the VM's game steps: each step starts with the heap just collected
    (the VM collects between steps only) and reads the heap at each
    import, so what the app allocates between two of a board's collections
    is known. A board's free heap: tools.heap BOARD_HEAP_KB less the live
    heap at the step's start. Returns (collections, the most allocated
    between two collections in KB, the least free heap in KB, the longest
    of those collections in ms: import_ms's rate, by the live heap at its
    step's start; the turn it lands in is that much longer)."""
    base = m["base"]
    since = 0           # bytes allocated since the last collection
    most = 0
    auto = 0
    cost = 0.0
    least = BOARD_HEAP_KB * 1024
    for start, end, marks in m["allocs"]:
        live = start - base + board_start_kb() * 1024
        free = BOARD_HEAP_KB * 1024 - live
        least = min(least, free)
        at = start
        for k, r in enumerate(marks + [end]):
            since += r - at
            at = r
            while since > free:     # the heap full: collected, what is live stays
                auto += 1
                since -= free
                cost = max(cost, import_ms(1, start - base))    # one collection, as an import's
            most = max(most, since)
            if k < len(marks):
                since = 0           # an import's collection
    return auto, most / 1024.0, least / 1024.0, cost


def board_factor(m):
    """A measured game's VM ms to a board's: the RP2040 factor of its own
    calibration loop x CircuitPython's (tools/calibrate.py)."""
    return rp2040_factor(m["calibration"]) * CIRCUITPYTHON_SLOWER


def render_ms(nbytes):
    """displayio's rendering of a refresh of nbytes on the wire (the firmware's
    whole-frame figure, by the bytes)."""
    return RENDER_FULL_MS * nbytes / FULL_FRAME_BYTES


def pct(values, q):
    v = sorted(values)
    return v[min(len(v) - 1, int(q * len(v)))]


def press_model(m, f, idle_ms):
    """The press-to-frame distribution by kind on a board: f the VM's factor
    (RP2040 x CircuitPython), idle_ms the most a press waits for the loop
    to notice it (the idle's slice). Each press's edge lands at GRID x GRID
    points of a keypad scan and of that wait."""
    out = {}
    offs = [(k + 0.5) / GRID for k in range(GRID)]
    for kind, (key, shows, _, _) in PRESS_KINDS.items():
        # Python: the VM's time scaled, and a collection under each of its imports
        rows = [(t * f + import_ms(n, live), b) for k, t, b, _, at, n, live in m["presses"]
                if k == key and shows in (None, at)]
        if not rows:
            continue
        base = [t + render_ms(b) + i2c_ms(b) for t, b in rows]
        dist = [x + a * KEYPAD_INTERVAL_MS + w * idle_ms for x in base for a in offs for w in offs]
        out[kind] = {
            "n": len(rows),
            "median": statistics.median(dist), "p90": pct(dist, 0.9),
            "worst": max(base) + KEYPAD_INTERVAL_MS + idle_ms,
            # landing in a busy stretch: the scan, then the stretch (keypad
            # scans in the tick interrupt meanwhile, CircuitPython's
            # supervisor/shared/tick.c), then the press; the idle after the
            # stretch ends at once for a press waiting (hal/base.py Hal.idle)
            "landed": max(base) + KEYPAD_INTERVAL_MS,
            "scan": (KEYPAD_INTERVAL_MS / 2, KEYPAD_INTERVAL_MS),
            "idle": (idle_ms / 2, idle_ms),
            # (median, most) of each
            "python": _spread([t for t, _ in rows]),
            "render": _spread([render_ms(b) for _, b in rows]),
            "i2c": _spread([i2c_ms(b) for _, b in rows]),
        }
    return out


def _spread(values):
    return statistics.median(values), max(values)


def start_model(m, f, key="start"):
    """Start-up by parts on a board (ms): Python (VM time x f), the
    imports' collections and the settings reads (the counts of m["files"],
    kept as "files_" + the part: [modules, settings reads, live bytes
    summed]), the panel's init, rendering and I2C; key "start_saved": with
    a game saved."""
    s = m[key]
    files = m.get("files_saved" if key == "start_saved" else "files") or {}
    out = {
        # the SSD1306's init sequence as hal/oled.py hands it to busdisplay
        # (harness/mpstub/heapapp.py BusDisplay): the waits it asks for and
        # its commands on I2C
        "init": s["init_wait"] + i2c_ms(s["init_bytes"]),
        "render": render_ms(s["bytes"]),
        "i2c": i2c_ms(s["bytes"]),
    }
    for part in ("import_hal", "import_app", "hal", "draw"):
        modules, reads, live = out["files_" + part] = files.get(part) or (0, 0, 0)
        out["python_" + part] = s[part] * f
        out["fs_" + part] = import_ms(modules, live) + reads * FS_SETTING_MS
        out[part] = out["python_" + part] + out["fs_" + part] + (out["init"] if part == "hal" else 0.0)
    out["menu"] = sum(out[k] for k in ("import_hal", "import_app", "hal", "draw", "render", "i2c"))
    return out


def _busy_ms(f, t, n, live, kind):
    # a busy stretch of the loop, or a game write's stage, on a board: its
    # Python (VM ms t x f), a collection under each of its n imports, and
    # the flash it holds
    return t * f + import_ms(n, live) + _FLASH_MS.get(kind, 0.0)


def writes_before(m, f):
    """The game write each AI decision waits for, on a board (ms, in the
    order of m["decisions"]): the write of the play before it (a person's,
    or the AI's before it) goes out before the AI begins. What the writes
    did after the later of the press before the decision and the decision
    before it (by their refreshes): each call of the store (m["saves"]: its
    Python, the collections under its imports, its flash)."""
    presses = sorted(p[3] for p in m["presses"])
    out = []
    prev = -1
    for d in m["decisions"]:
        end = d["frame"]
        k = bisect.bisect_left(presses, end) - 1
        start = max(prev, presses[k] if k >= 0 else -1)
        w = sum(_busy_ms(f, t, n, live, kind) for t, at, _, n, live, kind in m["saves"] if start < at <= end)
        out.append(w)
        prev = end
    return out


def decision_model(m, f, press_ms):
    """Each AI decision as the panel shows it (ms): the press that ends the
    turn before (press_ms: its press-to-frame), the game write that goes
    out before the AI begins (writes_before), the loop's turns of the
    decision (the search begun, its steps; the search stops at its deadline
    on the board's clock, which the VM's idle clock never reaches: held to
    it here, one step past it), its play's frame (rendering and I2C). Also
    the turns that held the loop longest."""
    walls = []
    turns = []
    pos = 0
    search_ms = 0.0
    writes = writes_before(m, f)
    for d, write in zip(m["decisions"], writes):
        steps = d["steps"]
        search = sum(steps) * f
        if d["deadline"] and steps:
            # the search stops at the end of the step the deadline passes
            # in: on average one step past it
            search = min(search, d["deadline"] + search / len(steps))
        # a collection under each import meanwhile (import_ms: none, the AI
        # is made with the game, unless a change loads code in a decision)
        walls.append(press_ms + write + d["begin"] * f + import_ms(d["files"], d["live"]) + search +
                     render_ms(d["bytes"]) + i2c_ms(d["bytes"]))
        turns += [d["begin"] * f, max(steps or [0.0]) * f]
        if d["spent"]:
            pos += d["spent"]
            search_ms += sum(steps) * f
    return {
        "n": len(walls),
        "median": statistics.median(walls), "p90": pct(walls, 0.9), "worst": max(walls),
        "longest_turn": max(turns), "turn_p99": pct(turns, 0.99),
        "rate": 1000.0 * pos / search_ms if search_ms else 0.0,
    }


def stretch_model(m, f):
    """The loop's busy stretches by kind on a board (ms): Python (VM time x
    f), a collection under each import, and a write's flash. A press that
    lands in one waits for its end: {kind: {"n", "median", "longest"}}."""
    by = {}
    for t, n, live, kind, mode, _ in m.get("turns", ()):
        by.setdefault(kind, []).append(_busy_ms(f, t, n, live, kind))
    return {k: {"n": len(v), "median": statistics.median(v), "longest": max(v)} for k, v in by.items()}


# the table's modes a press of each kind is made in (device/play.py: PICK,
# CHOOSE; SHOW, PAUSE; B in any): the busy stretches it can land in. A cursor
# key also as an AI is about to think (THINK: the key does nothing, the next
# frame answers it; the firmware's worst cursor move)
PRESS_MODES = {"play": (0, 1), "move": (0, 1, 3), "skip": (4, 5), "game_menu": (0, 1, 2, 3, 4, 5)}


def landing_model(m, f, presses):
    """Each press kind's worst when its edge is scanned just as the longest
    busy stretch of the modes it is made in starts (ms): the scan, that
    stretch, then the press's own Python, rendering and I2C (presses:
    press_model's "landed"), and the same without the writes that erase the
    flash (the save's log come round, 1 write in about 28).
    {kind: (stretch, worst, stretch without the erase, worst without it)}."""
    out = {}
    for kind, modes in PRESS_MODES.items():
        if kind not in presses:
            continue
        ms = [(_busy_ms(f, t, n, live, k), k) for t, n, live, k, mode, _ in m.get("turns", ()) if mode in modes]
        longest = max([d for d, k in ms] or [0.0])
        calm = max([d for d, k in ms if k != "write"] or [0.0])
        w = presses[kind]["landed"]
        out[kind] = (longest, longest + w, calm, calm + w)
    return out


def measure_all(calibrate=True):
    """measure() of each game of LEVELS_RUN: {(level, players): figures}.
    The game whose presses and busy stretches the tables give (LEVEL, two
    players) is run three times, the others twice: a stretch is one turn's
    reading, each its least over the runs, and a machine's pause that lands
    in the same turn of two runs read one frame stage at 58 ms where reruns
    read 25-32."""
    return {(lv, pl): measure(lv, calibrate=calibrate, players=pl,
                              runs=3 if (lv, pl) == (LEVEL, 2) else 2)
            for lv, pl in LEVELS_RUN}


def tables(ms):
    """The bench tables (markdown lines) for measure_all()'s figures, each
    game calibrated by its own loop."""
    from hal.base import IDLE_POLL_MS
    m = ms[(LEVEL, 2)]
    f = board_factor(m)
    new = press_model(m, f, IDLE_POLL_MS)
    rows = []
    for kind, (_, _, label, target) in PRESS_KINDS.items():
        r = new.get(kind)
        if r is not None:
            rows.append("| %s, %d | %s | %.0f | %.0f | %.0f | %s |" % (
                label, r["n"], " | ".join("%.0f / %.0f" % r[k] for k in ("scan", "idle", "python", "render", "i2c")),
                r["median"], r["p90"], r["worst"], _targets(target)))
    out = _table("| press to frame on a board (%s game, %d presses), ms | keypad scan | loop's idle | Python | "
                 "displayio render | I2C | median | p90 | worst | target |" % (LEVEL, len(m["presses"])), rows)[1:]
    st = start_model(m, f)

    def part(name, label, more=""):
        modules, reads, live = st["files_" + name]
        return "| %s: Python %.0f + the imports %.0f (%d modules, %.0f KB live at their collections%s)%s | %.0f | |" % (
            label, st["python_" + name], st["fs_" + name], modules, live / 1024.0 + modules * board_start_kb(),
            ", %d settings reads" % reads if reads else "", more, st[name])
    out += _table("| start-up on a board, ms | model | target |", [
        part("import_hal", "`import hal`"),
        part("import_app", "importing the app (device, .mpy; the game's core and table come after the menu's "
                           "first frame)"),
        part("hal", "hal.get()", " + the SSD1306 init sequence %.1f (%d ms of waits, %d B on I2C)" % (
            st["init"], m["start"]["init_wait"], m["start"]["init_bytes"])),
        part("draw", "the scene and the main menu, to the first refresh"),
        "| displayio rendering the first frame (%d B) | %.0f | |" % (m["start"]["bytes"], st["render"]),
        "| the first frame on I2C | %.0f | |" % st["i2c"],
        "| code.py start to the main menu on the panel | %.0f | ≤ %d |" % (st["menu"], TARGETS["menu"]),
    ])
    if m.get("start_saved"):
        # only App(h) differs (the load replays the hand): the other parts
        # are the same code as the blank store's, taken from its start-ups
        sv = start_model(m, f, "start_saved")
        out += [
            "| with a game saved (%d plays into a hand): the scene and the main menu (the load replays the hand) | %.0f | |"
            % (m["start_saved"]["saved"], sv["draw"]),
            "| with a game saved: code.py start to the main menu (Continue) | %.0f | ≤ %d |" % (
                st["menu"] - st["draw"] + sv["draw"], TARGETS["menu"]),
        ]
    rows = []
    for (lv, pl), g in ms.items():
        d = decision_model(g, board_factor(g), new["play"]["median"])
        rows.append("| %s, %d players | %d | %.0f | %.0f | %.0f | %s | %.0f (%.0f) | %.0f |" % (
            lv, pl, d["n"], d["median"], d["p90"], d["worst"], _targets(lv),
            d["longest_turn"], d["turn_p99"], d["rate"]))
    out += _table("| AI decision as the panel shows it (press to the AI's play frame), ms | decisions | median | p90 | "
                  "worst | target | longest loop turn (p99) | positions a second |", rows)
    st_rows = stretch_model(m, f)
    rows = []
    for kind, label in (("encode", "a game write's first turn (device/saving.py SaveJob): the record encoded"),
                        ("frame", "its second: the record framed and placed in the log"),
                        ("program", "its last: the record into an erased slot of the log (a flash page programmed)"),
                        ("write", "its last when the log comes round (1 in about 28, a write no play can land in): the sector erased, the log written again"),
                        ("ai", "an AI's turns (its steps, the frame of its play)"),
                        ("table", "other turns at the table (a play's frame and what follows it)"),
                        ("pages", "at a hand's summary (its write, the next hand dealt)"),
                        ("menu", "at a menu (the game's code loaded, the new game dealt)")):
        r = st_rows.get(kind)
        if r:
            rows.append("| %s | %d | %.0f | %.0f | %.0f |" % (label, r["n"], r["median"], r["longest"],
                                                          r["longest"] + new["play"]["median"]))
    rows.append("| (the flash: a page programmed, %.1f ms; a 4 KB sector erased, 45 ms typical and 400 ms most, "
                "and 16 pages of 0.4 ms: %.0f ms) | | | | |" % (FLASH_PROGRAM_MS, FLASH_WRITE_MS))
    out += _table("| the loop's busy stretches (a turn's work after its frame, or a turn with no press; %s game), ms: "
                  "a press landing at one's start waits it out | stretches | median | longest | a play pressed then "
                  "(its median added) |" % LEVEL, rows)
    land = landing_model(m, f, new)
    out += _table("| a press scanned as the longest busy stretch it can meet begins, ms | the stretch | then the press "
                  "(its scan, Python, rendering, I2C) | the same but for the writes that erase the flash (1 in about "
                  "28) |", ["| %s | %.0f | %.0f | %.0f + %.0f = %.0f |" % (label, a, b, c, d - c, d) for kind, label in (
                      ("play", "a play (A): a game write's stretch"), ("move", "a cursor move, also as an AI starts"),
                      ("skip", "a key that skips a play on show"), ("game_menu", "B at the table, also as an AI thinks"))
                      if kind in land for a, b, c, d in [land[kind]]])
    out += _table("| collections a game makes on a board besides its imports' (the heap full) | collections | most "
                  "allocated between two, KB | least free heap, KB | the longest, ms (its turn's longer by it) |",
                  ["| %s, %d players | %d | %.0f | %.0f | %s |" % ((lv, pl) + c[:3] + ("%.1f" % c[3] if c[0] else "-",))
                   for (lv, pl), c in ((k, collections(g)) for k, g in ms.items())])
    loops = ", ".join("%s %dp %.2f s" % (lv, pl, g["calibration"]) for (lv, pl), g in ms.items())
    out += [
        "",
        "Model (tools/bench_device.py): Python is the VM's time x the RP2040 factor of the calibration loop timed "
        "in the same VM (%s) x %.2f (tools.calibrate.CIRCUITPYTHON_SLOWER), plus what a board does under each module "
        "it imports, a collection of the heap: %.4f ms a KB live at that moment, and %.2f ms a settings.toml read "
        "(counted in the VM; fitted to the firmware's start-up); keypad scan: the edge waits for the next "
        "scan, 0-%d ms; the loop's idle: a press waits for the idle's slice, 0-%d ms; "
        "displayio rendering %.0f ms a whole frame (the firmware's first frame), by the bytes; I2C: bytes x 9 "
        "bits / 400 kHz. Each press's edge at %d x %d points of the scan and the idle."
        % (loops, CIRCUITPYTHON_SLOWER, GC_MS_PER_KB, FS_SETTING_MS, KEYPAD_INTERVAL_MS, IDLE_POLL_MS, RENDER_FULL_MS,
           GRID, GRID),
    ]
    return out


def _table(head, rows):
    """A markdown table after a blank line: its head, the rule under the
    head's cells, its rows."""
    return ["", head, "|" + "---|" * (head.count("|") - 1)] + rows


def _targets(key):
    return ", ".join("%s ≤ %d" % kv for kv in TARGETS.get(key, {}).items())


def main(argv=None):
    from basra_flash.cmdline import Parser
    p = Parser(prog="python -m tools.bench_device", description=__doc__.split("\n\n")[0])
    p.parse_args(argv)
    ms = measure_all()
    print("\n".join(tables(ms)))
    for (lv, pl), g in ms.items():
        print("%s %d players: %d refreshes; game %s" % (lv, pl, g["frames"], "finished" if g["done"] else "NOT finished"))


if __name__ == "__main__":
    main()
