"""The Marketplace: five rows of four face-up cards, the Worker stacks on each row's space and on
the Advertisement Space; in solo, the Marketplace Deck and your hand instead.

A card reads `Y13 5 +3★ Rc`: its id (the row letter and number), its price for you, its reward
and its Category Symbol (an Actor adds ♪ and its Entertainment Symbol's letter); a wide terminal
adds the card's name. Cards you cannot buy now are dimmed; the highlighted card is in reverse
video. A stack reads `R2`: the seat's letter and its Workers.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from wish_tui.widgets.view_text import ViewText
from wish_tui.wishland.ui.style import DIM, PLAIN, row_style, seat_style
from wish_tui.wishland.words.marks import (
    MASCOT_BONUS_SHORT,
    ROW_LETTER,
    SEAT_LETTER,
    reward_code,
    symbols_code,
)

REVERSE = Style(reverse=True)
LABEL = 3
"""Cells of a row's label: its number and letter, '1Y '."""
STACKS = 12
"""Cells kept at the right of a row for its Worker stacks."""
CODE = 15
"""Cells of a card's code without its name."""


def card_cell(card: dict, width: int, mascots: int = 0) -> str:
    """One card in exactly `width` cells: code, then as much of the name as fits."""
    cid = card["id"]
    reward = reward_code(cid)
    if cid[0] == "K":
        reward = MASCOT_BONUS_SHORT[mascots] if mascots < len(MASCOT_BONUS_SHORT) else "—"
    price = card.get("price", card["cost"])
    symbols = symbols_code(cid)
    code = f"{cid:<3} {price} {reward}{symbols.rjust(9 - len(reward))}"
    if width > CODE + 2:
        code = f"{code:<{CODE}} {card['name']}"
    return code[:width].ljust(width)


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


class MarketView(ViewText):
    """The Marketplace of one view, the cards a key may buy marked, the highlighted one."""

    DEFAULT_CSS = "MarketView { height: auto; }"

    def update_view(
        self,
        view: dict,
        seat: int,
        buyable=(),
        cursor: tuple[int, int] | None = None,
    ) -> None:
        """Show the Marketplace of `view` for `seat`; `buyable` are the card ids a key may buy
        now, `cursor` the highlighted (row, column) — in solo (0, hand index)."""
        width = self.size.width or 80
        if view["solo"]:
            self.show(self._solo(view, seat, frozenset(buyable), cursor, width))
            return
        cell = max(CODE, (width - LABEL - STACKS) // 4 - 1)
        me = view["players"][seat]
        mascots = me["counts"]["black"]
        text = Text(no_wrap=True)
        for r, row in enumerate(view["marketplace"]):
            if r:
                text.append("\n")
            text.append(f"{r + 1}{ROW_LETTER[r]} ", row_style(r))
            for c, card in enumerate(row["cards"]):
                here = cursor == (r, c)
                if card is None:
                    blank = "·".center(cell)
                    text.append(blank, REVERSE if here else DIM)
                else:
                    style = REVERSE if here else PLAIN if card["id"] in buyable else DIM
                    body = card_cell(card, cell, mascots)
                    text.append(body[:3], REVERSE if here else row_style(r) + style)
                    text.append(body[3:], style)
                text.append(" ")
            text.append_text(stacks_text(row["stacks"]))
        ad = view["advertisement"]
        text.append("\nAd ", "bold")
        text.append(f"Advertisement Space: 1$ + H, V or W   needs {ad['workers_needed']}  ")
        text.append_text(stacks_text(ad["stacks"]))
        return self.show(text)

    @staticmethod
    def _solo(view: dict, seat: int, buyable, cursor, width: int) -> Text:
        deck = view["marketplace"][4]
        me = view["players"][seat]
        text = Text(no_wrap=True)
        text.append("Marketplace Deck ", "bold")
        text.append(f"{deck['deck_count']} cards · discard pile {len(deck['discard'])} · ")
        text.append("Workers on it: ")
        stacks = stacks_text(deck["stacks"])
        text.append_text(stacks if stacks.plain else Text("none"))
        hand = me.get("hand", [])
        text.append("\nYour hand", "bold")
        text.append(f" ({len(hand)}): play one, the rest is discarded" if hand else ": empty")
        # Two cards a line, so each shows its whole name (three when the hand is long).
        per_line = 2 if len(hand) <= 8 else 3
        cell = max(CODE, (width - LABEL) // per_line - 4)
        mascots = me["counts"]["black"]
        for i, card in enumerate(hand):
            text.append("\n   " if i % per_line == 0 else " ")
            here = cursor == (0, i)
            row = ROW_LETTER.index(card["id"][0])
            style = REVERSE if here else PLAIN if card["id"] in buyable else DIM
            text.append(f"{i + 1}:" if i < 9 else "  ", "bold")
            body = card_cell(card, cell, mascots)
            text.append(body[:3], REVERSE if here else row_style(row) + style)
            text.append(body[3:], style)
        lines = 2 + (len(hand) + per_line - 1) // per_line if hand else 2
        for _ in range(lines, 6):
            text.append("\n")
        text.append("\nAd ", "bold")
        text.append("Advertisement Space (after a draw): 1$ + H, V or W; your hand is discarded")
        return text
