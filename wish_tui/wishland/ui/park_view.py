"""Your park: your cards by colour against your Card Limit, your Category and Entertainment
Symbols, Income, Workers (and what claiming all six of the Reserve unlocks), Credits and your
Entrepreneur."""

from __future__ import annotations

from rich.text import Text

from wish_tui.widgets.view_text import ViewText
from wish_tui.wishland.ui.style import DIM, TICKET_COLOUR, ink, row_style
from wish_tui.wishland.words.marks import CATEGORY_CODE, ENT_LETTER, ENT_MARK, ROW_LETTER
from wish_tui.wishland.words.words import entrepreneur_gist

KINDS = ("ride", "restaurant", "actor", "hotel", "mascot")


class ParkView(ViewText):
    """The play area of the seat at the keyboard."""

    DEFAULT_CSS = "ParkView { height: auto; }"

    def update_view(self, view: dict, seat: int, roomy: bool = False) -> None:
        """Show `seat`'s park in `view` (three lines; one more on a roomy terminal)."""
        p = view["players"][seat]
        text = Text(no_wrap=True)
        limit = p["card_limit"]
        free = (
            f", {'/'.join(k.capitalize() + 's' for k in p['ignores_card_limit'])} free"
            if (p["ignores_card_limit"])
            else ""
        )
        # The Card Limit first: a long park may run off the line, the limit must not.
        text.append(f"Your park (Card Limit {limit}{free}) ", "bold")
        for r, kind in enumerate(KINDS):
            cards = p["park"][kind]
            text.append(ROW_LETTER[r], row_style(r))
            text.append(":")
            if cards:
                text.append(" ".join(c["id"] for c in cards), row_style(r))
            else:
                text.append("-", DIM)
            text.append(" ")
        text.append("T", ink(TICKET_COLOUR))
        text.append(f":{p['tickets']}")
        text.append("\nSymbols ", "bold")
        symbols = [f"{CATEGORY_CODE[s]}{n}" for s, n in p["category_symbols"].items() if n]
        text.append(" ".join(symbols) or "none", "" if symbols else DIM)
        ents = p["entertainment_symbols"]
        if ents:
            text.append("  ")
            text.append(" ".join(ENT_MARK + ENT_LETTER[e] for e in ents))
        text.append(f"  Income {p['income']}$", "bold")
        text.append(f"  Credits {p['credits']}$", "bold")
        w = p["workers"]
        text.append("\nWorkers ", "bold")
        text.append(f"{w['hand']} at hand, {w['on_board']} placed")
        if p["unlocked"]:
            text.append(" · Reserve empty: extra Workers cut prices", "bold")
        else:
            text.append(f", Reserve {w['reserve']}")
            text.append(" (earn all 6: extra Workers cut prices)", DIM)
        ent = p.get("entrepreneur")
        if ent:
            text.append("\nEntrepreneur ", "bold")
            gist = entrepreneur_gist(ent["id"])
            text.append(gist + (" (i: the card)" if len(gist) <= 52 else ""))
        elif p.get("entrepreneur_options"):
            ids = " or ".join(e["id"] for e in p["entrepreneur_options"])
            text.append(f"\nEntrepreneur: keep {ids} (i reads them)", "bold")
        self.show(text)
