"""Where saves live: the data directory, its folders, and a save's name or path as a file.

The data directory is platformdirs' (``$WISH_TUI_DATA_DIR`` when set); saves are in its
``saves`` folder, finished games in ``history``; a save is named by a plain name (looked up among
the player's saves, then the project's scenarios) or by a path. `wish_tui.saves` reads and writes
them and says these names again as its own.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from wish_tui import files
from wish_tui.core import environment
from wish_tui.core.excerpt import excerpt
from wish_tui.core.text import is_plain_text
from wish_tui.records import SaveError

DATA_DIR_ENV = "WISH_TUI_DATA_DIR"
AUTOSAVE_PREFIX = "autosave-"
HISTORY = "history"
"""The folder of the data directory where finished games are kept, replayable."""


def data_dir() -> Path:
    """Return the data directory (``$WISH_TUI_DATA_DIR`` when set), creating it if missing."""
    override = environment.get(DATA_DIR_ENV)
    if override:
        path = Path(override).expanduser()
        path.mkdir(parents=True, exist_ok=True)
        return path
    import platformdirs

    return platformdirs.user_data_path("wish_tui", appauthor=False, ensure_exists=True)


def saves_dir() -> Path:
    """Return the folder of save files inside the data directory, creating it if missing."""
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


_NAME = re.compile(r"^[^\W_][\w -]{0,79}$")
"""A save name: letters, digits, '-', '_' and spaces, starting with a letter or digit, 1-80 long."""
NAME_RULE = "use 1 to 80 letters, digits, spaces, '-' or '_', starting with a letter or digit"


SCENARIOS_DIR = Path(__file__).resolve().parent.parent / "saves"
"""The ready-made scenario saves of the project (read-only; a name falls back to them)."""


def shown(path: str | os.PathLike) -> str:
    """A path as it may appear in a message: itself when short and printable, else an excerpt."""
    text = os.fspath(path)
    if isinstance(text, bytes):
        text = text.decode("utf-8", "backslashreplace")
    if len(text) <= 160 and is_plain_text(text):
        return text
    return excerpt(text)


def load_word(path: Path) -> str:
    """How a written save is named to load it again: its name in the saves folder, else its path."""
    if path.suffix == ".json" and path.parent == saves_dir():
        return path.stem
    return shown(path.absolute())


def is_path(text: str) -> bool:
    """True when text names a file by path (a folder separator, '~' or '.json'), not by name."""
    return os.sep in text or "/" in text or text.endswith(".json") or text.startswith("~")


def save_path(name_or_path: str | os.PathLike) -> Path:
    """Return the file for a save name (``evening`` → ``<saves>/evening.json``) or a path.

    Text with a folder separator or ending in ``.json`` is a path; anything else is a name, looked
    up among the player's saves and then among the scenarios.
    """
    own = own_path(name_or_path)
    text = os.fspath(name_or_path)
    if is_path(text) or files.exists(own):
        return own
    scenario = SCENARIOS_DIR / f"{text}.json"
    return scenario if files.is_regular(scenario) else own


def own_path(name_or_path: str | os.PathLike) -> Path:
    """Like `save_path`, but a name always means the player's own saves folder (for writing)."""
    text = os.fspath(name_or_path)
    if is_path(text):
        try:
            return Path(text).expanduser()
        except RuntimeError:  # '~someone' for a user this machine does not have
            raise SaveError(
                f"{excerpt(text)} starts with a home folder this machine does not have; "
                "give the save a plain name or a full path."
            ) from None
    return saves_dir() / f"{text}.json"


def check_name(text: str) -> None:
    """Refuse a save name that is not a plain name.

    Raises:
        SaveError: one sentence saying what a name may hold.
    """
    if not text.strip():
        raise SaveError(f"A save needs a name: {NAME_RULE}.")
    if not _NAME.match(text):
        raise SaveError(f"{excerpt(text)} cannot be a save name: {NAME_RULE}.")
    if text.startswith(AUTOSAVE_PREFIX.rstrip("-")):
        raise SaveError(
            f"{excerpt(text)} cannot be a save name: names starting 'autosave' are reserved."
        )


def history_dir() -> Path:
    """The folder of finished games, creating it if missing."""
    path = data_dir() / HISTORY
    path.mkdir(parents=True, exist_ok=True)
    return path
