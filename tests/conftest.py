"""Shared pytest fixtures."""

import pytest

from tests import mpvm as _mpvm


@pytest.fixture
def mpvm():
    """The MicroPython VM harness (tests/mpvm.py).

    Skips the test with the reason when Node or the npm package is missing;
    fails it instead when CI=true.
    """
    _mpvm.require_vm()
    return _mpvm
