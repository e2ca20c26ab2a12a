"""The device app's features through button presses in the headless
simulator: capture choice and preview, hint, undo, the AI's thinking between
button polls, sleep and wake, resume after a reset, every menu path, a floor
too big for one row, the bytes a cursor move sends; what the panel says in
words (the dealer, the summary's majority), the menu line's margin, the
Stats screen's scrolling and the stats kept with every save."""
import pytest

import hal

from core import cardnames as CN
from core.presets import preset
from core.state import play_card
from device import app as A
from device import gfx as G
from device.summary import summary_lines
from device import play as P
from core.ai.player import DEVICE_DEADLINE_MS
from device.session import WINDOW, Session
from harness.devdrive import drive, menu_to, place, row_text, set_value


def run(steps, **kw):
    """Drive the app with a generator function of press lists (reads A.last)."""
    gen = steps()
    return drive(lambda app: next(gen, None), **kw)


def until(cond, step="wait:100", limit=600):
    for _ in range(limit):
        if cond(A.last):
            return
        yield [step]
    raise AssertionError("condition never met")


def new_game(**opts):
    app = A.last
    yield menu_to(app, "New game") + ["A"]
    for label, value in opts.items():
        yield set_value(A.last, label, value)
    yield menu_to(A.last, "Start") + ["A"]
    yield from until(lambda a: a.screen is a.table and a.play.mode == P.PICK)


def settings(**opts):
    yield menu_to(A.last, "Settings") + ["A"]
    for label, value in opts.items():
        yield set_value(A.last, label, value)
    yield ["B"]


def my_turn(a):
    return a.screen is a.table and a.play.mode == P.PICK


def floor_tiles(app):
    t = app.table
    cards = t.narrow if t.narrow is not None else t.full
    return [x for x in cards.shadow if x != G.BLANK]


def test_capture_choice_cycles_largest_first_and_previews_the_taken_cards():
    seen = {}

    def steps():
        yield from new_game(Level="easy")
        place(A.last, "7H KS", "7C 3D 4S 2H 5C QD")
        yield ["wait:50"]
        a = A.last
        p = a.play
        seen["n"] = p.nopt
        seen["counts"] = [p.cnt[k] for k in range(p.nopt)]
        seen["msg"] = row_text(a.table.msg)
        seen["inverted"] = sum(1 for x in a.table.full.shadow if G.INV <= x < G.BACK)
        yield ["A"]                  # 4 buttons: A opens the choice
        seen["mode"] = A.last.play.mode
        yield ["RIGHT"]
        seen["k"] = A.last.play.k
        seen["msg2"] = row_text(A.last.table.msg)
        seen["inverted2"] = sum(1 for x in A.last.table.full.shadow if G.INV <= x < G.BACK)
        yield ["B"]                  # back to choosing a card
        seen["mode2"] = A.last.play.mode
        yield ["A", "A"]             # the largest capture
        seen["floor"] = [CN.name(A.last.sess.floor[i]) for i in range(A.last.sess.nfloor)]
    run(steps, buttons=4)
    # 7H takes 7 + 3+4 + 2+5 (all five), down to the 7 alone, and may be laid
    assert seen["counts"][0] == 5 and seen["counts"][-1] == 0
    assert seen["n"] >= 4
    assert seen["counts"] == sorted(seen["counts"], reverse=True)
    assert seen["msg"].startswith("7") and "TAKES 5" in seen["msg"] and "(1/" in seen["msg"]
    assert seen["inverted"] == 5
    assert seen["mode"] == P.CHOOSE and seen["k"] == 1
    assert "(2/" in seen["msg2"] and seen["inverted2"] == seen["counts"][1]
    assert seen["mode2"] == P.PICK
    assert seen["floor"][:1] == ["QD"] or "QD" in seen["floor"]
    assert "7C" not in seen["floor"]


def test_basra_is_announced():
    seen = {}

    def steps():
        yield from new_game(Level="easy")
        place(A.last, "5H KS", "5C")
        yield ["wait:50"]
        seen["before"] = row_text(A.last.table.msg)
        yield ["A"]
        seen["mode"] = A.last.play.mode
        seen["msg"] = row_text(A.last.table.msg)
        seen["basras"] = A.last.sess.state.basras[0]
    run(steps)
    assert "BASRA" in seen["before"]
    assert seen["mode"] == P.PAUSE and "BASRA" in seen["msg"] and seen["basras"] == 1


def test_hint_selects_the_experts_play_and_gives_a_reason():
    seen = {}

    def steps():
        yield from new_game(Level="easy")
        yield ["B"]
        seen["items"] = [it[0] for it in A.last.menu.items]
        yield menu_to(A.last, "Hint") + ["A"]
        seen["mode"] = A.last.play.mode
        yield from until(my_turn, "wait:20")
        a = A.last
        seen["msg"] = row_text(a.table.msg)
        buf = a.sess.buf
        pick, chosen = a.sess.pick, a.play.opt[a.play.k]
        seen["pick"] = (buf[2 * pick], buf[2 * pick + 1])
        seen["chosen"] = (buf[2 * chosen], buf[2 * chosen + 1])
        word = a.sess.buf[2 * a.sess.pick]
        seen["card"] = play_card(word)
        seen["sel_card"] = a.sess.state.hand[a.play.sel]
    run(steps)
    assert "Hint" in seen["items"]
    assert seen["msg"].startswith("HINT ")
    assert seen["chosen"] == seen["pick"] and seen["card"] == seen["sel_card"]


def test_hints_off_hides_the_hint():
    seen = {}

    def steps():
        yield from settings(Hints="off")
        yield from new_game()
        yield ["B"]
        seen["items"] = [it[0] for it in A.last.menu.items]
    run(steps)
    assert "Hint" not in seen["items"]


def test_undo_takes_back_my_play_and_the_ai_answer():
    seen = {}

    def steps():
        yield from settings(Undo="on")
        yield from new_game(Level="easy")
        st = A.last.sess.state
        seen["hand"] = CN.hand_cards(st, 0)
        seen["floor"] = sorted(CN.floor_cards(st))
        yield ["A"]
        yield from until(my_turn)
        seen["after"] = A.last.sess.nlog
        yield ["B"]
        yield menu_to(A.last, "Undo") + ["A"]
        st = A.last.sess.state
        seen["hand2"] = CN.hand_cards(st, 0)
        seen["floor2"] = sorted(CN.floor_cards(st))
        seen["nlog"] = A.last.sess.nlog
        seen["mode"] = A.last.play.mode
    run(steps)
    assert seen["after"] == 2
    assert seen["hand2"] == seen["hand"] and seen["floor2"] == seen["floor"]
    assert seen["nlog"] == 0 and seen["mode"] == P.PICK


def test_undo_is_off_by_default_and_never_in_hot_seat():
    seen = {}

    def steps():
        yield from new_game(Level="easy")
        yield ["A"]
        yield from until(my_turn)
        yield ["B"]
        seen["off"] = [it[0] for it in A.last.menu.items]
    run(steps)
    assert "Undo" not in seen["off"]


def test_the_ai_thinks_in_steps_and_the_buttons_stay_answered(monkeypatch):
    holder = {}
    from device.session import Session
    step = Session.think_step

    def slow_step(self, elapsed):
        holder["sim"].clock.now += 150      # a board: each world takes a while
        return step(self, elapsed)
    monkeypatch.setattr(Session, "think_step", slow_step)

    def game(seen, menu):
        def steps():
            yield from new_game(Level="expert")
            yield ["A"]
            for _ in range(2000):       # past a BASRA's pause, if the play made one
                a = A.last
                if a.play.mode == P.THINK and a.sess.deciding is not None:
                    seen["thinking"] += 1
                    seen["msg"] = row_text(a.table.msg)
                    if menu:
                        yield ["B"]          # answered mid-search: the game menu
                        seen["menu"] = a.menu.kind if a.screen is a.menu else None
                        # the decision is let go while the menu is shown
                        # (no job steps it), and made again after it
                        seen["let_go"] = a.sess.deciding is None and a.jobs.find("decide") is None
                        yield ["B"]          # back: the search starts over
                    break
                yield ["wait:1"]
            yield from until(my_turn, "wait:20")
            seen["plays"] = A.last.sess.nlog
            seen["log"] = list(A.last.sess.log[0:A.last.sess.nlog])
        run(steps, setup=lambda sim: holder.__setitem__("sim", sim))

    seen = {"thinking": 0}
    game(seen, menu=True)
    assert seen["thinking"] == 1
    assert "THINKING" in seen["msg"]
    assert seen["menu"] == "game" and seen["let_go"]
    assert seen["plays"] == 2
    # started over from the same generators: the play it would have made
    alone = {"thinking": 0}
    game(alone, menu=False)
    assert alone["log"] == seen["log"]


def test_sleep_after_idle_and_the_waking_press_does_nothing():
    seen = {}
    holder = {}

    def steps():
        yield from settings(Sleep="30s")
        yield from new_game(Level="easy")
        sim = holder["sim"]
        seen["awake0"] = sim.display.awake
        seen["sel0"] = A.last.play.sel
        yield ["wait:31000"]
        seen["asleep"] = not sim.display.awake
        yield ["RIGHT"]
        seen["awake"] = sim.display.awake
        seen["sel1"] = A.last.play.sel
        yield ["RIGHT"]
        seen["sel2"] = A.last.play.sel
    run(steps, setup=lambda sim: holder.setdefault("sim", sim))
    assert seen["awake0"] and seen["asleep"] and seen["awake"]
    assert seen["sel1"] == seen["sel0"] and seen["sel2"] == seen["sel0"] + 1


def test_resume_after_a_reset(tmp_path):
    save = str(tmp_path / "basra.sav")
    seen = {}

    def first():
        yield from new_game(Level="easy", Rules="french")
        for _ in range(3):
            yield ["RIGHT", "A"]
            yield from until(my_turn)
        yield ["wait:300"]              # the AI's play written (a SaveJob's turns)
        s = A.last.sess
        seen["state"] = (CN.hand_cards(s.state, 0), sorted(CN.floor_cards(s.state)),
                         list(s.game.scores), s.nlog, s.variant)

    def second():
        seen["items"] = [it[0] for it in A.last.menu.items]
        yield ["A"]
        s = A.last.sess
        seen["state2"] = (CN.hand_cards(s.state, 0), sorted(CN.floor_cards(s.state)),
                          list(s.game.scores), s.nlog, s.variant)
        seen["screen"] = A.last.screen is A.last.table
    run(first, save=save, seed=4)
    run(second, save=save, seed=9)
    assert seen["items"][0] == "Continue"
    assert seen["state2"] == seen["state"] and seen["state"][3] == 6
    assert seen["screen"]


def test_every_menu_path():
    seen = {}
    holder = {}

    def steps():
        a = A.last
        seen["main"] = [it[0] for it in a.menu.items]
        # settings: contrast and rotation apply at once, Back keeps them
        yield menu_to(a, "Settings") + ["A"]
        c0 = holder["sim"].display.contrast
        yield set_value(a, "Contrast", 5)
        yield set_value(a, "Rotation", 180)
        seen["contrast"] = (c0, holder["sim"].display.contrast)
        seen["rotation"] = holder["sim"].display.rotation
        yield set_value(a, "Rotation", 0)
        yield menu_to(a, "Back") + ["A"]
        seen["after_settings"] = a.menu.kind
        yield menu_to(a, "Stats") + ["A"]
        seen["stats"] = [it[0] for it in a.menu.items]
        yield ["B"]
        yield menu_to(a, "Rules") + ["A"]
        seen["rules"] = [it[0] for it in a.menu.items]
        yield menu_to(a, "italian") + ["A"]
        seen["page"] = row_text(a.pages.text, 0)
        yield ["RIGHT"]
        seen["scrolled"] = a.pages.top
        yield ["B"]
        seen["back_rules"] = a.menu.kind
        yield ["B"]
        yield menu_to(a, "New game") + ["A"]
        yield ["B"]
        seen["back_new"] = a.menu.kind
        yield from new_game(Level="easy")
        yield ["B"]
        seen["game"] = [it[0] for it in a.menu.items]
        yield menu_to(a, "Rules") + ["A"]        # the game's own rule set's pages
        seen["game_rules"] = row_text(a.pages.text, 0)
        seen["game_target"] = "GAME TO %d" % a.sess.target in a.pages.lines
        yield ["B"]
        seen["back_table"] = a.screen is a.table
        yield ["B"]
        yield menu_to(a, "Settings") + ["A"]
        yield ["B"]
        seen["back_table2"] = a.screen is a.table
        yield ["B"]
        yield menu_to(a, "Resume") + ["A"]
        seen["resumed"] = a.screen is a.table
        yield ["B"]
        yield menu_to(a, "Save and quit") + ["A"]
        seen["quit"] = [it[0] for it in a.menu.items]
        yield ["A"]
        seen["continued"] = a.screen is a.table and a.play.mode == P.PICK
    run(steps, setup=lambda sim: holder.setdefault("sim", sim))
    assert seen["main"][:4] == ["New game", "Settings", "Stats", "Rules"]
    assert seen["contrast"][1] == 255 and seen["contrast"][0] != 255
    assert seen["rotation"] == 180
    assert seen["after_settings"] == "main"
    assert seen["stats"][0].startswith("Games")
    assert len(seen["rules"]) == 7
    assert seen["page"].startswith("ITALIAN RULES") and seen["scrolled"] > 0
    assert seen["back_rules"] == "rules" and seen["back_new"] == "main"
    assert seen["game"][:2] == ["Resume", "Hint"] and "Save and quit" in seen["game"]
    assert seen["game_rules"].startswith("EGYPTIAN RULES") and seen["game_target"]
    assert seen["back_table"] and seen["back_table2"] and seen["resumed"]
    assert seen["quit"][0] == "Continue" and seen["continued"]


def test_a_floor_of_thirty_cards_is_all_shown():
    seen = {}

    def steps():
        yield from new_game(Level="easy")
        a = A.last
        floor = [CN.name(c) for c in range(52) if c >> 2 != 10]
        floor = [f for f in floor if f not in ("AH", "KS")][:30]
        place(a, "AH KS", " ".join(floor), other="JC JD")
        yield ["wait:50"]
        seen["tiles"] = floor_tiles(a)
        shown = list(a.table.group)
        seen["narrow"] = a.table.narrow is not None and a.table.narrow.grid in shown
        seen["full_gone"] = a.table.full.grid not in shown
    run(steps)
    assert seen["narrow"] and seen["full_gone"]
    assert len(seen["tiles"]) == 30


def test_a_cursor_move_sends_a_small_area_and_idle_sends_nothing():
    seen = {}
    holder = {}

    def steps():
        yield from new_game(Level="easy")
        sim = holder["sim"]
        yield ["wait:300"]
        n0 = len(sim.refreshes)
        yield ["wait:3000"]
        seen["idle"] = len(sim.refreshes) - n0
        n1 = len(sim.refreshes)
        yield ["RIGHT", "wait:100"]
        seen["move"] = [r.bytes for r in sim.refreshes[n1:]]
    run(steps, setup=lambda sim: holder.setdefault("sim", sim))
    assert seen["idle"] == 0
    assert len(seen["move"]) == 1 and seen["move"][0] < 600


def test_another_menu_over_a_menu_goes_out_as_one_whole_frame():
    # New game over the main menu: the text's area and the margin's old and
    # new places went out on their own (1,060 B); one area is the panel's
    # 1 KB and no more
    seen = {}
    holder = {}

    def steps():
        sim = holder["sim"]
        yield ["wait:1000"]
        n = len(sim.refreshes)
        yield menu_to(A.last, "New game") + ["A", "wait:100"]
        seen["new"] = [(r.transactions, r.data_bytes) for r in sim.refreshes[n:]][-1]
    run(steps, setup=lambda sim: holder.setdefault("sim", sim))
    areas, data = seen["new"]
    assert data == 1024 and areas == 3, seen      # one area: its 3 writes (9 writes of 1,012 B before)


def test_the_hand_summary_shows_out_for_a_player_whose_points_did_not_count():
    seen = {}

    def steps():
        yield from new_game(Level="easy", Players=3)
        g = A.last.sess.game
        g.hand_points[:] = [7, 12, 0]
        g.out = 0b100  # after a tie at the target between seats 0 and 1
        seen["lines"] = summary_lines(A.last)

    run(steps)
    assert seen["lines"][-2].split() == ["POINTS", "7", "12", "OUT"]


def _option(a):
    s, p = a.sess, a.play
    i = p.opt[p.k]
    return (s.buf[2 * i], s.buf[2 * i + 1]), p.cnt[p.k]


def test_hundreds_of_captures_cycle_in_order_and_a_held_button_jumps_a_group():
    # an 8 on 14 small number cards: 185 plays by value, more than one window
    from core.plays import Plays
    from device.session import WINDOW

    seen = {"cycle": [], "back": None}
    floor = "AH AS 2H 2S 3H 3S 4H 4S 5H 5S 6H 6S 7H 7S"

    def steps():
        yield from new_game(Level="easy")
        place(A.last, "8H KS", floor)
        yield ["wait:50"]
        a = A.last
        seen["total"] = a.sess.total
        yield ["A"]                  # 4 buttons: A opens the choice
        for _ in range(a.sess.total):
            seen["cycle"].append(_option(A.last))
            yield ["RIGHT"]
        seen["wrapped"] = _option(A.last)
        yield ["LEFT"]               # round the start: the last option, the lay-down
        seen["back"] = _option(A.last)
        yield ["RIGHT"]
        first = _option(A.last)[1]
        yield ["hold:RIGHT:700"]     # repeats: each one a group further
        seen["held"] = (first, _option(A.last)[1])
        yield ["A"]
        seen["floor_n"] = A.last.sess.nfloor
    run(steps, buttons=4)

    st_plays = []
    from core import presets as P
    from core.state import State
    st = State(P.preset("egyptian"))
    st.place(0, CN.parse_list("8H KS"), CN.parse_list(floor))
    c = Plays()
    c.start(st, CN.parse("8H"))
    while c.next():
        st_plays.append((c.word, c.take))
    assert seen["total"] == len(st_plays) > WINDOW
    plays = [p for p, _n in seen["cycle"]]
    counts = [n for _p, n in seen["cycle"]]
    assert sorted(plays) == sorted(st_plays)           # every play, once
    assert counts == sorted(counts, reverse=True)       # most cards first
    assert counts[-1] == 0 and counts[0] == 14          # the lay-down last
    assert seen["wrapped"] == seen["cycle"][0]
    assert seen["back"] == seen["cycle"][-1]
    first, after = seen["held"]
    assert after < first - 1                             # jumped over whole groups
    assert seen["floor_n"] < 14


def _expert_thinking(plays_before):
    # two expert seats; the one to move after plays_before plays starts a
    # decision with no clock, so its search never stops on time by itself
    sess = Session(preset("egyptian", 2, 101), ("expert", "expert"), 3)
    sess.start_hand()
    for _ in range(plays_before):
        sess.think_begin(sess.state.to_move, 0)
        while not sess.think_step(0):
            pass
        sess.play(sess.pick)
    sess.think_begin(sess.state.to_move, 0)
    return sess


def test_a_decision_at_the_device_deadline_takes_the_best_play_so_far():
    sess = _expert_thinking(2)              # a deal's third play: one deadline
    assert not sess.think_step(0)
    assert not sess.think_step(DEVICE_DEADLINE_MS - 1)
    assert sess.think_step(DEVICE_DEADLINE_MS)
    assert sess.pick == WINDOW and sess.deciding is None    # decided: no decision under way


def test_a_deals_first_play_may_think_twice_the_device_deadline():
    sess = _expert_thinking(0)
    assert not sess.think_step(DEVICE_DEADLINE_MS)
    assert not sess.think_step(2 * DEVICE_DEADLINE_MS - 1)
    assert sess.think_step(2 * DEVICE_DEADLINE_MS)


def test_the_selected_menu_line_has_a_lit_margin_left_of_its_first_letter():
    seen = {}
    holder = {}

    def steps():
        view = holder["sim"].view()
        seen["edge"] = [view[y][0] for y in range(2, 62)]      # the menu's 6 rows of 10
        seen["cur"] = A.last.menu.cur
        yield None
    run(steps, setup=lambda sim: holder.setdefault("sim", sim))
    row = 1 + seen["cur"]       # the title, then the items
    assert seen["edge"][10 * row:10 * row + 10] == [1] * 10     # "New game", inverted
    assert sum(seen["edge"]) == 10


def test_the_table_says_who_deals_in_words():
    seen = {}

    def game(players, key):
        yield from new_game(Level="easy", Players=players)
        t = A.last.table
        seen[key] = [row_text(t.status)] + [row_text(t.opps, r) for r in range(3)]
        yield ["B"]
        yield menu_to(A.last, "Save and quit") + ["A"]
        yield ["B"]

    def steps():
        yield from game(2, "two")
        a = A.last
        yield ["A"]                 # Continue
        a.sess.state.dealer = 0     # the next hand's dealer: the person
        a.table.draw(a.sess, 0)
        seen["you"] = row_text(a.table.status)
        yield ["B"]
        yield menu_to(A.last, "Save and quit") + ["A"]
        yield ["B"]
        yield from game(3, "three")
        yield from game(4, "four")
    run(steps)
    # the first hand's dealer is the last seat
    assert "AI DEALS" in seen["two"][0] and seen["two"][2:] == ["", ""]
    assert "YOU DEAL " in seen["you"] + " "
    assert "DEALS" not in seen["three"][0] and seen["three"][3] == "AI2 DEALS"
    assert "AI3 DEALS" in seen["four"][0]
    for rows in (seen["two"], seen["three"], seen["four"]):
        assert all(c <= "\x7f" for r in rows for c in r)     # letters and card backs only
        assert not any(r.startswith(("\x7f", " ")) for r in rows[1:] if r)


def test_the_summary_says_what_the_most_cards_earn_and_where_tied_points_go():
    seen = {}

    def steps():
        yield from new_game(Level="easy", Rules="french")      # a tie carries over
        a = A.last
        s, st, g = a.sess, a.sess.state, a.sess.game
        st.pile_n[0], st.pile_n[1] = 30, 22
        s.carry_before, g.carry = 0, 0
        seen["most"] = summary_lines(a)[1:3]
        st.pile_n[0], st.pile_n[1] = 26, 26
        g.carry = s.rules.majority_points
        seen["tied"] = summary_lines(a)[2]
        st.pile_n[0], st.pile_n[1] = 20, 32
        s.carry_before, g.carry = 30, 0
        seen["taken"] = summary_lines(a)[2]
    run(steps)
    cards, most = seen["most"]
    assert cards.split() == ["CARDS", "30", "22"] and len(cards) == 32
    assert most.split() == ["MOST", "CARDS", "+30", "-"] and len(most) == 32
    assert seen["tied"] == "MOST CARDS TIED, 30 TO NEXT HAND"
    assert seen["taken"] == "MOST CARDS AI +30 +30 FROM TIE"


def _stats_rows(a):
    m = a.menu
    return [row_text(m.text, r) for r in range(1, 6)]


@pytest.mark.parametrize("buttons, down, up", [(6, "DOWN", "UP"), (4, "RIGHT", "LEFT")])
def test_the_stats_screen_scrolls_to_every_line(buttons, down, up):
    seen = {"rows": set()}

    def steps():
        yield menu_to(A.last, "Stats") + ["A"]
        for key in [down] * 8 + [up] * 8:
            seen["rows"].update(_stats_rows(A.last))
            yield [key]
        seen["top"] = _stats_rows(A.last)[0]
        yield ["B"]
        seen["back"] = A.last.menu.kind
    run(steps, buttons=buttons)
    labels = {r.rsplit(" ", 1)[0].rstrip() for r in seen["rows"] if r}
    assert labels >= {"Games", "Wins easy", "Wins normal", "Wins hard", "Wins expert",
                      "Basras", "Best hand"}, labels
    assert seen["top"].startswith("Games") and seen["back"] == "main"


def _hand_to_its_summary(before_the_play=None):
    # a hand that ends after two plays: my 5H takes the lone 5C (a basra), the AI lays its last card
    yield from new_game(Level="easy", Target=151)
    place(A.last, "5H", "5C", other="KH")
    if before_the_play is not None:
        before_the_play(A.last)
    yield ["wait:50", "A"]
    for _ in range(600):
        a = A.last
        if a.screen is a.pages and a.jobs.find("save") is None:
            return
        yield ["A"] if a.screen is a.table and a.play.mode in (P.PAUSE, P.SHOW) else ["wait:100"]
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("way", ["quit", "cut"])
def test_a_hands_stats_are_kept_by_save_and_quit_and_by_a_power_cut(tmp_path, way):
    save = str(tmp_path / "basra.sav")
    seen = {}

    def first():
        yield from _hand_to_its_summary()
        st = A.last.stats
        seen["played"] = (st.basras, st.best_hand)
        if way == "quit":
            yield ["A"]                                 # the next hand
            yield from until(my_turn)
            yield ["B"]
            yield menu_to(A.last, "Save and quit") + ["A"]
        # "cut": the run stops here, on the summary written at the hand's end

    def second():
        st = A.last.stats
        seen["loaded"] = (st.basras, st.best_hand)
        yield menu_to(A.last, "Stats") + ["A"]
        seen["rows"] = []
        for _ in range(4):
            seen["rows"] += _stats_rows(A.last)
            yield ["DOWN"]
    run(first, save=save, seed=4)
    run(second, save=save, seed=9)
    basras, best = seen["played"]
    assert basras == 1 and best >= 10, seen["played"]
    assert seen["loaded"] == seen["played"]
    assert "Best hand%12d" % best in seen["rows"] and "Basras%15d" % 1 in seen["rows"]


def test_an_ai_decision_begins_and_steps_in_loop_turns_of_their_own(monkeypatch):
    # each of them holds the loop for a turn, the buttons read between: the
    # decision begun (the root plays) after the press's frame, each step
    from core.ai.search import Search
    events = []
    begin, step = Search.begin, Session.think_step

    def beginning(self, *args):
        events.append("begin")
        return begin(self, *args)

    def stepping(self, elapsed):
        events.append("step")
        return step(self, elapsed)
    monkeypatch.setattr(Search, "begin", beginning)
    monkeypatch.setattr(Session, "think_step", stepping)

    def steps():
        yield from new_game(Level="expert")
        yield from until(my_turn)
        events.clear()
        yield ["A"]                          # a play: the AI's turn next
        yield from until(lambda a: "step" in events, "wait:1")

    from harness import devdrive
    monkeypatch.setattr(devdrive, "Driver", _IdleNoted(devdrive.Driver, events))
    run(steps)
    first = events.index("begin")
    assert "idle" in events[:first], events
    turns = events[first:events.index("step", first) + 1]
    assert turns[-1] == "step" and turns[-2] == "idle", turns


def _note_keys_and_refreshes(monkeypatch, events, screen_of):
    # events gets "key" at each key the app handles and "refresh <what>" at
    # each refresh, <what> being screen_of(app) (what the frame shows)
    key_of = A.App.key

    def keyed(self, b):
        events.append("key")
        return key_of(self, b)
    monkeypatch.setattr(A.App, "key", keyed)
    from hal.display import Display
    shown = Display.refresh

    def refreshed(self):
        a = A.last
        events.append("refresh " + (screen_of(a) if a is not None else ""))
        return shown(self)
    monkeypatch.setattr(Display, "refresh", refreshed)


def test_a_hints_press_shows_its_frame_before_the_hints_search_begins(monkeypatch):
    # Hint on the game menu: the table with THINKING goes out (the press's
    # refresh) before the hint's search begins, in a turn after
    events = []
    begin = Session.think_begin

    def beginning(self, seat, now, hint=False, clock=None):
        events.append("begin hint" if hint else "begin")
        return begin(self, seat, now, hint, clock)
    monkeypatch.setattr(Session, "think_begin", beginning)
    _note_keys_and_refreshes(monkeypatch, events, lambda a: "thinking" if (
        a.screen is a.table and a.play.mode == P.THINK) else "")
    seen = {}

    def steps():
        yield from new_game(Level="easy")
        yield ["B"]
        yield menu_to(A.last, "Hint")
        events.clear()
        yield ["A"]
        yield from until(my_turn, "wait:20")
        seen["hint"] = row_text(A.last.table.msg).startswith("HINT ")

    from harness import devdrive
    monkeypatch.setattr(devdrive, "Driver", _IdleNoted(devdrive.Driver, events))
    run(steps)
    key = events.index("key")
    begun = events.index("begin hint")
    assert "begin" not in events, events
    assert "refresh thinking" in events[key:begun], events[key:begun + 1]
    assert seen["hint"], seen


def test_start_shows_the_table_before_the_settings_it_changed_are_written(monkeypatch):
    # Start keeps the new game's choices (level, players, ...) in the
    # settings: written after the frame, with the game's write, not before
    # it nor in a write of their own
    events = []
    from device.saving import SaveStore

    def noted(name):
        real = getattr(SaveStore, name)

        def call(self, *args):
            events.append(name)
            return real(self, *args)
        monkeypatch.setattr(SaveStore, name, call)
    noted("save_game")
    noted("save_settings")
    _note_keys_and_refreshes(monkeypatch, events, lambda a: "table" if a.screen is a.table else "")

    def steps():
        yield menu_to(A.last, "New game") + ["A"]
        yield menu_to(A.last, "Start")
        events.clear()
        yield ["A"]
        yield from until(my_turn)
        yield ["wait:100"]
    run(steps)
    key = events.index("key")
    after = events[key:]
    assert "save_game" in after and "refresh table" in after, after
    assert after.index("refresh table") < after.index("save_game"), after
    assert "save_settings" not in after, after


class _IdleNoted:
    """A devdrive.Driver maker whose idle notes itself in events."""

    def __init__(self, cls, events):
        self.cls = cls
        self.events = events

    def __call__(self, *args, **kw):
        d = self.cls(*args, **kw)
        events = self.events
        call = d.__call__

        class Noted:
            def __getattr__(self, name):
                return getattr(d, name)

            def __call__(self, sim, ms):
                events.append("idle")
                return call(sim, ms)
        return Noted()


def _a_on_the_summary(monkeypatch, ahead, won=False):
    # a hand to its summary (won: the game's last, my side 150 of 151 before
    # its basra), a moment's reading, then A: what the summary's time saw
    # and what the press did (its work: the hands dealt, the menus made)
    from device import summary as SU
    from device.menu import Menu
    from device.screens import PagesScreen
    seen = {}
    work = {"deals": 0, "menus": 0}
    sims = []
    with monkeypatch.context() as m:
        if not ahead:           # the old way: nothing done ahead
            m.setattr(SU.SummaryScreen, "show", PagesScreen.show)
        deal, opened = Session.start_hand, Menu.open

        def dealing(self):
            work["deals"] += 1
            return deal(self)

        def opening(self, *args):
            work["menus"] += 1
            return opened(self, *args)
        m.setattr(Session, "start_hand", dealing)
        m.setattr(Menu, "open", opening)

        def win(app):
            app.sess.game.scores[app.sess.side_of(app.play.viewer)] = 150

        def steps():
            yield from _hand_to_its_summary(before_the_play=win if won else None)
            yield ["wait:200"]
            a = A.last
            seen["summary"] = a.screen is a.pages and a.pages.kind == "summary"
            seen["dealt"] = sum(a.sess.state.hand_n)
            work["deals"] = work["menus"] = 0
            yield ["A"]
            a = A.last
            seen["work"] = dict(work)
            if not won:
                yield from until(my_turn)
            a = A.last
            seen["over"] = a.screen is a.menu and a.menu.kind == "over" and a.sess is None
            seen["games"] = a.games_over
            seen["frame"] = bytes(sims[0].frame())
            if won:
                yield ["A"]         # Menu: the main menu
                seen["main"] = A.last.menu.kind == "main"
        run(steps, seed=4, setup=sims.append)
    return seen


def test_the_next_hand_is_dealt_while_its_summary_shows_and_a_only_switches_the_screen(monkeypatch):
    # with the next hand dealt and drawn off the screen while the summary is
    # read, A on the summary deals nothing and the table it shows is the
    # frame the old way (dealt and drawn at the press) shows
    now = _a_on_the_summary(monkeypatch, ahead=True)
    before = _a_on_the_summary(monkeypatch, ahead=False)
    assert now["summary"] and before["summary"]
    assert now["dealt"] == 8 and before["dealt"] == 0
    assert now["work"]["deals"] == 0 and before["work"]["deals"] == 1
    assert now["frame"] == before["frame"]


def test_the_game_over_menu_is_made_while_the_last_summary_shows_and_a_only_switches_the_screen(monkeypatch):
    now = _a_on_the_summary(monkeypatch, ahead=True, won=True)
    before = _a_on_the_summary(monkeypatch, ahead=False, won=True)
    assert now["summary"] and before["summary"]
    assert now["work"]["menus"] == 0 and before["work"]["menus"] == 1
    assert now["over"] and before["over"]
    assert now["games"] == before["games"] == 1
    assert now["frame"] == before["frame"]
    assert now["main"] and before["main"]


def test_the_table_is_made_while_the_main_menu_waits_not_before_its_frame(monkeypatch):
    # start-up's first frame is the main menu's without the game's code; the
    # loop turns after it load that code a module a turn (device/app.py
    # WarmJob: its steps back to back, a press read between each) and make
    # the table, so "New game" and "Start" do not
    from device.app import _GAME, WarmJob
    steps = []
    step = WarmJob.step

    def counted(self, now):
        steps.append(now)
        return step(self, now)
    monkeypatch.setattr(WarmJob, "step", counted)
    seen = {}

    def steps_():
        a = A.last
        seen["first"] = (a.table, a.play, a.jobs.find("warm") is not None, a.h.display.refreshes
                         if hasattr(a.h.display, "refreshes") else None)
        yield ["wait:200"]
        a = A.last
        seen["later"] = (a.table is not None, a.play is not None, a.screen is a.menu,
                         a.jobs.find("warm"))
    run(steps_)
    assert seen["first"][:3] == (None, None, True)
    assert seen["later"] == (True, True, True, None)
    # a module a step, then the table: one step more than the modules
    assert len(steps) == len(_GAME) + 1 and steps == sorted(steps)


def test_resume_from_the_game_menu_shows_the_table_as_left_without_drawing_it_again(monkeypatch):
    # the menu view (its text, the big font) stays made while the table
    # shows, and the table's tiles stay as they were while the menu showed:
    # B opens the game menu on the same view, Resume only switches back
    seen = {}
    sims = []
    draws = []
    from device import table as T
    real = T.Table.draw

    def draw(self, *args, **kw):
        draws.append(1)
        return real(self, *args, **kw)
    monkeypatch.setattr(T.Table, "draw", draw)

    def steps():
        yield from new_game()
        a = A.last
        seen["menu"] = a.menu
        seen["big"] = a.gfx.big is not None
        seen["before"] = bytes(sims[0].frame())
        yield ["B"]
        a = A.last
        seen["opened"] = a.screen is a.menu and a.menu.kind == "game"
        seen["same"] = a.menu is seen["menu"]
        del draws[:]
        yield ["A"]             # Resume, the first line
        yield from until(my_turn)
        seen["draws"] = len(draws)
        seen["after"] = bytes(sims[0].frame())
    run(steps, seed=3, setup=sims.append)
    assert seen["menu"] is not None and seen["big"]
    assert seen["opened"] and seen["same"]
    assert seen["draws"] == 0
    assert seen["after"] == seen["before"]


def test_the_ai_is_made_with_the_game_and_kept_for_every_decision(monkeypatch):
    # a game's AI (its Player and the search's buffers) is made once, with
    # the game, before the game's smaller objects, and decides every AI
    # turn and hint until the game ends: nothing is loaded for a decision
    from core.ai import player as PL
    from core.game import Game
    made = []
    real, game = PL.Player.__init__, Game.__init__

    def player(self, *args, **kw):
        made.append(("player",) + args[1:2])
        return real(self, *args, **kw)

    def making(self, *args, **kw):
        made.append(("game",))
        return game(self, *args, **kw)
    monkeypatch.setattr(PL.Player, "__init__", player)
    monkeypatch.setattr(Game, "__init__", making)
    seen = {}

    def steps():
        yield from new_game(Level="hard")
        seen["made"] = list(made)
        for _ in range(4):
            yield from until(my_turn, "wait:20")
            yield ["A"]
        yield from until(my_turn, "wait:20")
        yield ["B"]
        yield menu_to(A.last, "Hint") + ["A"]
        yield from until(my_turn, "wait:20")
        seen["after"] = list(made)
        seen["ai"] = (A.last.sess.ai.level, A.last.sess.hint_ai.level)
    run(steps)
    games = [i for i, m in enumerate(seen["made"]) if m == ("game",)]
    first = seen["made"][games[-1] - 2:games[-1] + 1]
    # the hard seats' Player and the hint's (the expert's), then the game
    assert first == [("player", "hard"), ("player", "expert"), ("game",)], seen["made"]
    assert seen["after"] == seen["made"], seen["after"]
    assert seen["ai"] == ("hard", "expert")


def _press_work(monkeypatch):
    # what a press's handling loads and makes (App.key and the table it
    # asks for): the modules imported that were not loaded, the games made
    import builtins
    import sys as real_sys
    from device import session as B     # device/menus.py makes a game with it
    work = {"on": False, "imports": [], "games": 0}
    imp = builtins.__import__

    def counted(name, *args, **kw):
        if work["on"] and name not in real_sys.modules:
            work["imports"].append(name)
        return imp(name, *args, **kw)

    def watched(real):
        def call(self, *args):
            work["on"] = True
            try:
                return real(self, *args)
            finally:
                work["on"] = False
        return call
    made = B.Session

    def session(*args):
        if work["on"]:
            work["games"] += 1
        return made(*args)
    monkeypatch.setattr(builtins, "__import__", counted)
    monkeypatch.setattr(A.App, "key", watched(A.App.key))
    monkeypatch.setattr(B, "Session", session)
    return work


def test_new_game_and_start_load_nothing_and_deal_nothing_once_their_menu_was_read(monkeypatch):
    # a board's whole frame (rendering and I2C) is 71 ms of the 100 a press
    # may take: the menus' code stays loaded while no game is on, and the
    # game the new-game menu names is dealt and drawn while it is read
    work = _press_work(monkeypatch)
    seen = {}

    def steps():
        yield ["wait:1000"]                 # the main menu read
        del work["imports"][:]
        yield menu_to(A.last, "New game") + ["A"]
        seen["new"] = (list(work["imports"]), work["games"], A.last.menu.kind)
        yield set_value(A.last, "Level", "expert")      # a value changed: made again
        yield menu_to(A.last, "Start") + ["wait:300"]
        seen["made"] = A.last.top().dealt is not None and A.last.top().dealt.sess.levels
        del work["imports"][:]
        work["games"] = 0
        yield ["A"]
        a = A.last
        seen["start"] = (list(work["imports"]), work["games"], a.screen is a.table, list(a.sess.levels))
        seen["held"] = [m for m in ("device.menus", "device.rulestext", "core.presets")
                        if m in __import__("sys").modules]
    from device import screens
    monkeypatch.setattr(screens, "CODE_ON_HEAP", True)      # as on a board: code on the heap
    run(steps)
    assert seen["new"] == ([], 0, "new")
    assert seen["made"] == ["human", "expert"]
    assert seen["start"] == ([], 0, True, ["human", "expert"])
    assert seen["held"] == []           # a game's table lets the menus' code go (device/screens.py)


def test_start_right_after_a_change_makes_the_game_of_the_values_shown(monkeypatch):
    # no spare turn between the last change and Start: the game is made in
    # the press, with the values on show, never the one made before them
    work = _press_work(monkeypatch)
    seen = {}

    def steps():
        yield ["wait:1000"]
        yield menu_to(A.last, "New game") + ["A", "wait:300"]
        seen["before"] = A.last.top().dealt is not None and A.last.top().dealt.sess.levels
        work["games"] = 0
        a = A.last
        m = a.menu
        m.cur = 0
        a.key(hal.A)                   # Level cycles, then Start at once
        seen["level"] = m.value(0)
        m.cur = [it[0] for it in m.items].index("Start")
        a.key(hal.A)
        seen["after"] = (work["games"], list(a.sess.levels), a.screen is a.table)
    run(steps)
    assert seen["before"] == ["human", "normal"]
    assert seen["level"] != "normal"
    assert seen["after"] == (1, ["human", seen["level"]], True)


def test_a_game_write_takes_loop_turns_of_its_own_after_its_frame():
    # a board's write is 60-70 ms of Python and collections and 51 ms of
    # flash: in the frame's turn it held a press landing then for 120-190 ms;
    # in turns of its own (the store loaded, the record encoded, framed,
    # written) a press waits for one
    events = []

    def steps():
        a = A.last
        h = a.h
        idle, refresh, store = h.idle, h.display.refresh, a.store

        def turn(ms):
            events.append("turn")
            return idle(ms)

        def frame():
            events.append("frame")
            return refresh()

        def noted(name):
            real = getattr(store, name)

            def call(*args):
                events.append(name + (":hold" if args[2:] and args[2] else ""))
                return real(*args)
            setattr(store, name, call)
        for name in ("save_game", "frame_held", "flush", "save_settings"):
            noted(name)
        h.idle, h.display.refresh = turn, frame
        yield from new_game(Level="easy")
        for _ in range(6):
            yield from until(my_turn, "wait:20")
            yield ["A"]
        yield ["wait:4000"]
    run(steps)
    turns = [[]]
    for e in events:
        if e == "turn":
            turns.append([])
        else:
            turns[-1].append(e)
    work = [t for t in turns if t and t != ["frame"]]     # a press's frame may come between: it goes first
    assert sum(t == ["save_game:hold"] for t in work) >= 6, work     # the plays written
    for t, after in zip(work, work[1:] + [["end"]]):
        # a turn of its own each (no frame in it); a record encoded is
        # written the next turn, unless a newer one (a play made meanwhile)
        # replaces it
        assert t in (["save_game:hold"], ["frame_held"], ["flush"], ["save_settings"]), t
        if t == ["save_game:hold"]:
            assert after in (["frame_held"], ["save_game:hold"]), (t, after)
        elif t == ["frame_held"]:
            assert after in (["flush"], ["save_game:hold"]), (t, after)
    assert not any("save_game" in t for t in turns)     # every game write in turns of its own


def test_the_save_erases_the_flash_only_in_a_write_no_play_can_land_in():
    # the log comes round (one write in about 28 erases the nvm sector, 51
    # ms on a board) in the write of a play an AI answers, not in the one
    # before the person's turn, where the person's next play would wait
    # for it (device/save.py EARLY_ERASE)
    from device.save import SLOT
    erases = []

    def steps():
        a = A.last
        st = a.h.storage
        write = st.write

        def counted(offset, data):
            if len(data) > SLOT:            # the whole log: the sector erased
                erases.append(a.screen is a.table and a.play.persons_turn())
            return write(offset, data)
        st.write = counted
        while len(erases) < 4:          # about 115 writes: games at easy, summaries passed with A
            a = A.last
            if a.screen is a.menu and "New game" not in [it[0] for it in a.menu.items]:
                yield menu_to(a, "Menu") + ["A"]        # the game over menu
            if A.last.screen is A.last.menu:
                yield from new_game(Level="easy")
            yield from until(lambda a: my_turn(a) or a.screen is not a.table, "wait:20")
            yield ["wait:300", "A"]         # a person reads the table first: the write is out by then
    run(steps)
    assert not any(erases), erases


def test_a_new_games_choices_go_in_its_first_record_one_write_not_two():
    # Start sets the settings' last level, players and rule set: they go in
    # the new game's own record (its write's four turns), not in a second
    # write in the person's first turn
    from device import saving
    seen = {}

    def steps():
        yield ["wait:1000"]
        seen["writes"] = A.last.store.writes
        yield menu_to(A.last, "New game") + ["A"]
        yield set_value(A.last, "Level", "expert")
        yield menu_to(A.last, "Start") + ["A", "wait:2000"]
        a = A.last
        seen["after"] = (a.store.writes, a.jobs.find("settings") is not None, a.screen is a.table)
    sim, _ = run(steps)
    writes0 = seen["writes"]
    writes, later, at_table = seen["after"]
    assert at_table and not later
    assert writes == writes0 + 1
    saved, settings, _, _ = saving.SaveStore(sim.hal.storage).load()
    assert settings.last_level == "expert" and saved is not None and saved.levels == ["human", "expert"]


def test_a_key_before_the_summarys_own_turn_scores_the_hand_once():
    # the hand's last play on show, its summary queued (device/summary.py
    # SummaryJob) and a key at once: the key makes the summary, the job goes
    seen = {}

    def steps():
        yield from new_game(Level="easy", Target=151)
        place(A.last, "5H", "5C", other="KH")
        yield ["wait:50", "A"]          # my 5H takes the lone 5C; the AI lays its last card
        for _ in range(8000):
            a = A.last
            if a.screen is a.table and a.play.mode == P.PAUSE and a.jobs.find("summary") is not None:
                seen["scores"] = list(a.sess.game.scores)
                a.key(hal.A)            # in the same turn: before the job's step
                break
            yield ["wait:1"]
        yield ["wait:500"]
        a = A.last
        seen["after"] = (a.hands_over, a.jobs.find("summary"), list(a.sess.game.scores))
    run(steps)
    hands, job, scores = seen["after"]
    assert seen["scores"] == [0, 0] and hands == 1 and job is None
    assert scores[0] > 0 and sum(scores) <= 30 + 10 + 4 + 3 + 2 + 3   # one hand's points, once


def test_continue_loads_nothing_and_makes_no_game_once_the_main_menu_was_read(monkeypatch, tmp_path):
    # the saved game is rebuilt and its table drawn while the main menu is
    # read (device/menus.py ResumeAhead): Continue only switches the screen
    save = str(tmp_path / "basra.sav")
    seen = {}

    def first():
        yield from new_game(Level="easy")
        yield ["A"]
        yield from until(my_turn)
        yield ["wait:300"]
        s = A.last.sess
        seen["before"] = (s.nlog, list(s.log[:s.nlog]))

    def second():
        yield ["wait:1000"]                 # the main menu read
        del work["imports"][:]
        work["games"] = 0
        yield menu_to(A.last, "Continue") + ["A"]
        a = A.last
        seen["press"] = (list(work["imports"]), work["games"], a.screen is a.table)
        seen["after"] = (a.sess.nlog, list(a.sess.log[:a.sess.nlog]))
    run(first, save=save, seed=4)
    work = _press_work(monkeypatch)
    run(second, save=save, seed=9)
    assert seen["press"] == ([], 0, True)
    assert seen["after"] == seen["before"] and seen["before"][0] >= 2


def test_a_save_of_a_hand_played_to_its_last_play_resumes_to_its_summary(tmp_path):
    # a power cut after the hand's last play was written, before the record
    # of its end: the main menu waits (device/menus.py ResumeAhead leaves
    # such a game to Continue) and Continue scores the hand and shows it
    from core.game import Game
    from core.plays import Plays, nth
    from core.presets import preset
    from device.save import Saved
    from device.saving import SaveStore
    from hal.filestore import FileStore
    g = Game(preset("egyptian"), 77)
    g.start_hand()
    st, cursor, plays = g.state, Plays(), []
    while not (st.hands_empty() and not st.stock_left()):
        if st.hands_empty():
            st.deal()
        assert nth(cursor, st, 0)
        st.apply(cursor.word, cursor.take)
        plays.append(0)
    save = str(tmp_path / "basra.sav")
    store = SaveStore(FileStore(save))
    store.load()
    store.save_game(Saved(levels=["human", "easy"], seed=77, plays=tuple(plays)))
    seen = {}

    def steps():
        yield ["wait:1000"]                 # the main menu read: no game made ahead
        a = A.last
        seen["menu"] = (a.menu.items[0][0], a.screen is a.menu, a.sess)
        yield menu_to(a, "Continue") + ["A", "wait:300"]
        seen["summary"] = (A.last.screen is A.last.pages, type(A.last.top()).__name__)
    starts = []
    orig = A.App.__init__

    def counted(self, h):
        starts.append(1)
        orig(self, h)
    A.App.__init__ = counted
    try:
        run(steps, save=save, seed=9)
    finally:
        A.App.__init__ = orig
    assert len(plays) == 48 and starts == [1]       # no error restarted the app
    assert seen["menu"] == ("Continue", True, None)
    assert seen["summary"] == (True, "SummaryScreen")


@pytest.mark.parametrize("level", ["master", "expert"])
def test_a_search_levels_game_and_its_hint_share_one_search_with_beliefs(level):
    # the search's buffers are a game's largest: in a master's or an
    # expert's game the hint (the expert's budget) decides on the seats'
    # own search, whose worlds are dealt by beliefs, not on a second one
    # (in an expert's game the hint is the seats' Player itself)
    seen = {}

    def steps():
        yield from new_game(Level=level)
        yield from until(my_turn, "wait:20")
        yield ["B"]
        yield menu_to(A.last, "Hint") + ["A"]
        yield from until(lambda a: my_turn(a) and not a.play.hinting, "wait:20")
        s = A.last.sess
        seen["ai"] = (s.ai.level, s.hint_ai.level, s.hint_ai.search is s.ai.search,
                      s.ai.search.beliefs is not None, s.hint_ai.work, s.ai.work,
                      s.hint_ai is s.ai)
    run(steps)
    got, hint_work, work, same = seen["ai"][:4], seen["ai"][4], seen["ai"][5], seen["ai"][6]
    assert got == (level, "expert", True, True)
    assert hint_work * (2 if level == "master" else 1) == work
    assert same == (level == "expert")
