"""`determinize(view, seed)`: a full State consistent with what one seat has seen (stub)."""

from __future__ import annotations


def determinize(view: dict, seed: int):
    raise NotImplementedError
