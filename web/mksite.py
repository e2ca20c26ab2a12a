"""``make site``: write site/, the page as a static folder (docs/web.md).

    python web/mksite.py [DIR]        (default: site)

site/ holds the page (index.html, page.js, worker.js), the MicroPython VM
from its npm package (vm/), the game's files as basra-flash copies them to
a board (board/: basra_flash.manifest's list, byte for byte, code.py at the
top), the page's displayio (lib/) and HAL (web/), and files.json, the list
the page loads into the VM. Any static server serves it (``make web``).
"""
import json
import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from basra_flash.manifest import build_manifest  # noqa: E402

WEB = REPO / "web"
VM = REPO / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
PAGE = ("index.html", "page.js", "worker.js")
VM_FILES = ("micropython.mjs", "micropython.wasm")


def build(out):
    """Write the site into out (emptied first); returns files.json's lists."""
    out = Path(out)
    missing = [f for f in VM_FILES if not (VM / f).is_file()]
    if missing:
        raise SystemExit(f"mksite: {VM} lacks {', '.join(missing)}: run `npm ci` (or `make site`)")
    if out.exists():
        shutil.rmtree(out)
    (out / "vm").mkdir(parents=True)
    for f in PAGE:
        shutil.copyfile(WEB / f, out / f)
    for f in VM_FILES:
        shutil.copyfile(VM / f, out / "vm" / f)
    lists = {"board": [], "lib": [], "web": []}
    for item in build_manifest(REPO).items:
        rel = item.dest.lstrip("/")
        dest = out / "board" / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(item.data)
        lists["board"].append(rel)
    # the key queue the page's HAL shares with Blinka's, which a board
    # (keypad, in C) is not sent
    shutil.copyfile(REPO / "hal" / "keys.py", out / "board" / "hal" / "keys.py")
    lists["board"].append("hal/keys.py")
    for folder, key in ((WEB / "lib", "lib"), (WEB / "py", "web")):
        for f in sorted(folder.glob("*.py")):
            (out / key).mkdir(exist_ok=True)
            shutil.copyfile(f, out / key / f.name)
            lists[key].append(f.name)
    (out / "files.json").write_text(json.dumps(lists, indent=1) + "\n")
    return lists


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0] if argv else REPO / "site")
    lists = build(out)
    print(f"site written to {out}: the page, the VM, {len(lists['board'])} files of the game")
    return 0


if __name__ == "__main__":
    sys.exit(main())
