"""Tables on disk: each table is a save file of the game (the usual format) plus its seating.

A table is written after every change to ``tables/<id>.json`` in the data directory, atomically,
so a server restart resumes every table where it stood. The file is the game's save with one
more key, ``"table"``: the owner, who holds each seat, and the chat.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from pathlib import Path

from wish_tui import files, saves
from wish_tui.core.bots import LEVELS
from wish_tui.records import GameRecord, SaveError

from .tables import CHAT_KEEP, Seat, Table, restore

FOLDER = "tables"
ID = re.compile(r"^[0-9a-f]{6}$")
MAX_NAME = 40


def tables_dir(data_dir: Path | None = None) -> Path:
    """The folder of the server's tables in `data_dir` (the app's by default), created if missing."""
    path = (data_dir or saves.data_dir()) / FOLDER
    path.mkdir(parents=True, exist_ok=True)
    return path


def path_of(table_id: str, data_dir: Path | None = None) -> Path:
    return tables_dir(data_dir) / f"{table_id}.json"


def encode(table: Table) -> str:
    """The text of a table's file, as it stands now."""
    data = table.record.to_json()
    data["table"] = {
        "id": table.id,
        "owner": table.owner,
        "seats": [seat.to_json() for seat in table.seats],
        "chat": list(table.chat),
    }
    return json.dumps(data, separators=(",", ":"), ensure_ascii=True)


def write(table_id: str, text: str, data_dir: Path | None = None) -> None:
    """Write a table's text (from `encode`) atomically.

    Raises:
        SaveError: the file cannot be written.
    """
    try:
        saves.atomic_write(path_of(table_id, data_dir), text)
    except OSError as exc:
        raise SaveError(f"The table {table_id} cannot be saved: {files.refusal(exc)}.") from None


def remove(table_id: str, data_dir: Path | None = None) -> None:
    """Delete a table's file (a table closed by its owner)."""
    with contextlib.suppress(OSError):
        os.unlink(path_of(table_id, data_dir))


def _text(value, limit: int) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise ValueError("a seat's person is not short text")
    return value


def _seats(block: dict, record: GameRecord) -> list[Seat]:
    raw = block.get("seats")
    if not isinstance(raw, list) or len(raw) != len(record.seats):
        raise ValueError("its seats do not match its game")
    seats = []
    for entry, name, placed in zip(raw, record.seat_names, record.seats, strict=True):
        if not isinstance(entry, dict) or entry.get("name") != name:
            raise ValueError("its seats do not match its game")
        who = placed.get("who", "human")
        zombie = _text(entry.get("zombie", ""), 10)
        seat = Seat(
            name,
            who,
            _text(entry.get("person", ""), 200),
            _text(entry.get("person_name", ""), MAX_NAME),
            zombie if zombie in ("", *LEVELS) else "",
        )
        seats.append(seat)
    return seats


def read(path: Path) -> Table:
    """Read one table file.

    Raises:
        SaveError: one sentence naming the file and what is wrong with it.
    """
    where = f"The table file {saves.shown(path)}"
    try:
        raw = files.read_regular(path, saves.MAX_BYTES)
        data = json.loads(raw.decode("utf-8"))
    except files.FileRefused as exc:
        raise SaveError(f"{where} {exc}.") from None
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise SaveError(f"{where} is not JSON.") from None
    block = data.get("table") if isinstance(data, dict) else None
    if not isinstance(block, dict) or not ID.match(str(block.get("id", ""))):
        raise SaveError(f"{where} is not a table of this server.")
    record = GameRecord.from_json(data, where)
    try:
        seats = _seats(block, record)
        owner = _text(block.get("owner", ""), 200)
        chat = block.get("chat", [])
        if not isinstance(chat, list) or not all(
            isinstance(c, str) and len(c) <= 300 for c in chat
        ):
            raise ValueError("its chat is damaged")
    except ValueError as exc:
        raise SaveError(f"{where} is damaged: {exc}.") from None
    return restore(block["id"], record, owner, seats, chat[-CHAT_KEEP:])


def load_all(data_dir: Path | None = None) -> tuple[dict[str, Table], list[str]]:
    """Every table on disk, and one sentence for each file that could not be read (kept)."""
    tables: dict[str, Table] = {}
    problems: list[str] = []
    try:
        paths = sorted(p for p in tables_dir(data_dir).iterdir() if p.suffix == ".json")
    except OSError:
        return tables, problems
    for path in paths:
        if not ID.match(path.stem):
            continue
        try:
            table = read(path)
        except SaveError as exc:
            problems.append(str(exc))
            continue
        tables[table.id] = table
    return tables, problems
