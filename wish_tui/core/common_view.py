"""What a spectator may see: only what every seat of the table sees alike.

A view is a seat's knowledge. Intersecting the views of all seats keeps what is public (the board,
the scores on the table, the discard pile, every count) and drops whatever any one seat sees
differently (its own hand, its Destiny, its decision's options), whatever the game.
"""

from __future__ import annotations

_DROP = object()


def _common(values: list):
    first = values[0]
    if all(v == first for v in values[1:]):
        return first
    if all(isinstance(v, dict) for v in values):
        merged = {}
        for key in first:
            if all(key in v for v in values[1:]):
                inner = _common([v[key] for v in values])
                if inner is not _DROP:
                    merged[key] = inner
        return merged
    if all(isinstance(v, list) and len(v) == len(first) for v in values):
        items = [_common([v[i] for v in values]) for i in range(len(first))]
        return _DROP if any(item is _DROP for item in items) else items
    return _DROP


def common_view(views: list[dict]) -> dict:
    """The part of `views` (one per seat) that is the same in all of them."""
    merged = _common(views)
    return merged if isinstance(merged, dict) else {}
