"""Power cuts, damaged saves and writes per game for device/save.py.

    python -m tools.fuzz_save --cases 100000          # damaged-save fuzz
    python -m tools.fuzz_save --cuts 3                # every write of 3 games cut after each byte
    python -m tools.fuzz_save --wear 40               # writes per game, both policies

The tests (tests/test_save_*.py) run the same functions on fewer cases.

The stores here are a bytearray image of the RP2040 nvm sector (4096
bytes, the save's log of slots at ``offset``) that count writes, and the
writes that erase the sector. Two models of a write cut short, as
docs/reliability.md explains:

- "slice": only the written bytes change, in order (a byte-programmable
  store, or a board whose nvm does not erase around the write): the first k
  bytes are new and the rest of the slice is old, or erased to 0xFF;
- "sector": the RP2040. CircuitPython programs a write whose bytes are all
  0xFF (an erased slot of the log) in place: the first k bytes of it
  programmed, the rest still 0xFF. Any other write (the log written again
  when it comes round) erases the whole 4 KB sector and programs the whole
  new image: the old image untouched (cut before the erase), or the first k
  bytes of the new image over 0xFF, k = 0..4096.
"""
import random
import sys
import time

from core.ai import LEVELS
from core.ai.levelbot import choose
from core.ai.player import Player
from core.game import Game
from core.presets import preset
from device import save as S
from device import saving
from device.saveread import resume
from harness.listing import all_plays
from basra_flash.cmdline import Parser, whole

SECTOR = 4096


class ImageStore:
    """hal.storage's raw interface over an nvm image; counts writes, and
    erases as an RP2040 makes them (a write whose bytes are not all 0xFF
    erases the sector: ``erased_by``), and can call ``on_write(old_image,
    new_image, start, data)`` before each."""

    def __init__(self, image=None, offset=0, on_write=None):
        self.img = bytearray(b"\xff" * SECTOR) if image is None else bytearray(image)
        self.off = offset
        self.size = len(self.img) - offset
        self.writes = 0
        self.erases = 0
        self.on_write = on_write

    def read(self, offset, n):
        a = self.off + offset
        return bytes(self.img[a:a + n])

    def write(self, offset, data):
        a = self.off + offset
        if self.on_write is not None:
            new = bytearray(self.img)
            new[a:a + len(data)] = data
            self.on_write(bytes(self.img), bytes(new), a, bytes(data))
        self.erases += erased_by(self.img, a, len(data))
        self.img[a:a + len(data)] = data
        self.writes += 1
        return True


def erased_by(image, start, n):
    """A write of n bytes at start erases the RP2040's nvm sector (CircuitPython
    programs only a write whose bytes are all 0xFF, erased flash)."""
    return any(b != 0xFF for b in image[start:start + n])


def state_of(result):
    """What a load gave, comparable: (game bytes or None, settings, stats)."""
    g, s, t, _ = result
    return S.payload(g, s, t)


CLEAN = S.payload(None, S.Settings(), S.Stats())


def load_image(image, offset=0, check=True):
    return SaveStore(ImageStore(image, offset), check=check).load()


def SaveStore(storage, policy="play", check=True):
    return saving.SaveStore(storage, policy=policy, check=check)


# -- playing real games through the save ----------------------------------------


def play_game(store, seed, variant="egyptian", players=2, levels=None, target=None,
              policy="play", on_save=None, rnd=None):
    """One whole game, saved as the device app does: after every play, at
    the end of each hand, and cleared when it is won, the stats in that
    last record (the app's every game record carries them).
    Seats marked "human" are played by a normal-level bot (or at random when
    rnd is given). Returns (writes, plays, hands)."""
    rules = preset(variant, players=players, target=target)
    levels = levels or ["human"] + ["normal"] * (players - 1)
    ss = SaveStore(store, policy)
    _, settings, stats, _ = ss.load()
    game = Game(rules, seed)
    bots = [Player(rules, "normal" if lv == "human" else lv, seed * 4 + k + 1) for k, lv in enumerate(levels)]
    saved = S.Saved(variant, players, list(levels), rules.target, seed)
    w0 = ss.writes
    nplays = 0

    def put(calm, left=S.MAX_PLAYS):
        # calm: no play can be pressed while this write is made (an AI seat
        # to move); left: the plays after it in the hand (a play's write):
        # the device app then writes the log again early (device/save.py
        # early), in the stages it writes in
        saved.hand_no = game.hand_no
        saved.dealer = game.dealer
        saved.scores = list(game.scores)
        saved.carry = game.carry
        if policy == "play":
            ss.save_game(saved, hold=True)
            ss.frame_held(S.early(calm, left))
            ss.flush()
        else:
            ss.save_game(saved)
        if on_save is not None:
            on_save(ss, saved)

    while game.winner is None:
        game.start_hand()
        saved.plays = ()
        put(False)     # the app writes a hand's start as its summary, or the menu, shows
        st = game.state
        plays = []
        while not st.hand_over():
            if st.hands_empty():
                st.deal()
            seat = st.to_move
            listed = all_plays(st)
            if rnd is not None and levels[seat] == "human":
                i = rnd.randrange(len(listed))
            else:
                i = listed.index(choose(bots[seat], st, seat, game.carry))
            st.apply(*listed[i])
            plays.append(i)
            nplays += 1
            saved.plays = tuple(plays)
            put(not st.hand_over() and levels[st.to_move] != "human", st.plays_left())
        game.end_hand()
        if game.winner is None:
            continue
    stats.games += 1
    if levels[0] == "human" and game.winner == 0:
        ai = [lv for lv in levels if lv != "human"]
        if ai:
            stats.wins[LEVELS.index(ai[0])] += 1
    ss.save_game(None, stats)
    if on_save is not None:
        on_save(ss, None)
    return ss.writes - w0, nplays, game.hand_no


# -- power cuts ------------------------------------------------------------------


class CutChecker:
    """Cuts every write of a game in both models and loads every torn image."""

    def __init__(self, offset=0, models=("slice", "sector")):
        self.offset = offset
        self.models = models
        self.cache = {}
        self.cuts = 0  # torn images loaded (counting repeats)
        self.distinct = 0
        self.newest = 0  # loads that gave the record being written
        self.previous = 0  # ... the record before it
        self.clean = 0  # ... a clean start (RP2040: cut in the erase window)
        self.failures = []
        self.writes = 0
        self.erases = 0  # writes that erased the sector (the log came round)

    def load(self, region):
        """Load a save region (the log's slots: what SaveStore reads of an image)."""
        r = self.cache.get(region)
        if r is None:
            self.distinct += 1
            try:
                res = SaveStore(ImageStore(region), check=False).load()
                r = (state_of(res), res[3])
            except Exception as e:  # a crash is a failure, recorded
                r = ("crash", repr(e))
            self.cache[region] = r
        self.cuts += 1
        return r

    def __call__(self, old, new, start, data):
        self.writes += 1
        before = self.full_load(old)
        after = self.full_load(new)
        off = self.offset
        size = S.slot_count(len(new) - off) * S.SLOT
        end = off + size
        erase = erased_by(old, start, len(data))
        self.erases += erase
        # the record in slot 0 of the new image: a shorter prefix holds no whole record
        rec0 = S.parse(new[off:off + S.SLOT])
        first_whole = off + (rec0[3] + 4 if rec0 else size)
        cases = []
        a = start - off

        def torn(k):
            # the save region with the first k bytes of data written over the old
            img = bytearray(old[off:end])
            img[a:a + k] = data[:k]
            return img
        if "slice" in self.models:
            for k in range(len(data) + 1):
                img = torn(k)
                cases.append((bytes(img), "slice", k, False))
                img[a + k:a + len(data)] = b"\xff" * (len(data) - k)
                # a write that writes the log again erases every slot first
                # in this model: the same window as the RP2040's erase
                cases.append((bytes(img), "slice+ff", k, erase and start + k < first_whole))
        if "sector" in self.models and not erase:
            # bytes written over erased flash: programmed in order, the rest still 0xFF
            for k in range(len(data) + 1):
                cases.append((bytes(torn(k)), "sector", k, False))
        elif "sector" in self.models:
            cases.append((old[off:end], "sector", -1, False))
            newr = new[off:end]
            for k in range(len(new) + 1):
                # the first k bytes of the new 4 KB image over 0xFF, as the save region sees them
                n = min(max(k - off, 0), size)
                cases.append((newr[:n] + b"\xff" * (size - n), "sector", k, k < first_whole))
        for img, model, k, may_clean in cases:
            got, msg = self.load(img)
            if got == after:
                self.newest += 1
            elif got == before:
                self.previous += 1
            elif may_clean and got == CLEAN and msg is not None:
                self.clean += 1
            else:
                self.failures.append((self.writes, model, k, got, msg))

    def full_load(self, img):
        res = load_image(img, self.offset, check=True)  # replays the plays
        return state_of(res)


def cut_games(games, seed=1, offset=0, models=("slice", "sector"), target=None, policy="play", log=None):
    """Play games, cutting every write; returns the CutChecker."""
    cc = CutChecker(offset, models)
    rnd = random.Random(seed)
    store = ImageStore(offset=offset, on_write=cc)
    configs = [("egyptian", 2, ["human", "normal"]), ("lebanese", 4, ["human", "easy", "human", "easy"]),
               ("french", 3, ["human", "normal", "easy"]), ("czech", 2, ["human", "human"])]
    for g in range(games):
        variant, players, levels = configs[g % len(configs)]
        play_game(store, seed * 1000 + g, variant, players, levels, target=target, policy=policy, rnd=rnd)
        cc.cache.clear()
        if log:
            log("game %d (%s, %d players): %d writes so far, %d cut points, %d failures"
                % (g + 1, variant, players, cc.writes, cc.cuts, len(cc.failures)))
    return cc


# -- damaged saves -----------------------------------------------------------------


KINDS = ("flip", "flips", "truncate", "erase", "zero", "version", "garbage", "tear",
         "overwrite", "recrc", "randrec")


def _reframe(raw, version=None, mutate=None, rnd=None):
    """The record in raw re-framed with a valid CRC: another version, or a
    mutated payload (to reach the decoder past the CRC)."""
    p = S.parse(raw)
    seq, ver, a, b = p
    payload = bytearray(raw[a:b])
    if mutate == "bytes":
        for _ in range(rnd.randrange(1, 4)):
            payload[rnd.randrange(len(payload))] = rnd.randrange(256)
    elif mutate == "length":
        # shorter, or up to 7 bytes longer as far as a slot holds it
        room = S.SLOT - S.HEADER - 4 - len(payload)
        payload = payload[:rnd.randrange(len(payload))] if rnd.randrange(2) or room < 1 else payload + bytes(
            rnd.randrange(256) for _ in range(rnd.randrange(1, min(8, room + 1))))
    elif mutate == "random":
        payload = bytearray(rnd.randrange(256) for _ in range(rnd.randrange(0, 100)))
    rec = bytearray(S.frame(seq, bytes(payload)))
    if version is not None:
        rec[2] = version
        hi, lo = S.crc_halves(rec, 0, len(rec) - 4)
        rec[-4:] = bytes((lo & 0xFF, lo >> 8, hi & 0xFF, hi >> 8))
    return bytes(rec)


def damage(region, rnd, kind):
    """A damaged copy of a 256-byte save region; returns (region, touched slots)."""
    r = bytearray(region)
    touched = set()
    if kind in ("flip", "flips"):
        for _ in range(1 if kind == "flip" else rnd.randrange(2, 9)):
            i = rnd.randrange(len(r))
            r[i] ^= 1 << rnd.randrange(8)
            touched.add(i // S.SLOT)
    elif kind == "truncate":  # a file cut short: reads give 0xFF past its end
        k = rnd.randrange(len(r))
        r[k:] = b"\xff" * (len(r) - k)
        touched.update(range(k // S.SLOT, 2))
    elif kind == "erase":
        r[:] = b"\xff" * len(r)
        touched.update((0, 1))
    elif kind == "zero":
        r[:] = bytes(len(r))
        touched.update((0, 1))
    elif kind == "garbage":
        for k in range(len(r)):
            r[k] = rnd.randrange(256)
        touched.update((0, 1))
    elif kind == "tear":
        s = rnd.randrange(2)
        k = rnd.randrange(S.SLOT)
        r[s * S.SLOT + k:(s + 1) * S.SLOT] = b"\xff" * (S.SLOT - k)
        touched.add(s)
    elif kind == "overwrite":
        a = rnd.randrange(len(r))
        n = rnd.randrange(1, 17)
        for k in range(a, min(len(r), a + n)):
            r[k] = rnd.randrange(256)
            touched.add(k // S.SLOT)
    return bytes(r), touched


def fuzz(cases, seed=1, pool=None, log=None):
    """Damaged saves: returns a dict of counts and the failures (at most 20 kept)."""
    rnd = random.Random(seed)
    pool = pool or image_pool(seed)
    counts = {"cases": 0, "loaded_newest": 0, "loaded_previous": 0, "clean_start": 0,
              "decoded_mutant": 0, "failures": 0}
    msgs = {}
    by_kind = {}
    failures = []
    t0 = time.time()
    for c in range(cases):
        region = pool[rnd.randrange(len(pool))]
        kind = KINDS[c % len(KINDS)]
        recs = [S.parse(region[k * S.SLOT:(k + 1) * S.SLOT]) for k in range(2)]
        newest = 0 if recs[1] is None or (recs[0] is not None and S.newer(recs[0][0], recs[1][0])) else 1
        expect = None  # the state expected, or "clean"
        mutant = False
        if kind in ("version", "recrc", "randrec"):
            r = bytearray(region)
            s = newest
            if kind == "version" and recs[1 - newest] is not None and rnd.randrange(2):
                s = 1 - newest  # the older record of another version: the newest still loads
            raw = region[s * S.SLOT:(s + 1) * S.SLOT]
            if kind == "version":
                v = rnd.choice((0, 1, S.VERSION + 1, 255))  # never one it reads
                rec = _reframe(raw, version=v)
            else:
                rec = _reframe(raw, mutate=rnd.choice(("bytes", "length")) if kind == "recrc" else "random", rnd=rnd)
            if len(rec) > S.SLOT:
                rec = rec[:S.SLOT]
            r[s * S.SLOT:s * S.SLOT + len(rec)] = rec
            damaged = bytes(r)
            if kind == "version" and s != newest:
                expect = state_of(load_image(region[newest * S.SLOT:(newest + 1) * S.SLOT] + b"\xff" * S.SLOT))
            elif kind == "version":
                expect = ("clean", S.OLDER if v < S.VERSION else S.NEWER)
            else:
                mutant = True
        else:
            damaged, touched = damage(region, rnd, kind)
            intact = [k for k in range(2) if recs[k] is not None and
                      damaged[k * S.SLOT:k * S.SLOT + recs[k][3] + 4] == region[k * S.SLOT:k * S.SLOT + recs[k][3] + 4]]
            if intact:
                best = intact[0] if len(intact) == 1 or intact[0] == newest else intact[1]
                expect = state_of(load_image(region[best * S.SLOT:(best + 1) * S.SLOT] + b"\xff" * S.SLOT))
            else:
                blank = all(b in (0, 0xFF) for b in damaged)
                expect = ("clean", S.BLANK if blank else S.DAMAGED)
        counts["cases"] += 1
        by_kind[kind] = by_kind.get(kind, 0) + 1
        try:
            store = ImageStore(damaged + b"\xff" * (SECTOR - S.SIZE))
            ss = SaveStore(store)
            res = ss.load()
            got = state_of(res)
            ok = True
            if mutant:
                # past the CRC: the mutant if it decodes to a game that replays
                # (and re-encodes to the same bytes), else the other slot, else a clean start
                other = 1 - newest
                prev = None
                if recs[other] is not None:
                    prev = state_of(load_image(region[other * S.SLOT:(other + 1) * S.SLOT] + b"\xff" * S.SLOT))
                mp = S.parse(rec)
                if res[3] is None and mp is not None and got == bytes(rec[mp[2]:mp[3]]):
                    if res[0] is not None:
                        resume(res[0])
                    counts["decoded_mutant"] += 1
                elif res[3] is None and got == prev:
                    counts["loaded_previous"] += 1
                else:
                    ok = prev is None and got == CLEAN and res[3] == S.DAMAGED
                    counts["clean_start"] += ok
            elif isinstance(expect, tuple) and expect[0] == "clean":
                ok = got == CLEAN and res[3] == expect[1]
                counts["clean_start"] += ok
            else:
                ok = got == expect and res[3] is None
                if ok:
                    nb = S.parse(region[newest * S.SLOT:(newest + 1) * S.SLOT])
                    counts["loaded_newest" if nb and got == state_of(load_image(
                        region[newest * S.SLOT:(newest + 1) * S.SLOT] + b"\xff" * S.SLOT))
                        else "loaded_previous"] += 1
            if res[3] is not None:
                msgs[res[3]] = msgs.get(res[3], 0) + 1
            # after any load the store takes a new save, and that save loads back
            g = S.Saved("egyptian", 2, ["human", "hard"], 101, c)
            ss.save_game(g)
            back = SaveStore(ImageStore(store.img)).load()
            ok = ok and back[0] == g and back[3] is None
        except Exception as e:  # noqa: BLE001 - any exception is a failure to report
            ok = False
            got = repr(e)
        if not ok:
            counts["failures"] += 1
            if len(failures) < 20:
                failures.append((c, kind, damaged.hex(), got))
        if log and (c + 1) % 10000 == 0:
            log("%d cases, %d failures, %.0f s" % (c + 1, counts["failures"], time.time() - t0))
    counts["by_kind"] = by_kind
    counts["messages"] = msgs
    return counts, failures


def image_pool(seed=1, games=2):
    """Save regions recorded while playing real games (both slots full): a
    two-slot log, the newest record in slot 1 (as the log writes it from
    the third write on) or, in every other region, in slot 0 (as earlier
    builds alternated)."""
    pool = []

    def grab(ss, saved):
        if len(pool) < 4000:
            r = ss.storage.read(0, S.SIZE)
            if len(pool) % 2:
                r = r[S.SLOT:] + r[:S.SLOT]
            pool.append(r)

    store = ImageStore(b"\xff" * S.SIZE)
    for g in range(games):
        variant, players = (("egyptian", 2), ("lebanese", 4), ("italian", 3))[g % 3]
        play_game(store, seed * 100 + g, variant, players, target=None, on_save=grab)
    return pool


# -- writes per game -----------------------------------------------------------------


def wear(games, seed=1, log=None):
    """Writes per game for each policy and table configuration."""
    configs = [("egyptian", 2, ["human", "normal"]),
               ("egyptian", 4, ["human", "normal", "normal", "normal"]),
               ("egyptian", 4, ["human", "normal", "human", "normal"]),
               ("egyptian", 2, ["human", "human"])]
    out = []
    for variant, players, levels in configs:
        for policy in ("play", "turn"):
            store = ImageStore()
            w = p = h = 0
            for g in range(games):
                ww, pp, hh = play_game(store, seed * 1000 + g, variant, players, levels, policy=policy)
                w += ww
                p += pp
                h += hh
            row = (variant, players, "/".join(levels), policy, games, w / games, store.erases / games,
                   p / games, h / games, 100000 / (store.erases / games))
            out.append(row)
            if log:
                log("%-9s %d %-28s %-4s %3d games: %6.1f writes/game, %5.2f erases/game, %5.1f plays, %4.1f hands,"
                    " %6.0f games per 100k erases" % row)
    return out


def main(argv=None):
    ap = Parser(prog="python -m tools.fuzz_save", description=__doc__.split("\n\n")[0])
    n = whole(0, what="a count")
    ap.add_argument("--cases", type=n, default=0, help="damaged saves to try")
    ap.add_argument("--cuts", type=n, default=0, help="games whose every write is cut after each byte")
    ap.add_argument("--wear", type=n, default=0, help="games per configuration to count writes")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    if not (a.cases or a.cuts or a.wear):
        ap.error("say --cases N, --cuts N or --wear N")
    bad = 0
    if a.cases:
        t = time.time()
        counts, failures = fuzz(a.cases, a.seed, log=print)
        print("damaged saves: %(cases)d cases, %(failures)d failures; loaded the newest record %(loaded_newest)d,"
              " the previous %(loaded_previous)d, clean start %(clean_start)d, decoded CRC-valid mutants %(decoded_mutant)d"
              % counts)
        print("  by kind:", counts["by_kind"])
        print("  messages:", counts["messages"])
        print("  %.0f s" % (time.time() - t))
        for f in failures:
            print("  FAIL", f)
        bad += counts["failures"]
    if a.cuts:
        t = time.time()
        cc = cut_games(a.cuts, a.seed, log=print)
        print("power cuts: %d games, %d writes (%d erased the sector), %d torn images loaded (%d distinct),"
              " %d failures; loaded the new record %d, the previous %d, clean start (RP2040 erase window) %d; %.0f s"
              % (a.cuts, cc.writes, cc.erases, cc.cuts, cc.distinct, len(cc.failures), cc.newest, cc.previous,
                 cc.clean, time.time() - t))
        for f in cc.failures[:20]:
            print("  FAIL", f)
        bad += len(cc.failures)
    if a.wear:
        wear(a.wear, a.seed, log=print)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
