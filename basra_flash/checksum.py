"""Checking files on the board against the host: SHA-256, else CRC-32 (the
board runs SUM_SCRIPT, which picks what its firmware has)."""
import binascii
import hashlib


def crc32_hex(data):
    return "%08x" % (binascii.crc32(data) & 0xFFFFFFFF)


def host_sum(algo, data):
    if algo == "sha256":
        return hashlib.sha256(data).hexdigest()
    return crc32_hex(data)


# Runs on the board. ALGO is "auto", "sha256", "crc32" or "py"; prints
# "= algo" (the one used: auto picks SHA-256, else binascii.crc32, else the
# Python CRC-32), or "! algo" when the one asked for is missing, then one
# line "algo hexdigest path" per path ("- - path" when missing).
# CircuitPython's hashlib has only hashlib.new(name, data), no hashlib.sha256.
SUM_SCRIPT = """
import os
def _sha():
    import hashlib
    try:
        return hashlib.sha256()
    except AttributeError:
        return hashlib.new('sha256')
def _pick(a):
    if a in ('auto', 'sha256'):
        try:
            _sha()
            return 'sha256'
        except (ImportError, AttributeError, ValueError, OSError):
            if a == 'sha256':
                return None
    if a in ('auto', 'crc32'):
        try:
            import binascii
            binascii.crc32(b'')
            return 'crc32'
        except (ImportError, AttributeError):
            if a == 'crc32':
                return None
    return 'py'
_a = _pick(%(algo)r)
print('!' if _a is None else '=', _a or %(algo)r)
_b = bytearray(512)
_t = None
def _sum(p):
    global _t
    f = open(p, 'rb')
    try:
        if _a == 'sha256':
            import binascii
            h = _sha()
            while True:
                n = f.readinto(_b)
                if not n:
                    break
                h.update(_b if n == 512 else _b[:n])
            return binascii.hexlify(h.digest()).decode()
        if _a == 'crc32':
            import binascii
            c = 0
            while True:
                n = f.readinto(_b)
                if not n:
                    break
                c = binascii.crc32(_b if n == 512 else _b[:n], c)
            return '%%08x' %% (c & 0xffffffff)
        if _t is None:
            _t = []
            for i in range(256):
                c = i
                for _ in range(8):
                    c = (c >> 1) ^ 0xEDB88320 if c & 1 else c >> 1
                _t.append(c)
        c = 0xffffffff
        while True:
            n = f.readinto(_b)
            if not n:
                break
            for i in range(n):
                c = _t[(c ^ _b[i]) & 0xff] ^ (c >> 8)
        return '%%08x' %% (c ^ 0xffffffff)
    finally:
        f.close()
for _p in (%(paths)r if _a else ()):
    try:
        print(_a, _sum(_p), _p)
    except OSError:
        print('-', '-', _p)
"""


def same_sum(sum_pair, data):
    """True when the board's (algo, digest) is the host's for data."""
    if not sum_pair or sum_pair[0] == "-":
        return False
    algo, digest = sum_pair
    return host_sum(algo, bytes(data)) == digest
