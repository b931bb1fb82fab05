"""Actions and their short notation: every writer has a parser, and the pair round-trips.

The actions a turn can offer are built once, here, so that `legal_actions` only picks them out of
tables (no object is created while a game is played).
"""

from __future__ import annotations

from typing import NamedTuple

from wish_tui.core import illegal

from .catalog import PLACES, ROWS, place_name

END_NAMES = ("left", "right")


class IllegalAction(illegal.IllegalAction):
    """An action the rules refuse; the message names the rule that refuses it."""


class Action(NamedTuple):
    """One decision of one seat.

    Notation (case does not matter when parsing):

    - ``take 2 left`` / ``take 2 right``: take the tile at that end of row 2 (rows 1-4);
    - ``stop``: take no second tile; ``pass``: no tile can be taken this turn;
    - ``gem r1c5``: put a gemstone from your supply on the tile at row 1, column 5;
    - ``move gem r1c5 r3c8``: move your gemstone (only with none left in your supply);
    - ``skip``: place no gemstone this turn;
    - ``give supply`` / ``give r2c7``: the gemstone you give up for another's reserved tile;
    - ``plus``: spend a "+" Favor token to take back a lost gemstone;
    - ``keep wish Morning Dew`` / ``keep hex Dry Spell``: the card kept at setup;
    - ``favor moss``: the Favor token chosen as a Wish's reward.
    """

    kind: str
    """take, stop, pass, gem, move, skip, give, plus, keep or favor."""
    a: int = -1
    """take: the row (0-3); gem, give: the place (give: -1 for the supply); move: from;
    keep: 0 for a Wish, 1 for a Hex."""
    b: int = -1
    """take: the end (0 left, 1 right); move: the place the gemstone goes to."""
    name: str = ""
    """keep: the card's name; favor: the token's kind."""

    def __str__(self) -> str:
        kind = self.kind
        if kind == "take":
            return f"take {self.a + 1} {END_NAMES[self.b]}"
        if kind == "gem":
            return f"gem {place_name(self.a)}"
        if kind == "move":
            return f"move gem {place_name(self.a)} {place_name(self.b)}"
        if kind == "give":
            return "give supply" if self.a < 0 else f"give {place_name(self.a)}"
        if kind == "keep":
            return f"keep {'hex' if self.a == 1 else 'wish'} {self.name}"
        if kind == "favor":
            return f"favor {self.name}"
        return str(kind)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse notation without a game state (card names and token kinds are not checked).

        Raises:
            IllegalAction: the text does not have the shape of an action.
        """
        words = IllegalAction.folded_notation(text, "take 2 left").split()
        if not words:
            raise IllegalAction("Type an action, e.g. 'take 2 left', 'gem r1c5' or 'pass'.")
        kind, rest = words[0], words[1:]
        if kind in SIMPLE and not rest:
            return SIMPLE[kind]
        reader = _READERS.get(kind)
        action = reader(cls, text, rest) if reader is not None else None
        if action is not None:
            return action
        raise IllegalAction(_shape_hint(text, kind))


def _read_take(cls, text: str, rest: list[str]) -> Action | None:
    if len(rest) == 2 and rest[0] in _ROW_WORDS and rest[1] in END_NAMES:
        return TAKE[int(rest[0]) - 1][END_NAMES.index(rest[1])]
    return None


def _read_gem(cls, text: str, rest: list[str]) -> Action | None:
    return GEM[PLACE_INDEX[rest[0]]] if len(rest) == 1 and rest[0] in PLACE_INDEX else None


def _read_move(cls, text: str, rest: list[str]) -> Action | None:
    if len(rest) == 3 and rest[0] == "gem":
        a, b = PLACE_INDEX.get(rest[1]), PLACE_INDEX.get(rest[2])
        if a is not None and b is not None:
            return MOVE[a][b]
    return None


def _read_give(cls, text: str, rest: list[str]) -> Action | None:
    if len(rest) != 1:
        return None
    if rest[0] == "supply":
        return GIVE_SUPPLY
    return GIVE[PLACE_INDEX[rest[0]]] if rest[0] in PLACE_INDEX else None


def _read_keep(cls, text: str, rest: list[str]) -> Action | None:
    if len(rest) >= 2 and rest[0] in ("wish", "hex"):
        original = " ".join(text.split()[2:])
        return cls("keep", a=0 if rest[0] == "wish" else 1, name=original)
    return None


def _read_favor(cls, text: str, rest: list[str]) -> Action | None:
    if not rest:
        return None
    joined = "".join(rest)
    return cls("favor", name=KIND_ALIASES.get(joined, joined))


_READERS = {
    "take": _read_take,
    "gem": _read_gem,
    "move": _read_move,
    "give": _read_give,
    "keep": _read_keep,
    "favor": _read_favor,
}
"""Per kind: read the words after it as an action of that kind (None: not of its shape)."""


def _shape_hint(text: str, kind: str) -> str:
    """One sentence on how an action of this kind is written."""
    hints = {
        "take": "take ROW END, e.g. 'take 2 left' (rows 1-4, ends left or right)",
        "gem": "gem PLACE, e.g. 'gem r1c5' (row 1-4, column 1-12)",
        "move": "move gem FROM TO, e.g. 'move gem r1c5 r3c8'",
        "give": "give supply, or give PLACE, e.g. 'give r2c7'",
        "keep": "keep wish NAME or keep hex NAME",
        "favor": "favor KIND, e.g. 'favor moss'",
    }
    if kind in hints:
        return f"'{_short(text)}' is not an action: write {hints[kind]}."
    known = "take, stop, pass, gem, move gem, skip, give, plus, keep, favor"
    return f"'{_short(text)}' is not an action; actions are {known}."


def _short(text: str) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= 40 else text[:37] + "..."


KIND_ALIASES = {
    "dew": "dewdrops",
    "dewdrop": "dewdrops",
    "web": "spiders",
    "webspiders": "spiders",
    "webspider": "spiders",
    "spider": "spiders",
    "+": "plus",
}
"""Other ways to write a token kind in 'favor KIND' ('favor dew drops', 'favor web spiders')."""
_ROW_WORDS = tuple(str(r + 1) for r in range(ROWS))
PLACE_INDEX = {place_name(p): p for p in range(PLACES)}
"""'r1c5' -> 4."""

STOP = Action("stop")
PASS = Action("pass")
PLUS = Action("plus")
SKIP = Action("skip")
SIMPLE = {"stop": STOP, "pass": PASS, "plus": PLUS, "skip": SKIP}
TAKE = tuple(tuple(Action("take", a=r, b=e) for e in (0, 1)) for r in range(ROWS))
"""TAKE[row][end]."""
GEM = tuple(Action("gem", a=p) for p in range(PLACES))
MOVE = tuple(tuple(Action("move", a=p, b=q) for q in range(PLACES)) for p in range(PLACES))
"""MOVE[from][to]."""
GIVE = tuple(Action("give", a=p) for p in range(PLACES))
GIVE_SUPPLY = Action("give", a=-1)
