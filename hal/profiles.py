"""Board profiles: default pins per ``board.board_id``.

Each value can be overridden in settings.toml by the key in ``KEYS``
(``BASRA_BTN_A = "GP14"``); ``BASRA_BOARD`` picks a profile by name. A
button set to "" is absent: with UP and DOWN absent the device is the
4-button layout (LEFT RIGHT A B), which plays the whole game.

The link to a second device (a link game, docs/link.md): ``link`` is
"uart" (a three-wire cable on ``link_tx``/``link_rx``, crossed: TX to the
other's RX, and GND) or "espnow" (ESP32-S3 boards: over the air, no pins).
"""

# profile field -> settings.toml key
KEYS = (
    ("sda", "BASRA_SDA"), ("scl", "BASRA_SCL"),
    ("up", "BASRA_BTN_UP"), ("down", "BASRA_BTN_DOWN"),
    ("left", "BASRA_BTN_LEFT"), ("right", "BASRA_BTN_RIGHT"),
    ("a", "BASRA_BTN_A"), ("b", "BASRA_BTN_B"),
    ("piezo", "BASRA_PIEZO"), ("vbat", "BASRA_VBAT"),
    ("link", "BASRA_LINK"), ("link_tx", "BASRA_LINK_TX"), ("link_rx", "BASRA_LINK_RX"),
)

_PICO = {
    "sda": "GP4", "scl": "GP5",
    "left": "GP10", "right": "GP11", "up": "GP12", "down": "GP13",
    "a": "GP14", "b": "GP15", "piezo": "GP16", "vbat": None,
    "link": "uart", "link_tx": "GP0", "link_rx": "GP1",     # UART0, pins 1 and 2
}
_PICO_ADC = dict(_PICO)
_PICO_ADC["vbat"] = "VOLTAGE_MONITOR"   # VSYS / 3 on GP29 (not on the W boards)

# QT Py: the OLED on the STEMMA QT port, 4 buttons on A0..A3
_QTPY = {
    "sda": "SDA1", "scl": "SCL1",
    "left": "A0", "right": "A1", "up": None, "down": None,
    "a": "A2", "b": "A3", "piezo": None, "vbat": None,
    "link": "uart", "link_tx": "TX", "link_rx": "RX",
}
_QTPY_S3 = dict(_QTPY)
_QTPY_S3["sda"] = "SDA1"
_QTPY_S3["scl"] = "SCL1"

_FEATHER = {
    "sda": "SDA", "scl": "SCL",
    "left": "D5", "right": "D6", "up": "D9", "down": "D10",
    "a": "D11", "b": "D12", "piezo": "A0", "vbat": None,
    "link": "uart", "link_tx": "TX", "link_rx": "RX",
}
_FEATHER_S3 = dict(_FEATHER)
_FEATHER_S3["link"] = "espnow"      # over the air; BASRA_LINK = "uart" for the cable

PROFILES = {
    "raspberry_pi_pico": _PICO_ADC,
    "raspberry_pi_pico2": _PICO_ADC,
    "raspberry_pi_pico_w": _PICO,
    "raspberry_pi_pico2_w": _PICO,
    "adafruit_qtpy_rp2040": _QTPY,
    "adafruit_qtpy_esp32s3_nopsram": _QTPY_S3,
    "adafruit_qtpy_esp32s3_4mbflash_2mbpsram": _QTPY_S3,
    "adafruit_feather_rp2040": _FEATHER,
    "adafruit_feather_esp32s3_4mbflash_2mbpsram": _FEATHER_S3,
    "adafruit_feather_esp32s3_nopsram": _FEATHER_S3,
}

# Used for a board not in the table: I2C on the board's SDA/SCL, every
# button must then come from settings.toml.
DEFAULT = {
    "sda": "SDA", "scl": "SCL",
    "left": None, "right": None, "up": None, "down": None,
    "a": None, "b": None, "piezo": None, "vbat": None,
    "link": "uart", "link_tx": "TX", "link_rx": "RX",
}


def resolve(board_id, settings):
    """The pin names for this board: profile, then settings.toml overrides.
    Returns (profile name, dict field -> (pin name or None, settings key))."""
    name = settings.text("BASRA_BOARD", board_id)
    base = PROFILES.get(name)
    if base is None:
        base = DEFAULT
    out = {}
    for field, key in KEYS:
        v = settings.raw(key)
        if v is None:
            v = base.get(field)
        elif v == "":
            v = None
        out[field] = (v, key)
    return name, out
