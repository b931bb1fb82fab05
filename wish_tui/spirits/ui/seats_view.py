"""Every seat's collection: its count in each of the twelve categories with who holds each
majority now and who would lose 3, its tiles, gemstones and Favor tokens (solo: you against the
forest, spirits only).

A count is followed by `*` when the seat holds that majority alone and `=` when it shares it
(`◀` after a name marks your seat; `Pts` are what the seat would score if the game ended now,
with `?` after them when hidden Favor tokens may change it); `-3` stands where the seat has no
tile of the category yet (it would lose 3 points), `2!` for a count made of tokens without a
tile (still −3). The legend below says all of it where the screen has room, and the rest of it
otherwise (the keys window, `?`, always does).
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from wish_tui.spirits.rules import CATEGORIES, SPIRITS
from wish_tui.spirits.ui.style import category_style, ink, seat_style
from wish_tui.spirits.words.marks import CATEGORY_CODE, SEAT_TITLE, kind_name
from wish_tui.widgets.projection import projected_total
from wish_tui.widgets.view_text import ViewText

MINUS = "red"
"""The style name of a -3 (`cell_style` makes it plain under NO_COLOR)."""
LEGEND = "* majority  = tied  -3 no tile  gems supply/forest/lost  Pts if over now"
"""The legend's line on a small screen."""
MORE_LEGEND = "◀ you  2! tokens only: still -3  Pts? hidden Favor tokens may change them"
"""Its second line where the screen has room."""
YOU = "◀"
"""The mark after your seat's name (▶ marks the seat deciding)."""


def count_cell(count: int, symbols: int, leaders: list[int], seat: int) -> tuple[str, str]:
    """One category of one seat in 3 cells, and its style: (' 5*', 'bold'), ('-3 ', 'red')."""
    if symbols == 0 and count == 0:
        return "-3 ", MINUS
    text = f"{count}!" if symbols == 0 else f"{count:>2}"
    if seat in leaders:
        mark = "*" if len(leaders) == 1 else "="
        return text + mark, "bold"
    return text + " ", MINUS if symbols == 0 else ""


def cell_style(name: str) -> Style:
    """The style of a count cell from its name: 'red' (without colour under NO_COLOR), 'bold'."""
    if name == MINUS:
        return ink("red", bold=False)
    return Style(bold=name == "bold")


class SeatsView(ViewText):
    """The collection of every seat, as one seat's view counts it."""

    DEFAULT_CSS = "SeatsView { height: auto; }"

    def update_view(self, view: dict, seat: int, compact: bool = True) -> None:
        """Show the collections of `view`, as seen by `seat`."""
        if view["solo"]:
            self.show(self._solo(view))
            return
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(" Seat   ", "bold underline")
        for category in CATEGORIES:
            text.append(CATEGORY_CODE[category], category_style(category))
            text.append("  ")
        modules = view["modules"]
        cards = [k for k, module in (("wish", "wishes"), ("hex", "hexes")) if module in modules]
        text.append("tiles gems  Fav  Pts", "bold")
        if cards:
            text.append(" " + " ".join(k[0].upper() for k in cards), "bold")
        deciding = view["current_player"]
        for p in view["players"]:
            s = p["seat"]
            text.append("\n")
            text.append("▶" if s == deciding else " ", "bold")
            name = SEAT_TITLE[p["djinn"]] + (YOU if s == seat and len(view["players"]) > 1 else "")
            text.append(f"{name:<6} ", seat_style(p["djinn"]))
            for category in CATEGORIES:
                cell, style = count_cell(
                    p["counts"][category],
                    p["symbols"][category],
                    view["majorities"][category],
                    s,
                )
                text.append(cell + " ", cell_style(style))
            gems = p["gems"]
            text.append(f"{p['tile_count']:>5} ")
            text.append(f"{gems['supply']}/{gems['forest']}/{gems['lost']} ")
            text.append(f"{p['token_count']:>3}")
            text.append(f" {projected_total(view, s):>4}")
            for kind in cards:
                entry = p.get(kind)
                mark = "·" if entry is None else "✓" if entry["met"] else "✗"
                text.append(f" {mark}", ink("green" if mark == "✓" else "red") if entry else "")
        legend = LEGEND if view["phase"] != "over" else LEGEND.replace("if over now", "final")
        legend += "  ✓ met" if cards else ""
        text.append(f"\n {legend}", "dim")
        if not compact:
            text.append(f"\n {MORE_LEGEND}", "dim")
        self.show(text)

    @staticmethod
    def _solo(view: dict) -> Text:
        solo = view["solo_game"]
        me = view["players"][0]
        theirs = solo["opponent_counts"]
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(" Spirits ", "bold underline")
        for spirit in SPIRITS:
            text.append(CATEGORY_CODE[spirit], category_style(spirit))
            text.append("  ")
        text.append("tiles", "bold")
        text.append("\n You     ", "bold")
        for spirit in SPIRITS:
            mine = me["counts"][spirit]
            ahead = [0] if mine >= theirs[spirit] and mine > 0 else []
            cell, style = count_cell(mine, me["symbols"][spirit], ahead, 0)
            text.append(cell + " ", cell_style(style))
        text.append(f"{me['tile_count']:>4}")
        text.append("\n Forest  ", "bold")
        for spirit in SPIRITS:
            mark = "*" if theirs[spirit] > me["counts"][spirit] else " "
            text.append(f"{theirs[spirit]:>2}{mark} ", "bold" if mark == "*" else "")
        text.append(f"{len(solo['opponent_tiles']):>4}")
        hidden = solo["opponent_hidden_tokens"]
        shown = ", ".join(kind_name(k) for k in solo["opponent_tokens"]) or "none yet"
        text.append(
            f"\n Forest's tokens: {shown}; {hidden} face down · empty rows {solo['empty_rows']}/3",
            "dim",
        )
        text.append("\n * leads (ties are yours)  -3 no tile yet  ! no tile: still -3", "dim")
        return text
