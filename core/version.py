"""The game's version, as pyproject.toml gives it (tests/test_version.py
holds the two equal), for a screen, the simulator or a bug report to show.
Plain Python with no imports: the board reads it as the desktop does."""

VERSION = "0.1.0"
