"""Several table servers on one club in PostgreSQL: each a node, run in this process or in a child
process, on the real PostgreSQL server of the tests, with people connected to each.

A person on node A and a person on node B play one table to its end; a node killed in the middle
of a game loses its table to the other node, which runs its bots and finishes it, with nothing
anyone was told lost; a node whose listener lost its connection catches up from the rows (and an
action on a copy that is behind is refused as stale, the copy brought up to date); a node that
stops cleanly hands its tables over at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import multiprocessing
import os
import signal
import threading
from pathlib import Path

import pytest

from tests.waiting import eventually
from wish_tui.club import open_club
from wish_tui.club.store import pg_listener, postgres
from wish_tui.server.hub import Hub

from .test_hub import Client, legal_of

LEASE_MS = 600
"""The nodes' lease in these tests: a dead node's tables are taken over within about a second."""
WAIT_S = 30.0
"""The most a test waits for what must come (it comes in a fraction of a second)."""
SEATS = [
    {"name": "air", "who": "me"},
    {"name": "water", "who": "open"},
    {"name": "fire", "who": "easy"},
]
TWO_SEATS = SEATS[:2]


def node(url: str, folder: Path, name: str, **options) -> Hub:
    folder.mkdir(parents=True, exist_ok=True)
    options = {"bot_pace": 0.0, "rate_limits": {}, "lease_ms": LEASE_MS, **options}
    return Hub(folder, database=url, node_id=name, **options)


async def alice_and_bob_across(a: Hub, b: Hub) -> tuple[Client, Client, str]:
    """Alice on node a opens a two-seat Wish table; bob on node b, once b has heard of it, sits
    at its other seat. Both clients and the table's id."""
    alice = await Client.connect(a, "SHA256:alice-key", "alice")
    bob = await Client.connect(b, "SHA256:bob-key", "bob")
    made = await alice.ask({"type": "new_table", "game": "wish", "seats": TWO_SEATS})
    table_id = made["table"]
    await eventually(lambda: table_id in b.tables, "node b hears of the new table")
    await bob.ask({"type": "join", "table": table_id, "seat": 1})
    return alice, bob, table_id


@contextlib.asynccontextmanager
async def nodes(url: str, tmp_path: Path, *names: str, **options):
    """Started nodes of one club, each with its own data directory; closed afterwards."""
    hubs = []
    try:
        for name in names:
            hub = node(url, tmp_path / name, f"node-{name}", **options)
            await hub.start()
            hubs.append(hub)
        yield hubs
    finally:
        for hub in hubs:
            await hub.close()


async def play(client: Client, table_id: str, actions: int) -> dict:
    """The client plays its first legal action once its screen shows `actions` actions."""
    view = await client.table_at(actions)
    return await client.ask(
        {"type": "play", "table": table_id, "action": legal_of(view)[0], "expect": actions}
    )


async def play_once(table_id: str, people: dict[int, tuple[Hub, Client]]) -> bool:
    """The person (by seat: their node and their session) whose own node's copy of the table
    says they decide plays once; False when no person decides there now."""
    for seat, (hub, client) in people.items():
        table = hub.tables[table_id]
        if table.deciding() == seat:
            await play(client, table_id, table.actions)
            return True
    return False


async def play_to_the_end(table_id: str, people: dict[int, tuple[Hub, Client]]) -> None:
    for _ in range(5000):
        if all(hub.tables[table_id].is_over for hub, _ in people.values()):
            return
        if not await play_once(table_id, people):
            await asyncio.sleep(0.002)  # a bot's move, made by the node that runs the table
    raise AssertionError("the game did not end")


async def test_a_person_on_each_node_play_one_table_to_its_end(postgres_url, tmp_path):
    async with nodes(postgres_url, tmp_path, "a", "b") as (a, b):
        alice = await Client.connect(a, "SHA256:alice-key", "alice")
        bob = await Client.connect(b, "SHA256:bob-key", "bob")
        made = await alice.ask({"type": "new_table", "game": "wish", "seats": SEATS})
        table_id = made["table"]
        assert table_id in a.node.running and table_id not in b.node.running
        await eventually(lambda: table_id in b.tables, "node b hears of the new table")
        lobby = await bob.ask({"type": "lobby"})
        assert [t["table"] for t in lobby["tables"]] == [table_id]
        joined = await bob.ask({"type": "join", "table": table_id, "seat": 1})
        assert joined["type"] == "table" and joined["seat"] == 1
        await eventually(lambda: a.tables[table_id].seats[1].person_name == "bob", "a sees bob")

        await play_to_the_end(table_id, {0: (a, alice), 1: (b, bob)})

        played = a.tables[table_id]
        await eventually(lambda: b.tables[table_id].finished, "node b hears the game's end")
        copy = b.tables[table_id]
        assert copy.record.actions == played.record.actions and copy.is_over
        for client in (alice, bob):
            final = await client.until(lambda m: m["type"] == "table" and m["over"])
            assert final["actions"] == len(played.record.actions) and "scores" in final["view"]
        (game,) = b.club.history.page()
        assert game.code == table_id and {s.player for s in game.seats} >= {"alice", "bob"}
        assert not a.problems and not b.problems
        alice.close()
        bob.close()


def _node_a(url: str, folder: str, table_q, seen, ready) -> None:
    """Node A in a process of its own: alice makes a table there and plays her moves until she
    was shown 20 actions; it sends what she was shown, then waits to be killed."""

    async def main() -> None:
        hub = node(url, Path(folder), "node-a")
        await hub.start()
        alice = await Client.connect(hub, "SHA256:alice-key", "alice")
        made = await alice.ask({"type": "new_table", "game": "wish", "seats": SEATS})
        table_id = made["table"]
        table_q.put(table_id)
        table = hub.tables[table_id]
        while not table.seats[1].person:
            await asyncio.sleep(0.01)
        while True:
            if table.deciding() == 0:
                told = await play(alice, table_id, table.actions)
                if told["type"] == "table" and told["actions"] >= 20:
                    seen.send(list(table.record.actions[: told["actions"]]))
                    ready.set()
                    await asyncio.sleep(60)
            else:
                await asyncio.sleep(0.005)

    asyncio.run(main())


async def test_a_node_killed_in_the_middle_of_a_game_the_other_takes_its_table_over(
    postgres_url, tmp_path
):
    context = multiprocessing.get_context("spawn")
    table_q, ready = context.Queue(), context.Event()
    seen_q, seen_end = context.Pipe(duplex=False)
    child = context.Process(
        target=_node_a, args=(postgres_url, str(tmp_path / "a"), table_q, seen_end, ready)
    )
    child.start()
    try:
        async with nodes(postgres_url, tmp_path, "b") as (b,):
            loop = asyncio.get_running_loop()
            table_id = await loop.run_in_executor(None, table_q.get, True, 60)
            await eventually(lambda: table_id in b.tables, "node b hears of the new table")
            bob = await Client.connect(b, "SHA256:bob-key", "bob")
            await bob.ask({"type": "join", "table": table_id, "seat": 1})
            table = b.tables[table_id]
            while not ready.is_set():  # bob plays on node b while alice plays on node a
                if table.deciding() == 1:
                    await play(bob, table_id, table.actions)
                await asyncio.sleep(0.005)
            os.kill(child.pid, signal.SIGKILL)
            child.join(10)
            seen = seen_q.recv()
            assert len(seen) >= 20
            club_id = table.club_id
            lease = await b.recorder.call(b.club.cluster.holder, club_id)
            took_it_before = lease is not None and lease.node_id == "node-b"

            # Nothing alice saw is lost: it is in the club's rows ...
            kept = await b.recorder.call(b.club.tables.load, club_id)
            assert kept.record.actions[: len(seen)] == seen
            await eventually(lambda: table_id in b.node.running, "node b takes the table over")
            # ... and in node b's copy: at once when b took the table over after node a died
            # (it reads the rows before it runs it). On a loaded machine node a may have been
            # late past its lease while alive, b then ran the table already, and node a's last
            # action reaches b's copy from its notice a moment after alice was told of it.
            if not took_it_before:
                assert b.tables[table_id].record.actions[: len(seen)] == seen
            await eventually(
                lambda: b.tables[table_id].record.actions[: len(seen)] == seen,
                "node b's copy holds every action alice saw",
            )
            alice = await Client.connect(b, "SHA256:alice-key", "alice")  # she connects again
            await alice.ask({"type": "open", "table": table_id})
            await play_to_the_end(table_id, {0: (b, alice), 1: (b, bob)})
            (game,) = await eventually(b.club.history.page, "node b keeps the game's end")
            assert game.code == table_id
            archived = b.club.history.archived(game.table_id)
            assert archived.record.actions[: len(seen)] == seen
            assert not b.problems
            alice.close()
            bob.close()
    finally:
        if child.is_alive():
            child.kill()
        child.join(10)


async def test_a_node_whose_listener_was_cut_off_catches_up_from_the_rows(
    postgres_url, postgres_server, tmp_path, monkeypatch
):
    gate = threading.Event()
    real_connect = pg_listener.connect

    def held_connect(*args, **kwargs):
        gate.wait(WAIT_S)  # the listener cannot reach the database until the test lets it
        return real_connect(*args, **kwargs)

    async with nodes(postgres_url, tmp_path, "a", "b") as (a, b):
        alice, bob, table_id = await alice_and_bob_across(a, b)
        served = a.tables[table_id]
        await eventually(lambda: served.seats[1].person, "node a sees bob sit down")
        people = {0: (a, alice), 1: (b, bob)}
        while served.actions < 3:
            await play_once(table_id, people) or await asyncio.sleep(0.002)
        copy = b.tables[table_id]
        await eventually(lambda: copy.actions == served.actions, "b follows")

        monkeypatch.setattr(pg_listener, "connect", held_connect)
        listener = b.node.listener
        postgres_server.admin().execute("SELECT pg_terminate_backend(%s)", (listener.backend_pid,))
        await eventually(lambda: not listener.is_connected, "b's listener is cut off")
        behind = copy.actions
        deciding = served.deciding()
        # The person deciding has a session on each node: they play on node a, and node b
        # hears nothing of it; nor of a chat line, nor of a new table.
        on_a = alice if deciding == 0 else await Client.connect(a, "SHA256:bob-key", "bob")
        on_b = bob if deciding == 1 else await Client.connect(b, "SHA256:alice-key", "alice")
        for extra in {on_a, on_b} - {alice, bob}:
            await extra.ask({"type": "open", "table": table_id})
        await play(on_a, table_id, behind)
        await alice.ask({"type": "chat", "table": table_id, "text": "while b was away"})
        await alice.send({"type": "new_table", "game": "wish", "seats": TWO_SEATS})
        other = await alice.until(lambda m: m["type"] == "table" and m["table"] != table_id)
        await alice.send({"type": "open", "table": table_id})  # back to the first table
        await alice.until(lambda m: m["type"] == "table" and m["table"] == table_id)
        await asyncio.sleep(0.3)
        assert copy.actions == behind and other["table"] not in b.tables

        # On node b's copy, which is behind, the same decision is refused as stale, and the
        # copy is brought up to date from the rows.
        view = await on_b.table_at(behind)
        await on_b.send(
            {"type": "play", "table": table_id, "action": legal_of(view)[0], "expect": behind}
        )
        refused = await on_b.until(lambda m: m["type"] == "error")
        assert refused["error"] == "The table moved on since your screen last changed; look again."
        assert copy.actions == served.actions == behind + 1
        assert copy.record.actions == served.record.actions
        assert [e.seq for e in a.club.tables.events_since(served.club_id, behind)] == [behind + 1]

        gate.set()  # the listener connects again and catches up: the chat and the new table
        await eventually(lambda: listener.is_connected, "b's listener is back")
        told = await bob.until(lambda m: m["type"] == "table" and m["chat"])
        assert told["chat"] == ["alice: while b was away"]
        await eventually(lambda: other["table"] in b.tables, "b reads the table made meanwhile")
        while served.actions < behind + 2:
            await play_once(table_id, people) or await asyncio.sleep(0.002)
        await eventually(lambda: copy.actions == served.actions, "both go on")
        assert not a.problems and not b.problems
        for client in {alice, bob, on_a, on_b}:
            client.close()


async def test_a_table_is_its_makers_from_its_birth_whatever_another_node_takes_over(
    postgres_url, tmp_path
):
    """Another node's look for tables no node runs, made right after each of node a's database
    calls (between the table's making and anything after it), finds none of a's new table."""
    async with nodes(postgres_url, tmp_path, "a", "b") as (a, b):
        taken = []
        call = a.recorder.call

        async def call_then_b_takes_over(fn, *args, **kwargs):
            result = await call(fn, *args, **kwargs)
            for club_id in b.club.cluster.claimable():
                if b.club.cluster.take(club_id) is not None:
                    taken.append(club_id)
            return result

        a.recorder.call = call_then_b_takes_over
        alice = await Client.connect(a, "SHA256:alice-key", "alice")
        made = await alice.ask({"type": "new_table", "game": "wish", "seats": SEATS})
        table_id = made["table"]
        club_id = a.tables[table_id].club_id
        assert club_id not in taken
        assert table_id in a.node.running
        assert a.club.cluster.holder(club_id).node_id == "node-a"
        assert not a.problems
        alice.close()


async def test_a_node_that_stops_cleanly_hands_its_tables_over_at_once(postgres_url, tmp_path):
    async with nodes(postgres_url, tmp_path, "b") as (b,):
        a = node(postgres_url, tmp_path / "a", "node-a")
        await a.start()
        try:
            alice = await Client.connect(a, "SHA256:alice-key", "alice")
            seats = [{"name": "air", "who": "me"}, {"name": "water", "who": "easy"}]
            made = await alice.ask({"type": "new_table", "game": "wish", "seats": seats})
            table_id = made["table"]
            await eventually(lambda: table_id in b.tables, "node b hears of the new table")
            assert table_id not in b.node.running
        finally:
            await a.close()
        # Its lease was let go: free for b at once, not once it runs out.
        club_id = b.tables[table_id].club_id
        assert b.club.cluster.holder(club_id) is None or table_id in b.node.running
        assert club_id in b.club.cluster.claimable() or table_id in b.node.running
        await eventually(lambda: table_id in b.node.running, "node b runs the table")
        alice = await Client.connect(b, "SHA256:alice-key", "alice")
        await alice.ask({"type": "open", "table": table_id})
        table = b.tables[table_id]
        start = table.actions
        while table.actions < start + 6:  # the bot now moves on node b
            if table.deciding() == 0:
                await play(alice, table_id, table.actions)
            await asyncio.sleep(0.005)
        assert any(e.player_id is None for e in b.club.tables.events_since(table.club_id, start))
        alice.close()


async def test_each_node_shows_who_is_connected_to_another(postgres_url, tmp_path):
    async with nodes(postgres_url, tmp_path, "a", "b", seat_timeout=0.1) as (a, b):
        alice, bob, table_id = await alice_and_bob_across(a, b)
        here = await alice.until(lambda m: m["type"] == "table" and m["seats"][1]["connected"])
        assert here["seats"][1]["person"] == "bob"
        await alice.send({"type": "lobby"})
        lobby = await alice.until(lambda m: m["type"] == "lobby")
        assert {"name": "bob", "tables": [table_id]} in lobby["online"]
        await alice.send({"type": "open", "table": table_id})

        bob.close()  # away from every node: the owner on node a may let a bot play his seat
        await alice.until(
            lambda m: m["type"] == "table" and m["seats"][1]["person"] == "bob"
            and not m["seats"][1]["connected"]
        )  # fmt: skip
        await asyncio.sleep(0.2)
        await alice.send({"type": "hand_to_bot", "table": table_id, "seat": 1, "on": True})
        handed = await alice.until(lambda m: m["type"] in ("table", "error") and (
            m["type"] == "error" or m["seats"][1]["by_bot"]
        ))  # fmt: skip
        assert handed["type"] == "table", handed
        await eventually(lambda: b.tables[table_id].seats[1].zombie, "node b sees the bot")
        assert not a.problems and not b.problems
        alice.close()


@pytest.mark.parametrize("carried", [True, False], ids=["event carried", "event read"])
async def test_each_node_applies_the_others_actions_from_their_notices(
    postgres_url, tmp_path, monkeypatch, carried
):
    """An action's notice carries its event: the other node applies it without reading the
    rows (a notice without it, as an older node sends, is read from them as before)."""
    if not carried:
        monkeypatch.setattr(postgres, "payload_of", lambda n: f"{n.kind} {n.table_id} {n.seq}")
    async with nodes(postgres_url, tmp_path, "a", "b") as (a, b):
        alice, bob, table_id = await alice_and_bob_across(a, b)
        served = a.tables[table_id]
        await eventually(lambda: served.seats[1].person, "node a sees bob sit down")
        reads = {a: 0, b: 0}
        for hub in (a, b):
            tables = hub.club.tables

            def counted(*args, _hub=hub, _read=tables.events_since, **kwargs):
                reads[_hub] += 1
                return _read(*args, **kwargs)

            monkeypatch.setattr(tables, "events_since", counted)
        people = {0: (a, alice), 1: (b, bob)}
        while served.actions < 8:
            await play_once(table_id, people) or await asyncio.sleep(0.002)
        copy = b.tables[table_id]
        await eventually(lambda: copy.actions == served.actions, "b follows")
        assert copy.record.actions == served.record.actions
        assert (reads[a] + reads[b] == 0) is carried, reads
        assert not a.problems and not b.problems
        alice.close()
        bob.close()


async def test_resigning_and_closing_on_one_node_reach_the_other(postgres_url, tmp_path):
    async with nodes(postgres_url, tmp_path, "a", "b") as (a, b):
        alice, bob, table_id = await alice_and_bob_across(a, b)
        await eventually(lambda: a.tables[table_id].seats[1].person, "node a sees bob sit down")
        # bob resigns on node b: a two-seat game ends at once, and node a, which runs the
        # table, keeps its end (aborted: no one had taken a decision yet).
        await bob.ask({"type": "resign", "table": table_id})
        (game,) = await eventually(a.club.history.page, "node a keeps the game's end")
        assert [s.outcome for s in game.seats] == ["", "resigned"] and game.aborted
        await eventually(lambda: b.tables[table_id].finished, "node b hears of its end")
        told = await bob.until(lambda m: m["type"] == "table" and m["ended"])
        assert told["view"]["scores"]["aborted"] and told["seats"][1]["label"].startswith(
            "Water (bob, resigned"
        )
        told = await alice.until(
            lambda m: m["type"] == "table" and "resigned." in " ".join(m["log"])
        )

        await alice.send({"type": "new_table", "game": "wish", "seats": TWO_SEATS})
        made = await alice.until(lambda m: m["type"] == "table" and m["table"] != table_id)
        other = made["table"]
        await eventually(lambda: other in b.tables, "node b hears of the second table")
        await bob.send({"type": "open", "table": other})
        await bob.until(lambda m: m["type"] == "table" and m["table"] == other)
        await alice.send({"type": "close_table", "table": other})
        closed = await bob.until(lambda m: m["type"] == "closed")
        assert closed["table"] == other and other not in b.tables
        assert not a.problems and not b.problems
        alice.close()
        bob.close()


async def test_a_game_given_up_while_no_node_ran_it_ends_once_a_node_takes_it(
    postgres_url, tmp_path, monkeypatch
):
    """A node that pauses longer than its lease (a loaded machine) stops running its tables
    until a node takes them over; a two-seat game resigned meanwhile ends when one does (no
    one plays on against a bot), as it ends at once on the node running it."""
    async with nodes(postgres_url, tmp_path, "a", "b") as (a, b):
        alice, bob, table_id = await alice_and_bob_across(a, b)
        await eventually(lambda: a.tables[table_id].seats[1].person, "node a sees bob sit down")
        for hub in (a, b):  # no node takes the table over until the resign is in the rows

            async def later() -> None:
                return None

            monkeypatch.setattr(hub.node, "_take_over", later)
        a.node.stop_running(table_id)  # node a's lease ran out
        await a.recorder.call(a.club.cluster.release, a.tables[table_id].club_id)
        await bob.send({"type": "resign", "table": table_id})
        for hub in (a, b):
            await eventually(
                lambda hub=hub: hub.tables[table_id].seats[1].outcome == "resigned",
                f"{hub.node_id} hears of the resign",
            )
        assert not a.club.history.page()
        monkeypatch.undo()  # the nodes take the table over at their next tick
        (game,) = await eventually(a.club.history.page, "the game's end, once a node runs it")
        assert [s.outcome for s in game.seats] == ["", "resigned"] and game.aborted
        await bob.until(lambda m: m["type"] == "table" and m["ended"])
        assert not a.problems and not b.problems
        alice.close()
        bob.close()


async def test_serve_with_a_database_is_a_node_of_that_club(postgres_url, tmp_path):
    from wish_tui.server.serve import ServeOptions, serve

    out, stop = io.StringIO(), asyncio.Event()
    options = ServeOptions(port=0, is_open=True, pool=False, database=postgres_url)
    task = asyncio.create_task(serve(options, tmp_path, out=out, stop=stop))
    await eventually(lambda: "Ctrl-C" in out.getvalue() or task.done(), "serve starts")
    name = postgres_url.split("/")[3].split("?")[0]
    assert f"The club is the database postgresql://postgres@/{name}, shared" in out.getvalue()
    with open_club(database=postgres_url, node_id="keeper") as club:
        assert len(club.cluster.nodes()) == 1  # its heartbeat
        stop.set()
        await asyncio.wait_for(task, WAIT_S)
        assert club.cluster.nodes() == []  # it left the club when it stopped


@pytest.mark.parametrize("args", [["--database", "club.db"], ["--database", "mysql://x/y"]])
def test_a_database_that_is_not_a_postgresql_url_is_one_sentence(
    capsys, tmp_path, monkeypatch, args
):
    from wish_tui import cli

    monkeypatch.setenv("WISH_TUI_DATA_DIR", str(tmp_path))
    with pytest.raises(SystemExit) as stopped:
        cli.main(["serve", "--port", "0", *args])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not a PostgreSQL URL" in err, err
