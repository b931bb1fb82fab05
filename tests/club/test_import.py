"""The table files of the server before the club, imported once each on the club's start."""

from __future__ import annotations

import json

import pytest

from wish_tui import games
from wish_tui.club import ClubLocked, import_table_files, start_club
from wish_tui.server.hub import seating as tablemod

ALICE = "SHA256:" + "a" * 43


def old_table(data_dir, table_id: str, seed: int, moves: int | None, zombie: bool = False):
    """A table file as the server before the club wrote it, with `moves` actions (None: to the
    end) played by random choices."""
    table = tablemod.create(
        table_id,
        "wish",
        [
            {"name": "air", "who": "me"},
            {"name": "water", "who": "open"},
            {"name": "fire", "who": "easy"},
        ],
        ALICE,
        "alice",
        seed,
    )
    tablemod.join(table, 1, "open:bob", "bob")
    bot = games.get("wish").bots.make_bot("random", seed)
    played = 0
    while not table.is_over and (moves is None or played < moves):
        seat = table.deciding()
        action = bot.choose(table.state.view(seat), table.state.legal_actions())
        if table.seats[seat].who == "human":
            tablemod.play(table, table.seats[seat].person, str(action), table.actions)
        else:
            table.master.play(seat, action)
        played += 1
    tablemod.chat(table, ALICE, "alice", "hello bob")
    if zombie:
        table.seats[1].zombie = "medium"
    write_old_file(data_dir, table)
    return table


def write_old_file(data_dir, table) -> None:
    """A table's file as the server wrote each table before the club (``tables/<id>.json``):
    the game's save with one more key, ``table``: the owner, who held each seat, the chat."""
    data = table.record.to_json()
    data["table"] = {
        "id": table.id,
        "owner": table.owner,
        "seats": [
            {
                "name": s.name,
                "who": s.who,
                "person": s.person,
                "person_name": s.person_name,
                "zombie": s.zombie,
            }
            for s in table.seats
        ],
        "chat": list(table.chat),
    }
    folder = data_dir / "tables"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{table.id}.json").write_text(json.dumps(data), "utf-8")


def test_old_tables_are_imported_once_and_their_files_kept(tmp_path, database):
    playing = old_table(tmp_path, "a1b2c3", 5, 30, zombie=True)
    over = old_table(tmp_path, "d4e5f6", 6, None)
    (tmp_path / "tables" / "0badf0.json").write_text("{not json")
    before = {p.name: p.read_bytes() for p in (tmp_path / "tables").iterdir()}

    club, lock, problems = start_club(tmp_path, database=database)
    try:
        assert problems == [
            f"The table file {tmp_path / 'tables' / '0badf0.json'} is not JSON; it was not "
            "imported and is kept."
        ]
        loaded, trouble = club.tables.load_unfinished()
        assert trouble == []
        [table] = loaded
        assert table.table.code == "a1b2c3"
        assert table.record.actions == playing.record.actions
        assert table.history[-1].to_dict() == playing.state.to_dict()
        alice = club.players.login(ALICE)
        bob = club.players.by_name("bob")
        assert alice.name == "alice" and bob.is_guest
        seats = table.table.seats
        assert [s.player_id for s in seats] == [alice.id, bob.id, club.players.bot("easy").id]
        assert seats[1].zombie == "medium"
        assert table.table.owner_id == alice.id
        assert [c.line for c in table.chat] == ["alice: hello bob"]

        [finished] = club.history.page()
        assert finished.code == "d4e5f6" and not finished.rated
        assert [s.score for s in finished.seats] == [
            s["total"] for s in over.state.final_scores()["seats"]
        ]
        archived = club.history.archived(finished.table_id)
        assert archived.record.actions == over.record.actions
    finally:
        club.close()
        lock.release()
    assert {p.name: p.read_bytes() for p in (tmp_path / "tables").iterdir()} == before

    club, lock, problems = start_club(tmp_path, database=database)
    try:
        assert len(problems) == 1  # the damaged file is tried again; the others are not
        assert len(club.tables.load_unfinished()[0]) == 1
        assert len(club.history.page()) == 1
        assert import_table_files(club, tmp_path).imported == []
    finally:
        club.close()
        lock.release()


def test_a_second_start_on_the_same_data_directory_is_refused(tmp_path):
    club, lock, _ = start_club(tmp_path)
    try:
        with pytest.raises(ClubLocked):
            start_club(tmp_path)
    finally:
        club.close()
        lock.release()
