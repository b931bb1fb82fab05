"""What a Wishland game shows, as a person reads it: the terminal's lines, the detail line."""

from __future__ import annotations

import io

from rich.console import Console

from wish_tui import saves
from wish_tui.games import GAMES
from wish_tui.widgets.detail_line import DetailLine


def screen_lines(app) -> list[str]:
    """The terminal's lines as the app draws them now (every layer, as plain text)."""
    width, height = app.size
    console = Console(
        width=width, height=height, file=io.StringIO(), color_system=None, record=True
    )
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text().splitlines()


def detail_of(screen) -> str:
    """The detail line's words."""
    return screen.query_one(DetailLine).words


def wishland_record(seats, who, seed: int, actions=(), solo: bool = False, options=None):
    """A Wishland record and its states after `actions` (notation)."""
    record, state = saves.GameRecord.new(
        [{"colour": s, "who": w} for s, w in zip(seats, who, strict=True)],
        seed,
        "standard" if solo else None,
        "wishland",
        options or {},
        games=GAMES,
    )
    history = [state]
    for text in actions:
        record, state = record.play(state, text)
        history.append(state)
    return record, history
