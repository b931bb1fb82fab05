"""Ratings: where each seat finished, and how a finished game moves each player's rating.

Plackett-Luce through openskill (a maintained implementation with its `ordinal`, the conservative
mu - 3 sigma the leaderboard ranks by). Each seat is a team of one; seats tied in the game's
ranking share a rank; a seat that resigned, ran out of time or was handed to a bot for good
finishes below every other, tied with the other such seats. A player at two seats of one game
(two `medium` bots at a table) is rated once: the mean of what each seat would have given.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

MU = 25.0
SIGMA = 25.0 / 3
FORFEITS = ("resigned", "timeout", "bot")
"""Seat outcomes that finish last."""
NO_PLACE = 0
"""The place of every seat of an aborted game: it has no ranking."""


@cache
def model():
    """The openskill Plackett-Luce model (default mu 25, sigma 25/3)."""
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA)


def places(
    ranking: Sequence[Sequence[int]], seats: int, outcomes: Sequence[str], aborted: bool = False
) -> list[int]:
    """Each seat's place, 1 the best, ties sharing one (the next place skips: 1, 1, 3): the one
    place a game's ranking is decided; the end of the table, the history, the pages and the
    ratings all read it.

    Args:
        ranking: the game's final ranking, groups of tied seats from the first
            (`final_scores()["ranking"]`).
        seats: how many seats the game had.
        outcomes: per seat, '' or a forfeit (FORFEITS), which sends the seat last.
        aborted: the game was aborted: every seat's place is NO_PLACE.
    """
    if aborted:
        return [NO_PLACE] * seats
    forfeited = {i for i, o in enumerate(outcomes) if o in FORFEITS}
    groups, seen = [], set()
    for group in ranking:
        kept = [s for s in group if 0 <= s < seats and s not in forfeited and s not in seen]
        seen.update(kept)
        if kept:
            groups.append(kept)
    unranked = [s for s in range(seats) if s not in seen and s not in forfeited]
    if unranked:
        groups.append(unranked)
    result = [0] * seats
    place = 1
    for group in groups:
        for seat in group:
            result[seat] = place
        place += len(group)
    for seat in forfeited:
        if seat < seats:
            result[seat] = place
    return result


def ordinal(mu: float, sigma: float) -> float:
    """The conservative estimate the leaderboard ranks by."""
    return model().rating(mu=mu, sigma=sigma).ordinal()


def rate(priors: Sequence[tuple[float, float]], seat_places: Sequence[int]) -> list[tuple]:
    """Each seat's (mu, sigma) after a game, from its (mu, sigma) before and its place."""
    plackett_luce = model()
    teams = [[plackett_luce.rating(mu=mu, sigma=sigma)] for mu, sigma in priors]
    rated = plackett_luce.rate(teams, ranks=list(seat_places))
    return [(team[0].mu, team[0].sigma) for team in rated]


def rate_players(
    seat_players: Sequence[int], priors: dict[int, tuple[float, float]], seat_places: Sequence[int]
) -> dict[int, tuple[float, float]]:
    """Each player's (mu, sigma) after a game; a player at several seats gets the mean."""
    after = rate([priors[p] for p in seat_players], seat_places)
    gathered: dict[int, list[tuple[float, float]]] = {}
    for player, value in zip(seat_players, after, strict=True):
        gathered.setdefault(player, []).append(value)
    return {
        player: (sum(v[0] for v in values) / len(values), sum(v[1] for v in values) / len(values))
        for player, values in gathered.items()
    }
