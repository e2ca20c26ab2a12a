"""Pocket Basra core: cards, rule sets, the game state and its move loop.

Runs unchanged on CPython and CircuitPython. Nothing here imports hal/,
device/ or simulator/.
"""
