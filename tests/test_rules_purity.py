"""Every game's rules layer is pure: stdlib only, no UI libraries, no I/O, no clock, no global chance.

DESIGN.md section 2 and 6.1: `<game>/rules/` imports no textual, rich, platformdirs, os, time,
random, datetime, sys, io or pathlib, neither opens files nor prints, and takes its chance only
from the seeded generator in `wish_tui.core`.
"""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest


class Game(NamedTuple):
    name: str
    setup: str
    """A call that starts a game with the rules module bound as `rules`."""
    sources: frozenset[str]
    """Files the rules package must hold."""
    data_reader: str
    """The one rules module that may import the game's data loader."""


BASE_SOURCES = frozenset({"__init__.py", "state.py", "turn.py", "flow.py"})
GAMES = (
    Game("wish", "rules.new_game(['air', 'water'], seed=1)", BASE_SOURCES, "__init__.py"),
    Game(
        "spirits",
        "rules.new_game(['air', 'water'], seed=1, modules=rules.MODULES)",
        BASE_SOURCES | {"solo.py"},
        "__init__.py",
    ),
    Game("wishland", "rules.new_game(['red', 'blue'], seed=1)", BASE_SOURCES, "tables.py"),
)
UI_MODULES = ("textual", "rich", "platformdirs")
FORBIDDEN_IMPORTS = {"os", "time", "random", "datetime", "sys", "io", "pathlib", *UI_MODULES}
FORBIDDEN_CALLS = {"open", "print", "input", "exec", "eval"}
ALLOWED_PACKAGES = {"__future__", "collections", "dataclasses", "re", "typing", "wish_tui"}
"""Everything a rules module may import: the standard library's pure parts and the project."""
PURE_CORE = {
    "wish_tui.core",
    "wish_tui.core.rng",
    "wish_tui.core.excerpt",
    "wish_tui.core.pending",
    "wish_tui.core.ranking",
    "wish_tui.core.undo",
    "wish_tui.core.illegal",
    "wish_tui.core.state",
    "wish_tui.core.slot_copy",
    "wish_tui.core.seat_names",
}
"""The project modules the rules may use: generator, quoting, pending steps, ranking, undo, the
base of their IllegalAction and of their State, the copy of their State and pieces, the check of
the seat names a game is given."""


def _sources(game: Game) -> list[Path]:
    package = importlib.import_module(f"wish_tui.{game.name}.rules")
    return sorted(Path(package.__file__).parent.glob("*.py"))


SOURCES = [
    pytest.param(game, path, id=f"{game.name}-{path.name}")
    for game in GAMES
    for path in _sources(game)
]
BY_GAME = pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)


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


def _project_imports(tree: ast.AST) -> set[str]:
    return {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        and node.level == 0
        and node.module
        and node.module.startswith("wish_tui")
    }


def _calls(tree: ast.AST) -> set[str]:
    return {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }


@BY_GAME
def test_rules_sources_are_found(game: Game) -> None:
    assert {p.name for p in _sources(game)} >= game.sources


@BY_GAME
def test_importing_rules_loads_no_ui_library(game: Game) -> None:
    package = f"wish_tui.{game.name}.rules"
    code = (
        "import json, sys\n"
        f"import {package} as rules\n"
        f"{game.setup}.view(0)\n"
        "print(json.dumps(sorted(m for m in sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    ).stdout
    loaded = json.loads(out)
    assert package in loaded
    leaked = [m for m in loaded if m.split(".")[0] in UI_MODULES]
    assert not leaked, f"importing the rules loads {leaked}"


@pytest.mark.parametrize(("game", "path"), SOURCES)
def test_rules_source_does_no_io(game: Game, path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    imports = _imports(tree)
    bad_imports = imports & (FORBIDDEN_IMPORTS | {"__import__"})
    assert not bad_imports, f"{path.name} imports {sorted(bad_imports)}"
    assert imports <= ALLOWED_PACKAGES, f"{path.name} imports {sorted(imports - ALLOWED_PACKAGES)}"
    bad_calls = _calls(tree) & FORBIDDEN_CALLS
    assert not bad_calls, f"{path.name} calls {sorted(bad_calls)}"


@pytest.mark.parametrize(("game", "path"), SOURCES)
def test_rules_source_imports_only_pure_project_modules(game: Game, path: Path) -> None:
    project = _project_imports(ast.parse(path.read_text("utf-8"), filename=str(path)))
    data = f"wish_tui.{game.name}.data"
    assert project <= PURE_CORE | {data}, f"{path.name} imports {sorted(project)}"
    if data in project:
        assert path.name == game.data_reader


@BY_GAME
def test_no_two_rules_modules_import_each_other(game: Game) -> None:
    graph: dict[str, set[str]] = {}
    for path in _sources(game):
        deps = set()
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    deps.add(node.module.split(".")[0])
                else:
                    deps.update(alias.name for alias in node.names)
        graph[path.stem] = deps
    for module, deps in graph.items():
        for dep in deps:
            assert module not in graph.get(dep, set()), f"{module} and {dep} import each other"


def test_the_scanner_catches_what_it_forbids() -> None:
    tree = ast.parse("import os.path\nfrom random import choice\nprint(open('x'))\n")
    assert _imports(tree) >= {"os", "random"}
    assert _calls(tree) >= {"print", "open"}
    assert _project_imports(ast.parse("from wish_tui.ui import app\n")) == {"wish_tui.ui"}
