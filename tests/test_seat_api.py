"""The seat API's conformance suite: the same tests against a table held here (`LocalTable`) and
against a table of a real table server (`RemoteTable` over the server's socket), for all three
games — whole games, refusals, undo, hints, why, news, and no secret in any seat's or the
spectator's view (DESIGN.md §5c).
"""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from tests.waiting import eventually
from wish_tui import games
from wish_tui.records import GameRecord
from wish_tui.server.hub import Hub
from wish_tui.tables.local import LocalTable
from wish_tui.tables.master import seat_choices
from wish_tui.tables.remote import Connection, RemoteTable
from wish_tui.tables.seat import SPECTATOR, Listener, Seat, TableClient

OPTIONS = {
    "wish": {},
    "spirits": {"modules": ["wishes", "hexes"]},
    "wishland": {"entrepreneurs": True, "achievement_tiles": True},
}
GAME_NAMES = tuple(OPTIONS)


pytestmark = pytest.mark.usefixtures("data_dir")


class Heard(Listener):
    """Everything one client's table told it."""

    def __init__(self) -> None:
        self.changes = 0
        self.refusals: list[str] = []
        self.hints: list = []
        self.whys: list[tuple[str, str]] = []

    def table_changed(self) -> None:
        self.changes += 1

    def table_refused(self, sentence: str) -> None:
        self.refusals.append(sentence)

    def table_hint(self, hint) -> None:
        self.hints.append(hint)

    def table_why(self, notation: str, sentence: str) -> None:
        self.whys.append((notation, sentence))


class LocalSitting:
    """Two people at one keyboard (hot-seat) of a table held here."""

    kind = "local"

    async def open(self, game: str, seed: int) -> None:
        spec = games.get(game)
        seats = [{spec.seat_key: name, "who": "human"} for name in spec.seats[:2]]
        record, state = GameRecord.new(seats, seed, None, game, OPTIONS[game], games=games.GAMES)
        self.table = LocalTable(record, [state], autosave=False, pace=0)
        self.heard = [Heard(), Heard()]
        for heard in self.heard:
            self.table.listen(heard)
        self.tables = [self.table, self.table]
        self.master = self.table

    def client(self, seat: int) -> Seat:
        return self.table.seat(seat)

    async def settled(self, actions: int) -> None:
        assert self.table.actions == actions

    async def close(self) -> None:
        pass


class RemoteSitting:
    """Two people, each at their own session of a real table server, at one table."""

    kind = "server"

    async def open(self, game: str, seed: int) -> None:
        self.hub = Hub(bot_pace=0.0, seed_source=lambda: seed, rate_limits={})
        await self.hub.start()
        self.heard = [Heard(), Heard()]
        self.tables: list[RemoteTable | None] = [None, None]
        self.connections = []
        for index, name in enumerate(("alice", "bob")):
            token = self.hub.register_session(f"open:{name}", name)
            connection = Connection(
                str(self.hub.socket_path), token, lambda m, i=index: self._heard(i, m)
            )
            await connection.open()
            self.connections.append(connection)
        await asyncio.sleep(0.05)
        spec = games.get(game)
        seats = [{"name": spec.seats[0], "who": "me"}, {"name": spec.seats[1], "who": "open"}]
        self.connections[0].send(
            {"type": "new_table", "game": game, "seats": seats, "options": OPTIONS[game]}
        )
        await eventually(lambda: self.tables[0] is not None, "the new table")
        table_id = self.tables[0].id
        self.connections[1].send({"type": "join", "table": table_id, "seat": 1})
        await eventually(lambda: self.tables[1] is not None, "the joined table")
        self.master = self.hub.tables[table_id].master

    def _heard(self, index: int, message: dict) -> None:
        kind = message["type"]
        table = self.tables[index]
        if kind == "table":
            if table is None:
                table = self.tables[index] = RemoteTable(self.connections[index], message)
                table.listen(self.heard[index])
            else:
                table.update(message)
        elif kind == "error":
            if table is not None:
                table.refused(message["error"])
            else:
                self.heard[index].refusals.append(message["error"])
        elif kind == "hint" and table is not None:
            table.hinted(message)
        elif kind == "why" and table is not None:
            table.explained(message)

    def client(self, seat: int) -> Seat:
        return self.tables[seat].seat(seat)

    async def settled(self, actions: int) -> None:
        await eventually(
            lambda: (
                all(t.actions == actions for t in self.tables)
                and all(t.version == self.master.version for t in self.tables)
            ),
            f"both sessions to see action {actions}",
        )

    async def close(self) -> None:
        for connection in self.connections:
            connection.close()
        await self.hub.close()


SITTINGS = {"local": LocalSitting, "server": RemoteSitting}


@pytest.fixture(params=list(SITTINGS))
async def sitting(request):
    made = SITTINGS[request.param]()
    yield made
    await made.close()


def _same_as_master(sitting, seat: int) -> None:
    """A seat's client holds exactly what the master gives that seat: no more, no less."""
    client = sitting.client(seat)
    master = sitting.master
    assert json.loads(json.dumps(client.view())) == master.view(seat)
    assert client.choices() == master.choices(seat)


async def _play_out(sitting, rng: random.Random, limit: int = 4000) -> int:
    """Play random choices of whichever seat decides, through the seat API, to the end."""
    steps = 0
    while not sitting.tables[0].is_over:
        steps += 1
        assert steps < limit, "the game did not end"
        seat = sitting.tables[0].deciding
        other = 1 - seat
        choices = sitting.client(seat).choices()
        assert choices.deciding and choices.actions and choices.seat == seat
        assert not sitting.client(other).choices().actions
        if steps % 25 == 1:
            _same_as_master(sitting, seat)
            _same_as_master(sitting, other)
        before = sitting.master.actions
        sitting.client(seat).play(rng.choice(choices.actions).notation)
        await sitting.settled(before + 1)
    return steps


@pytest.mark.parametrize("game", GAME_NAMES)
async def test_a_whole_game_through_the_seat_api(sitting, game):
    await sitting.open(game, seed=11)
    assert isinstance(sitting.tables[0], TableClient)
    assert isinstance(sitting.client(0), Seat)
    assert [s.mine for s in sitting.tables[1].seats] == (
        [True, True] if sitting.kind == "local" else [False, True]
    )
    news = sitting.client(0).news()
    assert news and all(isinstance(line, str) and "\n" not in line for line in news)
    steps = await _play_out(sitting, random.Random(3))
    assert steps > 5
    assert sitting.client(0).news(), "the game is told in the log"
    for seat in (0, 1):
        client = sitting.client(seat)
        assert sitting.tables[seat].is_over and sitting.tables[seat].deciding is None
        assert "scores" in client.view()
        assert not client.choices().actions and not client.choices().can_undo
    assert sitting.tables[0].seed == sitting.master.record.seed


@pytest.mark.parametrize("game", GAME_NAMES)
async def test_refusals_are_one_sentence_and_change_nothing(sitting, game):
    await sitting.open(game, seed=5)
    seat = sitting.tables[0].deciding
    other = 1 - seat
    before = (sitting.master.actions, sitting.master.state.to_dict())
    for client, text in (
        (sitting.client(seat), "fly to the moon"),
        (sitting.client(other), sitting.client(seat).choices().actions[0].notation),
    ):
        heard = sitting.heard[client.seat]
        count = len(heard.refusals)
        client.play(text)
        await eventually(lambda h=heard, c=count: len(h.refusals) > c, "a refusal")
        sentence = heard.refusals[-1]
        assert sentence.endswith((".", "!", "?")) and "\n" not in sentence and len(sentence) < 300
        assert (sitting.master.actions, sitting.master.state.to_dict()) == before
    _same_as_master(sitting, seat)


@pytest.mark.parametrize("game", GAME_NAMES)
async def test_why_names_the_rule_and_is_silent_for_a_legal_action(sitting, game):
    await sitting.open(game, seed=6)
    seat = sitting.tables[0].deciding
    client = sitting.client(seat)
    legal = client.choices().actions[0].notation
    assert client.why(legal) == ""
    answer = client.why("undress the djinn")
    if answer is None:  # asked of the server: the answer is told
        heard = sitting.heard[seat]
        await eventually(lambda: heard.whys, "the server's answer")
        notation, answer = heard.whys[-1]
        assert notation == "undress the djinn"
    assert answer and "\n" not in answer


@pytest.mark.parametrize("game", GAME_NAMES)
async def test_undo_takes_back_the_seats_own_decisions_only(sitting, game):
    await sitting.open(game, seed=8)
    rng = random.Random(2)
    for _ in range(400):
        seat = sitting.tables[0].deciding
        choices = sitting.client(seat).choices()
        if choices.can_undo:
            break
        before = sitting.master.actions
        sitting.client(seat).play(rng.choice(choices.actions).notation)
        await sitting.settled(before + 1)
    else:
        pytest.fail("no position allowed an undo")
    other = 1 - seat
    assert not sitting.client(other).choices().can_undo
    # Not "you have made no decision yet this turn": the turn is the other seat's.
    why = sitting.client(other).choices().why_no_undo
    assert why.startswith("Nothing can be undone now: it is ") and "'s decision." in why, why
    assert "your own decisions of a turn while it is still yours" in why, why
    heard = sitting.heard[other]
    count = len(heard.refusals)
    sitting.client(other).undo()
    await eventually(lambda: len(heard.refusals) > count, "the other seat's undo refused")
    assert heard.refusals[-1] == why
    actions = sitting.master.actions
    sitting.client(seat).news()
    sitting.client(seat).undo()
    await eventually(
        lambda: all(t.actions < actions for t in sitting.tables), "the undo seen by both"
    )
    await sitting.settled(sitting.master.actions)
    assert any("took back" in line for line in sitting.client(seat).news())
    _same_as_master(sitting, seat)


@pytest.mark.parametrize("game", GAME_NAMES)
async def test_a_hint_names_a_legal_action(sitting, game):
    await sitting.open(game, seed=9)
    seat = sitting.tables[0].deciding
    client = sitting.client(seat)
    client.hint()
    heard = sitting.heard[seat]
    await eventually(lambda: heard.hints, "the hint", timeout=60)
    hint = heard.hints[-1]
    assert client.choices().find(hint.notation) is not None
    assert hint.words and hint.reason and hint.actions == sitting.master.actions
    count = len(sitting.heard[1 - seat].refusals)
    sitting.client(1 - seat).hint()
    await eventually(lambda: len(sitting.heard[1 - seat].refusals) > count, "a hint refused")


@pytest.mark.parametrize("game", GAME_NAMES)
def test_what_a_seat_is_told_depends_on_its_view_alone(game):
    """Re-deal everything a seat cannot see: its view and its choices stay the same."""
    spec = games.get(game)
    seats = [{spec.seat_key: name, "who": "human"} for name in spec.seats[:3]]
    record, state = GameRecord.new(seats, 21, None, game, OPTIONS[game], games=games.GAMES)
    rng = random.Random(4)
    checked = 0
    for step in range(600):
        if state.is_over:
            break
        if step % 20 == 0:
            for seat in range(3):
                view = state.view(seat)
                mine = seat_choices(spec, state, seat, view, (False, ""))
                for redeal in (1, 2):
                    other = spec.rules.determinize(view, redeal)
                    assert other.view(seat) == view
                    theirs = seat_choices(spec, other, seat, other.view(seat), (False, ""))
                    assert theirs == mine, (game, step, seat)
                    checked += 1
        state = state.apply(rng.choice(state.legal_actions()))
    assert checked > 20


@pytest.mark.parametrize("game", GAME_NAMES)
async def test_a_spectator_sees_what_anyone_at_the_table_may_see(game):
    hub = Hub(bot_pace=0.0, seed_source=lambda: 13)
    await hub.start()
    heard: list[dict] = []
    try:
        owner = Connection(
            str(hub.socket_path), hub.register_session("open:ann", "ann"), heard.append
        )
        watcher_heard: list[dict] = []
        watcher = Connection(
            str(hub.socket_path), hub.register_session("open:walt", "walt"), watcher_heard.append
        )
        await owner.open()
        await watcher.open()
        spec = games.get(game)
        seats = [{"name": spec.seats[0], "who": "me"}, {"name": spec.seats[1], "who": "random"}]
        await eventually(lambda: heard, "the welcome")
        owner.send({"type": "new_table", "game": game, "seats": seats, "options": OPTIONS[game]})
        await eventually(lambda: any(m["type"] == "table" for m in heard), "the table")
        table_id = next(m for m in heard if m["type"] == "table")["table"]
        watcher.send({"type": "watch", "table": table_id})
        await eventually(
            lambda: any(m["type"] == "table" for m in watcher_heard), "the watched table"
        )
        master = hub.tables[table_id].master

        def latest() -> dict:
            return [m for m in watcher_heard if m["type"] == "table"][-1]

        # The bot plays its turn; then the person's decision waits, and nothing moves.
        await eventually(
            lambda: master.deciding == 0 and latest()["actions"] == master.actions,
            "the table to wait for the person",
        )
        watched = latest()
        assert watched["seat"] is None and watched["choices"]["actions"] == []
        assert watched["view"] == json.loads(json.dumps(master.view(SPECTATOR)))
        owner.close()
        watcher.close()
    finally:
        await hub.close()
