"""At a table of the club, in the plain client: a person who went back to the lobby may have a bot
play their seat, and is told on their return what it chose; invitations by table and name, and
joining a seat that is taken or a table opened a moment ago."""

from __future__ import annotations

import pytest

from tests.plain.club_helpers import ALICE, BOB, Person, members, new_table, start_hub, table_of
from tests.plain.helpers import OVER
from tests.waiting import eventually
from wish_tui.server.hub import seating as tablemod


@pytest.fixture
async def hub(tmp_path, monkeypatch):
    hub = await start_hub(tmp_path, monkeypatch, seat_timeout=0.2)
    yield hub
    await hub.close()


async def test_a_person_in_the_lobby_may_have_a_bot_play_and_is_told_what_it_chose(hub):
    alice, bob = await members(hub, "alice", "bob")
    table_id = await new_table(alice, "wish air water:open")
    await bob.see(f"Table {table_id}, Wish")
    bob.type(f"join {table_id} water")
    await bob.see(f"You sit at table {table_id}")
    bob.type("leave")  # to the lobby: still at the server, away from the table
    await bob.see("Back to the server's tables.")
    await alice.see("bob has been away from the table for 1 minute: 'bot water' lets a bot play")
    alice.type("bot water")
    await alice.see("A bot plays Water while bob is away.")
    table = hub.tables[table_id]
    alice.playing = True  # alice answers her decisions; the bot answers Water's
    await eventually(
        lambda: tablemod.bot_moves(table, 1, table.seats[1].bot_since), "a bot's move", timeout=20.0
    )
    alice.playing = False
    bob.type(f"open {table_id}")
    told = await bob.see("While you were away, a bot played for you: ")
    assert "keep" in told.lower() or "destiny" in told.lower(), told
    await alice.see("bob is back at the table and plays Water again.")
    assert not table.seats[1].zombie
    for person in (alice, bob):
        assert await person.leave() == 0


async def test_invite_and_join_work_as_help_says_even_for_a_table_a_moment_old(hub):
    alice, bob, carol = await members(hub, "alice", "bob", "carol")
    table_id = await new_table(alice, "wish air water:open earth:open")
    # The lobby's help says 'invite TABLE NAME': at the table it works too.
    alice.type(f"invite {table_id} bob")
    await alice.see(f"bob is invited to table {table_id}.")
    await bob.see(f"alice invites you to table {table_id}")
    # Joined before any list of the lobby named the table.
    carol.type(f"join {table_id} 2")
    await carol.see(f"You sit at table {table_id}: Air (alice), Water (carol), Earth (open")
    await bob.see(f"Table {table_id}, Wish: Air (alice), Water (carol), Earth (open seat)")
    bob.type(f"join {table_id} water")
    await bob.see("Water (carol) is taken; open: Earth (open seat): say 'join ")
    bob.type(f"join {table_id} earth")
    await bob.see(f"You sit at table {table_id}: Air (alice), Water (carol), Earth (bob).")
    dora = await Person(hub, "open:dora", "dora").arrive()
    dora.type(f"join {table_id} 3", f"join {table_id} mars", "join zzzzzz")
    await dora.see(f"Earth (bob) is taken; 'watch {table_id}' watches the table.")
    await dora.see(f"Table {table_id} has no open seat; 'watch {table_id}' watches it.")
    await dora.see("There is no table 'zzzzzz'; 'tables' lists them.")
    assert not any(line.startswith("You watch") for line in dora.lines)
    for person in (alice, bob, carol, dora):
        assert await person.leave() == 0


async def test_a_rematch_asked_by_one_is_said_to_the_other_who_sits_down_with_rematch(hub):
    alice = await Person(hub, ALICE, "alice").arrive()
    bob = await Person(hub, BOB, "bob", seed=2).arrive()
    table_id = await new_table(alice, "wish air water:open")
    await bob.see(f"Table {table_id}, Wish")
    alice.playing = bob.playing = True
    bob.type(f"join {table_id} water")
    await alice.see(OVER)
    await bob.see(OVER)
    alice.playing = bob.playing = False
    alice.type("rematch")
    again = table_of(await alice.see("You sit at table "))
    await alice.see("A rematch: bob invited to sit down again.")
    await bob.see(f"alice asks for a rematch at table {again}. 'rematch' sits you down again.")
    bob.type("rematch")
    await bob.see(f"You sit at table {again}: Air (alice), Water (bob).")
    await alice.see("bob sits down at Water.")
    for person in (alice, bob):
        assert await person.leave() == 0
