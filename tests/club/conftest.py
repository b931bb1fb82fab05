"""Fixtures of the club's tests: a club on a real SQLite file and on a real PostgreSQL database
(each test that takes `club` runs on both), a clock that moves when told, and short seeded bot
games (with an undo) to store."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from wish_tui import games
from wish_tui.club import SeatSpec, open_club


class Clock:
    """Milliseconds since 1970 that move only when a test says so (or one per reading)."""

    def __init__(self, start: int = 1_700_000_000_000) -> None:
        self.now = start

    def __call__(self) -> int:
        self.now += 1
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += int(seconds * 1000)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture(params=["sqlite", "postgres"])
def database(request) -> str | None:
    """None for the SQLite file of the test's folder, or the URL of a fresh PostgreSQL
    database of the session's server."""
    return request.getfixturevalue("postgres_url") if request.param == "postgres" else None


@pytest.fixture
def club(tmp_path, clock, database):
    opened = open_club(tmp_path, database=database, clock=clock)
    yield opened
    opened.close()


def reopen(club, clock=None):
    """The same database closed and opened again, as after a restart."""
    url = getattr(club.db, "url", None)
    folder = None if url else club.db.path.parent
    club.close()
    return open_club(folder, database=url, clock=clock or Clock(2_000_000_000_000))


@dataclass
class Played:
    """A game played by bots into a club table: what the table must give back."""

    table: object
    actions: list[str]
    state: object
    undos: int = 0
    states: list = field(default_factory=list)


def assert_read_only(reader) -> None:
    """`reader`, a club opened to read, finds Ann and refuses to register anyone; it is closed."""
    try:
        assert reader.players.by_name("Ann") is not None
        with pytest.raises(Exception) as refused:
            reader.players.register("SHA256:zzzzzzzzzzzzzzzz", "Zed")
        assert "read only" in str(refused.value)
    finally:
        reader.close()


def key(n: int) -> str:
    """A fingerprint that stands for the key of person `n`."""
    return f"SHA256:{'k' * 20}{n:04d}"


def people(club, *names: str):
    """Players with keys, by name."""
    return [club.players.register(key(i), name) for i, name in enumerate(names)]


def play(
    club,
    game: str,
    seed: int,
    seats: list[SeatSpec],
    *,
    owner=None,
    limit: int | None = None,
    undo_at: int | None = 12,
    solo: str = "",
    level: str = "random",
) -> Played:
    """Play a game with `level` bots choosing for every seat, storing each action (and one undo,
    the first time one is allowed after `undo_at` actions) as the hub would."""
    spec = games.get(game)
    table = club.tables.create(game, seed, seats, owner, solo=solo)
    state = spec.new_state([s.name for s in seats], seed, solo, spec.parse_options({}))
    bots = [spec.bots.make_bot(level, seed * 7 + i) for i in range(len(seats))]
    history, actions, undos = [state], [], 0
    rules = spec.rules
    while not state.is_over and (limit is None or len(actions) < limit):
        seat = state.current_player
        player = table.seats[seat].player_id
        if undo_at is not None and not undos and len(actions) >= undo_at:
            target = rules.undo_target(history)
            if target is not None and history[target].current_player == seat:
                steps = len(history) - 1 - target
                club.tables.append_undo(table.id, seat, player, steps)
                del history[target + 1 :], actions[len(actions) - steps :]
                state = history[-1]
                undos += 1
                continue
        action = bots[seat].choose(state.view(seat), state.legal_actions())
        club.tables.append(table.id, seat, player, str(action))
        state = state.apply(action)
        history.append(state)
        actions.append(str(action))
    return Played(table, actions, state, undos, history)
