"""A Swiss tournament: each round pairs players of like score, and standings with Buchholz.

A fixed number of rounds; every round seats the players still in it by score, then rating
(`grouping`: tables of the tournament's seats, meeting no one twice where it can be avoided).
When the count leaves players over (an odd count at two seats), the lowest ranked who has had
the fewest byes sits out with a bye, worth a table won. Withdrawn players are paired no more and
keep their place in the standings. Ties are broken by Buchholz: the sum, over a player's tables,
of the mean final score of the opponents they met there (at two seats, FIDE's Buchholz), then by
rating; lines equal in score and Buchholz share a rank.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from .grouping import group, table_sizes
from .model import Entrant, Pairing, Standing, TableResult, ranked, said, standing
from .points import halves, shares


def pair_round(
    entrants: Sequence[Entrant],
    results: Sequence[TableResult],
    seats: int,
    min_seats: int = 2,
) -> Pairing:
    """The tables of the next round, best ranked first, and the byes.

    Args:
        entrants: everyone entered; the withdrawn are left out.
        results: every table of the rounds before (byes included), each finished.
        seats: a table's seats (2, 3 or 4).
        min_seats: the fewest seats a smaller table may have.
    """
    scores = scores_of(entrants, results)
    playing = [e for e in entrants if not e.withdrawn]
    ranked = [e.player_id for e in sorted(playing, key=lambda e: _rank_key(e, scores))]
    sizes, over = table_sizes(len(ranked), seats, min_seats)
    byes_had = _byes_had(results)
    from_bottom = list(reversed(ranked))
    resting = sorted(from_bottom, key=lambda p: byes_had.get(p, 0))[:over]
    seated = [p for p in ranked if p not in resting]
    met = _meetings(results)
    tables, rematches = group(seated, sizes, lambda a, b: frozenset((a, b)) in met)
    return Pairing(tables, tuple(resting), rematches)


def standings(entrants: Sequence[Entrant], results: Sequence[TableResult]) -> list[Standing]:
    """Every entrant's line, the best first: score, then Buchholz, then rating."""
    finished = [(r, halves(r)) for r in sorted(results, key=lambda r: r.round) if r.is_finished]
    unit = _unit(finished)
    scores = dict.fromkeys((e.player_id for e in entrants), 0)
    for _, (counts, whole) in finished:
        for player, count in counts.items():
            scores[player] = scores.get(player, 0) + count * (unit // whole)
    lines, buchholz, wins = _tables_of_each(entrants, finished, scores, unit)
    return [
        standing(
            rank,
            entrant,
            Fraction(scores[entrant.player_id], unit),
            lines[entrant.player_id],
            tie_break=Fraction(buchholz[entrant.player_id], unit),
            games=sum(1 for said_ in lines[entrant.player_id] if said_ != "bye"),
            wins=wins[entrant.player_id],
            byes=lines[entrant.player_id].count("bye"),
        )
        for rank, entrant in ranked(
            entrants, lambda e: (scores[e.player_id], buchholz[e.player_id])
        )
    ]


def _unit(finished: list) -> int:
    """One denominator that every share and every Buchholz mean divides: the standings add
    whole numbers over it (a Swiss of 64 at four seats ranked in a fifth of the time fractions
    took), exactly as fractions would."""
    per_share = math.lcm(1, *(whole for _, (_, whole) in finished))
    per_mean = math.lcm(1, *(len(r.players) - 1 for r, _ in finished if not r.is_bye))
    return per_share * per_mean


def _tables_of_each(entrants, finished: list, scores: dict[int, int], unit: int) -> tuple:
    """Each entrant's tables as said ('1', '½', 'bye', 'forfeit'), Buchholz and wins (in
    `unit`s, as `scores`)."""
    buchholz = dict.fromkeys((e.player_id for e in entrants), 0)
    lines: dict[int, list[str]] = {e.player_id: [] for e in entrants}
    wins = dict.fromkeys(buchholz, 0)
    words: dict[int, str] = {}
    for result, (counts, whole) in finished:
        others = len(result.players) - 1
        for player in result.players:
            if result.is_bye:
                lines[player].append("bye")
                continue
            points = counts[player] * (unit // whole)
            if points not in words:
                words[points] = said(Fraction(points, unit))
            lines[player].append("forfeit" if player in result.no_shows else words[points])
            wins[player] += counts[player] == whole
            buchholz[player] += sum(scores[p] for p in result.players if p != player) // others
    return lines, buchholz, wins


def scores_of(entrants: Sequence[Entrant], results: Sequence[TableResult]) -> dict[int, Fraction]:
    """Each entrant's score from the finished tables."""
    scores = {e.player_id: Fraction(0) for e in entrants}
    for result in results:
        if result.is_finished:
            for player, points in shares(result).items():
                scores[player] = scores.get(player, Fraction(0)) + points
    return scores


def _rank_key(entrant: Entrant, scores: dict[int, Fraction]):
    return (-scores[entrant.player_id], -entrant.rating, entrant.player_id)


def _byes_had(results: Sequence[TableResult]) -> dict[int, int]:
    had: dict[int, int] = {}
    for result in results:
        if result.is_bye:
            had[result.players[0]] = had.get(result.players[0], 0) + 1
    return had


def _meetings(results: Sequence[TableResult]) -> set[frozenset[int]]:
    return {
        frozenset((a, b))
        for result in results
        for i, a in enumerate(result.players)
        for b in result.players[i + 1 :]
    }
