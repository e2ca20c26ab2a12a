"""The Adafruit libraries for /lib: from a local bundle (folder or zip), else
with circup (into the mounted drive, or a staging folder copied over the
REPL); which of them the board already has."""
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from basra_flash.errors import FlashError


def bundle_libs(bundle, names):
    """{board path: bytes} for ``names`` from a CircuitPython bundle folder or zip."""
    bundle = Path(bundle)
    files = {}
    if zipfile.is_zipfile(bundle):
        with zipfile.ZipFile(bundle) as z:
            entries = z.namelist()
            for name in names:
                hits = [e for e in entries if re.search(rf"(^|/)lib/{re.escape(name)}(\.mpy|\.py|/.+)$", e)
                        and not e.endswith("/")]
                for e in hits:
                    rel = e[e.index("lib/" + name):]
                    files["/" + rel] = z.read(e)
                if not hits:
                    raise FlashError(f"{bundle} has no lib/{name}: is it a CircuitPython library bundle?")
        return files
    if not bundle.is_dir():
        raise FlashError(f"--bundle {bundle}: no such folder or zip file")
    lib = bundle / "lib" if (bundle / "lib").is_dir() else bundle
    for name in names:
        found = False
        for suffix in (".mpy", ".py"):
            if (lib / (name + suffix)).is_file():
                files[f"/lib/{name}{suffix}"] = (lib / (name + suffix)).read_bytes()
                found = True
                break
        if (lib / name).is_dir():
            for f in sorted((lib / name).rglob("*")):
                if f.is_file() and "__pycache__" not in f.parts:
                    files["/lib/" + f.relative_to(lib).as_posix()] = f.read_bytes()
            found = True
        if not found:
            raise FlashError(f"{lib} has no {name}.mpy or {name}/: is --bundle a CircuitPython "
                             "library bundle (the folder that holds lib/)?")
    return files


def circup_libs(names, info, drive=None):
    """Run circup. With a mounted drive it installs there (returns {}); else it
    installs into a staging folder that looks like CIRCUITPY, whose files are
    returned to be copied over the REPL."""
    exe = shutil.which("circup")
    cmd = [exe] if exe else [sys.executable, "-m", "circup"]
    try:
        subprocess.run(cmd + ["--version"], capture_output=True, timeout=60, check=True)
    except (OSError, subprocess.SubprocessError):
        raise FlashError("the Adafruit libraries (" + ", ".join(names) + ") are missing on the board "
                         "and circup is not installed: `pip install circup`, or give a local bundle "
                         "with --bundle DIR (unzipped adafruit-circuitpython-bundle-9.x-mpy-*).")
    if drive:
        r = subprocess.run(cmd + ["--path", str(drive), "install", *names], capture_output=True, text=True)
        if r.returncode != 0:
            raise FlashError("circup failed:\n" + (r.stderr or r.stdout).strip()[-1500:])
        return {}
    with tempfile.TemporaryDirectory() as tmp:
        ver = ".".join(str(x) for x in info.get("ver") or (9, 2, 1))
        (Path(tmp) / "boot_out.txt").write_text(
            f"Adafruit CircuitPython {ver} on 2025-01-01; {info.get('machine') or 'board'}\n"
            f"Board ID:{info.get('board_id') or 'unknown'}\n")
        (Path(tmp) / "lib").mkdir()
        r = subprocess.run(cmd + ["--path", tmp, "install", *names], capture_output=True, text=True)
        if r.returncode != 0:
            raise FlashError("circup failed (it downloads the library bundle: is the network up? "
                             "--bundle DIR uses a local one):\n" + (r.stderr or r.stdout).strip()[-1500:])
        files = {}
        for f in sorted((Path(tmp) / "lib").rglob("*")):
            if f.is_file():
                files["/" + f.relative_to(tmp).as_posix()] = f.read_bytes()
        if not files:
            raise FlashError("circup installed nothing into its staging folder")
        return files


def libs_present(info, names):
    files = info.get("files", {})
    return [n for n in names if f"/lib/{n}.mpy" in files or f"/lib/{n}.py" in files
            or files.get(f"/lib/{n}") == -1]
