"""The referee: a stable public API in card names.

For tests, tools, bug reports and other people's bots. Cards are names
("AS", "10D", "QH", "7♦"); results are plain lists, dicts, ints, strings and
bools. See docs/rules.md for the rule sets and docs/referee.md for examples.

- ``legal_plays(hand, floor, variant)``: every legal play, one dict per
  distinct (card played, set taken).
- ``score_hand(piles, basras, variant, carry)``: one hand's points.
- ``play_game(seed, players, variant, target)``: a whole game between bots;
  returns its log.
- ``replay(log)``: re-checks a log against the rules; returns the scores.

The bot protocol: a bot is ``bot(view)`` returning an index into
``view["plays"]`` (a PlayList) or a play ``{"card": ..., "take": [...]}``
(built-in bots: core/bots.py). The view holds what the seat can see and
nothing more:
seat, side, hand, floor, plays, start_floor, history, hand_sizes, stock,
scores, carry, variant.
"""
from core import cards as C
from core import cardnames as CN
from core import rules as R
from core import presets as P
from core.ai.world import choose
from core.bots import make_bot
from core.game import Game
from core.scoring import card_points, score
from core.plays import Plays, basra_allowed, jack_is_basra, seven_is_basra, seven_sweeps
from core.state import (BASRA, FLOOR, HAND, LAY, NOBODY, SWEEP, TAKES_2C, TAKES_10D, State, play_card,
                        play_flags)
from core.sums import bigger, splits

MAX_HANDS = 500  # a game still undecided after this many hands is an error


def _choose(items, k):
    # the k-card subsets of items, in order (a generator: a big floor has many)
    if k == 0:
        yield []
        return
    for i in range(len(items) - k + 1):
        for rest in _choose(items[i + 1:], k - 1):
            yield [items[i]] + rest


def _groups(state, word, take):
    """The floor cards a generated play takes, as (cards fixed, cards to
    choose from, how many of them) per rank: the play stands for every
    choice."""
    flags = play_flags(word)
    card = play_card(word)
    if flags & LAY:
        return []
    floor = [c for c in range(52) if state.loc[c] == FLOOR]
    if flags & SWEEP:
        return [(floor, [], 0)]
    rk = C.rank(card)
    if rk > C.JACK:
        return [([], [c for c in floor if C.rank(c) == rk], take)]
    out = []
    v = 1
    while take:
        k = take & 7
        if k:
            plain = [c for c in floor if C.rank(c) == v - 1]
            fixed = []
            for special, flag in ((C.TWO_CLUBS, TAKES_2C), (C.TEN_DIAMONDS, TAKES_10D)):
                if special in plain:
                    plain.remove(special)
                    if flags & flag:
                        fixed.append(special)
            out.append((fixed, plain, k - len(fixed)))
        take >>= 3
        v += 1
    return out


def count_takes(state, word, take):
    """How many sets of floor cards a generated play stands for."""
    n = 1
    for _fixed, plain, k in _groups(state, word, take):
        n *= choose(len(plain), k)
    return n


def concrete_takes(state, word, take):
    """Every set of floor cards (sorted card ints) a generated play stands
    for, one at a time."""
    groups = _groups(state, word, take)

    def expand(i):
        if i == len(groups):
            yield []
            return
        fixed, plain, k = groups[i]
        for combo in _choose(plain, k):
            for rest in expand(i + 1):
                yield fixed + combo + rest

    for s in expand(0):
        yield sorted(s)


def _nth_take(state, word, take, i):
    # the i-th set of concrete_takes(state, word, take), without the others
    out = []
    groups = _groups(state, word, take)
    for g in range(len(groups) - 1, -1, -1):
        fixed, plain, k = groups[g]
        ways = choose(len(plain), k)
        j = i % ways
        i //= ways
        for combo in _choose(plain, k):
            if j == 0:
                out += fixed + combo
                break
            j -= 1
    return sorted(out)


def match(st, card, taken, out):
    """The play of card (held by the seat to move) taking exactly the floor
    cards in the list taken, into out (a Plays: its word and take); False
    when that is not a legal play. Checks the set directly, so a floor with
    thousands of plays costs no more than a small one."""
    if st.loc[card] != HAND + st.to_move:
        return False
    out.card = card
    n = len(taken)
    for c in taken:
        if st.loc[c] != FLOOR:
            return False
    if n == 0:
        if st.floor_n and not st.lay_down:
            # a lay-down is legal only when the card can take nothing
            out.start(st, card)
            out.next()
            if not out.word >> 8 & LAY:
                return False
        out.word = card | LAY << 8
        out.take = 0
        return True
    rk = card >> 2
    fn = st.floor_n
    if rk == C.JACK or (card == C.SEVEN_DIAMONDS and seven_sweeps(st)):
        if n != fn:
            return False
        basra = jack_is_basra(st) if rk == C.JACK else seven_is_basra(st)
        out.word = card | (SWEEP | (BASRA if basra else 0)) << 8
        out.take = 0
        return True
    maximal = st.capture == R.CAPTURE_MAXIMAL
    if rk > C.JACK:
        for c in taken:
            if c >> 2 != rk:
                return False
        if maximal and n != st.floor_rank[rk]:
            return False
        out.word = card | (BASRA if n == fn and basra_allowed(st, n, 0) else 0) << 8
        out.take = n
        return True
    v = rk + 1
    vals = bytearray(11)  # the taken cards per value
    for val in range(11):
        vals[val] = 0
    s = 0
    flags = 0
    for c in taken:
        r = c >> 2
        if r >= v:
            return False
        vals[r + 1] += 1
        s += r + 1
        if c == C.TWO_CLUBS:
            flags |= TAKES_2C
        elif c == C.TEN_DIAMONDS:
            flags |= TAKES_10D
    if s % v or not splits(vals, v):
        return False
    if maximal and bigger(vals, 0, st.floor_rank, -1, v):
        return False
    code = 0
    val = v
    while val:
        code = (code << 3) | vals[val]
        val -= 1
    if n == fn and basra_allowed(st, n, v):
        flags |= BASRA
    out.word = card | flags << 8
    out.take = code
    return True



class PlayList:
    """Every legal play of one seat's turn, as referee records (dicts in card
    names, see as_record): a sequence (len, [i], iteration) that works each
    play out when asked. A big floor has millions of plays (a 10 facing
    every other number card: 178,175 takes by value), so nothing is listed
    ahead and there is no cap.

    It holds its own copy of what the seat sees (its hand and the floor),
    never the game's State: a bot given one cannot reach a hidden card.
    Order: hand card by hand card, as core/plays.py lists them (captures,
    then the lay-down), each capture's card sets in suit order.
    """

    def __init__(self, rules, hand, floor):
        st = State(rules)
        st.place(0, hand, floor)
        self._st = st
        self._hand = list(hand)
        self._cursor = Plays()
        self._counts = {}

    def _by_value(self, card):
        # (word, take, how many card sets) of each of card's plays
        st = self._st
        cursor = self._cursor
        cursor.start(st, card)
        while cursor.next():
            word, take = cursor.word, cursor.take
            yield word, take, count_takes(st, word, take)

    def _count(self, card):
        if card not in self._counts:
            self._counts[card] = sum(n for _w, _t, n in self._by_value(card))
        return self._counts[card]

    def __len__(self):
        return sum(self._count(card) for card in self._hand)

    def plays(self):
        """Every play as (card, sorted taken card ints, flags), one at a time."""
        st = self._st
        for card in self._hand:
            for word, take, _n in self._by_value(card):
                for cards in concrete_takes(st, word, take):
                    yield card, cards, play_flags(word)

    def __iter__(self):
        for p in self.plays():
            yield as_record(*p)

    def play(self, i):
        """Play i as (card, sorted taken card ints, flags)."""
        if not isinstance(i, int) or isinstance(i, bool):
            raise TypeError("play indexes are ints, not %r" % (i,))
        if i < 0:
            i += len(self)
        if i >= 0:
            for card in self._hand:
                if i >= self._count(card):
                    i -= self._count(card)
                    continue
                for word, take, n in self._by_value(card):
                    if i < n:
                        return card, _nth_take(self._st, word, take, i), play_flags(word)
                    i -= n
        raise IndexError("no play %r" % (i,))

    def __getitem__(self, i):
        return as_record(*self.play(i))

    def find(self, card, taken):
        """(card, sorted taken, flags) when card taking exactly the card ints
        taken is legal, else None: checked directly (match),
        without listing the plays."""
        if len(set(taken)) != len(taken) or not match(self._st, card, list(taken), self._cursor):
            return None
        return card, sorted(taken), play_flags(self._cursor.word)


def as_record(card, take, flags):
    return {
        "card": CN.name(card),
        "take": CN.names(take),
        "basra": bool(flags & BASRA),
        "sweep": bool(flags & SWEEP),
    }


def legal_plays(hand, floor, variant="egyptian"):
    """Every legal play of hand on floor, one dict per distinct (card, set taken).

    hand, floor: lists of card names or one space-separated string. There is
    no cap: a floor of many small cards gives thousands of plays (use
    PlayList to take them one at a time).
    """
    h = CN.parse_list(hand)
    f = CN.parse_list(floor)
    for c in h:
        if c in f:
            raise ValueError("card both in hand and on the floor: %s" % CN.name(c))
    if len(h) > 6:
        raise ValueError("a hand holds at most 6 cards, not %d" % len(h))
    return list(PlayList(P.preset(variant), h, f))


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
    rules = P.preset(variant, players=len(piles))
    pts = card_points(rules, [0] * 52)
    seen = set()
    ncards, cpoints = [], []
    for pile in piles:
        cs = CN.parse_list(pile)
        for c in cs:
            if c in seen:
                raise ValueError("card in two piles: %s" % CN.name(c))
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
        "hand": CN.names(CN.hand_cards(st, seat)),
        "floor": CN.names(CN.floor_cards(st)),
        "plays": plays,
        "start_floor": list(start_floor),
        "history": [dict(p, take=list(p["take"])) for p in history],
        "hand_sizes": [st.hand_n[s] for s in range(st.nseats)],
        "stock": st.stock_left(),
        "scores": list(game.scores),
        "carry": game.carry,
        "variant": game.rules.name,
    }


def _dealt(st):
    return [CN.names(CN.hand_cards(st, s)) for s in range(st.nseats)]


def play_game(seed, players, variant="egyptian", target=None):
    """Play a whole game between bots and return its log.

    players: one entry per seat (2, 3 or 4): a built-in bot name or a
    callable ``bot(view)`` returning an index into ``view["plays"]`` or a
    play itself, ``{"card": "8H", "take": ["3S", "5D"]}`` (checked
    directly: a bot that knows its play need not walk a big floor's list).
    Seat s plays for side s % number_of_sides.
    target: the score that ends the game, a positive whole number (None: the
    rule set's own).
    """
    _need_int(seed, "seed")
    if not isinstance(players, (list, tuple)):
        raise ValueError("players must be a list of bots, one per seat, not %r" % (players,))
    if target is not None and (not isinstance(target, int) or isinstance(target, bool) or target < 1):
        raise ValueError("target must be a positive whole number, not %r" % (target,))
    n = len(players)
    rules = P.preset(variant, players=n, target=target)
    game = Game(rules, seed)
    bots = [make_bot(p, seed, seat) for seat, p in enumerate(players)]
    st = game.state
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
        start_floor = CN.names(CN.floor_cards(st))
        hand = {"dealer": game.dealer, "floor": start_floor, "deals": [_dealt(st)], "plays": []}
        while True:
            if st.hands_empty():
                if st.stock_left() == 0:
                    break
                st.deal()
                hand["deals"].append(_dealt(st))
            seat = st.to_move
            plays = PlayList(rules, CN.hand_cards(st, seat), CN.floor_cards(st))
            choice = bots[seat](_view(game, seat, plays, start_floor, hand["plays"]))
            card, take, flags = _chosen(plays, choice, seat)
            st.apply_cards(card, take, flags)
            hand["plays"].append(
                {"seat": seat, "card": CN.name(card), "take": CN.names(take), "basra": bool(flags & BASRA)}
            )
        leftover = CN.names(CN.floor_cards(st))
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


def _chosen(plays, choice, seat):
    # a bot's answer as (card, taken, flags), or ValueError saying what is wrong
    if isinstance(choice, dict):
        try:
            card = CN.parse(choice["card"])
            taken = CN.parse_list(choice["take"])
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError("seat %d's bot returned %r, not a play (%s)" % (seat, choice, e))
        got = plays.find(card, taken)
        if got is None:
            raise ValueError("seat %d's bot chose %r, not a legal play" % (seat, choice))
        return got
    if isinstance(choice, int) and not isinstance(choice, bool) and choice >= 0:
        try:
            return plays.play(choice)
        except IndexError:
            pass
    raise ValueError("seat %d's bot returned %r, not an index into its %d plays nor a play"
                     % (seat, choice, len(plays)))


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
        return CN.parse_list(names)
    except ValueError as e:
        _fail(h, i, "%s: %s" % (what, e))


def _check_hand_setup(rules, h, hand, dealer):
    if hand.get("dealer") != dealer:
        _fail(h, None, "dealer is %r, expected seat %d" % (hand.get("dealer"), dealer))
    floor = _cards_of(h, None, hand["floor"], "floor")
    if len(floor) != 4:
        _fail(h, None, "the first floor has %d cards, not 4" % len(floor))
    for c in floor:
        if C.rank(c) == C.JACK or c == C.SEVEN_DIAMONDS:
            _fail(h, None, "%s on the first floor (Jacks and the 7D are replaced)" % CN.name(c))
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
        what = "card dealt twice: %s" % CN.name(dup[0]) if dup else "not every card was dealt"
        _fail(h, None, what)
    return order


def replay(log):
    """Re-check every deal and play of a log; return the final scores.

    Raises ValueError naming the hand and play of the first illegal step.
    """
    _check_shape(log)
    players = log["players"]
    rules = P.preset(log["variant"], players=len(players), target=log.get("target"))
    game = Game(rules, log.get("seed", 0))
    st = game.state
    check = Plays()
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
            what = "%s taking [%s]" % (CN.name(card), " ".join(CN.names(take)))
            if st.loc[card] != HAND + st.to_move:
                _fail(h, i, "%s: seat %d does not hold %s" % (what, st.to_move, CN.name(card)))
            if len(set(take)) != len(take) or not match(st, card, take, check):
                _fail(h, i, "%s is not a legal play on floor [%s]" % (what, " ".join(CN.names(CN.floor_cards(st)))))
            flags = play_flags(check.word)
            if bool(p.get("basra")) != bool(flags & BASRA):
                _fail(h, i, "%s: basra is %r, the rules say %r" % (what, p.get("basra"), bool(flags & BASRA)))
            st.apply_cards(card, take, flags)
        if not st.hand_over():
            _fail(h, None, "the plays stop before the hand is over")
        leftover = CN.names(CN.floor_cards(st))
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
