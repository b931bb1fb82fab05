"""What a person chose last, kept for the next time: the new-game form, the bell.

Kept in the data directory's preferences (`wish_tui.preferences`); the app of a session of
`wish-tui serve` keeps none (the data directory is the server's).
"""

from __future__ import annotations

from wish_tui import preferences

_read = preferences.recall_all
_write = preferences.keep


def recall_form() -> dict:
    """The last new-game form: {"game", "rows": [[seat, who] x4], "solo", "options"}, or {}."""
    data = _read().get("new_game")
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        return {}
    rows = data.get("rows")
    if not (
        isinstance(rows, list)
        and len(rows) == 4
        and all(
            isinstance(r, list) and len(r) == 2 and all(isinstance(x, str) for x in r) for r in rows
        )
    ):
        data["rows"] = None
    if not isinstance(data.get("solo", ""), str):
        data["solo"] = ""
    if not isinstance(data.get("options", {}), dict):
        data["options"] = {}
    return data


def remember_form(game: str, rows: list, solo: str, options: dict) -> None:
    """Keep the form as it started a game (a file that cannot be written is let go)."""
    form = {"game": game, "rows": [list(r) for r in rows], "solo": solo, "options": options}
    _write("new_game", form)


def bell() -> bool:
    """True when the terminal's bell rings as a decision becomes the person's (the default)."""
    return _read().get("bell", True) is not False


def set_bell(on: bool) -> None:
    """Keep whether the bell rings."""
    _write("bell", bool(on))
