"""Whether the probed board can run Pocket Basra: CircuitPython 9 or 10, with
displayio and keypad, and pins (a profile in hal/profiles.py, or BASRA_
pins in its settings.toml)."""
from basra_flash.errors import FlashError


def check_board(info, any_board=False):
    from hal import profiles

    impl, ver = info.get("impl"), tuple(info.get("ver") or ())
    vtext = ".".join(str(x) for x in ver)
    if impl == "micropython":
        raise FlashError(
            f"this board runs MicroPython {vtext} ({info.get('machine')}), not CircuitPython. Pocket "
            "Basra needs CircuitPython 9 or 10 (displayio, keypad): put CircuitPython on it "
            "(boards.md, 'Putting CircuitPython on it'), then run basra-flash again.")
    if impl != "circuitpython":
        raise FlashError(f"this board runs {impl} {vtext}, not CircuitPython 9 or 10")
    if not ver or ver[0] < 9:
        raise FlashError(f"this board runs CircuitPython {vtext}; Pocket Basra needs 9 or 10 "
                         "(i2cdisplaybus, supervisor.ticks_ms): update it (boards.md)")
    if ver[0] > 10 and not any_board:
        raise FlashError(f"this board runs CircuitPython {vtext}; Pocket Basra is written for 9 "
                         "and 10. --any-board flashes it anyway.")
    # no "mods" when only the drive was read (no serial port): not checked
    missing = [m for m in ("displayio", "keypad") if m not in info.get("mods", ("displayio", "keypad"))]
    bid = info.get("board_id") or "?"
    if missing:
        raise FlashError(
            f"unsupported board {bid}: its CircuitPython build has no {' and no '.join(missing)}. "
            "SAMD21 boards (QT Py M0, Trinket M0, Gemma M0) are like this and have about 18 KB of "
            "heap: use an RP2040/RP2350 or ESP32-S3 board (boards.md).")
    if bid not in profiles.PROFILES:
        keys = info.get("settings") or []
        if "BASRA_BOARD" in keys or {"BASRA_BTN_LEFT", "BASRA_BTN_RIGHT", "BASRA_BTN_A", "BASRA_BTN_B"} <= set(keys):
            return f"board {bid} has no profile; using the pins in its settings.toml"
        if not any_board:
            raise FlashError(
                f"unsupported board {bid}: hal/profiles.py has no pins for it. Supported: "
                + ", ".join(sorted(profiles.PROFILES))
                + ". To use it anyway, set BASRA_BOARD (a profile with the same pins) or "
                "BASRA_SDA/SCL and BASRA_BTN_LEFT/RIGHT/A/B in the board's settings.toml, or run with "
                "--any-board and edit the settings.toml template it writes.")
        return f"board {bid} has no profile: edit /settings.toml on the board to give its pins"
    return None
