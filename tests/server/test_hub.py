"""The table server, driven in process through its Unix socket as the session apps drive it.

Two people and a bot play a whole game of Wish; each sees only their own seat's view; illegal,
out-of-turn and stale actions are refused with one sentence and change nothing; a spectator sees
no hand; a person who leaves keeps their seat, the owner may hand it to a bot after the timeout
and the person takes it back on return; a restarted server resumes the table from its save.
Two people play a Wishland table with both options to its end, neither seeing the other's
Entrepreneur before the reveal.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random

import pytest

from wish_tui.club import NotFound, open_club
from wish_tui.server.hub import Hub
from wish_tui.server.hub.lobby import LobbyLists

pytestmark = pytest.mark.usefixtures("data_dir")


class Client:
    """A session app as the hub sees it: JSON lines over the socket."""

    def __init__(self, reader, writer) -> None:
        self.reader, self.writer = reader, writer
        self.last_table: dict | None = None

    @classmethod
    async def connect(cls, hub: Hub, person: str, name: str, **hello) -> Client:
        """A session of `person` named `name`; `hello`: what else its hello asks."""
        reader, writer = await asyncio.open_unix_connection(str(hub.socket_path))
        client = cls(reader, writer)
        token = hub.register_session(person, name)
        welcome = await client.ask({"type": "hello", "token": token, **hello})
        if welcome.get("needs_name"):  # a newcomer to the club chooses a name
            welcome = await client.ask({"type": "register", "name": name})
        assert welcome["type"] == "welcome", welcome
        client.person = welcome["person"]
        client.welcome = welcome
        return client

    async def send(self, message: dict | bytes) -> None:
        data = message if isinstance(message, bytes) else json.dumps(message).encode() + b"\n"
        self.writer.write(data)
        await self.writer.drain()

    async def receive(self, timeout: float = 10.0) -> dict:
        line = await asyncio.wait_for(self.reader.readline(), timeout)
        message = json.loads(line)
        if message["type"] == "table":
            self.last_table = message
        return message

    async def ask(self, message: dict | bytes) -> dict:
        await self.send(message)
        return await self.receive()

    async def table_at(self, actions: int) -> dict:
        """The table as this client last heard of it, once it has seen `actions` actions."""
        if self.last_table is not None and self.last_table["actions"] == actions:
            return self.last_table
        return await self.until(lambda m: m["type"] == "table" and m["actions"] == actions)

    async def until(self, test, timeout: float = 20.0) -> dict:
        """Read messages until one passes `test`."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            left = deadline - asyncio.get_running_loop().time()
            message = await self.receive(max(0.1, left))
            if test(message):
                return message

    def close(self) -> None:
        self.writer.close()


async def started_hub(**kwargs) -> Hub:
    kwargs.setdefault("rate_limits", {})
    hub = Hub(bot_pace=0.0, **kwargs)
    await hub.start()
    return hub


def legal_of(message: dict) -> list[str]:
    """The notation of the actions a table message offers its seat."""
    return [choice[0] for choice in message["choices"]["actions"]]


async def play_until(served, clients: dict, done) -> None:
    """The people at `clients` (seat to client) play the first legal action of each of their
    decisions until `done()` or the game's end (bots move in between)."""
    for _ in range(3000):
        if done() or served.is_over or served.finished:
            return
        seat = served.deciding()
        if seat not in clients:
            await asyncio.sleep(0.01)  # a bot's move
            continue
        client = clients[seat]
        view = await client.table_at(served.actions)
        after = view["actions"]
        await client.send(
            {"type": "play", "table": served.id, "action": legal_of(view)[0], "expect": after}
        )
        await client.until(
            lambda m, a=after: m["type"] == "table" and (m["actions"] > a or m["ended"])
        )
    raise AssertionError("the game went on and on")


@contextlib.asynccontextmanager
async def people(*names: str, **hub_options):
    """A started hub and a connected session for each of `names`, all closed afterwards."""
    hub = await started_hub(**hub_options)
    clients = [await Client.connect(hub, f"SHA256:{name}-key", name) for name in names]
    try:
        yield hub, *clients
    finally:
        for client in clients:
            client.close()
        await hub.close()


async def play_at_random(client: Client, table_id: str, view: dict, rng) -> None:
    """`client` plays one of the legal actions `view` (a table message it was sent) offers."""
    action = rng.choice(legal_of(view))
    answer = await client.ask(
        {"type": "play", "table": table_id, "action": action, "expect": view["actions"]}
    )
    assert answer["type"] == "table", answer


async def sit(client: Client, table_id: str, seat: int) -> None:
    """`client` joins table `table_id` at `seat`."""
    joined = await client.ask({"type": "join", "table": table_id, "seat": seat})
    assert joined["type"] == "table" and joined["seat"] == seat, joined


async def game_over(client: Client) -> dict:
    """The table message of the game's end, as `client` was sent it."""
    if client.last_table["over"]:
        return client.last_table
    return await client.until(lambda m: m["type"] == "table" and m["over"])


WISH_SEATS = [
    {"name": "air", "who": "me"},
    {"name": "water", "who": "open"},
    {"name": "fire", "who": "easy"},
]


async def new_wish_table(alice: Client) -> str:
    answer = await alice.ask({"type": "new_table", "game": "wish", "seats": WISH_SEATS})
    assert answer["type"] == "table", answer
    return answer["table"]


def secrets_of(state, seat: int) -> list[str]:
    player = state.players[seat]
    return [*player.hand, *([player.destiny] if player.destiny else [])]


async def test_two_people_and_a_bot_play_a_whole_game_each_seeing_only_their_seat():
    async with people("alice", "bob") as (hub, alice, bob):
        table_id = await new_wish_table(alice)
        await sit(bob, table_id, 1)
        table = hub.tables[table_id]
        rng = random.Random(5)
        clients = {0: alice, 1: bob}
        steps = 0
        offered: set[str] = set()
        while not table.is_over:
            steps += 1
            assert steps < 3000
            deciding = table.deciding()
            if deciding == 2:
                await asyncio.sleep(0.01)  # the bot's move, run by the hub
                continue
            me = clients[deciding]
            view = await me.table_at(table.actions)
            assert legal_of(view), view
            other = 1 - deciding
            # A card seen in the Offer is known to be in the hand that took it from there.
            offered.update(
                c
                for c in table.state.catalog.wishes
                if f'"{c}"' in json.dumps(view["view"]["offer"])
            )
            hidden = [c for c in secrets_of(table.state, other) if c not in offered]
            seen = dict(view["view"])
            decision = seen.pop("decision", None) or {}
            if not decision.get("their_hand"):  # the Palace shows the other hand, by the rules
                text = json.dumps(seen)
                assert not [c for c in hidden if f'"{c}"' in text and c not in table.state.discard]
            await play_at_random(me, table_id, view, rng)
        final = await game_over(alice)
        assert final["seed"] == table.record.seed and "scores" in final["view"]


async def test_refusals_are_one_sentence_and_change_nothing():
    async with people("alice", "bob") as (hub, alice, bob):
        seats = [{"name": "air", "who": "me"}, {"name": "water", "who": "open"}]
        answer = await alice.ask({"type": "new_table", "game": "wish", "seats": seats})
        table_id = answer["table"]
        await bob.ask({"type": "join", "table": table_id, "seat": 1})
        table = hub.tables[table_id]
        before = table.state.to_dict()
        deciding = table.deciding()
        wrong, right = (bob, alice) if deciding == 0 else (alice, bob)
        for client, message, words in [
            (
                wrong,
                {"type": "play", "table": table_id, "action": "end", "expect": 0},
                "decision now",
            ),
            (right, {"type": "play", "table": table_id, "action": "fly", "expect": 0}, "fly"),
            (right, {"type": "play", "table": table_id, "action": "end", "expect": 9}, "moved on"),
            (alice, {"type": "join", "table": table_id, "seat": 1}, "already sit"),
            (bob, {"type": "join", "table": "zzzzzz", "seat": 1}, "no table"),
            (alice, {"type": "teleport"}, "not something"),
            (alice, b"not json\n", "not JSON"),
            (
                alice,
                b'{"type":"chat","table":"' + table_id.encode() + b'","text":"\\u0000"}\n',
                "printable",
            ),
            (alice, {"type": "hand_to_bot", "table": table_id, "seat": 1, "on": True}, "is here"),
            (bob, {"type": "close_table", "table": table_id}, "owner"),
        ]:
            answer = await client.ask(message)
            while answer["type"] == "table":
                answer = await client.receive()
            assert answer["type"] == "error", (message, answer)
            assert "\n" not in answer["error"] and len(answer["error"]) < 300
            assert words in answer["error"]
        assert table.state.to_dict() == before and table.actions == 0


async def test_a_long_line_or_a_second_hello_is_refused():
    async with people("alice") as (hub, alice):
        answer = await alice.ask({"type": "hello", "token": "again"})
        assert answer["type"] == "error"
        await alice.send(b'{"type":"chat","text":"' + b"x" * 20000 + b'"}\n')
        answer = await alice.receive()
        assert answer["type"] == "error" and "too long" in answer["error"]


async def test_a_session_without_a_valid_token_can_do_nothing():
    hub = await started_hub()
    reader, writer = await asyncio.open_unix_connection(str(hub.socket_path))
    stranger = Client(reader, writer)
    answer = await stranger.ask({"type": "lobby"})
    assert answer["type"] == "error" and "hello" in answer["error"]
    answer = await stranger.ask({"type": "hello", "token": "guessed"})
    assert answer["type"] == "error" and "not valid" in answer["error"]
    stranger.close()
    await hub.close()


async def test_a_spectator_sees_no_hand():
    async with people("alice", "bob", "carol") as (hub, alice, bob, carol):
        table_id = await new_wish_table(alice)
        await bob.ask({"type": "join", "table": table_id, "seat": 1})
        watched = await carol.ask({"type": "watch", "table": table_id})
        assert watched["type"] == "table" and watched["seat"] is None and legal_of(watched) == []
        state = hub.tables[table_id].state
        players = watched["view"]["players"]
        assert all("hand" not in p and "destiny" not in p for p in players)
        text = json.dumps(watched["view"])
        for seat in range(3):
            for card in state.players[seat].hand:
                assert f'"{card}"' not in text or card in state.offer


async def test_an_absent_persons_seat_goes_to_a_bot_after_the_timeout_and_back():
    hub = await started_hub(seat_timeout=0.05)
    alice = await Client.connect(hub, "SHA256:alice-key", "alice")
    bob = await Client.connect(hub, "SHA256:bob-key", "bob")
    table_id = await new_wish_table(alice)
    await bob.ask({"type": "join", "table": table_id, "seat": 1})
    bob.close()
    notice = await alice.until(lambda m: m["type"] == "notice")
    assert notice["table"] == table_id and "z lets a bot play Water" in notice["text"]
    answer = await alice.ask({"type": "hand_to_bot", "table": table_id, "seat": 1, "on": True})
    while answer["type"] != "table" or not answer["seats"][1]["by_bot"]:
        answer = await alice.receive()
    table = hub.tables[table_id]
    assert table.seats[1].zombie
    back = await Client.connect(hub, "SHA256:bob-key", "bob")
    assert not table.seats[1].zombie and table.seats[1].person == back.person
    opened = await back.ask({"type": "open", "table": table_id})
    assert opened["seat"] == 1
    alice.close()
    back.close()
    await hub.close()


async def test_a_person_who_opens_the_table_later_is_told_z_lets_a_bot_play_for_one_away():
    # The notice goes to those at the table when the seat timeout passes; one in the lobby then
    # hears it on opening the table, or the key bar's z would never be offered to them.
    hub = await started_hub(seat_timeout=0.05)
    alice = await Client.connect(hub, "SHA256:alice-key", "alice")
    bob = await Client.connect(hub, "SHA256:bob-key", "bob")
    table_id = await new_wish_table(alice)
    await bob.ask({"type": "join", "table": table_id, "seat": 1})
    await alice.send({"type": "lobby"})
    await alice.until(lambda m: m["type"] == "lobby")
    bob.close()
    await asyncio.sleep(0.2)
    await alice.send({"type": "open", "table": table_id})
    notice = await alice.until(lambda m: m["type"] == "notice")
    assert notice["away"] == 1 and "z lets a bot play Water" in notice["text"], notice
    alice.close()
    await hub.close()


async def test_a_person_seated_in_the_lobby_who_never_left_the_table_is_not_called_away():
    # bob joined from the lobby and went back there at once (as a seek seats people): he never
    # left the table after opening it, so alice, opening it later, hears nothing of him.
    hub = await started_hub(seat_timeout=0.05)
    alice = await Client.connect(hub, "SHA256:alice-key", "alice")
    bob = await Client.connect(hub, "SHA256:bob-key", "bob")
    table_id = await new_wish_table(alice)
    await alice.send({"type": "lobby"})
    await alice.until(lambda m: m["type"] == "lobby")
    hub.presence.left.clear()  # as if bob were seated there without opening it
    hub.tables[table_id].seats[1].person = bob.person
    hub.tables[table_id].seats[1].person_name = "bob"
    await asyncio.sleep(0.2)
    await alice.send({"type": "open", "table": table_id})
    await alice.until(lambda m: m["type"] == "table")
    await alice.send({"type": "lobby"})  # a round trip: whatever was sent her came first
    told = await alice.until(lambda m: m["type"] in ("lobby", "notice"))
    assert told["type"] == "lobby", told
    alice.close()
    bob.close()
    await hub.close()


async def test_a_restarted_server_resumes_the_table_from_its_save():
    async with people("alice", "bob") as (hub, alice, bob):
        table_id = await new_wish_table(alice)
        await bob.ask({"type": "join", "table": table_id, "seat": 1})
        table = hub.tables[table_id]
        for _ in range(6):
            deciding = table.deciding()
            if deciding == 2:
                await asyncio.sleep(0.05)
                continue
            me = alice if deciding == 0 else bob
            action = str(table.state.legal_actions()[0])
            answer = await me.ask(
                {"type": "play", "table": table_id, "action": action, "expect": table.actions}
            )
            assert answer["type"] in ("table", "error")
        await asyncio.sleep(0.1)
        while table.deciding() == 2:  # the bot's move would land after the state is read
            await asyncio.sleep(0.05)
        saved = table.state.to_dict()
        actions = table.actions
        persons = [alice.person, bob.person, ""]

    again = await started_hub()
    restored = again.tables[table_id]
    assert restored.state.to_dict() == saved and restored.actions == actions
    assert [s.person for s in restored.seats] == persons
    bob = await Client.connect(again, "SHA256:bob-key", "bob")
    opened = await bob.ask({"type": "open", "table": table_id})
    assert opened["seat"] == 1 and opened["log"]
    bob.close()
    await again.close()


async def test_the_lobby_lists_tables_with_their_open_seats():
    async with people("alice", "bob") as (hub, alice, bob):
        lobby = await bob.ask({"type": "lobby"})
        assert lobby["tables"] == []
        table_id = await new_wish_table(alice)
        lobby = await bob.until(lambda m: m["type"] == "lobby" and m["tables"])
        (entry,) = lobby["tables"]
        assert entry["table"] == table_id and entry["open"] == [1] and not entry["mine"]
        assert entry["seats"][0].startswith("Air (alice")


async def test_a_hello_that_asks_for_it_gets_the_lobby_with_the_welcome_and_its_news():
    """The app shows the lobby first: its list comes with the welcome, not a round trip later
    (issue 23: login to the lobby's first frame)."""
    async with people("alice") as (hub, alice):
        table_id = await new_wish_table(alice)
        reader, writer = await asyncio.open_unix_connection(str(hub.socket_path))
        bob = Client(reader, writer)
        token = hub.register_session("SHA256:bob-key", "bob")
        welcome = await bob.ask({"type": "hello", "token": token, "lobby": True})
        if welcome.get("needs_name"):
            welcome = await bob.ask({"type": "register", "name": "bob"})
        assert welcome["type"] == "welcome" and welcome["name"] == "bob"
        (entry,) = welcome["lobby"]["tables"]
        assert entry["table"] == table_id and entry["open"] == [1]
        await alice.send({"type": "close_table", "table": table_id})
        news = await bob.until(lambda m: m["type"] == "lobby", timeout=5.0)
        assert news["tables"] == []  # in the lobby from the welcome on: told of changes
        bob.close()
    async with people("carol") as (hub, carol):
        reader, writer = await asyncio.open_unix_connection(str(hub.socket_path))
        dave = Client(reader, writer)
        welcome = await dave.ask(
            {"type": "hello", "token": hub.register_session("SHA256:dave-key", "dave")}
        )
        if welcome.get("needs_name"):
            welcome = await dave.ask({"type": "register", "name": "dave"})
        assert "lobby" not in welcome  # not asked for: the plain and web clients ask themselves
        dave.close()


async def test_the_lobby_tells_who_came_online_with_the_next_news_not_at_once(monkeypatch):
    # At a club of hundreds somebody logs in every moment, and each lobby list sent is drawn
    # again by every session in the lobby: who is online waits for news of the tables, or for
    # LOBBY_BACKGROUND_EVERY seconds (issue 23).
    from wish_tui.server.hub import lobby as hub_module

    monkeypatch.setattr(hub_module, "LOBBY_BACKGROUND_EVERY", 3.0)
    async with people("alice", "bob") as (hub, alice, bob):
        await bob.ask({"type": "lobby"})
        carol = await Client.connect(hub, "SHA256:carol-key", "carol")
        try:
            with pytest.raises(TimeoutError):
                await bob.until(lambda m: m["type"] == "lobby", timeout=1.5)
            lobby = await bob.until(lambda m: m["type"] == "lobby", timeout=5.0)
            assert "carol" in [p["name"] for p in lobby["online"]]
            dave = await Client.connect(hub, "SHA256:dave-key", "dave")
            table_id = await new_wish_table(alice)  # news of the tables: told at once
            lobby = await bob.until(lambda m: m["type"] == "lobby", timeout=1.5)
            assert [t["table"] for t in lobby["tables"]] == [table_id]
            assert "dave" in [p["name"] for p in lobby["online"]]
            dave.close()
        finally:
            carol.close()


async def background_news_of_dave(monkeypatch, batch: int) -> tuple[dict, list[dict]]:
    """Alice, bob and carol in the lobby, their background news due every 0.5 s for `batch`
    sessions a round; then dave arrives. When each of them was told (every time, by name), and
    the lobby each heard first."""
    from wish_tui.server.hub import lobby as hub_module

    monkeypatch.setattr(hub_module, "LOBBY_BACKGROUND_EVERY", 0.5)
    monkeypatch.setattr(hub_module, "LOBBY_BACKGROUND_BATCH", batch)
    rounds: dict[str, list[float]] = {}
    tell = LobbyLists.tell_session

    def recorded(self, session, lobby, unchanged, now):
        rounds.setdefault(session.name, []).append(now)
        tell(self, session, lobby, unchanged, now)

    monkeypatch.setattr(LobbyLists, "tell_session", recorded)
    async with people("alice", "bob", "carol") as (hub, *clients):
        for client in clients:
            await client.ask({"type": "lobby"})
        await asyncio.sleep(0.6)  # their background is due
        rounds.clear()
        dave = await Client.connect(hub, "SHA256:dave-key", "dave")
        try:
            lobbies = [
                await client.until(lambda m: m["type"] == "lobby", timeout=10.0)
                for client in clients
            ]
        finally:
            dave.close()
    return rounds, lobbies


async def test_background_news_due_everywhere_at_once_is_told_a_few_sessions_a_round(monkeypatch):
    rounds, lobbies = await background_news_of_dave(monkeypatch, batch=1)
    for lobby in lobbies:
        assert "dave" in [p["name"] for p in lobby["online"]]
    told = [rounds[name][0] for name in ("alice", "bob", "carol")]
    assert len(set(told)) == 3  # one session a round


class ScheduleKept:
    """The event loop as a round of lobby news sees it, keeping the delay after which the round
    has each session told its background news (the schedule the round computes, whatever the
    machine's speed)."""

    def __init__(self, loop, told: dict[str, float]) -> None:
        self.loop, self.told = loop, told

    def call_later(self, delay, callback, *args):
        if getattr(callback, "__name__", "") == "_tell_background":
            self.told[args[0].name] = delay
        return self.loop.call_later(delay, callback, *args)

    def __getattr__(self, name):
        return getattr(self.loop, name)


async def test_background_news_of_one_round_is_spread_over_it(monkeypatch):
    """The sessions told background news in one round are told one after another over the
    round, not at once: every app woken at once would make a person's keypress wait."""
    from wish_tui.server.hub import lobby as hub_module

    schedules: list[dict[str, float]] = []
    tell_round = LobbyLists._tell_round

    def kept(self, loop):
        schedules.append({})
        tell_round(self, ScheduleKept(getattr(loop, "loop", loop), schedules[-1]))

    monkeypatch.setattr(LobbyLists, "_tell_round", kept)
    rounds, _ = await background_news_of_dave(monkeypatch, batch=3)
    assert all(rounds[name] for name in ("alice", "bob", "carol"))  # each told
    step = hub_module.LOBBY_EVERY / 3
    spread = [sorted(delays.values()) for delays in schedules if delays]
    assert [0.0, pytest.approx(step), pytest.approx(2 * step)] in spread  # dave's round
    for delays in spread:  # each round's, one every step
        assert delays == [pytest.approx(k * step) for k in range(len(delays))]


async def test_a_wishland_table_with_both_options_plays_to_its_final_scoring():
    async with people("alice", "bob") as (hub, alice, bob):
        seats = [{"name": "red", "who": "me"}, {"name": "blue", "who": "open"}]
        options = {"entrepreneurs": True, "achievement_tiles": True}
        answer = await alice.ask(
            {"type": "new_table", "game": "wishland", "seats": seats, "options": options}
        )
        assert answer["type"] == "table", answer
        table_id = answer["table"]
        await sit(bob, table_id, 1)
        table = hub.tables[table_id]
        rng = random.Random(3)
        clients = {0: alice, 1: bob}
        steps = 0
        kept = None
        while not table.is_over:
            steps += 1
            assert steps < 3000
            deciding = table.deciding()
            me = clients[deciding]
            view = await me.table_at(table.actions)
            assert legal_of(view), view
            # The other seat's kept Entrepreneur stays hidden until both have kept theirs.
            players = table.state.players
            if players[1 - deciding].ent and not all(p.ent for p in players):
                assert not view["view"]["players"][1 - deciding].get("entrepreneur")
                kept = 0
            await play_at_random(me, table_id, view, rng)
        final = await game_over(alice)
        assert final["view"]["scores"]["winners"] and kept == 0


async def test_each_action_is_in_the_database_before_anyone_is_told_and_closing_drops_it():
    async with people("alice") as (hub, alice):
        answer = await alice.ask(
            {
                "type": "new_table",
                "game": "wish",
                "seats": [{"name": "air", "who": "me"}],
                "solo": "easy",
            }
        )
        table_id = answer["table"]
        table = hub.tables[table_id]
        for _ in range(3):
            action = str(table.state.legal_actions()[0])
            before = table.actions
            await alice.send(
                {"type": "play", "table": table_id, "action": action, "expect": before}
            )
            told = await alice.table_at(before + 1)
            # What the session was just told is in the database already: read it back apart.
            club = open_club(hub.data_dir, read_only=True)
            try:
                events = club.tables.events_since(table.club_id)
            finally:
                club.close()
            assert told["actions"] == len(events) == table.actions
        await alice.ask({"type": "close_table", "table": table_id})
        await hub.saved()
        assert table_id not in hub.tables
        with pytest.raises(NotFound):
            hub.club.tables.by_code(table_id)


async def test_a_closed_tables_lock_is_let_go():
    async with people("alice") as (hub, alice):
        for _ in range(3):
            made = await alice.ask(
                {
                    "type": "new_table",
                    "game": "wish",
                    "seats": [{"name": "air", "who": "me"}],
                    "solo": "easy",
                }
            )
            assert made["type"] == "table", made
            table = hub.tables[made["table"]]
            action = str(table.state.legal_actions()[0])
            await alice.send({"type": "play", "table": table.id, "action": action, "expect": 0})
            await alice.table_at(1)
            assert table.id in hub._table_locks
            await alice.ask({"type": "close_table", "table": table.id})
            assert table.id not in hub.tables
        assert hub._table_locks == {}
