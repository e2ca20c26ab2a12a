"""``basra-sim`` / ``python -m simulator``: the Pocket Basra desktop simulator.

Interactive (default when stdin and stdout are a terminal)::

    basra-sim [--seed N] [--save FILE] [--buttons 4|6] [--rotation 0|180] [--mode half|braille]
    basra-sim --link          (in two terminals: a link game between them)

Headless::

    basra-sim --script "RIGHT*2 A wait:300 shot:after" --seed 3 \\
              --screenshot out.png --raw frames.bin --stats
"""

import argparse
import os
import sys


def _args(argv):
    p = argparse.ArgumentParser(prog="basra-sim", description="Pocket Basra desktop simulator")
    p.add_argument("--seed", type=int, default=None, help="random seed given to the app (hal.seed)")
    p.add_argument("--app", default=None,
                   help="module with main(hal) (default: device.code if present, else examples.hal_demo)")
    p.add_argument("--buttons", type=int, choices=(4, 6), default=6,
                   help="6 = UP DOWN LEFT RIGHT A B, 4 = LEFT RIGHT A B")
    p.add_argument("--rotation", type=int, choices=(0, 180), default=0)
    p.add_argument("--save", default=None,
                   help="save file (default ~/.pocket-basra-sim.sav interactive, none headless)")
    p.add_argument("--headless", action="store_true", help="no terminal UI (implied by --script)")
    p.add_argument("--script", default=None, help="button script, e.g. \"RIGHT*2 A wait:500\"")
    p.add_argument("--settle", type=int, default=500, help="ms to run after the script (headless)")
    p.add_argument("--screenshot", default=None, help="PNG of the final frame (headless)")
    p.add_argument("--scale", type=int, default=4, help="PNG pixels per OLED pixel")
    p.add_argument("--raw", default=None,
                   help="append every refreshed frame to this file, 1024 bytes each")
    p.add_argument("--stats", action="store_true", help="print the bytes sent per refresh")
    p.add_argument("--print", dest="print_frame", action="store_true",
                   help="print the final frame as text (headless)")
    p.add_argument("--mode", choices=("auto", "half", "braille"), default="auto",
                   help="terminal drawing (interactive)")
    p.add_argument("--link", action="store_true",
                   help="link to another basra-sim --link on this machine (a link game, "
                        "docs/link.md); headless: with --peer-script, both devices in one run")
    p.add_argument("--link-port", type=int, default=47474, help="local TCP port of --link")
    p.add_argument("--peer-script", default=None,
                   help="headless --link: the other device's button script")
    return p.parse_args(argv)


def _side_path(path, k):
    """Device k's file (1 or 2) of a headless --link run: out.png -> out-1.png."""
    root, dot, ext = path.rpartition(".")
    if dot and "/" not in ext:
        return "%s-%d.%s" % (root, k, ext)
    return "%s-%d" % (path, k)


def headless_pair(a):
    """Headless --link: both devices in one run, each with the options a
    single run takes; every file named is one per device (-1, -2)."""
    from simulator.link import run_pair_scripts
    from simulator.sim import load_app
    raws = [open(_side_path(a.raw, k + 1), "wb") for k in (0, 1)] if a.raw else None
    shot_dir = os.path.dirname(a.screenshot) if a.screenshot else "."

    def on_shot(i, name, sim):
        path = name if name.endswith(".png") else os.path.join(shot_dir or ".", name + ".png")
        sim.screenshot(_side_path(path, i + 1), a.scale)

    def setup(i, sim):
        if raws is not None:
            sim.on_refresh = lambda r, f=raws[i], sim=sim: f.write(sim.frame())

    saves = (_side_path(a.save, 1), _side_path(a.save, 2)) if a.save else (None, None)
    try:
        sims = run_pair_scripts(a.script or "", a.peer_script or "", load_app(a.app),
                                seed=a.seed or 0, settle_ms=a.settle, on_shot=on_shot,
                                setup=setup, saves=saves, rotation=a.rotation,
                                buttons=a.buttons)
    finally:
        for f in raws or ():
            f.close()
    for k, sim in enumerate(sims):
        if a.screenshot:
            sim.screenshot(_side_path(a.screenshot, k + 1), a.scale)
        if a.print_frame or a.stats:
            print("device %d:" % (k + 1))
        if a.print_frame:
            print(sim.text("half"))
        if a.stats:
            print_stats(sim)
    return 0


def headless(a):
    if a.link:
        return headless_pair(a)
    from simulator.headless import run_script
    from simulator.sim import load_app

    raw = open(a.raw, "wb") if a.raw else None
    shot_dir = os.path.dirname(a.screenshot) if a.screenshot else "."

    def on_shot(name, sim):
        path = name if name.endswith(".png") else os.path.join(shot_dir or ".", name + ".png")
        sim.screenshot(path, a.scale)

    def setup(sim):
        if raw is not None:
            sim.on_refresh = lambda r: raw.write(sim.frame())

    try:
        run = run_script(a.script or "", load_app(a.app), seed=a.seed or 0,
                         settle_ms=a.settle, on_shot=on_shot, setup=setup, save=a.save,
                         rotation=a.rotation, buttons=a.buttons)
    finally:
        if raw is not None:
            raw.close()
    sim = run.sim
    if a.screenshot:
        sim.screenshot(a.screenshot, a.scale)
    if a.print_frame:
        print(sim.text("half"))
    if a.stats:
        print_stats(sim)
    return 0


def print_stats(sim, out=None):
    out = out or sys.stdout
    t, b, d = sim.init_stats
    out.write("init: %d bytes in %d I2C writes\n" % (b, t))
    out.write("%8s %7s %7s %7s %7s\n" % ("t(ms)", "writes", "bytes", "wire", "gddram"))
    for r in sim.refreshes:
        out.write("%8d %7d %7d %7d %7d\n" % (r.time, r.transactions, r.bytes, r.wire_bytes,
                                             r.data_bytes))
    n = len(sim.refreshes)
    if n:
        total = sum(r.bytes for r in sim.refreshes)
        out.write("%d refreshes, %d bytes, %.0f bytes per refresh (a full frame is 1024 "
                  "GDDRAM bytes)\n" % (n, total, total / n))


def main(argv=None):
    a = _args(sys.argv[1:] if argv is None else argv)
    if a.script is not None or a.headless or a.screenshot or a.raw:
        return headless(a)
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        sys.stderr.write("basra-sim: not a terminal; use --script/--headless for a headless run\n")
        return 2
    from simulator.terminal import run_interactive
    return run_interactive(a)


if __name__ == "__main__":
    sys.exit(main())
