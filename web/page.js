// Pocket Basra in a browser (docs/web.md): the page. The game runs in a Web
// Worker (worker.js: the device's own code on the MicroPython WebAssembly
// VM); the page paints the frames it draws on the canvas, sends it the
// keys, and keeps its save in localStorage. The page's thread never runs
// the game, so it never waits for it.

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
const worker = new Worker("worker.js", { type: "module" });

const frame = new Uint8Array(W * H / 8);   // the frame on the panel (the last the game drew)
let awake = true;
let pressAt = null;                        // when the press waiting for its frame came
let slices = [0, 0];
const asked = new Map();                   // py requests waiting for their answer
let nextAsk = 0;

// what the page measures and offers the tests (tests/test_web.py; docs/web.md)
const basra = {
  frame,              // 64 rows of 16 bytes, the leftmost pixel the high bit
  pressToFrame: [],   // ms from a press (its key event) to the frame that followed, painted
  firstFrameMs: null, // ms from the page's start to its first frame
  refused: null,      // the save kept here could not be read (given to the game as it was)
  errors: [],
  // run Python in the game's VM, answer its global name (a str, int or bool)
  py(code, name) {
    return new Promise((resolve, reject) => {
      const id = nextAsk++;
      asked.set(id, { resolve, reject });
      worker.postMessage({ type: "py", id, code, name });
    });
  },
  async figures() {
    const f = JSON.parse(await basra.py("import slices\n_f = slices.figures()", "_f"));
    return { pressToFrame: basra.pressToFrame, firstFrameMs: basra.firstFrameMs, decisions: f.decisions,
             longestSliceMs: slices[0], firstSliceMs: slices[1] };
  },
};
window.basra = basra;

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

function say(text, error) {
  status.textContent = text;
  status.classList.toggle("error", !!error);
  if (error) { basra.errors.push(text); console.error(text); }
}

worker.onmessage = (e) => {
  const m = e.data;
  if (m.type === "frame") {
    frame.set(m.frame);
    paint();
    const now = performance.now();
    if (basra.firstFrameMs === null) basra.firstFrameMs = now;
    if (pressAt !== null) { basra.pressToFrame.push(now - pressAt); pressAt = null; }
  } else if (m.type === "power") { awake = m.on; paint(); }
  else if (m.type === "brightness") canvas.style.opacity = String(0.55 + 0.45 * Math.max(0, Math.min(1, m.value)));
  else if (m.type === "rotation") canvas.classList.toggle("rotated", m.value === 180);
  else if (m.type === "save") {
    try { localStorage.setItem(SAVE_KEY, m.text); } catch (err) { say("The save could not be kept in this browser: " + err.message, true); }
  } else if (m.type === "ready") {
    basra.refused = m.refused;
    say(m.refused ? "The save kept in this browser could not be read: the game refused it (its message is on the panel)."
                  : "Playing. Click the page, then use the keys or the buttons.");
  } else if (m.type === "slices") slices = m.longest.slice();
  else if (m.type === "py") {
    const a = asked.get(m.id);
    asked.delete(m.id);
    if (m.error !== undefined) a.reject(new Error(m.error)); else a.resolve(m.value);
  } else if (m.type === "error") {
    say("The game stopped: " + m.message.trim().split("\n").pop(), true);
    console.error(m.message);
  }
};
worker.onerror = (e) => say("The game's worker failed: " + (e.message || e), true);

// -- the keys --------------------------------------------------------------------
const held = new Map();   // keyboard keys and on-screen buttons down: their key numbers

function press(id, n, down) {
  if (down === held.has(id)) return;
  if (down) { held.set(id, n); if (pressAt === null) pressAt = performance.now(); }
  else held.delete(id);
  worker.postMessage({ type: "key", n, down });
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

worker.postMessage({ type: "start", saved: localStorage.getItem(SAVE_KEY) || "",
                     seed: crypto.getRandomValues(new Uint32Array(1))[0] & 0x3fffffff });
