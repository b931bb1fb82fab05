"""A braille display shows 40 cells: at `verbosity short` the first 40 characters of each line
that tells a move say who made it and what it moved, bought, took or placed, by name.

Whole games of each game against a bot, the person's decisions answered at random: every line
that begins with a seat's name (a move by that seat, the person's own included) names, within
its first 40 characters, the first card, tile or place it names at all, before the final scoring.
"""

from __future__ import annotations

import asyncio
import io
import random
import re
import tomllib
from pathlib import Path

import pytest

import wish_tui
from tests.plain.test_sitting import Console
from wish_tui import games, saves
from wish_tui.plain.output import Output
from wish_tui.plain.sitting import PlainTable
from wish_tui.records import GameRecord
from wish_tui.tables.local import LocalTable

CELLS = 40
"""The cells of a braille line."""
GAMES = [
    ("wish", [("air", "human"), ("water", "easy")]),
    ("spirits", [("air", "human"), ("fire", "easy")]),
    ("wishland", [("red", "human"), ("blue", "easy")]),
]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path))


def _names(data, into: set[str]) -> set[str]:
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("name", "title") and isinstance(value, str):
                into.add(value)
            else:
                _names(value, into)
    elif isinstance(data, list):
        for value in data:
            _names(value, into)
    return into


def named_things(game: str) -> re.Pattern:
    """Any name of a card, tile or place of `game` (its data's names and titles)."""
    names: set[str] = set()
    for path in (Path(wish_tui.__file__).parent / game / "data").glob("*.toml"):
        if not path.name.startswith("lesson"):
            _names(tomllib.loads(path.read_text()), names)
    assert len(names) > 30, f"{game}: its data names too few things"
    longest_first = sorted(names, key=len, reverse=True)
    return re.compile("|".join(rf"\b{re.escape(name)}(?!\w)" for name in longest_first))


async def whole_game_lines(game: str, seats, seed: int) -> list[str]:
    """Everything said at verbosity short over a whole game, a wrapped line joined again."""
    spec = games.get(game)
    record, state = GameRecord.new(
        [{spec.seat_key: n, "who": w} for n, w in seats], seed, None, game, None, games=games.GAMES
    )
    table = LocalTable(record, [state], autosave=False, pace=0, games=games.GAMES)
    stream = io.StringIO()
    out = Output(stream, 80)
    out.reading.verbosity = "short"
    plain = PlainTable(table, out, Console(), viewer=0)
    plain.start()
    rng = random.Random(seed)
    while True:
        for _ in range(2000):
            if not plain.holding():
                break
            await asyncio.sleep(0.001)
        if table.is_over or not plain.deciding_here():
            break
        plain.handle(str(rng.randint(1, len(plain.choices_now().actions))))
    assert table.is_over
    lines: list[str] = []
    for line in stream.getvalue().splitlines():
        if line.startswith("  ") and lines:
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    return lines


@pytest.mark.parametrize(("game", "seats"), GAMES)
def test_at_short_the_first_40_characters_say_who_moved_what(game, seats):
    things = named_things(game)
    lines = asyncio.run(whole_game_lines(game, seats, 5))
    titles = [name.title() for name, _ in seats]
    moves = 0
    for line in lines[: lines.index("The game is over.")]:
        who = next((title for title in titles if line.startswith(title)), None)
        if who is None:
            continue
        moves += 1
        thing = things.search(line, len(who))
        assert thing is None or thing.end() <= CELLS, (
            f"{game}: {line[:CELLS]!r} does not name {thing.group()!r}: {line!r}"
        )
    assert moves > 20
