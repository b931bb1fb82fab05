"""A game's turn keys (`wish_tui.core.game_keys.GameKey`) as the game screen's bindings."""

from __future__ import annotations

from collections.abc import Iterable

from textual.binding import Binding

from wish_tui.core.game_keys import GameKey


def game_bindings(keys: Iterable[GameKey], undo: Binding, undo_before: str) -> list[Binding]:
    """The bindings of a game's turn keys, in their order, with `undo` before `undo_before`'s."""
    bindings = []
    for key in keys:
        if key.action == undo_before:
            bindings.append(undo)
        bindings.append(Binding(key.key, key.action, key.label, key_display=key.key_display))
    if undo not in bindings:
        raise ValueError(f"no turn key {undo_before!r} to put undo's key before")
    return bindings
