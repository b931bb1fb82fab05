"""What a person chose last, kept for the next time, by name: a small JSON file beside the saves.

``preferences.json`` in the data directory is written like a save (atomically) and read
defensively: anything odd in it is ignored, never an error, and a file that cannot be written is
let go. The terminal app keeps its new-game form and its bell there (`ui/preferences.py`), the
plain client how it reads (`plain/reading.py`). A session of `wish-tui serve` keeps none (the
data directory is the server's; a member's settings live in the club).
"""

from __future__ import annotations

import contextlib
import json

from wish_tui import files, saves

FILE = "preferences.json"
MAX_BYTES = 16 * 1024


def recall_all() -> dict:
    """Every preference kept ({} when there is no file or it is not one of ours)."""
    try:
        raw = files.read_regular(saves.data_dir() / FILE, MAX_BYTES)
        data = json.loads(raw.decode("utf-8"))
    except (files.FileRefused, OSError, UnicodeDecodeError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def keep(key: str, value) -> None:
    """Keep one preference (the others stay)."""
    data = recall_all()
    data[key] = value
    with contextlib.suppress(OSError):
        saves.atomic_write(saves.data_dir() / FILE, json.dumps(data))
