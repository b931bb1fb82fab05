"""The expert at a table: its moves are thought out in a worker process while the table's event
loop goes on, and a solo game's hint is the expert's."""

from __future__ import annotations

import asyncio

from tests.waiting import eventually
from wish_tui import games
from wish_tui.records import GameRecord
from wish_tui.tables.local import LocalTable
from wish_tui.tables.seat import Listener


class Heard(Listener):
    def __init__(self) -> None:
        self.hints = []
        self.changes = 0

    def table_changed(self) -> None:
        self.changes += 1

    def table_hint(self, hint) -> None:
        self.hints.append(hint)


def _table(game: str, seats: list[tuple[str, str]], seed: int, solo: str = "") -> LocalTable:
    spec = games.get(game)
    record, state = GameRecord.new(
        [{spec.seat_key: name, "who": who} for name, who in seats],
        seed,
        solo or None,
        game,
        {},
        games=games.GAMES,
    )
    return LocalTable(record, [state], autosave=False, pace=0)


async def test_the_experts_moves_leave_the_event_loop_free() -> None:
    table = _table("spirits", [("air", "expert"), ("water", "human")], seed=3)
    assert table.deciding == 0
    sent = table.bot(0, "expert")
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0.001)

    ticker = asyncio.get_running_loop().create_task(tick())
    table.listen(Heard())
    await eventually(lambda: table.deciding == 1, "the expert's move", timeout=60.0)
    ticker.cancel()
    assert table.actions >= 1 and table.who(0) == "expert"
    # The loop went on while the expert thought (in a worker process, not in this thread).
    assert ticks > 20
    back = table.bot(0, "expert")
    assert back is not sent and back.last is not None and sent.last is None  # from its worker


async def test_a_solo_games_hint_is_the_experts() -> None:
    table = _table("wishland", [("red", "human")], seed=4, solo="standard")
    heard = Heard()
    table.listen(heard)
    table.seat(0).hint()
    await eventually(lambda: heard.hints, "the hint", timeout=60.0)
    assert "played out" in heard.hints[-1].reason
    legal = {str(a) for a in table.state.legal_actions()}
    assert heard.hints[-1].notation in legal
