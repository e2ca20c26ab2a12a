"""The referee: a stable public API in card names.

For tests, tools, bug reports and other people's bots. Cards are names
("AS", "10D", "QH", "7♦"); results are plain lists, dicts, ints, strings and
bools. See docs/rules.md for the rule sets and README.md for examples.

- ``legal_plays(hand, floor, variant)``: every legal play, one dict per
  distinct (card played, set taken).
- ``score_hand(piles, basras, variant, carry)``: one hand's points.
- ``play_game(seed, players, variant, target)``: a whole game between bots;
  returns its log.
- ``replay(log)``: re-checks a log against the rules; returns the scores.

The bot protocol: a bot is ``bot(view) -> int``, an index into
``view["plays"]``. The view holds what the seat can see and nothing more:
seat, side, hand, floor, plays, start_floor, history, hand_sizes, stock,
scores, carry, variant.
"""
from array import array

from core import cards as C
from core import rules as R
from core.bots import make_bot
from core.game import Game, game_winner
from core.scoring import card_points, score
from core.state import BASRA, FLOOR, HAND, LAY, NOBODY, SWEEP, TAKES_2C, TAKES_10D, State

_BIG = 4096  # plays (by value) the referee accepts in one position
MAX_HANDS = 500  # a game still undecided after this many hands is an error


def _combinations(items, k):
    if k == 0:
        return [[]]
    out = []
    for i in range(len(items) - k + 1):
        for rest in _combinations(items[i + 1:], k - 1):
            out.append([items[i]] + rest)
    return out


def concrete_takes(state, word, take):
    """Every set of floor cards (sorted card ints) a generated play stands for."""
    flags = word >> 8
    card = word & 63
    if flags & LAY:
        return [[]]
    floor = [c for c in range(52) if state.loc[c] == FLOOR]
    if flags & SWEEP:
        return [floor]
    rk = card >> 2
    if rk > C.JACK:
        return _combinations([c for c in floor if c >> 2 == rk], take)
    sets = [[]]
    v = 1
    while take:
        k = take & 7
        if k:
            plain = [c for c in floor if c >> 2 == v - 1]
            fixed = []
            for special, flag in ((C.TWO_CLUBS, TAKES_2C), (C.TEN_DIAMONDS, TAKES_10D)):
                if special in plain:
                    plain.remove(special)
                    if flags & flag:
                        fixed.append(special)
            choices = [fixed + combo for combo in _combinations(plain, k - len(fixed))]
            sets = [s + more for s in sets for more in choices]
        take >>= 3
        v += 1
    return [sorted(s) for s in sets]


class Position:
    """A State seen card by card: the legal plays as (card, take, flags)."""

    def __init__(self, state):
        self.state = state
        self.buf = array("i", [0] * (2 * _BIG))

    def plays(self):
        st = self.state
        n = st.gen(self.buf, 0, _BIG)
        if st.overflow:
            raise ValueError("more than %d distinct plays in one position" % _BIG)
        out = []
        for i in range(n):
            word = self.buf[2 * i]
            for take in concrete_takes(st, word, self.buf[2 * i + 1]):
                out.append((word & 63, take, word >> 8))
        return out


def as_record(card, take, flags):
    return {
        "card": C.name(card),
        "take": C.names(take),
        "basra": bool(flags & BASRA),
        "sweep": bool(flags & SWEEP),
    }


def legal_plays(hand, floor, variant="egyptian"):
    """Every legal play of hand on floor, one dict per distinct (card, set taken).

    hand, floor: lists of card names or one space-separated string.
    """
    h = C.parse_list(hand)
    f = C.parse_list(floor)
    for c in h:
        if c in f:
            raise ValueError("card both in hand and on the floor: %s" % C.name(c))
    if len(h) > 6:
        raise ValueError("a hand holds at most 6 cards, not %d" % len(h))
    st = State(R.preset(variant))
    st.place(0, h, f)
    return [as_record(*p) for p in Position(st).plays()]


def score_hand(piles, basras, variant="egyptian", carry=0):
    """Points of each side for one hand.

    piles: per side, the card names it captured; basras: per side, counts.
    Returns {"points": [...], "carry": n} (n: majority points held over).
    """
    if not isinstance(piles, (list, tuple)) or not isinstance(basras, (list, tuple)):
        raise ValueError("piles and basras must be lists, one entry per side")
    if not isinstance(carry, int) or isinstance(carry, bool) or carry < 0:
        raise ValueError("carry must be a count of points, not %r" % (carry,))
    if len(piles) not in (2, 3) or len(basras) != len(piles):
        raise ValueError("piles and basras need one entry per side, for 2 or 3 sides")
    for b in basras:
        if not isinstance(b, int) or isinstance(b, bool) or b < 0:
            raise ValueError("basras must be counts, not %r" % (b,))
    rules = R.preset(variant, players=len(piles))
    pts = card_points(rules, [0] * 52)
    seen = set()
    ncards, cpoints = [], []
    for pile in piles:
        cs = C.parse_list(pile)
        for c in cs:
            if c in seen:
                raise ValueError("card in two piles: %s" % C.name(c))
            seen.add(c)
        ncards.append(len(cs))
        cpoints.append(sum(pts[c] for c in cs))
    out = [0] * len(piles)
    carry = score(rules, len(piles), ncards, cpoints, basras, carry, out)
    return {"points": out, "carry": carry}


def _view(game, seat, plays, start_floor, history):
    st = game.state
    return {
        "seat": seat,
        "side": st.side_of(seat),
        "hand": C.names(st.hand_cards(seat)),
        "floor": C.names(st.floor_cards([])),
        "plays": [as_record(*p) for p in plays],
        "start_floor": list(start_floor),
        "history": [dict(p, take=list(p["take"])) for p in history],
        "hand_sizes": [st.hand_n[s] for s in range(st.nseats)],
        "stock": st.stock_left(),
        "scores": list(game.scores),
        "carry": game.carry,
        "variant": game.rules.name,
    }


def _dealt(st):
    return [C.names(st.hand_cards(s)) for s in range(st.nseats)]


def play_game(seed, players, variant="egyptian", target=None):
    """Play a whole game between bots and return its log.

    players: one entry per seat (2, 3 or 4): a built-in bot name or a
    callable ``bot(view) -> int``. Seat s plays for side s % number_of_sides.
    target: the score that ends the game, a positive whole number (None: the
    rule set's own).
    """
    _need_int(seed, "seed")
    if not isinstance(players, (list, tuple)):
        raise ValueError("players must be a list of bots, one per seat, not %r" % (players,))
    if target is not None and (not isinstance(target, int) or isinstance(target, bool) or target < 1):
        raise ValueError("target must be a positive whole number, not %r" % (target,))
    n = len(players)
    rules = R.preset(variant, players=n, target=target)
    game = Game(rules, seed)
    bots = [make_bot(p, seed, seat) for seat, p in enumerate(players)]
    st = game.state
    pos = Position(st)
    log = {
        "variant": rules.name,
        "seed": seed,
        "target": rules.target,
        "players": [p if isinstance(p, str) else getattr(p, "__name__", "bot") for p in players],
        "sides": [st.side_of(s) for s in range(n)],
        "hands": [],
        "scores": None,
        "winner": None,
    }
    while game.winner is None:
        if game.hand_no >= MAX_HANDS:
            raise RuntimeError("no winner after %d hands" % MAX_HANDS)
        game.start_hand()
        start_floor = C.names(st.floor_cards([]))
        hand = {"dealer": game.dealer, "floor": start_floor, "deals": [_dealt(st)], "plays": []}
        while True:
            if st.hands_empty():
                if st.stock_left() == 0:
                    break
                st.deal()
                hand["deals"].append(_dealt(st))
            seat = st.to_move
            plays = pos.plays()
            choice = bots[seat](_view(game, seat, plays, start_floor, hand["plays"]))
            if not isinstance(choice, int) or not 0 <= choice < len(plays):
                raise ValueError(
                    "seat %d's bot returned %r, not an index into its %d plays"
                    % (seat, choice, len(plays))
                )
            card, take, flags = plays[choice]
            st.apply_cards(card, take, flags)
            hand["plays"].append(
                {"seat": seat, "card": C.name(card), "take": C.names(take), "basra": bool(flags & BASRA)}
            )
        leftover = C.names(st.floor_cards([]))
        side = game.end_hand()
        hand["leftover"] = {"side": None if side == NOBODY else side, "cards": leftover}
        hand["cards"] = [st.pile_n[s] for s in range(game.nsides)]
        hand["basras"] = [st.basras[s] for s in range(game.nsides)]
        hand["points"] = list(game.hand_points)
        hand["carry"] = game.carry
        log["hands"].append(hand)
    log["scores"] = list(game.scores)
    log["winner"] = game.winner
    return log


def _need_int(v, what):
    if not isinstance(v, int) or isinstance(v, bool):
        raise ValueError("%s must be an integer, not %r" % (what, v))


def _check_shape(log):
    """ValueError naming the first field of log that is missing or of the wrong kind."""
    if not isinstance(log, dict):
        raise ValueError("a log is a dict (see play_game), not %s" % type(log).__name__)
    for key in ("variant", "players", "hands"):
        if key not in log:
            raise ValueError("the log has no %r" % key)
    if not isinstance(log["players"], (list, tuple)):
        raise ValueError("players must be a list, one entry per seat, not %r" % (log["players"],))
    if not isinstance(log["hands"], (list, tuple)):
        raise ValueError("hands must be a list, not %r" % (log["hands"],))
    _need_int(log.get("seed", 0), "seed")
    if log.get("target") is not None:
        _need_int(log["target"], "target")
    for h, hand in enumerate(log["hands"]):
        if not isinstance(hand, dict):
            _fail(h, None, "a hand is a dict, not %r" % (hand,))
        for key in ("dealer", "floor", "deals", "plays"):
            if key not in hand:
                _fail(h, None, "no %r" % key)
        for key in ("deals", "plays"):
            if not isinstance(hand[key], (list, tuple)):
                _fail(h, None, "%s must be a list, not %r" % (key, hand[key]))
        for d, deal in enumerate(hand["deals"]):
            if not isinstance(deal, (list, tuple)):
                _fail(h, None, "deal %d must be a list of hands, not %r" % (d, deal))
        for i, p in enumerate(hand["plays"]):
            if not isinstance(p, dict):
                _fail(h, i, "a play is a dict with seat, card and take, not %r" % (p,))
            for key in ("seat", "card", "take"):
                if key not in p:
                    _fail(h, i, "no %r" % key)


def _fail(h, i, msg):
    where = "hand %d" % h if i is None else "hand %d, play %d" % (h, i)
    raise ValueError("%s: %s" % (where, msg))


def _cards_of(h, i, names, what):
    try:
        return C.parse_list(names)
    except ValueError as e:
        _fail(h, i, "%s: %s" % (what, e))


def _check_hand_setup(rules, h, hand, dealer):
    if hand.get("dealer") != dealer:
        _fail(h, None, "dealer is %r, expected seat %d" % (hand.get("dealer"), dealer))
    floor = _cards_of(h, None, hand["floor"], "floor")
    if len(floor) != 4:
        _fail(h, None, "the first floor has %d cards, not 4" % len(floor))
    for c in floor:
        if c >> 2 == C.JACK or c == C.SEVEN_DIAMONDS:
            _fail(h, None, "%s on the first floor (Jacks and the 7D are replaced)" % C.name(c))
    deals = hand["deals"]
    if len(deals) != rules.deals:
        _fail(h, None, "%d deals, expected %d" % (len(deals), rules.deals))
    order = []  # the stock as dealt: each deal from the leader on, the floor after the first
    leader = (dealer + 1) % rules.players
    for d, deal in enumerate(deals):
        if len(deal) != rules.players:
            _fail(h, None, "deal %d has %d hands, not %d" % (d, len(deal), rules.players))
        for k in range(rules.players):
            seat = (leader + k) % rules.players
            cs = _cards_of(h, None, deal[seat], "deal %d, seat %d" % (d, seat))
            if len(cs) != rules.hand_size:
                _fail(h, None, "deal %d gives seat %d %d cards, not %d" % (d, seat, len(cs), rules.hand_size))
            order.extend(cs)
        if d == 0:
            order.extend(floor)
    if len(set(order)) != 52:
        dup = [c for c in order if order.count(c) > 1]
        what = "card dealt twice: %s" % C.name(dup[0]) if dup else "not every card was dealt"
        _fail(h, None, what)
    return order


def replay(log):
    """Re-check every deal and play of a log; return the final scores.

    Raises ValueError naming the hand and play of the first illegal step.
    """
    _check_shape(log)
    players = log["players"]
    rules = R.preset(log["variant"], players=len(players), target=log.get("target"))
    game = Game(rules, log.get("seed", 0))
    st = game.state
    pos = Position(st)
    hands = log["hands"]
    if not hands:
        raise ValueError("the log holds no hand")
    for h, hand in enumerate(hands):
        if game.winner is not None:
            _fail(h, None, "played after side %d had won" % game.winner)
        order = _check_hand_setup(rules, h, hand, game.dealer)
        st.clear(game.dealer)
        for i, c in enumerate(order):
            st.stock[i] = c
        st.deal()
        for c in order[rules.players * rules.hand_size:][:4]:
            st.lay(c)
        st.stock_pos += 4
        deal_no = 1
        for i, p in enumerate(hand["plays"]):
            if st.hands_empty():
                if st.stock_left() == 0:
                    _fail(h, i, "a play after the last card")
                st.deal()
                deal_no += 1
            if p.get("seat") != st.to_move:
                _fail(h, i, "seat %r played, but it is seat %d's turn" % (p.get("seat"), st.to_move))
            card = _cards_of(h, i, [p["card"]], "card")[0]
            take = sorted(_cards_of(h, i, p["take"], "take"))
            what = "%s taking [%s]" % (C.name(card), " ".join(C.names(take)))
            if st.loc[card] != HAND + st.to_move:
                _fail(h, i, "%s: seat %d does not hold %s" % (what, st.to_move, C.name(card)))
            match = None
            for q in pos.plays():
                if q[0] == card and q[1] == take:
                    match = q
                    break
            if match is None:
                _fail(h, i, "%s is not a legal play on floor [%s]" % (what, " ".join(C.names(st.floor_cards([])))))
            if bool(p.get("basra")) != bool(match[2] & BASRA):
                _fail(h, i, "%s: basra is %r, the rules say %r" % (what, p.get("basra"), bool(match[2] & BASRA)))
            st.apply_cards(card, take, match[2])
        if not st.hand_over():
            _fail(h, None, "the plays stop before the hand is over")
        leftover = C.names(st.floor_cards([]))
        side = game.end_hand()
        side = None if side == NOBODY else side
        got = {"side": side, "cards": leftover}
        if hand.get("leftover") != got:
            _fail(h, None, "leftover is %r, the rules say %r" % (hand.get("leftover"), got))
        for key, value in (
            ("cards", [st.pile_n[s] for s in range(game.nsides)]),
            ("basras", [st.basras[s] for s in range(game.nsides)]),
            ("points", list(game.hand_points)),
            ("carry", game.carry),
        ):
            if key in hand and hand[key] != value:
                _fail(h, None, "%s is %r, the rules say %r" % (key, hand[key], value))
    if game.winner is None:
        raise ValueError("the log ends before any side has won (scores %r)" % game.scores)
    if "scores" in log and log["scores"] != game.scores:
        raise ValueError("final scores are %r, the rules say %r" % (log["scores"], game.scores))
    if "winner" in log and log["winner"] != game.winner:
        raise ValueError("winner is %r, the rules say %r" % (log["winner"], game.winner))
    return list(game.scores)
