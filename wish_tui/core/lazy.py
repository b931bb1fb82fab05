"""Names a package imports only when first asked for, so importing the package stays light.

A game's `ui` package uses it: its screens import Textual, while its `log` and `words` do not and
serve the table server, which must not load Textual by importing the package.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable


def lazy_getattr(package: str, names: dict[str, tuple[str, str]]) -> Callable[[str], object]:
    """Return a module `__getattr__` that imports each of `names` when first asked for.

    Args:
        package: the package's `__name__`, against which relative module names resolve.
        names: public name -> (module, attribute), e.g. ``{"Board": (".board", "WishBoard")}``.
    """

    def __getattr__(name: str):
        if name not in names:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module, attribute = names[name]
        return getattr(importlib.import_module(module, package), attribute)

    return __getattr__


def game_screens(package: str, board: str) -> Callable[[str], object]:
    """The `__getattr__` of a game's ui package: Board (its class `board`), GameScreen, KEYS and
    rules_entries, each from the module every game keeps it in."""
    return lazy_getattr(
        package,
        {
            "Board": (".board", board),
            "GameScreen": (".game_screen", "GameScreen"),
            "KEYS": (".help_text", "KEYS"),
            "rules_entries": (".help_text", "reference_entries"),
        },
    )
