"""The Offer: three Wish cards face up, with Frostflakes, and the deck and discard counts."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from wish_tui.wish.rules import CATALOG

from .style import cost_text, wish_type_text


def wish_line(name: str, frost: bool = False) -> Text:
    """One Wish on one line: type symbol, name, cost, VP, Instant/Ongoing, Frostflake."""
    wish = CATALOG.wishes[name]
    text = Text()
    text.append_text(wish_type_text(wish.type))
    text.append(f" {name} ")
    text.append_text(cost_text(wish.cost_letters))
    text.append(f" {wish.vp}VP ", "bold")
    text.append("Ongoing" if wish.timing == "ongoing" else "Instant", "italic dim")
    if frost:
        text.append(" ❄frost", "bold cyan")
    return text


class OfferView(Static):
    """The three cards of the Offer (slot numbers 1-3, left to right)."""

    DEFAULT_CSS = "OfferView { height: auto; }"

    def update_view(self, view: dict, compact: bool = False) -> None:
        """Show the Offer of a view."""
        text = Text()
        text.append("Offer", "bold underline")
        text.append(f"  deck {view['deck_count']} · discard {len(view['discard'])}\n", "dim")
        frost = set(view["frostflakes"])
        for slot, name in enumerate(view["offer"], 1):
            text.append(f"{slot} ", "bold")
            if name is None:
                text.append("(empty)\n", "dim")
                continue
            text.append_text(wish_line(name, name in frost))
            text.append("\n")
            if not compact:
                text.append(f"  {CATALOG.wishes[name].text}\n", "dim")
        self.update(text)
