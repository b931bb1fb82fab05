"""The deciding person's hand, marking which Wish can be fulfilled here and now, and why not."""

from __future__ import annotations

from rich.text import Text

from wish_tui.widgets.view_text import ViewText
from wish_tui.wish.rules import CATALOG

from .offer_view import wish_line


class HandView(ViewText):
    """A hand of Wish cards with a line on whether each can be fulfilled now."""

    DEFAULT_CSS = "HandView { height: auto; }"

    def update_hand(self, cards: list[tuple[str, bool, str, str]], compact: bool = False) -> None:
        """Show cards as (name, can fulfil now, why, why in a few letters)."""
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append("Hand", "bold underline")
        text.append(" ✓ can fulfil now, ✗ why not", "dim")
        for name, ok, why, short in cards:
            text.append("\n✓" if ok else "\n✗", "bold green" if ok else "bold red")
            text.append_text(wish_line(name, compact=True))
            if compact:
                text.append(f" {short}", "dim")
            else:
                text.append(f"\n   {why} {CATALOG.wishes[name].text}", "dim")
        self.show(text)


def hand_status(view: dict, seat: int) -> list[tuple[str, bool, str, str]]:
    """For each Wish in `seat`'s hand: (name, can fulfil now, why, why in a few letters).

    The rules decide (`players[seat]["hand_status"]` of the seat's view): the key that fulfils
    the Wish now (f, k with Trickery, p with a Potion) or the one reason it cannot be fulfilled.
    """
    me = view["players"][seat]
    status = me.get("hand_status", {})
    result = []
    for name in me.get("hand", []):
        entry = status.get(name, {"now": "", "why": "", "short": ""})
        result.append((name, bool(entry["now"]), entry["why"], entry["short"]))
    return result
