"""The rules layer is pure: stdlib only, no UI libraries, no I/O, no clock, no global chance.

DESIGN.md section 2 and 6.1: `wishland/rules/` imports no textual, rich, platformdirs, os, time,
random, datetime, sys, io or pathlib, and neither opens files nor prints.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import wish_tui.wishland.rules as rules_pkg

RULES_DIR = Path(rules_pkg.__file__).parent
SOURCES = sorted(RULES_DIR.glob("*.py"))
UI_MODULES = ("textual", "rich", "platformdirs")
FORBIDDEN_IMPORTS = {"os", "time", "random", "datetime", "sys", "io", "pathlib", *UI_MODULES}
FORBIDDEN_CALLS = {"open", "print", "input", "exec", "eval"}
ALLOWED_PACKAGES = {"wish_tui", "__future__", "dataclasses", "re", "typing"}
"""What the rules may import from outside themselves (the seeded generator is in wish_tui)."""


def test_rules_sources_are_found() -> None:
    assert {p.name for p in SOURCES} >= {"__init__.py", "state.py", "turn.py", "flow.py"}


def test_importing_rules_loads_no_ui_library() -> None:
    code = (
        "import json, sys\n"
        "import wish_tui.wishland.rules as rules\n"
        "rules.new_game(['red', 'blue'], seed=1).view(0)\n"
        "print(json.dumps(sorted(m for m in sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    ).stdout
    loaded = json.loads(out)
    assert "wish_tui.wishland.rules" in loaded
    leaked = [m for m in loaded if m.split(".")[0] in UI_MODULES]
    assert not leaked, f"importing the rules loads {leaked}"


def _imports(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "__import__"
        ):
            names.add("__import__")
    return names


def _calls(tree: ast.AST) -> set[str]:
    return {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_rules_source_does_no_io(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    imports = _imports(tree)
    bad_imports = imports & (FORBIDDEN_IMPORTS | {"__import__"})
    assert not bad_imports, f"{path.name} imports {sorted(bad_imports)}"
    assert imports <= ALLOWED_PACKAGES, f"{path.name} imports {sorted(imports - ALLOWED_PACKAGES)}"
    bad_calls = _calls(tree) & FORBIDDEN_CALLS
    assert not bad_calls, f"{path.name} calls {sorted(bad_calls)}"


def test_chance_comes_only_from_the_seeded_generator() -> None:
    for path in SOURCES:
        text = path.read_text("utf-8")
        for line in text.splitlines():
            if "import" in line and "wish_tui" in line:
                assert line.split()[1] in (
                    "wish_tui.core",
                    "wish_tui.core.undo",
                    "wish_tui.wishland.data",
                ), f"{path.name}: {line}"


def test_the_scanner_catches_what_it_forbids() -> None:
    tree = ast.parse("import os.path\nfrom random import choice\nprint(open('x'))\n")
    assert _imports(tree) >= {"os", "random"}
    assert _calls(tree) >= {"print", "open"}


def test_no_two_rules_modules_import_each_other() -> None:
    graph: dict[str, set[str]] = {}
    for path in SOURCES:
        tree = ast.parse(path.read_text("utf-8"))
        deps = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    deps.add(node.module.split(".")[0])
                else:
                    deps.update(alias.name for alias in node.names)
        graph[path.stem] = deps
    for module, deps in graph.items():
        for dep in deps:
            assert module not in graph.get(dep, set()), f"{module} and {dep} import each other"
