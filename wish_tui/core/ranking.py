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
