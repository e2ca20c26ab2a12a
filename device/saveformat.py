"""The save's record format: the game in progress, settings and stats, in a log of slots.

Format version 1 (docs/reliability.md has the byte map and the reasons).
The store (hal.storage, raw ``read``/``write``) holds 128-byte slots from
offset 0: as many as fit, 32 at most (4 KB, an RP2040's nvm sector), 2 at
least. Each slot holds one whole record or is erased (0xFF)::

    magic "Bs" | version u8 | seq u16 | n u8 | payload (n bytes) | crc32 u32

Integers are little-endian. The CRC-32 (the zlib one) covers everything
before it. ``magic``, ``version``, ``seq``, ``n`` and the trailing CRC keep
this place in every version, so a record of another version is recognised
as such. A save goes to the slot after the newest valid record's, with
seq + 1 (mod 65536; "newer" is a difference of 1..32767), so a write cut
half way leaves the record before it whole. The slots are a log because
flash is: on an RP2040, CircuitPython writes bytes that are all 0xFF by
programming their flash page (about 1 ms), and any other write erases and
rewrites the whole 4 KB sector (about 51 ms, interrupts off, one of the
sector's 100,000 erases). So a write goes to an erased slot while there is
one, and when the log comes round (``place``) it is written again whole in
one erase: the newest record in slot 0, the new one in slot 1, the rest
erased. One write in 31 erases the sector, where every write did with two
slots. A load takes the newest valid record and never raises on bad bytes.
Saves of earlier builds (two slots, 0 and 1) are such a log already.

This module is the frame of a record and the slots (constants, CRC-32,
``frame``, ``parse``, ``scan``, ``place``); the payload is written by
device/savewrite.py and read by device/saveload.py, and what it holds is
device/savedata.py. device/store.py imports each of them for one call (on
the device it drops them again), and none of them imports another.

Write policy (SaveStore, in device/store.py): a record is written only when its bytes change.
``policy="play"`` (the default) writes on every call, so a power cut loses
at most the play in progress; ``policy="turn"`` holds back states where an
AI seat is to move (they are written with the next state a person sees, or
by ``flush()``), halving the flash writes of a two-player game but losing a
person's play when the cut falls while the AI answers it.
"""
from core.compat import const
from device.savedata import SLOT, SLOTS

VERSION = 3  # 2: plays are places in core/plays.py's order, past 254 escaped;
# 3: ... where a maximal capture is one no bigger take contains (issue 29)
_OLDEST = const(2)  # the oldest version read (device/saveload.py: a version-2 hand of
# a maximal-capture rule set is dealt again, its plays listed otherwise then)
MAGIC0 = 0x42  # "B"
MAGIC1 = 0x73  # "s"
HEADER = 6
_ERASED = b"\xff" * SLOT  # a slot of erased flash

DAMAGED = "save damaged, new game"
BLANK = "no save, new game"
OLDER = "old save, new game"
NEWER = "newer save, new game"

# CRC-32 (reflected 0xEDB88320, as zlib.crc32), a nibble at a time, kept in
# two 16-bit halves so that MicroPython never needs a big int in the loop:
# the table of the 16 nibbles, high and low halves (written out, not built
# at import: start-up; tests/test_save_format.py checks crc32 against zlib;
# tuples, the module's constants themselves, not arrays copied from them)
_TH = (0x0000, 0x1DB7, 0x3B6E, 0x26D9, 0x76DC, 0x6B6B, 0x4DB2, 0x5005,
       0xEDB8, 0xF00F, 0xD6D6, 0xCB61, 0x9B64, 0x86D3, 0xA00A, 0xBDBD)
_TL = (0x0000, 0x1064, 0x20C8, 0x30AC, 0x4190, 0x51F4, 0x6158, 0x713C,
       0x8320, 0x9344, 0xA3E8, 0xB38C, 0xC2B0, 0xD2D4, 0xE278, 0xF21C)


def crc_halves(data, start, end):
    """The CRC-32 of data[start:end] as (high, low) 16-bit halves."""
    hi = 0xFFFF
    lo = 0xFFFF
    th = _TH
    tl = _TL
    for k in range(start, end):
        lo ^= data[k]
        x = lo & 15
        lo = ((lo >> 4) | ((hi & 15) << 12)) ^ tl[x]
        hi = (hi >> 4) ^ th[x]
        x = lo & 15
        lo = ((lo >> 4) | ((hi & 15) << 12)) ^ tl[x]
        hi = (hi >> 4) ^ th[x]
    return hi ^ 0xFFFF, lo ^ 0xFFFF


def crc32(data):
    """The CRC-32 of data, equal to zlib.crc32(data)."""
    hi, lo = crc_halves(data, 0, len(data))
    return (hi << 16) | lo


def frame(seq, payload):
    """The record of payload with sequence number seq: header, payload, CRC."""
    n = len(payload)
    if HEADER + n + 4 > SLOT:
        raise ValueError("save record is %d bytes, a slot holds %d" % (HEADER + n + 4, SLOT))
    b = bytearray(HEADER + n + 4)
    b[0] = MAGIC0
    b[1] = MAGIC1
    b[2] = VERSION
    b[3] = seq & 0xFF
    b[4] = (seq >> 8) & 0xFF
    b[5] = n
    b[HEADER:HEADER + n] = payload
    hi, lo = crc_halves(b, 0, HEADER + n)
    e = HEADER + n
    b[e] = lo & 0xFF
    b[e + 1] = lo >> 8
    b[e + 2] = hi & 0xFF
    b[e + 3] = hi >> 8
    return bytes(b)


def parse(raw):
    """(seq, version, payload_start, payload_end) of a CRC-valid record in raw, or None."""
    if len(raw) < HEADER + 4 or raw[0] != MAGIC0 or raw[1] != MAGIC1:
        return None
    n = raw[5]
    end = HEADER + n
    if end + 4 > len(raw):
        return None
    hi, lo = crc_halves(raw, 0, end)
    if raw[end] != lo & 0xFF or raw[end + 1] != lo >> 8 or raw[end + 2] != hi & 0xFF or raw[end + 3] != hi >> 8:
        return None
    return raw[3] | (raw[4] << 8), raw[2], HEADER, end


def newer(a, b):
    """Sequence number a is newer than b (a difference of 1..32767, mod 65536)."""
    d = (a - b) & 0xFFFF
    return 0 < d < 0x8000


def slot_count(size):
    """The slots of the save in a store of size bytes: as many as it holds,
    SLOTS at most."""
    n = size // SLOT
    return SLOTS if n > SLOTS else n


def _blank(raw):
    # a slot that never held a record: erased flash (0xFF) or zeroed
    if raw == _ERASED:
        return True
    for c in raw:
        if c != 0xFF and c != 0:
            return False
    return True


def scan(storage):
    """The records of storage's slots: (seq, slot, records, message).
    seq and slot are the newest CRC-valid record's (0 and the last slot
    when there is none, so the first write goes to slot 0); records are
    (slot, raw, start, end) of the newest valid record and the one before
    it, of this version, to try in turn; message says what a load that
    finds no usable one tells (an empty records list when the newest record
    is of another version). Never raises on bad bytes. Each slot is read
    once for its header; the CRC is checked newest first, until two pass."""
    n = slot_count(storage.size)
    heads = []  # (seq, slot) of the slots that begin with the magic, newest first
    blank = True
    for k in range(n):
        try:
            raw = storage.read(k * SLOT, SLOT)
        except (OSError, ValueError):
            continue
        if raw[0] == MAGIC0 and raw[1] == MAGIC1:
            seq = raw[3] | (raw[4] << 8)
            i = 0
            while i < len(heads) and not newer(seq, heads[i][0]):
                i += 1
            heads.insert(i, (seq, k))
            blank = False
        elif blank and not _blank(raw):
            blank = False
    raw = None
    seq = 0
    newest = -1
    out = []
    for _, k in heads:
        try:
            raw = storage.read(k * SLOT, SLOT)
        except (OSError, ValueError):
            continue
        p = parse(raw)
        if p is None:
            continue
        version = p[1]
        if newest < 0:
            seq = p[0]
            newest = k
            if not _OLDEST <= version <= VERSION:  # the newest record is of another version
                return seq, newest, [], OLDER if version < VERSION else NEWER
        elif not _OLDEST <= version <= VERSION:
            continue
        out.append((k, raw, p[2], p[3]))
        if len(out) == 2:
            break
    if newest < 0:
        return 0, n - 1, [], BLANK if blank else DAMAGED
    return seq, newest, out, DAMAGED


def place(storage, newest, rec, early=0):
    """Where record rec goes: (slot, offset, data) to write at offset.
    The slot after newest (the newest record's), if it is erased: on an
    RP2040 a write into erased bytes only programs their flash page. Else
    (the log has come round, or holds bytes of something else) the whole
    log is written again, one sector erase: the newest record kept in slot
    0 (so a cut that leaves only the start of the new image still has it),
    rec in slot 1, every other slot erased, so the next writes program
    only. early: write the log again already when fewer than early slots
    would be left after this one (the caller's moment suits the erase
    better than the writes to come: device/app.py)."""
    n = slot_count(storage.size)
    slot = (newest + 1) % n
    try:
        if slot + early < n and storage.read(slot * SLOT, SLOT) == _ERASED:
            return slot, slot * SLOT, rec
        raw = storage.read(newest * SLOT, SLOT)
    except (OSError, ValueError):
        raw = b""
    img = bytearray(n * SLOT)
    m = memoryview(img)
    m[0] = 0xFF
    k = 1
    while k < len(img):  # 0xFF everywhere, doubling: no second 4 KB buffer
        c = min(k, len(img) - k)
        m[k:k + c] = m[:c]
        k += c
    p = parse(raw)
    slot = 0
    if p is not None:
        m[:p[3] + 4] = raw[:p[3] + 4]
        slot = 1
    m[slot * SLOT:slot * SLOT + len(rec)] = rec
    return slot, 0, img
