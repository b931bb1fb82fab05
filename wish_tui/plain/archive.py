"""A finished game of the club read back in sentences: `game NUMBER` and `replay NUMBER`.

The table server sends a finished game's record (its ``archive`` message, `club.service`):
the seats and scores as kept, and the actions. The record is replayed here as a table held in
this process (`LocalTable`, no bots, no autosave) read from the rail: the log everyone at the
table could read, never a seat's secrets, and the final scoring.
"""

from __future__ import annotations

from wish_tui import games, saves
from wish_tui.tables.local import LocalTable
from wish_tui.tables.seat import SPECTATOR

from .club_pages import finished_line

FINAL_LINES = 10
"""Log lines `game NUMBER` reads from the end of the game (`replay` reads them all)."""


def archive_lines(message: dict, whole: bool) -> list[str]:
    """A finished game: its result, the last lines of its log (every line when `whole`), its
    final scoring. A record that does not replay gets one sentence instead of its log."""
    game = message.get("game")
    if not isinstance(game, dict):
        return ["The server sent a finished game this client cannot read."]
    try:
        lines = [finished_line(game)]
    except (KeyError, TypeError, ValueError):
        return ["The server sent a finished game this client cannot read."]
    try:
        record = saves.GameRecord.from_json(
            message.get("record"), f"Game {game.get('table_id')}", games=games.GAMES
        )
        states = saves.replay(record, f"Game {game.get('table_id')}")
    except (saves.SaveError, KeyError, TypeError, ValueError) as exc:
        return [*lines, f"Its moves cannot be read back: {exc}"]
    table = LocalTable(record, states, autosave=False, games=games.GAMES, pov=SPECTATOR)
    log = table.news()
    if whole:
        lines.append(f"The whole game, {len(log)} lines:")
        lines += log
    else:
        shown = log[-FINAL_LINES:]
        lines.append(f"Its last {len(shown)} lines ('replay {game['table_id']}' reads them all):")
        lines += shown
    view = table.view(None)
    # The scores as the club settled them (its ranking, a seat given up, an aborted game),
    # else (an older server) the replayed game's own.
    scores = message.get("scores") if isinstance(message.get("scores"), dict) else None
    scores = scores or view.get("scores")
    if scores:
        lines += table.spec.text.scoring(view, scores, None, False)
    return lines
