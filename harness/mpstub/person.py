"""What a person's presses do on the device app's menus, for the runs that
press through them (tools/heap.py's soak, harness/mpstub/respond.py,
reloadboard.py, harness/devdrive.py): on the VM and on CPython alike."""


def item(m, label):
    """The index of menu m's item labelled label."""
    return [it[0] for it in m.items].index(label)


def keys_to(m, label):
    """The keys a person presses to move menu m's cursor to the item
    labelled label (UP or DOWN), then A."""
    k = item(m, label)
    return ([1] * (k - m.cur) if k >= m.cur else [0] * (m.cur - k)) + [4]


def new_game(app, level, players=None, target=None):
    """The new-game menu (app's top screen) set as a person's presses set
    it: the AI's level (the players, the target), the cursor on Start, and
    the game of those values dealt ahead as a press on a value starts it
    (device/menus.py NewGameMenu.change)."""
    from core.ai import LEVELS
    scr = app.top()
    m = app.menu
    m.items[0][2] = LEVELS.index(level)
    if players is not None:
        m.items[1][2] = list(m.items[1][1]).index(players)
    if target is not None:
        m.items[4][2] = list(m.items[4][1]).index(target)
    m.cur = item(m, "Start")
    scr.change(m.items[1], 1 if players is not None else 0)
