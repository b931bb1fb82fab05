"""Whole stretches of each game read as a screen reader would: every line in words (no symbol a
synthesizer reads as nothing or letter by letter), and no listing of more than a dozen things."""

from __future__ import annotations

import asyncio
import io
import random
import re

import pytest

from tests.plain.test_sitting import Console
from wish_tui import games, saves
from wish_tui.plain.output import Output
from wish_tui.plain.sitting import PlainTable
from wish_tui.plain.steps import MAX_LISTED
from wish_tui.records import GameRecord
from wish_tui.tables.local import LocalTable

WORDS = re.compile(r"[\w\s.,;:!?'\"()/%&-]*")
"""Letters, digits and common punctuation: what any synthesizer or braille line says as is."""
TYPED = re.compile(r"\[[^\]]*\]|(?<!\w)'[^'\n]*?'(?!\w)")
ENTRY = re.compile(r"^(\d+|[a-z]), ")


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path))


async def _play(game: str, seats, seed: int, decisions: int) -> tuple[str, PlainTable]:
    spec = games.get(game)
    record, state = GameRecord.new(
        [{spec.seat_key: n, "who": w} for n, w in seats], seed, None, game, None, games=games.GAMES
    )
    table = LocalTable(record, [state], autosave=False, pace=0, games=games.GAMES)
    stream = io.StringIO()
    plain = PlainTable(table, Output(stream, 80), Console(), viewer=0)
    plain.start()
    rng = random.Random(seed)
    for done in range(decisions + 1):
        for _ in range(200):
            if not plain.holding():
                break
            await asyncio.sleep(0.001)
        if table.is_over or not plain.deciding_here() or done == decisions:
            break
        if rng.random() < 0.2:
            plain.handle(rng.choice(["look", "score", "hint", "log 3"]))
            for _ in range(200):
                if not plain.holding():
                    break
                await asyncio.sleep(0.001)
        plain.handle(str(rng.randint(1, len(plain.choices_now().actions))))
    return stream.getvalue(), plain


GAMES = [
    ("wish", [("air", "human"), ("water", "easy")]),
    ("spirits", [("air", "human"), ("fire", "easy")]),
    ("wishland", [("red", "human"), ("blue", "easy")]),
]


@pytest.mark.parametrize(("game", "seats"), GAMES)
def test_every_line_is_words_and_no_listing_names_more_than_a_dozen(game, seats):
    said, _ = asyncio.run(_play(game, seats, 5, 60))
    listed = 0
    for line in said.splitlines():
        words = TYPED.sub("", line)
        assert WORDS.fullmatch(words), f"{game}: {line!r}"
        listed = listed + 1 if ENTRY.match(line) else 0
        assert listed <= MAX_LISTED, f"{game}: more than {MAX_LISTED} listed up to {line!r}"


def test_symbols_on_shows_them_again():
    async def asked() -> str:
        _, plain = await _play("spirits", GAMES[1][1], 5, 0)
        plain.out.stream.seek(0)
        plain.out.stream.truncate()
        plain.handle("symbols on")
        plain.handle("all")
        return plain.out.stream.getvalue()

    text = asyncio.run(asked())
    assert "Symbols are shown as they are." in text and ("+" in text or "×" in text)
