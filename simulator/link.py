"""Links between simulated devices (hal/link.py ports) and two devices run
together.

``SocketPort``: ``basra-sim --link`` in two terminals; the first one to
start listens on 127.0.0.1:PORT, the second connects; either can quit and
come back (the cable pulled and plugged in again).

``wire_pair(...)``: an in-process link between two simulators on virtual
time, with faults on demand: bytes dropped, flipped or delayed (a
fraction of them each), the cable cut and restored.

``PairRunner``: two Simulators in one process, each app on its own thread
but only one running at a time, on one virtual time base (the one behind
runs next); a side can be reset (its app starts again on its save, as
after a power cut). Headless two-device scripts and tests/test_link_games.py
use it.
"""
import collections
import random
import socket
import threading

from simulator.sim import SimExit

DEFAULT_PORT = 47474


class SocketPort:
    """A hal/link.py port over a local TCP socket (non-blocking)."""

    kind = "socket"

    def __init__(self, port=DEFAULT_PORT, host="127.0.0.1"):
        self.addr = (host, port)
        self.where = "socket %s:%d" % self.addr
        self.listener = None
        self.conn = None

    def open(self):
        self._connect()

    def _connect(self):
        if self.conn is not None:
            return
        if self.listener is None:
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.settimeout(0.2)       # on this machine: refused at once when nobody listens
            try:
                s.connect(self.addr)
                s.setblocking(False)
                self.conn = s
                return
            except OSError:
                s.close()
            ls = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                ls.bind(self.addr)
            except OSError:
                ls.close()
                return      # both busy: try again on the next read
            ls.listen(1)
            ls.setblocking(False)
            self.listener = ls
        try:
            c, _ = self.listener.accept()
            c.setblocking(False)
            self.conn = c
        except BlockingIOError:
            pass

    def _lost(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def write(self, buf):
        if self.conn is None:
            return
        try:
            self.conn.send(bytes(buf))
        except (BlockingIOError, InterruptedError):
            pass
        except OSError:
            self._lost()

    def readinto(self, buf):
        self._connect()
        if self.conn is None:
            return 0
        try:
            data = self.conn.recv(len(buf))
        except (BlockingIOError, InterruptedError):
            return 0
        except OSError:
            self._lost()
            return 0
        if not data:
            self._lost()
            return 0
        buf[:len(data)] = data
        return len(data)

    def close(self):
        self._lost()
        if self.listener is not None:
            self.listener.close()
            self.listener = None


_locks = []


def link_save(port):
    """A save file of its own for each of two ``basra-sim --link`` on one
    machine: the first free of ~/.pocket-basra-sim-link-PORT-1.sav, -2.sav."""
    import fcntl
    import os
    for n in (1, 2, 3, 4):
        path = os.path.expanduser("~/.pocket-basra-sim-link-%d-%d.sav" % (port, n))
        f = open(path + ".lock", "w")
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            f.close()
            continue
        _locks.append(f)        # held while this simulator runs
        return path
    raise SystemExit("basra-sim --link: four simulators already use port %d" % port)


def run_pair_scripts(script_a, script_b, main=None, seed=0, settle_ms=500, faults=None):
    """Two simulated devices joined by a link, each driven by a button script
    (simulator/headless.py's words), on one virtual time: the headless
    ``basra-sim --link --script A --peer-script B``. Returns the two Simulators."""
    from simulator.headless import ScriptDriver, parse
    from simulator.sim import Simulator, load_app
    main = main or load_app()
    sims = [Simulator(seed=seed), Simulator(seed=seed + 1)]
    wires = WirePair(seed=seed, **(faults or {}))
    pa, pb = wires.ports(sims[0].clock, sims[1].clock)
    sims[0].hal.link = lambda: pa
    sims[1].hal.link = lambda: pb
    hooks = []
    for sim, script in zip(sims, (script_a, script_b)):
        events, end = parse(script)
        hooks.append(ScriptDriver(sim, events, end, settle_ms))

    class _Main:        # PairRunner's make_app: an object with run()
        def __init__(self, h):
            self.h = h

        def run(self):
            main(self.h)
    PairRunner(sims, hooks, _Main).run()
    return sims


class Wire:
    """One direction of an in-process link: each byte arrives LATENCY_MS
    after it was sent (in order), unless the faults drop, flip or delay it."""

    LATENCY_MS = 1

    def __init__(self, rng, drop=0.0, flip=0.0, delay=0.0, delay_ms=300):
        self.rng = rng
        self.drop = drop
        self.flip = flip
        self.delay = delay
        self.delay_ms = delay_ms
        self.q = collections.deque()    # (arrival ms, byte)
        self.last = 0
        self.cut = False
        self.bytes = 0
        self.dropped = 0
        self.flipped = 0
        self.delayed = 0

    def send(self, now, buf):
        for c in buf:
            self.bytes += 1
            if self.cut:
                continue
            r = self.rng.random()
            if r < self.drop:
                self.dropped += 1
                continue
            if r < self.drop + self.flip:
                c ^= 1 << self.rng.randrange(8)
                self.flipped += 1
            t = now + self.LATENCY_MS
            if self.rng.random() < self.delay:
                t += self.rng.randrange(1, self.delay_ms)
                self.delayed += 1
            t = max(t, self.last)
            self.last = t
            self.q.append((t, c))

    def take(self, now, buf):
        n = 0
        q = self.q
        while n < len(buf) and q and q[0][0] <= now:
            buf[n] = q.popleft()[1]
            n += 1
        return n


class WirePort:
    """A hal/link.py port at one end of two Wires; ``clock`` gives its time."""

    kind = "wire"
    where = "simulated cable"

    def __init__(self, out, inp, clock):
        self.out = out
        self.inp = inp
        self.clock = clock
        self.opened = 0

    def open(self):
        self.opened += 1

    def write(self, buf):
        self.out.send(self.clock.now, buf)

    def readinto(self, buf):
        return self.inp.take(self.clock.now, buf)

    def close(self):
        pass


class WirePair:
    """Both directions of an in-process link, and the cable."""

    def __init__(self, seed=1, **faults):
        rng = random.Random(seed)
        self.ab = Wire(rng, **faults)
        self.ba = Wire(rng, **faults)

    def ports(self, clock_a, clock_b):
        return WirePort(self.ab, self.ba, clock_a), WirePort(self.ba, self.ab, clock_b)

    def cut(self, cut=True):
        """Pull the cable (what is on the way is lost) or plug it back."""
        for w in (self.ab, self.ba):
            w.cut = cut
            if cut:
                w.q.clear()


class Reset(SimExit):
    """Raised from a side's idle hook: that device loses power and starts again."""


class PairRunner:
    """Two simulated devices, one virtual time. ``hooks[i](sim, ms)`` is
    side i's idle driver (it advances ``sim.clock.now`` as
    simulator/headless.py's and harness/devdrive.py's do, and may raise
    SimExit to end that side or Reset to restart it)."""

    def __init__(self, sims, hooks, make_app):
        self.sims = sims
        self.hooks = hooks
        self.make_app = make_app        # make_app(hal) -> an App with run()
        self.alive = [True, True]
        self.turn = 0
        self.cv = threading.Condition()
        self.errors = []
        self.apps = [None, None]
        self.resets = [0, 0]

    def _pass(self, i):
        # the side behind in time runs next (ties: the other side)
        with self.cv:
            live = [k for k in (0, 1) if self.alive[k]]
            if live:
                best = min(live, key=lambda k: (self.sims[k].clock.now, k == i))
                self.turn = best
            self.cv.notify_all()
            while self.alive[i] and self.turn != i and not self.errors:
                self.cv.wait()

    def _idle(self, i):
        def hook(sim, ms):
            self.hooks[i](sim, ms)
            self._pass(i)
            if self.errors:
                raise SimExit()
        return hook

    def _side(self, i):
        import hal
        sim = self.sims[i]
        sim.on_idle = self._idle(i)
        with self.cv:
            while self.turn != i:
                self.cv.wait()
        try:
            while True:
                root = sim.display.root
                while len(root):
                    root.pop()
                sim.keys.queue.clear()      # a power cut: nothing is held any more
                sim.keys.down.clear()
                sim.buttons.clear()
                hal.install(sim.hal)
                try:
                    app = self.make_app(sim.hal)
                    self.apps[i] = app
                    app.run()
                    break
                except Reset:
                    self.resets[i] += 1
                    continue
                except SimExit:
                    break
        except BaseException as e:      # noqa: B902 (handed to the caller)
            self.errors.append(e)
        finally:
            with self.cv:
                self.alive[i] = False
                live = [k for k in (0, 1) if self.alive[k]]
                if live:
                    self.turn = live[0]
                self.cv.notify_all()

    def run(self):
        threads = [threading.Thread(target=self._side, args=(i,), daemon=True) for i in (0, 1)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        if self.errors:
            raise self.errors[0]
        return self
