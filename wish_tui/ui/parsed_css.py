"""Textual's parsed CSS, kept for every app of the process rather than for one stylesheet.

Textual parses a stylesheet's sources again for each new App (its cache of parsed rules belongs
to one `Stylesheet`). An app of `wish-tui serve` is forked from a pool that has run the app once,
so every source it reads was parsed there already, with the same variables: `share_parsed_css`
gives an app's stylesheet a cache that looks in the process's, keyed by the CSS variables too (a
rule's parse depends on them), so the apps of one process parse each source once per theme.
The variables themselves (a few hundred names and colours a theme) are one dict per theme for
every app of the process (`shared_variables`), keyed once.
"""

from __future__ import annotations

import weakref

from textual.css.stylesheet import Stylesheet

from .terminal.textual_adapter import give_parse_cache, stylesheet_variables

_PARSED: dict[tuple, list] = {}
"""Parsed rules by (Textual's own key, the variables' key): a few dozen sources per theme."""
MOST_KEPT = 2048
"""The most sources kept parsed; past it the cache starts again (themes changed many times)."""
_VARIABLES: dict[tuple, tuple[dict[str, str], tuple]] = {}
"""Each set of CSS variables an app of the process used, by its key: (the dict, the key)."""
MOST_THEMES = 64
"""The most sets of variables kept; past it they are kept anew."""


def _kept_variables(variables: dict[str, str]) -> tuple[dict[str, str], tuple]:
    key = tuple(sorted(variables.items()))
    kept = _VARIABLES.get(key)
    if kept is None:
        if len(_VARIABLES) >= MOST_THEMES:
            _VARIABLES.clear()
        kept = _VARIABLES[key] = (variables, key)
    return kept


def shared_variables(variables: dict[str, str]) -> dict[str, str]:
    """`variables`, or the same variables as another app of the process holds them (no one
    changes them: Textual sets a new dict for a new theme)."""
    return _kept_variables(variables)[0]


class SharedParseCache:
    """What `Stylesheet` asks of its `_parse_cache` (get, set, clear), over `_PARSED`."""

    def __init__(self, stylesheet: Stylesheet) -> None:
        self._stylesheet = weakref.ref(stylesheet)
        """Its stylesheet, which holds it (weakly: a cycle otherwise, left to the cyclic
        collector when the app ends)."""
        self._variables_id = 0
        self._variables_key: tuple = ()

    def _key(self, key: tuple) -> tuple:
        variables = stylesheet_variables(self._stylesheet())
        if id(variables) != self._variables_id:  # Textual sets a new dict, never edits one
            self._variables_id = id(variables)
            self._variables_key = _kept_variables(variables)[1]
        return (key, self._variables_key)

    def __getitem__(self, key: tuple) -> list:
        return _PARSED[self._key(key)]

    def __setitem__(self, key: tuple, rules: list) -> None:
        if len(_PARSED) >= MOST_KEPT:
            _PARSED.clear()
        _PARSED[self._key(key)] = rules

    def clear(self) -> None:
        """The variables changed: the rules parsed with others stay theirs (they are keyed)."""


def share_parsed_css(stylesheet: Stylesheet) -> None:
    """Have `stylesheet` keep its parsed rules in the process's cache (see the module)."""
    give_parse_cache(stylesheet, SharedParseCache(stylesheet))
