"""The Marketplace: five rows of four face-up cards, the Worker stacks on each row's space and on
the Advertisement Space; in solo, the Marketplace Deck and your hand instead.

A card reads name first, then its price for you and its reward (`words.cells`): on one line at 80
columns, with long names shortened by design; on two lines where the terminal is wide and tall
enough, its whole name and id, then price, reward and Category Symbol in words. Cards you cannot
buy now are dimmed; the highlighted card is in reverse video. A stack reads `R2`: the seat's
letter and its Workers; a row needs one Worker more for each stack on it.

Narrower than 80 columns (a phone) a row stands on three lines: two cards a line, then its name,
its stacks and the Workers it needs; your Credits and Workers close the Marketplace, so that a
purchase is weighed where it is made.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from wish_tui.widgets.board_place import place_style
from wish_tui.widgets.view_text import NARROW_BELOW, ViewText, wrapped
from wish_tui.wishland.ui.style import DIM, PLAIN, row_style, seat_style
from wish_tui.wishland.words.cells import ROW_LEGEND, card_cell, card_lines
from wish_tui.wishland.words.marks import ROW_LETTER, ROW_TITLE, SEAT_LETTER

REVERSE = Style(reverse=True)
LABEL = 3
"""Cells of a row's label: its number and letter, '1Y '."""
STACKS = 9
"""Cells kept at the right of a row for its Worker stacks."""
TWO_LINES = (100, 30)
"""The least width and height of a terminal whose Marketplace shows each card on two lines."""


def stacks_text(stacks: list[dict]) -> Text:
    """The Worker stacks on a space, oldest first: 'R2 B1'."""
    text = Text()
    for i, stack in enumerate(stacks):
        if i:
            text.append(" ")
        text.append(
            f"{SEAT_LETTER[stack['colour']]}{stack['workers']}", seat_style(stack["colour"])
        )
    return text


def two_lines(width: int, height: int) -> bool:
    """True when a terminal of this size shows each Marketplace card on two lines."""
    return width >= TWO_LINES[0] and height >= TWO_LINES[1]


class MarketView(ViewText):
    """The Marketplace of one view, the cards a key may buy marked, the highlighted one."""

    DEFAULT_CSS = "MarketView { height: auto; }"

    def update_view(
        self,
        view: dict,
        seat: int,
        buyable=(),
        cursor: tuple[int, int] | None = None,
        width: int = 0,
        yours: bool = False,
    ) -> None:
        """Show the Marketplace of `view` for `seat` in `width` cells (0: the widget's);
        `buyable` are the card ids a key may buy now, `cursor` the highlighted (row, column) —
        in solo (0, hand index); `yours` (and any narrow width) adds your Credits and Workers,
        for a screen that shows the Marketplace without your park."""
        width = width or self.size.width or 80
        buyable = frozenset(buyable)
        narrow = width < NARROW_BELOW
        if view["solo"]:
            text = self._solo(view, seat, buyable, cursor, width)
        elif narrow:
            text = _narrow(view, seat, buyable, cursor, width)
        else:
            text = self._wide(view, seat, buyable, cursor, width)
        if yours or narrow:
            text.append("\n")
            text.append_text(_you(view["players"][seat]))
        self.show(wrapped(text, width) if narrow else text)

    def _wide(self, view: dict, seat: int, buyable, cursor, width: int) -> Text:
        """The Marketplace a row a line (two where the screen is large)."""
        screen = self.screen.size
        lines = 2 if two_lines(screen.width, screen.height) else 1
        cell = (width - LABEL - STACKS) // 4 - 1
        mascots = view["players"][seat]["counts"]["black"]
        text = Text(no_wrap=True)
        for r, row in enumerate(view["marketplace"]):
            for line in range(lines):
                if r or line:
                    text.append("\n")
                label = f"{r + 1}{ROW_LETTER[r]} " if line == 0 else " " * LABEL
                text.append(label, row_style(r))
                for c, card in enumerate(row["cards"]):
                    here = cursor == (r, c)
                    if card is None:
                        blank = ("·" if line == 0 else "").center(cell)
                        text.append(blank, REVERSE if here else DIM)
                    else:
                        style = REVERSE if here else PLAIN if card["id"] in buyable else DIM
                        if lines == 2:
                            body = card_lines(card, cell, mascots)[line]
                        else:
                            body = card_cell(card, cell, mascots)
                        text.append(body, style + place_style((r, c)))
                    text.append("│" if c < 3 else " ", DIM)
                if line == 0:
                    text.append_text(stacks_text(row["stacks"]))
                elif row["stacks"]:
                    text.append(f"needs {row['workers_needed']}", DIM)
        text.append("\n")
        text.append_text(self._advertisement(view, width))
        return text

    @staticmethod
    def _advertisement(view: dict, width: int) -> Text:
        """The Advertisement Space, and the rows' letters at the line's end."""
        ad = view["advertisement"]
        what = "Advertisement: " if width >= 100 else ""
        needed = ad["workers_needed"]
        stacks = stacks_text(ad["stacks"])
        # The Workers it needs in words, or as 'W' (as in 'H, V or W') where the words would
        # push the rows' letters off the line.
        for workers in (f"{needed} Worker{'s' if needed != 1 else ''}", f"{needed}W"):
            text = Text("Ad ", "bold")
            text.append(f"{what}1$ + H, V or W · needs {workers} ")
            text.append_text(stacks)
            if width - len(text.plain) - 1 >= len(ROW_LEGEND):
                break
        room = width - len(text.plain) - 1
        if room >= len(ROW_LEGEND):
            text.append(" " + ROW_LEGEND.rjust(room), DIM)
        return text

    @staticmethod
    def _solo(view: dict, seat: int, buyable, cursor, width: int) -> Text:
        deck = view["marketplace"][4]
        me = view["players"][seat]
        narrow = width < NARROW_BELOW
        text = Text(no_wrap=True)
        text.append("Marketplace Deck ", "bold")
        text.append(f"{deck['deck_count']} cards · discard pile {len(deck['discard'])} · ")
        text.append("Workers on it: ")
        stacks = stacks_text(deck["stacks"])
        text.append_text(stacks if stacks.plain else Text("none"))
        hand = me.get("hand", [])
        text.append("\nYour hand", "bold")
        text.append(f" ({len(hand)}): play one, the rest is discarded" if hand else ": empty")
        # Two cards a line, so each shows its whole name (three when the hand is long; one on a
        # narrow screen).
        per_line = 1 if narrow else 2 if len(hand) <= 8 else 3
        cell = (width - LABEL) // per_line - 4
        mascots = me["counts"]["black"]
        for i, card in enumerate(hand):
            text.append("\n   " if i % per_line == 0 else " ")
            here = cursor == (0, i)
            style = REVERSE if here else PLAIN if card["id"] in buyable else DIM
            text.append(f"{i + 1}:" if i < 9 else "  ", "bold")
            # The ♪ Entertainment Symbol shows where the legend explains it (a wide screen).
            card_text = card_cell(card, cell, mascots, music=width >= 100)
            text.append(card_text, style + place_style((0, i)))
        lines = 2 + (len(hand) + per_line - 1) // per_line if hand else 2
        for _ in range(lines, 6):
            text.append("\n")
        text.append("\nAd ", "bold")
        text.append("Advertisement (after a draw): 1$ + H, V or W; your hand is discarded")
        return text


def _you(me: dict) -> Text:
    """Your Credits, Workers at hand and Income, where a purchase is weighed."""
    workers = me["workers"]["hand"]
    text = Text("You: ", "bold")
    text.append(f"{me['credits']}$, {workers} Worker{'s' if workers != 1 else ''} at hand, ")
    text.append(f"{me['income']}$ Income")
    return text


def _narrow(view: dict, seat: int, buyable, cursor, width: int) -> Text:
    """The Marketplace on a narrow screen: each row on three lines, two cards a line, then the
    row's name, stacks and the Workers it needs."""
    cell = (width - LABEL - 1) // 2
    me = view["players"][seat]
    mascots = me["counts"]["black"]
    text = Text(no_wrap=True)
    for r, row in enumerate(view["marketplace"]):
        for line in range(2):
            if r or line:
                text.append("\n")
            text.append(f"{r + 1}{ROW_LETTER[r]} " if line == 0 else " " * LABEL, row_style(r))
            for c in (2 * line, 2 * line + 1):
                card = row["cards"][c]
                here = cursor == (r, c)
                if card is None:
                    text.append("·".center(cell), REVERSE if here else DIM)
                else:
                    style = REVERSE if here else PLAIN if card["id"] in buyable else DIM
                    text.append(card_cell(card, cell, mascots), style + place_style((r, c)))
                if c % 2 == 0:
                    text.append("│", DIM)
        text.append("\n" + " " * LABEL)
        text.append(ROW_TITLE[r], row_style(r))
        if row["stacks"]:
            text.append(" · ")
            text.append_text(stacks_text(row["stacks"]))
        needed = row["workers_needed"]
        text.append(f" · needs {needed} Worker{'s' if needed != 1 else ''}", DIM)
    ad = view["advertisement"]
    needed, stacks = ad["workers_needed"], stacks_text(ad["stacks"])
    workers = f"{needed} Worker{'s' if needed != 1 else ''}"  # as the rows say it, where it fits
    if len(f"Ad 1$ + H, V or W · needs {workers} {stacks.plain}".rstrip()) > width:
        workers = f"{needed}W"
    text.append("\nAd ", "bold")
    text.append(f"1$ + H, V or W · needs {workers} ")
    text.append_text(stacks)
    return text
