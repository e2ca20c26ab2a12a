"""The project's own packaging installs without a warning (issue 28): the
forms setuptools warns about are not in pyproject.toml. (The install itself,
`make .venv/.installed` in a fresh clone, was checked by hand: pip fetches the
newest setuptools for the build, and the only warnings left are pip's about
this machine's own index configuration.)"""
import pathlib
import re

import pytest

tomllib = pytest.importorskip("tomllib")     # Python 3.11+

PYPROJECT = pathlib.Path(__file__).resolve().parent.parent / "pyproject.toml"


def project():
    with open(PYPROJECT, "rb") as f:
        return tomllib.load(f)


def test_the_license_is_an_spdx_string_with_a_setuptools_that_takes_it():
    # a TOML table ({ text = "MIT" }) is deprecated: a warning block at every build
    p = project()
    assert p["project"]["license"] == "MIT"
    (req,) = [r for r in p["build-system"]["requires"] if r.startswith("setuptools")]
    least = re.fullmatch(r"setuptools>=(\d+)(\.\d+)*", req)
    assert least and int(least.group(1)) >= 77, req     # 77: the first with SPDX strings


def test_the_editable_install_is_a_plain_path_entry():
    # package-dir "" = ".": setuptools puts the checkout on sys.path (a .pth
    # line) instead of a finder it warns about ("Editable installation")
    assert project()["tool"]["setuptools"]["package-dir"] == {"": "."}
