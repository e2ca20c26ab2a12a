"""What a row of a device/gfx.py Text shows, read back from its shadow (the
small font's glyphs are ASCII from 32, each inverted one n further): for
tests, on CPython (harness/devdrive.py) and on the MicroPython VM."""


def row_text(t, row=0):
    out = []
    for i in range(t.cols):
        out.append(chr(t.shadow[row * t.cols + i] % t.font.n + 32))
    return "".join(out).rstrip()
