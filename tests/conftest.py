"""Shared pytest fixtures."""

import pytest

from harness import mpvm as _mpvm


@pytest.fixture
def mpvm():
    """The MicroPython VM harness (harness/mpvm.py).

    Skips the test with the reason when Node or the npm package is missing;
    fails it instead when CI=true.
    """
    _mpvm.require_vm()
    return _mpvm
