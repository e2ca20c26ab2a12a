"""The leaf's constants (core/ai/evaluate.py, tuned by tools/tune.py) and
the arena's players with a person's mistakes (tools/arena.py summiss,
thrower), peek (the other hands seen), the yardsticks and its levels'
worlds toggled (+b, -b)."""
import random

from core import presets as P
from core.ai.evaluate import PLAIN, TUNED, Evaluator, chance_of_any
from core.ai.observe import Observation, observe
from core.game import Game
from core.plays import Plays
from core.state import LAY
from tools import arena
from tools.tune import START, duel, spsa


def _positions(n, players=2):
    rules = P.preset("egyptian", players=players)
    rng = random.Random(players)
    out = []
    for seed in range(n):
        g = Game(rules, seed)
        g.start_hand()
        st = g.state
        for _ in range(rng.randrange(1, 30)):
            if st.hands_empty():
                st.deal()
            c = Plays()
            c.start(st)
            plays = []
            while c.next():
                plays.append((c.word, c.take))
            st.apply(*rng.choice(plays))
        if st.hands_empty() and not st.hand_over():
            st.deal()
        out.append((rules, st))
    return out


def _evaluator(rules, leaf):
    ev = Evaluator(rules)
    ev.leaf = leaf
    return ev


def test_other_leaf_constants_change_the_values():
    for players in (2, 4):
        differ = 0
        for rules, st in _positions(40, players):
            a, b = Evaluator(rules), _evaluator(rules, START)
            c = _evaluator(rules, (6, 14, 16, 8))
            for side in range(rules.sides):
                assert a.static(st, side, 0) == b.static(st, side, 0)
                assert a.threat(st, side) == b.threat(st, side)
                differ += c.static(st, side, 0) != a.static(st, side, 0) or c.threat(st, side, c.chance(st, side)) != a.threat(st, side)
        assert differ > 20


def _chance_counted(st, side, basra):
    # Evaluator.chance by its definition: every card's place read
    from core.plays import basra_allowed
    from core.sums import covers

    nsides = st.rules.sides

    def hidden(c):
        w = st.loc[c]
        return w == 0 or (2 <= w < 6 and (w - 2) % nsides != side)

    unseen = sum(1 for c in range(52) if hidden(c))
    fn, fr = st.floor_n, st.floor_rank
    whole = (fn + 1) * 4
    worst = 0
    for r in range(13):
        if r == 10:
            g = whole
        elif r > 10:
            g = whole + basra if fr[r] == fn and basra_allowed(st, fn, 0) else 0
        elif fr[10] + fr[11] + fr[12] == 0 and st.floor_sum % (r + 1) == 0 and covers(fr, r + 1):
            g = whole + basra if basra_allowed(st, fn, r + 1) else whole
        else:
            g = 0
        k = sum(1 for c in range(4 * r, 4 * r + 4) if hidden(c))
        worst = max(worst, chance_of_any(k, unseen, st.hand_n[st.to_move]) * g // 1024)
    return worst


def test_the_chance_an_opponent_clears_the_floor_counts_the_cards_the_side_cannot_see():
    from core.ai.player import Player
    from core.ai.observe import Observation, observe

    some = 0
    for players in (2, 4):
        for rules, st in _positions(60, players):
            ev = _evaluator(rules, TUNED)
            obs = Observation(rules)
            observe(st, st.to_move, obs)
            p = Player(rules, "expert", 1)
            for _ in range(2):  # the search's worlds: the other hands dealt, the stock the rest
                w = p.search.sampler.sample(obs, p.search.world, p.search.prng) or p.search.world
                for side in range(rules.sides):
                    if w.floor_n and w.to_move % rules.sides != side:
                        want = _chance_counted(w, side, ev.basra)
                        assert ev.chance(w, side) == want
                        some += want > 0
    assert some > 50


def test_the_expert_and_master_take_the_tuned_leaf_and_the_others_keep_theirs():
    rules = P.preset("egyptian")
    for level in ("easy", "normal", "hard", "expert", "master"):
        from core.ai.player import Player
        p = Player(rules, level, 1)
        assert p.leaf == (TUNED if level in ("expert", "master") else PLAIN)
        obs = Observation(rules)
        g = Game(rules, 1)
        g.start_hand()
        observe(g.state, g.state.to_move, obs)
        p.begin(obs, None)
        ev = p.search.ev
        assert ev.leaf == p.leaf


def test_a_duel_of_the_same_constants_is_even():
    assert duel(START, START, 4, 3, level="hard") == [0.0, 0.0]


def test_a_duel_with_beliefs_on_one_side_plays_the_arenas_deals():
    # the expert's leaf with beliefs against it without: the arena's
    # expert+b against expert-b, deal pair by deal pair
    got = duel(TUNED, TUNED, 6, 1, beliefs=(True, False))
    want = [arena._deal_pair(("egyptian", 2, "expert+b", "expert-b", 1, k))[0] for k in range(3)]
    assert got == want
    assert any(got)  # the beliefs changed some play


def test_a_duel_in_two_processes_plays_each_deal_pair_as_one_does():
    # other constants on each side, so that the pairs differ; the expert's
    # search, whose draws each deal's seeds start
    plus, minus = (6, 4, 24, 0), (2, 16, 8, 0)
    one = duel(plus, minus, 8, 5, level="expert")
    assert duel(plus, minus, 8, 5, level="expert", jobs=2) == one
    assert any(one)


def test_a_resumed_tuning_run_makes_the_whole_runs_later_steps():
    whole, rows = spsa(2, 4, seed=3, level="hard", out=None)
    # the second step resumed from the theta the first left
    after, again = spsa(1, 4, seed=3, level="hard", theta=rows[0]["next"], out=None, first=1)
    assert again[0]["plus"] == rows[1]["plus"] and again[0]["minus"] == rows[1]["minus"]
    assert again[0]["margin"] == rows[1]["margin"]
    # from the logged theta (rounded to hundredths), so its last move is too
    assert all(abs(x - y) <= 0.02 for x, y in zip(after, whole)), (after, whole)


def _sum_take(word, take):
    card = word & 63
    v = (card >> 2) + 1
    return card >> 2 < 10 and not word >> 8 & LAY and bool(take & ~(7 << 3 * (v - 1)))


def test_summiss_and_thrower_make_their_mistakes():
    # on the same positions as normal (whose judgement they share): thrower
    # lays down more often where it could capture, summiss takes by a sum
    # less often
    rules = P.preset("egyptian")
    obs = Observation(rules)
    tally = {}
    for name in ("normal", "summiss", "thrower"):
        p = arena.player(rules, name, 0)
        arena.reseed(p, 1)
        t = tally[name] = [0, 0, 0]  # turns that could capture and lay down; laid; sum takes
        for _, st in _positions(300):
            observe(st, st.to_move, obs)
            p.begin(obs, None)
            root = p.search.root
            i = p.best()
            word, take = root[2 * i], root[2 * i + 1]
            n = p.search.root_plays(obs)
            lays = sum(1 for j in range(n) if root[2 * j] >> 8 & LAY)
            if lays and lays < n:
                t[0] += 1
                t[1] += bool(word >> 8 & LAY)
            t[2] += _sum_take(word, take)
    normal, summiss, thrower = tally["normal"], tally["summiss"], tally["thrower"]
    assert thrower[0] == normal[0] > 100
    assert thrower[1] - normal[1] > 0.15 * normal[0], tally  # about a quarter thrown
    assert normal[2] > 20 and summiss[2] < 0.6 * normal[2], tally  # two sums in three missed


def test_peek_searches_the_true_hands_with_the_stock_shuffled():
    rules = P.preset("egyptian")
    obs = Observation(rules)
    p = arena.player(rules, arena.PEEK, 0)
    shuffled = 0
    for _, st in _positions(30):
        observe(st, st.to_move, obs)
        p.see(st)
        w = p.search.sampler.sample(obs, p.search.world, p.search.prng)
        for s in range(rules.players):
            assert sorted(w.hand[6 * s:6 * s + w.hand_n[s]]) == sorted(st.hand[6 * s:6 * s + st.hand_n[s]])
        assert list(w.loc) == list(st.loc) and w.stock_pos == st.stock_pos
        assert sorted(w.stock[w.stock_pos:]) == sorted(st.stock[st.stock_pos:])
        shuffled += w.stock[w.stock_pos:] != st.stock[st.stock_pos:]
    assert shuffled > 20


def test_the_arena_names_a_levels_worlds():
    # "+b" / "-b" after a search level: its worlds dealt by beliefs or uniformly
    rules = P.preset("egyptian")
    assert arena._toggle("master-b") == ("master", False)
    assert arena._toggle("expert+b") == ("expert", True)
    assert arena._toggle("expert+s") == ("expert+s", None)
    for bad in ("expert+s", "expert+r", "expert-x"):
        try:
            arena._spec(bad)
        except Exception as e:
            assert "unknown level" in str(e)
        else:
            raise AssertionError(bad)
    arena._players.clear()
    s = arena.player(rules, "hard+b", 0).search
    assert s.beliefs is not None and s.sampler.weights is s.beliefs.weight
    assert arena.player(rules, "expert-b", 0).search.beliefs is None
    assert arena.player(rules, "expert-v1", 0).search.beliefs is None  # the yardstick's uniform worlds
    # expert-v2: the expert before its beliefs and tuned leaves
    v2 = arena.player(rules, "expert-v2", 0)
    assert v2.search.beliefs is None and v2.leaf == PLAIN and v2.work == arena.V2_WORK
    assert arena.player(rules, "expert", 0).leaf == TUNED


def test_the_tuned_level_may_be_the_arenas_name_of_one():
    # --level expert-b: the expert with uniform worlds, as the tuning log's
    # runs were made (docs/tune_log.md); --beliefs still overrides it
    from tools.tune import _players
    rules = P.preset("egyptian")
    assert _players(rules, START, "expert", 0).search.beliefs is not None
    assert _players(rules, START, "expert-b", 0).search.beliefs is None
    assert _players(rules, START, "expert-b", 0, True).search.beliefs is not None
