"""The Offer: three Wish cards face up, with Frostflakes, and the deck and discard counts."""

from __future__ import annotations

from rich.text import Text

from wish_tui.widgets.board_place import mark_place
from wish_tui.widgets.view_text import ViewText
from wish_tui.wish.rules import CATALOG
from wish_tui.wish.ui.style import cost_text, highlight_line, wish_type_text


def wish_line(name: str, frost: bool = False, compact: bool = False, vp: bool = True) -> Text:
    """One Wish on one line: type symbol, name, cost, VP and Instant/Ongoing (unless not
    `vp`), Frostflake."""
    wish = CATALOG.wishes[name]
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append_text(wish_type_text(wish.type))
    text.append(f"{name} ")
    text.append_text(cost_text(wish.cost_letters))
    if not vp:
        return text
    text.append(f" {wish.vp}VP", "bold")
    text.append(" O" if wish.timing == "ongoing" else " I", "italic")
    if not compact:
        text.append("ngoing" if wish.timing == "ongoing" else "nstant", "italic")
    if frost:
        text.append(" ❄", "bold cyan")
    return text


class OfferView(ViewText):
    """The three cards of the Offer (slot numbers 1-3, left to right)."""

    DEFAULT_CSS = "OfferView { height: auto; }"

    def update_view(
        self, view: dict, compact: bool = False, cursor: int | None = None, own_part: bool = False
    ) -> None:
        """Show the Offer of a view, the look cursor's slot (1-3) in reverse; `own_part`: it
        is a part of its own on a narrow terminal, where Instant and Ongoing are said whole
        when every card's line has the room."""
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append("Offer", "bold underline")
        text.append(f" deck {view['deck_count']} discard {len(view['discard'])}", "dim")
        frost = set(view["frostflakes"])
        cards = [name for name in view["offer"] if name is not None]
        room = self.size.width - 1  # after the slot's number
        whole = own_part and all(wish_line(n, n in frost).cell_len <= room for n in cards)
        short = compact and not whole
        for slot, name in enumerate(view["offer"], 1):
            text.append("\n")
            start = len(text)
            text.append(f"{slot}", "bold")
            if name is None:
                text.append(" (empty)", "dim")
            else:
                text.append_text(wish_line(name, name in frost, short))
                if not compact:
                    text.append(f"\n  {CATALOG.wishes[name].text}", "dim")
            mark_place(text, start, ("offer", slot))
        line = None
        if cursor is not None:
            before = view["offer"][: cursor - 1]
            line = cursor if compact else 1 + sum(2 if n else 1 for n in before)
        self.show(highlight_line(text, line))
