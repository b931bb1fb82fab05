"""A game's turn keys as data: each key's letter, the action it names, its words and which legal
actions it offers. The game's words declare them once; the screen binds them and the seat API
groups the legal actions by them. No Textual here."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple


class GameKey(NamedTuple):
    """One turn key of a game."""

    key: str
    """The key (or keys, comma-separated) that fires it."""
    action: str
    """The screen action it names, and the seat API's name of its group of actions."""
    label: str
    """Its word on the key bar."""
    title: str
    """Its group's title in windows, refusals and the help."""
    belongs: Callable[[Any], bool]
    """Whether a legal action is one this key offers."""
    key_display: str | None = None
    """What the key bar shows for `key` (None: the key itself)."""
    rare: bool = False
    """Seldom usable: hidden from the key bar until usable (the rest show greyed)."""


def key_groups(keys: Iterable[GameKey], order: Iterable[str]) -> dict[str, tuple]:
    """The seat API's key groups, in `order`: each key's action -> (its title, `belongs`)."""
    by_action = {k.action: k for k in keys}
    groups = {action: (by_action[action].title, by_action[action].belongs) for action in order}
    if groups.keys() != by_action.keys():
        raise ValueError(f"key group order {list(groups)} does not name {list(by_action)}")
    return groups


def rare_actions(keys: Iterable[GameKey]) -> frozenset[str]:
    """The actions of the seldom usable keys."""
    return frozenset(k.action for k in keys if k.rare)
