// An emulated board for basra-flash tests: the MicroPython WebAssembly VM
// (npm @micropython/micropython-webassembly-pyscript 1.27) behind a serial
// line. It is MicroPython dressed up to look like a CircuitPython board; it
// is not CircuitPython.
//
//   node harness/mpvm_board.mjs [--impl circuitpython|micropython]
//        [--board-id ID] [--cp-version 9.2.1] [--machine TEXT]
//        [--capacity BYTES] [--readonly] [--no-displayio] [--nvm BYTES]
//        [--no-sha256] [--running] [--heapsize BYTES] --pystack WORDS [--ctl-fd FD]
//
// stdin/stdout are the serial line (bytes in, bytes out): each byte read
// goes to the VM's event-driven REPL (replProcessChar), so the friendly
// REPL, the raw REPL (Ctrl-A) and Ctrl-D all behave as on a board. Raw-paste
// mode is not supported by this REPL; mpremote notices and falls back to the
// plain raw REPL, as it does for old boards. harness/emuboard.py puts this
// behind a pseudo-terminal so that mpremote connects to /dev/pts/N.
//
// The board's drive (CIRCUITPY) is a Python VFS mounted at "/" inside the VM
// over the VM's in-memory /circuitpy directory: it has a capacity (statvfs,
// and ENOSPC = OSError 28 when a write would pass it) and can be read-only
// to the REPL (OSError 30 = EROFS on open-for-write, mkdir, remove, rename),
// as CIRCUITPY is while a computer has it mounted over USB.
//
// --pystack is the Python call-frame stack in words of 4 bytes, required:
// harness/emuboard.py passes harness/mpvm.py's CIRCUITPY_PYSTACK_WORDS (512
// words = 2,048 bytes, CircuitPython's).
//
// Dressing (only with --impl circuitpython): sys.implementation reads
// ('circuitpython', (9, 2, 1)), os.uname() exists, and stand-ins for the
// modules board (board_id), microcontroller (nvm), displayio, keypad,
// i2cdisplaybus and storage (remount raises RuntimeError as on a board whose
// drive is visible over USB) are put in sys.modules. --no-displayio leaves
// displayio and keypad out, as on a SAMD21 build. hashlib is CircuitPython's:
// hashlib.new("sha256", data) and no hashlib.sha256; --no-sha256 leaves even
// hashlib.new out (a build without SHA-256).
//
// --running: the board boots running code.py (the game), as a board does
// when it is plugged in. Input is ignored until a Ctrl-C; then, after a
// moment, it prints code.py's KeyboardInterrupt traceback, "Code done
// running." and "Press any key to enter the REPL": that key, and whatever
// came with it (bytes sent while the traceback was on its way count too),
// only brings up the friendly REPL. So the first raw-REPL request made
// right after the Ctrl-C is lost, as on CircuitPython.
//
// Soft reboot (Ctrl-D on an empty raw-REPL line, or in the friendly REPL)
// really restarts: the drive's files are kept, a new VM is made (sys.modules,
// globals and heap are gone), "soft reboot" is printed and the REPL comes
// back in the mode it was in. code.py is not run (there is no display).
//
// Control channel on --ctl-fd FD (a socket, optional): lines "dump DIR" (write the
// drive's files under DIR on the host; replies "ok N"), "resets" (replies
// "resets N"), "ping". Replies end with "\n".

import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import url from "node:url";

const HERE = path.dirname(url.fileURLToPath(import.meta.url));
const PKG = path.join(HERE, "..", "node_modules", "@micropython",
  "micropython-webassembly-pyscript", "micropython.mjs");
const DRIVE = "/circuitpy";

function usage(msg) {
  process.stderr.write(`mpvm_board: ${msg}\n`);
  process.exit(2);
}

const opts = {
  impl: "circuitpython", boardId: "raspberry_pi_pico", cpVersion: "9.2.1",
  machine: "Raspberry Pi Pico with rp2040", capacity: 1024 * 1024,
  readonly: false, displayio: true, sha256: true, running: false, nvm: 4096, heapsize: 512 * 1024, pystack: 0, ctlFd: -1,
};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  const next = () => { if (i + 1 >= argv.length) usage(`${a} needs a value`); return argv[++i]; };
  if (a === "--impl") opts.impl = next();
  else if (a === "--board-id") opts.boardId = next();
  else if (a === "--cp-version") opts.cpVersion = next();
  else if (a === "--machine") opts.machine = next();
  else if (a === "--capacity") opts.capacity = parseInt(next(), 10);
  else if (a === "--readonly") opts.readonly = true;
  else if (a === "--no-displayio") opts.displayio = false;
  else if (a === "--no-sha256") opts.sha256 = false;
  else if (a === "--running") opts.running = true;
  else if (a === "--nvm") opts.nvm = parseInt(next(), 10);
  else if (a === "--heapsize") opts.heapsize = parseInt(next(), 10);
  else if (a === "--pystack") opts.pystack = parseInt(next(), 10);
  else if (a === "--ctl-fd") opts.ctlFd = parseInt(next(), 10);
  else usage(`unknown argument ${a}`);
}
if (!["circuitpython", "micropython"].includes(opts.impl)) usage("--impl is circuitpython or micropython");
if (!(opts.pystack > 0)) usage("--pystack WORDS is required (harness/mpvm.py: CIRCUITPY_PYSTACK_WORDS)");
if (!/^\d+\.\d+\.\d+$/.test(opts.cpVersion)) usage("--cp-version looks like 9.2.1");

let loadMicroPython;
try {
  ({ loadMicroPython } = await import(url.pathToFileURL(PKG).href));
} catch (e) {
  usage(`cannot load ${PKG}: ${e.message}`);
}

// Serial output: bytes from the VM, flushed after each input chunk.
let outBuf = [];
const put = (bytes) => { for (const c of bytes) outBuf.push(c); };
const flushOut = () => {
  if (outBuf.length) { process.stdout.write(Buffer.from(outBuf)); outBuf = []; }
};
const say = (s) => put(Buffer.from(s, "latin1"));

const py = (s) => JSON.stringify(s);

function dressing() {
  const ver = opts.cpVersion.split(".").map((n) => parseInt(n, 10));
  const common = `
import sys as _rsys, os as _ros, vfs as _vfs, io as _io
class _Full(_io.IOBase):
    # a file open for writing on the emulated drive: ENOSPC past the capacity
    def __init__(self, fs, f):
        self._fs = fs
        self._f = f
    def write(self, b):
        if self._fs.used + len(b) > self._fs.capacity:
            raise OSError(28)
        n = self._f.write(b)
        self._fs.used += n
        return n
    def flush(self):
        return self._f.flush()
    def close(self):
        return self._f.close()
    def __enter__(self):
        return self
    def __exit__(self, *a):
        self.close()
class _Drive:
    # CIRCUITPY: the VM's ${DRIVE} directory with a capacity and a read-only switch
    def __init__(self, root, capacity, readonly):
        self._p = _vfs.VfsPosix(root)
        self.capacity = capacity
        self.readonly = readonly
        self.used = 0
    def _w(self):
        if self.readonly:
            raise OSError(30)
    def _walk(self, d):
        n = 0
        for e in self._p.ilistdir(d):
            p = d.rstrip('/') + '/' + e[0]
            if e[1] == 0x4000:
                n += 512 + self._walk(p)
            else:
                n += (self._p.stat(p)[6] + 511) // 512 * 512
        return n
    def mount(self, readonly, mkfs):
        pass
    def umount(self):
        pass
    def ilistdir(self, path):
        return self._p.ilistdir(path)
    def chdir(self, path):
        return self._p.chdir(path)
    def getcwd(self):
        return self._p.getcwd()
    def stat(self, path):
        return self._p.stat(path)
    def statvfs(self, path):
        blocks = self.capacity // 512
        free = max(0, blocks - self._walk('/') // 512)
        return (512, 512, blocks, free, free, 0, 0, 0, 0, 255)
    def mkdir(self, path):
        self._w()
        return self._p.mkdir(path)
    def remove(self, path):
        self._w()
        return self._p.remove(path)
    def rmdir(self, path):
        self._w()
        return self._p.rmdir(path)
    def rename(self, a, b):
        self._w()
        return self._p.rename(a, b)
    def open(self, path, mode):
        if 'w' in mode or 'a' in mode or '+' in mode:
            self._w()
            self.used = self._walk('/')
            return _Full(self, self._p.open(path, mode))
        return self._p.open(path, mode)
_drive = _Drive(${py(DRIVE)}, ${opts.capacity}, ${opts.readonly ? "True" : "False"})
_vfs.umount('/')
_vfs.mount(_drive, '/')
_ros.chdir('/')
for _p in ('/lib', '/'):
    if _p not in _rsys.path:
        _rsys.path.insert(1, _p)
`;
  if (opts.impl !== "circuitpython") return common;
  return common + `
class _Mod:
    def __init__(self, name, **kw):
        self.__name__ = name
        for k in kw:
            setattr(self, k, kw[k])
class _Impl:
    name = 'circuitpython'
    version = (${ver.join(", ")})
    _machine = ${py(opts.machine)}
    _mpy = 517
class _Sys:
    # sys as CircuitPython reports itself; everything else from the real sys
    implementation = _Impl()
    def __getattr__(self, k):
        return getattr(_rsys, k)
class _Uname:
    sysname = ${py(opts.machine.split(" with ").pop())}
    nodename = sysname
    release = ${py(opts.cpVersion)}
    version = ${py(opts.cpVersion + " on 2025-01-01 (emulated: MicroPython 1.27 VM)")}
    machine = ${py(opts.machine)}
    def __repr__(self):
        return '(sysname=%r, nodename=%r, release=%r, version=%r, machine=%r)' % (
            self.sysname, self.nodename, self.release, self.version, self.machine)
class _Os:
    def uname(self):
        return _Uname()
    def __getattr__(self, k):
        return getattr(_ros, k)
import hashlib as _rhash
def _hash_new(name, data=b''):
    # CircuitPython's hashlib.new: the only way to SHA-256 there
    if name != 'sha256':
        raise ValueError('unsupported hash type')
    return _rhash.sha256(data)
def _remount(path, readonly=False, disable_concurrent_write_protection=False):
    raise RuntimeError("Cannot remount path when visible via USB.")
_m = _rsys.modules
_m['os'] = _Os()
_m['board'] = _Mod('board', board_id=${py(opts.boardId)})
_m['microcontroller'] = _Mod('microcontroller', nvm=bytearray(b"\\xff" * ${opts.nvm}))  # erased flash
_m['storage'] = _Mod('storage', remount=_remount)
_m['i2cdisplaybus'] = _Mod('i2cdisplaybus')
_m['hashlib'] = ${opts.sha256 ? "_Mod('hashlib', new=_hash_new)" : "_Mod('hashlib')"}
${opts.displayio ? "_m['displayio'] = _Mod('displayio')\n_m['keypad'] = _Mod('keypad')" : ""}
_m['sys'] = _Sys()
del _m
`;
}

// The drive's files live in the VM's MEMFS under /circuitpy; a soft reboot
// carries them into the next VM.
function snapshot(mp) {
  const files = [];
  const walk = (dir) => {
    for (const name of mp.FS.readdir(dir)) {
      if (name === "." || name === "..") continue;
      const p = dir + "/" + name;
      const st = mp.FS.stat(p);
      if (mp.FS.isDir(st.mode)) { files.push([p, null]); walk(p); }
      else files.push([p, mp.FS.readFile(p)]);
    }
  };
  walk(DRIVE);
  return files;
}

function restore(mp, files) {
  try { mp.FS.mkdir(DRIVE); } catch (e) { /* exists */ }
  for (const [p, data] of files) {
    if (data === null) { try { mp.FS.mkdir(p); } catch (e) { /* exists */ } }
    else mp.FS.writeFile(p, data);
  }
}

async function boot(files, raw) {
  const mp = await loadMicroPython({
    heapsize: opts.heapsize, pystack: opts.pystack, linebuffer: false,
    stdout: (bytes) => put(bytes), stderr: (bytes) => put(bytes),
  });
  restore(mp, files);
  mp.runPython(dressing());
  mp.replInit();
  if (raw) {
    outBuf = [];          // the friendly banner is not shown on a reboot into raw mode
    mp.replProcessChar(1);
  }
  return mp;
}

let resets = 0;
let raw = false;          // our view of the REPL mode, to come back in it
let esc = [];             // a raw-paste request being read
let mp = await boot([], false);
// code.py running at power-up: "running" until a Ctrl-C, "stopping" while
// its traceback is on its way, "anykey" at "Press any key", then "repl"
let codeState = opts.running ? "running" : "repl";
let heldKeys = 0;
if (opts.running) {
  outBuf = [];            // no REPL banner: code.py's output instead
  say("Auto-reload is off.\r\ncode.py output:\r\nPocket Basra\r\n");
}
flushOut();

function enterRepl() {
  codeState = "repl";
  say(`\r\nAdafruit CircuitPython ${opts.cpVersion} on 2025-01-01; ${opts.machine}\r\n>>> `);
  flushOut();
}

// One input byte while code.py runs or has just stopped; false when the
// byte is for the REPL.
function codeInput(c) {
  if (codeState === "running") {
    if (c === 3) {
      codeState = "stopping";
      setTimeout(() => {
        say("Traceback (most recent call last):\r\n  File \"code.py\", line 9, in <module>\r\n" +
            "  File \"device/app.py\", line 212, in run\r\nKeyboardInterrupt: \r\n\r\n" +
            "Code done running.\r\n\r\nPress any key to enter the REPL. Use CTRL-D to reload.\r\n");
        flushOut();
        if (heldKeys) { heldKeys = 0; enterRepl(); } else codeState = "anykey";
      }, 150);
    }
    return true;
  }
  if (codeState === "stopping") { heldKeys += 1; return true; }
  if (codeState === "anykey") { queue.length = 0; enterRepl(); return true; }
  return false;
}

// Input bytes are queued and fed one at a time; a reboot is async, so the
// queue waits for it.
const queue = [];
let busy = false;
async function pump() {
  if (busy) return;
  busy = true;
  try {
    while (queue.length) {
      const c = queue.shift();
      if (codeState !== "repl" && codeInput(c)) continue;
      // Raw-paste request (Ctrl-E 'A' Ctrl-A) in the raw REPL: this VM's
      // event-driven REPL would block forever reading stdin, so answer
      // "R\x00" (understood, not supported) as a board without raw-paste does.
      if (raw && (esc.length || c === 5)) {
        esc.push(c);
        if ((esc.length === 2 && esc[1] === 65) || esc.length === 1) continue;
        if (esc.length === 3 && esc[2] === 1) { esc = []; say("R\x00"); flushOut(); continue; }
        const held = esc; esc = [];
        queue.unshift(...held.slice(1));
        continue;   // the lone Ctrl-E is dropped; the rest goes through
      }
      if (c === 1) raw = true;
      else if (c === 2) raw = false;
      const ret = mp.replProcessChar(c);
      if (ret !== 0) {
        // Ctrl-D asked for a soft reboot: keep the drive, start a new VM.
        const files = snapshot(mp);
        resets += 1;
        say("soft reboot\r\n");
        flushOut();
        mp = await boot(files, raw);
      }
      if (!queue.length) flushOut();
    }
  } finally {
    busy = false;
    flushOut();
  }
}

process.stdin.on("data", (chunk) => {
  for (const c of chunk) queue.push(c);
  pump().catch((e) => {
    process.stderr.write(`mpvm_board: ${e && e.stack ? e.stack : e}\n`);
    process.exit(2);
  });
});
process.stdin.on("end", () => { flushOut(); process.exit(0); });

// Control channel when --ctl-fd is given.
const ctl = opts.ctlFd >= 0 ? new net.Socket({ fd: opts.ctlFd, readable: true, writable: true }) : null;
if (ctl) {
  let line = "";
  ctl.on("data", (d) => {
    line += d.toString("utf8");
    let i;
    while ((i = line.indexOf("\n")) >= 0) {
      const cmd = line.slice(0, i).trim();
      line = line.slice(i + 1);
      ctl.write(control(cmd) + "\n");
    }
  });
  ctl.on("end", () => { /* the test went away: keep serving the line */ });
  ctl.on("error", () => {});
}

function control(cmd) {
  const [verb, ...rest] = cmd.split(" ");
  const arg = rest.join(" ");
  try {
    if (verb === "ping") return "pong";
    if (verb === "resets") return `resets ${resets}`;
    if (verb === "dump") {
      let n = 0;
      for (const [p, data] of snapshot(mp)) {
        const host = path.join(arg, p.slice(DRIVE.length + 1));
        if (data === null) fs.mkdirSync(host, { recursive: true });
        else { fs.mkdirSync(path.dirname(host), { recursive: true }); fs.writeFileSync(host, data); n += 1; }
      }
      return `ok ${n}`;
    }
    return `error unknown command ${verb}`;
  } catch (e) {
    return `error ${String(e && e.message ? e.message : e).split("\n")[0]}`;
  }
}
