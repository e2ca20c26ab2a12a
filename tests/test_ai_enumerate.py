"""Few cards unseen: the expert enumerates the worlds instead of sampling
them, and solves the last deal (core/ai/world.py deal, core/ai/search.py)."""
from core import cardnames as CN
import math
import random

from core import presets as P
from core.ai.observe import UNSEEN, Observation, observe
from core.ai.levelbot import choose
from core.ai.player import Player
from core.ai.world import Sampler
from core.game import Game
from core.prng import Prng
from core.state import FLOOR, HAND, State
from harness.listing import all_plays
from tests.test_ai import reshuffle_hidden


def play_until(players, seed, done):
    """A game's first hand played at random until done(state) (None if never)."""
    rules = P.preset("egyptian", players=players)
    g = Game(rules, seed)
    g.start_hand()
    st = g.state
    pick = random.Random(seed)
    while not st.hand_over():
        if st.hands_empty():
            st.deal()
        if done(st):
            return rules, st
        plays = all_plays(st)
        st.apply(*plays[pick.randrange(len(plays))])
    return rules, None


def last_deal(players, seed, others):
    """The stock empty, the seat to move's opponents and partner holding
    others cards in all."""
    def done(st):
        seat = st.to_move
        held = sum(st.hand_n[s] for s in range(st.nseats) if s != seat)
        return st.stock_pos == 52 and held == others
    return play_until(players, seed, done)


def splits(obs):
    n = sum(1 for c in range(52) if obs.where[c] == UNSEEN)
    total = 1
    for s in range(obs.nseats):
        if s != obs.seat:
            total *= math.comb(n, obs.hand_n[s])
            n -= obs.hand_n[s]
    return total


def test_every_split_of_the_unseen_cards_is_dealt_once():
    rules, st = last_deal(4, 3, 5)
    seat = st.to_move
    obs = observe(st, seat, Observation(rules))
    sampler = Sampler()
    count = sampler.count(obs, 10 ** 6)
    assert count == splits(obs) > 10
    world = State(rules)
    seen = set()
    for k in range(count):
        sampler.sample(obs, world, Prng(k), k)
        hands = tuple(frozenset(CN.hand_cards(world, s)) for s in range(4) if s != seat)
        seen.add(hands)
        # what the seat sees stays where it is
        assert sorted(CN.hand_cards(world, seat)) == sorted(CN.hand_cards(st, seat))
        assert all((world.loc[c] == FLOOR) == (st.loc[c] == FLOOR) for c in range(52))
        for s in range(4):
            assert world.hand_n[s] == st.hand_n[s]
            assert all(world.loc[c] == HAND + s for c in CN.hand_cards(world, s))
    assert len(seen) == count


def test_a_split_count_past_the_cap_reads_zero():
    rules, st = last_deal(4, 3, 5)
    obs = observe(st, st.to_move, Observation(rules))
    count = splits(obs)
    assert Sampler().count(obs, count) == count
    assert Sampler().count(obs, count - 1) == 0


def test_the_expert_solves_a_four_player_last_deal_over_every_split():
    # three others hold a card each: 6 worlds, each searched to the hand's end
    rules, st = last_deal(4, 2, 3)
    p = Player(rules, "expert", seed=1)
    assert choose(p, st, st.to_move) in all_plays(st)
    s = p.search
    d = s.last_deal
    assert d.enum == 6 and s.anytime.enum == 0
    assert s.n > 1 and d.sets >= 1 and not d.set_cut


def test_the_expert_enumerates_the_opponents_last_card_with_stock_left():
    rules, st = play_until(2, 2, lambda st: st.stock_pos < 52 and st.hand_n[1 - st.to_move] == 1
                           and st.hand_n[st.to_move] > 1)
    p = Player(rules, "expert", seed=1)
    choose(p, st, st.to_move)
    s = p.search
    assert s.last_deal.enum == 0 and s.anytime.enum == 52 - st.stock_pos + 1
    assert s.samples_done > 1


def test_enumerated_decisions_do_not_change_when_the_hidden_cards_are_redealt():
    rng = random.Random(3)
    cases = [last_deal(4, seed, others) for seed, others in ((1, 3), (2, 4), (4, 5))]
    cases += [play_until(2, seed, lambda st: st.stock_pos < 52 and st.hand_n[1 - st.to_move] == 1)
              for seed in (1, 5)]
    for rules, st in cases:
        seat = st.to_move
        p = Player(rules, "expert", seed=11)
        first = choose(p, st, seat)
        assert p.search.anytime.enum + p.search.last_deal.enum > 0
        for _ in range(3):
            other, _ = reshuffle_hidden(st, seat, rng)
            assert choose(Player(rules, "expert", seed=11), other, seat) == first


def exact_solves(lefts):
    """Two-player last deals with left cards in the hands (each of lefts),
    solved by the expert to the end of the hand: (seed, left, word_take,
    search) for each with more than one play."""
    for seed in range(12):
        for left in lefts:
            rules, st = play_until(2, seed, lambda st, left=left: st.stock_pos == 52
                                   and st.hand_n[0] + st.hand_n[1] == left)
            p = Player(rules, "expert", seed=1)
            p.work = 10 ** 6  # to the end of the hand
            word_take = choose(p, st, st.to_move)
            s = p.search
            if s.n < 2:
                continue
            assert s.last_deal.enum == 1 and not s.last_deal.set_cut
            yield seed, left, word_take, s


def test_the_exact_solve_of_a_two_player_last_deal_chooses_a_best_play():
    # the one world is searched with alpha-beta at the root too (only the
    # best play matters): the play chosen must be worth the best full value
    checked = 0
    for seed, left, word_take, s in exact_solves((4, 5, 6, 7, 8)):
        assert s._pass(s.n, s.last_deal.depth, 10 ** 6) and not s.cut  # every play's exact value
        values = [s.cur[i] for i in range(s.n)]
        chosen = [i for i in range(s.n) if (s.root[2 * i], s.root[2 * i + 1]) == word_take]
        assert values[chosen[0]] == max(values), (seed, left, values)
        checked += 1
    assert checked > 20


def test_the_exact_solve_skips_the_pass_one_ply_short_of_the_hands_end():
    # 2 plies deeper each pass, except that a pass which would stop one ply
    # short of the end (its last play all but forced, so about the whole
    # solve's cost) goes to the end instead: 8 cards left, 3, 5 then 9
    # plies; 6 cards, 3 then 7; 7 cards, 3, 5, 7
    expected = {6: (2, 7), 7: (3, 7), 8: (3, 9)}  # left: (passes, depth)
    seen = set()
    for seed, left, _word_take, s in exact_solves((6, 7, 8)):
        assert (s.last_deal.sets, s.last_deal.depth) == expected[left], (seed, left)
        seen.add(left)
    assert seen == {6, 7, 8}


def test_the_fixed_schedule_reads_the_search_frames_as_the_search_lays_them_out():
    # core/ai/fixed.py keeps its own copies of the search's constants (folded
    # on a board): the depth cap, a held pass's result and its slot
    from core.ai import fixed, search
    assert (fixed._MAX_PLY, fixed._HELD, fixed._HOLD) == (search._MAX_PLY, search._HELD, search._HOLD)


def test_only_a_fixed_budget_searches_with_the_fixed_schedule_loaded():
    rules = P.preset("egyptian")
    assert Player(rules, "hard").search.fixed is not None
    assert Player(rules, "expert").search.fixed is None
