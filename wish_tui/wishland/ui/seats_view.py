"""The tracks of every seat: Victory Points, Happiness, Visitors, Credits, Workers (at hand, in
the Worker Reserve, out on the board), Income, cards by colour against the Card Limit and the
Entrepreneur. `▶` marks the seat deciding now, `◀` yours. On a narrow screen each seat takes two
lines: its tracks, then its Workers and cards."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from wish_tui.widgets.board_place import place_style, turn_mark
from wish_tui.widgets.projection import projected_total
from wish_tui.widgets.view_text import NARROW_BELOW, ViewText
from wish_tui.wishland.ui.style import DIM, TICKET_COLOUR, ink, row_style, seat_style
from wish_tui.wishland.words.marks import ROW_LETTER, YOU, seat_title

from .cursor import SEATS_ROW

REVERSE = Style(reverse=True)
COLOURS = ("yellow", "red", "blue", "green", "black")
HEADER = " Seat      ★VP  End   H   V    $  W:hand rsv out  inc   Y R B G K T  lim  Ent"
"""`End`: what Final Scoring would give the seat if the game ended now (`?`: with something
still unknown to you, such as an Entrepreneur not yet revealed)."""


class SeatsView(ViewText):
    """One line per seat: its tracks, Workers and cards."""

    DEFAULT_CSS = "SeatsView { height: auto; }"

    def update_view(
        self, view: dict, seat: int, highlighted: int | None = None, width: int = 80
    ) -> None:
        """Show every seat of `view`, as `seat` sees it, in `width` cells; the highlight on seat
        `highlighted`'s name (None: the highlight is elsewhere)."""
        narrow = width < NARROW_BELOW
        text = Text(no_wrap=True)
        entrepreneurs = (view.get("options") or {}).get("entrepreneurs", True)
        header = HEADER if entrepreneurs else HEADER.removesuffix("  Ent")
        if narrow:
            tracks, _, rest = header.partition("  W:")
            text.append(tracks + "  inc", "bold underline")
            text.append("\n  W:" + rest.replace("  inc  ", ""), "bold underline")
        else:
            text.append(header, "bold underline")
        deciding = view["current_player"]
        for p in view["players"]:
            s = p["seat"]
            text.append("\n")
            text.append_text(turn_mark(s == deciding))
            name = seat_title(p["colour"]) + (YOU if s == seat and len(view["seats"]) > 1 else "")
            style = REVERSE if s == highlighted else seat_style(p["colour"])
            text.append(f"{name:<8}", style + place_style((SEATS_ROW + s, 0)))
            text.append(f"{p['vp']:>4} ", "bold")
            text.append(f"{projected_total(view, s):>4} ")
            for value in (p["happiness"], p["visitors"]):
                text.append(f"{value:>4}", "bold" if value >= 10 else "")
            text.append(f"{p['credits']:>5}  ")
            w = p["workers"]
            workers = f"{w['hand']:>6} {w['reserve']:>3} {w['on_board']:>3}"
            if narrow:
                text.append(f"{p['income']:>3}\n  {workers} ")
            else:
                text.append(workers)
                text.append(f"{p['income']:>5}   ")
            limit = p["card_limit"]
            full = full_rows(view, s)
            for i, colour in enumerate(COLOURS):
                n = p["counts"][colour]
                text.append(f"{n}", row_style(i) if n else DIM)
                text.append("!" if ROW_LETTER[i] in full else " ", "bold")
            text.append(f"{p['counts']['purple']}", ink(TICKET_COLOUR))
            text.append(f"{limit:>5}  ")
            ent = p["entrepreneur"]
            if ent:
                text.append(ent["id"])
            elif p["entrepreneur_chosen"]:
                text.append("kept", DIM)
            if view["solo"] and not narrow:
                # A narrow screen shows the hand with the Marketplace Deck only.
                text.append(f"  hand {p['hand_count']}")
        self.show(text)


def full_rows(view: dict, seat: int) -> str:
    """The row letters of the cards `seat` holds as many of as its Card Limit (marked '!')."""
    p = view["players"][seat]
    free = _free(p)
    return "".join(
        ROW_LETTER[i]
        for i, colour in enumerate(COLOURS)
        if i > 0 and p["counts"][colour] >= p["card_limit"] and ROW_LETTER[i] not in free
    )


def _free(p: dict) -> set[str]:
    """The row letters a seat may hold beyond its Card Limit (Hotel #24, Entrepreneurs #6, #7)."""
    kinds = ("ride", "restaurant", "actor", "hotel", "mascot")
    return {ROW_LETTER[kinds.index(k)] for k in p["ignores_card_limit"]}
