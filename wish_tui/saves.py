"""Save files: the data directory, reading and atomic writing, autosaves, deleting, listing.

What a save holds, its versions and its replay are `wish_tui.records`; the names callers use from
there (GameRecord, SaveError, VERSION, MIGRATIONS, migrate, replay, ...) are re-exported here.
Loading always replays: when the actions do not reproduce the saved state, the state is loaded and
a warning says so.

Saves live in ``data_dir() / "saves"``; the autosave of each game is ``autosave-<id>.json`` there
and only the newest few autosaves are kept. Every write goes to a temporary file in the same folder,
is flushed and fsynced, then `os.replace`d over the target, so a killed process leaves either the
old file or the new one. A file that cannot be read, or was written by a newer version, is never
overwritten or deleted; every problem is a `SaveError` whose message is one sentence naming the file.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from wish_tui import records
from wish_tui.records import (
    FORMAT,
    GAME,
    MIGRATIONS,
    VERSION,
    WHO,
    GameRecord,
    SaveError,
    _clause,
    _settle,
    replay,
)
from wish_tui.wish.rules import State

__all__ = [
    "AUTOSAVE_KEEP",
    "AUTOSAVE_PREFIX",
    "DATA_DIR_ENV",
    "FORMAT",
    "GAME",
    "MAX_BYTES",
    "MIGRATIONS",
    "VERSION",
    "WHO",
    "GameRecord",
    "SaveError",
    "SaveInfo",
    "atomic_write",
    "autosave",
    "data_dir",
    "delete_save",
    "latest_save",
    "list_saves",
    "list_scenarios",
    "load_game",
    "load_with_history",
    "migrate",
    "read_record",
    "replay",
    "save_game",
    "own_path",
    "save_path",
    "saves_dir",
    "write_record",
]

DATA_DIR_ENV = "WISH_TUI_DATA_DIR"
AUTOSAVE_PREFIX = "autosave-"
AUTOSAVE_KEEP = 5
"""How many autosaves (one per game) are kept; older readable ones are removed."""
MAX_BYTES = 4 * 1024 * 1024
"""A save larger than this is refused unread (a finished game is far below 64 KB)."""


def migrate(data, where: str = "the save") -> dict:
    """`records.migrate` up to this module's VERSION (read at call time, so it can be patched).

    Raises:
        SaveError: not a save, or a version this code does not know (a newer one is refused).
    """
    return records.migrate(data, where, to=VERSION)


# -- where saves live ------------------------------------------------------------------------------
def data_dir() -> Path:
    """Return the data directory (``$WISH_TUI_DATA_DIR`` when set), creating it if missing."""
    override = os.environ.get(DATA_DIR_ENV)
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


_NAME = re.compile(r"^[^/\\\x00]{1,80}$")


SCENARIOS_DIR = Path(__file__).resolve().parent.parent / "saves"
"""The ready-made scenario saves of the project (read-only; a name falls back to them)."""


def save_path(name_or_path: str | os.PathLike) -> Path:
    """Return the file for a save name (``evening`` → ``<saves>/evening.json``) or a path.

    Text with a folder separator or ending in ``.json`` is a path; anything else is a name, looked
    up among the player's saves and then among the scenarios.
    """
    own = own_path(name_or_path)
    scenario = SCENARIOS_DIR / f"{os.fspath(name_or_path)}.json"
    if own.parent == saves_dir() and not own.exists() and scenario.is_file():
        return scenario
    return own


def own_path(name_or_path: str | os.PathLike) -> Path:
    """Like `save_path`, but a name always means the player's own saves folder (for writing)."""
    text = os.fspath(name_or_path)
    if os.sep in text or "/" in text or text.endswith(".json") or text.startswith("~"):
        return Path(text).expanduser()
    return saves_dir() / f"{text}.json"


def list_scenarios() -> list[SaveInfo]:
    """The scenario saves shipped with the project, by name (empty when not installed)."""
    if not SCENARIOS_DIR.is_dir():
        return []
    return sorted(list_saves(SCENARIOS_DIR), key=lambda i: i.name)


# -- reading ---------------------------------------------------------------------------------------
def _read_data(path: Path) -> dict:
    """Read and parse a save file's JSON, raising one clear SaveError for every way it can fail."""
    where = f"The save file {path}"
    try:
        if path.is_dir():
            raise SaveError(f"{where} is a folder, not a save file.")
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise SaveError(f"{where} is too large to be a save ({size} bytes).")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"There is no save file {path}.") from None
    except PermissionError:
        raise SaveError(f"{where} cannot be read: permission denied.") from None
    except IsADirectoryError:
        raise SaveError(f"{where} is a folder, not a save file.") from None
    except OSError as exc:
        raise SaveError(f"{where} cannot be read: {exc.strerror or exc}.") from None
    if not raw.strip():
        raise SaveError(f"{where} is empty.")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{where} is not text (it is not UTF-8), so it is not a save.") from None
    try:
        data = json.loads(text)
    except RecursionError:
        raise SaveError(f"{where} is not a save: its JSON is nested too deeply.") from None
    except json.JSONDecodeError as exc:
        if _ends_early(text, exc):
            raise SaveError(f"{where} is truncated: its JSON ends too early.") from None
        raise SaveError(
            f"{where} is not JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})."
        ) from None
    return data


def _ends_early(text: str, exc: json.JSONDecodeError) -> bool:
    """True when the JSON is cut short: it breaks off inside a string or an open object/list."""
    if exc.pos < len(text.rstrip()) and not exc.msg.startswith("Unterminated string"):
        return False
    depth, in_string, escaped = 0, False, False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
    return depth > 0 or in_string


def read_record(name_or_path: str | os.PathLike) -> GameRecord:
    """Read a save's record without replaying it (fast; for listing and checks).

    Raises:
        SaveError: the file cannot be read or is not a save this version can read.
    """
    path = save_path(name_or_path)
    return GameRecord.from_json(_read_data(path), f"The save file {path}")


def load_game(name_or_path: str | os.PathLike) -> tuple[GameRecord, State, str | None]:
    """Load a save: replay its actions from the seed and check they reproduce its state.

    Returns:
        (record, state, warning): warning is None when the replay matches the saved state, else
        one sentence; then the saved state is the one returned (or the replay's, when the saved
        state itself is damaged).

    Raises:
        SaveError: one sentence naming the file and the problem; the file is left untouched.
    """
    path = save_path(name_or_path)
    where = f"The save file {path}"
    record = GameRecord.from_json(_read_data(path), where)
    state, warning = _settle(record, replay(record, where)[-1], where)
    return record, state, warning


def load_with_history(name_or_path) -> tuple[GameRecord, list[State], str | None]:
    """Like `load_game`, but return every state of the replay (for undo and the replay screen).

    When the replay does not reproduce the saved state, the history is the saved state alone.
    """
    path = save_path(name_or_path)
    where = f"The save file {path}"
    record = GameRecord.from_json(_read_data(path), where)
    states = replay(record, where)
    state, warning = _settle(record, states[-1], where)
    return record, (states if state is states[-1] else [state]), warning


# -- writing ---------------------------------------------------------------------------------------
def atomic_write(path: Path, text: str) -> None:
    """Write text to `path` so that it is either the old file or the whole new one, never torn."""
    folder = path.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


_WRITTEN: dict[str, tuple[int, int]] = {}
"""(mtime_ns, size) of each file this process wrote last, so its next write skips the re-check."""


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


def _check_overwritable(path: Path) -> None:
    """Refuse to replace a file that is not a save this version can read (and replay)."""
    if not os.path.lexists(path):
        return
    stamp = _stamp(path)
    if stamp is not None and _WRITTEN.get(str(path)) == stamp:
        return
    where = f"The save file {path}"
    try:
        record = GameRecord.from_json(_read_data(path), where)
        replay(record, where)
    except SaveError as exc:
        raise SaveError(f"{str(exc).rstrip('.')}; it was not overwritten.") from None


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def write_record(record: GameRecord, path: Path) -> Path:
    """Write a record to `path` atomically; return the path.

    Raises:
        SaveError: the target is not a save this version can read, or cannot be written.
    """
    _check_overwritable(path)
    record.saved_at = _now()
    text = json.dumps(record.to_json(), separators=(",", ":"), ensure_ascii=False)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, text)
        stamp = _stamp(path)
        if stamp is not None:
            _WRITTEN[str(path)] = stamp
    except PermissionError:
        raise SaveError(f"The save file {path} cannot be written: permission denied.") from None
    except OSError as exc:
        raise SaveError(f"The save file {path} cannot be written: {exc.strerror or exc}.") from None
    return path


def save_game(record: GameRecord, name: str | os.PathLike) -> Path:
    """Save a record under a name (in the saves folder) or at a path; return the file.

    Raises:
        SaveError: the name is not usable, or the file there is not a readable save.
    """
    text = os.fspath(name)
    if not text.strip():
        raise SaveError("A save needs a name: use 1 to 80 characters, no slashes.")
    path = own_path(text)
    if path.parent == saves_dir() and not _NAME.match(path.stem or ""):
        raise SaveError(f"'{text}' cannot be a save name: use 1 to 80 characters, no slashes.")
    if path.name.startswith(AUTOSAVE_PREFIX) and path.parent == saves_dir():
        raise SaveError(f"'{text}' cannot be a save name: names starting 'autosave-' are reserved.")
    record.name = path.stem
    return write_record(record, path)


def autosave(record: GameRecord) -> Path:
    """Write the autosave of the record's game (one file per game); return it.

    Only the newest AUTOSAVE_KEEP autosaves are kept; older ones are removed only when readable.

    Raises:
        SaveError: the autosave file cannot be written.
    """
    if not record.id:
        record.id = f"{datetime.now(UTC).strftime('%Y%m%d-%H%M%S')}-{record.seed}"
    safe_id = re.sub(r"[^A-Za-z0-9._-]", "_", record.id)
    path = write_record(record, saves_dir() / f"{AUTOSAVE_PREFIX}{safe_id}.json")
    _prune_autosaves(keep=path)
    return path


def _prune_autosaves(keep: Path) -> None:
    autosaves = [
        info for info in list_saves() if info.is_autosave and not info.problem and info.path != keep
    ]
    for info in autosaves[AUTOSAVE_KEEP - 1 :]:
        with contextlib.suppress(OSError):
            info.path.unlink()


def delete_save(name_or_path: str | os.PathLike) -> Path:
    """Delete a save file; return its path.

    Raises:
        SaveError: there is no such save, or it is not a readable save (it is left untouched).
    """
    path = own_path(name_or_path)
    where = f"The save file {path}"
    try:
        replay(GameRecord.from_json(_read_data(path), where), where)
    except SaveError as exc:
        raise SaveError(f"{str(exc).rstrip('.')}; it was not deleted.") from None
    try:
        path.unlink()
    except OSError as exc:
        raise SaveError(f"The save file {path} cannot be deleted: {exc.strerror or exc}.") from None
    return path


# -- listing ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SaveInfo:
    """What the Load screen shows about one save file."""

    name: str
    path: Path
    date: datetime
    """When it was saved (the file's time when the save does not say)."""
    seats: tuple[dict, ...] = ()
    round: int = 0
    scores: tuple[int, ...] = ()
    """Per seat, the VP on the table (no secret Destiny); at the end, the final totals."""
    is_autosave: bool = False
    is_over: bool = False
    solo: str = ""
    description: str = ""
    problem: str = ""
    """'' for a readable save, else the one-sentence SaveError message (the file is kept)."""


def _info(path: Path) -> SaveInfo:
    is_auto = path.name.startswith(AUTOSAVE_PREFIX)
    try:
        mtime = datetime.fromtimestamp(path.stat().st_mtime, UTC)
    except OSError:
        mtime = datetime.fromtimestamp(0, UTC)
    try:
        record = GameRecord.from_json(_read_data(path), f"The save file {path}")
        state = State.from_dict(record.state) if record.state else replay(record)[-1]
    except SaveError as exc:
        return SaveInfo(path.stem, path, mtime, is_autosave=is_auto, problem=str(exc))
    except ValueError as exc:
        problem = f"The save file {path} has a damaged saved position ({_clause(exc)})."
        return SaveInfo(path.stem, path, mtime, is_autosave=is_auto, problem=problem)
    try:
        date = datetime.fromisoformat(record.saved_at) if record.saved_at else mtime
    except ValueError:
        date = mtime
    if date.tzinfo is None:
        date = date.replace(tzinfo=UTC)
    if state.is_over:
        totals = {s["seat"]: s["total"] for s in state.final_scores()["seats"]}
        scores = tuple(totals[i] for i in range(state.num_seats))
    else:
        scores = tuple(state.visible_score(i) for i in range(state.num_seats))
    return SaveInfo(
        name=path.stem,
        path=path,
        date=date,
        seats=tuple(dict(s) for s in record.seats),
        round=state.round,
        scores=scores,
        is_autosave=is_auto,
        is_over=state.is_over,
        solo=record.solo,
        description=record.description,
    )


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every save in the saves folder (or `folder`), the newest first; unreadable ones included
    with their `problem` set, so they can be shown and left alone."""
    folder = folder or saves_dir()
    try:
        paths = [p for p in folder.iterdir() if p.suffix == ".json" and not p.name.startswith(".")]
    except OSError:
        return []
    infos = [_info(p) for p in paths]
    infos.sort(key=lambda i: (i.date, i.name), reverse=True)
    return infos


def latest_save() -> SaveInfo | None:
    """The most recent readable save of a game that is not over (what Continue resumes), or None."""
    for info in list_saves():
        if not info.problem and not info.is_over:
            return info
    return None
