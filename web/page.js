// Pocket Basra in a browser (docs/web.md): the device's own code (code.py,
// core/, hal/, device/: the files basra-flash copies to a board) on the
// MicroPython WebAssembly VM, over the page's HAL (web/py/: the OLED painted
// on the canvas, the keys, the save in localStorage). The app's loop runs in
// slices (web/py/slices.py): each call into the VM returns within about
// 10 ms, so the page never freezes, and the VM collects its garbage between
// them.

import { loadMicroPython } from "./vm/micropython.mjs";

const SAVE_KEY = "pocket-basra-nvm";       // the board's 4 KB of flash, base64
const PANEL_KEY = "pocket-basra-panel";    // the panel colour chosen
const W = 128, H = 64;
// the keys of the terminal simulator: key numbers 0-5 are UP DOWN LEFT RIGHT A B
const KEYS = {
  ArrowUp: 0, ArrowDown: 1, ArrowLeft: 2, ArrowRight: 3,
  Enter: 4, " ": 4, z: 4, Z: 4, Backspace: 5, x: 5, X: 5,
};
// lit pixels' colour by panel; "two": the yellow-and-blue module (16 rows yellow)
const COLOURS = {
  white: [[235, 240, 255]], blue: [[90, 190, 255]], yellow: [[255, 220, 60]],
  two: [[255, 220, 60], [90, 190, 255]],
};

const canvas = document.getElementById("oled");
const ctx = canvas.getContext("2d");
const img = ctx.createImageData(W, H);
const status = document.getElementById("status");
const colourSelect = document.getElementById("colour");

// what the page measures (tests/test_web.py reads it; docs/web.md)
const basra = {
  mp: null,
  pressToFrame: [],   // ms from a press (its key event) to the frame that followed, painted
  firstFrameMs: null, // ms from the page's start to its first frame
  slices: [0, 0],     // the longest slice after code.py's (ms: the page busy in one go), and code.py's
  refused: false,     // the save kept here could not be read (given to the game as it was)
  errors: [],
  frame: null,        // the frame on the panel: 64 rows of 16 bytes, the leftmost pixel the high bit
  figures() {
    const f = basra.mp ? JSON.parse(basra.mp.pyimport("slices").figures()) : { decisions: [] };
    return { pressToFrame: basra.pressToFrame, firstFrameMs: basra.firstFrameMs, decisions: f.decisions,
             longestSliceMs: basra.slices[0], firstSliceMs: basra.slices[1] };
  },
};
window.basra = basra;

// -- the panel ---------------------------------------------------------------
const frame = new Uint8Array(W * H / 8);   // the last frame the app sent
basra.frame = frame;
let awake = true;
let pressAt = null;                      // when the press waiting for its frame came

function paint() {
  const d = img.data;
  const colours = COLOURS[colourSelect.value] || COLOURS.white;
  for (let y = 0; y < H; y++) {
    const c = colours[colours.length > 1 && y >= 16 ? 1 : 0];
    for (let x = 0; x < W; x++) {
      const on = awake && (frame[y * 16 + (x >> 3)] & (0x80 >> (x & 7)));
      const i = (y * W + x) * 4;
      d[i] = on ? c[0] : 0; d[i + 1] = on ? c[1] : 0; d[i + 2] = on ? c[2] : 0; d[i + 3] = 255;
    }
  }
  ctx.putImageData(img, 0, 0);
}

// the JavaScript module the page's HAL calls (import page, in web/py/)
const pageModule = {
  saved: "",
  seed: 0,
  frame(addr, count) {
    // count records of 11 ints at addr (web/py/panel.py), each a TileGrid
    // shown, bottom first: its tiles' pixels drawn into the frame, opaque
    const M = basra.mp._module;
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
    paint();
    const now = performance.now();
    if (basra.firstFrameMs === null) basra.firstFrameMs = now;
    if (pressAt !== null) { basra.pressToFrame.push(now - pressAt); pressAt = null; }
  },
  power(on) { awake = !!on; paint(); },
  brightness(v) { canvas.style.opacity = String(0.55 + 0.45 * Math.max(0, Math.min(1, v))); },
  rotation(deg) { canvas.classList.toggle("rotated", deg === 180); },
  save(text) {
    try { localStorage.setItem(SAVE_KEY, text); } catch (e) { say("The save could not be kept in this browser: " + e.message, true); }
  },
};

function say(text, error) {
  status.textContent = text;
  status.classList.toggle("error", !!error);
  if (error) basra.errors.push(text);
}

// -- the slices ----------------------------------------------------------------
let slices = null, keys = null, stopped = false, timer = null, queued = false;
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
  console.error(e);
  say("The game stopped: " + (e && e.message ? e.message.trim().split("\n").pop() : e), true);
}

function run() {
  if (stopped) return;
  let ms;
  const t = performance.now();
  try { ms = slices.step(); } catch (e) { fail(e); return; }
  basra.slices[0] = Math.max(basra.slices[0], performance.now() - t);
  if (ms > 0) later(ms); else soon();
}

// -- the keys --------------------------------------------------------------------
const held = new Map();   // keyboard keys and on-screen buttons down: their key numbers

function press(id, n, down) {
  if (down === held.has(id) || keys === null) return;
  if (down) { held.set(id, n); if (pressAt === null) pressAt = performance.now(); }
  else held.delete(id);
  keys.push(n, down);
  soon();
}

window.addEventListener("keydown", (e) => {
  const n = KEYS[e.key];
  if (n === undefined || e.ctrlKey || e.metaKey || e.altKey) return;
  e.preventDefault();
  if (!e.repeat) press("key " + e.key.toLowerCase(), n, true);
});
window.addEventListener("keyup", (e) => {
  const n = KEYS[e.key];
  if (n !== undefined) press("key " + e.key.toLowerCase(), n, false);
});
// a key let go while the page was not looking is let go here
window.addEventListener("blur", () => { for (const [id, n] of [...held]) press(id, n, false); });
for (const b of document.querySelectorAll("button[data-key]")) {
  const n = +b.dataset.key;
  const up = (e) => { e.preventDefault(); b.classList.remove("held"); press("button " + n, n, false); };
  b.addEventListener("pointerdown", (e) => { e.preventDefault(); b.setPointerCapture(e.pointerId); b.classList.add("held"); press("button " + n, n, true); });
  b.addEventListener("pointerup", up);
  b.addEventListener("pointercancel", up);
}

colourSelect.value = localStorage.getItem(PANEL_KEY) || "white";
colourSelect.addEventListener("change", () => { localStorage.setItem(PANEL_KEY, colourSelect.value); paint(); colourSelect.blur(); });

// -- start ---------------------------------------------------------------------------
async function start() {
  const [mp, files] = await Promise.all([
    loadMicroPython({ pystack: 512, heapsize: 512 * 1024, linebuffer: true,
                      stdout: (line) => console.log(line), stderr: (line) => console.warn(line) }),
    fetch("files.json").then((r) => r.json()),
  ]);
  basra.mp = mp;
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
  pageModule.saved = localStorage.getItem(SAVE_KEY) || "";
  pageModule.seed = crypto.getRandomValues(new Uint32Array(1))[0] & 0x3fffffff;
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
  basra.refused = !mp.globals.get("_ok");
  slices = mp.pyimport("slices");
  keys = mp.pyimport("webhal").keys;
  say(basra.refused ? "The save kept in this browser could not be read: the game refused it (its message is on the panel)."
                    : "Playing. Click the page, then use the keys or the buttons.");
  // the first slice is code.py, as a board runs it
  const t = performance.now();
  try {
    mp.runPython(mp.FS.readFile("/board/code.py", { encoding: "utf8" }));
  } catch (e) {
    if (!(e && e.type === "Pause")) { fail(e); return; }
  }
  basra.slices[1] = performance.now() - t;
  const ms = slices.wait;
  if (ms > 0) later(ms); else soon();
}

start().catch(fail);
