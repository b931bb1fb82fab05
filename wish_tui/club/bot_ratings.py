"""Where the club's bot members start: each level's rating from a round-robin of every level.

A bot member's first rated game in a game starts from the rating its level earned in a
round-robin of all five levels (`benchmarks/ratings.py`; the table, its command and the machine's
load in benchmarks/ratings.md), kept in `bot_ratings.toml` beside this file, not from a
newcomer's mu 25: a person who beats the expert gains what beating a strong player is worth from
the first game on. The sigma kept is at least SIGMA_FLOOR, so that the bots' ratings still move
with the club's games. A bot that has played keeps the rating it has.
"""

from __future__ import annotations

import tomllib
from importlib import resources

SIGMA_FLOOR = 2.0
"""The least sigma a bot starts with (the round-robin's may be smaller)."""


def _measured() -> dict[str, dict[str, tuple[float, float]]]:
    """Per game, per level: (mu, sigma), as `bot_ratings.toml` has them."""
    text = resources.files(__package__).joinpath("bot_ratings.toml").read_text("utf-8")
    return {
        game: {level: (float(r["mu"]), float(r["sigma"])) for level, r in levels.items()}
        for game, levels in tomllib.loads(text).items()
    }


BOT_RATINGS: dict[str, dict[str, tuple[float, float]]] = _measured()
"""Per game, per level: (mu, sigma) from the round-robin."""


def bot_prior(game: str, level: str) -> tuple[float, float] | None:
    """The (mu, sigma) a bot of `level` starts `game` with, or None when none was measured."""
    found = BOT_RATINGS.get(game, {}).get(level)
    if found is None:
        return None
    mu, sigma = found
    return mu, max(sigma, SIGMA_FLOOR)
