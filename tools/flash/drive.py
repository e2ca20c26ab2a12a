"""Writing through the mounted CIRCUITPY drive, for a board whose drive is
read-only to its own REPL while a computer has it mounted."""
import glob
import hashlib
import os
from pathlib import Path

from tools.flash.errors import NO_SPACE_HELP, FlashError


def find_drive(board_id=None):
    cands = []
    user = os.environ.get("USER") or os.environ.get("LOGNAME") or ""
    for pat in (f"/media/{user}/CIRCUITPY*", "/media/*/CIRCUITPY*", "/run/media/*/CIRCUITPY*",
                "/media/CIRCUITPY*", "/mnt/CIRCUITPY*", "/Volumes/CIRCUITPY*"):
        for p in sorted(glob.glob(pat)):
            if os.path.isdir(p) and p not in cands:
                cands.append(p)
    if board_id:
        same = [p for p in cands if f"Board ID:{board_id}" in _read(Path(p) / "boot_out.txt")]
        if same:
            return same[0]
    return cands[0] if len(cands) == 1 else None


def _read(path):
    try:
        return path.read_text(errors="replace")
    except OSError:
        return ""


class DriveWriter:
    """Writes through the mounted CIRCUITPY drive (a host folder)."""

    def __init__(self, root):
        self.root = Path(root)
        if not self.root.is_dir():
            raise FlashError(f"--drive {root}: no such folder (is CIRCUITPY mounted?)")

    def _p(self, dest):
        return self.root / dest.lstrip("/")

    def write(self, dest, data):
        p = self._p(dest)
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
            with open(p, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
        except OSError as e:
            if e.errno == 28:
                raise FlashError(f"not enough space on {self.root} while writing {dest}: " + NO_SPACE_HELP)
            raise FlashError(f"writing {p} failed: {e.strerror or e}")

    def mkdir(self, path):
        self._p(path).mkdir(parents=True, exist_ok=True)

    def remove(self, path):
        try:
            self._p(path).unlink()
        except FileNotFoundError:
            pass

    def sums(self, paths, algo="sha256"):
        res = {}
        for p in paths:
            try:
                res[p] = ("sha256", hashlib.sha256(self._p(p).read_bytes()).hexdigest())
            except OSError:
                res[p] = ("-", "-")
        return res
