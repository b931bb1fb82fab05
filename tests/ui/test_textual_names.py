"""No project widget, screen or app uses a name of Textual's for something of its own (issue 32).

`RowList._scroll_to(row)` hid Textual's `Widget._scroll_to(x, y, *, animate…)`, which Textual
calls to scroll: → in the lobby ended the session. This walks every class of the project that
is a Textual node (each app, screen and widget, with the plain classes mixed into them) against
every name its Textual bases define or set on `self`, and fails on a clash.

The rule: a project class may
- set Textual's class settings: public class values that are plain data (BINDINGS, DEFAULT_CSS,
  COMPONENT_CLASSES, can_focus, …), and declare a reactive of Textual's again as a reactive (to
  change what a change of it refreshes);
- define Textual's public hooks: the handlers it finds by prefix (on_, action_, watch_, validate_,
  compute_) and the methods its guide has a subclass write (compose, render_line, check_action,
  …), taking what Textual passes; where a Textual base does work in a hook (notify_style_update,
  ToggleButton's watch_value), the project's own calls super() so that the work is still done;
- assign Textual's public attributes that are made to be set (a settable property, a reactive, a
  class setting): `self.display = False` uses Textual, it does not hide it.
Anything else is a clash: every private name of Textual's (`_scroll_to`, `_handle_exception`),
and any other public one (a method `notify` or `scroll_relative` of the project's own).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import textwrap
from functools import cache
from pathlib import Path

from textual.dom import DOMNode
from textual.reactive import Reactive

import wish_tui

HOOK_PREFIXES = ("on_", "action_", "watch_", "validate_", "compute_")
"""Handlers Textual finds by their name's prefix (it passes each what its parameters ask)."""
KEEPS_TEXTUAL_WORK = ("watch_", "validate_", "compute_")
"""Where a Textual base has its own (a reactive's watcher), a subclass's calls super()."""
HOOKS = {
    # Widget: what it shows, and how big it is.
    "compose",
    "render",
    "render_line",
    "render_lines",
    "get_content_width",
    "get_content_height",
    "notify_style_update",
    # Any node: which bound actions may run now.
    "check_action",
    # App: its first screen, its driver, its command palette's commands.
    "get_default_screen",
    "get_driver_class",
    "get_system_commands",
    "get_key_display",
    # App: the CSS variables of its theme ("may be implemented in a subclass").
    "get_css_variables",
}
"""Methods Textual's guide and API reference have a subclass write."""
EXTENDED = {"notify_style_update", "get_css_variables"}
"""Hooks whose Textual version does work a subclass keeps: an override calls super(). (An
on_ handler needs not: Textual calls the handler of each class in turn.)"""


def _project_modules() -> None:
    """Import every module of wish_tui (a package without __init__.py too)."""
    root = Path(wish_tui.__file__).parent
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        if parts[-1] == "__main__":
            continue  # running it starts the app
        if parts[-1] == "__init__":
            parts = parts[:-1]
        importlib.import_module(".".join(parts))


def _subclasses(cls: type) -> set[type]:
    found = set()
    for sub in cls.__subclasses__():
        found |= {sub} | _subclasses(sub)
    return found


def _nodes() -> list[type]:
    """Every Textual node class the project defines."""
    _project_modules()
    mine = [c for c in _subclasses(DOMNode) if c.__module__.startswith("wish_tui.")]
    return sorted(mine, key=lambda c: f"{c.__module__}.{c.__qualname__}")


def _is_textual(cls: type) -> bool:
    return cls.__module__ == "textual" or cls.__module__.startswith("textual.")


@cache
def _class_tree(cls: type) -> ast.ClassDef:
    return ast.parse(textwrap.dedent(inspect.getsource(cls))).body[0]


def _set_on_self(tree: ast.ClassDef) -> set[str]:
    """The attributes the class's methods set on `self`."""
    return {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.ctx, ast.Store)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
    }


def _defined(tree: ast.ClassDef) -> dict[str, ast.AST]:
    """The names the class's body defines: methods, nested classes, class attributes."""
    names: dict[str, ast.AST] = {}
    for statement in tree.body:
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names[statement.name] = statement
        elif isinstance(statement, ast.Assign):
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    names[target.id] = statement
        elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            names[statement.target.id] = statement
    return names


@cache
def _textual_names(cls: type) -> frozenset[str]:
    """What a Textual class defines or sets on `self`."""
    try:
        on_self = _set_on_self(_class_tree(cls))
    except (OSError, TypeError):  # a class made at run time has no source of its own
        on_self = set()
    return frozenset(vars(cls)) | frozenset(on_self)


INSTANCE_ONLY = object()
"""What `_textual_value` gives for a name Textual sets only on `self`."""


def _textual_value(cls: type, name: str):
    """What the first Textual base of `cls` that has `name` at class level holds there."""
    for base in cls.__mro__:
        if _is_textual(base) and name in vars(base):
            return vars(base)[name]
    return INSTANCE_ONLY


def _is_plain_data(value) -> bool:
    """A class value of Textual's that a subclass sets in its body: BINDINGS, can_focus, …"""
    return value is not INSTANCE_ONLY and not callable(value) and not hasattr(value, "__get__")


def _is_settable(value) -> bool:
    """A name of Textual's made to be set on self: a class setting, a property with a setter,
    a reactive."""
    if isinstance(value, Reactive):
        return True
    if isinstance(value, property):
        return value.fset is not None
    return _is_plain_data(value)


def _calls_super(function: ast.AST, name: str) -> bool:
    return any(
        isinstance(node, ast.Attribute)
        and node.attr == name
        and isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Name)
        and node.value.func.id == "super"
        for node in ast.walk(function)
    )


def _takes_what_textual_passes(mine, theirs) -> bool:
    """True when every call Textual makes to `theirs` fits `mine`."""
    try:
        mine_sig, theirs_sig = inspect.signature(mine), inspect.signature(theirs)
    except (TypeError, ValueError):
        return True
    call_args = []
    call_kwargs = {}
    for parameter in theirs_sig.parameters.values():
        if parameter.kind in (parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD):
            call_args.append(None)
        elif parameter.kind == parameter.KEYWORD_ONLY:
            call_kwargs[parameter.name] = None
    try:
        mine_sig.bind(*call_args, **call_kwargs)
        mine_sig.bind(*call_args[: _required(theirs_sig)])
    except TypeError:
        return False
    return True


def _required(signature: inspect.Signature) -> int:
    return sum(
        1
        for p in signature.parameters.values()
        if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    )


def _ours(cls: type) -> bool:
    return cls.__module__.startswith("wish_tui.")


def _clashes(node: type, ours=_ours) -> list[str]:
    """Each name a class of `ours` in `node`'s ancestry uses that is Textual's, with why."""
    textual: dict[str, type] = {}
    for base in node.__mro__:
        if _is_textual(base):
            for name in _textual_names(base):
                textual.setdefault(name, base)
    found = []
    for cls in node.__mro__:
        if not ours(cls):
            continue
        tree = _class_tree(cls)
        where = f"{cls.__module__}.{cls.__qualname__}"
        defined = _defined(tree)
        for name in sorted((set(defined) | _set_on_self(tree)) & set(textual)):
            if name.startswith("__") and name.endswith("__"):
                continue  # Python's own protocol
            theirs = f"{textual[name].__module__}.{textual[name].__qualname__}.{name}"
            value = _textual_value(node, name)
            if name.startswith("_"):
                found.append(f"{where}.{name} hides Textual's private {theirs}")
            elif name not in defined:  # only assigned to, on self
                if not _is_settable(value):
                    found.append(f"{where} sets {name} on self, which is Textual's {theirs}")
            elif _is_plain_data(value) and not isinstance(defined[name], ast.FunctionDef):
                continue  # a class setting
            elif isinstance(value, Reactive) and isinstance(vars(cls).get(name), Reactive):
                continue  # Textual's reactive, with its own default or refresh
            elif name in HOOKS or name.startswith(HOOK_PREFIXES):
                if name in HOOKS and not _takes_what_textual_passes(vars(cls)[name], value):
                    found.append(f"{where}.{name} does not take what Textual passes to {theirs}")
                keeps = name in EXTENDED or name.startswith(KEEPS_TEXTUAL_WORK)
                if keeps and not _calls_super(defined[name], name):
                    found.append(f"{where}.{name} replaces {theirs} without calling super()")
            else:
                found.append(f"{where}.{name} hides Textual's {theirs}, which is not a hook")
    return found


def test_every_project_node_class_is_found():
    names = {f"{c.__module__}.{c.__qualname__}" for c in _nodes()}
    # One of each kind, and one in the game package that has no __init__.py.
    for expected in (
        "wish_tui.ui.app.WishApp",
        "wish_tui.ui.lobby.LobbyScreen",
        "wish_tui.widgets.row_list.RowList",
        "wish_tui.ui.screens.table_screen.TableScreen",
        "wish_tui.wish.ui.map_view.MapView",
    ):
        assert expected in names


def test_no_project_widget_screen_or_app_hides_a_textual_name():
    clashes = sorted({clash for node in _nodes() for clash in _clashes(node)})
    assert not clashes, "\n".join(clashes)


def test_the_walk_finds_the_clash_that_ended_sessions():
    """The check itself: the lobby's crash, a public method or reactive of Textual's hidden, a
    hook that does not take what Textual passes, a watcher that drops Textual's work, a name
    Textual sets on self taken for the project's own, and what is allowed beside them."""
    from textual.app import App
    from textual.geometry import Size
    from textual.scroll_view import ScrollView
    from textual.widgets import Checkbox

    class Scrolling(ScrollView, can_focus=True):
        DEFAULT_CSS = "Scrolling { height: 1fr; }"
        BINDINGS = []
        virtual_size = Reactive(Size(0, 0), repaint=False)  # Textual's, refreshed otherwise

        def __init__(self) -> None:
            super().__init__()
            self.display = False  # Textual's, made to be set
            self.virtual_size = self.size  # a reactive of Textual's
            self._rows = []  # no Textual name

        def on_mount(self) -> None:
            pass

        def _scroll_to(self, row: int) -> None:
            pass

        def scroll_relative(self, y: int = 0) -> None:
            pass

        def render_line(self, y: int, more: int):
            return super().render_line(y)

    class Ticking(Checkbox):
        BUTTON_INNER = " "

        def watch_value(self) -> None:
            self.BUTTON_INNER = "X"

    class Failing(App):
        title = "Failing"  # hides Textual's reactive (the App's TITLE is the setting)

        def __init__(self) -> None:
            super().__init__()
            self.console = None  # Textual's console, taken for something else

        def _handle_exception(self, error: Exception) -> None:
            super()._handle_exception(error)

    def in_this_test(cls: type) -> bool:
        return cls.__module__ == __name__

    assert sorted(_clashes(Scrolling, in_this_test)) == [
        f"{__name__}.{Scrolling.__qualname__}._scroll_to hides Textual's private "
        "textual.widget.Widget._scroll_to",
        f"{__name__}.{Scrolling.__qualname__}.render_line does not take what Textual passes "
        "to textual.widget.Widget.render_line",
        f"{__name__}.{Scrolling.__qualname__}.scroll_relative hides Textual's "
        "textual.widget.Widget.scroll_relative, which is not a hook",
    ]
    (ticking,) = _clashes(Ticking, in_this_test)
    assert "watch_value replaces" in ticking and "without calling super()" in ticking
    failing = _clashes(Failing, in_this_test)
    assert len(failing) == 3
    assert any(".title hides Textual's textual.app.App.title" in c for c in failing)
    assert any("_handle_exception hides Textual's private" in c for c in failing)
    assert any("sets console on self" in c for c in failing)
