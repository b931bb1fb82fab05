"""The deciding person's hand, marking which Wish can be fulfilled here and now, and why not."""

from __future__ import annotations

import re

from rich.text import Text

from wish_tui.widgets.board_place import mark_place
from wish_tui.wish.rules import CATALOG

from .offer_view import wish_line
from .style import highlight_line
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


class HandView(WidthFitted):
    """A hand of Wish cards with a line on whether each can be fulfilled now (a new width fits
    the reasons again)."""

    DEFAULT_CSS = "HandView { height: auto; }"

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
        text = Text(no_wrap=True, overflow="ellipsis")
        titled = not (compact and len(cards) > 3)
        if titled:
            text.append(HEADER, "bold")
        width = self.size.width or 30
        for index, (name, ok, why, short) in enumerate(cards):
            if text.plain:
                text.append("\n")
            start = len(text)
            text.append("✓" if ok else "✗", "bold green" if ok else "bold red")
            line = wish_line(name, compact=True, vp=not compact)
            text.append_text(line)
            if compact:
                reason = fitting_reason(short, width - 1 - line.cell_len - 1)
                if reason:
                    text.append(f" {reason}", "dim")
            else:
                text.append(f"\n   {why} {CATALOG.wishes[name].text}", "dim")
            mark_place(text, start, ("hand", index))
        line = None
        if cursor is not None:
            line = cursor + (1 if titled else 0) if compact else 1 + 2 * cursor
        self.show(highlight_line(text, line))


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
