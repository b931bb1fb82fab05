"""A nearly full disk: each change that cannot be kept is refused with one sentence to the person
who made it, newcomers are told the server cannot take new players now, known players still come
in, the operator's log says the disk is full, and once there is room everything works again
without a restart (a bot's move that waited included). The full disk is the database's own
error, "database or disk is full", raised by the store of a real club."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from tests.plain.club_helpers import Person, start_hub
from wish_tui.club.recorder import DISK_FULL
from wish_tui.server.hub import table_bots
from wish_tui.tables.protocol import LET_GO_STATUS

ANN, ZED = "SHA256:ann-key-000001", "SHA256:zed-key-000001"


class FullDisk:
    """Makes the club's database refuse writes as SQLite does when its disk is full."""

    def __init__(self, db) -> None:
        self.db = db
        self.full = False
        self.only_bots = False
        """Refuse only the actions of bots (stored without a person)."""
        self._run = db._run
        db._run = self.run

    def run(self, sql: str, params: tuple):
        writes = sql.lstrip().split(None, 1)[0].upper() in ("INSERT", "UPDATE", "DELETE")
        bots = sql.lstrip().startswith("INSERT INTO table_events") and params[3] is None
        if self.full and writes and (bots or not self.only_bots):
            raise sqlite3.OperationalError("database or disk is full")
        return self._run(sql, params)


@pytest.fixture
async def hub(tmp_path, monkeypatch):
    monkeypatch.setattr(table_bots, "BOT_RETRY", 0.05)
    hub = await start_hub(tmp_path, monkeypatch)
    hub.logs = []
    hub.recorder.log = hub.logs.append
    yield hub
    await hub.close()


async def at_table(hub) -> tuple[Person, FullDisk]:
    ann = await Person(hub, ANN, "ann").arrive()
    ann.type("new wish air fire:easy")
    await ann.see("Your decision (")
    return ann, FullDisk(hub.club.db)


async def test_an_action_the_full_disk_refuses_is_one_sentence_and_works_once_there_is_room(hub):
    ann, disk = await at_table(hub)
    [table] = hub.tables.values()
    before = len(table.history)
    disk.full = True
    ann.type("1")
    assert await ann.see(DISK_FULL) == DISK_FULL
    assert len(table.history) == before
    assert len(hub.logs) == 1 and "the disk of the club's database is full" in hub.logs[0]
    ann.type("1")
    await ann.see(DISK_FULL)
    assert len(hub.logs) == 1  # said once, not once a refusal
    disk.full = False
    ann.type("1")
    await ann.see("Air: Keep the Destiny")
    assert len(table.history) > before
    assert hub.logs[-1] == (
        "there is room on the disk again: the club's database keeps changes again"
    )


async def test_newcomers_are_told_the_server_cannot_take_them_and_known_players_come_in(hub):
    await (await Person(hub, ANN, "ann").arrive()).leave()
    disk = FullDisk(hub.club.db)
    disk.full = True
    ann = await Person(hub, ANN, "ann").connect()  # her visit is not noted, but she comes in
    await ann.see("Welcome to the tables of this server, ann")
    guest = await Person(hub, "open:zed", "zed").connect()
    await guest.see("The server cannot take new players now: its disk is full; try again later.")
    assert hub.club.players.by_name("zed") is None
    # That is the server's last word to the guest: said alone ("The table server went away"
    # came after it), and the session adds none (LET_GO_STATUS).
    assert await asyncio.wait_for(guest.task, 10) == LET_GO_STATUS
    assert guest.said.sentences[-1].startswith("The server cannot take new players now")


async def test_a_newcomer_choosing_a_name_on_a_full_disk_is_told_and_may_try_again(hub):
    disk = FullDisk(hub.club.db)
    disk.full = True
    zed = await Person(hub, ZED, "zed").connect()
    await zed.see("Type your name")
    zed.type("Zed")
    await zed.see("The server cannot take new players now: its disk is full; try again later.")
    disk.full = False
    zed.type("Zed")
    await zed.see("Welcome to the tables of this server, Zed")


async def test_a_bots_move_waits_for_room_and_is_played_then(hub):
    ann, disk = await at_table(hub)
    [table] = hub.tables.values()
    disk.full, disk.only_bots = True, True
    ann.type("1")  # her Destiny is kept; Fire's, a bot's, cannot be
    await ann.see("Fire's move waits: " + DISK_FULL)
    await asyncio.sleep(0.3)
    waiting = len(table.history)
    assert table.deciding() == 1
    disk.full = False
    await ann.see("Fire: ")
    assert len(table.history) > waiting


class DroppedChat(FullDisk):
    """A database whose chat table was dropped: every chat line fails, trying again or not."""

    def run(self, sql: str, params: tuple):
        if self.full and "table_chat" in sql:
            raise sqlite3.OperationalError("no such table: table_chat")
        return self._run(sql, params)


async def test_a_change_a_damaged_database_refuses_says_what_to_do_and_is_logged(hub):
    ann = await Person(hub, ANN, "ann").arrive()
    ann.type("new wish air fire:easy")
    await ann.see("Your decision (")
    DroppedChat(hub.club.db).full = True
    ann.type("chat hello")
    said = await ann.see("no such table: table_chat")
    assert said == (
        "The server's database is damaged (no such table: table_chat); nothing changed, and "
        "the server's log says so for its keeper: try again once they have mended it."
    )
    assert hub.logs == [
        "the club's database could not keep a change (no such table: table_chat); it was "
        "refused: 'wish-tui club problems' and the database's own checks say what to mend"
    ]
