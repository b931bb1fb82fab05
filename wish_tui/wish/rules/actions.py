"""Actions and their short notation: every writer has a parser, and the pair round-trips."""

from __future__ import annotations

import re
from typing import NamedTuple

from wish_tui.core import illegal
from wish_tui.core.excerpt import excerpt

MAX_NOTATION = 120
"""No action's notation is longer; longer text is refused before it is parsed."""


class IllegalAction(illegal.IllegalAction):
    """An action the rules refuse; the message names the rule that refuses it."""


class Action(NamedTuple):
    """One decision of one seat.

    Notation: ``[potion] KIND [ARG] [from|with ARG2] [@AT] [trickery COLOUR] [monument] [#COLUMN]``,
    e.g. ``travel Dock #3``, ``fulfill Kingdom trickery red #2``, ``potion empower @Volcano #1``.
    """

    kind: str
    """What is done: travel, empower, manifest, caravan, fulfill, build, icedibs, clone, blast,
    harvest, trade, end, or a decision such as keep, discard, draw, gain, pay, give, take."""
    arg: str = ""
    """The main target: an Area, a Wish, a colour, a Djinn, a Destiny or a Monument."""
    col: int = 0
    """The action column (1-4) the marker or Potion goes on; 0 for actions without one."""
    at: str = ""
    """For the Fire Djinn: the Area of the Fiery Clone the action is taken from."""
    source: str = ""
    """'monument' when the Wishing Person comes from a Monument."""
    trick: str = ""
    """The colour of the Wishing Person a Trickery token recolours for this Fulfill."""
    potion: bool = False
    """True when a Potion token, not an action marker, pays for the action."""
    arg2: str = ""
    """A second target: the Area a token moves from, or the card taken in a swap."""

    def __str__(self) -> str:
        parts = ["potion", self.kind] if self.potion else [self.kind]
        if self.arg:
            parts.append(self.arg)
        if self.arg2:
            parts.append(("with " if self.kind == "swap" else "from ") + self.arg2)
        if self.at:
            parts.append("@" + self.at)
        if self.trick:
            parts.append("trickery " + self.trick)
        if self.source:
            parts.append(self.source)
        if self.col:
            parts.append(f"#{self.col}")
        return " ".join(parts)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse notation without a game state (names are not checked).

        Raises:
            IllegalAction: the text does not have the shape of an action.
        """
        match = len(text) <= MAX_NOTATION and _NOTATION.match(" ".join(text.split()))
        if not match:
            raise IllegalAction(f"{excerpt(text)} is not an action; type e.g. 'travel Dock #3'.")
        potion, kind, arg, arg2, at, trick, source, col = match.groups()
        return cls(
            kind=kind,
            arg=arg or "",
            col=int(col) if col else 0,
            at=at or "",
            source="monument" if source else "",
            trick=trick or "",
            potion=bool(potion),
            arg2=arg2 or "",
        )


_NOTATION = re.compile(
    r"^(potion )?([a-z]+)(?: ([^@#].*?))?(?: (?:from|with) (.+?))?(?: @(.+?))?"
    r"(?: trickery ([a-z]+))?( monument)?(?: #([1-4]))?$"
)
