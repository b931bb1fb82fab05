"""The deciding person's hand, marking which Wish can be fulfilled here and now, and why not."""

from __future__ import annotations

from rich.text import Text

from wish_tui.widgets.view_text import ViewText
from wish_tui.wish.rules import CATALOG, COLOURS, GEMS, LETTERS, Action

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
                text.append(f"\n   {why}. {CATALOG.wishes[name].text}", "dim")
        self.show(text)


def hand_status(
    view: dict, seat: int, legal: list[Action], my_turn: bool
) -> list[tuple[str, bool, str, str]]:
    """For each Wish in `seat`'s hand: (name, can fulfil now, why, why in a few letters).

    Args:
        legal: the legal actions now (empty when it is not this seat's turn).
    """
    me = view["players"][seat]
    have = me["crystals"]
    result = []
    for name in me.get("hand", []):
        wish = CATALOG.wishes[name]
        if any(a.kind == "fulfill" and a.arg == name for a in legal):
            result.append((name, True, "you can fulfil it now (f)", "now: f"))
            continue
        short = [
            (wish.cost[c] - have[COLOURS[c]], c)
            for c in range(6)
            if have[COLOURS[c]] < wish.cost[c]
        ]
        if short:
            why = "needs " + ", ".join(f"{n} {GEMS[c]}" for n, c in short) + " more"
            brief = "need " + "".join(f"{LETTERS[c]}{n}" for n, c in short)
        elif not my_turn:
            why, brief = "affordable; fulfil it on your turn", "paid; wait"
        else:
            colour = COLOURS[wish.colour]
            why = f"needs a {colour} Wishing Person here (or Trickery) and a free Fulfill"
            brief = f"no {LETTERS[wish.colour].lower()} here"
        result.append((name, False, why, brief))
    return result
