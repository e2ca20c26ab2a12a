"""hal/mem.py: forgetting a module no longer needed (device/screens.py
lets a closed screen's code go through it)."""
import sys
import types

from hal import mem


def _module(monkeypatch, name="pkg_for_mem.leaf"):
    pkg = types.ModuleType("pkg_for_mem")
    leaf = types.ModuleType(name)
    pkg.leaf = leaf
    monkeypatch.setitem(sys.modules, "pkg_for_mem", pkg)
    monkeypatch.setitem(sys.modules, name, leaf)
    return pkg


def test_drop_forgets_the_module_and_its_package_attribute(monkeypatch):
    pkg = _module(monkeypatch)
    mem.drop("pkg_for_mem.leaf")
    assert "pkg_for_mem.leaf" not in sys.modules and not hasattr(pkg, "leaf")
    mem.drop("pkg_for_mem.leaf")        # not loaded: nothing to do, no error
