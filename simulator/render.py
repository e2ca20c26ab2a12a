"""Turning the view (rows of 0/1) into terminal text and PNG files."""

import struct
import zlib

UPPER = "\u2580"
LOWER = "\u2584"
FULL = "\u2588"
_HALF = (" ", UPPER, LOWER, FULL)
# braille dot bits for (dx, dy) in a 2x4 cell
_BRAILLE = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))


def halfblock_lines(rows):
    """Two pixel rows per text row: 128 columns x 32 rows for the OLED."""
    out = []
    w = len(rows[0])
    for y in range(0, len(rows), 2):
        top = rows[y]
        bot = rows[y + 1] if y + 1 < len(rows) else bytearray(w)
        out.append("".join(_HALF[top[x] | (bot[x] << 1)] for x in range(w)))
    return out


def braille_lines(rows):
    """2x4 pixels per text cell: 64 columns x 16 rows for the OLED."""
    out = []
    h = len(rows)
    w = len(rows[0])
    for y in range(0, h, 4):
        line = []
        for x in range(0, w, 2):
            bits = 0
            for dy in range(4):
                if y + dy >= h:
                    break
                r = rows[y + dy]
                if r[x]:
                    bits |= _BRAILLE[0][dy]
                if x + 1 < w and r[x + 1]:
                    bits |= _BRAILLE[1][dy]
            line.append(chr(0x2800 + bits))
        out.append("".join(line))
    return out


def ascii_lines(rows):
    return ["".join("#" if p else "." for p in r) for r in rows]


def lines(rows, mode):
    if mode == "half":
        return halfblock_lines(rows)
    if mode == "braille":
        return braille_lines(rows)
    return ascii_lines(rows)


# -- PNG ---------------------------------------------------------------
BEZEL = (12, 12, 16)
OFF = (18, 20, 26)
ON = (215, 240, 255)      # the white-blue of a typical SSD1306


def _chunk(kind, data):
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def png_bytes(width, height, rgb_rows):
    """An RGB8 PNG from rows of bytes (3 bytes a pixel), written with zlib."""
    raw = b"".join(b"\x00" + bytes(r) for r in rgb_rows)
    return (b"\x89PNG\r\n\x1a\n"
            + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + _chunk(b"IDAT", zlib.compress(raw, 9))
            + _chunk(b"IEND", b""))


def oled_image(rows, contrast=255, scale=4, border=None):
    """Rows of RGB bytes that look like the panel: lit dots with a thin dark
    gap between them, brightness following the contrast, a dark bezel."""
    if border is None:
        border = 2 * scale
    h = len(rows)
    w = len(rows[0])
    k = 0.45 + 0.55 * (contrast / 255)
    lit = bytes(int(OFF[i] + (ON[i] - OFF[i]) * k) for i in range(3))
    off = bytes(OFF)
    gap = bytes(int(c * 0.6) for c in OFF)
    bezel = bytes(BEZEL)
    W = w * scale + 2 * border
    out = []
    edge = bezel * W
    for _ in range(border):
        out.append(edge)
    for y in range(h):
        r = rows[y]
        full = bytearray(bezel * border)
        gapped = bytearray(bezel * border)
        for x in range(w):
            c = lit if r[x] else off
            full += c * scale
            if scale > 2:
                gapped += c * (scale - 1) + gap
            else:
                gapped += c * scale
        full += bezel * border
        gapped += bezel * border
        for sy in range(scale):
            out.append(gapped if (scale > 2 and sy == scale - 1) else full)
    for _ in range(border):
        out.append(edge)
    return W, h * scale + 2 * border, out


def write_png(path, rows, contrast=255, scale=4):
    w, h, img = oled_image(rows, contrast, scale)
    data = png_bytes(w, h, img)
    with open(path, "wb") as f:
        f.write(data)
    return len(data)


def read_png(path):
    """Decode a PNG written by write_png (RGB8, filter 0): (w, h, rows)."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos = 8
    idat = b""
    w = h = 0
    while pos < len(data):
        n = struct.unpack(">I", data[pos:pos + 4])[0]
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + n]
        crc = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0]
        if zlib.crc32(kind + body) & 0xFFFFFFFF != crc:
            raise ValueError("bad CRC in %r" % kind)
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and ctype == 2
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = 1 + 3 * w
    rows = []
    for y in range(h):
        line = raw[y * stride:(y + 1) * stride]
        assert line[0] == 0
        rows.append(line[1:])
    return w, h, rows
