"""The board over mpremote's raw REPL: finding its serial port, probing what
it runs and holds (PROBE_SCRIPT), writing, removing and checking files,
and the soft reset that starts the game."""
import ast
import contextlib
import io
import os
import re
import time

from basra_flash.checksum import SUM_SCRIPT
from basra_flash.errors import NO_SPACE_HELP, FlashError, read_only_help
from basra_flash.manifest import TREES

USB_VIDS = {0x239A: "Adafruit", 0x2E8A: "Raspberry Pi", 0x303A: "Espressif"}

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
            raise FlashError(board_os_error(e.error_output, dest))
        except OSError as e:
            raise FlashError(board_os_error(str(e), dest, e.errno))

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


def board_os_error(text, dest, errno=None):
    m = re.search(r"OSError: \[Errno (\d+)\]|OSError: (\d+)|Errno (\d+)", text or "")
    code = errno or (int(next(g for g in m.groups() if g)) if m else None)
    if code == 28 or "ENOSPC" in (text or "") or "No space" in (text or ""):
        return f"not enough space on the board while writing {dest}: " + NO_SPACE_HELP
    if code == 30 or "EROFS" in (text or "") or "Read-only" in (text or ""):
        return read_only_help()
    return f"writing {dest} failed on the board: {(text or '').strip().splitlines()[-1:] or text}"
