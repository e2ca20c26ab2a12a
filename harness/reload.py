"""A board that reloads: code.py run after code.py, each in a fresh
MicroPython VM (a soft reload starts a new heap), with what CircuitPython
keeps between them carried over: the display and the I2C pins its bus holds,
and microcontroller.nvm (harness/mpstub/reloadboard.py has the stand-ins).

    board = ReloadingBoard()
    first = board.run("ai")        # the game, reloaded while an AI thinks
    after = board.run("resume")    # the next code.py: Continue at the menu
    after["resumed"]               # the game the table showed

A run ends with the reload its scenario asks for ("menu", "game", "ai",
"save", "summary", "resume"; reloadboard.SCENARIOS) or, when the game never gets
there (a set-up problem: hal.run waits), after a limit of loop turns.
Every reload kind is the same to CircuitPython's supervisor (an
auto-reload after a file is saved, Ctrl-D, basra-flash's soft reset, the
return from the REPL): the next code.py finds the display alive.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from harness import mpvm

REPO = Path(__file__).resolve().parent.parent

SCRIPT = r"""
import sys
sys.path.insert(0, "/app/mpstub")
sys.path.insert(0, "/app/lib")
import displayio
import reloadboard as R
R.install(KEPT, bytes.fromhex(NVM))
R.scenario[0] = R.SCENARIOS[SCENARIO]
R.LIMIT[0] = LIMIT
src = open("/app/device/code.py").read()
try:
    exec(src, {"__name__": "__main__"})
except R.ReloadException as e:
    R.traced(e)
R.end()
"""


class ReloadingBoard:
    def __init__(self, nvm_bytes=4096, timeout=240.0):
        self.kept = []                      # pins the kept display holds
        self.nvm = b"\xff" * nvm_bytes      # erased flash
        self.timeout = timeout
        self.serial = []                    # what each run printed
        self.runs = 0
        self._tmp = tempfile.TemporaryDirectory(prefix="basra-reload-")
        from harness.mpvm import lib_tree
        self._lib = lib_tree(self._tmp.name)

    def close(self):
        self._tmp.cleanup()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def run(self, scenario, limit=3000):
        """One code.py run to its reload; returns the run's record (dict):
        reloaded_in, stack (the files the reload unwound, innermost first),
        kept, game, saved, screen, resumed, continue, init_ms (what
        busdisplay waits sending the panel's init sequence), serial."""
        script = "KEPT = %r\nNVM = %r\nSCENARIO = %r\nLIMIT = %d\n" % (
            self.kept, self.nvm.hex(), scenario, limit) + SCRIPT
        trees = ["core", "hal", "device", ("harness/mpstub", "/app/mpstub"), self._lib]
        out = mpvm.run(script, trees=trees, mpy=True, timeout=self.timeout)
        lines = out.splitlines()
        rec = None
        text = []
        for line in lines:
            if line.startswith("{") and '"at": "end"' in line:
                rec = json.loads(line)
            else:
                text.append(line)
        if rec is None:
            raise RuntimeError("the run did not end with its record:\n" + out[-2000:])
        self.runs += 1
        self.kept = rec["kept"]
        self.nvm = bytes.fromhex(rec.pop("nvm"))
        rec["serial"] = "\n".join(text)
        self.serial.append(rec["serial"])
        return rec
