"""The device app's heap on the MicroPython VM (WebAssembly), as a board
holds it: the board model (the app compiled by mpy-cross, the HAL a Pico
opens over harness/mpstub's stand-ins), and runs of the app over many
presses and whole games that watch the heap for growth.

    python -m tools.heap            # the board model
    python -m tools.heap --mash 40  # random presses: 40 stretches of 3000 loop turns
    python -m tools.heap --link     # what each of a link game's modules adds, and the soak's other device
    python -m tools.heap --soak     # whole games at every level and link games, every screen opened 20 times
"""
import contextlib
import os
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

@contextlib.contextmanager
def vm_trees(mpy, libs=False):
    """The folders the VM gets: core, hal, device (compiled with mpy-cross
    when mpy), the stand-ins, and with libs the two Adafruit libraries
    (harness/mpvm.py lib_tree); what is made lives in a temporary folder removed after."""
    sys.path.insert(0, REPO)
    from harness import mpvm
    with tempfile.TemporaryDirectory(prefix="basra-vm-") as tmp:
        names = ("core", "hal", "device")
        trees = mpvm.compile_trees(names, os.path.join(tmp, "app")) if mpy else list(names)
        trees.append(("harness/mpstub", "/app/mpstub"))
        if libs:
            trees.append(mpvm.lib_tree(tmp, mpy))
        yield trees


def on_board(script, rows=False, mpy=True, **kw):
    """What script printed on the VM over vm_trees(mpy, libs=True) (rows:
    its JSON lines, harness/mpvm.py run_json)."""
    from harness import mpvm
    with vm_trees(mpy, libs=True) as trees:
        return (mpvm.run_json if rows else mpvm.run)(script, trees=trees, mpy=mpy, **kw)


# the head of a VM script that runs the app over the board (heapapp)
BOARD_HEAD = """
import sys, gc, json
sys.path.insert(0, "/app/mpstub")
sys.path.insert(0, "/app/lib")
import displayio    # a board's: in its ROM, before the app starts
import heapapp as H
H.install_board()
"""

MASH = BOARD_HEAD + r'''
SEED = [%d]
PAD = bytearray(%d)     # moves every later address (growth(): chance or leak)
RARE = %r
hold = [-1, 0]      # button held, release time
count = {"presses": 0, "holds": 0, "sleeps": 0}


def policy():
    k = hold[0]
    if k >= 0:
        if H.clock.now >= hold[1]:
            H.keys.q.append((k, False))
            hold[0] = -1
        return
    SEED[0] = H.lcg(SEED[0])
    r = SEED[0] >> 8
    b = (5, 4, 4, 4, 2, 3, 3, 0, 1, 5)[r %% 10]
    kind = (r >> 4) %% 100
    if kind < 55:
        H.tap(b)
        count["presses"] += 1
    elif kind < 62:
        for _ in range(2 + (r >> 11) %% 4):
            H.tap(b)
            count["presses"] += 1
    elif kind < 68:
        H.keys.q.append((b, True))
        hold[0] = b
        hold[1] = H.clock.now + 300 + (r >> 11) %% 1700
        count["presses"] += 1
        count["holds"] += 1
    elif kind < 70:
        H.clock.now += 30000 + (r >> 11) %% 100000     # the screen sleeps
        count["sleeps"] += 1
    # else: nothing this time (the AI thinks, a play stays on show)


def row(a):
    scr = a.screen
    where = ("menu:" + a.menu.kind if scr is a.menu else
             "pages:%%s:%%d" %% (a.pages.kind, len(a.pages.lines)) if scr is a.pages else "table")
    return {"game": a.sess is not None, "at": where, "loaded": [m for m in RARE if m in sys.modules],
            "level": a.sess.level if a.sess else "", "players": a.sess.players if a.sess else 0,
            "think": 1 if a.sess is not None and a.sess.deciding is not None else 0,
            "games": a.games_over, "hands": a.hands_over, "counts": count}


step = H.stretches(%d, policy, row)
'''


SOAK = BOARD_HEAD + r'''
import person as P
GAMES = %r          # (level, players[, "link"[, "solo"]]) of each game, in turn (SOAK_GAMES)
UNDO_AT = 7         # a person's turns: undo every 7th, a hint every 5th, settings every 11th, save and quit every 23rd
count = {"turns": 0, "hints": 0, "undos": 0, "settings": 0, "screens": 0, "games": 0, "link_trouble": 0, "solo": 0,
         "continues": 0}
ROUND = ["stats", "rules", "ruletext", "settings"]     # the main menu's screens, opened and closed
seen = {"reading": 0, "game": -1}   # reading: loop turns the new-game menu has been read
plan = []           # the presses to come


def policy():
    a = H.app
    if plan:
        H.tap(plan.pop(0))
        return
    m = a.menu
    scr = a.screen
    if scr is m:
        kind = m.kind
        if kind == "main":
            if count["screens"] < 20 * len(ROUND):
                # each of the main menu's screens opened and closed in turn
                # (its module comes with it and goes: device/screens.py)
                which = ROUND[count["screens"] %% len(ROUND)]
                count["screens"] += 1
                if which == "stats":
                    plan.extend(P.keys_to(m, "Stats") + [5])
                elif which == "rules":
                    plan.extend(P.keys_to(m, "Rules") + [5])
                elif which == "ruletext":
                    plan.extend(P.keys_to(m, "Rules") + [4, 5, 5])
                else:
                    plan.extend(P.keys_to(m, "Settings") + [3, 5])
                return
            if seen.get("quit"):        # the game saved and quit: Continue (its game rebuilt ahead)
                seen["quit"] = False
                count["continues"] += 1
                plan.extend(P.keys_to(m, "Continue"))
                return
            if seen["game"] + 1 >= len(GAMES):
                raise H.Stop()
            plan.extend(P.keys_to(m, "New game"))
            return
        if kind == "new":
            if seen["reading"] == 0:
                g = GAMES[seen["game"] + 1]
                P.new_game(a, g[0], g[1], target=31)
                seen["game"] += 1
                count["games"] += 1
                if len(g) == 2:
                    H.tap(4)
                    return
                seen["reading"] = 1
            # a link game with the other device (harness/mpstub/linkpeer.py),
            # picked once the menu's game is dealt ahead (a person reads it)
            if a.top().dealt is None and seen["reading"] < 200:
                seen["reading"] += 1
                return
            seen["reading"] = 0
            plan.extend(P.keys_to(m, "Link game"))
            return
        if kind == "linknew":
            # the other device proposes the same game (device/linkmenu.py connect)
            from core.ai import CODES, LEVELS
            from core.presets import code_of
            LP.PROP[0] = (code_of(m.value(3)), m.value(0), m.items[1][2], CODES[LEVELS.index(m.value(2))],
                          m.value(4))
            LP.CUT[0] = 12 if GAMES[seen["game"]][2:] == ("link", "solo") else None
            plan.extend(P.keys_to(m, "Connect"))
            return
        if kind == "linkoffer":
            plan.extend(P.keys_to(m, "Accept"))
            return
        if kind in ("linkwait", "linkhost"):
            return
        if kind == "linklost" and GAMES[seen["game"]][2:] == ("link", "solo"):
            count["solo"] += 1          # the cable pulled: play on against the AI
            plan.extend(P.keys_to(m, "Play on vs AI"))
            return
        if kind.startswith("link"):     # lost, refused, differing: not in a game on a cable that works
            count["link_trouble"] += 1
            H.tap(5)
            return
        if kind == "game":
            want = seen.get("want")
            seen["want"] = None
            if want in [it[0] for it in m.items]:
                plan.extend(P.keys_to(m, want))
                if want == "Settings":
                    count["settings"] += 1
                    plan.extend([3, 5])     # a value changed, then back to the table
                elif want == "Hint":
                    count["hints"] += 1
                elif want == "Save and quit":
                    seen["quit"] = True
                else:
                    count["undos"] += 1
                return
            H.tap(5)
            return
        # the game over menu: A; a screen left open (a press that woke the
        # panel does nothing): B
        H.tap(4 if kind == "over" else 5)
        return
    if scr is a.pages:
        H.tap(4)
        return
    mode = a.play.mode
    if mode == 0:           # device.play.PICK: a person's turn
        count["turns"] += 1
        t = count["turns"]
        if t %% 5 == 0 and not a.play.hinting:
            seen["want"] = "Hint"
        elif t %% UNDO_AT == 0:
            seen["want"] = "Undo"
        elif t %% 11 == 0:
            seen["want"] = "Settings"
        elif t %% 23 == 0 and a.link is None:
            seen["want"] = "Save and quit"
        if seen.get("want"):
            H.tap(5)
            return
        H.tap(4)
    elif mode in (1, 2, 4, 5):
        H.tap(4)


def row(a):
    at = "menu:" + a.menu.kind if a.screen is a.menu else "pages" if a.screen is a.pages else "table"
    if at == "table" and a.sess is not None:
        at += " %%s %%dp" %% (a.sess.level, a.sess.players)
    if a.link is not None:
        at += " link"
    r = {"at": at, "game": a.sess is not None, "counts": count, "over": a.games_over}
    if LP is not None:
        p = PEER[0]
        r["peer"] = [p.games, p.stage(), p.rules.players if p.rules is not None else 2]
    return r


LP = None
PEER = [None]
if [g for g in GAMES if len(g) > 2]:
    import linkpeer as LP     # its code read with the VM's start, not the app's


def setup(a):
    a.settings.undo = True
    if LP is not None:
        PEER[0] = LP.Peer()
        PEER[0].wire(H._Busio)
        H.on_idle = lambda ended: ended and PEER[0].turn(H.app, H.clock.now)


step = H.stretches(%d, policy, row, setup, names=True)
'''

# (level, players), and "link": a link game with the other device of
# harness/mpstub/linkpeer.py, its partner layout the app's first (each
# person with an AI: with 4 players this device plays an AI seat). A game
# after a link game starts while the link still answers (device/linkgame.py
# LinkGlue.poll: 10 s). "solo": the other device's cable is pulled a few
# plays in, and the person plays on against the AI (device/linkmenu.py go_solo)
SOAK_GAMES = (("easy", 2), ("hard", 2, "link"), ("normal", 4), ("hard", 2), ("expert", 4, "link"), ("master", 2),
              ("expert", 4, "link", "solo"), ("expert", 4), ("expert", 2))


def soak(games=SOAK_GAMES, per_step=100, steps=250, mpy=True):
    """Whole games of each (level, players) of games on the VM, from the
    main menu: first each of its screens opened and closed 20 times, then
    every game to its end with a hint, an undo and the settings at set
    turns, the live heap read after a collection between stretches of
    per_step loop turns: rows with board the live heap in a board's terms,
    as the board model reads it (the VM's allocation less its reading
    before the HAL, plus the 2.5 KB CircuitPython holds at code.py's start,
    the VM's pools of names made since then exchanged for a board's), less
    what the other device of link games holds at that moment (other_device)."""
    rows = _vm_rows(on_board(SOAK % (tuple(games), per_step), steps=steps, mpy=mpy, timeout=900))
    other = other_device() if [g for g in games if len(g) > 2] else None
    start = rows[0]
    base = int(MEASURED[0][2] * 1024)
    rows = [r for r in rows[1:] if "step" in r]
    for r in rows:
        qstr = board_pools(r["names"] - start["names"]) - (r["pools"] - start["pools"])
        r["board"] = base + r["alloc"] - start["alloc"] + qstr
        if other is not None:
            _, stage, players = r["peer"]
            r["board"] -= other[(players, stage)]
    return rows


def print_soak(rows, heap_kb=140):
    peak = max(r["board"] for r in rows) / 1024
    print("whole games on the VM (python -m tools.heap --soak): %d readings, live heap after a" % len(rows))
    print("collection, in a board's terms (the VM's allocation less its start, plus CircuitPython's 2.5 KB,")
    print("a board's pools of names; with a link game, less what the other device holds):")
    last = rows[-1]
    print("  %s" % last["counts"])
    print("  games over: %d%s" % (last["over"], ", link games the other device saw to their end: %d" % last["peer"][0]
                                   if "peer" in last else ""))
    by = {}
    for r in rows:
        by.setdefault(r["at"], []).append(r["board"] / 1024)
    for at in sorted(by):
        print("  %-20s most %6.1f KB  least %6.1f KB  (%d readings)" % (at, max(by[at]), min(by[at]), len(by[at])))
    print("  peak %.1f KB; lowest free %.1f KB of a %d KB heap" % (peak, heap_kb - peak, heap_kb))
    return peak


def mash(steps=20, per_step=3000, seed=1, mpy=True, pad=0):
    """Random presses, holds and long waits through the app on the VM, read
    after a collection between stretches of per_step loop turns: a list of
    {"step", "alloc", "game", "games", "hands", "counts"} rows."""
    return on_board(MASH % (seed, pad, RARE, per_step), rows=True, steps=steps + 1, mpy=mpy, timeout=600)


def growth(rows):
    """How much the floor of the live heap rose once the app had warmed up:
    readings are grouped by the kind of moment (at the table, no AI decision
    under way, the same level, number of players and menu code kept; other
    moments differ by what is on show), and the lowest reading of each group's last third is
    compared with the lowest of its middle third. The first third is left
    out: the first games of a run hold what a feature keeps once it has been
    used (a step of up to 2 KB seen in the first few games, flat after). A
    leak raises every reading after it, so it raises the last third's floor
    too; a block that the collector keeps by chance (it is conservative: a
    stale pointer on the stack) raises one reading. Returns (bytes, readings
    compared)."""
    groups = {}
    for r in rows:
        if r["at"] != "table" or r["think"]:
            continue
        held = tuple(m for m in r["loaded"] if m in HELD_AT_TABLE)
        if len(held) != len(r["loaded"]):
            continue
        groups.setdefault((r["level"], r["players"], held), []).append(r["alloc"])
    worst = 0
    n = 0
    for vals in groups.values():
        if len(vals) < 6:
            continue
        t = len(vals) // 3
        worst = max(worst, min(vals[2 * t:]) - min(vals[t:2 * t]))
        n += len(vals) - t
    return worst, n


# -- the board model ------------------------------------------------------------
# What CircuitPython 10.2.1 reported on a Pico (issue 15: the whole game run on
# an emulated RP2040 with the project's .mpy files and the two Adafruit
# libraries, gc.mem_alloc() read by a wrapper around the app), KB.
MEASURED = (
    ("start", "code.py starts (CircuitPython's own)", 2.5),
    ("hal", "after hal.get() (HAL, displayio, SSD1306 driver)", 24.4),
    ("imported", "after importing the app (the game's code: after the menu's first frame)", 79.7),
    ("menu", "main menu drawn", 90.6),
    ("game", "during the game, most", 101.0),
    ("save", "a save write or the game menu over a game, most", 110.5),
)
# moments the measurement did not have: (key, label)
NEW_MOMENTS = (("dealt", "the new-game menu, its game dealt ahead (the menus' code held)"),
               ("menus", "the game menu and its settings over a game"),
               ("ai", "an AI deciding over a game, most"),
               ("link", "a link game's AI seat deciding"),
               ("last", "an AI deciding a hand's last play (its end's code loaded)"),
               ("linklast", "the same in a link game"),
               # (BOARD's "log" set: slot 0 not erased and the newest record in
               # the last, 31, so the log has come round; a record of the
               # largest payload, 114 bytes: the 124-byte record of
               # docs/reliability.md. Said here, not in BOARD: the script's
               # text moves the heap's layout, and with it what the collector
               # keeps by chance)
               ("log", "a game write that writes the save's log again (1 in about 28)"),
               ("linklog", "the same in a link game"),
               ("rules", "the game's rule pages over a game"),
               ("linkmenus", "the game menu and its settings over a link game"),
               ("linkrules", "the game's rule pages over a link game"),
               ("summary", "a hand's summary over a game"),
               ("linksummary", "the same in a link game"))
MEASURED_START = "0.6-4.4"   # its range on the board; 2.5 taken as the model's start
BOARD_HEAP_KB = 170.0        # the Pico's heap at code.py start (167-172 KB measured)
MEASURED_LOWEST_FREE = 55.0  # garbage included
TARGET_KB = 120.0           # the budget: every moment of a game (docs/performance.md)
PIECES_KB = 140.0           # what the firmware gave in 4 KB pieces (its heap grows in areas)
# modules loaded while a screen or the link is open (device/screens.py), or
# for a start-up job (the error screen)
RARE = ("device.menus", "device.settingsmenu", "device.gamemenu", "device.rulestext", "device.linkmenu", "device.linkgame",
        "device.link", "device.linklobby",
        "device.recover", "device.saveread", "core.presets", "device.gameover", "device.summary")
# of those, the one the table holds: the game menu's code comes with the
# game (device/screens.py WITH_GAME; growth() compares like moments)
HELD_AT_TABLE = ("device.gamemenu",)

# The collector is conservative: a word that happens to hold a block's
# address (a stale stack slot, a number in a buffer) keeps that block alive,
# and with it whatever it points to, a dropped module's code included. Which
# blocks are kept so depends on where everything lies, so the model is read
# in two heap layouts (bytes allocated before code.py's start move every later
# address) and each moment's lower reading is what the app itself holds; the
# difference is chance, on a board as on the VM.
LAYOUTS = (0, 1040)

BOARD = BOARD_HEAD + r"""
import micropython
PAD = bytearray(%d)     # the layout (LAYOUTS)
# a board imports the app through sys.path's first entry, '' (the drive's
# root, its working directory): a module's path, its __file__, is then
# "core/state.mpy", the name mpy-cross -s gave it, and interned once
sys.path.insert(0, "")
RARE = %r
seen = []
catch = [False]     # stop the stretch once an AI is deciding (its buffers live)
dealt = [0, False]  # the new-game menu's turns waited for its game dealt ahead; that moment to report

def policy():
    app = H.app
    if catch[0] and app.sess is not None and app.sess.deciding is not None:
        catch[0] = False
        raise H.Stop()
    scr = app.screen
    if scr is app.menu and app.menu.kind == "new":
        # the heaviest level's game: the master's (beliefs beside its search,
        # the hint deciding on it; python -m tools.heap --soak reads the others)
        from core.ai import LEVELS
        if app.menu.items[0][2] != LEVELS.index("master"):
            app.menu.items[0][2] = LEVELS.index("master")
            app.top().deal_ahead()
        app.menu.cur = 5
        top = app.top()
        # a person reads the menu: its game is dealt and drawn meanwhile
        # (device/menus.py DealAhead), beside the menus' code; the first
        # such moment is reported at the next step's start
        if top.dealt is None and dealt[0] < 100:
            dealt[0] += 1
            return
        dealt[0] = 0
        if top.dealt is not None and dealt[1] is False:
            dealt[1] = True
            raise H.Stop()
    if scr is app.menu or scr is app.pages or app.play.mode in (0, 1, 2):
        H.tap(4)

run_for = H.run_for

def held():
    return tuple(m for m in RARE if m in sys.modules)

def report(at, extra=None):
    ai = H.app is not None and H.app.sess is not None and H.app.sess.deciding is not None
    print(json.dumps({"at": at, "alloc": gc.mem_alloc(), "free": gc.mem_free(), "mods": extra, "ai": ai}))
    if NAMES:
        micropython.qstr_info()     # its line goes with this row (board_pools)

def step(i):
    if i == 0:
        report("start")
        H.open_board()
        gc.collect()
    elif i == 1:
        report("hal")
        import hal.mem as M
        drop = M.drop
        def watched(name):
            # every transient set is at its largest just before one of it goes;
            # those held while a game is on are the ones that add to a game's heap
            s = held()
            if H.app is not None and H.app.sess is not None and s not in seen:
                seen.append(s)
            drop(name)
        M.drop = watched
        from device.app import App
        gc.collect()
    elif i == 2:
        report("imported")
        from device.app import App
        H.app = App(H.h)
        gc.collect()
    elif i == 3:
        report("menu")
        H.policy = policy
        run_for(400)
        gc.collect()
    elif i < LAST:
        if dealt[1] is True:
            dealt[1] = None
            report("dealt", list(held()))
        else:
            report("game", list(held()))
        catch[0] = i %% 2 == 0      # every other stretch ends with an AI deciding
        run_for(1500)
        gc.collect()
    elif i == LAST:
        report("game", list(held()))
        # the transient sets seen, largest first: each loaded at once over a
        # game under way, as the app held them
        seen.sort(key=len)
        print(json.dumps({"sets": seen}))
        H.sets = [s for s in seen if s and not any(set(s) < set(t) for t in seen)]
        if H.app.sess is not None:
            # the game menu and its settings over the game under way, an AI
            # deciding (hard, expert, and every hint: the search, made with
            # the game), a link game's AI seat deciding (4 players), a game
            # write that writes the save's log again, and in a link game
            H.sets.append(("settings",))
            H.sets.append(("rules",))
            H.sets.append(("search",))
            H.sets.append(("link", "search"))
            H.sets.append(("last", "search"))
            H.sets.append(("link", "last", "search"))
            H.sets.append(("log",))
            H.sets.append(("link", "log"))
            H.sets.append(("link", "settings"))
            H.sets.append(("link", "rules"))
            H.sets.append(("summary",))
            H.sets.append(("link", "summary"))
        H.k = 0
        load()
    else:
        report("save", list(H.sets[H.k]) if H.k < len(H.sets) else None)
        from hal.mem import drop
        if H.k < len(H.sets):
            for m in H.sets[H.k]:
                if m == "search":
                    H.app.play.stop_thinking(False)
                elif m == "log":
                    H.image = None
                    H._Micro.nvm[0] = 0xFF
                elif m == "link":
                    H.glue = None
                    from device.play import Play
                    swap_play(Play(H.app, H.app.table))
                    for name in ("device.linkmenu", "device.linkgame", "device.link", "hal.uartlink",
                                 "hal.link"):
                        drop(name)
                elif m == "last":
                    drop("device.summary")
                elif m == "summary":    # the summary closes: its code goes (device/screens.py)
                    H.summary = None
                    H.app.pages.close()
                    drop("device.summary")
                elif m == "settings" or m == "rules":   # back to the table: the screens close
                    H.app.pop()
                    H.app._settle()
                    if m == "settings":         # the game menu under them
                        H.app.pop()
                        H.app._settle()
                elif m != "device.gamemenu":    # a module seen held over a game goes (the
                    drop(m)                     # game menu's stays: device/screens.py WITH_GAME)
        H.k += 1
        load()

def swap_play(p):
    # p takes the app's controller's place, with its state (its own
    # buffers let go: the old one's are kept)
    old = H.app.play
    mine = ("glue", "shown")
    for k, v in old.__dict__.items():
        if k not in mine:
            setattr(p, k, v)
    H.app.play = p
    H.app.stack[:] = [p if s is old else s for s in H.app.stack]

def load():
    if H.k < len(H.sets):
        for m in H.sets[H.k]:
            if m == "search":   # an AI deciding: the search begun (hard, expert, a hint)
                p = H.app.play
                p.stop_thinking(False)
                p.hinting = True
                p.mode = 3      # device.play.THINK
                from device.play import DecideJob
                p.decide = H.app.jobs.start(DecideJob(p))
                H.app.jobs.step(H.app.now())
                continue
            if m == "log":
                # a game write's framing stage when the log has come round
                # (the slot after the newest holds a record): the record and
                # the whole log's image (device/save.py place) made, as a
                # SaveJob holds them
                from device.save import frame, place
                H._Micro.nvm[0] = 0x42
                H.image = place(H.app.h.storage, 31, frame(1, bytes(114)))
                frame = place = None
                continue
            if m == "link":
                # a link game (docs/link.md): the protocol over the cable's
                # port, its glue and the link table's controller, as
                # LinkGlue.start holds them beside the game
                from device import linkgame as LG
                from hal.uartlink import UartPort
                # the link's screens were shown to set it up (device/linkmenu.py,
                # loaded while one is open) and the lobby agreed on the game
                # (device/linklobby.py, let go when the game began): their
                # code goes, their names stay
                import device.linkmenu
                import device.linklobby
                from hal.mem import drop
                drop("device.linkmenu")
                drop("device.linklobby")
                drop("core.presets")    # with them: the game holds its Rules (device/screens.py SHARED)
                import board, busio
                port = UartPort(board, busio, ("GP0", "BASRA_LINK_TX"), ("GP1", "BASRA_LINK_RX"))
                port.open()
                g = LG.LinkGlue(H.app, port)
                # LinkGlue.start: the link's controller takes the place of
                # the app's own, which is not kept (made again after)
                swap_play(LG.LinkPlay(H.app, H.app.table, g))
                g.play = H.app.play
                H.glue = g
                continue
            if m == "last":
                # the hand's last play to come: the hand's end code loaded
                # before it is decided (device/play.py SummaryJob)
                import device.summary
                continue
            if m == "settings":
                # B at the table, then Settings: the game menu's screen and
                # the settings' (device/gamemenu.py, device/menus.py) over
                # the game, the decision let go
                H.app.play.stop_thinking(False)
                H.app.open("game")
                H.app._settle()
                H.app.open("settings")
                H.app._settle()
                continue
            if m == "summary":
                # a hand's end (device/summary.py hand_over): its summary's
                # lines made and drawn on the pages, its screen held (the
                # game's state mid-hand: the lines of a hand's end are as many)
                H.app.play.stop_thinking(False)
                from device.summary import SummaryScreen, summary_lines
                H.summary = SummaryScreen(H.app, summary_lines(H.app))
                H.app.pages.open(H.summary.kind, H.summary.lines)
                continue
            if m == "rules":
                # B at the table, Rules: the game's rule set's pages over
                # the game (the game menu's place taken)
                H.app.play.stop_thinking(False)
                H.app.open("game")
                H.app._settle()
                H.app.replace("ruletext", H.app.sess.rules)
                H.app._settle()
                continue
            __import__(m)
    gc.collect()

gc.collect()
"""


# The interned names (qstrs) live in pools that the VM and a board make the
# same way (py/qstr.c: the first holds 20 names, each next one twice the
# last) but fill differently: the VM's runner and the stand-ins have 216
# names before code.py starts (its first four pools, subtracted with the
# start), a board has the stand-ins' names in ROM and none of the runner's,
# so the app's names fill a board's pools from the first. And a board's
# entry is 6 bytes (a pointer, a 1-byte hash: circuitpy_mpconfig.h
# MICROPY_QSTR_BYTES_IN_HASH (1), a 1-byte length), the VM's 7. The model
# takes out the pools the VM made after the start and puts in those a
# board makes for the same names (board_pools).
QSTR_FIRST_POOL = 20        # names in the first pool (MICROPY_ALLOC_QSTR_ENTRIES_INIT x 2)
BOARD_QSTR_ENTRY = 6        # bytes a name in a board's pool
QSTR_POOL_HEAD = 24         # qstr_pool_t before its entries (6 words)


def _pools(names):
    # (bytes, room): the qstr pools a board makes for `names` interned names
    # (each a heap block: 16-byte granules), and the names they hold beyond
    total, size, room = 0, QSTR_FIRST_POOL, 0
    while room < names:
        total += (QSTR_POOL_HEAD + BOARD_QSTR_ENTRY * size + 15) & ~15
        room += size
        size *= 2
    return total, room - names


def board_pools(names):
    """Bytes of the qstr pools a board holds for `names` interned names."""
    return _pools(names)[0]


def pool_room(names):
    """Names the pools a board made for `names` names still hold: the next
    name past them makes a new pool, twice the last."""
    return _pools(names)[1]


# Every module basra-flash sends, loaded at once over the board's stand-ins:
# the most names a session can intern (a name stays interned when its module
# goes), before and after
EVERY = r"""
import sys, micropython
sys.path.insert(0, "/app/mpstub")
sys.path.insert(0, "/app/lib")
sys.path.insert(0, "")
micropython.qstr_info(1)
print("-- the stand-ins --")
import displayio
import heapapp as H
H.install_board()
micropython.qstr_info(1)
print("-- every module --")
for m in %r:
    __import__(m)
micropython.qstr_info(1)
"""


def rom_names():
    """The names CircuitPython 10.2.1 holds in ROM on a Pico that the VM
    interns at run time (the stand-ins and the app name them: "TileGrid",
    "GP5", "root_group"): every name the circuitpython-stubs package gives
    the built-in modules the app may import (basra_flash.manifest BUILTIN)
    and the Pico's board module."""
    import tokenize
    from importlib.metadata import distribution
    from basra_flash.manifest import BUILTIN
    root = distribution("circuitpython-stubs").locate_file("")
    files = [os.path.join(root, m + "-stubs", "__init__.pyi") for m in BUILTIN]
    files.append(os.path.join(root, "board_definitions", "raspberry_pi_pico", "__init__.pyi"))
    names = set(BUILTIN)
    for path in files:
        if os.path.exists(path):
            # every name the stub's code says (its docstrings' words are no names)
            with open(path, "rb") as f:
                names.update(t.string for t in tokenize.tokenize(f.readline) if t.type == tokenize.NAME)
    return names


def every_module_names():
    """(names, in ROM): the names the app interns with every module
    basra-flash sends loaded (its libraries' too), read on the VM, and how
    many of them a Pico holds in ROM (rom_names): a board interns the
    difference. A name the stand-ins interned first counts when the app's
    code says it too (a name in its source)."""
    import re
    import tokenize
    from basra_flash.manifest import build_manifest
    m = build_manifest()
    mods = [i.dest[1:-3].replace("/", ".").replace(".__init__", "") for i in m.items
            if i.dest.endswith(".py") and i.dest != "/code.py"]
    out = on_board(EVERY % (mods,), timeout=300)
    bare, rest = out.split("-- the stand-ins --")
    stand, app = rest.split("-- every module --")
    q = re.compile(r"Q\((.*)\)")
    seen = set(q.findall(bare))
    stand = set(q.findall(stand)) - seen
    new = set(q.findall(app)) - seen - stand
    said = set()
    for i in m.items:
        if i.dest.endswith(".py"):
            said.update(t.string.strip("\"'") for t in tokenize.tokenize(iter(i.data.splitlines(True)).__next__)
                        if t.type in (tokenize.NAME, tokenize.STRING))
    names = new | (stand & said)
    return len(names), len(names & rom_names())


def _vm_rows(out):
    """The rows a BOARD run printed, each with its qstr_info line: names
    (n_qstr) and pools (the pools' bytes: n_total_bytes less the names' own)."""
    import json
    rows = []
    for line in out.splitlines():
        line = line.strip()
        if line.startswith("qstr pool:"):
            f = dict(kv.split("=") for kv in line[len("qstr pool:"):].replace(" ", "").split(","))
            rows[-1]["names"] = int(f["n_qstr"])
            rows[-1]["pools"] = int(f["n_total_bytes"]) - int(f["n_str_data_bytes"])
        elif line[:1] == "{":
            rows.append(json.loads(line))
    return rows


def _board_run(games, pad, names):
    last = 4 + games
    script = BOARD % (pad, RARE) + "\nLAST = %d\nNAMES = %r\n" % (last, names)
    # a step for each moment over the game (12 sets, see step), with room for more
    return _vm_rows(on_board(script, steps=last + 16, timeout=300))


def board_names(games=4):
    """The interned names and the VM's pools at each row of a board run: the
    same moments in the same order in every layout (names do not depend on
    where the heap puts things). A run of their own: calling qstr_info moves
    what the collector keeps by chance (1.2 KB at every moment in one layout)."""
    return [(r["at"], r["names"], r["pools"]) for r in _board_run(games, 0, True) if "names" in r]


# the sets BOARD loads over a game under way after the sets it saw: the
# moment of NEW_MOMENTS each is, with what the table says it holds
_LINK = "the link's code and objects"
_LOG = "the log's 4 KB image, the record"
SET_MOMENTS = {
    ("settings",): ("menus", ["the game menu, settings"]),
    ("rules",): ("rules", ["the game's rule pages"]),
    ("search",): ("ai", ["the master's search, a hint's too"]),
    ("link", "search"): ("link", [_LINK + ", the search"]),
    ("last", "search"): ("last", ["the master's search", "the hand's end code"]),
    ("link", "last", "search"): ("linklast", [_LINK, "the hand's end code"]),
    ("log",): ("log", [_LOG]),
    ("link", "log"): ("linklog", ["link", _LOG]),
    ("link", "settings"): ("linkmenus", [_LINK, "the game menu, settings"]),
    ("link", "rules"): ("linkrules", [_LINK, "the game's rule pages"]),
    ("summary",): ("summary", ["the summary's lines on the pages"]),
    ("link", "summary"): ("linksummary", [_LINK, "the summary's lines on the pages"]),
}


def board(games=4, pad=0, names=None):
    """The board model: the live heap at the moments of MEASURED, in bytes, as
    a list of {"at", "alloc", "mods"} rows (alloc already turned into the
    board's figure: CircuitPython's own at start plus what the VM allocated
    after its start, the qstr pools a board's, board_pools), and the
    transient module sets the app held. names: board_names(games)."""
    if names is None:
        names = board_names(games)
    rows = _board_run(games, pad, False)
    k = 0
    for r in rows:
        if "at" in r:
            at, r["names"], r["pools"] = names[k]
            if at != r["at"]:
                raise RuntimeError("the names run and the heap run went apart at %s: %s" % (k, at))
            k += 1
    sets = [r for r in rows if "sets" in r]
    rows = [r for r in rows if "at" in r and not (r["at"] == "save" and r["mods"] is None)]
    start = dict(rows[0])
    base = int(MEASURED[0][2] * 1024)
    for r in rows:
        r["vm"] = r["alloc"]
        # the VM's allocations since the start, its pools made since then
        # exchanged for a board's pools of the app's names
        r["qstr"] = board_pools(r["names"] - start["names"]) - (r["pools"] - start["pools"])
        r["alloc"] = base + r["alloc"] - start["alloc"] + r["qstr"]
        moment = SET_MOMENTS.get(tuple(r["mods"] or ()))
        if r["at"] == "save" and moment is not None:
            r["at"], r["mods"] = moment
    return rows, (sets[0]["sets"] if sets else [])


def board_table(rows):
    """(moment, label, model KB, measured KB or None, modules) for each
    moment of MEASURED and NEW_MOMENTS: the largest reading of that kind."""
    out = []
    for key, label, ref in MEASURED + tuple((k, lb, None) for k, lb in NEW_MOMENTS):
        got = [r for r in rows if r["at"] == key]
        if not got:
            continue
        top = max(got, key=lambda r: r["alloc"])
        out.append((key, label, top["alloc"] / 1024, ref, top.get("mods")))
    return out


def board_layouts(games=4):
    """The board model read in each of LAYOUTS: (table, chance, sets), table
    as board_table's with each moment's lowest reading over the layouts,
    chance the largest difference between the layouts at one moment (KB),
    sets the transient module sets seen in any."""
    tables, sets = [], []
    names = board_names(games)
    for pad in LAYOUTS:
        rows, s = board(games, pad, names)
        tables.append(board_table(rows))
        sets += [x for x in s if x not in sets]
    table, chance = [], 0.0
    for row in zip(*tables):
        kbs = [r[2] for r in row]
        chance = max(chance, max(kbs) - min(kbs))
        low = row[kbs.index(min(kbs))]
        table.append(low)
    return table, chance, sets


def print_board():
    table, chance, sets = board_layouts()
    print("The board's live heap, modelled on the VM (python -m tools.heap --board):")
    print("  each moment's lower reading of %d heap layouts; the layouts differed by up to" % len(LAYOUTS))
    print("  %.1f KB at one moment: blocks the conservative collector kept by chance" % chance)
    print("  'measured': CircuitPython 10.2.1 on an emulated Pico, on the app of commit 3634b17")
    print("  (its code imported at start and kept): the readings the model was held against.")
    print("  %-52s %9s %9s" % ("moment", "model", "measured"))
    for key, label, kb, ref, mods in table:
        meas = MEASURED_START if key == "start" else "-" if ref is None else "%.1f" % ref
        print("  %-52s %6.1f KB %6s KB" % (label, kb, meas))
        if mods:
            print("  %52s (%s)" % ("", ", ".join(m.split(".")[-1] for m in mods)))
    peak = max(kb for _, _, kb, _, _ in table)
    print("  %-52s %6.1f KB %6.1f KB" % ("lowest free (model: heap less the peak, no garbage)",
                                      BOARD_HEAP_KB - peak, MEASURED_LOWEST_FREE))
    print("  lowest free of the %.0f KB the firmware gave in 4 KB pieces: %.1f KB" % (PIECES_KB, PIECES_KB - peak))
    one = max(kb for key, _, kb, _, _ in table if not key.startswith("link"))
    print("  peak %.1f KB, on one device %.1f KB (target %.0f KB): %s" % (
        peak, one, TARGET_KB, "met" if peak <= TARGET_KB else
        "met on one device, NOT in a link game" if one <= TARGET_KB else "NOT met"))
    names, in_rom = every_module_names()
    board = names - in_rom
    print("  interned names with every module loaded (a session that opened everything): %d, %d of them"
          % (names, in_rom))
    room = pool_room(board)
    print("  in CircuitPython's ROM: a Pico interns %d, room for %d more before a new pool (%.1f KB)"
          % (board, room, (board_pools(board + room + 1) - board_pools(board)) / 1024.0))
    print("  modules held at once (seen just before one is dropped): %s" % (
        "; ".join("+".join(m.split(".")[-1] for m in s) for s in sets if s) or "none"))
    return table


LINK_SCRIPT = r'''
import sys, gc, json
sys.path.insert(0, "/app/mpstub")
ORDER = %r
KEEP = []
TWIN = []
def step(i):
    print(json.dumps({"alloc": gc.mem_alloc()}))
    if i < len(ORDER):
        for m in ORDER[i]:
            __import__(m)
        if i == len(ORDER) - 1:
            import linkpeer
            TWIN.extend(linkpeer.twin(2, KEEP) + linkpeer.twin(4, KEEP))
    elif i - len(ORDER) < len(TWIN):
        TWIN[i - len(ORDER)]()
    gc.collect()
'''

# a game's modules first, then each of a link game's over the one before,
# the in-memory cable's (hal/memlink.py: the soak's, the browser's) and the
# soak's other device (harness/mpstub/linkpeer.py: its objects in a game)
LINK_ORDER = [["hal", "hal.clock", "hal.mem", "core.prng", "core.plays", "core.presets", "device.session",
               "device.play", "linkpeer"],
              ["hal.link"], ["hal.uartlink"], ["device.link"], ["device.linkgame"], ["device.linklobby"],
              ["hal.memlink"]]
# what the soak's other device holds (harness/mpstub/linkpeer.py twin), by stage
PEER = ("the soak's other device, %dp: its cable", "its lobby", "its game")


def link_modules():
    """[(name, bytes)]: the live heap each of a link game's modules adds on
    the VM from .mpy, imported over the one before (the VM's own name pools
    included as they fall: a new pool lands on whichever import needs it),
    then what the soak's other device adds at each stage (PEER) of a game of
    2 and of 4 players."""
    rows = on_board(LINK_SCRIPT % (LINK_ORDER,), rows=True, steps=len(LINK_ORDER) + 2 * len(PEER) + 1,
                    timeout=300)
    alloc = [r["alloc"] for r in rows]
    names = [o[0] for o in LINK_ORDER] + [PEER[0] % 2] + list(PEER[1:]) + [PEER[0] % 4] + list(PEER[1:])
    return [(names[i], alloc[i + 1] - alloc[i]) for i in range(1, len(names))]


def other_device():
    """{(players, stage): bytes}: what the soak's other device holds at each
    stage (linkpeer.Peer.stage), its cable's code (hal/memlink.py) included."""
    rows = link_modules()
    memlink = [n for name, n in rows if name == "hal.memlink"][0]
    parts = [n for _, n in rows[-2 * len(PEER):]]
    out = {}
    for k, players in enumerate((2, 4)):
        held = memlink
        for stage in range(len(PEER)):
            held += parts[k * len(PEER) + stage]
            out[(players, stage)] = held
    return out


def main(argv=None):
    from basra_flash.cmdline import Parser, whole
    ap = Parser(prog="python -m tools.heap", description=__doc__.split("\n\n")[0])
    which = ap.add_mutually_exclusive_group()
    which.add_argument("--board", action="store_true", help="the board model (the default)")
    which.add_argument("--mash", type=whole(1, what="a number of stretches"), metavar="N",
                       help="random presses: N stretches of 3000 loop turns")
    which.add_argument("--link", action="store_true",
                       help="what each of a link game's modules adds, and what the soak's other device holds")
    which.add_argument("--soak", action="store_true",
                       help="whole games at every level and link games, each screen opened and closed 20 times")
    args = ap.parse_args(argv)
    if args.soak:
        print_soak(soak())
        return
    if args.link:
        for name, n in link_modules():
            print("  %-18s %6d bytes" % (name, n))
        return
    if args.mash:
        n = args.mash
        rises = []
        for pad in LAYOUTS:
            rows = mash(steps=n, pad=pad)
            print("heap layout: %d bytes allocated before the app" % pad)
            for r in rows:
                print("  step %3d  %7d bytes live  %-5s %-14s %s %d %s %s" % (
                    r["step"], r["alloc"], "game" if r["game"] else "-", r["at"], r["level"],
                    r["players"], "thinking" if r["think"] else "", " ".join(r["loaded"])))
            last = rows[-1]
            print("  %s; %d hands, %d games finished" % (last["counts"], last["hands"], last["games"]))
            half = len(rows) // 2
            print("  max live, first half %d, second half %d" % (
                max(r["alloc"] for r in rows[:half]), max(r["alloc"] for r in rows[half:])))
            g, k = growth(rows)
            rises.append(g)
            print("  floor rise at the same kind of moment (last third against the middle): "
                  "%d bytes over %d readings" % (g, k))
        print("floor rise in every layout (a leak; chance keeps a block in one): %d bytes" % min(rises))
        return
    print_board()

if __name__ == "__main__":
    main()
