"""Calibration loop for RP2040 speed estimates.

The trial-division prime loop of CircuitPython issue 6292 ("CircuitPython
Performance Issues vs Arduino & Micropython (Prime Numbers)"): every number
n from 2 below 20000 is tested against each x in range(2, n // 2), stopping
at the first divisor. It was published as taking about 2.2 minutes (132 s)
under CircuitPython on a QT Py RP2040 at 125 MHz.

The estimate: time the same loop on the machine at hand, in the same run as
the code being measured, and scale:

    RP2040 estimate = measured time * (132 s / loop time on the same VM)

so a figure measured on the MicroPython WebAssembly VM is scaled by the loop
time on that VM, and a CPython figure by the CPython loop time. It is an
estimate: CircuitPython is not MicroPython, the workloads differ (the loop is
small-int arithmetic and a `range` loop with global variables), and the
published figure is one measurement on one board.

The loop runs as module-level code (its variables are globals), like the
published script, by exec'ing its source in a fresh dict. As published the
inner range is empty for 4, so the count is the 2262 primes below 20000
plus one: 2263.

This module runs under CPython (timed with time.perf_counter) and under
MicroPython (time.ticks_ms):

    python -m tools.calibrate            # both loop timings and the factors
    python -m tools.calibrate --no-vm    # CPython only
    python -m tools.calibrate --search 2 # the expert's positions a second (2 players)

    from tools.calibrate import prime_loop_seconds, rp2040_factor, rp2040_estimate
    loop_s, count = prime_loop_seconds()           # here (CPython or MicroPython)
    vm_loop_s = vm_prime_loop_seconds()            # on the MicroPython VM (CPython side)
    rp2040_estimate(0.004, vm_loop_s)              # 4 ms on the VM -> seconds on an RP2040
"""

import time

LIMIT = 20000
PUBLISHED_RP2040_SECONDS = 132.0   # about 2.2 minutes, CircuitPython, QT Py RP2040 @ 125 MHz
# CircuitPython 10.2.1 itself (an emulated Pico) ran the bench's workloads
# 1.2-1.3x slower than these estimates (issue 14's measurement): a board's
# time predicted from an estimate is the estimate's Python part times this
CIRCUITPYTHON_SLOWER = 1.25

LOOP_SOURCE = """
lower = 2
count = 0
while lower < higher:
    flag = 0
    for x in range(2, lower // 2, 1):
        if lower % x == 0:
            flag = 1
            break
    if flag == 0:
        count += 1
    lower = lower + 1
"""


def prime_loop_seconds(limit=LIMIT):
    """Run the loop here once; return (seconds, count)."""
    code = compile(LOOP_SOURCE, "calibrate_loop", "exec")
    ns = {"higher": limit}
    if hasattr(time, "perf_counter"):           # CPython
        t0 = time.perf_counter()
        exec(code, ns)
        seconds = time.perf_counter() - t0
    else:                                       # MicroPython / CircuitPython
        t0 = time.ticks_ms()
        exec(code, ns)
        seconds = time.ticks_diff(time.ticks_ms(), t0) / 1000
    return seconds, ns["count"]


def rp2040_factor(loop_seconds):
    """How many times slower the RP2040 is than the VM whose loop time this is."""
    return PUBLISHED_RP2040_SECONDS / loop_seconds


def rp2040_estimate(seconds, loop_seconds):
    """RP2040 estimate for `seconds` measured on a VM whose loop took `loop_seconds`."""
    return seconds * rp2040_factor(loop_seconds)


def cpython_factor(cpython_loop_seconds=None):
    """RP2040 factor for CPython figures (runs the loop when not given)."""
    if cpython_loop_seconds is None:
        cpython_loop_seconds = prime_loop_seconds()[0]
    return rp2040_factor(cpython_loop_seconds)


def vm_prime_loop_seconds(limit=LIMIT, timeout=300):
    """(CPython side) Run the loop on the MicroPython WebAssembly VM; return (seconds, count)."""
    from harness.mpvm import run_json

    rows = run_json(
        "import json\n"
        "from tools.calibrate import prime_loop_seconds\n"
        "s, n = prime_loop_seconds(%d)\n"
        "print(json.dumps({'seconds': s, 'count': n}))\n" % limit,
        trees=("tools",),
        helpers=False,
        timeout=timeout,
    )
    return rows[-1]["seconds"], rows[-1]["count"]


def vm_factor(vm_loop_seconds=None):
    """RP2040 factor for MicroPython-VM figures (runs the loop when not given)."""
    if vm_loop_seconds is None:
        vm_loop_seconds = vm_prime_loop_seconds()[0]
    return rp2040_factor(vm_loop_seconds)


def vm_search_rate(players=2, hands=4, timeout=600):
    """(CPython side) The expert's positions a second on the MicroPython VM
    (tools/bench_core.py search_rate) and on a board: scaled by the
    calibration loop timed in the same run (before and after the search:
    the mean), then divided by CIRCUITPYTHON_SLOWER. core/ai/player.py
    _POSITIONS_PER_SECOND is the board figure."""
    from harness.mpvm import run_json

    rows = run_json(
        "import json\n"
        "from tools.calibrate import prime_loop_seconds\n"
        "from tools import bench_core\n"
        "before = prime_loop_seconds()[0]\n"
        "r = bench_core.search_rate(%d, %d)\n"
        "r['loop'] = (before + prime_loop_seconds()[0]) / 2\n"
        "print(json.dumps(r))\n" % (players, hands),
        trees=("core", "hal", "tools"),
        helpers=False,
        timeout=timeout,
    )
    r = rows[-1]
    r["rp2040"] = r["per_second"] / rp2040_factor(r["loop"])
    r["board"] = r["rp2040"] / CIRCUITPYTHON_SLOWER
    return r


def main(argv=None):
    from basra_flash.cmdline import Parser, whole

    ap = Parser(prog="python -m tools.calibrate", description=__doc__.split("\n\n")[0])
    ap.add_argument("--limit", type=whole(3, what="a limit"), default=LIMIT,
                    help="numbers below this (the factor is only meaningful for 20000)")
    ap.add_argument("--no-vm", action="store_true", help="skip the MicroPython VM run")
    ap.add_argument("--search", type=int, choices=(2, 4), metavar="PLAYERS",
                    help="the expert's positions a second instead (2 or 4 players)")
    args = ap.parse_args(argv)
    if args.search:
        r = vm_search_rate(args.search)
        print(f"expert, {args.search} players: {r['positions']} positions in {r['ms']:.0f} ms on the VM,"
              f" {r['per_second']:.0f} a second; calibration loop {r['loop']:.3f} s")
        print(f"RP2040 estimate {r['rp2040']:.0f} a second; a board (/ {CIRCUITPYTHON_SLOWER}) {r['board']:.0f}"
              f" (core/ai/player.py _POSITIONS_PER_SECOND)")
        return

    print(f"trial-division prime loop, numbers below {args.limit} (CircuitPython issue 6292)")
    print(f"published: {PUBLISHED_RP2040_SECONDS:.0f} s on a QT Py RP2040 @ 125 MHz (CircuitPython)")
    cp_s, cp_n = prime_loop_seconds(args.limit)
    print(f"CPython:           {cp_s:8.3f} s  (count {cp_n})  RP2040 factor {rp2040_factor(cp_s):7.1f}x"
          f"  -> 1 s on the RP2040 ~ {1000 * cp_s / PUBLISHED_RP2040_SECONDS:.2f} ms here")
    if not args.no_vm:
        vm_s, vm_n = vm_prime_loop_seconds(args.limit)
        print(f"MicroPython VM:    {vm_s:8.3f} s  (count {vm_n})  RP2040 factor {rp2040_factor(vm_s):7.1f}x"
              f"  -> 1 s on the RP2040 ~ {1000 * vm_s / PUBLISHED_RP2040_SECONDS:.1f} ms here")
        if vm_n != cp_n:
            print("warning: the counts differ between CPython and the VM")
    if args.limit != LIMIT:
        print(f"note: the factors assume the published limit {LIMIT}")
    print("RP2040 estimate = measured time x (132 s / loop time on the same VM, same run): an estimate")


if __name__ == "__main__":
    main()
