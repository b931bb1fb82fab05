"""What every game's bots share: the levels, the base class with its hint, and `make_bot`.

A game's ``bots`` package subclasses `Bot` once (adding ``sample``, which draws a full position
from a view with the game's own ``rules.determinize``), writes one class per level with its own
``_choose`` (and ``_reason`` for the hint's words), and makes its ``make_bot`` with
`bot_maker`:

    make_bot = bot_maker(RandomBot, EasyBot, MediumBot, HardBot)
    bot = make_bot("hard", seed=7)
    action = bot.choose(view, legal)            # a bot sees one seat's view, never the State
    action, reason = bot.hint(view, legal)      # what it would choose, and why; changes nothing
"""

from __future__ import annotations

import copy
import random
import threading
from collections.abc import Callable, Sequence
from typing import Any

from .excerpt import excerpt

__all__ = ["LEVELS", "Bot", "bot_maker", "match", "work_counter"]

LEVELS = ("random", "easy", "medium", "hard", "expert")
"""The bot levels of every game, weakest first."""
_LOCAL = threading.local()


def work_counter() -> list[int]:
    """This thread's count of engine applies made by the bots' planning functions so far.

    The hard bots count their think budget in these deterministic units instead of in time (a
    search reads how far the count went), so that a seed replays the same choices on any
    machine; the count is per thread so that a hint computed while a bot thinks cannot change
    either's choice.
    """
    counter = getattr(_LOCAL, "work", None)
    if counter is None:
        counter = _LOCAL.work = [0]
    return counter


class Bot:
    """A computer opponent: it picks one of the legal actions from what its seat may see.

    Subclasses write `_choose` (and `_reason`); everything a bot remembers between decisions
    lives in its attributes, so that `hint` can ask a copy and leave the bot itself untouched.
    """

    level = "base"
    """The level's name, one of LEVELS."""
    runs_apart = False
    """True for a bot whose decisions are long searches: tables run it in a worker process."""
    takes_iterations = False
    """True for a bot whose budget may be a number of search iterations (`make_bot`)."""

    def __init__(self, seed: int, think_ms: int | None = None) -> None:
        self.seed = seed
        self.think_ms = think_ms
        self.rng = random.Random(seed)
        """The bot's only source of chance, so a seed replays its choices."""

    def choose(self, view: dict, legal: Sequence[Any]) -> Any:
        """Return one of `legal` for the seat whose `view` is given.

        Raises:
            ValueError: there is nothing to choose from.
        """
        if not legal:
            raise ValueError("a bot was asked to choose from no legal actions")
        if len(legal) == 1:
            return legal[0]
        return self._choose(view, list(legal))

    def hint(self, view: dict, legal: Sequence[Any]) -> tuple[Any, str]:
        """Return the action this bot would choose now and a one-line reason.

        The choice is made by a copy of the bot, so asking for a hint leaves the bot as it was
        (its generator, its plans, what it counted): hints never change the choices a seed
        replays.
        """
        twin = copy.deepcopy(self)
        action = twin.choose(view, legal)
        if len(legal) == 1:
            return action, "the only legal action"
        return action, twin._reason(view, action)

    def _choose(self, view: dict, legal: list) -> Any:
        """Pick one of two or more legal actions."""
        raise NotImplementedError

    def _reason(self, view: dict, action: Any) -> str:
        """One line on why `action`, just chosen by this bot, is its choice."""
        return f"the {self.level} bot's choice"


def match(action: Any, legal: Sequence[Any]) -> Any:
    """Return `action` if legal, else the legal action with the same notation, else the first."""
    if action in legal:
        return action
    text = str(action)
    for candidate in legal:
        if str(candidate) == text:
            return candidate
    return legal[0]


def bot_maker(*classes: type[Bot]) -> Callable[..., Bot]:
    """Return a game's `make_bot` for its bot classes, one for each of LEVELS.

    Raises:
        ValueError: the classes' levels are not LEVELS, in order.
    """
    by_level = {cls.level: cls for cls in classes}
    if tuple(by_level) != LEVELS:
        raise ValueError(f"bot classes must have the levels {', '.join(LEVELS)}, in order")

    def make_bot(
        level: str, seed: int, think_ms: int | None = None, iterations: int | None = None
    ) -> Bot:
        """Return a bot of `level` whose choices depend only on `seed` and what it is shown.

        Args:
            level: one of LEVELS (random, easy, medium, hard, expert).
            seed: the seed of the bot's own generator.
            think_ms: the think budget per decision (each game has a default): the hard bot
                turns it into a fixed number of engine applies, so that results never depend
                on the clock; the expert searches for that long (anytime).
            iterations: the expert's budget in search iterations instead (with no think_ms, a
                seed then replays its choices exactly).

        Raises:
            ValueError: the level is unknown, a budget is not positive, or iterations are
                given to a level that does not search.
        """
        cls = by_level.get(level) if isinstance(level, str) else None
        if cls is None:
            raise ValueError(
                f"{excerpt(level)} is not a bot level; choose from {', '.join(LEVELS)}."
            )
        if think_ms is not None and think_ms <= 0:
            raise ValueError("think_ms must be a positive number of milliseconds.")
        if iterations is None:
            return cls(seed, think_ms)
        if not cls.takes_iterations:
            raise ValueError(f"the {level} bot takes no iterations budget.")
        return cls(seed, think_ms, iterations)

    return make_bot
