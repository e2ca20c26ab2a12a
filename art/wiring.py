"""Wiring pictures, one PNG per board profile of hal/profiles.py, drawn from
its pins so that they cannot drift from what the game reads.

Each picture shows the board's header pins as they lie on the board (seen
from the top, USB at the top edge), the OLED's four wires (GND, VCC, SCL,
SDA), each button's wire from its pin to the button and from the button to
a GND rail, the rail's wire to a GND pin, the piezo's two wires, and a
legend with the link's pins. Pins the game uses are lit; the others are dim.

    python -m art.wiring            # write docs/boards/<board_id>.png
    python -m art.wiring --check    # exit 1 when a picture is out of date

tests/test_wiring.py checks that every board in the profiles has its
picture and that it is what this script draws today.
"""
import os
import struct
import zlib

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(REPO, "docs", "boards")
SCALE = 2          # output pixels per drawing pixel
PITCH = 14         # header pitch in drawing pixels

# -- the boards' headers, top (USB end) to bottom --------------------------
# each side: a list of (label, pin name) where pin name is what
# hal/profiles.py calls it (None: a pin the profiles never name)
_PICO_LEFT = [("%d GP%d" % (n, g) if g is not None else "%d GND" % n, "GP%d" % g if g is not None else "GND")
              for n, g in zip(range(1, 21), (0, 1, None, 2, 3, 4, 5, None, 6, 7, 8, 9, None,
                                              10, 11, 12, 13, None, 14, 15))]
# pins 21..40 run up the right side: 40 at the top, 21 at the bottom
_PICO_RIGHT_UP = [(21, "GP16"), (22, "GP17"), (23, "GND"), (24, "GP18"), (25, "GP19"),
                  (26, "GP20"), (27, "GP21"), (28, "GND"), (29, "GP22"), (30, "RUN"),
                  (31, "GP26"), (32, "GP27"), (33, "GND"), (34, "GP28"), (35, "ADC_VREF"),
                  (36, "3V3(OUT)"), (37, "3V3_EN"), (38, "GND"), (39, "VSYS"), (40, "VBUS")]
_PICO_RIGHT = [("%s %d" % (name, n), name) for n, name in reversed(_PICO_RIGHT_UP)]

LAYOUTS = {
    "pico": dict(
        title="Raspberry Pi Pico", left=_PICO_LEFT, right=_PICO_RIGHT, right_offset=0,
        colour=(0, 100, 60), vcc="3V3(OUT)", oled="top", usb="micro USB"),
    # QT Py (RP2040 and ESP32-S3 alike): 7 pins a side, USB-C at the top,
    # the STEMMA QT port at the bottom edge
    "qtpy": dict(
        title="Adafruit QT Py", left=[(n, n) for n in ("A0", "A1", "A2", "A3", "SDA", "SCL", "TX")],
        right=[(n, n) for n in ("5V", "GND", "3V", "MO", "MI", "SCK", "RX")], right_offset=0,
        colour=(30, 30, 40), vcc=None, oled="stemma", usb="USB-C"),
    # Feather: 16 pins on the left, 12 on the right aligned to the bottom
    # (the battery's JST connector sits beside USB at the top right)
    "feather": dict(
        title="Adafruit Feather", left=[(n, n if n else None) for n in (
            "RST", "3V", "", "GND", "A0", "A1", "A2", "A3", "", "", "SCK", "MO", "MI", "RX",
            "TX", "")],
        right=[(n, n) for n in ("BAT", "EN", "USB", "D13", "D12", "D11", "D10", "D9", "D6",
                                "D5", "SCL", "SDA")], right_offset=4,
        colour=(20, 40, 110), vcc="3V", oled="top", usb="USB-C"),
}

BOARDS = {   # board_id -> (layout, the board's own name)
    "raspberry_pi_pico": ("pico", "Raspberry Pi Pico"),
    "raspberry_pi_pico2": ("pico", "Raspberry Pi Pico 2"),
    "raspberry_pi_pico_w": ("pico", "Raspberry Pi Pico W"),
    "raspberry_pi_pico2_w": ("pico", "Raspberry Pi Pico 2 W"),
    "adafruit_qtpy_rp2040": ("qtpy", "Adafruit QT Py RP2040"),
    "adafruit_qtpy_esp32s3_nopsram": ("qtpy", "Adafruit QT Py ESP32-S3"),
    "adafruit_qtpy_esp32s3_4mbflash_2mbpsram": ("qtpy", "Adafruit QT Py ESP32-S3 (2 MB PSRAM)"),
    "adafruit_feather_rp2040": ("feather", "Adafruit Feather RP2040"),
    "adafruit_feather_esp32s3_4mbflash_2mbpsram": ("feather",
                                                   "Adafruit Feather ESP32-S3 (2 MB PSRAM)"),
    "adafruit_feather_esp32s3_nopsram": ("feather", "Adafruit Feather ESP32-S3"),
}

# -- colours (a palette PNG) -------------------------------------------------
PALETTE = [
    (255, 255, 255),   # 0 background
    (20, 20, 20),      # 1 text, GND
    (200, 30, 30),     # 2 VCC
    (215, 160, 0),     # 3 SCL
    (30, 80, 220),     # 4 SDA
    (0, 150, 60),      # 5 a button's wire to its pin
    (150, 60, 170),    # 6 piezo
    (230, 190, 90),    # 7 a pin's ring
    (120, 120, 130),   # 8 dim text, outlines
    (245, 245, 245),   # 9 lit text on the board
    (60, 60, 60),      # 10 the OLED's glass
    (130, 200, 255),   # 11 the OLED's pixels
]
BG, INK, RED, YELLOW, BLUE, GREEN, PURPLE, GOLD, DIM, WHITE, GLASS, LIT = range(12)
BOARD = len(PALETTE)    # 12: the board's own colour, added per picture
_WIRES = (RED, YELLOW, BLUE, GREEN, PURPLE)


class Canvas:
    def __init__(self, w, h):
        self.w, self.h = w, h
        self.px = [bytearray(w) for _ in range(h)]

    def dot(self, x, y, c):
        if 0 <= x < self.w and 0 <= y < self.h:
            self.px[y][x] = c

    def rect(self, x0, y0, x1, y1, c, fill=True):
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                if fill or y in (y0, y1) or x in (x0, x1):
                    self.dot(x, y, c)

    def line(self, pts, c, width=2):
        """An orthogonal wire through pts, drawn over what it crosses with a
        background edge so that a crossing reads as one wire over another."""
        for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
            xa, xb = sorted((x0, x1))
            ya, yb = sorted((y0, y1))
            if ya == yb:      # horizontal: a gap above and below it in a wire it crosses
                for x in range(xa, xb + width):
                    for y in (ya - 1, ya + width):
                        if self.px_at(x, y) in _WIRES:
                            self.dot(x, y, BG)
            self.rect(xa, ya, xb + width - 1, yb + width - 1, c)

    def px_at(self, x, y):
        return self.px[y][x] if 0 <= x < self.w and 0 <= y < self.h else BG

    def text(self, x, y, s, c):
        from art.fontdata import BIG
        for i, ch in enumerate(s):
            o = (ord(ch) - 32) * 10 if 32 <= ord(ch) < 127 else 31 * 10
            for gy in range(10):
                r = BIG[o + gy]
                for gx in range(6):
                    if r & (0x80 >> gx):
                        self.dot(x + i * 6 + gx, y + gy, c)
        return x + 6 * len(s)

    def png(self, colour):
        pal = PALETTE + [colour]
        rows = []
        for r in self.px:
            row = bytearray()
            for v in r:
                row += bytes((v,)) * SCALE
            rows.extend([row] * SCALE)
        w, h = self.w * SCALE, self.h * SCALE
        raw = b"".join(b"\x00" + bytes(r) for r in rows)

        def chunk(kind, data):
            return (struct.pack(">I", len(data)) + kind + data
                    + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
        return (b"\x89PNG\r\n\x1a\n"
                + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0))
                + chunk(b"PLTE", b"".join(bytes(p) for p in pal))
                + chunk(b"IDAT", zlib.compress(raw, 9))
                + chunk(b"IEND", b""))


def wires(board_id):
    """What the picture draws, from hal/profiles.py: the OLED's wires as
    (its pin, the board's pin), the buttons and piezo as (label, pin), the
    link, the battery sense."""
    from hal.profiles import PROFILES
    p = PROFILES[board_id]
    kind = BOARDS[board_id][0]
    lay = LAYOUTS[kind]
    oled = [("GND", "GND"), ("VCC", lay["vcc"]), ("SCL", p["scl"]), ("SDA", p["sda"])]
    parts = [(name.upper(), p[f]) for f, name in (
        ("up", "up"), ("down", "down"), ("left", "left"), ("right", "right"),
        ("a", "a"), ("b", "b")) if p[f]]
    if p["piezo"]:
        parts.append(("piezo", p["piezo"]))
    return oled, parts, p


def draw(board_id):
    """The picture of a board's wiring, as PNG bytes."""
    kind, name = BOARDS[board_id]
    lay = LAYOUTS[kind]
    oled, parts, prof = wires(board_id)
    left, right, off = lay["left"], lay["right"], lay["right_offset"]
    rows = max(len(left), len(right) + off)
    lw = max(len(l) for l, _ in left) * 6
    rw = max(len(l) for l, _ in right) * 6
    bw = 14 + lw + 24 + rw + 14
    bh = rows * PITCH + 22
    sides = {}            # pin name -> (side, row), GND aside
    gnds = {"L": [], "R": []}     # side -> the rows of its GND pins
    for side, pins, o in (("L", left, 0), ("R", right, off)):
        for i, (_, pin) in enumerate(pins):
            if pin == "GND":
                gnds[side].append(o + i)
            elif pin:
                sides.setdefault(pin, (side, o + i))
    stemma = lay["oled"] == "stemma"
    # the parts on each side, the OLED's wires on each side
    side_parts = {"L": [], "R": []}
    for label, pin in parts:
        if pin not in sides:
            raise ValueError("%s: %s's pin %s is on no header of the %s picture"
                             % (board_id, label, pin, kind))
        side_parts[sides[pin][0]].append((label, pin))
    side_oled = {"L": [], "R": []}
    if not stemma:
        vs, vr = sides[lay["vcc"]]
        for j, (opin, bpin) in enumerate(oled):
            # the OLED's GND: the GND pin nearest its VCC's
            s, r = sides[bpin] if bpin != "GND" else _nearest_gnd(gnds, vs, vr)
            side_oled[s].append((j, opin, bpin, r))
    lanes = {s: len(side_oled[s]) for s in "LR"}
    # horizontal room each side: OLED lanes, the part, the GND rail, its label
    part_w = 26
    label_w = 6 * max([len(l) for l, _ in parts] + [4])
    mL = 10 + lanes["L"] * 6 + (part_w + 16 + label_w + 8 if side_parts["L"] else 4)
    mR = 10 + lanes["R"] * 6 + (part_w + 16 + label_w + 8 if side_parts["R"] else 4)
    title_h = 22
    oled_h = 44
    top = title_h + (oled_h + 10 + 4 * 6 + 10 if not stemma else 20)
    bottom_room = (30 + oled_h + 16) if stemma else 30
    legend = _legend(board_id, prof)
    W = max(mL + bw + mR, 8 + 6 * max(len(s) for s in legend) + 8, 8 + 6 * len(name) + 8)
    bx = mL + (W - (mL + bw + mR)) // 2
    by = top
    H = by + bh + bottom_room + 12 * len(legend) + 10
    cv = Canvas(W, H)
    cv.text(8, 6, name, INK)

    def pin_xy(side, row):
        y = by + 14 + row * PITCH
        return (bx + 8 if side == "L" else bx + bw - 10), y

    # the board
    cv.rect(bx, by, bx + bw - 1, by + bh - 1, BOARD)
    usb_w = 6 * len(lay["usb"]) + 8
    ux = bx + (bw - usb_w) // 2
    cv.rect(ux, by - 8, ux + usb_w, by + 4, DIM)
    cv.text(ux + 5, by - 6, lay["usb"], WHITE)
    used = ({pin for _, pin in parts} | {b for _, b in oled}
            | ({prof["link_tx"], prof["link_rx"]} if prof["link"] == "uart" else set()))
    for side, pins, o in (("L", left, 0), ("R", right, off)):
        for i, (label, pin) in enumerate(pins):
            x, y = pin_xy(side, o + i)
            cv.rect(x - 2, y - 2, x + 3, y + 3, GOLD)
            cv.rect(x, y, x + 1, y + 1, BG)
            if not label:
                continue
            c = WHITE if pin in used and pin else DIM
            if side == "L":
                cv.text(x + 8, y - 3, label, c)
            else:
                cv.text(x - 6 - 6 * len(label), y - 3, label, c)
    # the OLED: above the board (four wires), or below it on the STEMMA QT cable
    colours = {"GND": INK, "VCC": RED, "SCL": YELLOW, "SDA": BLUE}
    ow = 128
    if stemma:
        cx = bx + bw // 2
        cy = by + bh - 1
        cv.rect(cx - 14, cy - 8, cx + 14, cy + 2, DIM)
        oy = cy + 30
        ox = cx - ow // 2
        for j, (opin, _) in enumerate(oled):
            x = cx - 9 + j * 6
            cv.line([(x, cy + 3), (x, oy)], colours[opin])
        cv.text(cx + 18, cy + 8, "STEMMA QT cable", INK)
        _oled(cv, ox, oy, ow, oled_h, [o for o, _ in oled], None)
    else:
        ox = bx + (bw - ow) // 2
        oy = title_h
        xs = _oled(cv, ox, oy, ow, oled_h, [o for o, _ in oled], "bottom")
        bus0 = oy + oled_h + 8
        for s in "LR":
            for k, (j, opin, bpin, r) in enumerate(side_oled[s]):
                px, py = pin_xy(s, r)
                lane = bx - 8 - k * 6 if s == "L" else bx + bw + 6 + k * 6
                ybus = bus0 + j * 6
                edge = bx if s == "L" else bx + bw - 1
                cv.line([(xs[j], oy + oled_h), (xs[j], ybus), (lane, ybus), (lane, py),
                         (edge, py)], colours[opin])
                cv.line([(edge, py), (px, py)], colours[opin])
    # the parts: pin -> part -> GND rail -> a GND pin
    rails = {}
    for s in "LR":
        items = side_parts[s]
        if not items:
            continue
        k = lanes[s]
        if s == "L":
            x_in = bx - 10 - k * 6 - 4
            x_part = x_in - part_w
            x_rail = x_part - 14
        else:
            x_in = bx + bw + 8 + k * 6 + 4
            x_part = x_in + part_w
            x_rail = x_part + 14
        ys = []
        for label, pin in items:
            px, py = pin_xy(s, sides[pin][1])
            ys.append(py)
            colour = PURPLE if label == "piezo" else GREEN
            edge = bx if s == "L" else bx + bw - 1
            cv.line([(px, py), (edge, py)], colour)
            cv.line([(edge, py), (x_in, py)], colour)
            a, b = sorted((x_in, x_part))
            _part(cv, a, b, py, label == "piezo")
            cv.line([(x_part, py), (x_rail, py)], INK)
            if s == "L":
                cv.text(x_rail - 6 - 6 * len(label), py - 3, label, INK)
            else:
                cv.text(x_rail + 8, py - 3, label, INK)
        rails[s] = (x_rail, min(ys), max(ys))
    # each rail to a GND pin: its own side's, else across, under the board
    # (over it when the OLED hangs below)
    for s, (xr, y0, y1) in rails.items():
        if gnds[s]:
            _, r = _nearest_gnd(gnds, s, (y0 + y1) // 2 - by - 14, PITCH)
            px, py = pin_xy(s, r)
            edge = bx if s == "L" else bx + bw - 1
            cv.line([(xr, min(y0, py)), (xr, max(y1, py))], INK)
            cv.line([(xr, py), (edge, py)], INK)
            cv.line([(edge, py), (px, py)], INK)
        else:
            o = "R" if s == "L" else "L"
            _, r = _nearest_gnd(gnds, o, rows)
            px, py = pin_xy(o, r)
            yb = by - 14 if stemma else by + bh + 10
            # outside the OLED's lanes on that side
            xo = bx - 12 - lanes[o] * 6 if o == "L" else bx + bw + 10 + lanes[o] * 6
            edge = bx if o == "L" else bx + bw - 1
            cv.line([(xr, min(y0, yb)), (xr, max(y1, yb))], INK)
            cv.line([(xr, yb), (xo, yb)], INK)
            cv.line([(xo, min(yb, py)), (xo, max(yb, py))], INK)
            cv.line([(xo, py), (edge, py)], INK)
            cv.line([(edge, py), (px, py)], INK)
    y = by + bh + bottom_room
    for s in legend:
        cv.text(8, y, s, INK)
        y += 12
    return cv.png(lay["colour"])


def _nearest_gnd(gnds, side, at, unit=1):
    """(side, row) of the GND pin nearest `at` (a row, or pixels with unit
    PITCH) on `side`, else on the other side."""
    rows = gnds[side] or gnds["R" if side == "L" else "L"]
    if not rows:
        raise ValueError("no GND pin on the picture's headers")
    s = side if gnds[side] else ("R" if side == "L" else "L")
    return s, min(rows, key=lambda r: (abs(r * unit - at), r))


def _oled(cv, x, y, w, h, pins, where):
    """The OLED module with its pin names; returns its pins' x."""
    cv.rect(x, y, x + w, y + h, DIM)
    cv.rect(x + 8, y + 4, x + w - 8, y + h - 16, GLASS)
    cv.text(x + 14, y + 10, "128x64 OLED", LIT)
    xs = []
    for j, p in enumerate(pins):
        px = x + 8 + j * ((w - 16 - 18) // 3)
        xs.append(px + 6)
        cv.text(px, y + h - 12, p, WHITE)
    return xs


def _part(cv, a, b, y, piezo):
    """A push button (two contacts under a bar) or a piezo between x a and b."""
    if piezo:
        cv.rect(a + 3, y - 4, b - 3, y + 5, PURPLE, fill=False)
        cv.text(a + 5, y - 3, "+ -", PURPLE)
        return
    cv.rect(a + 4, y - 1, a + 7, y + 2, INK)
    cv.rect(b - 7, y - 1, b - 4, y + 2, INK)
    cv.rect(a + 4, y - 6, b - 4, y - 5, INK)
    m = (a + b) // 2
    cv.rect(m, y - 9, m + 1, y - 5, INK)


def _legend(board_id, p):
    out = []
    if p["link"] == "espnow":
        out.append("link: over the air (ESP-NOW), no wires")
        out.append("  (BASRA_LINK = \"uart\": %s to the other's RX, %s to its TX, GND)"
                   % (p["link_tx"], p["link_rx"]))
    else:
        out.append("link cable: %s to the other's RX, %s to its TX, GND to GND"
                   % (p["link_tx"], p["link_rx"]))
    if p["vbat"]:
        out.append("battery: %s, on the board" % p["vbat"])
    if not (p["up"] and p["down"]):
        out.append("4 buttons: LEFT RIGHT A B play the whole game")
    out.append("each button: pin to GND, the pin's own pull-up")
    return out


def pictures():
    """{path: PNG bytes} for every board in hal/profiles.py."""
    from hal.profiles import PROFILES
    return {os.path.join(OUT, bid + ".png"): draw(bid) for bid in PROFILES}


def main(argv=None):
    from art import generated
    generated.main("python -m art.wiring", __doc__, pictures, "wiring pictures", argv)


if __name__ == "__main__":
    main()
