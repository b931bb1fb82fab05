"""What a typed line means among a seat's choices, and the choices as numbered lines.

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
GROUP_AT = 5
"""Choices of one verb listed on one line once there are at least this many of them."""
LIST_ALL_UP_TO = 8
"""Up to this many choices are always listed one a line."""


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


def _said(choice: Choice, detailed: bool) -> str:
    return choice.label if detailed else choice.words


def choice_line(number: int, choice: Choice, detailed: bool = False) -> str:
    """One choice as a line: its number, its notation, its words (`detailed`: with what the card
    or the place does, the words a menu shows)."""
    label = _said(choice, detailed)
    if normal(label) == normal(choice.notation):
        return f"{number} {choice.notation}."
    if normal(label).startswith(normal(choice.notation) + " "):
        return f"{number} {label}"  # the words begin with the notation: said once
    return f"{number} {choice.notation}: {label}"


def _affixes(texts: list[str]) -> tuple[int, int]:
    """How many whole words every text shares at its start and at its end, leaving each text at
    least one word of its own."""
    split = [t.split() for t in texts]
    shortest = min(len(w) for w in split)

    def shared(lists: list[list[str]]) -> int:
        count = 0
        for column in zip(*lists, strict=False):
            if any(w != column[0] for w in column):
                break
            count += 1
        return count

    head = min(shared(split), max(0, shortest - 1))
    tail = min(shared([list(reversed(w)) for w in split]), max(0, shortest - 1 - head))
    return head, tail


def _middle(words: list[str], head: int, tail: int) -> str:
    return " ".join(words[head : len(words) - tail])


def _shared(words: list[str], head: int, tail: int) -> str:
    return " ".join([*words[:head], "…", *(words[len(words) - tail :] if tail else [])])


def _group_line(run: list[tuple[int, Choice]], detailed: bool) -> str:
    """A run of choices of one verb on one line: what they share once, then each by number."""
    notations = [c.notation.split() for _, c in run]
    labels = [_said(c, detailed).split() for _, c in run]
    n_head, n_tail = _affixes([c.notation for _, c in run])
    l_head, l_tail = _affixes([_said(c, detailed) for _, c in run])
    items = []
    for (number, _), notation, label in zip(run, notations, labels, strict=True):
        said = _middle(notation, n_head, n_tail)
        words = _middle(label, l_head, l_tail)
        if normal(said) in normal(words):
            items.append(f"{number} {words}")
        else:
            items.append(f"{number} {said}: {words}")
    first, last = run[0][0], run[-1][0]
    shared = f"{_shared(notations[0], n_head, n_tail)}, {_shared(labels[0], l_head, l_tail)}"
    joined = (
        "; ".join(items) if any(":" in item or "," in item for item in items) else ", ".join(items)
    )
    return f"{first} to {last}, {shared}: {joined}."


def choice_lines(choices: Sequence[Choice], detailed: bool = False) -> list[str]:
    """The choices as numbered lines, in their short words (`detailed`: with what each card or
    place does); when there are many, a verb's long run shares one line."""
    numbered = list(enumerate(choices, 1))
    if len(numbered) <= LIST_ALL_UP_TO:
        return [choice_line(n, c, detailed) for n, c in numbered]
    lines: list[str] = []
    run: list[tuple[int, Choice]] = []

    def flush() -> None:
        if len(run) >= GROUP_AT:
            lines.append(_group_line(run, detailed))
        else:
            lines.extend(choice_line(n, c, detailed) for n, c in run)
        run.clear()

    for number, choice in numbered:
        verb = choice.notation.split()[0].lower() if choice.notation.split() else ""
        if run and run[0][1].notation.split()[0].lower() != verb:
            flush()
        run.append((number, choice))
    flush()
    return lines
