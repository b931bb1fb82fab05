"""What a typed line means among a seat's choices.

A person types a choice's number, its notation (any case and spacing; without its column where
only one column offers it: 'travel Dock'), or the start of each of its words ('tr do' for
'travel Dock #3'); a unique match is that choice, several are named so the person can say more. Anything else is for the rules to read (`Seat.why` and `Seat.play`: the
rules' own notation, e.g. 'travel Dock' without its column where only one column allows it).
Pure functions of the seat API's `Choice` objects.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from wish_tui.tables.seat import Choice

COLUMN = re.compile(r" #\d+$")
"""A column at the end of a notation ('travel Dock #3'), which the rules let one leave out."""


@dataclass(frozen=True)
class Match:
    """What a line names among the choices."""

    choice: Choice | None = None
    """The one choice it names (None when it names none or several)."""
    number: int = 0
    """The choice's number (1-based), when it names one."""
    candidates: tuple[tuple[int, Choice], ...] = field(default_factory=tuple)
    """The numbered choices it could mean, when it names several."""


def normal(text: str) -> str:
    """Text as notation is compared: one space between words, lower case."""
    return " ".join(text.split()).lower()


def _words_start(typed: list[str], notation: str) -> bool:
    words = notation.lower().split()
    return len(typed) <= len(words) and all(
        w.startswith(t) for t, w in zip(typed, words, strict=False)
    )


def match(line: str, choices: Sequence[Choice]) -> Match:
    """The choice `line` names: by number, by its notation, or by the start of its words."""
    wanted = normal(line)
    if not wanted:
        return Match()
    if wanted.isdigit():
        number = int(wanted)
        if 1 <= number <= len(choices):
            return Match(choices[number - 1], number)
        return Match()
    for number, choice in enumerate(choices, 1):
        if normal(choice.notation) == wanted:
            return Match(choice, number)
    without_column = tuple(
        (number, choice)
        for number, choice in enumerate(choices, 1)
        if COLUMN.sub("", normal(choice.notation)) == wanted
    )
    if len(without_column) == 1:
        number, choice = without_column[0]
        return Match(choice, number)
    if without_column:
        return Match(candidates=without_column)
    typed = wanted.split()
    found = tuple(
        (number, choice)
        for number, choice in enumerate(choices, 1)
        if _words_start(typed, choice.notation)
    )
    if len(found) == 1:
        number, choice = found[0]
        return Match(choice, number)
    return Match(candidates=found)
