"""The information-set search: it finds the better move of a small game of hidden cards, sees
only what its determinizations give it, replays exactly under a seed for a number of iterations,
and stops at its budget."""

from __future__ import annotations

import random

import pytest

from wish_tui.core.ismcts import Budget, search


class Guess:
    """A small game of one hidden card: seat 0 calls 'high' (5 or more) or 'low' for a card in
    1-9 it cannot see, or folds for 0.7 of a win; seat 1 then passes. The seat knows only that
    the card is above `floor`: 'high' always wins from a floor of 4, and folding is best from a
    floor of 0 (high wins 5 times in 9)."""

    seats = 2
    candidates = 3
    must_race = None

    def __init__(self, floor: int) -> None:
        self.floor = floor
        self.drawn: list[int] = []

    def sample(self, rng: random.Random):
        card = rng.randint(self.floor + 1, 9)
        self.drawn.append(card)
        return ("call", card, None)

    def mover(self, st):
        phase = st[0]
        return None if phase == "over" else (0 if phase == "call" else 1)

    def moves(self, st):
        return ["high", "low", "fold"] if st[0] == "call" else ["pass"]

    def play(self, st, move):
        if st[0] == "call":
            return ("answer", st[1], move)
        return ("over", st[1], st[2])

    def priors(self, st, moves):
        return [1.0] * len(moves)

    def rewards(self, st, rng):
        _, card, call = st
        if call == "fold":
            return [0.7, 0.3]
        won = (card >= 5) == (call == "high")
        return [1.0, 0.0] if won else [0.0, 1.0]


def test_the_search_finds_the_move_that_wins_most_often() -> None:
    assert search(Guess(4), Budget(iterations=300), random.Random(1)).best == "high"
    result = search(Guess(0), Budget(iterations=300), random.Random(2))
    values = {s.move: s.value for s in result.stats}
    assert result.best == "fold" and values["fold"] == pytest.approx(0.7)
    assert values["high"] == pytest.approx(5 / 9, abs=0.15)


def test_the_search_knows_only_its_determinizations() -> None:
    game = Guess(6)
    result = search(game, Budget(iterations=60), random.Random(3))
    # Every position it judged was one it drew: cards above the floor the seat knows.
    assert game.drawn and all(7 <= card <= 9 for card in game.drawn)
    assert result.best == "high"


def test_an_iteration_budget_replays_exactly() -> None:
    one = search(Guess(2), Budget(iterations=90), random.Random(7))
    two = search(Guess(2), Budget(iterations=90), random.Random(7))
    assert one.stats == two.stats and 80 <= one.iterations == two.iterations <= 90


def test_a_time_budget_stops_at_its_deadline() -> None:
    ticks = iter(range(10_000))
    clock = lambda: next(ticks) * 0.001  # noqa: E731  (1 ms a reading)
    result = search(Guess(3), Budget(seconds=0.05), random.Random(1), clock=clock)
    assert 0 < result.iterations < 50
    assert result.seconds <= 0.05 + 0.002


def test_a_root_with_one_move_needs_no_iterations() -> None:
    game = Guess(3)
    game.candidates = 1
    result = search(game, Budget(iterations=100), random.Random(1))
    assert result.iterations == 0 and result.best == "high"


def test_a_budget_needs_seconds_or_iterations() -> None:
    with pytest.raises(ValueError, match="seconds or iterations"):
        Budget()
