"""The expert level of every game: information-set search (`core.ismcts`) within a budget.

A game's expert subclasses `ExpertBot` once, writing `search_game`: its side of the search for
one decision (a `core.game_search.GameSearch`: determinizations of the seat's view, moves, priors
from the hard bot's judgement, a quick look-ahead at the leaves). The budget is time by default (THINK_MS a decision, anytime),
or a number of iterations, which a seed replays exactly:

    bot = make_bot("expert", seed=7)                    # 1 s a decision
    bot = make_bot("expert", seed=7, iterations=400)    # the same choices on every machine
    result = bot.judge(view, legal)     # each legal action's estimated value (for a review)

A search runs for a second in pure Python: tables and hints run it in a worker process
(`wish_tui.tables.bot_process`), never on an event loop.
"""

from __future__ import annotations

import copy
import gc
import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from .bots import Bot, match
from .ismcts import Budget, Result, SearchGame, search

__all__ = ["EXPERT", "THINK_MS", "ActionValue", "ExpertBot", "budget_of"]

EXPERT = "expert"
"""The level's name."""
THINK_MS = 1000
"""Default time budget per decision, in milliseconds."""
DEFAULT_ITERATIONS: int | None = None
"""When set, the budget of an expert made without one: iterations instead of THINK_MS (the
tests set a few, so that a game of experts is quick and replays exactly)."""
RACE_ALL = 10**6
"""Root moves raced when every legal action is to be judged (no root has as many)."""
JUDGED = 8
"""Root moves raced to judge a move played: the best by prior, and the move itself."""
DEAL_BITS = 48
"""The bits of the bot's seed that seed the one deal `describe` reads a view in (a club's
seeds reach 2^64, past what a State keeps)."""
MARGIN_S = 0.1
"""Seconds kept back from the budget for what surrounds the search (drawing the view, the worker
process's messages), so that a decision takes no longer than its budget."""


@dataclass(frozen=True)
class ActionValue:
    """One legal action as the search judged it."""

    action: Any
    value: float
    """The deciding seat's mean reward after it, about its chance of winning (0 to 1)."""
    visits: int
    """How many iterations tried it (0: judged by its prior alone)."""


def budget_of(think_ms: int | None, iterations: int | None) -> Budget:
    """The search budget for a think time in ms and/or an iteration count.

    Iterations alone give a search that replays exactly; a think time (THINK_MS when neither is
    given) makes it anytime.
    """
    if think_ms is None and iterations is None and DEFAULT_ITERATIONS is not None:
        return Budget(iterations=DEFAULT_ITERATIONS)
    if iterations is not None and think_ms is None:
        return Budget(iterations=iterations)
    ms = THINK_MS if think_ms is None else think_ms
    seconds = max(ms / 1000 - MARGIN_S, ms / 1000 / 2)
    return Budget(seconds=seconds, iterations=iterations)


class ExpertBot(Bot):
    """A bot that searches each decision with ISMCTS; subclasses give the game's side."""

    level = EXPERT
    runs_apart = True
    takes_iterations = True

    def __init__(self, seed: int, think_ms: int | None = None, iterations: int | None = None):
        super().__init__(seed, think_ms)
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be a positive number.")
        self.iterations = iterations
        self.budget = budget_of(think_ms, iterations)
        self.last: Result | None = None
        """The last search made (its root's moves, iterations and time)."""

    def search_game(self, view: dict, legal: list) -> SearchGame:
        """The game's side of the search for the decision of `view`."""
        raise NotImplementedError

    def first_action(self, move: Hashable) -> Any:
        """The action a move of the search begins with (a move may be several actions)."""
        return move

    def _search(self, view: dict, legal: list, every: bool = False, played=None) -> Result:
        game = self.search_game(view, legal)
        if every:
            game.candidates = RACE_ALL
        elif played is not None:
            game.candidates = max(game.candidates, JUDGED)
            game.must_race = lambda move: self._begins(move, legal) == played
        rng = random.Random(self.rng.getrandbits(64))
        collecting = gc.isenabled()
        gc.disable()  # a search makes many short-lived objects and no cycles
        try:
            self.last = search(game, self.budget, rng)
        finally:
            if collecting:
                gc.enable()
        return self.last

    def _begins(self, move: Hashable, legal: list) -> Any:
        """The legal action a root move begins with."""
        return match(self.first_action(move), legal)

    def _choose(self, view: dict, legal: list) -> Any:
        result = self._search(view, legal)
        return match(self.first_action(result.best), legal)

    def judge(self, view: dict, legal: Sequence[Any], played: Any = None) -> list[ActionValue]:
        """Each legal action with its estimated value, the best first, by one search that
        races every one of them (a review asks how much worse the move played was than the
        best; the expert's own choice races only its best few). Given the action `played`,
        the search races the best few by prior and that one, within the same budget (a
        root of many moves leaves too few iterations for each of them).

        The bot's own generator is not used (a copy is), so judging changes none of its
        choices. An action the budget left untried is judged by its prior alone.
        """
        legal = list(legal)
        if not legal:
            raise ValueError("a bot was asked to judge no legal actions")
        twin = copy.deepcopy(self)
        result = twin._search(view, legal, every=played is None, played=played)
        best: dict[Any, ActionValue] = {}
        for stat in result.stats:
            action = match(twin.first_action(stat.move), legal)
            known = best.get(action)
            if known is None or stat.visits > known.visits:
                best[action] = ActionValue(action, stat.value, stat.visits)
        for action in legal:
            best.setdefault(action, ActionValue(action, 0.0, 0))
        return sorted(best.values(), key=lambda a: (-a.visits, -a.value))

    def describe(self, view: dict, action: Any) -> str:
        """What `action` does for the seat, in the game's words ('' when there is nothing to
        add to the search's verdict)."""
        return ""

    @property
    def deal_seed(self) -> int:
        """The seed of the one deal `describe` reads the view in, whatever the bot's seed."""
        return self.seed & ((1 << DEAL_BITS) - 1)

    def _reason(self, view: dict, action: Any) -> str:
        words = self.describe(view, action)
        verdict = self._verdict()
        if words and verdict:
            return f"{words}; {verdict}"
        return words or verdict or "the expert's choice"

    def _verdict(self) -> str:
        """What the last search found, in a few words ('' when it compared nothing)."""
        result = self.last
        if result is None or not result.iterations:
            return ""
        tried = [s for s in result.stats if s.visits]
        if len(tried) < 2:
            return ""
        return (
            f"played out {result.iterations} times over sampled hidden cards, it did better "
            f"than {len(tried) - 1} other choice{'s' if len(tried) > 2 else ''} "
            f"('{self.first_action(tried[1].move)}' next)"
        )
