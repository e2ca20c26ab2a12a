"""Generate tools/fontdata.py: the bitmap fonts and card glyphs of the device.

    python -m tools.mkfont

BIG: Terminus 6x12 (SIL Open Font License 1.1, Copyright (C) 2018 Dimitar
Toshkov Zhekov), ASCII 32..126, rows 1..10 kept (6x10 cells), one byte a row
(bit 7 = left pixel), taken from Blinka's ter-u12n.bdf.
SMALL: a 3x5 font drawn here (4x6 cells), one byte a row (bit 2 = left),
ASCII 32..126 then the extra glyphs listed in EXTRA.
RANKS: 5x7 card ranks A..K; SUITS: 5x5 suit marks C D H S (bit 4 = left).
"""
import os

SMALL = {
    " ": "... ... ... ... ...",
    "!": ".#. .#. .#. ... .#.",
    '"': "#.# #.# ... ... ...",
    "#": "#.# ### #.# ### #.#",
    "$": ".## ##. .#. .## ##.",
    "%": "#.# ..# .#. #.. #.#",
    "&": ".#. #.# .#. #.# .##",
    "'": ".#. .#. ... ... ...",
    "(": "..# .#. .#. .#. ..#",
    ")": "#.. .#. .#. .#. #..",
    "*": "... #.# .#. #.# ...",
    "+": "... .#. ### .#. ...",
    ",": "... ... ... .#. #..",
    "-": "... ... ### ... ...",
    ".": "... ... ... ... .#.",
    "/": "..# ..# .#. #.. #..",
    "0": "### #.# #.# #.# ###",
    "1": ".#. ##. .#. .#. ###",
    "2": "##. ..# .#. #.. ###",
    "3": "##. ..# .#. ..# ##.",
    "4": "#.# #.# ### ..# ..#",
    "5": "### #.. ##. ..# ##.",
    "6": ".## #.. ### #.# ###",
    "7": "### ..# .#. .#. .#.",
    "8": "### #.# ### #.# ###",
    "9": "### #.# ### ..# ##.",
    ":": "... .#. ... .#. ...",
    ";": "... .#. ... .#. #..",
    "<": "..# .#. #.. .#. ..#",
    "=": "... ### ... ### ...",
    ">": "#.. .#. ..# .#. #..",
    "?": "##. ..# .#. ... .#.",
    "@": ".#. #.# ### #.. .##",
    "A": ".#. #.# ### #.# #.#",
    "B": "##. #.# ##. #.# ##.",
    "C": ".## #.. #.. #.. .##",
    "D": "##. #.# #.# #.# ##.",
    "E": "### #.. ##. #.. ###",
    "F": "### #.. ##. #.. #..",
    "G": ".## #.. #.# #.# .##",
    "H": "#.# #.# ### #.# #.#",
    "I": "### .#. .#. .#. ###",
    "J": "..# ..# ..# #.# .#.",
    "K": "#.# #.# ##. #.# #.#",
    "L": "#.. #.. #.. #.. ###",
    "M": "#.# ### ### #.# #.#",
    "N": "##. #.# #.# #.# #.#",
    "O": ".#. #.# #.# #.# .#.",
    "P": "##. #.# ##. #.. #..",
    "Q": ".#. #.# #.# ##. .##",
    "R": "##. #.# ##. #.# #.#",
    "S": ".## #.. .#. ..# ##.",
    "T": "### .#. .#. .#. .#.",
    "U": "#.# #.# #.# #.# ###",
    "V": "#.# #.# #.# #.# .#.",
    "W": "#.# #.# ### ### #.#",
    "X": "#.# #.# .#. #.# #.#",
    "Y": "#.# #.# .#. .#. .#.",
    "Z": "### ..# .#. #.. ###",
    "[": "##. #.. #.. #.. ##.",
    "\\": "#.. #.. .#. ..# ..#",
    "]": ".## ..# ..# ..# .##",
    "^": ".#. #.# ... ... ...",
    "_": "... ... ... ... ###",
    "`": "#.. .#. ... ... ...",
    "{": ".## .#. #.. .#. .##",
    "|": ".#. .#. .#. .#. .#.",
    "}": "##. .#. ..# .#. ##.",
    "~": "... ##. ..# ... ...",
}
# extra small glyphs after ASCII 126, by code
EXTRA = [
    (127, "### ### ### ### ###"),   # card back (a filled slot)
    (128, ".#. ### ### .#. ###"),   # clubs (small)
    (129, ".#. ### ### ### .#."),   # diamonds
    (130, "#.# ### ### .#. ..."),   # hearts
    (131, ".#. ### ### .#. ###"),   # spades (same as clubs at 3x5: drawn below)
    (132, "### #.# #.# #.# ###"),   # dealer chip (a boxed D reads as 0: use box)
    (133, "#.. ##. ### ##. #.."),   # right triangle (menu cursor)
    (134, ".#. ### ### ### ..."),   # up arrow-ish
    (135, "... ### ### .#. ..."),   # down
]
# a clearer spade and club at 3x5
EXTRA[1] = (128, ".#. #.# .#. ### .#.")
EXTRA[4] = (131, ".#. ### ### .#. .#.")
EXTRA[5] = (132, "##. #.# #.# #.# ##.")   # dealer mark: a bold D, drawn inverted at run time

RANKS = [
    ".###. #...# #...# ##### #...# #...# #...#",  # A
    ".###. #...# ....# ..##. .#... #.... #####",  # 2
    "####. ....# ....# .###. ....# ....# ####.",  # 3
    "...#. ..##. .#.#. #..#. ##### ...#. ...#.",  # 4
    "##### #.... ####. ....# ....# #...# .###.",  # 5
    ".###. #.... #.... ####. #...# #...# .###.",  # 6
    "##### ....# ...#. ..#.. .#... .#... .#...",  # 7
    ".###. #...# #...# .###. #...# #...# .###.",  # 8
    ".###. #...# #...# .#### ....# ....# .###.",  # 9
    "#.### #.#.# #.#.# #.#.# #.#.# #.#.# #.###",  # 10
    "..### ...#. ...#. ...#. #..#. #..#. .##..",  # J
    ".###. #...# #...# #...# #.#.# #..#. .##.#",  # Q
    "#...# #..#. #.#.. ##... #.#.. #..#. #...#",  # K
]
SUITS = [
    "..#.. .###. ##### ##### ..#..",  # clubs (drawn by hand below)
    "..#.. .###. ##### .###. ..#..",  # diamonds
    ".#.#. ##### ##### .###. ..#..",  # hearts
    "..#.. .###. ##### ..#.. .###.",  # spades
]
SUITS[0] = ".###. .###. ##### ##### ..#.."
SUITS[0] = "..#.. .###. #.#.# ##### ..#.."
SUITS[0] = ".###. #####. ##### .#.#. ..#.."
SUITS[0] = "..#.. .###. ##.## ##.## ..#.."


def rows(spec, width):
    out = []
    for r in spec.split():
        r = r[:width]
        v = 0
        for ch in r:
            v = v * 2 + (ch == "#")
        out.append(v)
    return out


def bdf_glyphs(path):
    glyphs = {}
    enc = None
    bitmap = None
    for line in open(path):
        line = line.strip()
        if line.startswith("ENCODING"):
            enc = int(line.split()[1])
        elif line == "BITMAP":
            bitmap = []
        elif line == "ENDCHAR":
            if enc is not None and bitmap is not None:
                glyphs[enc] = bitmap
            enc = None
            bitmap = None
        elif bitmap is not None:
            bitmap.append(int(line, 16))
    return glyphs


def main():
    import displayio
    bdf = os.path.join(os.path.dirname(displayio.__file__), "resources", "ter-u12n.bdf")
    g = bdf_glyphs(bdf)
    big = bytearray()
    for c in range(32, 127):
        big.extend(g[c][1:11])
    small = bytearray()
    for c in range(32, 127):
        ch = chr(c)
        small.extend(rows(SMALL.get(ch) or SMALL[ch.upper()], 3))
    for code, spec in EXTRA:
        small.extend(rows(spec, 3))
    ranks = bytearray()
    for spec in RANKS:
        ranks.extend(rows(spec, 5))
    suits = bytearray()
    for spec in SUITS:
        suits.extend(rows(spec, 5))
    out = ['"""Bitmap fonts and card glyphs, generated by tools/mkfont.py (do not edit).',
           "",
           "BIG: Terminus 6x12 rows 1..10 (SIL OFL 1.1, (C) 2018 Dimitar Toshkov Zhekov),",
           "ASCII 32..126, a byte a row, bit 7 left. SMALL: 3x5, ASCII 32..135, bit 2 left.",
           'RANKS: 5x7 A..K, SUITS: 5x5 C D H S, bit 4 left."""', "",
           "BIG = %r" % bytes(big), "SMALL = %r" % bytes(small),
           "RANKS = %r" % bytes(ranks), "SUITS = %r" % bytes(suits), ""]
    path = os.path.join(os.path.dirname(__file__), "fontdata.py")
    with open(path, "w") as f:
        f.write("\n".join(out))
    print("wrote", os.path.normpath(path), len(big), len(small), len(ranks), len(suits))


if __name__ == "__main__":
    main()
