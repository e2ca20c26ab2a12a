"""make bench: the core's figures on CPython and on the MicroPython VM, side by
side, then the device app's start-up and press-to-frame (tools/bench_device.py).

    python -m tools.bench            # print the table
    python -m tools.bench --write    # also write it into docs/performance.md

RP2040 estimates scale a figure by the calibration loop of tools/calibrate.py
timed in the same run on the same VM (132 s published for CircuitPython on a
QT Py RP2040 at 125 MHz): an estimate, not a measurement on a board.
"""
import sys
import tempfile
import time
from pathlib import Path

from harness.mpvm import compile_trees, run_json
from core.ai import LEVELS, TABLE
from core.ai.player import DEVICE_DEADLINE_MS as DEADLINE
from tools import bench_core, bench_device
from tools.calibrate import (PUBLISHED_RP2040_SECONDS, prime_loop_seconds,
                             vm_prime_loop_seconds)
from basra_flash.cmdline import Parser

REPO = Path(__file__).resolve().parent.parent


def _searches(lv):
    # a search level (the registry's kind: 2 or 3), timed over more hands
    return TABLE[6 * LEVELS.index(lv)] >= 2


def workloads(scale):
    """(name, call) pairs; scale: the RP2040 factor of the VM they run on."""
    return WORKLOADS + [
        ("device_" + lv, "bench_core.ai_decisions(%r, 4, 2, %r)" % (lv, scale)) for lv in ("hard", "expert")
    ]


WORKLOADS = [
    ("gen_typical", "bench_core.gen_typical()"),
    ("gen_worst", "bench_core.gen_worst()"),
    ("gen_worst_french", "bench_core.gen_worst(200, 'french')"),
    ("gen_small14", "bench_core.gen_constructed('small14')"),
    ("gen_full", "bench_core.gen_constructed('full')"),
    ("greedy_hand", "bench_core.greedy_hands(10)"),
] + [("ai_" + lv, "bench_core.ai_decisions(%r, %d)" % (lv, 4 if _searches(lv) else 2)) for lv in LEVELS]

HEAP_SCRIPT = """
import gc, json
live = {}
def step(i):
    h = gc.mem_alloc()  # after the collection made between steps
    if i == 0:
        print(json.dumps({"heap": "base", "bytes": h}))
        import core.cards, core.prng, core.rules, core.scoring, core.sums, core.state, core.game
    elif i == 1:
        print(json.dumps({"heap": "core", "bytes": h}))
        import core.ai.observe, core.ai.world, core.ai.evaluate, core.ai.roots, core.ai.search, core.ai.onestep, core.ai.player
    elif i == 2:
        print(json.dumps({"heap": "core_ai", "bytes": h}))
        from core.game import Game
        from core.presets import preset
        from core.ai.player import Player
        from core.ai.observe import observe
        live["observe"] = observe
        rules = preset("egyptian", players=4)
        g = Game(rules, 5)
        # hard's search has the fixed schedule beside the anytime ones: one
        # set of buffers for every seat, as one decides at a time
        hard = Player(rules, "hard", 3)
        live["game"] = g
        seats = []
        for s, lv in enumerate(("expert", "hard", "normal", "expert")):
            p = hard if lv == "hard" else Player(rules, lv, s + 1)
            p.search, p.obs = hard.search, hard.obs
            seats.append(p)
        live["seats"] = seats
    elif i == 3:
        print(json.dumps({"heap": "game_ready", "bytes": h}))
    if i >= 3:
        # one hand a step; nothing is collected inside a step, so the most
        # the heap grows in a step bounds the garbage a hand makes
        g = live["game"]
        observe = live["observe"]
        if g.winner is None:
            seats = live["seats"]
            g.start_hand()
            st = g.state
            most = h
            while not st.hand_over():
                if st.hands_empty():
                    st.deal()
                # as the device decides: observe, search step by step, read the play
                p = seats[st.to_move]
                obs = observe(st, st.to_move, p.obs, g.carry)
                if not p.begin(obs, None):      # the one decider (core/ai/player.py)
                    while not p.step(-1):
                        pass
                i = p.best()
                st.apply(p.search.root[2 * i], p.search.root[2 * i + 1])
                m = gc.mem_alloc()
                if m > most:
                    most = m
            g.end_hand()
            print(json.dumps({"heap": "hand", "start": h, "most": most}))
    gc.collect()
"""


def cpython_figures(scale):
    out = {}
    for name, call in workloads(scale):
        out[name] = eval(call, {"bench_core": bench_core})
    return out


def vm_figures(scale):
    script = "import json\nfrom tools import bench_core\n"
    for name, call in workloads(scale):
        script += "print(json.dumps({'name': %r, 'fig': %s}))\n" % (name, call)
    rows = run_json(script, trees=("core", "hal", "tools"), helpers=False, timeout=1200)
    return {r["name"]: r["fig"] for r in rows}


def heap_figures(trees, mpy=False):
    rows = run_json(HEAP_SCRIPT, trees=trees, helpers=False, steps=12, timeout=600, mpy=mpy)
    heap = {r["heap"]: r["bytes"] for r in rows if "bytes" in r}
    hands = [r for r in rows if r["heap"] == "hand"]
    base = heap["base"]
    return {
        "core": heap["core"] - base,
        "core_ai": heap["core_ai"] - base,
        "game_ready": heap["game_ready"] - base,
        "hand_growth": max(r["most"] - r["start"] for r in hands),
        "live_between_hands": max(r["start"] for r in hands) - base,
        "hands": len(hands),
    }


def table(cp, vm, cp_loop, vm_loop, heap_py, heap_mpy, device=None):
    f_vm = PUBLISHED_RP2040_SECONDS / vm_loop

    def row(label, key, field, target=""):
        # a workload's figure (field "us": µs, else ms) on CPython, on the VM
        # and the VM's scaled to an RP2040
        c, v = cp[key][field], vm[key][field]
        est = v * f_vm
        if field == "us":
            return "| %s | %.0f µs | %.0f µs | %.1f ms | %s |" % (label, c, v, est / 1000, target)
        return "| %s | %.2f ms | %.1f ms | %.2f s | %s |" % (label, c, v, est / 1000, target)

    lines = [
        "| figure | CPython | MicroPython VM | RP2040 estimate (from the VM) | target |",
        "|---|---|---|---|---|",
        row("legal plays, typical (4 in hand, 4-6 on the floor; %.1f plays)" % cp["gen_typical"]["plays"],
            "gen_typical", "us", "≤ 20 ms"),
        row("legal plays, slowest of 200 floors of 10-20 cards (egyptian; VM: %d cards, %d plays)"
            % (vm["gen_worst"]["floor"], vm["gen_worst"]["plays"]), "gen_worst", "us", "reported"),
        row("legal plays, slowest of 200 floors of 10-20 cards (french; VM: %d cards, %d plays)"
            % (vm["gen_worst_french"]["floor"], vm["gen_worst_french"]["plays"]),
            "gen_worst_french", "us", "reported"),
        row("legal plays, constructed: an 8 on 14 small number cards (%d plays)" % vm["gen_small14"]["plays"],
            "gen_small14", "us", "reported"),
        row("legal plays, constructed, the slowest known: a 10 on all 36 other number cards (%d plays)"
            % vm["gen_full"]["plays"], "gen_full", "us", "reported"),
        row("one hand of greedy self-play", "greedy_hand", "ms"),
    ]
    for lv in LEVELS:
        targeted = lv in ("hard", "expert")     # (master: docs/ai.md)
        lines.append(row("AI decision, %s, median of %d" % (lv, vm["ai_" + lv]["decisions"]), "ai_" + lv, "median",
                         "≤ 1 s median" if targeted else ""))
        lines.append(row("AI decision, %s, worst" % lv, "ai_" + lv, "worst", "≤ 2 s worst" if targeted else ""))
    for lv in ("hard", "expert"):
        label = "AI decision, %s at the device budget (%d ms deadline on the RP2040 clock)" % (lv, DEADLINE)
        lines.append(row(label + ", median", "device_" + lv, "median", "≤ 1 s"))
        lines.append(row(label + ", worst", "device_" + lv, "worst", "≤ 2 s"))
    lines += [
        "",
        "| heap on the MicroPython VM | from .py source | from .mpy (mpy-cross) | target |",
        "|---|---|---|---|",
    ]
    for label, key, target in (
            ("after importing core", "core", ""),
            ("after importing core and the AI", "core_ai", "≤ 40 KB"),
            ("4-player game set up (game, 4 AI seats sharing one search)", "game_ready", ""),
            ("live heap between hands, most", "live_between_hands", ""),
            ("most the heap grows within one hand (garbage included)", "hand_growth", "peak ≤ core+AI + 8 KB")):
        m = "%.1f KB" % (heap_mpy[key] / 1024) if heap_mpy else "n/a"
        lines.append("| %s | %.1f KB | %s | %s |" % (label, heap_py[key] / 1024, m, target))
    lines += [
        "",
        "Calibration loop (tools/calibrate.py) in this run: CPython %.2f s, MicroPython VM %.2f s; "
        "RP2040 factor for VM figures %.1fx (1 s on an RP2040 ≈ %.0f ms on the VM)."
        % (cp_loop, vm_loop, f_vm, 1000 * vm_loop / PUBLISHED_RP2040_SECONDS),
    ]
    if device is not None:
        lines += [""] + bench_device.tables(device)
    return "\n".join(lines)


def main(argv=None):
    ap = Parser(prog="python -m tools.bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", action="store_true", help="write the table into docs/performance.md")
    args = ap.parse_args(argv)
    t0 = time.time()
    cp_loop = prime_loop_seconds()[0]
    vm_loop = vm_prime_loop_seconds()[0]
    print("calibration: CPython %.2f s, VM %.2f s" % (cp_loop, vm_loop), file=sys.stderr)
    cp = cpython_figures(PUBLISHED_RP2040_SECONDS / cp_loop)
    print("CPython figures done", file=sys.stderr)
    vm = vm_figures(PUBLISHED_RP2040_SECONDS / vm_loop)
    print("VM figures done", file=sys.stderr)
    heap_py = heap_figures(("core",))
    with tempfile.TemporaryDirectory() as tmp:
        trees = compile_trees(("core",), tmp)
        heap_mpy = heap_figures(trees, mpy=True) if trees else None
    device = bench_device.measure_all()
    print("device figures done", file=sys.stderr)
    text = table(cp, vm, cp_loop, vm_loop, heap_py, heap_mpy, device)
    print(text)
    print("(%.0f s)" % (time.time() - t0), file=sys.stderr)
    if args.write:
        path = REPO / "docs" / "performance.md"
        doc = path.read_text()
        start = doc.index("<!-- bench -->")
        end = doc.index("<!-- /bench -->")
        path.write_text(doc[:start] + "<!-- bench -->\n" + text + "\n" + doc[end:])
        print("wrote", path, file=sys.stderr)


if __name__ == "__main__":
    main()
