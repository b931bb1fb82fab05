"""The rules layer is pure: stdlib only, no UI libraries, no I/O, no clock, no global chance.

DESIGN.md section 2 and 6.1: `spirits/rules/` imports no textual, rich, platformdirs, os, time or
random, and neither opens files nor prints.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import wish_tui.spirits.rules as rules_pkg

RULES_DIR = Path(rules_pkg.__file__).parent
SOURCES = sorted(RULES_DIR.glob("*.py"))
UI_MODULES = ("textual", "rich", "platformdirs")
FORBIDDEN_IMPORTS = {"os", "time", "random", "datetime", "sys", "io", "pathlib", *UI_MODULES}
FORBIDDEN_CALLS = {"open", "print", "input", "exec", "eval"}
ALLOWED_PACKAGES = {"__future__", "typing", "dataclasses", "re", "wish_tui"}
"""Everything a rules module may import: the standard library's pure parts and the project."""


def test_rules_sources_are_found() -> None:
    assert {p.name for p in SOURCES} >= {"__init__.py", "state.py", "turn.py", "flow.py", "solo.py"}


def test_importing_rules_loads_no_ui_library() -> None:
    code = (
        "import json, sys\n"
        "import wish_tui.spirits.rules as rules\n"
        "rules.new_game(['air', 'water'], seed=1, modules=rules.MODULES).view(0)\n"
        "print(json.dumps(sorted(m for m in sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    ).stdout
    loaded = json.loads(out)
    assert "wish_tui.spirits.rules" in loaded
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
    bad_imports = _imports(tree) & (FORBIDDEN_IMPORTS | {"__import__"})
    assert not bad_imports, f"{path.name} imports {sorted(bad_imports)}"
    bad_calls = _calls(tree) & FORBIDDEN_CALLS
    assert not bad_calls, f"{path.name} calls {sorted(bad_calls)}"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_rules_source_imports_only_pure_modules(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    assert _imports(tree) <= ALLOWED_PACKAGES, f"{path.name} imports {sorted(_imports(tree))}"
    project = {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        and node.level == 0
        and node.module
        and node.module.startswith("wish_tui")
    }
    # Only the pure core (seeded generator, undo walk) and, in the package's face, the data loader.
    assert project <= {
        "wish_tui.core",
        "wish_tui.core.rng",
        "wish_tui.core.undo",
        "wish_tui.spirits.data",
    }, project
    if "wish_tui.spirits.data" in project:
        assert path.name == "__init__.py"


def test_the_scanner_catches_what_it_forbids() -> None:
    tree = ast.parse("import os.path\nfrom random import choice\nprint(open('x'))\n")
    assert _imports(tree) >= {"os", "random"}
    assert _calls(tree) >= {"print", "open"}
