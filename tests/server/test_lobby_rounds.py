"""A round of lobby news works out what every list shares once, and makes a session's own list
only when it is sent: a move at a table, which is only background to those in the lobby, costs
them nothing until their background is due."""

from __future__ import annotations

import asyncio

import pytest

from wish_tui.server.hub.lobby import LobbyLists

from .test_hub import Client, legal_of, new_wish_table, people, play_until, started_hub

pytestmark = pytest.mark.usefixtures("data_dir")  # its own data directory for each test


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


async def test_how_far_a_table_has_got_waits_longer_than_who_came_online(monkeypatch):
    from wish_tui.server.hub import lobby as lobby_module

    monkeypatch.setattr(lobby_module, "LOBBY_BACKGROUND_EVERY", 0.5)
    monkeypatch.setattr(lobby_module, "LOBBY_PROGRESS_EVERY", 30.0)
    async with people("alice", "bob", "carol") as (hub, alice, bob, carol):
        table_id = await new_wish_table(alice)
        await bob.ask({"type": "join", "table": table_id, "seat": 1})
        await carol.ask({"type": "lobby"})
        await asyncio.sleep(1.0)
        while True:  # what the join said
            try:
                await carol.receive(0.2)
            except TimeoutError:
                break
        table = hub.tables[table_id]
        lists = lobby_module.LobbyLists(hub)
        progress = lists.common()[0][0][1]["progress"]
        await play_until(
            table, {0: alice, 1: bob}, lambda: lists.common()[0][0][1]["progress"] != progress
        )
        assert lists.common()[0][0][1]["progress"] != progress
        with pytest.raises(TimeoutError):
            await carol.until(lambda m: m["type"] == "lobby", timeout=1.5)
        dave = await Client.connect(hub, "SHA256:dave-key", "dave")
        try:
            lobby = await carol.until(lambda m: m["type"] == "lobby", timeout=3.0)
            assert "dave" in [p["name"] for p in lobby["online"]]
        finally:
            dave.close()


async def test_other_peoples_tables_are_told_at_a_pace_when_the_lobby_is_crowded(monkeypatch):
    from wish_tui.server.hub import lobby as lobby_module

    # Two lists a second in all, for the two sessions in the lobby: each told once a second.
    monkeypatch.setattr(lobby_module, "LOBBY_LISTS_A_SECOND", 2)
    async with people("alice", "bob", "carol") as (hub, alice, bob, carol):
        for watcher in (bob, carol):
            await watcher.ask({"type": "lobby"})
        await asyncio.sleep(1.2)  # the lists of who came online told
        await carol.ask({"type": "lobby"})  # carol was told a list just now
        await new_wish_table(alice)  # another person's table: told her a second after it
        with pytest.raises(TimeoutError):
            await carol.until(lambda m: m["type"] == "lobby" and len(m["tables"]) == 1, 0.5)
        lobby = await carol.until(lambda m: m["type"] == "lobby" and len(m["tables"]) == 1, 3.0)
        assert lobby["tables"][0]["open"]


async def test_other_peoples_tables_due_to_many_at_once_are_told_a_few_sessions_a_round(
    monkeypatch,
):
    from wish_tui.server.hub import lobby as lobby_module

    # Four lists a second in all: two sessions a round of news (every 0.5 s) at most.
    monkeypatch.setattr(lobby_module, "LOBBY_LISTS_A_SECOND", 4)
    rounds: list[list[str]] = []
    tell_round, tell_session = LobbyLists._tell_round, LobbyLists.tell_session

    def round_counted(self, loop):
        rounds.append([])
        return tell_round(self, loop)

    def told(self, session, lobby, front, now):
        rounds[-1].append(session.name)
        return tell_session(self, session, lobby, front, now)

    watchers = ("bob", "carol", "dave", "erin")
    async with people("alice", *watchers) as (hub, alice, *clients):
        for watcher in clients:  # all told a list at once: all due again together
            await watcher.ask({"type": "lobby"})
        await asyncio.sleep(0.7)
        monkeypatch.setattr(LobbyLists, "_tell_round", round_counted)
        monkeypatch.setattr(LobbyLists, "tell_session", told)
        await new_wish_table(alice)  # another person's table, to the four
        for watcher in clients:
            await watcher.until(lambda m: m["type"] == "lobby" and len(m["tables"]) == 1, 6.0)
        of_watchers = [[name for name in names if name in watchers] for names in rounds]
        assert sorted(name for names in of_watchers for name in names) == sorted(watchers)
        assert max(len(names) for names in of_watchers) == 2


async def test_a_round_asks_the_club_for_invitations_once_not_once_a_session(monkeypatch):
    from wish_tui.club.invitations import Invitations

    asked: list[int] = []
    waiting = Invitations.waiting

    def counted(self, player_id, size=20):
        asked.append(player_id)
        return waiting(self, player_id, size)

    async with people("alice", "bob", "carol", "dave") as (hub, alice, bob, carol, dave):
        assert hub.club_service.club is not None
        for watcher in (bob, carol, dave):
            await watcher.ask({"type": "lobby"})
        await asyncio.sleep(0.7)
        monkeypatch.setattr(Invitations, "waiting", counted)
        await new_wish_table(alice)  # news for the three in the lobby
        for watcher in (bob, carol, dave):
            await watcher.until(lambda m: m["type"] == "lobby" and len(m["tables"]) == 1, 3.0)
        assert asked == []  # nobody has an invitation: nobody's asked for theirs


async def test_a_hub_closed_while_a_round_is_due_runs_no_round_after_its_store_closed():
    from wish_tui.server.hub.lobby import LOBBY_EVERY

    failures: list[dict] = []
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(lambda _loop, context: failures.append(context))
    hub = await started_hub()
    alice = await Client.connect(hub, "SHA256:alice-key", "alice")
    carol = await Client.connect(hub, "SHA256:carol-key", "carol")
    try:
        await carol.ask({"type": "lobby"})
        await new_wish_table(alice)  # news for carol: a round due within LOBBY_EVERY
        assert hub.lobby_lists._due is not None
    finally:
        alice.close()
        carol.close()
        await hub.close()
    await asyncio.sleep(LOBBY_EVERY + 0.5)  # when the round was due, and a little more
    loop.set_exception_handler(None)
    assert failures == []


async def test_a_round_looks_only_at_the_sessions_news_may_be_due_to(monkeypatch):
    looked: list[str] = []
    personal = LobbyLists._personal

    def counted(self, session, owned, seeks=None):
        looked.append(session.name)
        return personal(self, session, owned, seeks)

    watchers = [f"w{n}" for n in range(10)]
    async with people("alice", *watchers) as (hub, alice, *clients):
        for watcher in clients:
            await watcher.ask({"type": "lobby"})
        await asyncio.sleep(0.7)  # the news of who came online: all told, or waiting its time
        monkeypatch.setattr(LobbyLists, "_personal", counted)
        hub.lobby_lists._round(asyncio.get_running_loop())  # nothing new: nobody due
        assert len(looked) <= 2  # the first of those waiting for who is online, not ten
        looked.clear()
        await new_wish_table(alice)  # news for the ten in the lobby: each told it
        for watcher in clients:
            await watcher.until(lambda m: m["type"] == "lobby" and len(m["tables"]) == 1, 3.0)
        assert set(watchers) <= set(looked)


def count_common_summaries(monkeypatch) -> list[str]:
    """From now on, the id of each table the lobby's rounds sum up, in order."""
    summed: list[str] = []
    summary = LobbyLists._common_summary

    def counted(self, table, here):
        summed.append(table.id)
        return summary(self, table, here)

    monkeypatch.setattr(LobbyLists, "_common_summary", counted)
    return summed


async def test_a_move_that_changes_nothing_the_lobby_shows_has_its_round_look_at_that_table_alone(
    monkeypatch,
):
    """While tables play, every move had a round of the lobby's news run, which summed up every
    table listed to find that nothing the lobby shows had changed: now the round looks at the
    table moved alone, and finds it told as it stands."""
    async with people("alice", "bob", "carol", "dave") as (hub, alice, bob, carol, dave):
        table_id = await new_wish_table(alice)
        await bob.ask({"type": "join", "table": table_id, "seat": 1})
        other_id = await new_wish_table(carol)  # waits for a player, unchanged
        await dave.ask({"type": "lobby"})
        table = hub.tables[table_id]
        await play_until(table, {0: alice, 1: bob}, lambda: table.master.progress() != "setup")
        await asyncio.sleep(1.5)  # the rounds of news of the seats and the setup run, all told
        progress = table.master.progress()
        summed = count_common_summaries(monkeypatch)
        actions = table.actions
        await play_until(table, {0: alice, 1: bob}, lambda: table.actions > actions)
        assert table.master.progress() == progress  # (the first move past the setup)
        await asyncio.sleep(0.7)  # the move's round of news
        assert summed and other_id not in summed
        assert set(summed) == {table_id}


async def test_a_move_that_makes_it_a_players_move_is_told_to_them_in_the_lobby_at_once(
    monkeypatch,
):
    """A move at a table is news to its people in the lobby (whose move it is), though nothing
    the others' lists show of it changed: its round tells them."""
    from wish_tui.tables.master import GameTable

    async with people("alice", "bob", "carol") as (hub, alice, bob, carol):
        table_id = await new_wish_table(alice)
        await bob.ask({"type": "join", "table": table_id, "seat": 1})
        table = hub.tables[table_id]
        await play_until(
            table,
            {0: alice, 1: bob},
            lambda: table.master.progress() != "setup" and table.deciding() == 1,
        )
        # How far the game has got stays as it is: the move changes whose move it is alone.
        said = table.master.progress()
        monkeypatch.setattr(GameTable, "progress", lambda self: said)
        lobby = await alice.ask({"type": "lobby"})
        assert not any(t["your_move"] for t in lobby["tables"])
        await new_wish_table(carol)  # news: a round that looks at everything runs
        await alice.until(lambda m: m["type"] == "lobby" and len(m["tables"]) == 2, 3.0)
        await asyncio.sleep(0.7)
        await play_until(table, {1: bob}, lambda: table.deciding() == 0)
        lobby = await alice.until(
            lambda m: m["type"] == "lobby" and any(t["your_move"] for t in m["tables"]), 3.0
        )
        assert [t["table"] for t in lobby["tables"] if t["your_move"]] == [table_id]


async def test_a_table_of_bots_leaving_its_setup_is_told_to_the_lobby_not_a_minute_later(
    monkeypatch,
):
    """How far a table has got waits for the next minute's list; but a table of bots plays a
    game in less than that, and read 'setup' in the lobby until its end. Its setup left is told
    as a seat taken is (a table of people leaving its setup waits: the test above)."""
    from wish_tui.server.hub import lobby as lobby_module

    monkeypatch.setattr(lobby_module, "LOBBY_PROGRESS_EVERY", 30.0)
    bots = [{"name": "air", "who": "easy"}, {"name": "water", "who": "easy"}]
    async with people("alice", "carol") as (hub, alice, carol):
        hub.bot_pace = 1.0  # its setup outlasts the first news of it, its game the test
        await carol.ask({"type": "lobby"})
        answer = await alice.ask({"type": "new_table", "game": "wish", "seats": bots})
        assert answer["type"] == "table", answer
        lobby = await carol.until(lambda m: m["type"] == "lobby" and m["tables"], 3.0)
        assert lobby["tables"][0]["progress"] == "setup"
        lobby = await carol.until(
            lambda m: m["type"] == "lobby" and m["tables"][0]["progress"] != "setup", 10.0
        )
        assert lobby["tables"][0]["progress"].startswith("round")


async def test_a_move_that_changes_only_how_far_a_table_has_got_looks_at_that_table_alone(
    monkeypatch,
):
    """How far a table has got is told with the minute's progress: a move that changes only
    that looks at the table moved alone until the progress falls due to a session in the lobby
    (while tables played, such moves ran a round that summed up every table listed and made the
    shared part again, at 1,000 sessions a tenth of the server's time); it is told then."""
    from wish_tui.server.hub import lobby as lobby_module

    monkeypatch.setattr(lobby_module, "LOBBY_PROGRESS_EVERY", 5.0)
    async with people("alice", "bob", "carol", "dave") as (hub, alice, bob, carol, dave):
        table_id = await new_wish_table(alice)
        await bob.ask({"type": "join", "table": table_id, "seat": 1})
        other_id = await new_wish_table(carol)  # waits for a player, unchanged
        await asyncio.sleep(0.7)  # the rounds of news of the tables and the seat run
        await dave.ask({"type": "lobby"})
        table = hub.tables[table_id]
        summed = count_common_summaries(monkeypatch)
        await play_until(table, {0: alice, 1: bob}, lambda: table.master.progress() != "setup")
        await asyncio.sleep(0.7)  # the moves' rounds of news
        assert summed and other_id not in summed
        lobby = await dave.until(
            lambda m: (
                m["type"] == "lobby"
                and next(t for t in m["tables"] if t["table"] == table_id)["progress"] != "setup"
            ),
            8.0,
        )
        assert lobby["tables"]
