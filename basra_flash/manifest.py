"""What goes on the board: the modules of core/, hal/ and device/ the app
imports (followed through every import, also those inside functions), what
is left out and why, the Adafruit libraries it needs, a settings.toml
template, and the space all that takes in the drive's blocks."""
import ast
import shutil
import subprocess
import tempfile
from pathlib import Path

from basra_flash.errors import FlashError

REPO = Path(__file__).resolve().parents[1]   # the checkout, or site-packages in an install
TREES = ("core", "hal", "device")
LAUNCHER = "device/code.py"
# the data files the app reads (device/gfx.py: the font and card sheets), sent as they are
DATA = ("device/sheets",)
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
    "device/code.py": "copied as /code.py instead",
}
# CircuitPython's own modules (not libraries to install).
BUILTIN = {
    "analogio", "array", "audiocore", "audiopwmio", "binascii", "bitmaptools", "board",
    "busio", "collections", "digitalio", "displayio", "errno", "fontio", "gc", "i2cdisplaybus",
    "io", "json", "keypad", "math", "microcontroller", "micropython", "os", "pwmio", "random",
    "rtc", "select", "storage", "struct", "supervisor", "sys", "terminalio", "time", "usb_cdc",
    "vectorio", "fourwire", "busdisplay", "hashlib", "zlib", "traceback",
    "espnow",   # ESP32-S2/S3 builds only (hal/link.py imports it there)
}


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
        self.lines = False        # .mpy compiled with line numbers (--lines), else -O3
        self.notes = []

    def total(self):
        return sum(i.size for i in self.items)

    def blocks_needed(self):
        return sum(in_blocks(i.size) for i in self.items)


def in_blocks(n, block=BLOCK):
    """n bytes rounded up to whole blocks of the drive."""
    return (n + block - 1) // block * block


# module-level names whose strings name modules the app imports by name
REGISTRIES = ("SCREENS", "LINK", "_GAME")


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
    for node in tree.body:
        # the app's registries name modules it imports by name (device/screens.py
        # SCREENS and LINK: "module.Class" or "module"; device/app.py _GAME)
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in REGISTRIES
                                                for t in node.targets):
            out += [c.value for c in ast.walk(node.value)
                    if isinstance(c, ast.Constant) and isinstance(c.value, str)]
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
    """CircuitPython's mpy-cross at path (else on PATH), or a FlashError
    saying why not (mpycross.choose also fetches Adafruit's build)."""
    from basra_flash.mpycross import check

    exe = path or shutil.which("mpy-cross")
    if not exe:
        raise FlashError("no mpy-cross on PATH: give CircuitPython's with --mpy-cross FILE")
    return check(exe)


def mpy_cross_options(rel, lines=False):
    """mpy-cross's options for the repository file rel ("core/state.py") as
    a board gets it (basra-flash, and the VM model: harness/mpvm.py
    compile_trees): -O3, no line numbers in tracebacks (about 3.4 KB less
    of the board's heap), unless lines; -s the path the board imports it
    from (sys.path's first entry is '', the drive's root), which is also
    its __file__: one interned name a module instead of two."""
    return ([] if lines else ["-O3"]) + ["-s", rel[:-3] + ".mpy"]


def build_manifest(repo=REPO, mpy_cross=None, lines=False):
    """What basra-flash puts on a board from repo: .py files, or with
    mpy_cross .mpy files compiled with -O3 (no line numbers in tracebacks:
    about 3.4 KB less of the board's heap, docs/heap.md), unless
    lines."""
    repo = Path(repo)
    m = Manifest()
    m.app = LAUNCHER
    start = [repo / LAUNCHER, repo / "hal" / "__init__.py"]
    for f in start:
        if not f.is_file():
            raise FlashError(f"{f} is missing: run basra-flash from a complete Pocket Basra checkout")
    seen, outside = closure(repo, start)
    m.items.append(Item("/code.py", start[0].read_bytes(), LAUNCHER))
    m.libs = sorted({n for n in outside if n.startswith("adafruit_")} | set(LIBS))
    unknown = sorted(n for n in outside if n not in BUILTIN and not n.startswith("adafruit_"))
    if unknown:
        m.notes.append("imports that are neither CircuitPython modules nor Adafruit libraries: "
                       + ", ".join(unknown))
    wanted = {str(f.relative_to(repo)): mod for mod, f in seen.items()}
    m.mpy = mpy_cross is not None
    m.lines = lines
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
                    r = subprocess.run([mpy_cross] + mpy_cross_options(rel, lines) + ["-o", str(out), str(f)],
                                       capture_output=True)
                    if r.returncode != 0:
                        raise FlashError(f"mpy-cross failed on {rel}: "
                                         + r.stderr.decode(errors="replace").strip())
                    data = out.read_bytes()
                    dest = dest[:-3] + ".mpy"
                m.items.append(Item(dest, data, rel, wanted[rel]))
        for folder in DATA:
            for f in sorted((repo / folder).glob("*.bin")):
                rel = f.relative_to(repo).as_posix()
                m.items.append(Item("/" + rel, f.read_bytes(), rel))
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
    how = (", compiled to .mpy" + (" with line numbers" if m.lines else " (-O3: no line numbers)")) if m.mpy else ""
    out(f"Pocket Basra for the board (app: {m.app}{how})")
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
