"""The table files of the server before the club (``tables/<id>.json``), imported once each.

Each file is a game's save with a ``"table"`` block (owner, seats with their people, chat), as
the server wrote it before the club. On the club's start every file not imported yet becomes a table
of the club: its actions become its events (replayed through the rules first), its people become
players (a key's fingerprint, or a guest's name), its chat its chat. A game that was over is
finished at once, unrated (no rating existed then). The files are kept; ``imported_files`` notes
each by name so it is read once. A file that cannot be read or does not replay is reported in one
sentence and skipped (it is tried again at the next start).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from wish_tui import files, records, saves
from wish_tui.games import GAMES
from wish_tui.records import GameRecord, SaveError

from .errors import ClubError, InputRefused
from .identity import OPEN_PREFIX
from .limits import NAME_MAX, RESERVED, clean_text, name_key
from .rows import SeatSpec

FOLDER = "tables"
TABLE_ID = re.compile(r"^[0-9a-f]{6}$")
OLD_LEVELS = ("random", "easy", "medium", "hard")


@dataclass
class ImportReport:
    imported: list[str] = field(default_factory=list)
    """The codes of the tables imported now."""
    problems: list[str] = field(default_factory=list)
    """One sentence per file that was skipped."""


@dataclass(frozen=True)
class _OldTable:
    code: str
    record: GameRecord
    history: list
    owner: str
    seats: list[dict]
    chat: list[str]


def _read(path: Path) -> _OldTable:
    where = f"The table file {saves.shown(path)}"
    try:
        data = json.loads(files.read_regular(path, saves.MAX_BYTES).decode("utf-8"))
    except files.FileRefused as exc:
        raise SaveError(f"{where} {exc}.") from None
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise SaveError(f"{where} is not JSON.") from None
    block = data.get("table") if isinstance(data, dict) else None
    if not isinstance(block, dict) or not TABLE_ID.match(str(block.get("id", ""))):
        raise SaveError(f"{where} is not a table of this server.")
    record = GameRecord.from_json(data, where, games=GAMES)
    seats, owner, chat = block.get("seats"), block.get("owner", ""), block.get("chat", [])
    if (
        not isinstance(seats, list)
        or len(seats) != len(record.seats)
        or not all(isinstance(s, dict) and isinstance(s.get("person", ""), str) for s in seats)
        or not isinstance(owner, str)
        or not isinstance(chat, list)
        or not all(isinstance(c, str) for c in chat)
    ):
        raise SaveError(f"{where} is damaged: its seats, owner or chat are not a table's.")
    history, _ = records.settle(record, where)
    if len(history) != len(record.actions) + 1:
        raise SaveError(f"{where} does not replay its actions, so it cannot become a club table.")
    return _OldTable(block["id"], record, history, owner, seats, chat)


def _free_name(db_players, base: str) -> str:
    """`base` made a name nobody holds: cleaned, cut, numbered if taken."""
    clean = " ".join(clean_text(base).split())[:NAME_MAX] or "player"
    if len(clean) < 2:
        clean = f"player {clean}"
    for n in range(1, 1000):
        name = clean if n == 1 else f"{clean[: NAME_MAX - len(str(n)) - 1]} {n}"
        if name_key(name) not in RESERVED and db_players.by_name(name) is None:
            return name
    raise ClubError(f"No free name is left for {base[:20]}.")


def _player(club, person: str, name: str) -> int | None:
    """The club player of an old table's person ('' is an open seat)."""
    players = club.players
    if not person:
        return None
    if person.startswith(OPEN_PREFIX):
        guest_name = person[len(OPEN_PREFIX) :]
        try:
            return players.guest(guest_name).id
        except InputRefused:
            return players.guest(_free_name(players, guest_name)).id
    if person.startswith("SHA256:"):
        known = players.by_key(person)
        if known is not None:
            return known.id
        return players.register(person, _free_name(players, name or f"key {person[7:15]}")).id
    raise ClubError(f"its person {person[:20]!r} is neither a key nor a guest")


def _import(club, path: Path, old: _OldTable) -> str:
    record = old.record
    spec = record.spec
    names = {s.get("person", ""): s.get("person_name", "") for s in old.seats}
    at = int(os.stat(path).st_mtime * 1000)
    with club.db.transaction():
        people = {p: _player(club, p, names.get(p, "")) for p in sorted({*names, old.owner}) if p}
        code = old.code
        if club.db.one("SELECT 1 FROM tables WHERE code = ?", (code,)):
            code = None
        seats = [
            SeatSpec(
                seat[spec.seat_key],
                seat.get("who", "human"),
                people.get(old_seat.get("person", "")),
            )
            for seat, old_seat in zip(record.seats, old.seats, strict=True)
        ]
        table = club.tables.create(
            spec.name,
            record.seed,
            seats,
            people.get(old.owner),
            solo=record.solo,
            options=spec.options_to_json(record.options),
            code=code,
        )
        for before, text in zip(old.history, record.actions, strict=False):
            seat = before.current_player
            club.tables.append(table.id, seat, seats[seat].player_id, text)
        for index, old_seat in enumerate(old.seats):
            zombie = old_seat.get("zombie", "")
            if zombie in OLD_LEVELS:
                club.tables.set_seat(table.id, index, zombie=zombie)
        for line in old.chat[-50:]:
            text = clean_text(line)[:300]
            if text:
                club.tables._chat(table.id, None, text)
        club.db.execute("UPDATE tables SET created_at = ? WHERE id = ?", (at, table.id))
        club.db.execute(
            "INSERT INTO imported_files (name, table_id, at) VALUES (?, ?, ?)",
            (path.name, table.id, club.db.clock()),
        )
        if old.history[-1].is_over:
            club.finish(table.id, old.history[-1].final_scores(), rated=False)
    return table.code


def import_table_files(club, data_dir: Path) -> ImportReport:
    """Import every table file of `data_dir` not imported yet; the files stay where they are."""
    report = ImportReport()
    folder = Path(data_dir) / FOLDER
    try:
        paths = sorted(p for p in folder.iterdir() if p.suffix == ".json")
    except OSError:
        return report
    done = {r[0] for r in club.db.rows("SELECT name FROM imported_files")}
    for path in paths:
        if not TABLE_ID.match(path.stem) or path.name in done:
            continue
        try:
            old = _read(path)
            report.imported.append(_import(club, path, old))
        except SaveError as exc:
            report.problems.append(f"{str(exc).rstrip('.')}; it was not imported and is kept.")
        except (ClubError, ValueError) as exc:
            report.problems.append(
                f"The table file {saves.shown(path)} could not be imported "
                f"({str(exc).rstrip('.')}); it is kept."
            )
    return report
