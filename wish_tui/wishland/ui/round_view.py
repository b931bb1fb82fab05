"""The round and the Turn Order Track on one line: `Round 3/7 Turn 2/4` and each space with the
seat on it, or its reward while free; on a narrow screen on two lines, the spaces closer."""

from __future__ import annotations

from rich.text import Text

from wish_tui.widgets.board_place import mark_place
from wish_tui.widgets.view_text import NARROW_BELOW, ViewText, wrapped
from wish_tui.wishland.ui.style import DIM, seat_style
from wish_tui.wishland.words.marks import YOU, seat_title

from .cursor import ORDER_ROW

SPACE_REWARD = {1: "first", 2: "+1$", 3: "+1★", 4: "H/V/W", 5: "+1T"}
"""A free Turn Order space's reward in a few cells (space 1 plays first)."""


PHASE_WORDS = {"setup": "Setup: Entrepreneurs", "final": "Final Scoring", "over": "Game over"}
"""Where the game stands outside the rounds."""


def round_words(view: dict) -> str:
    """Where the game stands: 'Round 3/7 · Turn 2/4', 'Round 1/7 · Turn Order'."""
    phase = view["phase"]
    where = f"Round {view['round']}/{view['rounds']}"
    turn = f"Turn {view['turn']}/{view['turns']}" if phase == "turns" else "Turn Order"
    return PHASE_WORDS.get(phase) or f"{where} · {turn}"


class RoundView(ViewText):
    """The round, the turn and the Turn Order Track."""

    DEFAULT_CSS = "RoundView { height: auto; }"

    def update_view(self, view: dict, seat: int, width: int = 80) -> None:
        """Show where `view`'s game stands in `width` cells."""
        narrow = width < NARROW_BELOW
        text = Text(no_wrap=True)
        text.append(round_words(view) if narrow else f"{round_words(view):<21}", "bold")
        text.append("\nOrder " if narrow else "│ Order ", "bold")
        for space in view["turn_order_track"]:
            k = space["space"]
            start = len(text)
            text.append(f"{k}:")
            if space["seat"] is None:
                words, style = SPACE_REWARD[k], DIM
            else:
                colour = view["seats"][space["seat"]]
                mark = YOU if space["seat"] == seat and len(view["seats"]) > 1 else ""
                words, style = seat_title(colour) + mark, seat_style(colour)
            text.append(words if narrow else f"{words:<6}", style)
            mark_place(text, start, (ORDER_ROW, k))
            text.append(" ")
        self.show(wrapped(text, width) if narrow else text)
