"""The seat's own Wish and Hex (and whether each is met right now), its Favor tokens' faces, and
the other seats' cards once they are revealed."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from wish_tui.spirits.ui.style import ink, seat_style
from wish_tui.spirits.words.marks import SEAT_TITLE, kind_name
from wish_tui.spirits.words.words import hex_short, wish_short
from wish_tui.widgets.view_text import NARROW_BELOW, ViewText, wrapped


def card_status(kind: str, entry: dict, over: bool) -> tuple[str, Style]:
    """'✓ met now' or '✗ not met now' (for a Hex: whether it is avoided), and a style."""
    met = entry["met"]
    if kind == "wish":
        words = ("✓ met" if met else "✗ not met") + ("" if over else " now")
    else:
        # Tied, it is the least all the same (Hex Cards); the words say which, in 80 columns.
        least = "✗ you tie for the least" if entry.get("tied") else "✗ you have the least"
        words = ("✓ not the least" if met else least) + ("" if over else " now")
    return words, ink("green" if met else "red")


class CardsView(ViewText):
    """Your Wish, Hex and Favor tokens; the others' cards in a line."""

    DEFAULT_CSS = "CardsView { height: auto; }"

    def update_view(self, view: dict, seat: int, compact: bool = True, width: int = 80) -> None:
        """Show the cards and tokens of `seat` in `view`, in `width` cells (narrower than the
        table, each line wraps)."""
        me = view["players"][seat]
        text = Text(no_wrap=True, overflow="ellipsis")
        _own_cards(text, me, view["phase"] == "over")
        _own_tokens(text, view, me)
        others = [p for p in view["players"] if p["seat"] != seat and ("wish" in p or "hex" in p)]
        if others and not compact:
            # At 80x24 the table's W and H columns say whether each seat meets its cards; the
            # names are under `i`.
            text.append("\n")
            _others_cards(text, others)
        # The board pads the cards by a cell.
        self.show(wrapped(text, width - 1) if width < NARROW_BELOW else text)


def _own_cards(text: Text, me: dict, over: bool) -> None:
    for kind, short in (("wish", wish_short), ("hex", hex_short)):
        entry = me.get(kind)
        if entry is None:
            continue
        if text:
            text.append("\n")
        text.append(f"{kind.capitalize()} {entry['name']}", "bold")
        text.append(f": {short(entry['name'])} ")
        words, style = card_status(kind, entry, over)
        text.append(words, style)


def _own_tokens(text: Text, view: dict, me: dict) -> None:
    if text:
        text.append("\n")
    if "tokens" not in me:
        # Watched from the rail: the seat shown is not the watcher's, its tokens lie face down.
        text.append(f"{me['name']}'s Favor tokens: ", "bold")
        count = me["token_count"]
        text.append(f"{count} face down" if count else "none")
        return
    text.append("Your Favor tokens: ", "bold")
    tokens = me["tokens"]
    text.append(", ".join(kind_name(k) for k in tokens) if tokens else "none")
    if view["solo"]:
        text.append(" (counted at the end)", "dim")
    elif me.get("plus_tokens") and me["gems"]["lost"]:
        text.append(" · p spends a + token", "dim")


def _others_cards(text: Text, others: list[dict]) -> None:
    for i, p in enumerate(others):
        if i:
            text.append(" · ")
        text.append(SEAT_TITLE[p["djinn"]], seat_style(p["djinn"]))
        for kind in ("wish", "hex"):
            if kind in p:
                mark = "✓" if p[kind]["met"] else "✗"
                text.append(f" {p[kind]['name']} {mark}")
