"""Tests of the MicroPython VM harness itself (harness/mpvm.py, harness/mpvm_runner.mjs,
harness/mp/alloccheck.py)."""

import json
import time

import pytest

from harness import mpvm as mpvm_module


def test_prints_result(mpvm):
    assert mpvm.run("print(1+1)", trees=()) == "2\n"


def test_runs_micropython_not_cpython(mpvm):
    out = mpvm.run("import sys\nprint(sys.implementation.name, sys.implementation.version[:2])", trees=())
    assert out.split() == ["micropython", "(1,", "27)"]


def test_exception_gives_traceback_with_script_line(mpvm):
    with pytest.raises(mpvm.MPVMError) as info:
        mpvm.run("x = 1\nprint('before')\nraise ValueError('boom')\n", trees=())
    err = info.value
    assert err.returncode == 1
    assert err.stdout == "before\n"
    assert 'File "/app/main.py", line 3' in err.stderr
    assert "ValueError: boom" in str(err)


def test_sys_exit_status(mpvm):
    assert mpvm.run("import sys\nprint('x')\nsys.exit(0)", trees=()) == "x\n"
    res = mpvm.run("import sys\nsys.exit(3)", trees=(), check=False)
    assert res.returncode == 3


def test_syntax_error_is_reported(mpvm):
    with pytest.raises(mpvm.MPVMError, match="SyntaxError"):
        mpvm.run("def f(:\n    pass\n", trees=())


def test_heap_lock_catches_allocation(mpvm):
    script = """
import micropython
def alloc():
    return [1, 2, 3]
def noalloc(a, b):
    return a * b + 1
def locked(fn, *args):
    micropython.heap_lock()
    try:
        try:
            fn(*args)
        except MemoryError:
            return 'MemoryError'
        return 'ok'
    finally:
        micropython.heap_unlock()
print(locked(alloc))
print(locked(noalloc, 6, 7))
print([0] * 3)                 # the heap is usable again
"""
    assert mpvm.run(script, trees=()).split("\n") == ["MemoryError", "ok", "[0, 0, 0]", ""]


def test_uncaught_memoryerror_under_heap_lock_does_not_hang(mpvm):
    # Without the runner's unlock-in-finally this hangs Node for good.
    start = time.monotonic()
    with pytest.raises(mpvm.MPVMError) as info:
        mpvm.run("import micropython\ndef f():\n    micropython.heap_lock()\n    return [1]\nf()\n",
                 trees=(), timeout=20)
    assert "MemoryError" in info.value.stderr
    assert "heap was still locked" in info.value.stderr
    assert time.monotonic() - start < 10


def test_script_leaving_heap_locked_fails(mpvm):
    with pytest.raises(mpvm.MPVMError, match="heap_lock"):
        mpvm.run("import micropython\nmicropython.heap_lock()\n", trees=())


def test_mem_alloc_counts_allocation(mpvm):
    script = """
import gc
gc.collect()
a = gc.mem_alloc()
b = gc.mem_alloc()
keep = bytearray(4000)
c = gc.mem_alloc()
print(b - a, c - b, gc.mem_free() > 0)
"""
    nothing, grown, free = mpvm.run(script, trees=()).split()
    assert int(nothing) == 0
    assert 4000 <= int(grown) <= 4200
    assert free == "True"


def test_timeout_kills_endless_loop(mpvm):
    start = time.monotonic()
    with pytest.raises(mpvm.MPVMTimeout, match="timeout") as info:
        mpvm.run("print('started')\nwhile True:\n    pass\n", trees=(), timeout=1.5)
    elapsed = time.monotonic() - start
    assert elapsed < 5, elapsed
    assert "started" in info.value.stdout


def test_copied_tree_is_importable(mpvm, tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("NAME = 'pkg'\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "mod.py").write_text("def f(x):\n    return x * 2\n")
    (pkg / "__pycache__").mkdir()
    (pkg / "__pycache__" / "junk.pyc").write_bytes(b"\0")
    script = """
import os
import pkg
from pkg.sub.mod import f
print(pkg.NAME, f(21), sorted(os.listdir('/app/pkg')))
"""
    assert mpvm.run(script, trees=(pkg,)) == "pkg 42 ['__init__.py', 'sub']\n"
    # a (host, vm_dir) pair puts it elsewhere
    out = mpvm.run("import sys\nsys.path.append('/x')\nimport sub.mod\nprint(sub.mod.f(1))",
                   trees=((pkg, "/x"),))
    assert out == "2\n"


def test_missing_tree_is_an_error(mpvm, tmp_path):
    with pytest.raises(FileNotFoundError):
        mpvm.run("pass", trees=(tmp_path / "nope",))


def test_micropython_const_exists(mpvm):
    script = """
from micropython import const
import micropython
N = const(52)
print(N, callable(micropython.const))
"""
    assert mpvm.run(script, trees=()) == "52 True\n"


def test_run_json_batches_checks(mpvm):
    script = """
import json
print('free text is ignored')
for i in range(3):
    print(json.dumps({"i": i, "sq": i * i}))
"""
    assert mpvm.run_json(script, trees=()) == [{"i": 0, "sq": 0}, {"i": 1, "sq": 1}, {"i": 2, "sq": 4}]


ALLOCCHECK_EXAMPLE = '''
import alloccheck

def add(a, b):
    return a + b            # small ints: no allocation

def make_list(n):
    return [0] * n          # allocates

buf = bytearray(8)
def fill(b, v):
    for i in range(len(b)):
        b[i] = v            # writes into a buffer made beforehand

print(alloccheck.locked(add, 1, 2))          # (True, None)
print(alloccheck.locked(make_list, 4))       # (False, 'MemoryError: ...')
print(alloccheck.measure(make_list, 4))      # 64 (bytes, 16-byte GC blocks)
alloccheck.report("fill", fill, buf, 7)      # {"check": "fill", "ok": true, ...}
alloccheck.report("make_list", make_list, 4)
'''


def test_alloccheck_docstring_example(mpvm):
    # The example in harness/mp/alloccheck.py's docstring, verbatim.
    doc = (mpvm.HELPERS / "alloccheck.py").read_text()
    assert ALLOCCHECK_EXAMPLE.strip() in "\n".join(l[4:] for l in doc.splitlines())
    out = mpvm.run(ALLOCCHECK_EXAMPLE, trees=())
    lines = out.splitlines()
    assert lines[0] == "(True, None)"
    assert lines[1].startswith("(False, 'MemoryError")
    assert 16 <= int(lines[2]) <= 128
    rows = [json.loads(l) for l in lines[3:]]
    assert rows[0] == {"check": "fill", "ok": True, "error": None, "alloc": 0}
    assert rows[1]["check"] == "make_list" and rows[1]["ok"] is False and rows[1]["alloc"] > 0


def test_alloccheck_locked_n_and_errors(mpvm):
    script = """
import alloccheck
count = [0]
def bump(c):
    c[0] += 1               # small int store: no allocation
def later(c):
    c[0] += 1
    if c[0] > 5:
        return [c[0]]       # allocates from the 6th call
def boom():
    raise ValueError('bad')
def many(a, b, c, d, e, f):
    return a + f
print(alloccheck.locked_n(bump, 1000, count), count[0])
count[0] = 0
print(alloccheck.locked_n(later, 10, count))
print(alloccheck.locked(boom))
print(alloccheck.locked(many, 1, 2, 3, 4, 5, 6), alloccheck.measure(many, 1, 2, 3, 4, 5, 6))
"""
    lines = mpvm.run(script, trees=()).splitlines()
    assert lines[0] == "(True, None) 1000"
    assert lines[1].startswith("(False, 'call 6 of 10: MemoryError")
    assert lines[2].startswith("(False, 'ValueError: (no message: raised with the heap locked")
    assert lines[3] == "(True, None) 0"


def test_vm_start_is_fast(mpvm):
    res = mpvm.run("pass", trees=(), check=False)
    assert res.returncode == 0
    assert res.seconds < 5, res      # about 0.2 s on the development machine


def test_require_vm_skips_or_fails(monkeypatch):
    monkeypatch.setattr(mpvm_module, "unavailable_reason", lambda: "node not found (test)")
    monkeypatch.setenv("CI", "false")
    with pytest.raises(pytest.skip.Exception, match="node not found"):
        mpvm_module.require_vm()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="required in CI"):
        mpvm_module.require_vm()
    with pytest.raises(mpvm_module.MPVMUnavailable):
        mpvm_module.run("print(1)", trees=())


def test_unavailable_reason_names_missing_node(monkeypatch):
    monkeypatch.setenv("MPVM_NODE", "")
    monkeypatch.setattr(mpvm_module.shutil, "which", lambda name: None)
    assert "node" in mpvm_module.unavailable_reason().lower()


DEPTH = """
def down(n):
    return 0 if n == 0 else down(n - 1) + 1
print(down(%d))
"""


def test_runs_have_circuitpythons_pystack_of_2048_bytes(mpvm):
    assert mpvm.CIRCUITPY_PYSTACK_WORDS * mpvm.PYSTACK_WORD_BYTES == 2048
    # 60 nested calls fit in the loader's own default (2,048 words, 8 KB) but
    # not in a board's 2,048 bytes: the default run must fail as a board would
    assert mpvm.run(DEPTH % 60, trees=(), pystack=2048) == "60\n"
    res = mpvm.run(DEPTH % 60, trees=(), check=False)
    assert res.returncode == 1 and "RuntimeError: pystack exhausted" in res.stderr, res.stderr
    assert mpvm.run(DEPTH % 10, trees=()) == "10\n"


def test_the_runner_wants_a_pystack(mpvm):
    import subprocess

    r = subprocess.run([mpvm.node_binary(), str(mpvm.RUNNER), "-"], input=b"print(1)",
                       capture_output=True, cwd=str(mpvm.REPO), timeout=60)
    assert r.returncode == 2 and b"--pystack WORDS is required" in r.stderr, r.stderr


def test_smallest_pystack_measures_call_depth(mpvm):
    base = mpvm.pystack_overhead()
    ten = mpvm.smallest_pystack(DEPTH % 10, trees=(), resolution=4)
    twenty = mpvm.smallest_pystack(DEPTH % 20, trees=(), resolution=4)
    assert 0 < base < ten < twenty
    frame = (twenty - ten) / 10          # one frame of down(): about 40 bytes
    assert 16 <= frame <= 80, (base, ten, twenty)
    # the figure is the smallest that fits: 4 bytes less does not
    assert mpvm.pystack_fits(DEPTH % 20, twenty, trees=())
    assert not mpvm.pystack_fits(DEPTH % 20, twenty - 4, trees=())


def test_pystack_fits_reports_other_failures(mpvm):
    with pytest.raises(mpvm.MPVMError, match="not for want of pystack"):
        mpvm.pystack_fits("raise ValueError('boom')", 2048, trees=())
