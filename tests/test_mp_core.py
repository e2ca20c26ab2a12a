"""core/ on a real MicroPython VM: imports, identical logs, no allocation in
the move loop and the AI's loops, no heap growth from game to game."""
import json
from pathlib import Path

import pytest

from core.referee import play_game
from core.presets import PRESETS

CORE = sorted(
    ".".join(p.with_suffix("").parts)
    for p in Path("core").rglob("*.py")
    if p.name != "__init__.py"
)
VALID = [(v, n) for v in PRESETS for n in (2, 3, 4) if not (v == "lebanese" and n == 3)]


def test_every_core_module_imports(mpvm):
    script = "import json\n" + "".join("import %s\n" % m for m in CORE) + "print('imported', %d)\n" % len(CORE)
    assert mpvm.run(script).split() == ["imported", str(len(CORE))]


def test_games_from_the_same_seeds_give_the_same_logs_as_cpython(mpvm):
    bots = ["greedy", "random", "greedy", "random"]
    script = "import json\nfrom core.referee import play_game\n"
    for v, n in VALID:
        script += "print(json.dumps(play_game(%d, %r, %r)))\n" % (n + 10, bots[:n], v)
    rows = mpvm.run_json(script, timeout=240)
    assert len(rows) == len(VALID)
    for (v, n), row in zip(VALID, rows):
        assert row == json.loads(json.dumps(play_game(n + 10, bots[:n], v))), (v, n)


def test_the_ai_decides_the_same_on_both_vms(mpvm):
    script = "import json\nfrom core.referee import play_game\n"
    script += "print(json.dumps(play_game(4, ['expert', 'hard'], target=60)))\n"
    script += "print(json.dumps(play_game(5, ['normal', 'easy', 'expert', 'hard'], 'french', target=60)))\n"
    rows = mpvm.run_json(script, timeout=240)
    assert rows[0] == json.loads(json.dumps(play_game(4, ["expert", "hard"], target=60)))
    assert rows[1] == json.loads(json.dumps(play_game(5, ["normal", "easy", "expert", "hard"], "french", target=60)))


def test_the_move_loop_allocates_nothing(mpvm):
    rows = mpvm.run_json(
        "import core_checks\ncore_checks.move_loop(%r, 4, 0)\ncore_checks.big_floors(300)\n" % (list(PRESETS),),
        timeout=300,
    )
    total = [r for r in rows if r["check"] == "move_loop_total"][0]
    assert total["positions"] > 3500
    assert total["failed"] == 0, total
    big = [r for r in rows if r["check"] == "big_floors"][0]
    assert big["calls"] == 600 and big["failed"] == 0, big
    assert max(r["max_floor"] for r in rows if r["check"] == "move_loop") >= 8


def test_the_biggest_floors_list_and_decide_without_allocating(mpvm):
    rows = mpvm.run_json("import core_checks\ncore_checks.constructed_floors()\n", timeout=600)
    floors = [r for r in rows if r["check"] == "constructed"]
    assert [r["floor"] for r in floors] == [14, 20]
    # the 10 on 20 small cards has thousands of plays, all listed
    assert floors[1]["plays"] > 1000 and floors[1]["legal"] == floors[1]["plays"]
    total = [r for r in rows if r["check"] == "constructed_total"][0]
    assert total["calls"] == 4 and total["failed"] == 0, total


def test_maximal_capture_regrouping_the_floor_allocates_nothing(mpvm):
    rows = mpvm.run_json("import core_checks\ncore_checks.maximal_floors()\n", timeout=300)
    floors = [r for r in rows if r["check"] == "maximal"]
    # one play each: the take of the whole floor (french: no lay-down)
    assert [(r["floor"], r["plays"]) for r in floors[:2]] == [(6, 1), (6, 1)]
    assert floors[2]["floor"] == 20 and floors[2]["plays"] >= 1
    total = [r for r in rows if r["check"] == "maximal_total"][0]
    assert total["calls"] == 3 and total["failed"] == 0, total


def test_the_ai_loops_allocate_nothing(mpvm):
    rows = mpvm.run_json("import core_checks\ncore_checks.ai_loops(('easy', 'normal', 'hard', 'expert'), 2)\n",
                         timeout=300)
    assert [r["level"] for r in rows] == ["easy", "normal", "hard", "expert"]
    for r in rows:
        assert r["calls"] >= 96 and r["failed"] == 0, r


@pytest.mark.parametrize("players", (2, 4))
def test_the_masters_decisions_allocate_nothing(mpvm, players):
    # twice the expert's work at every decision, through the same decider
    rows = mpvm.run_json("import core_checks\ncore_checks.ai_loops(('master',), 1, %d)\n" % players,
                         timeout=600)
    assert rows[0]["level"] == "master"
    assert rows[0]["calls"] >= 48 // players * players and rows[0]["failed"] == 0, rows[0]


def test_the_four_player_expert_enumerating_its_last_deals_allocates_nothing(mpvm):
    # the last deal of each hand: the other hands' splits enumerated (core/ai/world.py deal)
    rows = mpvm.run_json("import core_checks\ncore_checks.ai_loops(('expert',), 1, 4)\n", timeout=300)
    assert rows[0]["calls"] >= 48 and rows[0]["failed"] == 0, rows[0]


HEAP_SCRIPT = """
import gc, json
import core_checks
games = [core_checks.Games('normal', 'normal'), core_checks.Games('expert', 'hard')]
def step(i):
    # this VM collects garbage only between steps: the heap read here is live data
    print(json.dumps({"after": i, "heap": gc.mem_alloc()}))
    if i < 200:
        games[0].play(i)
    elif i < 210:
        games[1].play(i)
    gc.collect()  # here only asks for a collection, done when the step returns
"""


def test_the_heap_does_not_grow_from_game_to_game(mpvm):
    rows = mpvm.run_json(HEAP_SCRIPT, steps=211, timeout=900)
    heap = [r["heap"] for r in rows]
    assert len(heap) == 211
    # step 1 follows the first normal game, step 201 the first expert game
    normal, expert = heap[1:201], heap[201:211]
    assert max(normal) - min(normal) <= 64, (min(normal), max(normal))
    assert max(expert) - min(expert) <= 64, (min(expert), max(expert))


def test_wide_draws_and_laydown_games_are_the_same_on_both_vms(mpvm):
    from core.bots import below_any
    from core.prng import Prng

    sizes = [52, 32768, 40000, 3 << 15, 178175 * 9, 1 << 30, 3 << 31]
    script = "import json\nfrom core.bots import below_any\nfrom core.prng import Prng\nfrom core.referee import play_game\n"
    script += "p = Prng(5)\nprint(json.dumps([below_any(p, n) for n in %r for _ in range(5)]))\n" % sizes
    for v in ("egyptian", "french"):
        script += "print(json.dumps(play_game(7, ['laydown', 'random'], %r)))\n" % v
    rows = mpvm.run_json(script, timeout=240)
    p = Prng(5)
    assert rows[0] == [below_any(p, n) for n in sizes for _ in range(5)]
    for v, row in zip(("egyptian", "french"), rows[1:]):
        assert row == json.loads(json.dumps(play_game(7, ["laydown", "random"], v))), v
