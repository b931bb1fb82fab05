"""A table opened again, in the plain client, says its chat where it was said among the moves
(the table server says after which of its log lines each chat line came): not all of it after
the last move."""

from __future__ import annotations

from tests.plain.club_helpers import members, new_table
from tests.plain.test_at_the_table import hub
from tests.waiting import eventually

__all__ = ["hub"]  # the table server each test here meets its people at


async def test_a_table_opened_again_says_its_chat_before_the_moves_made_after_it(hub):
    alice, bob = await members(hub, "alice", "bob")
    table_id = await new_table(alice, "wish air water:open")
    bob.type(f"join {table_id} water")
    await bob.see(f"You sit at table {table_id}")
    alice.type("chat good luck")
    await bob.see("alice: good luck")
    table = hub.tables[table_id]
    alice.playing = bob.playing = True
    for person in (alice, bob):
        person.type("")  # an empty line says where the game is (and asks again)
    await eventually(lambda: table.actions >= 4, "four actions", timeout=30.0)
    alice.playing = bob.playing = False
    await alice.settle()
    await bob.settle()
    bob.type("leave")
    await bob.see("Back to the server's tables.")
    bob.type(f"open {table_id}")
    await bob.see(f"You sit at table {table_id}")
    await bob.settle()
    told = len(bob.said.sentences)
    bob.type("log 300")
    await bob.settle()
    log = bob.said.sentences[told:]
    (chat,) = [i for i, line in enumerate(log) if "alice: good luck" in line]
    moves = [i for i, line in enumerate(log) if line.startswith(("Air ", "Water "))]
    assert moves and chat < moves[-1], log
    for person in (alice, bob):
        assert await person.leave() == 0
