"""Screens and jobs (device/screens.py, device/jobs.py): a screen is one new
class plus one line in the registry, a job one class started by whoever
needs it. A throwaway screen and a throwaway job added that way are driven
through the real app; the registry loads a screen's module while it is
open and lets it go when it closes."""
import sys
import types

from device import app as A
from device import screens
from device.jobs import CANCELLED, DONE, PENDING, Job, Jobs
from harness.devdrive import drive, menu_to

_MODULE = "device.throwaway_for_test"


class Counting(Job):
    """A throwaway job: three steps, then done."""
    group = "count"
    rank = 5

    def __init__(self, log):
        Job.__init__(self)
        self.log = log

    def step(self, now):
        self.log.append(now)
        return len(self.log) >= 3


def _throwaway_module():
    # the screen's module, as a new file would be (one class)
    mod = types.ModuleType(_MODULE)

    class Throwaway(screens.MenuScreen):
        kind = "throwaway"
        title = "THROWAWAY"

        def __init__(self, app, log):
            screens.MenuScreen.__init__(self, app, [["Count", None, 0, 1], ["Close", None, 0, 2]])
            self.log = log

        def pick(self, item, k):
            if item == 1:
                self.app.jobs.start(Counting(self.log))
            else:
                self.app.pop("closed")
    mod.Throwaway = Throwaway
    return mod


def test_a_throwaway_screen_and_job_registered_in_one_line_each_are_driven(monkeypatch):
    monkeypatch.setitem(sys.modules, _MODULE, _throwaway_module())
    monkeypatch.setitem(screens.SCREENS, "throwaway", _MODULE + ".Throwaway")     # the one line
    log = []
    answers = []
    seen = {}

    def steps():
        yield ["wait:500"]
        a = A.last
        main = a.top()
        monkeypatch.setattr(main, "answer", answers.append)
        a.open("throwaway", log)
        a._settle()
        yield ["wait:100"]
        seen["open"] = (A.last.menu.kind, A.last.menu.title)
        yield ["A"]                     # Count: the job starts, the loop steps it
        yield ["wait:200"]
        seen["steps"] = list(log)
        yield ["DOWN", "A"]             # Close: the main menu gets the answer
        yield ["wait:100"]
        seen["back"] = A.last.menu.kind
    gen = steps()
    drive(lambda app: next(gen, None), seed=2)
    assert seen["open"] == ("throwaway", "THROWAWAY")
    assert len(seen["steps"]) == 3 and seen["steps"] == sorted(seen["steps"])
    assert seen["steps"][0] < seen["steps"][-1]         # a step a loop turn, not all at once
    assert answers == ["closed"] and seen["back"] == "main"


def test_jobs_run_by_rank_and_a_group_cancels_its_older_job():
    jobs = Jobs()
    log = []
    late = jobs.start(Counting(log))
    first = Job()
    first.rank = 0
    jobs.start(first)
    assert jobs.queue == [first, late] and late.state == PENDING
    jobs.step(0)
    assert first.state == DONE and jobs.queue == [late]
    newer = jobs.start(Counting(log))       # the same group: the older one goes
    assert late.state == CANCELLED and jobs.queue == [newer]
    for t in (1, 2, 3):
        jobs.step(t)
    assert newer.state == DONE and not jobs.queue and log == [1, 2, 3]


def test_a_screens_module_is_loaded_while_it_is_open_and_let_go_when_it_closes(monkeypatch):
    # as on a board (code on the heap): the save's reading side goes once
    # the main menu is up; Stats opened from the main menu, its module
    # (device/menus.py, the main menu's too) stays; at the table the menus'
    # code goes; the game menu's (device/gamemenu.py) is the game's and
    # stays, Settings over it brings device/settingsmenu.py (not the main
    # menu's module) and closing it lets that go
    monkeypatch.setattr(screens, "CODE_ON_HEAP", True)
    seen = {}
    mods = ("device.menus", "device.gamemenu", "device.settingsmenu", "device.saveread")

    def steps():
        yield ["wait:1000"]
        yield menu_to(A.last, "Stats") + ["A"]
        seen["stats"] = [m for m in mods if m in sys.modules]
        yield ["B"]
        yield menu_to(A.last, "New game") + ["A"]
        yield menu_to(A.last, "Start") + ["A", "wait:300"]
        seen["table"] = [m for m in mods if m in sys.modules]
        yield ["B"]
        yield menu_to(A.last, "Settings") + ["A"]
        seen["settings"] = [m for m in mods if m in sys.modules]
        yield ["B", "wait:100"]         # back to the table
        seen["back"] = [m for m in mods if m in sys.modules]
    gen = steps()
    drive(lambda app: next(gen, None), seed=3)
    assert seen["stats"] == ["device.menus", "device.gamemenu"]     # the game's code, loaded ahead
    assert seen["table"] == ["device.gamemenu"]
    assert seen["settings"] == ["device.gamemenu", "device.settingsmenu"]
    assert seen["back"] == ["device.gamemenu"]


def test_b_out_of_stats_and_rules_puts_the_cursor_back_where_it_was():
    seen = {}

    def steps():
        yield ["wait:500"]
        for label in ("Stats", "Rules"):
            yield menu_to(A.last, label) + ["A"]
            yield ["B"]
            m = A.last.menu
            seen[label] = m.items[m.cur][0]
    gen = steps()
    drive(lambda app: next(gen, None), seed=4)
    assert seen == {"Stats": "Stats", "Rules": "Rules"}


def test_a_damaged_saves_note_is_cut_at_a_word_not_at_the_panels_edge():
    from device.save import DAMAGED
    seen = {}

    def setup(sim):
        sim.hal.storage.write(0, b"Bs\x03\x01\x00\x05hello\x00\x00\x00\x00")   # a record whose CRC fails

    def steps():
        yield ["wait:300"]
        seen["lines"] = [it[0] for it in A.last.menu.items if it[1] is False]
    gen = steps()
    drive(lambda app: next(gen, None), seed=5, setup=setup)
    assert " ".join(seen["lines"]) == DAMAGED and all(len(s) <= 21 for s in seen["lines"])


def test_stats_shows_the_games_version():
    from core.version import VERSION
    seen = {}

    def steps():
        yield ["wait:300"]
        yield menu_to(A.last, "Stats") + ["A"]
        seen["lines"] = [it[0] for it in A.last.menu.items]
    gen = steps()
    drive(lambda app: next(gen, None), seed=6)
    assert ("Version" + " " * (21 - 7 - len(VERSION)) + VERSION) in seen["lines"], seen["lines"]


def test_a_hands_end_code_comes_before_its_last_play_and_goes_with_a_menu_or_the_summary(monkeypatch):
    # as on a board (code on the heap): device/summary.py is not loaded
    # during a hand, is loaded once the hand's last play is to come (a job's
    # step of its own, before that play), goes when the game menu opens
    # over that last play (the summary not made yet) and comes back for the
    # summary, which holds it until it closes (the first hand whose last
    # play is the person's)
    monkeypatch.setattr(screens, "CODE_ON_HEAP", True)
    seen = {"mid": [], "last": None}
    loaded = lambda: "device.summary" in sys.modules  # noqa: E731
    state = {"phase": "start"}

    def policy(app):
        ph = state["phase"]
        if ph == "start":
            state["phase"] = "new"
            return ["wait:1000"] + menu_to(app, "New game") + ["A"]
        if ph == "new":
            state["phase"] = "play"
            return menu_to(app, "Start") + ["A", "wait:300"]
        if app.screen is app.table and app.play.persons_turn():
            left = app.sess.state.plays_left()
            if left > 1:
                seen["mid"].append(loaded())
                return ["A", "wait:2000"]
            if ph == "play":
                seen["last"] = loaded()
                state["phase"] = "menu"
                return ["B", "wait:100"]
            if ph == "back":
                seen["back"] = loaded()
                state["phase"] = "summary"
                return ["A", "wait:3000"]
        if ph == "menu" and app.screen is not app.table:
            seen["menu"] = loaded()
            state["phase"] = "back"
            return ["B", "wait:300"]
        on_summary = app.screen is app.pages and app.pages.kind == "summary"
        if ph == "play" and on_summary:
            return ["A", "wait:1000"]     # the AI played the hand's last: the next hand's
        if ph == "summary" and on_summary:
            seen["summary"] = loaded()
            state["phase"] = "closed"
            return ["B", "wait:300"]
        if ph == "closed":
            seen["closed"] = loaded()
            return None
        return ["wait:200"]
    sys.modules.pop("device.summary", None)
    drive(policy, seed=3)
    assert seen["mid"] and not any(seen["mid"]), seen     # during the hand: not loaded
    assert seen["last"] is True, seen                      # before the hand's last play
    assert seen["menu"] is False, seen                     # a menu over it let it go
    assert seen["summary"] is True and seen["closed"] is False, seen
