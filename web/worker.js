// The game's thread (docs/web.md): a Web Worker running the device's own
// code (code.py, core/, hal/, device/: the files basra-flash copies to a
// board) on the MicroPython WebAssembly VM, over the page's HAL (web/py/).
// The page (page.js) paints the frames this worker draws and keeps the
// save; it sends the key events. The app's loop runs in slices
// (web/py/slices.py): each call into the VM returns within about 10 ms or
// one step of the app's work, the VM collects its garbage between them, and
// a key event is read between any two.
//
// Messages from the page: {type: "start", saved, seed}, {type: "key", n,
// down}, {type: "py", id, code, name} (run code, answer the global name:
// the tests read the game's state so). To the page: "frame" (1 KB: 64 rows
// of 16 bytes, the leftmost pixel the high bit), "power", "brightness",
// "rotation", "save", "ready", "slices", "py", "error".

import { loadMicroPython } from "./vm/micropython.mjs";

const W = 128, H = 64;
const frame = new Uint8Array(W * H / 8);
let mp = null, slices = null, keys = null, stopped = false, timer = null, queued = false;
const longest = [0, 0];   // the longest slice after code.py's (ms), and code.py's

// the JavaScript module the page's HAL calls (import page, in web/py/)
const pageModule = {
  saved: "",
  seed: 0,
  frame(addr, count) {
    // count records of 11 ints at addr (web/py/panel.py), each a TileGrid
    // shown, bottom first: its tiles' pixels drawn into the frame, opaque
    const M = mp._module;
    const int = (p) => M.getValue(p, "i32");
    const byte = (p) => M.getValue(p, "i8") & 255;
    frame.fill(0);
    for (let g = 0; g < count; g++) {
      const r = addr + g * 44;
      const x = int(r), y = int(r + 4), tw = int(r + 8), th = int(r + 12), cols = int(r + 16), rows = int(r + 20);
      const bmp = int(r + 24), stride = int(r + 28), across = int(r + 32), tiles = int(r + 36), inv = int(r + 40);
      for (let k = 0; k < cols * rows; k++) {
        const tile = byte(tiles + k);
        const sx = (tile % across) * tw, sy = Math.floor(tile / across) * th;
        const dx = x + (k % cols) * tw, dy = y + Math.floor(k / cols) * th;
        for (let j = 0; j < th; j++) {
          const py = dy + j;
          if (py < 0 || py >= H) continue;
          const row = bmp + (sy + j) * stride;
          for (let i = 0; i < tw; i++) {
            const px = dx + i;
            if (px < 0 || px >= W) continue;
            const bit = (byte(row + ((sx + i) >> 3)) >> (7 - ((sx + i) & 7))) & 1;
            const m = 0x80 >> (px & 7), at = py * 16 + (px >> 3);
            if (bit ^ inv) frame[at] |= m; else frame[at] &= ~m;
          }
        }
      }
    }
    postMessage({ type: "frame", frame });
  },
  power(on) { postMessage({ type: "power", on: !!on }); },
  brightness(v) { postMessage({ type: "brightness", value: v }); },
  rotation(deg) { postMessage({ type: "rotation", value: deg }); },
  save(text) { postMessage({ type: "save", text }); },
};

// -- the slices ----------------------------------------------------------------
const channel = new MessageChannel();   // a slice right after this one (setTimeout(0) waits 4 ms)
channel.port1.onmessage = () => { queued = false; run(); };

function soon() {
  if (timer !== null) { clearTimeout(timer); timer = null; }
  if (!queued) { queued = true; channel.port2.postMessage(0); }
}

function later(ms) {
  if (queued) return;
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(() => { timer = null; run(); }, ms);
}

function fail(e) {
  stopped = true;
  postMessage({ type: "error", message: e && e.message ? e.message : String(e) });
}

function run() {
  if (stopped) return;
  let ms;
  const t = performance.now();
  try { ms = slices.step(); } catch (e) { fail(e); return; }
  const dt = performance.now() - t;
  if (dt > longest[0]) { longest[0] = dt; postMessage({ type: "slices", longest }); }
  if (ms > 0) later(ms); else soon();
}

// -- start ---------------------------------------------------------------------------
async function start(saved, seed) {
  const [vm, files] = await Promise.all([
    loadMicroPython({ pystack: 512, heapsize: 512 * 1024, linebuffer: true,
                      stdout: (line) => console.log(line), stderr: (line) => console.warn(line) }),
    fetch("files.json").then((r) => r.json()),
  ]);
  mp = vm;
  // the board's drive at /board (code.py and its folders), the page's
  // displayio in /lib, the page's HAL in /web
  const all = [];
  for (const [dir, names] of Object.entries(files)) {
    for (const name of names) all.push([dir, name]);
  }
  const bodies = await Promise.all(all.map(([dir, name]) =>
    fetch(dir + "/" + name).then((r) => {
      if (!r.ok) throw new Error(dir + "/" + name + ": " + r.status);
      return r.arrayBuffer();
    })));
  all.forEach(([dir, name], i) => {
    let p = "";
    for (const part of ("/" + dir + "/" + name).split("/").slice(1, -1)) {
      p += "/" + part;
      try { mp.FS.mkdir(p); } catch (e) { /* there already */ }
    }
    mp.FS.writeFile("/" + dir + "/" + name, new Uint8Array(bodies[i]));
  });
  pageModule.saved = saved || "";
  pageModule.seed = seed;
  mp.registerJsModule("page", pageModule);
  mp.runPython(`
import os, sys
os.chdir("/board")
for _p in ("/web", "/lib"):
    if _p not in sys.path:
        sys.path.insert(1, _p)
import page, slices, webhal
_h, _ok = webhal.open_hal(page, page.saved or "", page.seed, slices.idle)
slices.begin(_h)
`);
  slices = mp.pyimport("slices");
  keys = mp.pyimport("webhal").keys;
  postMessage({ type: "ready", refused: !mp.globals.get("_ok") });
  // the first slice is code.py, as a board runs it
  const t = performance.now();
  try {
    mp.runPython(mp.FS.readFile("/board/code.py", { encoding: "utf8" }));
  } catch (e) {
    if (!(e && e.type === "Pause")) { fail(e); return; }
  }
  longest[1] = performance.now() - t;
  postMessage({ type: "slices", longest });
  const ms = slices.wait;
  if (ms > 0) later(ms); else soon();
}

onmessage = (e) => {
  const m = e.data;
  if (m.type === "start") start(m.saved, m.seed).catch(fail);
  else if (m.type === "key") {
    if (keys === null) return;
    keys.push(m.n, m.down);
    // the press's slice now, not a task later
    if (timer !== null) { clearTimeout(timer); timer = null; }
    run();
  } else if (m.type === "py") {
    try {
      mp.runPython(m.code);
      postMessage({ type: "py", id: m.id, value: m.name ? mp.globals.get(m.name) : null });
    } catch (err) {
      postMessage({ type: "py", id: m.id, error: String(err && err.message ? err.message : err) });
    }
  }
};
