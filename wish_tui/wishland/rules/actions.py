"""Actions and their short notation: every writer has a parser, and the pair round-trips."""

from __future__ import annotations

import re
from typing import NamedTuple

from wish_tui.core import illegal


class IllegalAction(illegal.IllegalAction):
    """An action the rules refuse; the message names the rule that refuses it."""


class Action(NamedTuple):
    """One decision of one seat: a verb and at most one argument, e.g. ``buy G8``, ``order 3``.

    The notation is ``KIND [ARG]``; it is read case-insensitively. Card, Achievement and
    Entrepreneur ids are written upper-case (``Y3``, ``T5``, ``E12``), everything else lower-case.
    """

    kind: str
    """The verb: keep, order, buy, advertise, collect, claim, end, gain, extra, pay, pass, bonus,
    draw, move, play."""
    arg: str = ""
    """A card, Achievement or Entrepreneur id, a space or count, or a resource name."""

    def __str__(self) -> str:
        return f"{self.kind} {self.arg}" if self.arg else self.kind

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse notation without a game state (ids are not checked).

        Raises:
            IllegalAction: the text does not have the shape of an action.
        """
        words = IllegalAction.folded_notation(text, "buy Y3")
        match = _NOTATION.match(words)
        if not match:
            if not words:
                raise IllegalAction("An empty text is not an action; type e.g. 'buy Y3'.")
            shown = words if len(words) <= 40 else words[:37] + "..."
            raise IllegalAction(f"'{shown}' is not an action; type e.g. 'buy Y3' or 'collect'.")
        kind, arg = match.groups()
        arg = arg or ""
        if _ID.match(arg):
            arg = arg.upper()
        return cls(kind, arg)


_NOTATION = re.compile(r"^([a-z]{2,12})(?: ([a-z0-9]{1,12}))?$")
_ID = re.compile(r"^[yrbgkate][0-9]{1,2}$")
