"""The command line of basra-flash: its options and main(), which turns a
FlashError into a message and an exit status (0 done, 1 failed, 2 usage)."""
import argparse
import sys

from tools.flash.errors import FlashError
from tools.flash.flashing import flash
from tools.flash.manifest import REPO


def parser():
    ap = argparse.ArgumentParser(
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


def main(argv=None):
    args = parser().parse_args(argv)
    try:
        return flash(args)
    except FlashError as e:
        print("basra-flash: " + str(e), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("basra-flash: interrupted; run it again to finish (files already copied are kept)",
              file=sys.stderr)
        return 1
