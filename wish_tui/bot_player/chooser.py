"""A turn of the bot protocol answered by one of the project's bots, from the seat's view alone.

The bot is given what a bot at a table gets: the seat's view and its legal actions. The actions
are the turn's choices (notation) read back through a position the bot draws from the view
(`sample`, as it draws the positions it searches): nothing the seat cannot see is used, since
the view has nothing more. A choice the drawn position cannot read (a bot's guess gone
wrong) falls back on the turn's choices themselves, picked at random.
"""

from __future__ import annotations

import random

from wish_tui import games


class Chooser:
    """One bot level's choices, per table (a bot remembers between its decisions)."""

    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.rng = random.Random(seed)
        self._bots: dict[str, object] = {}

    def choose(self, game: str, table: str, view: dict, offered: list[str]) -> str:
        """The notation of the action the bot plays, one of `offered`."""
        spec = games.get(game)
        bot = self._bots.get(table)
        if bot is None:
            bot = self._bots[table] = spec.bots.make_bot(self.level, seed=self.rng.getrandbits(32))
        try:
            state = bot.sample(view)
            wanted = set(offered)
            legal = [a for a in state.legal_actions() if str(a) in wanted]
            if legal:
                choice = str(bot.choose(view, legal))
                if choice in wanted:
                    return choice
        except Exception:  # noqa: BLE001 (a bot's fault must not end its games: it plays on)
            pass
        return self.rng.choice(offered)

    def forget(self, table: str) -> None:
        """A table ended: its bot goes."""
        self._bots.pop(table, None)
