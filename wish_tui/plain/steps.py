"""A long decision asked in steps: no listing names more than about a dozen things at once.

A decision's choices keep their numbers (choice 7 is choice 7 however it was reached, as `all`
lists them). When there are more than `MAX_LISTED`, the choices are put in groups by the game's
path of each choice (`Game.text.choice_path`: 'Put a gemstone', then 'row 2'), and a listing
names the groups, each with a letter that opens it; a group of more than `MAX_LISTED` opens
into its own groups, one step down the path. Pure functions of the seat API's `Choice` objects.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from wish_tui.tables.seat import Choice

MAX_LISTED = 12
"""The most things one listing names (choices and groups)."""
GROUP_KEYS = "abcdefgijkmnoprstuvwxyz"
"""The letters that open groups, in order (h and l are commands: help and look)."""

TAUGHT = {
    "open": "Type a letter to open its group, or all to list every choice.",
    "back": "back goes up a step; a number chooses.",
}
"""How to go through the steps, said the first time each is needed."""

PathOf = Callable[[str], tuple[str, ...]]
"""A game's path of a choice by its notation, broadest part first."""


@dataclass(frozen=True)
class Group:
    """Some of a decision's choices, opened by a letter."""

    key: str
    name: str
    path: tuple[str, ...]
    """The names from the top of the decision down to this group."""
    numbers: tuple[int, ...]
    """Its choices' numbers (1-based, in the decision's order)."""


@dataclass(frozen=True)
class Listing:
    """What one step lists: single choices by number, groups by letter, in the choices' order."""

    path: tuple[str, ...]
    """The groups opened to reach it (empty at the top)."""
    entries: tuple[int | Group, ...]
    total: int
    """How many choices lie under it."""

    @property
    def groups(self) -> list[Group]:
        return [e for e in self.entries if isinstance(e, Group)]

    def group(self, typed: str) -> Group | None:
        """The group `typed` names: its letter, or the start of its name."""
        wanted = " ".join(typed.lower().split())
        for group in self.groups:
            if wanted == group.key:
                return group
        named = [g for g in self.groups if g.name.lower().startswith(wanted)]
        return named[0] if wanted and len(named) == 1 else None


def _parts(numbers: Sequence[int], paths: dict[int, tuple[str, ...]], depth: int) -> list:
    """`numbers` split at `depth` of their paths: a choice whose path ends before is alone,
    the others share a list per name (in the order they first appear)."""
    entries: list = []
    named: dict[str, list[int]] = {}
    for number in numbers:
        path = paths[number]
        if len(path) <= depth:
            entries.append(number)
            continue
        if path[depth] not in named:
            named[path[depth]] = []
            entries.append(path[depth])
        named[path[depth]].append(number)
    return [named[e] if isinstance(e, str) else e for e in entries], list(named)


def listing(choices: Sequence[Choice], path_of: PathOf, opened: tuple[str, ...] = ()) -> Listing:
    """The step of `choices` under the groups `opened`: every choice when they are few, else
    their groups at the first depth that splits them."""
    paths = {n: tuple(path_of(c.notation)) for n, c in enumerate(choices, 1)}
    numbers = [n for n, p in paths.items() if p[: len(opened)] == opened]
    path = opened
    if len(numbers) <= MAX_LISTED:
        return Listing(path, tuple(numbers), len(numbers))
    depth = len(opened)
    while True:
        parts, names = _parts(numbers, paths, depth)
        if len(parts) > 1 or not names:
            break
        path = (*path, names[0])  # one group holds them all: a step down
        depth += 1
    if not names:
        return Listing(path, tuple(numbers), len(numbers))
    opened_up = _small_groups_listed(parts)
    entries: list[int | Group] = []
    keys = iter(GROUP_KEYS)
    name_of = iter(names)
    for at, part in enumerate(parts):
        if isinstance(part, int):
            entries.append(part)
            continue
        name = next(name_of)
        if at in opened_up:
            entries.extend(part)
        else:
            entries.append(Group("", name, (*path, name), tuple(part)))  # lettered below
    entries.sort(key=lambda e: e.numbers[0] if isinstance(e, Group) else e)
    entries = [
        Group(next(keys, ""), e.name, e.path, e.numbers) if isinstance(e, Group) else e
        for e in entries
    ]
    return Listing(path, tuple(entries), len(numbers))


def _small_groups_listed(parts: list) -> set[int]:
    """Which groups of a step are listed choice by choice instead of by a letter: the smallest
    first, while the step still names at most `MAX_LISTED` things."""
    listed = len(parts)
    opened: set[int] = set()
    groups = sorted((len(p), at) for at, p in enumerate(parts) if isinstance(p, list))
    for size, at in groups:
        if listed - 1 + size > MAX_LISTED:
            break
        listed += size - 1
        opened.add(at)
    return opened


FUNCTION_WORDS = frozenset(
    ["a", "an", "the", "of", "to", "on", "in", "from", "for", "and", "with", "at", "by"]
)
"""Words a shared start does not end on ('Travel to' of 'Travel to Oasis' is 'Travel')."""
ARTICLES = frozenset(["a", "an", "the"])
"""Words the shared start of a run of choices does not end on (it may end on 'to': 'Travel to')."""
RUN = 3
"""The fewest choices in a row whose shared first words are said once, before the first."""


def shared_start(texts: Sequence[str], little: frozenset[str] = FUNCTION_WORDS) -> int:
    """How many words every text begins with, leaving each text at least one word of its own,
    said once for them all: up to the last word that ends a phrase (its comma or colon) when
    one does ('Put a gemstone on row 2,' of 'Put a gemstone on row 2, column 1 (Branches)'),
    else not ending on a `little` word, nor on a word a number counts ('Take' of 'Take row 1,
    left end', 'Take row 2, …')."""
    split = [t.split() for t in texts]
    if len(split) < 2:
        return 0
    count = 0
    for column in zip(*split, strict=False):
        if any(w != column[0] for w in column):
            break
        count += 1
    count = min(count, min(len(w) for w in split) - 1)
    first = split[0]
    if 0 < count < len(first) and first[count][:1].isdigit():
        # A number is said with the word it counts ('row' of 'row 2'), and what leads to them.
        count -= 1
        little = FUNCTION_WORDS
    phrase = [n for n in range(1, count + 1) if first[n - 1].endswith((",", ":"))]
    if phrase:
        return phrase[-1]
    # Nor on a number, which counts what each choice names ('take 1' of 'take 1 Worker').
    while count and (first[count - 1].lower().strip(",:") in little or first[count - 1].isdigit()):
        count -= 1
    return count


def _first_phrase(text: str) -> int:
    """How many words the first phrase of `text` takes, up to its comma or colon ('row 2,'
    of 'row 2, left end: Moss'); 0 when none ends before its last word."""
    words = text.split()
    return next((n for n, w in enumerate(words[:-1], 1) if w.endswith((",", ":"))), 0)


def _phrase_runs(entries: Sequence[int | Group], texts: dict[int, str], runs: dict) -> dict:
    """Per choice of a run of two or more listed in a row that begin with the same phrase (and
    lie in the same run of `runs`): how many words it is and the run's first choice (Spirits'
    two ends of a row: 'row 2,')."""
    shared: dict[int, tuple[int, int]] = {}
    run: list[int] = []
    for entry in (*entries, None):
        text = texts[entry] if isinstance(entry, int) else ""
        phrase = text.split()[: _first_phrase(text)]
        same_run = run and runs.get(entry, (0, 0))[1] == runs.get(run[0], (0, 0))[1]
        if same_run and phrase and phrase == texts[run[0]].split()[: len(phrase)]:
            run.append(entry)
            continue
        if len(run) >= 2:
            shared.update(dict.fromkeys(run, (_first_phrase(texts[run[0]]), run[0])))
        run = [entry] if phrase else []
    return shared


def _runs(entries: Sequence[int | Group], texts: dict[int, str]) -> dict[int, tuple[int, int]]:
    """Per choice of a run (at least RUN listed in a row, beginning with the same words): how
    many words its run shares ('Travel to' of 'Travel to Dock', 'Travel to Oasis'...) and the
    run's first choice."""
    shared: dict[int, tuple[int, int]] = {}
    run: list[int] = []
    for entry in (*entries, None):
        first = texts[entry].split()[:1] if isinstance(entry, int) else None
        if run and first == texts[run[0]].split()[:1]:
            run.append(entry)
            continue
        count = shared_start([texts[n] for n in run], ARTICLES) if len(run) >= RUN else 0
        shared.update(dict.fromkeys(run if count else (), (count, run[0] if run else 0)))
        run = [entry] if first else []
    return shared


def _said(choice: Choice, detailed: bool) -> str:
    return choice.label if detailed else choice.words


def choice_said(number: int, choice: Choice, words: str, with_notation: bool) -> str:
    """One choice as a line: its number, then its words ('3, Travel to Sandhills (column 1).');
    `with_notation`: the rules' notation after them, for those who type it."""
    said = words.rstrip(".")
    if with_notation and " ".join(said.lower().split()) != choice.notation.lower():
        said = f"{said} [{choice.notation}]"
    return f"{number}, {said}."


COLUMN_WORDS = re.compile(r" \(column \d+\)")
"""Which column of a board a choice uses ('Empower (column 4)'), said only where it tells two
listed choices apart."""


def _without_needless_columns(texts: dict[int, str]) -> dict[int, str]:
    """`texts` without a column that no other listed choice needs to be told from."""
    bare = {n: COLUMN_WORDS.sub("", t) for n, t in texts.items()}
    counts: dict[str, int] = {}
    for text in bare.values():
        counts[text] = counts.get(text, 0) + 1
    return {n: bare[n] if counts[bare[n]] == 1 else t for n, t in texts.items()}


def listing_lines(
    step: Listing,
    choices: Sequence[Choice],
    *,
    detailed: bool = False,
    with_notation: bool = False,
) -> list[str]:
    """A step as lines: a title when it is not the top, then one line per choice or group. The
    words the listed choices all begin with are said once, in the title; a run's, before it
    (after a title, a run of two or more that begin with the same phrase: 'Row 2:')."""
    singles = [e for e in step.entries if isinstance(e, int)]
    texts = _without_needless_columns({n: _said(choices[n - 1], detailed) for n in singles})
    head = shared_start(list(texts.values())) if len(singles) >= RUN else 0
    lines = []
    if step.path or head:
        first = next(iter(texts.values()), "")
        shared = " ".join(first.split()[:head]).rstrip(",:")
        said = shared or ", ".join(step.path)
        said = said[:1].upper() + said[1:]
        lines.append(f"{said} ({step.total} choices):" if step.path else f"{said}:")
    runs = {} if head else _runs(step.entries, texts)
    rest = {n: t.split()[head or runs.get(n, (0, 0))[0] :] for n, t in texts.items()}
    phrases = _phrase_runs(step.entries, {n: " ".join(w) for n, w in rest.items()}, runs)
    for entry in step.entries:
        if isinstance(entry, Group):
            opener = f"{entry.key}, " if entry.key else ""
            lines.append(f"{opener}{entry.name}: {len(entry.numbers)} choices.")
            continue
        for (count, first), words in (
            (runs.get(entry, (0, 0)), texts[entry].split()),
            (phrases.get(entry, (0, 0)), rest[entry]),
        ):
            if count and first == entry:
                shared = " ".join(words[:count]).rstrip(",:")
                lines.append(f"{shared[:1].upper()}{shared[1:]}:")
        words = rest[entry][phrases.get(entry, (0, 0))[0] :]
        lines.append(choice_said(entry, choices[entry - 1], " ".join(words), with_notation))
    return lines


class Steps:
    """Where a person is among the steps of the decision asked now, and the lines they hear.

    Args:
        path_of: the game's path of a choice (`Game.text.choice_path`).
        reading: the person's settings (`notation` says each choice's notation after it).
    """

    def __init__(self, path_of: PathOf, reading) -> None:
        self.path_of = path_of
        self.reading = reading
        self.step: Listing | None = None
        self._taught: set[str] = set()
        """The ways through the steps said once already ('open', 'back')."""

    def top(self, choices: Sequence[Choice], detailed: bool = False) -> list[str]:
        """The decision's first step."""
        self.step = listing(choices, self.path_of)
        return self._lines(choices, detailed)

    def again(self, choices: Sequence[Choice], detailed: bool = False) -> list[str]:
        """The step the person is at, said again (the top when there is none yet)."""
        if self.step is None:
            return self.top(choices, detailed)
        self.step = listing(choices, self.path_of, self.step.path)
        return self._lines(choices, detailed)

    def open(self, typed: str, choices: Sequence[Choice]) -> list[str] | None:
        """The lines of the group `typed` names in the step listed now; None when it names none."""
        group = self.step.group(typed) if self.step is not None else None
        if group is None:
            return None
        self.step = listing(choices, self.path_of, group.path)
        return self._lines(choices)

    def back(self, choices: Sequence[Choice]) -> list[str]:
        """One step up (a step that holds one group only is passed through)."""
        path = self.step.path if self.step is not None else ()
        while path:
            path = path[:-1]
            step = listing(choices, self.path_of, path)
            if step.path != (self.step.path if self.step else ()):
                self.step = step
                return self._lines(choices)
        self.step = listing(choices, self.path_of)
        return self._lines(choices)

    def every(self, choices: Sequence[Choice], detailed: bool = False) -> list[str]:
        """Every choice, one a line, by its number."""
        return [
            choice_said(n, c, _said(c, detailed), self.reading.notation)
            for n, c in enumerate(choices, 1)
        ]

    def _lines(self, choices: Sequence[Choice], detailed: bool = False) -> list[str]:
        lines = listing_lines(
            self.step, choices, detailed=detailed, with_notation=self.reading.notation
        )
        way = "back" if self.step.path else "open" if self.step.groups else ""
        if way and way not in self._taught:
            self._taught.add(way)
            lines.append(TAUGHT[way])
        return lines
