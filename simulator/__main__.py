"""``basra-sim`` / ``python -m simulator``: the Pocket Basra desktop simulator.

Interactive (default when stdin and stdout are a terminal)::

    basra-sim [--seed N] [--save FILE] [--buttons 4|6] [--rotation 0|180] [--mode half|braille]
              [--show-bytes]
    basra-sim --link          (in two terminals: a link game between them)

Headless::

    basra-sim --script "RIGHT*2 A wait:300 shot:after" --seed 3 \\
              --screenshot out.png --raw frames.bin --stats

A command-line mistake (an unknown button in a script, a folder that does not
exist, a port outside 1..65535, an --app that is no module) is one line on
stderr and exit status 2, found before the run starts; -v adds the traceback.
"""

import os
import sys

from basra_flash.cmdline import Parser, whole


def _parser():
    p = Parser(prog="basra-sim", description="Pocket Basra desktop simulator")
    from core.version import VERSION
    p.add_argument("--version", action="version", version="basra-sim (Pocket Basra) " + VERSION)
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
    p.add_argument("--settle", type=whole(0, what="a time in ms"), default=500,
                   help="ms to run after the script (headless)")
    p.add_argument("--screenshot", default=None, help="PNG of the final frame (headless)")
    p.add_argument("--scale", type=whole(1, 32, "a scale"), default=4,
                   help="PNG pixels per OLED pixel, 1 to 32")
    p.add_argument("--raw", default=None,
                   help="append every refreshed frame to this file, 1024 bytes each")
    p.add_argument("--stats", action="store_true",
                   help="print the bytes sent per refresh (implies --headless)")
    p.add_argument("--print", dest="print_frame", action="store_true",
                   help="print the final frame as text (implies --headless)")
    p.add_argument("--mode", choices=("auto", "half", "braille"), default="auto",
                   help="terminal drawing (interactive)")
    p.add_argument("--show-bytes", action="store_true",
                   help="interactive: the footer also gives the bytes the last refresh sent")
    p.add_argument("--link", action="store_true",
                   help="link to another basra-sim --link on this machine (a link game, "
                        "docs/link.md); headless: with --peer-script, both devices in one run")
    p.add_argument("--link-port", type=whole(1, 65535, "a TCP port"), default=47474,
                   help="local TCP port of --link, 1 to 65535")
    p.add_argument("--peer-script", default=None,
                   help="headless --link: the other device's button script")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="with a command-line mistake, show the traceback behind it too")
    return p


def _args(argv):
    return _parser().parse_args(argv)


def _shot_path(a, name):
    """Where a script's shot:NAME is written: NAME if it ends in .png, else
    NAME.png beside --screenshot (in the current folder without one)."""
    if name.endswith(".png"):
        return name
    return os.path.join(os.path.dirname(a.screenshot or "") or ".", name + ".png")


def _writable(path):
    """Why a file cannot be written at ``path``, or None if it can."""
    folder = os.path.dirname(path) or "."
    if os.path.isdir(path):
        return "it is a folder"
    if not os.path.isdir(folder):
        return "there is no folder %s" % folder
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        return "it cannot be written (permissions)"
    return None


def _load_app(name):
    """The app's main, or the one-line reason a --app module cannot be it."""
    import importlib
    from simulator.sim import load_app
    if not name:
        return load_app()
    try:
        mod = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name is None or not (name == e.name or name.startswith(e.name + ".")):
            raise           # the app's own import failed: its bug, not a typo
        raise ValueError("--app %s: no module of that name (give a module with main(hal), "
                         "e.g. device.code or examples.hal_demo)" % name) from e
    if not callable(getattr(mod, "main", None)):
        raise ValueError("--app %s: the module has no main(hal) to run" % name)
    return mod.main


def check(a):
    """Every mistake of a command line that argparse cannot see, found before
    the run starts (a run of minutes is not lost to a typo at its end).
    Raises ValueError with the one-line message."""
    from simulator.headless import parse
    for opt, script in (("--script", a.script), ("--peer-script", a.peer_script)):
        events, _ = parse(script or "")
        for _, action, name in events:
            why = action == "shot" and _writable(_shot_path(a, name))
            if why:
                raise ValueError("%s shot:%s: cannot write %s: %s"
                                 % (opt, name, _shot_path(a, name), why))
    if a.peer_script is not None and not a.link:
        raise ValueError("--peer-script is the other device's script of a headless --link run: "
                         "give --link too")
    for opt, path in (("--screenshot", a.screenshot), ("--raw", a.raw), ("--save", a.save)):
        why = path and _writable(path)
        if why:
            raise ValueError("%s %s: %s (give a file in a folder that exists)" % (opt, path, why))
    _load_app(a.app)


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

    def on_shot(name, sim):
        sim.screenshot(_shot_path(a, name), a.scale)

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
    p = _parser()
    a = p.parse_args(sys.argv[1:] if argv is None else argv)
    try:
        check(a)
    except ValueError as e:
        if a.verbose:
            import traceback
            traceback.print_exc()
        p.fail(str(e))
    if a.script is not None or a.headless or a.screenshot or a.raw or a.print_frame or a.stats:
        return headless(a)
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        sys.stderr.write("basra-sim: not a terminal; use --script/--headless for a headless run\n")
        return 2
    from simulator.terminal import run_interactive
    return run_interactive(a)


if __name__ == "__main__":
    sys.exit(main())
