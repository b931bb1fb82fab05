"""The ranking of a final scoring, for any game: places from the best down, ties sharing one."""

from __future__ import annotations

from collections.abc import Callable, Sequence


def tied_ranking(entries: Sequence[dict], key: Callable[[dict], tuple]) -> list[list[int]]:
    """The seats by place, highest `key` first; entries with equal keys share a place.

    Args:
        entries: one dict per seat, each with its ``"seat"``.
        key: what ranks a seat (the total, then the game's tie-breaks).

    Returns:
        ``[[seat, ...], ...]``: each place's seats, in the order of `entries`.
    """
    places: list[list[int]] = []
    last = None
    for entry in sorted(entries, key=key, reverse=True):
        value = key(entry)
        if places and value == last:
            places[-1].append(entry["seat"])
        else:
            places.append([entry["seat"]])
        last = value
    return places


FORFEIT_WORDS = {
    "resigned": "resigned",
    "timeout": "ran out of time",
    "bot": "left the game to a bot",
}
"""A seat's outcome at a club, in words (a seat given up for good finishes last)."""


def settled(scores: dict, places: Sequence[int], outcomes: Sequence[str]) -> dict:
    """A final scoring as a club settled it: its ranking and winners from each seat's place
    (1 the best, ties sharing one; 0 at every seat of an aborted game, which has none), with
    each seat's outcome and whether the game was aborted. Every screen reads these keys, so it
    says the ranking the club kept, not only the one the points give.

    Args:
        scores: the rules' final (or, for a game that ended early, projected) scoring.
        places: per seat, its place as the club keeps it.
        outcomes: per seat, '' or the way its person gave it up ('resigned', 'timeout', 'bot').
    """
    ranked = sorted((place, seat) for seat, place in enumerate(places) if place > 0)
    ranking: list[list[int]] = []
    for place, seat in ranked:
        if ranking and places[ranking[-1][0]] == place:
            ranking[-1].append(seat)
        else:
            ranking.append([seat])
    return {
        **scores,
        "ranking": ranking,
        "winners": list(ranking[0]) if ranking else [],
        "outcomes": list(outcomes),
        "aborted": bool(places) and not ranked,
    }


def result_lines(scores: dict, labels: Sequence[str]) -> list[str]:
    """What a settled scoring (`settled`) adds to the points, in sentences: an aborted game, or
    each seat given up for good and ranked last; `labels` name the seats ('Earth (Ann)')."""
    if scores.get("aborted"):
        return [
            "The game was aborted: it ended before every person at the table took a decision "
            "of their own. It has no ranking, is not rated and counts for no one."
        ]
    lines = []
    for seat, outcome in enumerate(scores.get("outcomes") or ()):
        if outcome in FORFEIT_WORDS and seat < len(labels):
            lines.append(f"{labels[seat]} {FORFEIT_WORDS[outcome]}: last, whatever the score.")
    return lines


def seat_totals(scores: dict) -> tuple[int, ...]:
    """Each seat's total in a final scoring, in seat order."""
    by_seat = {entry["seat"]: entry["total"] for entry in scores["seats"]}
    return tuple(by_seat[seat] for seat in range(len(by_seat)))


def places_of(scores: dict) -> dict[int, int]:
    """Each ranked seat's place in a final scoring, 1 the best; tied seats share one and the
    next place skips (1, 1, 3), as the club counts them. A seat of no place (an aborted game)
    is left out."""
    result: dict[int, int] = {}
    place = 1
    for group in scores.get("ranking") or ():
        for seat in group:
            result[seat] = place
        place += len(group)
    return result
