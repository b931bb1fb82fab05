"""Your park: your cards (Rides first) against your Card Limit, your Category and Entertainment
Symbols named, Income, Credits, Workers (and what claiming all six of the Reserve unlocks) and
your Entrepreneur. The highlight may rest on a card of it: the detail line then reads it."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from wish_tui.widgets.board_place import place_style
from wish_tui.widgets.view_text import NARROW_BELOW, ViewText, wrapped
from wish_tui.wishland.ui.style import DIM, PLAIN, row_style
from wish_tui.wishland.words.marks import card_row, seat_title
from wish_tui.wishland.words.words import entrepreneur_gist, plural

from .cursor import PARK_ROW, park_cards

REVERSE = Style(reverse=True)


def symbols_words(p: dict) -> str:
    """The park's Category Symbols and Entertainment Symbols, named: 'Symbols: 2 castle, drink
    · Entertainment: gun, mask'."""
    counts = [(n, name) for name, n in p["category_symbols"].items() if n]
    counts.sort(key=lambda item: -item[0])
    named = ", ".join(f"{n} {name}" if n > 1 else name for n, name in counts)
    words = f"Symbols: {named or 'none yet'}"
    ents = p["entertainment_symbols"]
    if ents:
        words += f" · Entertainment: {', '.join(sorted(set(ents)))}"
    return words


def _symbols_line(p: dict, width: int) -> Text:
    """The park's symbols, Income and Credits, on as many lines as `width` cells need (the
    ones after the first a space in, as the park's cards go on)."""
    line = Text(symbols_words(p), PLAIN)
    line.append(f" · Income {p['income']}$ · Credits {p['credits']}$", "bold")
    if width < NARROW_BELOW or line.cell_len <= width:
        return line  # a narrow screen wraps every line of the park
    first, *rest = wrapped(line, width - 1).split("\n")
    return Text("\n ").join([first, *rest])


class ParkView(ViewText):
    """The play area of the seat at the keyboard."""

    DEFAULT_CSS = "ParkView { height: auto; }"

    def update_view(
        self,
        view: dict,
        seat: int,
        roomy: bool = False,
        highlighted: int | None = None,
        width: int = 0,
    ) -> None:
        """Show `seat`'s park in `view` in `width` cells (0: the widget's; a narrow one wraps
        every line); `highlighted` is the place in it of the highlighted card (None: the
        highlight is elsewhere)."""
        p = view["players"][seat]
        width = width or self.size.width or 80
        text = Text(no_wrap=True)
        free = p["ignores_card_limit"]
        # Watched from the rail (a view of no seat), the park shown is the seat's, by its name.
        whose = "Your" if view.get("seat") == seat else f"{seat_title(p['colour'])}'s"
        limit = f"{whose} park · Card Limit {p['card_limit']}"
        if free:
            limit += f" ({'/'.join(k.capitalize() + 's' for k in free)} free)"
        # The Card Limit first: a long park may wrap, the limit must stay in sight.
        text.append(limit + ":", "bold")
        cards = park_cards(view, seat)
        column = len(text.plain)
        previous = ""
        for i, card in enumerate(cards):
            cid = card["id"]
            gap = " · " if previous and previous[0] != cid[0] else " "
            if column + len(gap) + len(cid) > width:
                text.append("\n ")
                column, gap = 1, ""
            text.append(gap)
            style = REVERSE if i == highlighted else row_style(card_row(cid))
            text.append(cid, style + place_style((PARK_ROW, i)))
            column += len(gap) + len(cid)
            previous = cid
        if not cards:
            text.append(" no cards yet", DIM)
        tickets = f" · {plural(p['tickets'], 'Ticket Office')}"
        if column + len(tickets) > width:
            text.append("\n ")
            tickets = tickets[3:]
        text.append(tickets, PLAIN)
        text.append("\n")
        text.append_text(_symbols_line(p, width))
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
        self.show(wrapped(text, width) if width < NARROW_BELOW else text)
