"""The import graph of the project's code (core/, hal/, device/, simulator/,
tools/, art/, harness/, examples/), read from the sources with ast, imports
inside functions included: no import loop, no private name imported from
another project module, and tools/, art/ and harness/ stand on their own
(nothing from tests/)."""
import ast
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "hal", "device", "simulator", "tools", "art", "harness", "examples")


def project_modules(root=REPO, packages=PACKAGES):
    """{module name: path} of every .py under the packages."""
    out = {}
    for pkg in packages:
        for path in sorted((root / pkg).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _base(name, path, node):
    # the module a relative import starts from
    if not node.level:
        return node.module or ""
    pkg = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    pkg = pkg[:len(pkg) - (node.level - 1)]
    return ".".join(pkg + ([node.module] if node.module else []))


def imports(name, path):
    """(imported module name, names imported from it, line) of every import
    statement in the module, anywhere in it."""
    tree = ast.parse(path.read_text(), str(path))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                out.append((a.name, (), node.lineno))
        elif isinstance(node, ast.ImportFrom):
            out.append((_base(name, path, node), tuple(a.name for a in node.names), node.lineno))
    return out


def graph(mods):
    """{module: {project module it imports: line}}; ``from pkg import mod``
    counts as importing pkg.mod when that is a project module."""
    g = {}
    for name, path in mods.items():
        edges = g.setdefault(name, {})
        for target, names, line in imports(name, path):
            hits = [target + "." + n for n in names if target + "." + n in mods]
            if len(hits) < len(names) or not names:
                hits.append(target)
            for t in hits:
                if t in mods and t != name:
                    edges.setdefault(t, line)
    return g


def cycles(g):
    """The import loops of g: each a list of modules, m0 -> m1 -> ... -> m0
    (one per strongly connected component, by Tarjan's algorithm)."""
    index = {}
    low = {}
    stack = []
    on = set()
    out = []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(_loop(g, sorted(comp)))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def _loop(g, comp):
    # one loop through the component, from its first module back to it
    inside = set(comp)
    start = comp[0]
    prev = {start: None}
    todo = [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(g[v]):
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return list(reversed(path)) + [start]
            if w in inside and w not in prev:
                prev[w] = v
                todo.append(w)
    return comp


def private_imports(mods):
    """(module, line, "name from module") of every _private name a module
    imports from another project module."""
    out = []
    for name, path in mods.items():
        for target, names, line in imports(name, path):
            if target == name or not (target in mods or target.split(".")[0] in PACKAGES):
                continue
            for n in names:
                if n.startswith("_") and not n.startswith("__"):
                    out.append((name, line, "%s from %s" % (n, target)))
    return out


def test_the_project_has_no_import_loop():
    loops = cycles(graph(project_modules()))
    assert not loops, "import loops: " + "; ".join(" -> ".join(c) for c in loops)


def test_the_loop_finder_names_a_loop():
    g = {"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1, "d": 1}, "d": {}}
    assert cycles(g) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b": 1}, "b": {}}) == []


def test_no_module_imports_a_private_name_of_another():
    found = private_imports(project_modules())
    assert not found, ["%s:%d imports %s" % f for f in found]


def test_tools_art_and_the_harness_import_nothing_from_tests():
    mods = project_modules()
    bad = []
    for name, path in mods.items():
        if name.split(".")[0] not in ("tools", "art", "harness"):
            continue
        for target, names, line in imports(name, path):
            if target == "tests" or target.startswith("tests."):
                bad.append("%s:%d imports %s" % (path.relative_to(REPO), line, target))
    assert not bad, bad


def test_the_harness_imports_nothing_of_the_tools_or_art():
    # the tools and art/ run on the harness (the VM, the fake board), never
    # the other way round: no cycle between them
    import ast
    import pathlib
    root = pathlib.Path(__file__).resolve().parent.parent / "harness"
    bad = []
    for f in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(f.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            bad += ["%s: %s" % (f.name, n) for n in names if n.split(".")[0] in ("tools", "art")]
    assert not bad, bad
