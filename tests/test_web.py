"""The page (docs/web.md) in a real browser: Debian's chromium-headless-shell
driven by Playwright, over site/ as `make site` writes it, served as
`make web` serves it.

The files in the game's VM must be basra-flash's, byte for byte, and its
frames the simulator's. One visit plays a whole hand by keys, from the main
menu (the expert level) to the hand's summary; halfway it reloads the page
and Continue must bring back the same game; then a garbled save in
localStorage must be refused with the board's message, and a new game goes
on. No page error may be logged, nor an error the app recovered from. It
reports the figures measured in the page (press to frame, the expert's
decisions, the first frame, the slices), printed after the run. Two more
tests: an error the app did not expect (its message, A restarts), and the
panel's sleep timer with the on-screen buttons.

The game's state is read in the game's VM (``basra.py``, in its worker);
only the last two tests change it that way (the error, a 1 s sleep timer):
every move is a key event. WEB_SHOTS=DIR saves 1:1
screenshots of the page there (docs/web/: the main menu, the table on the
two-colour panel, the summary on the blue one, the refused save).
"""
import json
import os
import shutil
import statistics
import sys
from pathlib import Path

import pytest

from harness.mpvm import in_ci, unavailable_reason

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "web"))
import mksite  # noqa: E402
import serve   # noqa: E402

INSTALL = "apt-get install chromium-headless-shell (and `make test` installs Playwright)"
# Debian's binary (the /usr/bin name is a shell script starting it)
BROWSERS = ("/usr/lib/chromium/chromium-headless-shell", "chromium-headless-shell")
SAVE_KEY = "pocket-basra-nvm"
LEVEL = "expert"

PICK, CHOOSE, COVER, THINK, SHOW, PAUSE = 0, 1, 2, 3, 4, 5   # device/play.py's modes

# what the test reads of the app, in the page's VM (JSON)
PROBE = r'''
import json, sys
def _probe():
    A = sys.modules.get("device.app")
    a = A.last if A is not None else None
    rec = sys.modules.get("device.recover")
    out = {"errors": rec.errors if rec is not None else 0, "screen": None}
    if a is None:
        return json.dumps(out)
    if a.screen is a.menu:
        m = a.menu
        out.update(screen="menu", kind=m.kind, cur=m.cur,
                   items=[[it[0], it[2], isinstance(it[1], tuple) and str(it[1][it[2]])] for it in m.items])
    elif a.screen is a.pages:
        out.update(screen="pages", kind=a.pages.kind)
    elif a.table is not None and a.screen is a.table:
        s = a.sess
        out.update(screen="table", mode=a.play.mode)
        if s is not None:
            out.update(log=list(s.log[0:s.nlog]), hand=s.game.hand_no, levels=list(s.levels),
                       scores=list(s.game.scores))
    out["saving"] = a.jobs.find("save") is not None
    return json.dumps(out)
'''


def _browser():
    for b in BROWSERS:
        path = b if os.path.isabs(b) else shutil.which(b)
        if path and os.path.exists(path):
            return path
    return None


def _unavailable():
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright (pip playwright) is not installed: " + INSTALL
    if _browser() is None:
        return "no chromium-headless-shell: " + INSTALL
    return unavailable_reason()


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    reason = _unavailable()
    if reason:
        if in_ci():
            pytest.fail("the page's test needs a browser on CI: " + reason, pytrace=False)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright
    site = tmp_path_factory.mktemp("site")
    mksite.build(site)
    server, url = serve.serve(site)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=_browser())
        pg = browser.new_page(viewport={"width": 640, "height": 660})
        pg.errors = []
        pg.on("pageerror", lambda e: pg.errors.append("pageerror: %s" % e))
        pg.on("console", lambda m: m.type == "error" and pg.errors.append("console: " + m.text))
        pg.url_ = url
        yield pg
        browser.close()
    server.shutdown()


def _open(pg, reload=False):
    if reload:
        pg.reload()
    else:
        pg.goto(pg.url_)
    pg.wait_for_function("window.basra && basra.firstFrameMs !== null", timeout=30000)
    pg.evaluate("(src) => basra.py(src)", PROBE)
    return pg.evaluate("basra.firstFrameMs")


def _state(pg):
    return json.loads(pg.evaluate("basra.py('_pr = _probe()', '_pr')"))


def _shot(pg, name, colour="white"):
    out = os.environ.get("WEB_SHOTS")
    if out:
        pg.select_option("#colour", colour)
        pg.wait_for_timeout(100)
        pg.screenshot(path=os.path.join(out, name + ".png"))


def _press(pg, key):
    n = pg.evaluate("basra.pressToFrame.length")
    pg.keyboard.press(key)
    pg.wait_for_function("(n) => basra.pressToFrame.length > n", arg=n, timeout=10000)


def _settled(pg, until=None, timeout=60.0):
    """The app's state once no save is waiting and no AI thinks (or until(state))."""
    import time
    end = time.monotonic() + timeout
    while True:
        st = _state(pg)
        if until(st) if until else not (st.get("saving") or st.get("mode") == THINK):
            return st
        assert time.monotonic() < end, "the page did not settle: %r" % (st,)
        pg.wait_for_timeout(50)


def _rows(pg):
    """The frame on the page's panel: rows of 0/1, as the simulator's view()."""
    fb = pg.evaluate("Array.from(basra.frame)")
    return [bytearray((fb[y * 16 + (x >> 3)] >> (7 - (x & 7))) & 1 for x in range(128)) for y in range(64)]


def _simulator_menus():
    """The simulator's panel (the real adafruit_displayio_ssd1306 driver over
    an emulated SSD1306) on a fresh main menu and, after A, the new game's."""
    from harness.devdrive import drive
    views = []
    holder = {}

    def policy(app):
        views.append(holder["sim"].view())
        return ["A", "wait:200"] if len(views) == 1 else None
    drive(policy, setup=lambda sim: holder.setdefault("sim", sim))
    return views


def _new_game(pg):
    """From the main menu to the table: New game, the expert level, Start; by keys."""
    st = _settled(pg, lambda s: s["screen"] == "menu" and s["kind"] == "main")
    labels = [it[0] for it in st["items"]]
    for _ in range(labels.index("New game") - st["cur"]):
        _press(pg, "ArrowDown")
    _press(pg, "Enter")
    st = _settled(pg, lambda s: s["screen"] == "menu" and s["kind"] == "new")
    for _ in range(st["cur"]):
        _press(pg, "ArrowUp")
    for _ in range(8):
        if _state(pg)["items"][0][2] == LEVEL:
            break
        _press(pg, "ArrowRight")
    st = _state(pg)
    assert st["items"][0][2] == LEVEL, st
    for _ in range([it[0] for it in st["items"]].index("Start")):
        _press(pg, "ArrowDown")
    _press(pg, "z")
    st = _settled(pg, lambda s: s["screen"] == "table")
    assert st["levels"][1:] == [LEVEL], st


def _play(pg, plays):
    """Play the person's turns by keys (A: the card and the take the cursor
    is on; a play on show skipped with space) until plays were made or the
    hand's summary is up; returns the state then."""
    made = 0
    while True:
        st = _settled(pg, lambda s: s["screen"] != "table" or s["mode"] != THINK)
        if st["screen"] == "pages" and st["kind"] == "summary" or made >= plays:
            return st
        assert st["screen"] == "table", st
        if st["mode"] == PICK:
            made += 1
        _press(pg, "Enter" if st["mode"] in (PICK, CHOOSE, COVER) else " ")


def test_a_hand_by_keys_a_reload_resumes_and_a_garbled_save_is_refused(page, record_property):
    first = _open(page)
    # what runs in the page's VM is what basra-flash copies to a board, byte for byte
    from basra_flash.manifest import build_manifest
    items = {i.dest.lstrip("/"): i.data for i in build_manifest().items}
    in_vm = json.loads(page.evaluate("(src) => basra.py(src, '_hx')", (
        "import json, binascii\n"
        "_hx = json.dumps([binascii.hexlify(open('/board/' + n, 'rb').read()).decode() for n in %r])\n"
        % sorted(items))))
    assert [bytes.fromhex(h) for h in in_vm] == [items[n] for n in sorted(items)]
    _settled(page, lambda s: s["screen"] == "menu" and s["kind"] == "main")
    _shot(page, "menu")
    # the page draws what a board's displayio draws
    main, new = _simulator_menus()
    assert sum(map(sum, main)) > 500 and main != new
    assert _rows(page) == main
    _press(page, "Enter")
    _settled(page, lambda s: s["screen"] == "menu" and s["kind"] == "new")
    assert _rows(page) == new
    _press(page, "Backspace")
    _new_game(page)
    # halfway: the game written, the page reloaded, Continue resumes it
    st = _play(page, 6)
    st = _settled(page, lambda s: s["screen"] == "table" and s["mode"] == PICK and not s["saving"])
    before = (st["log"], st["hand"], st["scores"])
    _shot(page, "table", "two")
    assert len(before[0]) >= 10
    press_times = list(page.evaluate("basra.pressToFrame"))
    decisions = list(page.evaluate("basra.figures()")["decisions"])
    _open(page, reload=True)
    st = _settled(page, lambda s: s["screen"] == "menu" and s["kind"] == "main")
    assert st["items"][0][0] == "Continue", st
    _press(page, "Enter")
    st = _settled(page, lambda s: s["screen"] == "table" and s["mode"] == PICK)
    assert (st["log"], st["hand"], st["scores"]) == before
    # the rest of the hand, to its summary
    st = _play(page, 10 ** 6)
    assert st["screen"] == "pages" and st["kind"] == "summary", st
    _shot(page, "summary", "blue")
    press_times += page.evaluate("basra.pressToFrame")
    decisions += page.evaluate("basra.figures()")["decisions"]

    # a garbled save: refused with the board's message, and a game goes on
    kept = page.evaluate("(k) => localStorage.getItem(k)", SAVE_KEY)
    assert kept and len(kept) > 5000
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, "garbled:" + kept[8:]])
    _open(page, reload=True)
    st = _settled(page, lambda s: s["screen"] == "menu" and s["kind"] == "main")
    labels = [it[0] for it in st["items"]]
    assert "Continue" not in labels
    assert "save damaged, new game" in " ".join(labels[labels.index("Rules") + 1:]), labels
    assert page.evaluate("basra.refused") is True
    _shot(page, "refused")
    _new_game(page)
    st = _play(page, 1)
    st = _settled(page, lambda s: s["screen"] == "table" and len(s["log"]) >= 1 and not s["saving"])
    assert page.evaluate("(k) => localStorage.getItem(k)", SAVE_KEY).startswith("Qn")   # "Bs": a record

    assert _state(page)["errors"] == 0
    assert page.errors == []
    slices = page.evaluate("basra.figures()")
    # printed after the run (tests/conftest.py), also under pytest-xdist
    record_property("figures", (
        "the page in Chromium (tests/test_web.py): press to frame median %.1f ms, p90 %.1f, worst %.1f "
        "(%d presses); %s decision median %.0f ms, worst %.0f (%d); first frame %.0f ms after the page's "
        "start; the longest slice %.0f ms (code.py's, the first, %.0f ms)"
        % (statistics.median(press_times), _p90(press_times), max(press_times), len(press_times),
           LEVEL, statistics.median(decisions), max(decisions), len(decisions), first,
           slices["longestSliceMs"], slices["firstSliceMs"])))


def _p90(xs):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(0.9 * len(xs)))]


BREAK_MAIN_MENU = r'''
import device.menus as M
_orig_show = M.MainMenu.show
_fails = [1]
def _show(self):
    if _fails[0]:
        _fails[0] -= 1
        raise ValueError("a test's error")
    return _orig_show(self)
M.MainMenu.show = _show
'''


def test_an_error_the_app_did_not_expect_shows_its_message_and_a_restarts_it(page):
    # the one place the page's state is changed through the VM: the main
    # menu's next show fails once (device/recover.py's message, then A)
    _open(page, reload=True)
    _settled(page, lambda s: s["screen"] == "menu" and s["kind"] == "main")
    page.evaluate("(src) => basra.py(src)", BREAK_MAIN_MENU)
    st = _state(page)
    for _ in range([it[0] for it in st["items"]].index("Stats") - st["cur"]):
        _press(page, "ArrowDown")
    _press(page, "Enter")
    _settled(page, lambda s: s["screen"] == "menu" and s["kind"] != "main")
    _press(page, "Backspace")
    st = _settled(page, lambda s: s["screen"] is None)
    assert st["errors"] == 1
    assert _message(page)[0:5:2] == ["Something went wrong", "ValueError", "A: restart"]
    page.wait_for_timeout(300)
    page.keyboard.press("ArrowLeft")    # only A restarts
    page.wait_for_timeout(300)
    assert _state(page)["screen"] is None
    _press(page, "Enter")
    st = _settled(page, lambda s: s["screen"] == "menu" and s["kind"] == "main")
    assert st["items"][0][0] == "Continue"      # the game played before
    assert page.errors == []


def _message(pg):
    """The rows of device/recover.py's message, read as the harness reads a
    Text (harness/mpstub/textrow.py, run in the page's VM)."""
    return json.loads(pg.evaluate("(src) => basra.py(src, '_rows')", (
        (REPO / "harness" / "mpstub" / "textrow.py").read_text()
        + "\nimport json, sys\n_t = sys.modules['device.recover']\n"
        "_rows = json.dumps([row_text(_t.text, r) for r in range(_t.ROWS)])\n")))


LIT = """(() => {
  const d = document.getElementById('oled').getContext('2d').getImageData(0, 0, 128, 64).data;
  let lit = 0;
  for (let i = 0; i < d.length; i += 4) lit += d[i] + d[i + 1] + d[i + 2] > 0;
  return lit;
})()"""


def test_the_panel_sleeps_without_presses_a_press_wakes_it_and_the_buttons_press(page):
    # the settings' sleep timer runs across the page's slices (the app's
    # loop is re-entered each one); 1 s set through the VM (the menu's
    # shortest is 30 s)
    _open(page, reload=True)
    _settled(page, lambda s: s["screen"] == "menu" and s["kind"] == "main")
    assert page.evaluate(LIT) > 500
    page.evaluate("basra.py('import sys\\nsys.modules[\"device.app\"].last.settings.sleep_s = 1')")
    page.wait_for_timeout(1600)
    assert page.evaluate(LIT) == 0                  # the panel off: the canvas black
    page.keyboard.press("ArrowDown")                # wakes it, and only that
    page.wait_for_timeout(200)
    assert page.evaluate(LIT) > 500
    assert _state(page)["cur"] == 0
    # the buttons under the panel press as the keys do
    n = page.evaluate("basra.pressToFrame.length")
    page.click("button[aria-label=down]")
    page.wait_for_function("(n) => basra.pressToFrame.length > n", arg=n)
    assert _state(page)["cur"] == 1
    assert page.errors == []
