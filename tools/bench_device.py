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
byte; start and stop conditions left out).
"""
import os
import statistics
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MPSTUB = os.path.join(REPO, "harness", "mpstub")

I2C_HZ = 400000
# an nvm write on an RP2040: its 4 KB sector erased and programmed again with
# interrupts off; W25Q16JV (the Pico's flash) datasheet: sector erase 45 ms
# typical (400 ms most), page program 0.4 ms typical (3 ms most) for 256 bytes
FLASH_WRITE_MS = 45 + 16 * 0.4
BITS_PER_BYTE = 9               # 8 data bits and the ACK
LEVEL = "hard"
SEED = 12345                    # h.seed: the game dealt
PER = 2000                      # loop turns a VM step
STEPS = 120                     # VM steps of the game at most; a game to the default target takes fewer
STARTS = 5                      # timed start-ups (the median is taken)

SCRIPT = r"""
import sys, gc, json
sys.path.insert(0, "/app/mpstub")
sys.path.insert(0, "/app/lib")
sys.modules["board"] = None      # heapapp: the board's HAL, not the minimal one
import displayio
import heapapp as H
H.install_board()
import js
import respond
_perf = js.performance

def ms():
    return _perf.now()

R = respond.Recorder(ms, LEVEL_NAME)
H.on_key = R.key
H.on_refresh = R.frame
APP = ("core", "hal", "device", "adafruit_displayio_ssd1306")
gc.collect()

def start():
    # what code.py does: import the app, hal.get(), then main(h): the
    # app's scene and its main menu, then the loop's first refresh
    H.clock.now = 0
    R.frames = 0
    t0 = ms()
    import hal
    from device.app import main
    t1 = ms()
    h = H.open_board()
    t2 = ms()
    h.seed = SEED
    from device.app import App
    H.app = App(h)
    t3 = ms()
    respond.run_for(1)
    return {"import": t1 - t0, "hal": t2 - t1, "app": t3 - t2, "loop": R.last - t3}

def forget():
    # as after a reset: the app's modules go, to be loaded again
    H.app = None
    for name in list(sys.modules):
        if name.split(".")[0] in APP:
            del sys.modules[name]

def step(i):
    if i == 0:
        # the calibration loop, in this VM: it also lets the VM's WebAssembly
        # reach its optimised code before anything is timed
        if CALIBRATE:
            from tools.calibrate import prime_loop_seconds
            print(json.dumps({"calibration": prime_loop_seconds()[0]}))
    elif i == 1:
        start()                 # once, not timed: the VM's start-up paths warm up
        forget()
    elif i < 2 + STARTS:
        row = start()
        print(json.dumps(row))
        if i < 1 + STARTS:
            forget()
        else:
            R.watch_saves(H.app)
            H.policy = R.policy
    elif i < LAST:
        if not R.done:
            respond.run_for(PER)
    else:
        print(json.dumps({"presses": R.presses, "frames": R.frames, "saves": R.saves,
                          "done": R.done}))
        # the loop again after the game: the machine's load changes during a run
        if CALIBRATE:
            from tools.calibrate import prime_loop_seconds
            print(json.dumps({"calibration": prime_loop_seconds()[0]}))
    gc.collect()
"""


def vm_run(level=LEVEL, seed=SEED, per=PER, steps=STEPS, calibrate=True):
    """The game on the VM: (the calibration loop's seconds in that VM, the
    mean of a run before the start-ups and one after the game; None unless
    calibrate), the
    start-up figures (VM ms, the median of STARTS start-ups after one
    not timed), the game row as the script prints it)."""
    sys.path.insert(0, REPO)
    from harness import mpvm
    from tools.heap import vm_trees
    head = "LEVEL_NAME = %r\nSEED = %d\nPER = %d\nSTARTS = %d\nLAST = %d\nCALIBRATE = %r\n" % (
        level, seed, per, STARTS, steps + STARTS + 1, calibrate)
    with vm_trees(True, libs=True) as trees:
        rows = mpvm.run_json(head + SCRIPT, trees=trees + ["tools"], steps=steps + STARTS + 2, mpy=True,
                             timeout=900)
    loops = [r["calibration"] for r in rows if "calibration" in r]
    loop = sum(loops) / len(loops) if loops else None
    starts = [r for r in rows if "import" in r]
    start = {k: statistics.median(r[k] for r in starts) for k in starts[0]}
    game = [r for r in rows if "presses" in r][0]
    return loop, start, game


def cpython_run(level=LEVEL, seed=SEED, per=PER, steps=STEPS):
    """The same game on CPython in the simulator: (recorder, bytes on the
    wire of each refresh, in order)."""
    import importlib
    import time
    from simulator.sim import Simulator, quiet_blinka_import
    quiet_blinka_import()
    if MPSTUB not in sys.path:
        sys.path.append(MPSTUB)   # after the venv: Blinka's displayio, not the stand-in
    import heapapp as H
    import respond
    H = importlib.reload(H)       # fresh keys, clock and hooks
    respond = importlib.reload(respond)
    sim = Simulator(seed=seed, buttons=6)
    h = H.open_minimal(sim.display, seed)
    R = respond.Recorder(lambda: time.perf_counter() * 1000, level)
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


def measure(level=LEVEL, seed=SEED, calibrate=True):
    """Both runs, checked against each other: a dict with "calibration"
    (the VM's loop seconds, tools/calibrate.py), "start" (VM ms of
    the import, hal.get(), the app's first drawing, the loop to its first
    refresh; that refresh's bytes), "presses" ([kind, VM ms, bytes, refresh index,
    the screen that frame shows]),
    "saves" ([VM ms, refreshes before it, a press waiting for its frame]),
    "frames", "done"."""
    loop, start, game = vm_run(level, seed, calibrate=calibrate)
    rec, sent = cpython_run(level, seed)
    vm_shape = [(k, f, at) for k, _, f, at in game["presses"]]
    cp_shape = [(k, f, at) for k, _, f, at in rec.presses]
    if vm_shape != cp_shape or game["frames"] != len(sent) or game["frames"] != rec.frames:
        raise RuntimeError("the VM and the simulator played different games (%d/%d presses, %d/%d/%d refreshes)"
                           % (len(vm_shape), len(cp_shape), game["frames"], rec.frames, len(sent)))
    return {
        "start": dict(start, bytes=sent[0]),
        "presses": [[k, t, sent[f], f, at] for k, t, f, at in game["presses"]],
        "saves": game["saves"],
        "frames": game["frames"],
        "done": game["done"],
        "calibration": loop,
    }


def estimates(m, factor):
    """RP2040 estimates in ms from measure()'s figures and the RP2040 factor
    of the VM (tools/calibrate.py): VM time x factor, plus the I2C time of
    the refresh's bytes."""
    s = m["start"]
    out = {
        "import": s["import"] * factor,
        "hal": s["hal"] * factor,
        "draw": (s["app"] + s["loop"]) * factor,
        "first_i2c": i2c_ms(s["bytes"]),
        "first_bytes": s["bytes"],
    }
    out["menu"] = out["import"] + out["hal"] + out["draw"] + out["first_i2c"]
    for kind in ("play", "move", "cycle"):
        rows = [(t * factor, b) for k, t, b, _, _ in m["presses"] if k == kind]
        if not rows:
            continue
        total = sorted(t + i2c_ms(b) for t, b in rows)
        out[kind] = {
            "n": len(rows),
            "median": statistics.median(total),
            "p90": total[min(len(total) - 1, int(0.9 * len(total)))],
            "worst": total[-1],
            "python_median": statistics.median(t for t, _ in rows),
            "bytes_median": statistics.median(b for _, b in rows),
            "bytes_worst": max(b for _, b in rows),
        }
    saves = sorted(t * factor for t, _, _ in m["saves"])
    if saves:
        out["save"] = {"n": len(saves), "median": statistics.median(saves), "worst": saves[-1]}
    # a play as it was when issue 15 measured it: the save written before the frame
    after = {f: t for t, f, _ in m["saves"]}
    before = sorted((t + after.get(f + 1, 0.0)) * factor + i2c_ms(b)
                    for k, t, b, f, _ in m["presses"] if k == "play")
    if before:
        out["play_save_first"] = statistics.median(before)
    # the plays whose frame stays at the table, and a hand's last plays (their
    # frame is the hand's summary: a switch of screens)
    for key, shown in (("play_table", True), ("play_hand_end", False)):
        rows = sorted(t * factor + i2c_ms(b) for k, t, b, _, at in m["presses"]
                      if k == "play" and (at == "table") == shown)
        big = max([b for k, t, b, _, at in m["presses"] if k == "play" and (at == "table") == shown] or [0])
        if rows:
            out[key] = {"n": len(rows), "median": statistics.median(rows), "worst": rows[-1], "bytes_worst": big}
    return out


def lines(e, cp):
    """Rows of the bench table: e the RP2040 estimates, cp the same figures
    predicted for CircuitPython (estimates() with the VM time scaled by
    tools.calibrate.CIRCUITPYTHON_SLOWER more; the I2C time unchanged)."""
    def row(label, key, target="", sub=None):
        a, b = e[key], cp[key]
        if sub is not None:
            a, b = a[sub], b[sub]
        return "| %s | %.0f ms | %.0f ms | %s |" % (label, a, b, target)
    out = [
        "| start-up and response (%s game) | RP2040 estimate | CircuitPython predicted | target |" % LEVEL,
        "|---|---|---|---|",
        row("code.py start to main menu on the panel", "menu", "≤ 1 s"),
        row("of which: importing the app (core, AI, device; .mpy)", "import"),
        row("of which: hal.get() (HAL, SSD1306 driver)", "hal"),
        row("of which: the app's scene and main menu, to the first refresh", "draw"),
        row("of which: the first frame on I2C (%d B)" % e["first_bytes"], "first_i2c"),
    ]
    for kind, label, target in (("play", "pressing A at the table to its frame (a play)", "≤ 50 ms"),
                                ("move", "LEFT/RIGHT at the table to its frame (cursor move)", "≤ 30 ms"),
                                ("cycle", "DOWN at the table to its frame (next capture)", "")):
        r = e.get(kind)
        if r is None:
            continue
        out.append(row("%s, median of %d (Python %.0f ms + I2C of %d B)"
                       % (label, r["n"], r["python_median"], r["bytes_median"]), kind, target, "median"))
        out.append(row("%s, 90th percentile" % label, kind, target, "p90"))
        out.append(row("%s, worst (largest refresh %d B)" % (label, r["bytes_worst"]), kind, target, "worst"))
    for key, label in (("play_table", "plays whose frame stays at the table"),
                       ("play_hand_end", "a hand's last play (its frame: the hand's summary)")):
        r = e.get(key)
        if r is not None:
            out.append(row("of the plays: %s, %d, worst (largest refresh %d B)" % (label, r["n"], r["bytes_worst"]),
                           key, "≤ 50 ms", "worst"))
    if "play_save_first" in e:
        out.append(row("a play with its game write before its frame (the order issue 15 measured), median",
                       "play_save_first", "reported"))
    s = e.get("save")
    if s is not None:
        out.append(row("a game write (App.store_call: device/store.py loaded, encode, the nvm slice; not the flash), median of %d"
                       % s["n"], "save", "after the frame", "median"))
        out.append(row("a game write, worst", "save", "after the frame", "worst"))
        out.append("| the flash under it on an RP2040: a 4 KB sector erased (45 ms typical, 400 ms most) "
                   "and programmed (16 pages of 0.4 ms) | %.0f ms | %.0f ms | after the frame |"
                   % (FLASH_WRITE_MS, FLASH_WRITE_MS))
    return out


def tables(m):
    """lines() for measure()'s figures, calibrated by its own loop."""
    from tools.calibrate import CIRCUITPYTHON_SLOWER, rp2040_factor
    f = rp2040_factor(m["calibration"])
    return lines(estimates(m, f), estimates(m, f * CIRCUITPYTHON_SLOWER))


def main(argv=None):
    from tools.cmdline import Parser
    from tools.calibrate import rp2040_factor
    Parser(prog="python -m tools.bench_device", description=__doc__.split("\n\n")[0]).parse_args(argv)
    m = measure()
    loop = m["calibration"]
    print("\n".join(tables(m)))
    print("\nVM calibration loop %.2f s (RP2040 factor %.1fx); %d refreshes; game %s"
          % (loop, rp2040_factor(loop), m["frames"], "finished" if m["done"] else "NOT finished"))


if __name__ == "__main__":
    main()
