"""The deciding person's hand, marking which Wish can be fulfilled here and now, and why not."""

from __future__ import annotations

from rich.text import Text

from wish_tui.wish.rules import CATALOG

from .offer_view import wish_line
from .view_text import ViewText


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
                text.append(f"\n   {why}. {CATALOG.wishes[name].text}", "dim")
        self.show(text)
