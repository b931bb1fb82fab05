"""The registry of games: the one place that names every game the app plays.

The shell (title, new game, load, replay, help), saves and records, `wish-tui engine` and
`wish-tui tournament` ask this module for a game by name and use only its `Game` description
(`wish_tui.core.game_spec`); none of them holds code of a particular game. Adding a game means
adding its package and one line here.
"""

from __future__ import annotations

from wish_tui.core.game_spec import Game, Option
from wish_tui.spirits.game import GAME as SPIRITS
from wish_tui.wish.game import GAME as WISH
from wish_tui.wishland.game import GAME as WISHLAND

__all__ = ["DEFAULT", "GAMES", "Game", "Option", "get", "names"]

GAMES: dict[str, Game] = {game.name: game for game in (WISH, SPIRITS, WISHLAND)}
"""Every game, by name, in the order the title screen offers them."""
DEFAULT = "wish"
"""The game a command means when it names none (every Wish command keeps working)."""


def names() -> tuple[str, ...]:
    """The names of the games."""
    return tuple(GAMES)


def get(name: str | None) -> Game:
    """The game called `name` (the default game for None).

    Raises:
        KeyError: no game has that name; the message is one sentence.
    """
    game = GAMES.get(DEFAULT if name is None else name)
    if game is None:
        shown = name if isinstance(name, str) and len(name) <= 30 else "that"
        raise KeyError(f"'{shown}' is not a game here; choose from {', '.join(GAMES)}.")
    return game
