"""The nine Achievements in play (board spaces or Tiles) with who claimed each, and a private
Achievement of Entrepreneur #3. A requirement reads in a few cells, in the screen's own letters
(`H7`: 7 on the Happiness Track, `5Y`: 5 Ride cards, `15★`, `15cards`, `Inc12`: an Income of 12);
after it the claimer's letter, or `!` when you may claim it now (key v); `i` reads each in
words."""

from __future__ import annotations

from rich.text import Text

from wish_tui.widgets.view_text import ViewText
from wish_tui.wishland.ui.style import DIM, seat_style
from wish_tui.wishland.words.marks import ACHIEVEMENT_SHORT, SEAT_LETTER


class AchievementsView(ViewText):
    """The Achievements of one view."""

    DEFAULT_CSS = "AchievementsView { height: auto; }"

    def update_view(self, view: dict, seat: int, claimable=()) -> None:
        """Show the Achievements; `claimable` are the ids `seat` may claim now."""
        text = Text(no_wrap=True)
        text.append("Achievements 1★ (i) ", "bold")
        for a in view["achievements"]:
            code = ACHIEVEMENT_SHORT.get(a["id"], a["id"])
            owner = a["claimed_by"]
            if owner is not None:
                colour = view["seats"][owner]
                text.append(code, DIM)
                text.append(SEAT_LETTER[colour], seat_style(colour))
            elif a["id"] in claimable:
                text.append(code, "bold reverse")
                text.append("!", "bold")
            else:
                text.append(code)
            text.append(" ")
        tile = view["players"][seat].get("tile")
        if tile:
            code = ACHIEVEMENT_SHORT.get(tile["id"], tile["id"])
            mark = "✓" if tile["claimed"] else ("!" if tile["id"] in claimable else "·")
            text.append(f" yours: {code}{mark}", "bold")
        self.show(text)
