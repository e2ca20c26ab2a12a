"""One version: pyproject.toml's, core/version.py's (what the game shows) and
CHANGELOG.md's newest release."""

import os
import re

from core.version import VERSION

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _read(name):
    with open(os.path.join(ROOT, name), encoding="utf-8") as f:
        return f.read()


def test_the_game_s_version_is_pyproject_s():
    m = re.search(r'^version\s*=\s*"([^"]+)"', _read("pyproject.toml"), re.M)
    assert m, "pyproject.toml has no version line"
    assert VERSION == m.group(1)
    assert re.fullmatch(r"\d+\.\d+\.\d+", VERSION)


def test_the_changelog_s_newest_release_is_this_version():
    heads = re.findall(r"^## \[?([^\]\s]+)\]?", _read("CHANGELOG.md"), re.M)
    assert heads and heads[0] == "Unreleased", heads
    releases = [h for h in heads if h != "Unreleased"]
    assert releases and releases[0] == VERSION, heads
    assert len(set(releases)) == len(releases), "one entry per release"


def test_the_commands_say_the_version(capsys):
    import pytest
    from basra_flash.cli import parser
    from simulator.__main__ import main as sim_main
    for run, name in ((lambda: sim_main(["--version"]), "basra-sim"),
                      (lambda: parser().parse_args(["--version"]), "basra-flash")):
        with pytest.raises(SystemExit) as e:
            run()
        assert e.value.code == 0
        assert capsys.readouterr().out.strip() == "%s (Pocket Basra) %s" % (name, VERSION)
