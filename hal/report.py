"""Show a set-up problem on serial and, when the OLED works, on the OLED.

The panel holds 5 lines of 21 characters: a longer message is cut into
pages, which hal.run's wait shows in turn (``flip``). A problem met before
the OLED works (its I2C pins, its address, the library) can only go to
serial: the panel then shows what CircuitPython left on it (its console).
"""

ROWS = 5
COLS = 21
FLIP_S = 4      # seconds a page stays up


def _wrap(text, width):
    lines = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > width:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line = line + " " + word
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def pages(message):
    """The message as the panel's pages: lists of at most ROWS lines."""
    lines = _wrap("Set-up problem: " + message, COLS)
    return [lines[i:i + ROWS] for i in range(0, len(lines), ROWS)]


def show(display, lines):
    """Draw ``lines`` (one page) on a displayio display (raw driver object)."""
    import displayio
    import terminalio
    from adafruit_display_text import label
    g = displayio.Group()
    y = 5
    for line in lines:
        g.append(label.Label(terminalio.FONT, text=line, x=0, y=y))
        y += 12
    display.root_group = g
    display.refresh()


def report(err):
    message = getattr(err, "message", None) or ("%s" % (err,))
    print("Pocket Basra: set-up problem: " + message)
    display = getattr(err, "display", None)
    if display is None:
        print("(the OLED is not working yet, so this is shown here only)")
    else:
        try:
            err.pages = pages(message)
            show(display, err.pages[0])
        except Exception as e:  # the panel itself may be what failed
            err.display = None
            print("(could not show it on the OLED: %s)" % (e,))
    return message


def wait(err):
    """Keep the message on the OLED, its pages in turn, for good: code.py
    ending would hand the panel back to CircuitPython's console."""
    import time
    n = 0
    while True:
        time.sleep(FLIP_S)
        n += 1
        flip(err, n)


def flip(err, n):
    """Show page n (counting round) of a message report() put on the OLED."""
    p = getattr(err, "pages", None)
    if p and len(p) > 1 and getattr(err, "display", None) is not None:
        show(err.display, p[n % len(p)])
