"""The deciding person's hand, marking which Wish can be fulfilled here and now, and why not."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from wish_tui.wish.rules import CATALOG

from .offer_view import wish_line


class HandView(Static):
    """A hand of Wish cards with a line on whether each can be fulfilled now."""

    DEFAULT_CSS = "HandView { height: auto; }"

    def update_hand(self, cards: list[tuple[str, bool, str]], compact: bool = False) -> None:
        """Show cards as (name, can fulfil now, why or why not)."""
        text = Text()
        text.append("Your hand", "bold underline")
        text.append("  ✓ fulfil now  ✗ not yet\n", "dim")
        if not cards:
            text.append("(hidden)", "dim")
        for name, ok, why in cards:
            text.append("✓ " if ok else "✗ ", "bold green" if ok else "dim")
            text.append_text(wish_line(name))
            text.append(
                f"  {why}\n" if compact else f"\n    {why} — {CATALOG.wishes[name].text}\n", "dim"
            )
        self.update(text)
