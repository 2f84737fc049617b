"""The shape of the code: modules and classes of a readable size, imports that point
down with no circle, and rule facts asked of the engine rather than tested by name."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted([*ROOT.glob("bot/**/*.py"), *ROOT.glob("cogs/**/*.py")])
MAX_MODULE_LINES = 400
MAX_CLASS_LINES = 300
BIG_BY_DESIGN = {"bot/games/engine.py"}
"""The engine's core: one state and one game class, its hot paths side by side."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """The project modules ``path`` imports at run time (``TYPE_CHECKING`` blocks too:
    a circle hidden there is still a circle)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            found.add(target)
            found |= {f"{target}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    modules = {module_name(p) for p in SOURCES}
    return {target for target in found if target in modules and target != name}


def test_no_module_is_too_long():
    long = {
        str(path.relative_to(ROOT)): lines
        for path in SOURCES
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert set(long) <= BIG_BY_DESIGN, long


def test_no_class_is_too_long():
    long = {}
    for path in SOURCES:
        if str(path.relative_to(ROOT)) in BIG_BY_DESIGN:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_CLASS_LINES:
                    long[f"{path.relative_to(ROOT)}:{node.name}"] = lines
    assert not long, long


def test_imports_make_no_circle():
    graph = {module_name(path): imports_of(path) for path in SOURCES}
    # A package imports its own modules to re-export them: that is not a dependency.
    for name, targets in graph.items():
        graph[name] = {t for t in targets if not t.startswith(f"{name}.")}
    seen: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        seen[node] = 1
        for target in sorted(graph.get(node, ())):
            owner = target
            while owner not in graph and "." in owner:
                owner = owner.rpartition(".")[0]
            if seen.get(owner) == 1:
                pytest.fail(" → ".join([*path, node, owner]))
            if owner not in seen:
                visit(owner, [*path, node])
        seen[node] = 2

    for name in sorted(graph):
        if name not in seen:
            visit(name, [])


def test_rule_facts_are_asked_of_the_game_rather_than_tested_by_name():
    pattern = re.compile(r"""\bgame\s*[!=]=\s*["']|["']\s*[!=]=\s*\S*game\b""")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in SOURCES
        if "bot/games" not in str(path)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert not found, found
