"""Writing through the mounted CIRCUITPY drive, for a board whose drive is
read-only to its own REPL while a computer has it mounted."""
import glob
import hashlib
import os
import re
import shutil
from pathlib import Path

from basra_flash.errors import NO_SPACE_HELP, FlashError


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


def drive_info(drive, trees=()):
    """What a mounted CIRCUITPY drive tells without the board's serial port,
    in the form Board.probe() gives (as circup reads it): its boot_out.txt
    names the CircuitPython version, the machine and the board_id; the
    files, the free space and settings.toml's BASRA_ keys are read from the
    folder. No module list (displayio, keypad): that takes the REPL."""
    root = Path(drive)
    text = _read(root / "boot_out.txt")
    m = re.search(r"CircuitPython (\S+) on [^;\n]*;\s*([^\n]*)", text)
    if not m:
        raise FlashError(
            f"no board found: no serial port looks like a CircuitPython board, and {root} has no "
            "boot_out.txt naming its CircuitPython version (is it the CIRCUITPY drive?)")
    version = m.group(1)
    bid = re.search(r"^Board ID:(\S+)", text, re.M)
    nums = re.match(r"(\d+)\.(\d+)\.(\d+)", version)
    files = {}
    for dirpath, dirnames, names in os.walk(root):
        if Path(dirpath) == root:
            dirnames[:] = [d for d in dirnames if d in tuple(trees) + ("lib",)]
        for d in dirnames:
            files["/" + (Path(dirpath) / d).relative_to(root).as_posix()] = -1
        for n in names:
            p = Path(dirpath) / n
            files["/" + p.relative_to(root).as_posix()] = p.stat().st_size
    usage = shutil.disk_usage(root)
    settings = _read(root / "settings.toml") if (root / "settings.toml").is_file() else None
    return {
        "impl": "circuitpython", "version": version,
        "ver": tuple(int(x) for x in nums.groups()) if nums else (),
        "machine": m.group(2).strip().split(" with ")[0] if m.group(2) else "",
        "board_id": bid.group(1) if bid else None,
        "files": files, "free": usage.free, "total": usage.total, "block": 512, "rw": 0,
        "settings": None if settings is None else
        [line.split("=")[0].strip() for line in settings.splitlines() if line.strip().startswith("BASRA_")],
    }


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
