"""basra-flash: put Pocket Basra on a CircuitPython board in one command.

    basra-flash                      # find the board, compile to .mpy, copy, check, restart it
    basra-flash --port /dev/ttyACM0  # choose the board
    basra-flash --drive FOLDER       # copy through the mounted CIRCUITPY (no serial port needed)
    basra-flash --dry-run            # the manifest with sizes and the space needed
    basra-flash --py                 # send .py sources instead (slower on the board)
    basra-flash --bundle DIR|ZIP     # libraries from a local CircuitPython bundle
    python -m basra_flash ...        # the same

What it does, in order:

1. builds the manifest from this checkout: the board's ``/code.py`` is
   ``device/code.py`` (the device app's own launcher: ``hal.run(main)``), and
   ``core/``, ``hal/``, ``device/`` are copied with only the modules the app
   imports (followed through every import, also those inside functions);
   the rest is listed as left out, with the reason;
2. finds the board (``--port``, else the one USB serial port that looks like
   CircuitPython), talks to it with mpremote's raw REPL and checks that it
   runs CircuitPython 9 or 10, has displayio and keypad, and has a pin
   profile in hal/profiles.py (or BASRA_ pins in its settings.toml); with
   no serial port, a mounted CIRCUITPY drive (``--drive``, else the one
   found) is enough: its boot_out.txt names the version and the board;
3. checks that the drive is writable from the REPL (CIRCUITPY is read-only
   to the board while a computer has it mounted) and has room; compiles
   the modules to .mpy with CircuitPython's mpy-cross for the board's
   version (mpycross: ``--mpy-cross``, PATH's if it is CircuitPython's,
   else Adafruit's build fetched once into a cache), else sends .py and
   says what that costs;
4. writes every file to an absolute path (``:/code.py``: relative
   destinations hit circuitpython issue 10507), skipping files that are
   already identical, removes stale ``.py``/``.mpy`` twins and files of
   ours that the manifest no longer has, writes a commented
   ``settings.toml`` only when the board has none;
5. installs the Adafruit libraries into ``/lib`` (from ``--bundle``, else
   with circup into a staging folder that is then copied);
6. checks every copied file on the board (SHA-256 with hashlib: its
   sha256, or hashlib.new("sha256") as CircuitPython has it; else
   binascii.crc32, else a small CRC-32 in Python, saying so) against the
   host;
7. soft-resets the board (Ctrl-B, Ctrl-D) so code.py starts the game (not
   possible without the serial port: it says so).

Errors are messages, never tracebacks; the exit status is 0 on success,
2 for a usage error and 1 for anything else.

The package, one module a job: manifest (what goes on the board), board
(mpremote's raw REPL), drive (the mounted CIRCUITPY), checks (can this
board run it), mpycross (the compiler), libs (the Adafruit libraries),
checksum (host and board sums), flashing (one run, steps 1 to 7), cli
(options and main), cmdline (the one-line errors of every command line).
"""
from basra_flash.board import Board, board_text, find_port
from basra_flash.cli import main, parser
from basra_flash.errors import FlashError
from basra_flash.flashing import flash
from basra_flash.libs import bundle_libs, circup_libs
from basra_flash.manifest import LIBS, build_manifest, find_mpy_cross, print_manifest, settings_template

__all__ = ["Board", "FlashError", "LIBS", "board_text", "build_manifest", "bundle_libs", "circup_libs",
           "find_mpy_cross", "find_port", "flash", "main", "parser", "print_manifest", "settings_template"]
