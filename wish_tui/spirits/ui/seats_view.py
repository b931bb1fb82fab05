"""Every seat's collection: its count in each of the twelve categories with who holds each
majority now and who would lose 3, its tiles, gemstones and Favor tokens (solo: you against the
forest, spirits only).

A count is followed by `*` when the seat holds that majority alone and `=` when it shares it
(`◀` after a name marks your seat; `Pts` are what the seat would score if the game ended now,
with `?` after them when hidden Favor tokens may change it); `-3` stands where the seat has no
tile of the category yet (it would lose 3 points), `2!` for a count made of tokens without a
tile (still −3). The legend's two lines below say all of it, `?` on the forest (a Favor token
lies face down there) too; the keys window (`?`) says it again. Where the board has the rows, one
or two more name the categories' codes ('Mo Moss', '☾M Moon').
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from wish_tui.spirits.rules import CATEGORIES, SPIRITS
from wish_tui.spirits.ui.style import category_style, ink, seat_style
from wish_tui.spirits.words.marks import (
    CATEGORY_CODE,
    GEM,
    SEAT_LETTER,
    SEAT_TITLE,
    category_name,
    kind_name,
)
from wish_tui.widgets.projection import projected_total
from wish_tui.widgets.view_text import ViewText

MINUS = "red"
"""The style name of a -3 (`cell_style` makes it plain under NO_COLOR)."""
LEGEND = "* most  = tied  -3 no tile  2! tokens only: still -3  Pts if over now  ◀ you"
"""The legend's first line."""
MORE_LEGEND = "? Favor token face down (Pts? may change)  gems supply/forest/lost"
"""Its second line: what a `?` on the forest and after the points means, and the gems column."""
CARDS_LEGEND = "  W H ✓ met"
"""After the second line when the Wish and Hex columns show."""
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


def code_names(width: int, letter: str = "W") -> list[Text]:
    """The twelve categories' codes, each with its name ('Mo Moss  Fl Flowers …'), and a
    gemstone's mark ('◆W gemstone', `letter` its seat's), on as few lines of `width` cells as
    they fit."""
    pieces = [(CATEGORY_CODE[c], category_name(c), category_style(c)) for c in CATEGORIES]
    pieces.append((GEM + letter, "gemstone", Style(bold=True)))
    lines = [Text(" ")]
    for code, name, style in pieces:
        line = lines[-1]
        if line.cell_len > 1 and line.cell_len + len(code) + 1 + len(name) > width - 1:
            line.rstrip()
            lines.append(line := Text(" "))
        line.append(code, style)
        line.append(f" {name}  ", "dim")
    lines[-1].rstrip()
    return lines


class SeatsView(ViewText):
    """The collection of every seat, as one seat's view counts it."""

    DEFAULT_CSS = "SeatsView { height: auto; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.names_rows = 0
        """How many rows the codes' names take now (0: not shown)."""

    def update_view(
        self, view: dict, seat: int, compact: bool = True, names_width: int = 0
    ) -> None:
        """Show the collections of `view`, as seen by `seat`; with `names_width`, the codes'
        names under the legend, wrapped to that width."""
        self.names_rows = 0
        if view["solo"]:
            self.show(self._solo(view))
            return
        modules = view["modules"]
        cards = [k for k, module in (("wish", "wishes"), ("hex", "hexes")) if module in modules]
        text = self._heading(cards)
        for p in view["players"]:
            text.append("\n")
            self._seat_row(text, view, p, seat, cards)
        legend = LEGEND if view["phase"] != "over" else LEGEND.replace("if over now", "final")
        text.append(f"\n {legend}", "dim")
        text.append(f"\n {MORE_LEGEND}{CARDS_LEGEND if cards else ''}", "dim")
        if names_width:
            djinn = view["players"][seat]["djinn"] if 0 <= seat < len(view["players"]) else ""
            names = code_names(names_width, SEAT_LETTER.get(djinn, "W"))
            self.names_rows = len(names)
            for line in names:
                text.append("\n")
                text.append_text(line)
        self.show(text)

    @staticmethod
    def _heading(cards: list[str]) -> Text:
        """The table's heading row: the categories' codes, then the columns after them."""
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(" Seat   ", "bold underline")
        for category in CATEGORIES:
            text.append(CATEGORY_CODE[category], category_style(category))
            text.append("  ")
        text.append("tiles gems  Fav  Pts", "bold")
        if cards:
            text.append(" " + " ".join(k[0].upper() for k in cards), "bold")
        return text

    @staticmethod
    def _seat_row(text: Text, view: dict, p: dict, seat: int, cards: list[str]) -> None:
        """One seat's row: who, each category's count, tiles, gemstones, tokens, points and
        whether its Wish and Hex are met."""
        s = p["seat"]
        text.append("▶" if s == view["current_player"] else " ", "bold")
        name = SEAT_TITLE[p["djinn"]] + (YOU if s == seat and len(view["players"]) > 1 else "")
        text.append(f"{name:<6} ", seat_style(p["djinn"]))
        for category in CATEGORIES:
            cell, style = count_cell(
                p["counts"][category], p["symbols"][category], view["majorities"][category], s
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
