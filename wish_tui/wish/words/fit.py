"""Words that fit a place: parts left out, or a long text cut at a word, when a line is short.

A `Fits` is a test of a whole text (the detail line's: does it wrap into its rows?); None means
anything fits. The words of the detail line are built from parts in their order of importance,
so what a short line leaves out is the least of them.
"""

from __future__ import annotations

from collections.abc import Callable

Fits = Callable[[str], bool] | None
"""Whether a text fits (None: any does)."""
LEAST_WORDS = 3
"""A long text cut to fewer words than this is left out instead."""


def fits_in(fits: Fits, text: str) -> bool:
    """True when `text` fits."""
    return fits is None or fits(text)


def after(fits: Fits, prefix: str) -> Fits:
    """The test for what follows `prefix`."""
    return None if fits is None else (lambda text: fits(prefix + text))


def before(fits: Fits, suffix: str) -> Fits:
    """The test for what precedes `suffix`."""
    return None if fits is None else (lambda text: fits(text + suffix))


def fitted(parts: list[str], fits: Fits = None, sep: str = "; ", end: str = ".") -> str:
    """The parts joined, leaving out any after the first that would not fit."""
    text = parts[0]
    for part in parts[1:]:
        if part and fits_in(fits, text + sep + part + end):
            text += sep + part
    return text + end


def with_tail(head: str, tail: str, fits: Fits, sep: str = " ") -> str:
    """`head`, then as much of `tail` as fits, cut at a word and ended in '…' (left out when
    only a few of its words would fit)."""
    if fits_in(fits, head + sep + tail):
        return head + sep + tail
    words = tail.split(" ")
    low, high = 0, len(words) - 1
    while low < high:  # the most words that fit, with the '…'
        mid = (low + high + 1) // 2
        if fits_in(fits, head + sep + " ".join(words[:mid]).rstrip(",;:") + "…"):
            low = mid
        else:
            high = mid - 1
    if low < LEAST_WORDS:
        return head
    return head + sep + " ".join(words[:low]).rstrip(",;:") + "…"


def by_length(room: int) -> Fits:
    """The test of a place `room` characters long."""
    return lambda text: len(text) <= room
