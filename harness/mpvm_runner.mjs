// Run one MicroPython script on the WebAssembly VM of the npm package
// @micropython/micropython-webassembly-pyscript (MicroPython 1.27).
//
//   node harness/mpvm_runner.mjs [--heapsize BYTES] --pystack WORDS
//        [--tree HOSTDIR[=VMDIR]]... [--lib HOSTDIR]...
//        [--name NAME] SCRIPT.py | -
//
// --pystack is the Python call-frame stack in words of 4 bytes. It has no
// default here: harness/mpvm.py passes CIRCUITPY_PYSTACK_WORDS (512 words =
// 2,048 bytes, CircuitPython's), the one place the figure is kept.
//
// --tree copies a host directory (recursively; __pycache__, dot files, .pyc
// and .mpy are skipped) into the VM file system, by default to
// /app/<basename>. --lib copies the contents of a host directory into /lib
// (already on MicroPython's sys.path). /app is put in front of sys.path,
// and the working directory is /app. "-" reads the script from stdin. The
// script runs as __main__ from /app/<NAME> (default main.py), so
// tracebacks give its real line numbers.
//
// Exit status: 0 success; 1 uncaught Python exception (traceback on
// stderr); n for SystemExit(n); 2 usage or JavaScript error.
//
// Known trap: an exception that escapes while micropython.heap_lock() is in
// force hangs the VM for good. The wrapper below unlocks the heap in a
// `finally` around the script, which covers exceptions that reach the top,
// but a script can still spin forever; the caller must run this under a
// timeout and kill it (harness/mpvm.py does).

import fs from "node:fs";
import path from "node:path";
import url from "node:url";

const HERE = path.dirname(url.fileURLToPath(import.meta.url));
const PKG = path.join(HERE, "..", "node_modules", "@micropython",
  "micropython-webassembly-pyscript", "micropython.mjs");

function usage(msg) {
  process.stderr.write(`mpvm_runner: ${msg}\n`);
  process.exit(2);
}

const opts = { heapsize: 512 * 1024, pystack: 0, trees: [], libs: [], name: "main.py", script: null, steps: 0, mpy: false };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  const next = () => { if (i + 1 >= argv.length) usage(`${a} needs a value`); return argv[++i]; };
  if (a === "--heapsize") opts.heapsize = parseInt(next(), 10);
  else if (a === "--pystack") opts.pystack = parseInt(next(), 10);
  else if (a === "--tree") opts.trees.push(next());
  else if (a === "--lib") opts.libs.push(next());
  else if (a === "--name") opts.name = next();
  else if (a === "--steps") opts.steps = parseInt(next(), 10);
  else if (a === "--mpy") opts.mpy = true;
  else if (a.startsWith("--")) usage(`unknown option ${a}`);
  else if (opts.script === null) opts.script = a;
  else usage(`unexpected argument ${a}`);
}
if (opts.script === null) usage("no script given (use - for stdin)");
if (!opts.pystack) usage("--pystack WORDS is required (harness/mpvm.py: CIRCUITPY_PYSTACK_WORDS)");
if (!(opts.heapsize > 0) || !(opts.pystack > 0)) usage("bad --heapsize or --pystack");

// stdout/stderr: collect bytes, flush whole lines, flush the rest at the end.
function sink(stream) {
  let buf = [];
  const flush = () => { if (buf.length) { stream.write(Buffer.from(buf)); buf = []; } };
  const put = (bytes) => { for (const c of bytes) { buf.push(c); if (c === 10 || buf.length >= 65536) flush(); } };
  return { put, flush };
}
const out = sink(process.stdout);
const err = sink(process.stderr);
const finish = (code) => { out.flush(); err.flush(); process.exitCode = code; };

let loadMicroPython;
try {
  ({ loadMicroPython } = await import(url.pathToFileURL(PKG).href));
} catch (e) {
  process.stderr.write(`mpvm_runner: cannot load ${PKG}: ${e.message}\n`);
  process.exit(2);
}

const mp = await loadMicroPython({
  heapsize: opts.heapsize,
  pystack: opts.pystack,
  linebuffer: false,
  stdout: (bytes) => out.put(bytes),
  stderr: (bytes) => err.put(bytes),
});

function mkdirs(vmdir) {
  let cur = "";
  for (const part of vmdir.split("/").filter(Boolean)) {
    cur += "/" + part;
    try { mp.FS.mkdir(cur); } catch (e) { /* exists */ }
  }
}

function copyTree(hostdir, vmdir) {
  if (!fs.statSync(hostdir).isDirectory()) usage(`not a directory: ${hostdir}`);
  mkdirs(vmdir);
  for (const ent of fs.readdirSync(hostdir, { withFileTypes: true })) {
    const name = ent.name;
    if (name.startsWith(".") || name === "__pycache__" || name.endsWith(".pyc") || (name.endsWith(".mpy") && !opts.mpy)) continue;
    const src = path.join(hostdir, name);
    const dst = vmdir + "/" + name;
    if (ent.isDirectory()) copyTree(src, dst);
    else if (ent.isFile()) mp.FS.writeFile(dst, fs.readFileSync(src));
  }
}

mkdirs("/app");
mkdirs("/lib");
for (const t of opts.trees) {
  const eq = t.indexOf("=");
  const host = eq >= 0 ? t.slice(0, eq) : t;
  const vm = eq >= 0 ? t.slice(eq + 1) : "/app/" + path.basename(path.resolve(host));
  copyTree(host, vm);
}
for (const l of opts.libs) copyTree(l, "/lib");

const source = opts.script === "-" ? fs.readFileSync(0) : fs.readFileSync(opts.script);
const scriptPath = "/app/" + opts.name;
mp.FS.writeFile(scriptPath, source);

const sysPath = ["/app"];
const wrapper = `
import sys, os, micropython
os.chdir('/app')
for _p in reversed(${JSON.stringify(sysPath)}):
    if _p in sys.path:
        sys.path.remove(_p)
    sys.path.insert(0, _p)
_mpvm_g = {'__name__': '__main__'}
def _mpvm_unlock():
    micropython.heap_lock()
    depth = micropython.heap_unlock()
    for _ in range(depth):
        micropython.heap_unlock()
    if depth:
        raise RuntimeError('the script left micropython.heap_lock() in force')
def _mpvm_step(i):
    try:
        _mpvm_g['step'](i)
    finally:
        _mpvm_unlock()
def _mpvm_main(path):
    with open(path) as f:
        src = f.read()
    code = compile(src, path, 'exec')
    del src
    _mpvm_g['__file__'] = path
    try:
        exec(code, _mpvm_g)
    finally:
        # heap_unlock() returns the depth left; at depth 0 it would wrap
        # round and lock the heap, so probe the depth with lock+unlock first.
        micropython.heap_lock()
        depth = micropython.heap_unlock()
        for _ in range(depth):
            micropython.heap_unlock()
        if depth:
            print('mpvm: the heap was still locked (depth %d) when the script ended; unlocked it' % depth, file=sys.stderr)
    if depth:
        raise RuntimeError('the script left micropython.heap_lock() in force')
_mpvm_main(${JSON.stringify(scriptPath)})
`;

try {
  mp.runPython(wrapper);
  // --steps N: call the script's step(i) in N separate top-level runs. This
  // VM never collects garbage while Python code runs (it cannot scan the
  // WebAssembly stack); it collects between top-level runs. So a heap figure
  // read at the start of step i + 1 is the heap after a real collection.
  for (let i = 0; i < opts.steps; i++) mp.runPython(`_mpvm_step(${i})`);
  finish(0);
} catch (e) {
  if (e && e.name === "PythonError") {
    if (e.type === "SystemExit") {
      // "SystemExit: 3" on the last line; bare sys.exit() means 0.
      const m = /SystemExit:?\s*(-?\d+)?\s*$/.exec(String(e.message).trimEnd());
      const code = m && m[1] !== undefined ? parseInt(m[1], 10) : (/SystemExit:\s*\S/.test(e.message) ? 1 : 0);
      if (code !== 0 && !(m && m[1] !== undefined)) err.put(Buffer.from(String(e.message)));
      finish(code);
    } else {
      err.put(Buffer.from(String(e.message)));
      finish(1);
    }
  } else {
    err.put(Buffer.from(`mpvm_runner: JavaScript error: ${e && e.stack ? e.stack : e}\n`));
    finish(2);
  }
}
