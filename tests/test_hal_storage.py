"""hal.storage.ByteStore (nvm) and hal.filestore.FileStore: the save's raw
bytes, read and written at an offset, each write one slice assignment (one
flash erase on a board) or one whole-file replace."""
import os

import pytest

from hal.filestore import FileStore
from hal.storage import ByteStore


class CountingNvm(bytearray):
    """Counts writes like microcontroller.nvm, where each one costs a flash erase."""

    def __init__(self, n):
        super().__init__(b"\xff" * n)
        self.assignments = 0

    def __setitem__(self, k, v):
        self.assignments += 1
        super().__setitem__(k, v)


def test_a_write_is_one_slice_assignment_after_the_offset():
    nvm = CountingNvm(256)
    s = ByteStore(nvm, offset=16)
    assert s.size == 240
    assert s.write(10, b"hello")
    assert nvm.assignments == 1 and s.writes == 1
    assert s.read(10, 5) == b"hello"
    assert nvm[:26] == b"\xff" * 26              # nothing before offset + 10 touched
    assert ByteStore(nvm, offset=16).read(8, 7) == b"\xff\xffhello"


def test_bytes_outside_the_store_are_an_error():
    s = ByteStore(bytearray(32), offset=8)
    with pytest.raises(ValueError, match="outside the 24-byte store"):
        s.write(20, b"12345")
    with pytest.raises(ValueError):
        s.read(-1, 2)


def test_file_store_reads_ff_past_the_end_and_replaces_whole(tmp_path):
    p = str(tmp_path / "save.bin")
    s = FileStore(p, size=64)
    assert s.read(0, 4) == b"\xff" * 4           # no file yet
    assert s.write(2, b"abc")
    assert FileStore(p, size=64).read(0, 6) == b"\xff\xffabc\xff"
    assert os.path.getsize(p) == 64 and s.writes == 1
    assert not os.path.exists(p + ".tmp")
    with pytest.raises(ValueError):
        s.write(62, b"abc")


def test_file_store_unwritable_keeps_going(tmp_path):
    # like a read-only CIRCUITPY: the write fails, the game goes on
    blocker = tmp_path / "not-a-dir"
    blocker.write_bytes(b"")
    s = FileStore(str(blocker / "save.bin"))
    assert s.write(0, b"x") is False
    assert isinstance(s.error, OSError)
    assert s.read(0, 1) == b"\xff"
