"""The nine Achievements in play (board spaces or Tiles) with who claimed each, and a private
Achievement of Entrepreneur #3. A requirement reads in a few cells, in the screen's own letters
(`H7`: 7 on the Happiness Track, `5Y`: 5 Ride cards, `15★`, `15cards`, `Inc12`: an Income of 12);
after it the claimer's letter in brackets ('9W(R)'), or `!` when you may claim it now (key v); the highlight (↓ from
the Marketplace) reads each in words on the detail line."""

from __future__ import annotations

from rich.text import Text

from wish_tui.widgets.board_place import mark_place
from wish_tui.widgets.view_text import NARROW_BELOW, ViewText, wrapped
from wish_tui.wishland.ui.style import DIM, seat_style
from wish_tui.wishland.words.marks import ACHIEVEMENT_SHORT, SEAT_LETTER

from .cursor import ACHIEVEMENTS_ROW


class AchievementsView(ViewText):
    """The Achievements of one view."""

    DEFAULT_CSS = "AchievementsView { height: auto; }"

    def update_view(
        self,
        view: dict,
        seat: int,
        claimable=(),
        highlighted: int | None = None,
        width: int = 80,
    ) -> None:
        """Show the Achievements in `width` cells (narrower than the screen's table, wrapped);
        `claimable` are the ids `seat` may claim now, `highlighted` the place of the one the
        highlight is on (the seat's own Tile last)."""
        text = Text(no_wrap=True)
        text.append("Achievements 1★: ", "bold")
        for i, a in enumerate(view["achievements"]):
            start = len(text)
            code = ACHIEVEMENT_SHORT.get(a["id"], a["id"])
            owner = a["claimed_by"]
            if i == highlighted:
                text.append(code, "reverse")
                mark = "!" if a["id"] in claimable else ""
                text.append(f"({SEAT_LETTER[view['seats'][owner]]})" if owner is not None else mark)
            elif owner is not None:
                colour = view["seats"][owner]
                text.append(code, DIM)
                text.append(f"({SEAT_LETTER[colour]})", seat_style(colour))
            elif a["id"] in claimable:
                text.append(code, "bold reverse")
                text.append("!", "bold")
            else:
                text.append(code)
            mark_place(text, start, (ACHIEVEMENTS_ROW, i))
            text.append(" ")
        tile = view["players"][seat].get("tile")
        if tile:
            code = ACHIEVEMENT_SHORT.get(tile["id"], tile["id"])
            mark = "✓" if tile["claimed"] else ("!" if tile["id"] in claimable else "·")
            text.append(" yours: ", "bold")
            own = highlighted == len(view["achievements"])
            start = len(text)
            text.append(code, "reverse" if own else "bold")
            text.append(mark, "bold")
            mark_place(text, start, (ACHIEVEMENTS_ROW, len(view["achievements"])))
        self.show(wrapped(text, width) if width < NARROW_BELOW else text)
