"""An error the app did not expect (device/app.py main, device/recover.py):
the traceback goes to serial, the OLED says "Something went wrong", the
error's name and "A: restart"; A restarts the app into its main menu, where
Continue resumes the saved game (same hands, same plays). Driven through
button presses in the headless simulator."""
import pytest

from core import cardnames as CN
from core.ai.search import Search
from device import app as A
from device import gfx as G
from device import play as P
from device import recover
from device.play import Play
from device.table import Table
from harness.devdrive import drive, menu_to, row_text, set_value


def run(steps, **kw):
    gen = steps()
    return drive(lambda app: next(gen, None), **kw)


def until(cond, step="wait:100", limit=600):
    for _ in range(limit):
        if cond():
            return
        yield [step]
    raise AssertionError("condition never met")


def new_game(level):
    yield menu_to(A.last, "New game") + ["A"]
    yield set_value(A.last, "Level", level)
    yield menu_to(A.last, "Start") + ["A"]
    yield from until(lambda: A.last.screen is A.last.table and A.last.play.mode == P.PICK)


def position(app, s=None):
    # the game's position (s: a game not yet the app's, dealt ahead)
    s = app.sess if s is None else s
    st = s.state
    return (bytes(s.log[0:s.nlog]), [CN.hand_cards(st, seat) for seat in range(st.nseats)],
            bytes(st.loc), st.to_move)


class Once:
    """Replace cls.name by a function raising error once, when armed; at:
    the position then."""

    def __init__(self, monkeypatch, cls, name, error):
        orig = getattr(cls, name)
        self.armed = False
        self.at = None

        def call(*args, **kw):
            if self.armed:
                self.armed = False
                self.at = position(A.last)
                raise error
            return orig(*args, **kw)
        monkeypatch.setattr(cls, name, call)


def message():
    t = recover.text
    return [row_text(t, r) for r in range(recover.ROWS)] if t is not None else None


def crash_and_restart(seen, sim_box, arm, count0, begins):
    """After arm(): wait for the message, check B does nothing, press A,
    then Continue; records what was seen (begins: positions Play.begin saw)."""
    arm()
    yield ["A"]                          # play the selected card (the first option)
    yield from until(lambda: recover.errors > count0)
    yield ["wait:300"]
    sim = sim_box[0]
    seen["message"] = message()
    seen["last"] = A.last
    root = sim.hal.display.root
    seen["root"] = [len(root), len(root[0]) if len(root) else 0]
    seen["frame_lit"] = sum(bin(b).count("1") for b in sim.frame())
    seen["frame"] = bytes(sim.frame())
    yield ["B", "LEFT", "wait:500"]      # only A restarts
    seen["after_b"] = (A.last, recover.errors)
    n = len(begins)                      # the tables begun before the restart
    yield ["A", "wait:300"]
    app = A.last
    seen["menu"] = (app.screen is app.menu, app.menu.kind, [it[0] for it in app.menu.items])
    seen["restarted_frame"] = bytes(sim.frame())
    yield menu_to(app, "Continue") + ["A"]
    yield from until(lambda: A.last.screen is A.last.table and A.last.play.mode == P.PICK)
    # the game rebuilt while the main menu waited (device/menus.py
    # ResumeAhead) or at Continue: the last table begun is the one shown
    assert len(begins) > n
    seen["resumed"] = begins[-1]


def setup_box():
    box = []
    return box, (lambda sim: box.append(sim))


def record_begins(monkeypatch):
    """The position at every Play.begin (a game started or resumed)."""
    seen = []
    orig = Play.begin

    def begin(self, sess):
        r = orig(self, sess)
        seen.append(position(self.app, sess))
        return r
    monkeypatch.setattr(Play, "begin", begin)
    return seen


def crash_game(monkeypatch, level, arm):
    """A new game at level, the error armed (arm()) before the person's
    first play, then the message, A and Continue (crash_and_restart):
    (what was seen, the error count before)."""
    seen = {}
    box, setup = setup_box()
    count0 = recover.errors
    begins = record_begins(monkeypatch)

    def steps():
        yield from new_game(level)
        yield from crash_and_restart(seen, box, arm, count0, begins)
    run(steps, setup=setup)
    return seen, count0


def check(seen, err_name, count0):
    assert seen["message"][0] == "Something went wrong"
    assert seen["message"][2] == err_name
    assert seen["message"][4] == "A: restart"
    assert seen["last"] is None                      # the failed app is gone
    # one group on the panel: the message, nothing of the screen that failed
    assert seen["root"] == [1, 1]
    assert seen["frame_lit"] > 200                   # three lines of 6x10 text lit
    assert seen["after_b"] == (None, count0 + 1)
    on_menu, kind, items = seen["menu"]
    assert on_menu and kind == "main" and items[0] == "Continue"
    assert seen["restarted_frame"] != seen["frame"]


def test_an_error_in_the_ai_search_shows_the_message_and_a_resumes_the_game(monkeypatch, capsys):
    boom = Once(monkeypatch, Search, "step", RuntimeError("pystack exhausted"))
    seen, count0 = crash_game(monkeypatch, "hard", lambda: setattr(boom, "armed", True))
    check(seen, "RuntimeError", count0)
    # the person's play was saved before the AI thought: Continue brings back
    # the same hands, the same plays, the AI to move again
    assert boom.at is not None and len(boom.at[0]) > 0
    assert seen["resumed"] == boom.at
    out, err = capsys.readouterr()
    assert "something went wrong (RuntimeError)" in out
    assert "Traceback (most recent call last)" in err
    assert "think_step" in err and "RuntimeError: pystack exhausted" in err


def test_an_error_in_a_screens_drawing_shows_the_message_and_a_resumes_the_game(monkeypatch, capsys):
    boom = Once(monkeypatch, Table, "say_play", ZeroDivisionError("drawing"))
    seen, count0 = crash_game(monkeypatch, "easy", lambda: setattr(boom, "armed", True))
    check(seen, "ZeroDivisionError", count0)
    # the play was made and saved before its drawing failed: the resumed game
    # has it, with the same hands
    assert boom.at is not None and len(boom.at[0]) > 0
    assert seen["resumed"] == boom.at
    out, err = capsys.readouterr()
    assert "Traceback (most recent call last)" in err
    assert "say_play" in err and "ZeroDivisionError: drawing" in err


def test_an_error_that_comes_back_at_once_is_shown_every_time(monkeypatch, capsys):
    # the main menu fails to draw at every start: each failure shows the
    # message and waits for A; no loop runs without the person
    from device import menus as M
    fails = [3]
    orig = M.MainMenu.show

    def show(self):
        if fails[0] > 0:
            fails[0] -= 1
            raise ValueError("menu")
        return orig(self)
    monkeypatch.setattr(M.MainMenu, "show", show)
    seen = []
    box, setup = setup_box()
    count0 = recover.errors

    def steps():
        for k in range(3):
            yield ["wait:2000"]
            seen.append((recover.errors - count0, message(), A.last))
            yield ["A"]
        yield ["wait:300"]
        seen.append((recover.errors - count0, A.last.screen is A.last.menu, A.last.menu.kind))
    sim, _ = run(steps, setup=setup)
    for k in range(3):
        n, msg, last = seen[k]
        assert n == k + 1 and msg[2] == "ValueError" and last is None
    assert seen[3] == (3, True, "main")
    # waiting for A idles (50 ms turns), it does not spin
    assert sim.clock.now > 6000
    assert capsys.readouterr().err.count("ValueError: menu") == 3


def test_the_message_needs_no_screen_of_the_app(monkeypatch, capsys):
    # the sheets are built again when the app had none (it failed first thing)
    built = []
    orig = G.Gfx.__init__

    def gfx_init(self):
        built.append(1)
        if len(built) == 1:
            raise MemoryError("sheets")
        orig(self)
    monkeypatch.setattr(G.Gfx, "__init__", gfx_init)
    seen = {}
    box, setup = setup_box()

    def steps():
        yield ["wait:500"]
        seen["message"] = message()
        yield ["A", "wait:300"]
        seen["menu"] = A.last.menu.kind
    run(steps, setup=setup)
    assert len(built) == 3                   # the app's, the message's, the restarted app's
    assert seen["message"][0] == "Something went wrong" and seen["message"][2] == "MemoryError"
    assert seen["menu"] == "main"


def test_when_the_message_cannot_be_shown_serial_says_so_and_a_still_restarts(monkeypatch, capsys):
    fails = [1]
    orig = A.App.run

    def app_run(self):
        if fails[0]:
            fails[0] -= 1
            raise KeyError("x")
        return orig(self)
    monkeypatch.setattr(A.App, "run", app_run)

    def show_fails(*a, **kw):
        raise OSError("panel")
    monkeypatch.setattr(recover, "show", show_fails)
    seen = {}

    def steps():
        yield ["wait:500"]
        seen["waiting"] = (A.last, fails[0])
        yield ["A", "wait:300"]
        seen["menu"] = A.last.menu.kind
    run(steps)
    out, err = capsys.readouterr()
    assert "could not show it on the OLED: OSError: panel" in out
    assert "KeyError" in err
    assert seen["waiting"] == (None, 0)      # waiting for A, not restarted on its own
    assert seen["menu"] == "main"


def test_a_failing_test_driver_is_not_taken_for_the_apps_error():
    # an assertion raised by the driver (the test) ends the run with itself
    count0 = recover.errors

    def steps():
        yield ["wait:100"]
        raise AssertionError("the test's own")
    with pytest.raises(AssertionError, match="the test's own"):
        run(steps)
    assert recover.errors == count0


VM_SCRIPT = r'''
import sys, json
sys.path.insert(0, "/app/mpstub")
sys.path.insert(0, "/app/lib")
import heapapp as H
H.install_board()
import hal
import device.app as A
from device import recover
from textrow import row_text

import device.menus as M
fails = [1]
orig = M.MainMenu.show


def show(self):
    if fails[0]:
        fails[0] -= 1
        raise ValueError("menu")
    return orig(self)


M.MainMenu.show = show
seen = {}


def policy():
    if A.last is None and "msg" not in seen:
        seen["msg"] = [row_text(recover.text, r) for r in range(recover.ROWS)]
        H.tap(4)


H.policy = policy
H.budget[0] = 200
hal.install(H.open_board())
try:
    hal.run(A.main)
except H.Stop:
    pass
print(json.dumps({"msg": seen.get("msg"), "errors": recover.errors,
                  "menu": A.last.menu.kind, "items": [it[0] for it in A.last.menu.items]}))
'''


def test_on_micropython_the_traceback_goes_to_serial_and_a_restarts(mpvm):
    from tools.heap import vm_trees
    with vm_trees(False, libs=True) as trees:
        out = mpvm.run(VM_SCRIPT, trees=trees)
    import json
    row = json.loads(out.strip().splitlines()[-1])
    assert row["msg"][0] == "Something went wrong" and row["msg"][2] == "ValueError"
    assert row["errors"] == 1 and row["menu"] == "main"
    # sys.print_exception on serial (stdout): MicroPython's traceback
    assert "Traceback (most recent call last)" in out and "ValueError: menu" in out
    assert "something went wrong (ValueError)" in out
    # from source, the traceback has its line numbers: no note
    assert "line numbers left out" not in out


def test_a_build_without_line_numbers_says_so_after_the_traceback(mpvm, tmp_path):
    # basra-flash --mpy compiles with -O3 (__debug__ False, no line numbers):
    # the serial output says how to get them back
    from tools.heap import vm_trees
    with vm_trees(True, libs=True) as trees:
        out = mpvm.run(VM_SCRIPT, trees=trees, mpy=True)
    assert "ValueError: menu" in out and ", line 1, in " in out
    assert "basra-flash --mpy --lines keeps them" in out


@pytest.mark.parametrize("stage", ["save_game", "frame_held"])
def test_an_error_in_a_writes_stage_writes_the_play_and_a_resumes_after_it(monkeypatch, capsys, stage):
    # a game write takes loop turns of its own (device/saving.py SaveJob):
    # an error in one of them (the record's encoding, its framing) still
    # writes the play on the way to the message
    from device.saving import SaveStore
    real = getattr(SaveStore, stage)
    boom = {"armed": False, "at": None}

    def failing(self, *args):
        if boom["armed"] and (stage != "save_game" or args[2]):
            boom["armed"] = False
            boom["at"] = position(A.last)
            raise RuntimeError("between stages")
        return real(self, *args)
    monkeypatch.setattr(SaveStore, stage, failing)
    seen, count0 = crash_game(monkeypatch, "easy", lambda: boom.__setitem__("armed", True))
    check(seen, "RuntimeError", count0)
    assert boom["at"] is not None and len(boom["at"][0]) > 0
    assert seen["resumed"] == boom["at"]
    out, err = capsys.readouterr()
    assert "RuntimeError: between stages" in err


def test_an_error_at_a_menu_lets_the_screens_code_go(monkeypatch, capsys):
    # a screen's module is loaded while it is open (device/screens.py): an
    # error there gives its heap to the message and the restarted app
    import sys

    from device import screens
    monkeypatch.setattr(screens, "CODE_ON_HEAP", True)      # as on a board: code on the heap
    orig = A.App.key
    seen = {}

    def key(self, b):
        seen.setdefault("held", "device.menus" in sys.modules)
        raise KeyError("menu key")
    monkeypatch.setattr(A.App, "key", key)
    box, setup = setup_box()

    def steps():
        yield ["wait:1000", "A"]                 # the main menu read, then a press
        yield ["wait:300"]
        seen["during"] = "device.menus" in sys.modules
        monkeypatch.setattr(A.App, "key", orig)
        yield ["A", "wait:300"]
        seen["after"] = A.last.menu.kind
    run(steps, setup=setup)
    assert seen["held"]                         # loaded before the error
    assert not seen["during"]                   # let go for the message
    assert seen["after"] == "main"              # and loaded again with the main menu

