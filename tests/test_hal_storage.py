import os

import pytest

from hal.storage import ByteStore, FileStore, fletcher16


class CountingNvm(bytearray):
    """Counts writes like microcontroller.nvm, where each one costs a flash erase."""

    def __init__(self, n):
        super().__init__(b"\xff" * n)
        self.assignments = 0

    def __setitem__(self, k, v):
        self.assignments += 1
        super().__setitem__(k, v)


def test_blank_nvm_loads_nothing():
    assert ByteStore(CountingNvm(256)).load() is None
    assert ByteStore(bytearray(256)).load() is None


def test_round_trip_in_one_slice_assignment():
    nvm = CountingNvm(256)
    s = ByteStore(nvm, offset=16)
    assert s.save(b"hello world")
    assert nvm.assignments == 1
    assert s.load() == b"hello world"
    assert nvm[:16] == b"\xff" * 16            # nothing before the offset touched
    assert not s.save(b"hello world")          # unchanged: no flash write
    assert nvm.assignments == 1 and s.writes == 1
    assert ByteStore(nvm, offset=16).load() == b"hello world"


def test_damaged_record_is_rejected():
    nvm = bytearray(128)
    s = ByteStore(nvm)
    s.save(b"\x01\x02\x03\x04")
    nvm[7] ^= 0x40
    assert s.load() is None


def test_too_large_is_an_error():
    s = ByteStore(bytearray(32))
    assert s.capacity == 26
    s.save(b"x" * 26)
    with pytest.raises(ValueError):
        s.save(b"x" * 27)


def test_fletcher16_known_value():
    assert fletcher16(b"abcde") == 0xC8F0


def test_file_store(tmp_path):
    p = str(tmp_path / "save.bin")
    s = FileStore(p, size=64)
    assert s.load() is None
    assert s.save(b"\x00\x07abc")
    assert FileStore(p, size=64).load() == b"\x00\x07abc"
    assert not s.save(b"\x00\x07abc")
    assert not os.path.exists(p + ".tmp")


def test_file_store_unwritable_keeps_going(tmp_path):
    # like a read-only CIRCUITPY: the save fails, the game goes on
    blocker = tmp_path / "not-a-dir"
    blocker.write_bytes(b"")
    s = FileStore(str(blocker / "save.bin"))
    assert s.save(b"x") is False
    assert isinstance(s.error, OSError)
    assert s.load() is None
