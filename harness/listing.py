"""The legal plays of a position as a Python list, for tests and desktop
tools (allocates)."""
from core.plays import Plays


def all_plays(st, card=-1):
    """Every (word, take) the seat to move may play, as core/plays.py lists them."""
    cursor = Plays()
    cursor.start(st, card)
    out = []
    while cursor.next():
        out.append((cursor.word, cursor.take))
    return out
