"""The command line of basra-flash: its options and main(), which turns a
FlashError into a message and an exit status (0 done, 1 failed, 2 usage:
a mistake on the command line, found before any board is touched)."""
import argparse
import os
import shutil
import sys

from tools.flash.errors import FlashError
from tools.flash.flashing import flash
from tools.flash.manifest import REPO
from tools.cmdline import Parser


def parser():
    ap = Parser(
        prog="basra-flash",
        description="Put Pocket Basra on a CircuitPython 9/10 board over USB (mpremote).")
    ap.add_argument("--port", help="the board's serial port (default: search for one)")
    ap.add_argument("--drive", help="copy through this mounted CIRCUITPY folder instead of the REPL")
    ap.add_argument("--dry-run", action="store_true", help="print the manifest and the space needed; touch no board")
    ap.add_argument("--mpy", action="store_true", help="compile to .mpy with CircuitPython's mpy-cross")
    ap.add_argument("--mpy-cross", help="path of CircuitPython's mpy-cross (default: the one on PATH)")
    ap.add_argument("--lines", action="store_true",
                    help="with --mpy: keep line numbers in tracebacks (compiled without -O3: "
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
    if args.lines and not args.mpy:
        return "--lines keeps line numbers in .mpy files: give it with --mpy"
    if args.mpy_cross and not args.mpy:
        return "--mpy-cross names the compiler of --mpy: give --mpy too"
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
