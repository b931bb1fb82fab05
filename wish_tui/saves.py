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
import stat
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from wish_tui import files, records
from wish_tui.core.excerpt import excerpt
from wish_tui.core.ranking import seat_totals
from wish_tui.core.text import is_plain_text
from wish_tui.records import (
    FORMAT,
    GAME,
    MIGRATIONS,
    VERSION,
    WHO,
    GameRecord,
    Registry,
    SaveError,
    replay,
    saved_state,
    settle,
)
from wish_tui.save_paths import (
    AUTOSAVE_PREFIX,
    DATA_DIR_ENV,
    SCENARIOS_DIR,
    check_name,
    data_dir,
    history_dir,
    is_path,
    own_path,
    save_path,
    saves_dir,
    shown,
)

__all__ = [
    "AUTOSAVE_PREFIX",
    "HISTORY_KEEP",
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
    "check_name",
    "data_dir",
    "delete_save",
    "history_dir",
    "latest_save",
    "list_saves",
    "list_history",
    "list_scenarios",
    "load_game",
    "load_for_replay",
    "load_with_history",
    "migrate",
    "remove_stale_temporaries",
    "read_record",
    "replay",
    "save_game",
    "own_path",
    "save_path",
    "saves_dir",
    "write_record",
]

HISTORY_KEEP = 500
"""How many finished games the history keeps (the oldest readable ones go first)."""
MAX_BYTES = 4 * 1024 * 1024
"""A save larger than this is refused unread (a finished four-seat game is about 40 KB)."""
STALE_TMP_SECONDS = 600
"""A temporary file of an interrupted write older than this is removed when the app starts."""


def migrate(data, where: str = "the save") -> dict:
    """`records.migrate` up to this module's VERSION (read at call time, so it can be patched).

    Raises:
        SaveError: not a save, or a version this code does not know (a newer one is refused).
    """
    return records.migrate(data, where, to=VERSION)


def list_scenarios(*, games: Registry) -> list[SaveInfo]:
    """The scenario saves shipped with the project, by name (empty when not installed)."""
    if not SCENARIOS_DIR.is_dir():
        return []
    return sorted(list_saves(SCENARIOS_DIR, games=games), key=lambda i: i.name)


# -- reading ---------------------------------------------------------------------------------------
def where_is(path: Path) -> str:
    """'The save file PATH', the subject of every sentence about a save file."""
    return f"The save file {shown(path)}"


def _read_data(path: Path) -> dict:
    """Read and parse a save file's JSON, raising one clear SaveError for every way it can fail."""
    where = where_is(path)
    try:
        raw = files.read_regular(path, MAX_BYTES)
    except files.FileRefused as exc:
        if str(exc) == "does not exist":
            raise SaveError(f"There is no save file {shown(path)}.") from None
        raise SaveError(f"{where} {exc}.") from None
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
    except ValueError:
        raise SaveError(f"{where} is not a save: it holds a number too long to read.") from None
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


def read_record(name_or_path: str | os.PathLike, *, games: Registry) -> GameRecord:
    """Read a save's record without replaying it (fast; for listing and checks).

    Raises:
        SaveError: the file cannot be read or is not a save this version can read.
    """
    path = save_path(name_or_path)
    return GameRecord.from_json(_read_data(path), where_is(path), games=games)


def load_with_history(name_or_path, *, games: Registry) -> tuple[GameRecord, list, str | None]:
    """Load a save: every state of its replay (for undo), the last being the position.

    When the actions do not reach the saved position, the history is the saved position alone
    and the warning says why (`records.settle`).

    Raises:
        SaveError: one sentence naming the file and the problem; the file is left untouched.
    """
    path = save_path(name_or_path)
    where = where_is(path)
    record = GameRecord.from_json(_read_data(path), where, games=games)
    history, warning = settle(record, where)
    return record, history, warning


def load_game(name_or_path: str | os.PathLike, *, games: Registry) -> tuple:
    """Load a save: replay its actions from the seed and check they reproduce its state.

    Returns:
        (record, state, warning): warning is None when the replay matches the saved state, else
        one sentence; then the saved state is the one returned (or the replay's, when the saved
        state itself is damaged).

    Raises:
        SaveError: one sentence naming the file and the problem; the file is left untouched.
    """
    record, history, warning = load_with_history(name_or_path, games=games)
    return record, history[-1], warning


def load_for_replay(name_or_path: str | os.PathLike, *, games: Registry) -> tuple[GameRecord, list]:
    """Load a save whose actions replay from its seed (what the replay screen steps through).

    Raises:
        SaveError: the file cannot be read, or its actions do not replay.
    """
    path = save_path(name_or_path)
    where = where_is(path)
    record = GameRecord.from_json(_read_data(path), where, games=games)
    return record, replay(record, where)


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
        info = os.stat(path)
    except (OSError, ValueError, UnicodeError):
        return None
    return info.st_mtime_ns, info.st_size


def _check_overwritable(path: Path, games: Registry) -> None:
    """Refuse to replace a file that is not a save this version can read (and replay)."""
    if not files.exists(path):
        return
    stamp = _stamp(path)
    if stamp is not None and _WRITTEN.get(str(path)) == stamp:
        return
    where = where_is(path)
    try:
        settle(GameRecord.from_json(_read_data(path), where, games=games), where)
    except SaveError as exc:
        raise SaveError(f"{str(exc).rstrip('.')}; it was not overwritten.") from None


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _check_readable(data: dict, text: str, path: Path, games: Registry) -> None:
    """Refuse to write what loading would refuse (the same bounds both ways)."""
    where = where_is(path)
    if len(text) > MAX_BYTES:
        raise SaveError(f"{where} was not written: it would be larger than loading reads.")
    try:
        records.check_readable(data, where, games)
    except SaveError as exc:
        reason = str(exc).removeprefix(f"{where} has the wrong shape: ")
        raise SaveError(f"{where} was not written: {reason}") from None


def _games_of(record: GameRecord, games: Registry | None) -> Registry:
    """The games a file being replaced may be of: the caller's registry, or the record's game."""
    return games if games is not None else {record.spec.name: record.spec}


def write_record(record: GameRecord, path: Path, *, games: Registry | None = None) -> Path:
    """Write a record to `path` atomically; return the path.

    Args:
        games: the games a file already there may be of (the caller's registry; by default the
            record's game only, so a save of another game is never replaced).

    Raises:
        SaveError: the target is not a save this version can read, or cannot be written.
    """
    games = _games_of(record, games)
    _check_overwritable(path, games)
    record.saved_at = _now()
    data = record.to_json()
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=True)
    _check_readable(data, text, path, games)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, text)
        stamp = _stamp(path)
        if stamp is not None:
            _WRITTEN[str(path)] = stamp
    except (OSError, ValueError, UnicodeError) as exc:
        clause = files.refusal(exc).replace("cannot be read", "cannot be written")
        raise SaveError(f"{where_is(path)} {clause}.") from None
    return path


def save_game(
    record: GameRecord, name: str | os.PathLike, *, games: Registry | None = None
) -> Path:
    """Save a record under a name (in the saves folder) or at a path; return the file.

    A name is a plain name (`check_name`); text with a '/' (or ending '.json') is a path.

    Raises:
        SaveError: the name is not usable, or the file there is not a readable save.
    """
    text = os.fspath(name)
    if not isinstance(text, str):
        raise SaveError("A save name must be text.")
    if not is_path(text):
        check_name(text.strip())
        text = text.strip()
    path = own_path(text)
    if path.name.startswith(AUTOSAVE_PREFIX) and path.parent == saves_dir():
        raise SaveError(
            f"{excerpt(text)} cannot be a save name: names starting 'autosave' are reserved."
        )
    record.name = path.stem if is_plain_text(path.stem) and len(path.stem) <= 80 else ""
    return write_record(record, path, games=games)


def autosave(record: GameRecord, finished: bool = False, *, games: Registry | None = None) -> Path:
    """Write the autosave of the record's game (one file per game); return it.

    An unfinished game's autosave stays in the saves folder until the game is finished or the
    person deletes it. A finished game moves to the history (`history_dir`), where the newest
    HISTORY_KEEP finished games are kept for replay; older readable ones are removed.

    Raises:
        SaveError: the autosave file cannot be written.
    """
    if not record.id:
        record.id = records.new_id()
    safe_id = re.sub(r"[^A-Za-z0-9._-]", "_", record.id)[:80]
    unfinished = saves_dir() / f"{AUTOSAVE_PREFIX}{safe_id}.json"
    games = _games_of(record, games)
    if not finished:
        return write_record(record, unfinished, games=games)
    path = write_record(record, history_dir() / f"{AUTOSAVE_PREFIX}{safe_id}.json", games=games)
    if files.is_regular(unfinished):
        with contextlib.suppress(OSError):
            os.unlink(unfinished)
    _prune_history(keep=path, games=games)
    return path


def _prune_history(keep: Path, games: Registry) -> None:
    listed = list_saves(history_dir(), games=games)
    finished = [i for i in listed if not i.problem and i.path != keep]
    for info in finished[HISTORY_KEEP - 1 :]:
        with contextlib.suppress(OSError):
            info.path.unlink()


def delete_save(name_or_path: str | os.PathLike, *, games: Registry) -> Path:
    """Delete a save file; return its path.

    Raises:
        SaveError: there is no such save, or it is not a readable save (it is left untouched).
    """
    path = own_path(name_or_path)
    where = where_is(path)
    try:
        settle(GameRecord.from_json(_read_data(path), where, games=games), where)
    except SaveError as exc:
        raise SaveError(f"{str(exc).rstrip('.')}; it was not deleted.") from None
    try:
        path.unlink()
    except (OSError, ValueError) as exc:
        raise SaveError(f"{where} cannot be deleted: {files.refusal(exc)}.") from None
    return path


def remove_stale_temporaries(folder: Path | None = None, now: float | None = None) -> int:
    """Remove temporary files that a write killed midway left behind; return how many.

    Only files named like `atomic_write`'s temporaries (``.NAME.json.XXXX.tmp``) and older than
    STALE_TMP_SECONDS are removed, so a write in progress elsewhere is never disturbed.
    """
    folder = folder or saves_dir()
    now = time.time() if now is None else now
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        name = entry.name
        if not (name.startswith(".") and name.endswith(".tmp") and ".json." in name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_TMP_SECONDS:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed


# -- listing ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SaveInfo:
    """What the Load screen shows about one save file."""

    name: str
    path: Path
    date: datetime
    """When it was saved (the file's time when the save does not say)."""
    seats: tuple[dict, ...] = ()
    game: str = ""
    """The game's name in the registry ('' for a damaged file)."""
    progress: str = ""
    """How far the game is, in the game's words ('round 3', '12 tiles left', 'over')."""
    round: int = 0
    scores: tuple[int, ...] = ()
    """Per seat, the VP on the table (no secret Destiny); at the end, the final totals."""
    is_autosave: bool = False
    is_over: bool = False
    solo: str = ""
    description: str = ""
    result: str = ""
    """Once the game is over: who won and with what, e.g. 'Air won with 34' ('' before)."""
    problem: str = ""
    """'' for a readable save, else the one-sentence SaveError message (the file is kept)."""
    game_id: str = ""
    """The game's id (a save, its autosave and its finished copy share it)."""


def _info(path: Path, games: Registry) -> SaveInfo:
    """What the Load screen shows of one file; a damaged file gets its one-sentence problem."""
    is_auto = path.name.startswith(AUTOSAVE_PREFIX)
    try:
        mtime = datetime.fromtimestamp(os.stat(path).st_mtime, UTC)
    except (OSError, ValueError, OverflowError):
        mtime = datetime.fromtimestamp(0, UTC)
    where = where_is(path)
    try:
        record = GameRecord.from_json(_read_data(path), where, games=games)
        state = _listed_state(record, where)
        return _describe(path, record, state, mtime, is_auto)
    except SaveError as exc:
        problem = str(exc)
    except Exception as exc:  # noqa: BLE001  (one odd file must never break the whole list)
        problem = f"{where} cannot be read ({type(exc).__name__})."
    return SaveInfo(_stem(path), path, mtime, is_autosave=is_auto, problem=problem)


def _stem(path: Path) -> str:
    return shown(path.stem)


def _listed_state(record: GameRecord, where: str):
    """The position to describe: the saved one when it is this record's game, else the replay."""
    if record.state:
        try:
            return saved_state(record)
        except ValueError:
            pass
    return settle(record, where)[0][-1]


def _describe(path: Path, record: GameRecord, state, mtime, is_auto: bool) -> SaveInfo:
    try:
        date = datetime.fromisoformat(record.saved_at) if record.saved_at else mtime
    except ValueError:
        date = mtime
    if date.tzinfo is None:
        date = date.replace(tzinfo=UTC)
    progress, scores = record.spec.summary(state)
    return SaveInfo(
        name=_stem(path),
        path=path,
        date=date,
        seats=tuple(dict(s) for s in record.seats),
        round=getattr(state, "round", 0),
        progress=progress,
        game=record.game,
        scores=scores,
        is_autosave=is_auto,
        is_over=state.is_over,
        game_id=record.id,
        solo=record.solo,
        description=record.description,
        result=_result(record, state) if state.is_over else "",
    )


def _result(record: GameRecord, state) -> str:
    """Who won a finished game and with what: 'Air won with 34', 'Air and Fire shared it
    with 30'; a solo game: 'won with 41' or 'lost with 22'."""
    spec = record.spec
    scores = state.final_scores()
    totals = seat_totals(scores)
    if record.solo:
        verdict = "won" if spec.solo_won(scores) else "lost"
        return f"{verdict} with {totals[0]}"
    first = scores["ranking"][0]
    names = [spec.seat_title(record.seat_names[seat]) for seat in first]
    if len(names) == 1:
        return f"{names[0]} won with {totals[first[0]]}"
    return f"{' and '.join(names)} shared it with {totals[first[0]]}"


def list_saves(folder: Path | None = None, *, games: Registry) -> list[SaveInfo]:
    """Every save in the saves folder (or `folder`), the newest first; unreadable ones included
    with their `problem` set, so they can be shown and left alone."""
    folder = folder or saves_dir()
    try:
        paths = [p for p in folder.iterdir() if p.suffix == ".json" and not p.name.startswith(".")]
    except OSError:
        return []
    paths = [p for p in paths if files.is_regular(p)]
    infos = [_info(p, games) for p in paths]
    infos.sort(key=lambda i: (i.date, i.name), reverse=True)
    return infos


def latest_save(*, games: Registry) -> SaveInfo | None:
    """The most recent readable save of a game that is not over (what Continue resumes), or None."""
    saves = list_saves(games=games)
    # A save of a game finished since (continued from it and played to the end) is not resumed.
    finished = {}
    for info in [*saves, *list_history(games=games)]:
        if info.is_over and info.game_id:
            finished[info.game_id] = max(info.date, finished.get(info.game_id, info.date))
    for info in saves:
        if info.problem or info.is_over:
            continue
        if info.game_id in finished and finished[info.game_id] >= info.date:
            continue
        return info
    return None


def nothing_to_continue(*, games: Registry, start: str, load: str) -> str:
    """Why there is nothing to continue, in one sentence: no save at all, or only saves of games
    played to their end (over, or continued and finished since: the save itself may be of a
    position before the end) (`start` and `load` say how to start a game and open a save)."""
    if any(not info.problem for info in list_saves(games=games)):
        return (
            f"no unfinished game to continue: the saved games were played to their end; {load}, "
            f"or {start}"
        )
    return f"there is no saved game to continue yet; {start}"


def list_history(*, games: Registry) -> list[SaveInfo]:
    """The finished games kept for replay, the newest first."""
    return list_saves(history_dir(), games=games)
