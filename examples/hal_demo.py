"""HAL demo: a few cards and a button echo, to try a board's wiring and the
HAL without the game (basra-sim --app examples.hal_demo).

Written only against hal/ (plus displayio and adafruit_display_text), so it
runs on a board, on a Pi through Blinka and in the simulator.

LEFT/RIGHT move the raised card (hold to auto-repeat), A turns it over
(with a beep), B deals new cards, UP/DOWN change the contrast. After 30 s
without a key the OLED sleeps; any key wakes it. The number of starts is
kept in the HAL storage.
"""

import displayio
import terminalio
from adafruit_display_text import label

import hal

CARD_W = 22
CARD_H = 30
TOP = 18
SLEEP_MS = 30000
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

# 7x7 suit glyphs, one int per row, bit 6 = left pixel
SUITS = (
    (0x08, 0x1C, 0x3E, 0x7F, 0x7F, 0x08, 0x1C),   # spades
    (0x36, 0x7F, 0x7F, 0x7F, 0x3E, 0x1C, 0x08),   # hearts
    (0x08, 0x1C, 0x3E, 0x7F, 0x3E, 0x1C, 0x08),   # diamonds
    (0x1C, 0x1C, 0x6B, 0x7F, 0x6B, 0x08, 0x1C),   # clubs
)


class Rng:
    """A tiny LCG so the simulator's --seed gives the same deal everywhere."""

    def __init__(self, seed):
        self.x = seed & 0x7FFFFFFF

    def below(self, n):
        self.x = (self.x * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.x >> 8) % n


def _face(bitmap, suit):
    bitmap.fill(0)
    for x in range(CARD_W):
        bitmap[x, 0] = 1
        bitmap[x, CARD_H - 1] = 1
    for y in range(CARD_H):
        bitmap[0, y] = 1
        bitmap[CARD_W - 1, y] = 1
    rows = SUITS[suit]
    ox = CARD_W - 10
    oy = CARD_H - 10
    for dy in range(7):
        r = rows[dy]
        for dx in range(7):
            if r & (0x40 >> dx):
                bitmap[ox + dx, oy + dy] = 1


def _back(bitmap):
    for y in range(CARD_H):
        for x in range(CARD_W):
            edge = x == 0 or y == 0 or x == CARD_W - 1 or y == CARD_H - 1
            bitmap[x, y] = 1 if edge or ((x + y) % 4 == 0) else 0


class Card:
    def __init__(self, palette, x):
        self.bitmap = displayio.Bitmap(CARD_W, CARD_H, 2)
        self.group = displayio.Group(x=x, y=TOP)
        self.group.append(displayio.TileGrid(self.bitmap, pixel_shader=palette))
        self.rank = label.Label(terminalio.FONT, text="", x=3, y=7)
        self.group.append(self.rank)
        self.face_up = True
        self.card = 0

    def show(self, card, face_up):
        self.card = card
        self.face_up = face_up
        if face_up:
            _face(self.bitmap, card // 13)
            self.rank.text = RANKS[card % 13]
            self.rank.hidden = False
        else:
            _back(self.bitmap)
            self.rank.hidden = True


def main(h):
    display = h.display
    palette = displayio.Palette(2)
    palette[0] = 0x000000
    palette[1] = 0xFFFFFF

    saved = h.storage.read(0, 2)           # 0xFF 0xFF: never written
    runs = 0 if saved == b"\xff\xff" else saved[0] | (saved[1] << 8)
    runs += 1
    h.storage.write(0, bytes((runs & 0xFF, runs >> 8)))

    title = label.Label(terminalio.FONT, text="Basra HAL demo", x=0, y=5)
    count = label.Label(terminalio.FONT, text="#%d" % runs, x=100, y=5)
    echo = label.Label(terminalio.FONT, text="press a button", x=0, y=57)
    display.root.append(title)
    display.root.append(count)
    cards = []
    for i in range(4):
        c = Card(palette, 6 + i * 30)
        cards.append(c)
        display.root.append(c.group)
    display.root.append(echo)

    rng = Rng(h.seed)

    def deal():
        taken = []
        for c in cards:
            n = rng.below(52)
            while n in taken:
                n = rng.below(52)
            taken.append(n)
            c.show(n, True)

    deal()
    sel = 0
    cards[sel].group.y = TOP - 4
    display.refresh()

    ev = hal.ButtonEvent()
    last_input = h.clock.ticks_ms()
    presses = 0
    while True:
        changed = False
        while h.buttons.get_into(ev):
            last_input = ev.time
            if not display.awake:
                display.wake()
                continue
            b = ev.button
            if ev.pressed:
                presses += 1
                if b == hal.LEFT or b == hal.RIGHT:
                    cards[sel].group.y = TOP
                    sel = (sel + (1 if b == hal.RIGHT else -1)) % len(cards)
                    cards[sel].group.y = TOP - 4
                elif b == hal.A and not ev.repeat:
                    c = cards[sel]
                    c.show(c.card, not c.face_up)
                    h.sound.tone(880, 40)
                elif b == hal.B and not ev.repeat:
                    deal()
                elif b == hal.UP:
                    display.contrast = display.contrast + 32
                elif b == hal.DOWN:
                    display.contrast = display.contrast - 32
            kind = "repeat" if ev.repeat else ("down" if ev.pressed else "up")
            echo.text = "%s %s %d" % (hal.NAMES[b], kind, presses)
            changed = True
        if changed:
            display.refresh()
        elif display.awake and h.clock.diff(h.clock.ticks_ms(), last_input) > SLEEP_MS:
            display.sleep()
        h.idle(20)


if __name__ == "__main__":
    hal.run(main)
