"""hal/mem.py: forgetting a module imported for one job, and holding one
(HELD) through the drops of a stretch that uses it call after call."""
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


def test_a_held_module_stays_through_every_drop_until_it_leaves_held(monkeypatch):
    pkg = _module(monkeypatch)
    monkeypatch.setattr(mem, "HELD", ["pkg_for_mem.leaf"])
    mem.drop("pkg_for_mem.leaf")
    assert "pkg_for_mem.leaf" in sys.modules and hasattr(pkg, "leaf")
    mem.HELD.pop()
    mem.drop("pkg_for_mem.leaf")        # no longer held: dropped as any other
    assert "pkg_for_mem.leaf" not in sys.modules and not hasattr(pkg, "leaf")


def test_let_go_drops_every_held_module(monkeypatch):
    pkg = _module(monkeypatch)
    monkeypatch.setattr(mem, "HELD", ["pkg_for_mem.leaf", "pkg_for_mem"])
    mem.let_go()
    assert mem.HELD == []
    assert "pkg_for_mem.leaf" not in sys.modules and "pkg_for_mem" not in sys.modules
