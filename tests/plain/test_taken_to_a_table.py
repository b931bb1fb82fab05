"""The plain client follows its member to a table a seek or a tournament seats them at (from the
lobby, or from a game that has ended), without 'open' typed."""

from __future__ import annotations

from tests.plain.club_helpers import members


async def test_a_member_in_the_lobby_is_taken_to_the_table_of_their_seek(hub):
    alice, bob = await members(hub, "alice", "bob")
    alice.type("seek wish")
    await alice.see("It waits in the lobby.")
    bob.type("take 1")
    await bob.see("You sit at table ")
    await alice.see("is full: your table is ")
    await alice.see("You sit at table ")  # nothing typed: the lobby left for the table
    await alice.leave()
    await bob.leave()
