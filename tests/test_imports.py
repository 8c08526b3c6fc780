"""No import cycle among generator's modules, not even inside a package: no module imports
one that imports it back, directly or round a longer loop. Every import counts, wherever it
stands (at the top, in a function, or for the type checker alone), as each is a dependency."""

from __future__ import annotations

import ast
from pathlib import Path

import generator

ROOT = Path(generator.__file__).resolve().parent


def modules_under(root: Path, package: str) -> dict[str, Path]:
    """Every module of the package at ROOT, by its dotted name (a package by its own): a
    compiled module by its type stub (NAME.pyi beside NAME.c), which imports nothing."""
    found = {}
    stubs = [p for p in root.rglob("*.pyi") if not p.with_suffix(".py").exists()]
    for path in sorted([*root.rglob("*.py"), *stubs]):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join([package, *parts])] = path
    return found


def imported_by(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's own modules that module NAME names in its imports: `from a.b import c`
    names a.b.c where that is a module, a.b otherwise; relative imports are resolved."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    targets = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[:len(package) - node.level + 1] + ([base] if base else []))
            targets += [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                        for alias in node.names]
    found = set()
    for target in targets:
        while target and target not in known:       # a name from a module: the module
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other round a loop (Tarjan's strongly
    connected components with more than one member)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def import_cycles(root: Path, package: str) -> list[list[str]]:
    known = modules_under(root, package)
    return cycles({name: imported_by(name, path, known) for name, path in known.items()})


def test_generator_has_no_import_cycle():
    assert len(modules_under(ROOT, "generator")) > 50       # the walk found the package
    assert import_cycles(ROOT, "generator") == []


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "pkg"
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_the_check_sees_a_cycle_inside_a_package(tmp_path):
    # Control: a three-module loop inside a subpackage, one link in a function, one
    # relative, one under TYPE_CHECKING; a fourth module outside the loop.
    root = _package(tmp_path, {
        "__init__.py": "",
        "sub/__init__.py": "",
        "sub/cards.py": "from pkg.sub.coins import coin\n",
        "sub/coins.py": "def coin():\n    from . import pages\n    return pages\n",
        "sub/pages.py": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                         "    from pkg.sub.cards import Card\n"),
        "sub/other.py": "import pkg.sub.cards\n",
    })
    assert import_cycles(root, "pkg") == [["pkg.sub.cards", "pkg.sub.coins", "pkg.sub.pages"]]


def test_the_check_passes_a_package_without_a_cycle(tmp_path):
    # Control: the same modules with the loop broken report nothing.
    root = _package(tmp_path, {
        "__init__.py": "",
        "sub/__init__.py": "",
        "sub/cards.py": "from pkg.sub.coins import coin\n",
        "sub/coins.py": "def coin():\n    from . import pages\n    return pages\n",
        "sub/pages.py": "X = 1\n",
    })
    assert import_cycles(root, "pkg") == []
