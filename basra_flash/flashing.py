"""One run of basra-flash, in the order the package docstring gives: build
the manifest, take the board (its serial port, or only its mounted drive),
check it, choose the compiler for its CircuitPython version, work out what
to write (skipping identical files, removing stale ones) and whether it
fits, write, check every file, soft-reset."""
import time
from pathlib import Path

from basra_flash import mpycross
from basra_flash.board import Board, find_port
from basra_flash.checks import check_board
from basra_flash.checksum import same_sum
from basra_flash.drive import DriveWriter, drive_info, find_drive
from basra_flash.errors import NO_SPACE_HELP, FlashError, read_only_help
from basra_flash.libs import bundle_libs, circup_libs, libs_present
from basra_flash.manifest import (BLOCK, TREES, Item, build_manifest, in_blocks, print_manifest,
                                  settings_template)


def compiler(args, version, out):
    """The mpy-cross to compile with, or None to send .py (saying so in one
    line, with what it costs)."""
    if args.py:
        out("  sending .py files (--py): " + mpycross.PY_COST)
        return None
    exe, why = mpycross.choose(version, args.mpy_cross, args.mpy_cross_url, out)
    if exe is None:
        if args.mpy:
            raise FlashError(f"--mpy: no CircuitPython mpy-cross to compile with: {why}")
        if version is not None:
            out(f"  sending .py files: {why}; {mpycross.PY_COST}")
        return None
    return exe


def flash(args, out=print):
    t0 = time.monotonic()
    source = Path(args.source)
    if args.dry_run:
        exe = compiler(args, None, out)
        m = build_manifest(source, exe, lines=args.lines)
        print_manifest(m, out)
        if exe is None and not args.py:
            out("note: sizes as .py files (no CircuitPython mpy-cross at hand); flashing compiles "
                "them to .mpy with the mpy-cross for the board's CircuitPython version")
        if args.bundle:
            libs = bundle_libs(args.bundle, m.libs)
            n = sum(in_blocks(len(d)) for d in libs.values())
            out(f"libraries from the bundle: {len(libs)} files, {n:,} bytes in blocks")
        return 0
    build_manifest(source)        # a broken checkout stops here, before any board is touched

    drive = args.drive
    board = None
    try:
        port = find_port(args.port)
    except FlashError as e:
        # no serial port: a mounted CIRCUITPY drive is enough to copy (as circup
        # does), its boot_out.txt naming the version; only the reset needs the port
        if args.port or not str(e).startswith("no board found"):
            raise
        drive = drive or find_drive()
        if not drive:
            raise
        port = None
    if port is None:
        info = drive_info(drive, TREES)
        out(f"board: no serial port found; copying through the drive at {drive}")
        out(f"  boot_out.txt: CircuitPython {info['version']} on {info.get('machine') or '?'}; "
            f"board_id {info.get('board_id')}")
        out(f"  CIRCUITPY: {info['free']:,} of {info['total']:,} bytes free")
    else:
        out(f"board: {port}")
        board = Board(port)
    try:
        if board is not None:
            if board.interrupted:
                out("  stopped the program running on the board" + (":" if args.verbose else
                    " (-v shows what it printed)"))
                if args.verbose:
                    for line in board.interrupted.splitlines():
                        out("    " + line)
            info = board.probe()
            vtext = ".".join(str(x) for x in info.get("ver", ()))
            out(f"  {info.get('impl')} {vtext} on {info.get('machine')}; board_id {info.get('board_id')}; "
                f"nvm {info.get('nvm')} bytes; heap free {info.get('mem_free'):,} bytes (gc.mem_free)")
            out(f"  CIRCUITPY: {info['free']:,} of {info['total']:,} bytes free")
        note = check_board(info, args.any_board)
        if note:
            out("  note: " + note)

        writer = board
        if board is not None and info.get("rw"):
            if info["rw"] != 30:
                raise FlashError(f"the board cannot write to its drive (OSError {info['rw']})")
            drive = drive or find_drive(info.get("board_id"))
            if not drive:
                raise FlashError(read_only_help())
            out(f"  CIRCUITPY is read-only to the REPL: copying through the drive at {drive}")
        if drive:
            writer = DriveWriter(drive)

        exe = compiler(args, mpycross.version_text(info), out)
        m = build_manifest(source, exe, lines=args.lines)

        files = info.get("files", {})
        block = info.get("block") or BLOCK
        items = list(m.items)
        if info.get("settings") is None:
            items.append(Item("/settings.toml", settings_template(info.get("board_id")), "template"))
        else:
            out("  settings.toml: kept (the board's own file is never overwritten)")

        # libraries
        missing = [n for n in m.libs if n not in libs_present(info, m.libs)] if not args.force else list(m.libs)
        if args.no_libs:
            missing = []
        if missing:
            if args.bundle:
                libfiles = bundle_libs(args.bundle, missing)
                src = f"bundle {args.bundle}"
            else:
                libfiles = circup_libs(missing, info, drive if writer is not board else None)
                src = "circup"
            for dest, data in libfiles.items():
                items.append(Item(dest, data, src))
            out(f"  libraries: {', '.join(missing)} from {src}")
        else:
            out(f"  libraries: {', '.join(m.libs)} already in /lib" if not args.no_libs else "  libraries: skipped (--no-libs)")

        # stale files of ours: twins (.py <-> .mpy) and files the manifest no longer has
        ours = {i.dest for i in items}
        stale = []
        for p, size in files.items():
            if size < 0 or p in ours:
                continue
            if p.split("/")[1] in TREES and p.endswith((".py", ".mpy")):
                stale.append(p)

        # skip identical files
        algo = args.checksum
        if writer is board:
            algo = board.checksum(args.checksum)
            if args.checksum == "auto" and algo != "sha256":
                out(f"  checksum: {algo}, not SHA-256: the board has no hashlib.sha256 "
                    "or hashlib.new('sha256')")
        todo = items
        if not args.force:
            present = [i.dest for i in items if files.get(i.dest, -1) == i.size]
            before = writer.sums(present, algo) if present else {}
            todo = [i for i in items if not same_sum(before.get(i.dest), i.data)]
            if len(todo) < len(items):
                out(f"  {len(items) - len(todo)} files already identical on the board")

        need = sum(in_blocks(i.size, block) for i in todo)
        freed = sum(in_blocks(files.get(i.dest, 0), block) for i in todo if files.get(i.dest, -1) > 0)
        freed += sum(in_blocks(files[p], block) for p in stale)
        dirs = {d for i in todo for d in _parents(i.dest)} - {p for p, s in files.items() if s < 0}
        need += block * len(dirs)
        if need - freed > info["free"]:
            raise FlashError(
                f"not enough space on the board: the files need {need - freed:,} bytes more than "
                f"the {info['free']:,} free (CIRCUITPY holds {info['total']:,}). " + NO_SPACE_HELP)

        # write
        for d in sorted(dirs, key=lambda x: x.count("/")):
            writer.mkdir(d)
        for p in stale:
            writer.remove(p)
        if stale:
            out(f"  removed {len(stale)} stale files: {' '.join(stale[:6])}{' ...' if len(stale) > 6 else ''}")
        written = 0
        for n, i in enumerate(todo, 1):
            writer.write(i.dest, i.data)
            written += i.size
            if args.verbose:
                out(f"  [{n}/{len(todo)}] {i.dest} {i.size} bytes")
        out(f"  wrote {len(todo)} files, {written:,} bytes")

        # verify every file of the manifest, copied now or before
        got = writer.sums([i.dest for i in items], algo)
        bad = [i.dest for i in items if not same_sum(got.get(i.dest), i.data)]
        if bad:
            raise FlashError("these files do not match on the board after copying (a bad cable or a "
                             "full drive?): " + ", ".join(bad) + ". Run basra-flash again.")
        used = sorted({v[0] for v in got.values()})
        out(f"  checked {len(items)} files on the board ({'/'.join(used)}): all match")

        if board is None:
            out("  could not reset the board (no serial port): CircuitPython restarts code.py by itself "
                "when the drive's files change; else press the board's reset button")
        elif not args.no_reset:
            board.reset()
            out("  soft reset: the game starts")
        out(f"done in {time.monotonic() - t0:.1f} s")
        return 0
    finally:
        if board is not None:
            board.close()


def _parents(dest):
    parts = dest.strip("/").split("/")[:-1]
    return ["/" + "/".join(parts[:k]) for k in range(1, len(parts) + 1)]
