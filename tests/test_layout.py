"""The package's layout (DESIGN.md §2b, docs/architecture.md): its rooms in layers, every import
arrow pointing down or sideways, no import circle, and no file over MAX_LINES lines.

The layers, lowest first (`LAYERS`): core (with the seat API's shapes, a contract every table
and client shares) < the house's files (saves, records, the launch request) < the terminal under
the app (`ui/terminal`: drivers, screen diff, SGR) < the widgets the games' screens share < the
screens they share (`ui/screens`: the table screen and its windows) < the games (each game's rules, words, bots, data and screens, and the
registry that names them) < tables < club < server; the clients (the terminal app, the plain
client, the engine protocol, the tournament) stand above tables beside the club and the server,
and the command line and what it names for the session pool on top. Every import is read,
a function's too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import wish_tui

ROOT = Path(wish_tui.__file__).parent
GAME_PACKAGES = ("wish_tui.wish", "wish_tui.spirits", "wish_tui.wishland")
LAYERS = (
    ("core", ("wish_tui.core", "wish_tui.tables.seat")),
    (
        "files",
        (
            "wish_tui.files",
            "wish_tui.seeds",
            "wish_tui.records",
            "wish_tui.save_paths",
            "wish_tui.saves",
            "wish_tui.save_lookup",
            "wish_tui.best_scores",
            "wish_tui.lessons",
            "wish_tui.crash",
            "wish_tui.launch",
            "wish_tui.preferences",
            "wish_tui.no_terminal",
        ),
    ),
    ("terminal", ("wish_tui.ui.terminal",)),
    ("widgets", ("wish_tui.widgets",)),
    ("screens", ("wish_tui.ui.screens",)),
    ("games", (*GAME_PACKAGES, "wish_tui.games")),
    ("tables", ("wish_tui.tables",)),
    ("club", ("wish_tui.club",)),
    ("server", ("wish_tui.server",)),
    (
        "clients",
        (
            "wish_tui.ui",
            "wish_tui.plain",
            "wish_tui.engine_protocol",
            "wish_tui.tournament",
            "wish_tui.review_cli",
            "wish_tui.bot_player",
        ),
    ),
    (
        "launcher",
        (
            "wish_tui.cli",
            "wish_tui.serve_args",
            "wish_tui.__main__",
            "wish_tui.pool_app",
            "wish_tui.session_app",
        ),
    ),
)
"""Every module's room, lowest first (the longest prefix that names a module says its room)."""
MAX_LINES = 600
GROWN: dict[str, int] = {}
"""Files over MAX_LINES still to be split, at most as long as they are (none is)."""


def _modules() -> dict[str, Path]:
    modules = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        modules[name] = path
    return modules


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """The wish_tui modules `name` imports (a package's submodules when named one by one)."""
    found = set()
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            subs = [f"{module}.{a.name}" for a in node.names if f"{module}.{a.name}" in MODULES]
            targets = subs if len(subs) == len(node.names) else [module, *subs]
        else:
            continue
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _cycles() -> list[list[str]]:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in GRAPH:
        if v not in index:
            visit(v)
    return found


def _importers(prefix: str, forbidden: tuple[str, ...]) -> list[str]:
    return sorted(
        f"{name} imports {target}"
        for name, targets in GRAPH.items()
        if name == prefix or name.startswith(prefix + ".")
        for target in targets
        if any(target == f or target.startswith(f + ".") for f in forbidden)
    )


def _layer(name: str) -> int:
    best = (-1, 0)
    for rank, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and len(prefix) > best[1]:
                best = (rank, len(prefix))
    return 0 if name == "wish_tui" else best[0]


def test_every_module_has_a_room():
    assert [name for name in MODULES if _layer(name) < 0] == []


def test_no_arrow_runs_back_up():
    """An import of a room above the importer's is an arrow that runs back up: there is none."""
    up = sorted(
        f"{name} ({LAYERS[_layer(name)][0]}) imports {target} ({LAYERS[_layer(target)][0]})"
        for name, targets in GRAPH.items()
        for target in targets
        if _layer(target) > _layer(name)
    )
    assert up == []


def test_the_clients_reach_no_club_and_no_server():
    """The terminal app and the plain client reach a server's tables through the table protocol
    (`tables.remote`) alone."""
    for client in ("wish_tui.ui", "wish_tui.widgets", "wish_tui.plain"):
        assert _importers(client, ("wish_tui.club", "wish_tui.server")) == [], client


def test_no_file_is_over_six_hundred_lines():
    sizes = {
        str(path.relative_to(ROOT.parent)): len(path.read_text("utf-8").splitlines())
        for path in MODULES.values()
    }
    over = {path: lines for path, lines in sizes.items() if lines > MAX_LINES}
    assert set(over) <= set(GROWN), over
    assert all(over[path] <= GROWN[path] for path in over), over
    assert all(sizes[path] > MAX_LINES for path in GROWN), "under the limit now: drop it from GROWN"


def test_the_scan_finds_the_packages():
    assert "wish_tui.wish.rules.state" in GRAPH and "wish_tui.ui.screens.table_screen" in GRAPH
    assert "wish_tui.wish.rules.state" in GRAPH["wish_tui.wish.rules"]


def test_no_import_cycles():
    assert _cycles() == []


def test_core_imports_nothing_of_the_app_but_itself():
    outside = [
        line
        for line in _importers("wish_tui.core", ("wish_tui",))
        if "imports wish_tui.core" not in line
    ]
    assert outside == []


def test_widgets_know_no_game_and_no_shell():
    """The widgets stand on the terminal under the app (`ui.terminal`), never on the shell."""
    forbidden = ("wish_tui.ui", "wish_tui.games", "wish_tui.saves", "wish_tui.cli", *GAME_PACKAGES)
    assert [
        line
        for line in _importers("wish_tui.widgets", forbidden)
        if "imports wish_tui.ui.terminal" not in line
    ] == []


def test_widgets_hold_widgets_only():
    """A Screen lives in `ui/screens` (or the shell's `ui/`), never among the widgets."""
    screens = []
    for name, path in MODULES.items():
        if name.startswith("wish_tui.widgets"):
            for node in ast.walk(ast.parse(path.read_text("utf-8"))):
                if isinstance(node, ast.ClassDef) and any(
                    "Screen" in ast.unparse(base) for base in node.bases
                ):
                    screens.append(f"{name}.{node.name}")
    assert screens == []


def test_the_terminal_knows_no_screen():
    """`ui/terminal` is the terminal under the app: nothing of the app, its screens or widgets."""
    upper = ("wish_tui.widgets", "wish_tui.games", "wish_tui.tables", *GAME_PACKAGES)
    assert _importers("wish_tui.ui.terminal", upper) == []
    assert [
        line
        for line in _importers("wish_tui.ui.terminal", ("wish_tui.ui",))
        if "imports wish_tui.ui.terminal" not in line
    ] == []


def test_the_table_screen_is_one_screen_of_composed_parts():
    """No mixins: the table screen holds its key router, key bar, status line, detail line,
    news, people and help."""
    from textual.screen import Screen

    from wish_tui.ui.screens.table_detail import TableDetail
    from wish_tui.ui.screens.table_help import TableHelp
    from wish_tui.ui.screens.table_key_bar import TableKeyBar
    from wish_tui.ui.screens.table_keys import TableKeys
    from wish_tui.ui.screens.table_news import TableNews
    from wish_tui.ui.screens.table_people import TablePeople
    from wish_tui.ui.screens.table_screen import TableScreen
    from wish_tui.ui.screens.table_status import TableStatus

    # One base a class, down to Textual's Screen: the app's screen base (`ui.screens.app_screen`)
    # and the base of the screens showing a board (`ui.screens.board_screen`).
    chain = TableScreen.__mro__[: TableScreen.__mro__.index(Screen)]
    assert all(len(cls.__bases__) == 1 for cls in chain), chain
    parts = (TableKeys, TableKeyBar, TablePeople, TableHelp, TableStatus, TableDetail, TableNews)
    for part in parts:
        assert part.__bases__ == (object,), part
    source = MODULES["wish_tui.ui.screens.table_screen"].read_text("utf-8")
    for composed in (
        "TableKeys(self)",
        "TableStatus(self)",
        "TablePeople(self)",
        "TableHelp(self)",
        "TableKeyBar(self)",
        "TableDetail(self)",
        "TableNews(self)",
    ):
        assert composed in source, composed


def test_no_screen_probes_what_a_type_declares():
    """The screens, widgets and games' screens ask tables, apps and states what they declare
    (`TableBase`, `TableApp`); no `getattr` or `hasattr` probes which kind they have."""
    probes = []
    for name, path in MODULES.items():
        screens = name.startswith(("wish_tui.ui", "wish_tui.widgets")) or any(
            name.startswith(f"{package}.ui") for package in GAME_PACKAGES
        )
        if not screens:
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            called = isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            if called and node.func.id in ("getattr", "hasattr"):
                probes.append(f"{name}:{node.lineno}")
    assert probes == []


def test_games_do_not_import_the_shell_or_the_registry():
    """A game's screens are built on the shared table screen (`ui.screens`) and the terminal
    under the app (`ui.terminal`), never the shell."""
    below = ("imports wish_tui.ui.screens", "imports wish_tui.ui.terminal")
    for package in GAME_PACKAGES:
        shell = _importers(package, ("wish_tui.ui", "wish_tui.games", "wish_tui.cli"))
        assert [line for line in shell if not any(word in line for word in below)] == []


def test_the_shell_reaches_games_only_through_the_registry():
    assert _importers("wish_tui.ui", GAME_PACKAGES) == []
    for module in (
        "wish_tui.saves",
        "wish_tui.records",
        "wish_tui.engine_protocol",
        "wish_tui.tournament",
        "wish_tui.cli",
        "wish_tui.tables.master",
    ):
        assert _importers(module, GAME_PACKAGES) == [], module


def test_records_and_saves_take_a_games_spec_from_their_caller():
    for module in (
        "wish_tui.records",
        "wish_tui.saves",
        "wish_tui.tables.master",
        "wish_tui.tables.seat",
    ):
        assert _importers(module, ("wish_tui.games", *GAME_PACKAGES)) == [], module


def test_no_client_builds_a_state_of_what_its_seat_cannot_see():
    """determinize (a full State guessed from one view) belongs to the rules and the bots."""
    users = []
    for name, path in MODULES.items():
        if ".rules" in name or ".bots" in name:
            continue
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                ident = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                if ident == "determinize":
                    users.append(name)
            elif isinstance(node, ast.ImportFrom) and any(
                a.name == "determinize" for a in node.names
            ):
                users.append(name)
    assert users == []


def test_tables_know_no_client_club_or_server():
    """`tables/` is the seat API and what holds a table: the app, the plain client, the club and
    the server stand above it (`tables.messages` is the one dispatcher the clients share)."""
    forbidden = ("wish_tui.ui", "wish_tui.widgets", "wish_tui.plain", "wish_tui.server")
    assert _importers("wish_tui.tables", (*forbidden, "wish_tui.club", "wish_tui.cli")) == []
    assert "wish_tui.tables.messages" in GRAPH["wish_tui.plain.remote"]


def test_the_club_knows_no_client_and_no_server():
    """`club/` keeps the players, ratings, history and the store, and answers the club's requests
    (`club.service`) for the server that composes it: nothing of the server or a client."""
    forbidden = ("wish_tui.ui", "wish_tui.widgets", "wish_tui.plain", "wish_tui.server")
    assert _importers("wish_tui.club", (*forbidden, "wish_tui.cli")) == []


def test_the_server_imports_no_client_and_no_command_line():
    """`server/` runs tables and front ends; the app each session runs is named by the command
    line (`session_app`), never imported here."""
    clients = ("wish_tui.ui", "wish_tui.widgets", "wish_tui.plain", "wish_tui.cli")
    launcher = ("wish_tui.launch", "wish_tui.pool_app", "wish_tui.session_app")
    assert _importers("wish_tui.server", (*clients, *launcher)) == []


def test_the_hub_composes_its_services_and_names_its_handlers():
    """No mixins and no handler found by its name (`getattr(self, "_on_" + type)`): the hub
    holds one object per job and one explicit table of what answers each request."""
    from wish_tui.server.hub import Hub

    assert Hub.__bases__ == (object,)
    source = MODULES["wish_tui.server.hub.hub"].read_text("utf-8")
    assert "getattr(" not in source and "self._handlers = {" in source


def test_the_plain_client_reaches_games_only_through_the_registry():
    """The plain-text client is a client of the seat API and the registry: no game's package,
    no rules State, no screen of the terminal app."""
    forbidden = (*GAME_PACKAGES, "wish_tui.ui", "wish_tui.widgets", "wish_tui.tables.master")
    assert _importers("wish_tui.plain", forbidden) == []


def _third_party_imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_a_games_words_are_pure_text_and_its_ui_holds_its_screens():
    """DESIGN.md §2b: `<game>/words/` imports no Textual, no rich and no screen, so the table
    server and the plain client load it alone; the description names it without import_module."""
    for package in GAME_PACKAGES:
        words = f"{package}.words"
        assert words in MODULES, words
        screens = ("wish_tui.ui", "wish_tui.widgets", f"{package}.ui")
        assert _importers(words, screens) == []
        for name, path in MODULES.items():
            if name == words or name.startswith(words + "."):
                assert not _third_party_imports(path) & {"textual", "rich"}, name
        game = MODULES[f"{package}.game"].read_text("utf-8")
        assert "import_module" not in game and "importlib" not in game
        assert f"{package}.words.log" in GRAPH[f"{package}.game"]
