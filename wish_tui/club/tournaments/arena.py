"""An arena: for a time window, whoever is free is paired again at once; points and streaks.

As lichess's arena: a table won scores 2, a draw (a first place shared) 1, a loss 0 (at three or
four seats, each place between, `points`); after two wins in a row a player is on fire and every
table scores double until one is not won. A no-show scores 0, ends the streak and is paused (the
service withdraws them until they come back). Pairing seats the free players by arena score,
then rating, in tables of the tournament's seats, avoiding the opponents of each one's last table
where it can; when the count leaves players over, those who became free last wait for the next
pairing. Standings rank by score, then by rating.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from .grouping import group, table_sizes
from .model import Entrant, Pairing, Standing, TableResult, ranked, said, standing
from .points import ARENA_SCALE, is_win, shares

FIRE_AFTER = 2
"""Wins in a row after which a player's tables score double."""


def pair_free(
    entrants: Sequence[Entrant],
    results: Sequence[TableResult],
    free: Sequence[int],
    seats: int,
    min_seats: int = 2,
) -> Pairing:
    """Tables for the players free now; `sitting_out` are those left to wait.

    Args:
        entrants: everyone entered; the withdrawn are never paired.
        results: the arena's tables so far, finished or not.
        free: the players free now, in the order they became free.
        seats: a table's seats (2, 3 or 4).
        min_seats: the fewest seats a smaller table may have.
    """
    by_id = {e.player_id: e for e in entrants}
    ready = [p for p in dict.fromkeys(free) if p in by_id and not by_id[p].withdrawn]
    sizes, over = table_sizes(len(ready), seats, min_seats)
    waiting = tuple(ready[len(ready) - over :]) if over else ()
    scores = {line.player_id: line.score for line in standings(entrants, results)}
    seated = sorted(
        (p for p in ready if p not in waiting),
        key=lambda p: (-scores.get(p, Fraction(0)), -by_id[p].rating, p),
    )
    last = _last_opponents(results)
    tables, rematches = group(
        seated, sizes, lambda a, b: b in last.get(a, ()) or a in last.get(b, ())
    )
    return Pairing(tables, waiting, rematches)


def standings(entrants: Sequence[Entrant], results: Sequence[TableResult]) -> list[Standing]:
    """Every entrant's line, the best first: score, then rating."""
    finished = sorted((r for r in results if r.is_finished), key=lambda r: r.ended_at)
    score = {e.player_id: Fraction(0) for e in entrants}
    streak = dict.fromkeys(score, 0)
    wins = dict.fromkeys(score, 0)
    lines: dict[int, list[str]] = {p: [] for p in score}
    for result in finished:
        got = shares(result)
        for player in result.players:
            won = is_win(result, player)
            points = got[player] * ARENA_SCALE * (2 if streak[player] >= FIRE_AFTER else 1)
            score[player] += points
            streak[player] = streak[player] + 1 if won else 0
            wins[player] += won
            lines[player].append("forfeit" if player in result.no_shows else said(points))
    return [
        standing(
            rank,
            entrant,
            score[entrant.player_id],
            lines[entrant.player_id],
            games=len(lines[entrant.player_id]),
            wins=wins[entrant.player_id],
            on_fire=streak[entrant.player_id] >= FIRE_AFTER,
        )
        for rank, entrant in ranked(entrants, lambda e: (score[e.player_id],))
    ]


def _last_opponents(results: Sequence[TableResult]) -> dict[int, tuple[int, ...]]:
    last: dict[int, tuple[int, ...]] = {}
    for result in sorted(results, key=lambda r: (r.is_finished, r.ended_at)):
        for player in result.players:
            last[player] = tuple(p for p in result.players if p != player)
    return last
