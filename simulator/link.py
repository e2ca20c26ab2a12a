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
import os
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
        self.where = "TCP %s:%d" % self.addr       # whole on a 21-character line
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


class LinkSave:
    """The save file of one ``basra-sim --link`` (``path``), held while it
    runs (a lock file beside it, removed by ``release``)."""

    def __init__(self, path, lock):
        self.path = path
        self.lock = lock        # the open lock file, flock'ed

    def release(self):
        """Let the slot go: the lock file is removed (then unlocked, so a
        simulator waiting on it sees it gone and opens a new one)."""
        if self.lock is None:
            return
        try:
            os.unlink(self.path + ".lock")
        except OSError:
            pass
        self.lock.close()
        self.lock = None


_TERMINALS = ".pocket-basra-sim-link.terminals"     # "PORT SLOT TERMINAL" a line


def _lock(path):
    """The open, locked lock file of path, or None when another simulator holds it."""
    import fcntl
    for _ in range(3):
        f = open(path + ".lock", "a")
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            f.close()
            return None
        try:
            if os.fstat(f.fileno()).st_ino == os.stat(path + ".lock").st_ino:
                return f
        except OSError:
            pass
        f.close()           # released (and removed) meanwhile: open it again
    return None


def link_save(port, terminal=None, home=None):
    """A save of its own for each of the ``basra-sim --link`` on one machine:
    ~/.pocket-basra-sim-link-PORT-N.sav, N = 1 to 4, the same N for the same
    terminal (``terminal``: its tty, e.g. /dev/pts/3) each time, whichever
    starts first; a terminal seen for the first time takes a slot no open
    terminal had. Returns a LinkSave, held until its ``release``."""
    import fcntl
    home = home or os.path.expanduser("~")
    with open(os.path.join(home, _TERMINALS), "a+") as reg:
        fcntl.flock(reg, fcntl.LOCK_EX)
        reg.seek(0)
        owners = {}         # slot -> terminal, this port
        others = []
        for line in reg.read().splitlines():
            parts = line.split(" ", 2)
            if len(parts) == 3 and parts[0] == str(port) and parts[1].isdigit():
                owners[int(parts[1])] = parts[2]
            elif line:
                others.append(line)

        def rank(n):
            who = owners.get(n)
            if terminal is not None and who == terminal:
                return 0
            if who is None or not os.path.exists(who):
                return 1
            return 2
        for n in sorted((1, 2, 3, 4), key=lambda n: (rank(n), n)):
            path = os.path.join(home, ".pocket-basra-sim-link-%d-%d.sav" % (port, n))
            f = _lock(path)
            if f is None:
                continue
            if terminal is not None:
                for k in [k for k, who in owners.items() if who == terminal]:
                    del owners[k]
                owners[n] = terminal
                reg.seek(0)
                reg.truncate()
                reg.write("".join(line + "\n" for line in others))
                reg.write("".join("%d %d %s\n" % (port, k, owners[k]) for k in sorted(owners)))
            return LinkSave(path, f)
    raise SystemExit("basra-sim --link: four simulators already use port %d" % port)


def run_pair_scripts(script_a, script_b, main=None, seed=0, settle_ms=500, faults=None,
                     on_shot=None, setup=None, saves=(None, None), **sim_args):
    """Two simulated devices joined by a link, each driven by a button script
    (simulator/headless.py's words), on one virtual time: the headless
    ``basra-sim --link --script A --peer-script B``. ``on_shot(i, name, sim)``
    for each ``shot:NAME`` of side i's script, ``setup(i, sim)`` before the
    apps start, ``saves``: each side's save file (None: none), ``sim_args``
    what else both Simulators take (rotation, buttons). Returns the two
    Simulators."""
    from simulator.headless import ScriptDriver, parse
    from simulator.sim import Simulator, load_app
    main = main or load_app()
    sims = [Simulator(seed=seed, save=saves[0], **sim_args),
            Simulator(seed=seed + 1, save=saves[1], **sim_args)]
    wires = WirePair(seed=seed, **(faults or {}))
    pa, pb = wires.ports(sims[0].clock, sims[1].clock)
    sims[0].hal.link = lambda: pa
    sims[1].hal.link = lambda: pb
    hooks = []
    for i, (sim, script) in enumerate(zip(sims, (script_a, script_b))):
        events, end = parse(script)
        shot = None if on_shot is None else (lambda name, sim, i=i: on_shot(i, name, sim))
        hooks.append(ScriptDriver(sim, events, end, settle_ms, shot))
        if setup is not None:
            setup(i, sim)

    class _Main:        # PairRunner's make_app: an object with run()
        def __init__(self, h):
            self.h = h

        def run(self):
            main(self.h)
    PairRunner(sims, hooks, _Main).run()
    for hook in hooks:
        hook._fire_due()        # a shot scheduled exactly at the end, as run_script does
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
