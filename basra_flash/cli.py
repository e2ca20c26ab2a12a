"""The command line of basra-flash: its options and main(), which turns a
FlashError into a message and an exit status (0 done, 1 failed, 2 usage:
a mistake on the command line, found before any board is touched)."""
import argparse
import os
import shutil
import sys

from basra_flash import mpycross
from basra_flash.errors import FlashError
from basra_flash.flashing import flash
from basra_flash.manifest import REPO
from basra_flash.cmdline import Parser


def parser():
    ap = Parser(
        prog="basra-flash",
        description="Put Pocket Basra on a CircuitPython 9/10 board over USB (mpremote).")
    from core.version import VERSION
    ap.add_argument("--version", action="version", version="basra-flash (Pocket Basra) " + VERSION)
    ap.add_argument("--port", help="the board's serial port (default: search for one)")
    ap.add_argument("--drive", help="copy through this mounted CIRCUITPY folder instead of the REPL")
    ap.add_argument("--dry-run", action="store_true", help="print the manifest and the space needed; touch no board")
    ap.add_argument("--py", action="store_true",
                    help="send .py sources (the board compiles them: the game starts about 4x and "
                         "the expert thinks about 2x slower than from .mpy)")
    ap.add_argument("--mpy", action="store_true",
                    help="compile to .mpy or stop (the default compiles when it can, else sends .py)")
    ap.add_argument("--mpy-cross", help="CircuitPython's mpy-cross to compile with (default: the one on "
                    "PATH if it is CircuitPython's, else Adafruit's build for the board's version, "
                    "fetched once into the cache)")
    ap.add_argument("--mpy-cross-url", default=None,
                    help="where Adafruit's mpy-cross builds are (default: $%s, else %s)"
                         % (mpycross.URL_ENV, mpycross.ADAFRUIT))
    ap.add_argument("--lines", action="store_true",
                    help="keep line numbers in the .mpy files' tracebacks (compiled without -O3: "
                         "about 3.4 KB more of the board's heap)")
    ap.add_argument("--bundle", help="a local CircuitPython library bundle (folder or zip) instead of circup")
    ap.add_argument("--no-libs", action="store_true", help="do not install the Adafruit libraries")
    ap.add_argument("--force", action="store_true", help="write every file even when it is already identical")
    ap.add_argument("--no-reset", action="store_true", help="do not soft-reset the board at the end")
    ap.add_argument("--any-board", action="store_true", help="flash a board without a pin profile (or CircuitPython > 10)")
    ap.add_argument("--checksum", default="auto", choices=("auto", "sha256", "crc32", "py"),
                    help="how the board checks files (auto: SHA-256 from hashlib, else binascii.crc32, else "
                         "Python CRC-32; says when it is not SHA-256)")
    ap.add_argument("--source", default=str(REPO), help=argparse.SUPPRESS)
    ap.add_argument("-v", "--verbose", action="store_true", help="one line per file written")
    return ap


def usage_mistake(args):
    """The one-line message for options that cannot work together or name
    nothing, or None."""
    if args.py:
        for opt, given in (("--mpy", args.mpy), ("--mpy-cross", args.mpy_cross),
                           ("--mpy-cross-url", args.mpy_cross_url), ("--lines", args.lines)):
            if given:
                return f"{opt} is about .mpy files and --py sends .py: give one of them"
    if args.mpy_cross and not (shutil.which(args.mpy_cross) or os.path.isfile(args.mpy_cross)):
        return "--mpy-cross %s: no such program (give the path of CircuitPython's mpy-cross)" % args.mpy_cross
    if args.drive and not os.path.isdir(args.drive):
        return "--drive %s: no such folder (give the mounted CIRCUITPY drive, e.g. /media/$USER/CIRCUITPY)" % args.drive
    if args.bundle and not os.path.exists(args.bundle):
        return "--bundle %s: no such folder or zip file" % args.bundle
    if args.bundle and args.no_libs:
        return "--bundle gives the libraries that --no-libs leaves out: give one of them"
    return None


def main(argv=None):
    ap = parser()
    args = ap.parse_args(argv)
    mistake = usage_mistake(args)
    if mistake:
        ap.fail(mistake)
    try:
        return flash(args)
    except FlashError as e:
        print("basra-flash: " + str(e), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("basra-flash: interrupted; run it again to finish (files already copied are kept)",
              file=sys.stderr)
        return 1
