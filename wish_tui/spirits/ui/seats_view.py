"""Every seat's collection: its count in each of the twelve categories with who holds each
majority now and who would lose 3, its tiles, gemstones and Favor tokens (solo: you against the
forest, spirits only).

A count is followed by `*` when the seat holds that majority alone and `=` when it shares it
(`◀` after a name marks your seat, or to one who watches the seat shown; `Pts` are what the seat would score if the game ended now,
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
from wish_tui.widgets.board_place import turn_mark
from wish_tui.widgets.projection import projected_total
from wish_tui.widgets.view_text import NARROW_BELOW, ViewText, wrapped

MINUS = "red"
"""The style name of a -3 (`cell_style` makes it plain under NO_COLOR)."""
LEGEND = "* most  = tied  -3 no tile  2! tokens only: still -3  Pts if over now  ◀ you"
"""The legend's first line."""
WATCHED_LEGEND = LEGEND.replace("  ◀ you", " ◀ shown")
"""The first line to one who watches: the mark is on the seat whose board is shown (`v`
chooses it), not the watcher's own; a space less keeps it to 80 columns."""
MORE_LEGEND = "? Favor token face down (Pts? may change)  gems supply/forest/lost"
"""Its second line: what a `?` on the forest and after the points means, and the gems column."""
CARDS_LEGEND = "  W H ✓ met"
"""After the second line when the Wish and Hex columns show."""
YOU = "◀"
"""The mark after your seat's name (▶ marks the seat deciding)."""
SOLO_LEGEND = "* leads (ties are yours)  -3 no tile yet  ! no tile: still -3"


def count_cell(count: int, symbols: int, leaders: list[int], seat: int) -> tuple[str, str]:
    """One category of one seat in 3 cells, and its style: (' 5*', 'bold'), ('-3 ', 'red')."""
    if symbols == 0 and count == 0:
        return "-3 ", MINUS
    if seat in leaders:
        mark = "*" if len(leaders) == 1 else "="
        # Tokens without a tile keep their '!' beside the majority's mark: the count alone
        # gives way a column, in 3 cells.
        return (f"{count}!" if symbols == 0 else f"{count:>2}") + mark, "bold"
    if symbols == 0:  # the '!' in the mark's column: the count stands under the others
        return f"{count:>2}!", MINUS
    return f"{count:>2} ", ""


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
        self,
        view: dict,
        seat: int,
        compact: bool = True,
        names_width: int = 0,
        width: int = 80,
    ) -> None:
        """Show the collections of `view`, as seen by `seat`, in `width` cells (narrower than
        the table, each category a row); with `names_width`, the codes' names under the legend,
        wrapped to that width."""
        self.names_rows = 0
        narrow = width < NARROW_BELOW
        if view["solo"]:
            self.show(_narrow_solo(view, width) if narrow else self._solo(view))
            return
        modules = view["modules"]
        cards = [k for k, module in (("wish", "wishes"), ("hex", "hexes")) if module in modules]
        text = _grid(view, width) if narrow else self._heading(cards)
        if narrow:
            text.append("\n")
            text.append(" Seat   tiles gems  Fav  Pts", "bold")
            text.append(" " + " ".join(k[0].upper() for k in cards) if cards else "", "bold")
        for p in view["players"]:
            text.append("\n")
            self._seat_row(text, view, p, seat, cards, counts=not narrow)
        legend = LEGEND if view.get("seat", seat) is not None else WATCHED_LEGEND
        if view["phase"] == "over":
            legend = legend.replace("if over now", "final")
        more = f"{MORE_LEGEND}{CARDS_LEGEND if cards else ''}"
        if narrow:
            text.append("\n")
            text.append_text(wrapped(Text(f"{legend}  {more.strip()}", "dim"), width - 1, 1))
        else:
            text.append(f"\n {legend}", "dim")
            text.append(f"\n {more}", "dim")
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
        _codes(text, CATEGORIES)
        text.append("tiles gems  Fav  Pts", "bold")
        if cards:
            text.append(" " + " ".join(k[0].upper() for k in cards), "bold")
        return text

    @staticmethod
    def _seat_row(
        text: Text, view: dict, p: dict, seat: int, cards: list[str], counts: bool = True
    ) -> None:
        """One seat's row: who, each category's count (unless not `counts`), tiles, gemstones,
        tokens, points and whether its Wish and Hex are met."""
        s = p["seat"]
        text.append_text(turn_mark(s == view["current_player"]))
        name = SEAT_TITLE[p["djinn"]] + (YOU if s == seat and len(view["players"]) > 1 else "")
        text.append(f"{name:<6} ", seat_style(p["djinn"]))
        for category in CATEGORIES if counts else ():
            _append_cell(text, seat_cell(view, p, category))
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
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(" Spirits ", "bold underline")
        _codes(text, SPIRITS)
        text.append("tiles", "bold")
        text.append("\n You     ", "bold")
        for spirit in SPIRITS:
            _append_cell(text, solo_cell(view, spirit, forest=False))
        text.append(f"{me['tile_count']:>4}")
        text.append("\n Forest  ", "bold")
        for spirit in SPIRITS:
            _append_cell(text, solo_cell(view, spirit, forest=True))
        text.append(f"{len(solo['opponent_tiles']):>4}")
        text.append(f"\n {_forest_tokens(view)}", "dim")
        text.append(f"\n {SOLO_LEGEND}", "dim")
        return text


def seat_cell(view: dict, p: dict, category: str) -> tuple[str, Style]:
    """Seat `p`'s count of `category` in 3 cells, and its style."""
    s = p["seat"]
    cell, style = count_cell(
        p["counts"][category], p["symbols"][category], view["majorities"][category], s
    )
    return cell, cell_style(style)


def solo_cell(view: dict, spirit: str, forest: bool) -> tuple[str, Style]:
    """Your count of `spirit` in the solo game (`forest`: the forest's), in 3 cells, and its
    style: `*` marks who leads."""
    mine = view["players"][0]
    mine_count = mine["counts"][spirit]
    theirs = view["solo_game"]["opponent_counts"][spirit]
    if forest:
        mark = "*" if theirs > mine_count else " "
        return f"{theirs:>2}{mark}", Style(bold=True) if mark == "*" else Style()
    ahead = [0] if mine_count >= theirs and mine_count > 0 else []
    cell, style = count_cell(mine_count, mine["symbols"][spirit], ahead, 0)
    return cell, cell_style(style)


def _codes(text: Text, categories) -> None:
    """The codes of `categories`, each with two spaces after it: a heading over their counts."""
    for category in categories:
        text.append(CATEGORY_CODE[category], category_style(category))
        text.append("  ")


def _append_cell(text: Text, cell: tuple[str, Style]) -> None:
    text.append(cell[0] + " ", cell[1])


def _forest_tokens(view: dict) -> str:
    """The solo forest's Favor tokens and its empty rows."""
    solo = view["solo_game"]
    shown = ", ".join(kind_name(k) for k in solo["opponent_tokens"]) or "none yet"
    hidden = solo["opponent_hidden_tokens"]
    return f"Forest's tokens: {shown}; {hidden} face down · empty rows {solo['empty_rows']}/3"


def category_grid(categories, headers: list[tuple[str, Style]], cell, width: int) -> Text:
    """The counts of a narrow screen: a row per category (its code), a column per header, as
    many such tables side by side as fit in `width` cells; `cell(category, column)` gives a
    count's 3 cells and their style."""
    group = 4 + 4 * len(headers)
    across = max(1, min(len(categories), width // group))
    down = -(-len(categories) // across)
    columns = [categories[i * down : (i + 1) * down] for i in range(across)]
    text = Text(no_wrap=True, overflow="ellipsis")
    for i in range(across):
        text.append(" " if i == 0 else "│", "dim")
        text.append("   ")
        for header, style in headers:
            text.append(f"{header[:3]:<3} ", style)
    for row in range(down):
        text.append("\n")
        for i, column in enumerate(columns):
            text.append(" " if i == 0 else "│", "dim")
            if row >= len(column):
                text.append(" " * (group - 1))
                continue
            category = column[row]
            text.append(CATEGORY_CODE[category], category_style(category))
            text.append(" ")
            for c in range(len(headers)):
                _append_cell(text, cell(category, c))
    return text


def _grid(view: dict, width: int) -> Text:
    """Every seat's count in each category, a row per category."""
    players = view["players"]
    headers = [(SEAT_TITLE[p["djinn"]], seat_style(p["djinn"])) for p in players]
    return category_grid(
        CATEGORIES, headers, lambda category, c: seat_cell(view, players[c], category), width
    )


def _narrow_solo(view: dict, width: int) -> Text:
    """The solo game's counts, a row per spirit, for a narrow screen."""
    headers = [("You", Style(bold=True)), ("Forest", Style(bold=True))]
    text = category_grid(
        SPIRITS, headers, lambda spirit, c: solo_cell(view, spirit, forest=c == 1), width
    )
    me = view["players"][0]
    forest = len(view["solo_game"]["opponent_tiles"])
    text.append(f"\n Tiles: you {me['tile_count']}, forest {forest}", "bold")
    more = Text(f"{_forest_tokens(view)}  {SOLO_LEGEND}", "dim")
    text.append("\n")
    text.append_text(wrapped(more, width - 1, 1))
    return text
