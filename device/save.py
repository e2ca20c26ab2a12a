"""The durable save as one module, for tests and tools: the data it holds
(device/savedata.py), its record format (device/saveformat.py: a log of
128-byte CRC-32 slots, docs/reliability.md has the byte map), the writing and the
reading side (device/savewrite.py, device/saveload.py) and ``SaveStore``
(device/store.py: slots and write policy).

The device app does not load this module: device/store.py imports the
writing or the reading side for each call and drops it again.
"""
from device.savedata import EARLY_ERASE, HUMAN_CODE, LINK_CODE, MAX_PLAYS, SIZE, SLOT, SLOTS, Saved, Settings, Stats, to_move  # noqa: F401
from device.saveformat import (BLANK, DAMAGED, HEADER, MAGIC0, MAGIC1, NEWER, OLDER,  # noqa: F401
                               VERSION, crc32, crc_halves, frame, newer, parse, place, scan, slot_count)
from device.saveload import decode, first, resume  # noqa: F401
from device.savewrite import (copy_settings, copy_stats, game_bytes, payload,  # noqa: F401
                              settings_bytes, stats_bytes)
from device.store import SaveStore  # noqa: F401


def encode(seq, saved, settings, stats):
    """One whole record (header, payload, CRC) as bytes."""
    return frame(seq, payload(saved, settings, stats))
