"""Show a set-up problem on serial and, when the OLED works, on the OLED."""


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


def show(display, message):
    """Draw ``message`` on a displayio display (raw driver object)."""
    import displayio
    import terminalio
    from adafruit_display_text import label
    g = displayio.Group()
    lines = _wrap("Set-up problem: " + message, 21)[:5]
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
    if display is not None:
        try:
            show(display, message)
        except Exception as e:  # the panel itself may be what failed
            print("(could not show it on the OLED: %s)" % (e,))
    return message
