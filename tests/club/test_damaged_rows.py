"""A table whose rows are damaged is kept as it is and said: one sentence per table when `serve`
starts, and in the list of `wish-tui club problems` (and its JSON); the other tables play on."""

from __future__ import annotations

import asyncio
import io
import json
import sqlite3

import pytest

from wish_tui.cli import main
from wish_tui.club import SeatSpec, open_club
from wish_tui.club.store.sqlite_file import FILE
from wish_tui.server.serve import ServeOptions, serve

from .conftest import people, play

DAMAGES = {
    "illegal action": (
        "UPDATE table_events SET notation = 'fly to the moon' WHERE table_id = ? AND seq = 3",
        "action 3 'fly to the moon' is not legal there",
    ),
    "clock": ("UPDATE tables SET clock = 'tick' WHERE id = ?", "its clock settings ('tick')"),
    "seed": ("UPDATE tables SET seed = 'abc' WHERE id = ?", "its seed 'abc' is not a whole"),
    "game": ("UPDATE tables SET game = 'chess' WHERE id = ?", "its game 'chess' is not a game"),
    "options": (
        "UPDATE tables SET options = '{\"modules\": 7}' WHERE id = ?",
        "its options are not Wish's (Wish has no option 'modules')",
    ),
    "seat": ("UPDATE table_seats SET who = 'wizard' WHERE table_id = ?", "its seat 0 is played"),
    "not utf-8": (
        "UPDATE table_events SET notation = CAST(x'74ff6c6f77' AS TEXT) WHERE table_id = ? "
        "AND seq = 2",
        "its rows cannot be read (Could not decode to UTF-8 column 'notation'",
    ),
    "undo": (
        "UPDATE table_events SET notation = NULL, undo = 9 WHERE table_id = ? AND seq = 2",
        "event 2 takes back 9 actions of 1",
    ),
}


def damaged_club(folder, damage: str) -> tuple[int, int]:
    """A club with a sound table and a damaged one; their ids."""
    with open_club(folder) as club:
        ann, bob = people(club, "Ann", "Bob")
        seats = [SeatSpec("air", "human", ann.id), SeatSpec("fire", "human", bob.id)]
        good = play(club, "wish", 3, seats, owner=ann.id, limit=6, undo_at=None).table.id
        bad = play(club, "wish", 4, seats, owner=ann.id, limit=6, undo_at=None).table.id
    statement, _ = DAMAGES[damage]
    connection = sqlite3.connect(folder / FILE)
    connection.execute(statement, (bad,))
    connection.commit()
    connection.close()
    return good, bad


def rows_of(folder, table_id: int) -> tuple:
    connection = sqlite3.connect(folder / FILE)
    connection.text_factory = bytes  # damaged text read as it is
    try:
        return tuple(
            connection.execute(f"SELECT * FROM {name} WHERE {column} = ?", (table_id,)).fetchall()
            for name, column in (("tables", "id"), ("table_seats", "table_id"))
        ) + (
            connection.execute(
                "SELECT * FROM table_events WHERE table_id = ?", (table_id,)
            ).fetchall(),
        )
    finally:
        connection.close()


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_table_is_one_sentence_and_the_others_load(data_dir, damage):
    good, bad = damaged_club(data_dir, damage)
    before = rows_of(data_dir, bad)
    with open_club(data_dir) as club:
        loaded, problems = club.tables.load_unfinished()
        code = club.db.scalar("SELECT code FROM tables WHERE id = ?", (bad,))
    assert [t.table.id for t in loaded] == [good]
    [problem] = problems
    assert problem.startswith(f"Table {bad} ") and " cannot be resumed: " in problem
    assert f", {code}) cannot" in problem or damage == "not utf-8"
    assert DAMAGES[damage][1] in problem
    assert problem.endswith("; its rows are kept.") and "\n" not in problem
    assert rows_of(data_dir, bad) == before


def test_the_keeper_lists_damaged_tables_in_words_and_json(data_dir, capsys):
    _, bad = damaged_club(data_dir, "illegal action")
    assert main(["club", "problems"]) == 0
    [line] = capsys.readouterr().out.splitlines()
    assert line.startswith(f"Table {bad} (Wish, ") and "'fly to the moon' is not legal" in line
    assert main(["club", "problems", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "wish_tui.club.problems"
    [table] = data["tables"]
    assert table["table_id"] == bad and table["game"] == "wish" and len(table["code"]) == 6
    assert table["problem"] == "action 3 'fly to the moon' is not legal there"
    assert table["sentence"] == line


def test_the_keeper_says_when_every_table_can_be_resumed(data_dir, capsys):
    with open_club(data_dir) as club:
        people(club, "Ann")
    assert main(["club", "problems", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["tables"] == []


async def test_serve_says_each_damaged_table_once_at_its_start(data_dir):
    _, bad = damaged_club(data_dir, "seed")
    warnings: list[str] = []
    out, stop = io.StringIO(), asyncio.Event()
    options = ServeOptions(port=0, is_open=True, pool=False)
    task = asyncio.create_task(serve(options, data_dir, out=out, warn=warnings.append, stop=stop))
    for _ in range(500):
        if "Ctrl-C" in out.getvalue() or task.done():
            break
        await asyncio.sleep(0.02)
    stop.set()
    await asyncio.wait_for(task, 20)
    assert warnings == [
        f"Table {bad} (Wish, {warnings[0].split(', ')[1].split(')')[0]}) cannot be resumed: "
        "its seed 'abc' is not a whole number; its rows are kept."
    ]
