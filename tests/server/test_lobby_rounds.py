"""A round of lobby news works out what every list shares once, and makes a session's own list
only when it is sent: a move at a table, which is only background to those in the lobby, costs
them nothing until their background is due."""

from __future__ import annotations

import asyncio

from wish_tui.server.hub.lobby import LobbyLists

from .test_hub import Client, data_dir, legal_of, new_wish_table, people

__all__ = ["data_dir"]  # its own data directory for each test (autouse)


async def test_a_move_elsewhere_makes_no_list_for_those_in_the_lobby_until_due(monkeypatch):
    made: list[str] = []
    make = LobbyLists.for_session

    def counted(self, session, common=None):
        made.append(session.name)
        return make(self, session, common)

    async with people("alice", "bob", "carol", "dave") as (hub, alice, bob, carol, dave):
        table_id = await new_wish_table(alice)
        joined = await bob.ask({"type": "join", "table": table_id, "seat": 1})
        for watcher in (carol, dave):
            await watcher.ask({"type": "lobby"})
        await asyncio.sleep(0.7)  # the news of the table's seats told
        monkeypatch.setattr(LobbyLists, "for_session", counted)
        table = hub.tables[table_id]
        view = joined if table.deciding() == 1 else await alice.table_at(table.actions)
        mover = bob if table.deciding() == 1 else alice
        await mover.send(
            {
                "type": "play",
                "table": table_id,
                "action": legal_of(view)[0],
                "expect": table.actions,
            }
        )
        await asyncio.sleep(1.2)  # two rounds of news
        assert "carol" not in made and "dave" not in made
        carol_again = await Client.connect(hub, "SHA256:erin-key", "erin")
        try:
            await new_wish_table(carol_again)  # a new table: told to the lobby at once
            await carol.until(lambda m: m["type"] == "lobby" and len(m["tables"]) == 2, 2.0)
        finally:
            carol_again.close()
