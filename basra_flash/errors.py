"""The problems basra-flash stops on: FlashError (a message a person can act
on, printed without a traceback) and the help texts several of them share."""


class FlashError(Exception):
    """A problem a person can fix; printed as it is, without a traceback."""


NO_SPACE_HELP = ("delete files you do not need from CIRCUITPY (old projects, unused libraries in /lib), "
                 "or send .mpy files, which are smaller (without --py, with CircuitPython's mpy-cross: "
                 "--mpy-cross FILE if basra-flash cannot fetch it), and run basra-flash again.")


def read_only_help():
    return (
        "CIRCUITPY is read-only to the board's REPL: CircuitPython keeps it writable only for the "
        "computer while the drive is mounted over USB, so mpremote cannot write to it. Two ways out:\n"
        "  1. copy by USB drive: give the mounted drive, e.g.\n"
        "       basra-flash --drive /media/$USER/CIRCUITPY   (macOS: /Volumes/CIRCUITPY, Windows: D:\\)\n"
        "     (basra-flash looks for a drive named CIRCUITPY by itself);\n"
        "  2. let the board write: put this boot.py on CIRCUITPY, then press reset:\n"
        "       import storage\n"
        "       storage.remount(\"/\", readonly=False)\n"
        "     The computer then sees the drive read-only until you delete boot.py (from the REPL:\n"
        "     import os; os.remove('/boot.py')) and reset. storage.remount() typed at the REPL does\n"
        "     not work: it raises RuntimeError while the drive is visible over USB (and writes then\n"
        "     fail with OSError 30, EROFS).")
