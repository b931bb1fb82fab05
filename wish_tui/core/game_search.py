"""A game's side of the expert's search for one decision: what every game's starts from.

`GameSearch` is `core.ismcts.SearchGame` for a game whose States answer `is_over`,
`current_player`, `legal_actions` and `apply`; `Determinizations` draws the positions a seat's
view could have come from, with the game's own `rules.determinize` (the search is given the view,
never the State).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from .rewards import priors_from

__all__ = ["SAMPLES", "Determinizations", "GameSearch"]

SAMPLES = 64
"""Determinizations drawn for one search; later iterations draw among them (drawing one costs
as much as several iterations)."""


class Determinizations:
    """Full positions drawn from one seat's view with the game's `rules.determinize`: the first
    `most` (SAMPLES by default) draw new ones, later ones draw among them."""

    def __init__(
        self, view: dict, determinize: Callable[[dict, int], Any], most: int = SAMPLES
    ) -> None:
        self.view = view
        self._determinize = determinize
        self._most = most
        self._drawn: list = []

    def sample(self, rng: random.Random) -> Any:
        """A position the view could have come from, its hidden parts drawn with `rng`."""
        drawn = self._drawn
        if len(drawn) < self._most:
            drawn.append(self._determinize(self.view, rng.getrandbits(48)))
            return drawn[-1]
        return drawn[rng.randrange(self._most)]


class GameSearch:
    """What every game's side of the search (`ismcts.SearchGame`) starts from, for a game whose
    States answer `is_over`, `current_player`, `legal_actions` and `apply`.

    A game's side writes `priors` and `rewards_at` (each seat's reward where a new node's quick
    look-ahead, `play_out`, ends); it may narrow `in_tree` (which decisions the tree holds: the
    others are played out) and `moves` (a move may be several actions).
    """

    candidates = 6
    """Root moves raced (the best by prior: by the hard bot's judgement)."""
    prior_temperature = 2.0
    """Points below the best move at which a move's prior falls by e (`priors_of`)."""
    seats_key = "seats"
    """The view's list with an entry for each seat (how many seats play)."""
    must_race = None
    """A root move that races whatever its prior (`ismcts.SearchGame.must_race`)."""
    samples = SAMPLES
    """Determinizations drawn before later iterations draw among them: a game whose look-ahead
    is deterministic and cheap to deal for raises it, since a deal played again by the same move
    teaches nothing new."""

    def __init__(self, view: dict, determinize: Callable[[dict, int], Any]) -> None:
        self.view = view
        self.seat: int = view["seat"]
        self.seats = len(view[self.seats_key])
        self._draw = Determinizations(view, determinize, self.samples).sample
        self.root: Any = None
        """The first determinization drawn: the decision's position as one sample has it."""

    def sample(self, rng: random.Random) -> Any:
        state = self._draw(rng)
        if self.root is None:
            self.root = state
        return state

    def in_tree(self, state: Any) -> bool:
        """Whether the decision in `state` is one the tree holds (else the look-ahead plays
        on from there)."""
        return True

    def mover(self, state: Any) -> int | None:
        if state.is_over or not self.in_tree(state):
            return None
        return state.current_player

    def moves(self, state: Any) -> Sequence[Hashable]:
        return state.legal_actions()

    def play(self, state: Any, move: Hashable) -> Any:
        return state.apply(move)

    def play_out(self, state: Any) -> Any:
        """Where the quick look-ahead from a new node's position ends (by default, there)."""
        return state

    def rewards(self, state: Any, rng: random.Random) -> Sequence[float]:
        if not state.is_over:
            state = self.play_out(state)
        return self.rewards_at(state)

    def rewards_at(self, state: Any) -> Sequence[float]:
        """Each seat's reward, in [0, 1], where a look-ahead ended (over or not)."""
        raise NotImplementedError

    def priors(self, state: Any, moves: Sequence[Hashable]) -> list[float]:
        raise NotImplementedError

    def priors_of(self, values: Sequence[float]) -> list[float]:
        """The priors of moves judged `values` (higher is better), at `prior_temperature`."""
        return priors_from(values, self.prior_temperature)
