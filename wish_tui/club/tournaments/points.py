"""Points a finished table gives each of its players, in a Swiss and in an arena.

A seat earns one share for each seat it finished above and half a share for each seat it tied
with; a table of n seats hands out n - 1 shares to each seat's count, normalised so the sole
winner of any table scores the same (designed: docs/rules-decisions.md, "Tournaments"). In a
Swiss the winner scores 1, a tie for first between two ½ each, the last 0 (chess's 1, ½, 0 at two
seats); a bye scores 1 (as lichess's Swiss). An arena doubles that (2 a win, 1 a draw, 0 a loss,
as lichess's arena) and doubles it again while a player is on fire. A no-show scores 0 and
finishes below everyone; the players who came share the places above them as they finished.
"""

from __future__ import annotations

from fractions import Fraction

from .model import TableResult

BYE_POINTS = Fraction(1)
"""A Swiss bye's points: a table won."""
ARENA_SCALE = 2
"""An arena's points for a table won (lichess: 2 a win, 1 a draw)."""


def effective_places(result: TableResult) -> dict[int, int]:
    """Each player's place with no-shows last: those who came keep their order above them."""
    came = [
        (place, player)
        for player, place in zip(result.players, result.places, strict=True)
        if player not in result.no_shows
    ]
    placed = {}
    for player in result.players:
        if player in result.no_shows:
            placed[player] = len(came) + 1
        else:
            own = result.places[result.players.index(player)]
            placed[player] = 1 + sum(1 for place, _ in came if place < own)
    return placed


def shares(result: TableResult) -> dict[int, Fraction]:
    """Each player's share of a finished table: 1 for the sole winner, 0 for the last."""
    if result.is_bye:
        return {result.players[0]: BYE_POINTS}
    counts, whole = halves(result)
    return {player: Fraction(count, whole) for player, count in counts.items()}


def halves(result: TableResult) -> tuple[dict[int, int], int]:
    """A finished table's shares as whole numbers over one denominator (standings add them
    without building a fraction each time): each player's half-wins (two for each seat beaten,
    one for each tied with) and the sole winner's count; a bye's player has that count."""
    if result.is_bye:
        return {result.players[0]: 1}, 1
    places = effective_places(result)
    every = list(places.values())
    out = {}
    for player, place in places.items():
        beaten = sum(q > place for q in every)
        tied = every.count(place) - 1
        out[player] = 0 if player in result.no_shows else 2 * beaten + tied
    return out, 2 * (len(result.players) - 1)


def is_win(result: TableResult, player: int) -> bool:
    """True when the player finished first alone (a shared first is a draw, as in chess)."""
    if result.is_bye or player in result.no_shows:
        return False
    places = effective_places(result)
    return places[player] == 1 and sum(1 for q in places.values() if q == 1) == 1
