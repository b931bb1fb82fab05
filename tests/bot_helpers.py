"""Helpers the bot tests of every game share."""

from __future__ import annotations

import copy


class Spy:
    """Wraps a bot and records exactly what it is given."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.calls: list[tuple] = []

    def choose(self, view, legal):
        self.calls.append((copy.deepcopy(view), list(legal)))
        return self.bot.choose(view, legal)
