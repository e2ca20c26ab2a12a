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


def pytest_terminal_summary(terminalreporter):
    """The figures a test measured (``record_property("figures", line)``),
    printed after the run: a pytest-xdist worker's own output is not shown
    (tests/test_web.py's times in the page)."""
    for rep in terminalreporter.stats.get("passed", []):
        for name, value in getattr(rep, "user_properties", ()):
            if name == "figures":
                terminalreporter.write_line(value)
