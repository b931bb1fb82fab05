"""The deciding person's hand, marking which Wish can be fulfilled here and now, and why not."""

from __future__ import annotations

import re

from rich.text import Text

from wish_tui.widgets.board_place import place_style
from wish_tui.wish.rules import CATALOG

from .offer_view import wish_line
from .width_fitted import WidthFitted

HEADER = "Hand ✓ fulfill now ✗ not yet"
"""The hand's title and what its marks mean (whole in the hand's 30 columns at 80)."""
_NEED = re.compile(r"need ((?:[A-Z]\d+)+)")
_COUNT = re.compile(r"\d+")


def short_reasons(short: str) -> list[str]:
    """The ways to say a Wish's reason in a few letters, longest first, each whole:
    'need G1Y1W1, no g here', 'need 3, no g here', 'need 3, no g', 'need 3'."""
    if not short:
        return []
    counted = _NEED.sub(lambda m: f"need {sum(map(int, _COUNT.findall(m.group(1))))}", short)
    first = counted.split(", ")[0]
    forms = [short, counted, counted.replace(" here", ""), short.split(", ")[0], first]
    forms.append(first.replace(" here", ""))
    return list(dict.fromkeys(forms))


def fitting_reason(short: str, room: int) -> str:
    """The longest whole form of a reason that fits in `room` columns ('' when none does)."""
    return next((form for form in short_reasons(short) if len(form) <= room), "")


CARDS_KEPT = 64
"""The most cards' lines a hand keeps made, by what they show."""


class HandView(WidthFitted):
    """A hand of Wish cards with a line on whether each can be fulfilled now (a new width fits
    the reasons again)."""

    DEFAULT_CSS = "HandView { height: auto; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._cards: dict[tuple, list[Text]] = {}
        """A card's lines, by what they show (a card kept in the hand is not made again, and
        its lines, the same objects, are passed over as they are)."""

    def update_hand(
        self,
        cards: list[tuple[str, bool, str, str]],
        compact: bool = False,
        cursor: int | None = None,
    ) -> None:
        """Show cards as (name, can fulfill now, why, why in a few letters), the look cursor's
        card (its place in the hand) in reverse. At 80 columns a reason is said whole or not at
        all (the detail line says it whole); a hand of four leaves out the title there."""
        self.remember(self.update_hand, cards, compact, cursor)
        titled = not (compact and len(cards) > 3)
        lines = [_HEADER_LINE] if titled else []
        width = self.size.width or 30
        for index, card in enumerate(cards):
            lines += self._card_lines(index, card, compact, width)
        line = None
        if cursor is not None:
            line = cursor + (1 if titled else 0) if compact else 1 + 2 * cursor
        if line is not None and 0 <= line < len(lines):
            lines[line] = lines[line].copy()  # (the kept line stays as it was made)
            lines[line].stylize("reverse")
        self.show_lines(lines or [Text("")])

    def _card_lines(self, index: int, card: tuple, compact: bool, width: int) -> list[Text]:
        """A card's lines, as the one text of the whole hand divided at its lines made them:
        its mark, name, cost, VP (and, in `compact`, its reason in a few letters), and else the
        reason and the card's text under it, each line marked as the card's place."""
        key = (index, card, compact, width if compact else 0)
        made = self._cards.get(key)
        if made is not None:
            return made
        name, ok, why, short = card
        first = Text(overflow="ellipsis")
        first.append("✓" if ok else "✗", "bold green" if ok else "bold red")
        wish = wish_line(name, compact=True, vp=not compact)
        first.append_text(wish)
        made = [first]
        if compact:
            reason = fitting_reason(short, width - 1 - wish.cell_len - 1)
            if reason:
                first.append(f" {reason}", "dim")
        else:
            second = Text(overflow="ellipsis")
            second.append(f"   {why} {CATALOG.wishes[name].text}", "dim")
            made.append(second)
        place = place_style(("hand", index))
        for line in made:
            line.stylize(place)
        if len(self._cards) >= CARDS_KEPT:
            self._cards.clear()
        self._cards[key] = made
        return made


_HEADER_LINE = Text(HEADER, overflow="ellipsis")
_HEADER_LINE.stylize("bold")


def hand_status(view: dict, seat: int) -> list[tuple[str, bool, str, str]]:
    """For each Wish in `seat`'s hand: (name, can fulfill now, why, why in a few letters).

    The rules decide (`players[seat]["hand_status"]` of the seat's view): the key that fulfills
    the Wish now (f, k with Trickery, p with a Potion) or the one reason it cannot be fulfilled.
    """
    me = view["players"][seat]
    status = me.get("hand_status", {})
    result = []
    for name in me.get("hand", []):
        entry = status.get(name, {"now": "", "why": "", "short": ""})
        result.append((name, bool(entry["now"]), entry["why"], entry["short"]))
    return result
