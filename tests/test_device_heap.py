"""The device app on the MicroPython VM (displayio stand-in in tests/mpstub):
it starts, plays, and its heap stays bounded and does not grow during a game.
Figures: python -m tools.heap (README, device section)."""
from tools.heap import measure


def test_app_heap_from_mpy_is_bounded_and_steady(mpvm):
    rows = measure(mpy=True, steps=5)
    at = {}
    for r in rows:
        at.setdefault(r["at"], []).append(r["alloc"])
    game = at["game"]
    above_hal = max(game) - at["hal"][0]
    # core + AI + save + app, live during a game: measured ~93 KB from .mpy
    assert above_hal < 100 * 1024, above_hal
    # no growth from one stretch of play to the next
    assert max(game) - min(game) < 1024, game
