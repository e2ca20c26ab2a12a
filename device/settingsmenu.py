"""The settings (from the main menu, or from the game menu over a game):
the panel's contrast, sleep and rotation, sound, hints and undo. A screen
of device/screens.py: this module is loaded while it is open.
"""
from core.compat import const
from device.screens import MenuScreen

SLEEPS = (0, 30, 60, 120, 300)
CONTRASTS = (16, 48, 96, 160, 255)
ON_OFF = ("on", "off")

_BACK = const(1)     # the Back item's id (device/menu.py items: [label, values, index, id])


class SettingsMenu(MenuScreen):
    kind = "settings"
    title = "SETTINGS"

    def __init__(self, app, from_game=False):
        st = app.settings
        c = 0
        for i in range(len(CONTRASTS)):
            if CONTRASTS[i] <= st.contrast:
                c = i
        sl = SLEEPS.index(st.sleep_s) if st.sleep_s in SLEEPS else 2
        items = [["Contrast", (1, 2, 3, 4, 5), c, 0],
                 ["Sleep", ("never", "30s", "1m", "2m", "5m"), sl, 0],
                 ["Sound", ON_OFF, 0 if st.sound else 1, 0],
                 ["Rotation", (0, 180), 1 if st.rotation == 180 else 0, 0],
                 ["Hints", ON_OFF, 0 if st.hints else 1, 0],
                 ["Undo", ON_OFF, 0 if st.undo else 1, 0],
                 ["Back", None, 0, _BACK]]
        MenuScreen.__init__(self, app, items)

    def change(self, item, k):
        self.read()

    def pick(self, item, k):
        if item == _BACK:
            self.back()

    def back(self):
        self.read()
        self.app.save_settings_later()
        self.app.pop()

    def read(self):
        it = self.items
        st = self.app.settings
        st.contrast = CONTRASTS[it[0][2]]
        st.sleep_s = SLEEPS[it[1][2]]
        st.sound = it[2][2] == 0
        st.rotation = self.value(3)
        st.hints = it[4][2] == 0
        st.undo = it[5][2] == 0
        self.app.apply_settings()
