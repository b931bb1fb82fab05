"""What the new-game form was last filled with, so the next new game starts from it.

A small JSON file beside the saves (``new-game.json`` in the data directory), written like a save
(atomically) and read defensively: anything odd in it is ignored, never an error.
"""

from __future__ import annotations

import contextlib
import json

from wish_tui import files, saves

FILE = "new-game.json"
MAX_BYTES = 16 * 1024


def recall() -> dict:
    """The last form: {"game", "rows": [[seat, who] x4], "solo", "options"} or {} when none."""
    try:
        raw = files.read_regular(saves.data_dir() / FILE, MAX_BYTES)
        data = json.loads(raw.decode("utf-8"))
    except (files.FileRefused, OSError, UnicodeDecodeError, ValueError, RecursionError):
        return {}
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


def remember(game: str, rows: list, solo: str, options: dict) -> None:
    """Keep the form as it started a game (a file that cannot be written is let go)."""
    text = json.dumps(
        {"game": game, "rows": [list(r) for r in rows], "solo": solo, "options": options}
    )
    with contextlib.suppress(OSError):
        saves.atomic_write(saves.data_dir() / FILE, text)
