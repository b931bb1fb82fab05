"""The map: twelve Areas on a 3 x 4 grid, drawn line by line so only changed Areas redraw.

On a phone's 40 columns its boxes are 8 columns wide: an Area whose short name does not fit
shows a tiny one (`TINY_NAMES`), abbreviated by design; the detail line says the whole name.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from wish_tui.ui.terminal.textual_layout import content_size, render_lines_plainly
from wish_tui.widgets.board_place import place_style
from wish_tui.wish.rules import CATALOG, COLOURS
from wish_tui.wish.ui.style import COLOUR_STYLE, DJINN_STYLE
from wish_tui.wish.words.marks import AREA_SHORT, DJINN_LETTER, LETTER, area_label

ROWS, COLS = 3, 4
NARROWEST_CELL = 8
"""The narrowest Area box (the map then takes 37 columns of a phone's 40)."""
EIGHTY_CELL = 11
"""An Area box's width on an 80-column terminal (and the narrowest before phones)."""
CELL_LINES = 3
"""Text lines inside each Area's box."""
BORDER = Style(color="bright_black")
NAME = Style(bold=True)
DIM = Style(dim=True)
MARK = Style(bold=True, color="cyan")
PLAIN = Style()
"""Every segment carries a style: Textual's NO_COLOR filter needs one."""
CARAVAN = Style(bold=True, color="yellow")
WIND_BLAST = Style(bold=True, color="cyan")
FIERY_CLONE = Style(bold=True, color="red")
PLACED_KEPT = 1024
"""The most segment styles marked as an Area's place kept (`_placed`)."""
CURSOR = Style(reverse=True)
"""The look cursor's Area: its name line in reverse video (it reads without colour)."""


def _area_grid() -> dict[tuple[int, int], int]:
    return {(a.row, a.col): a.index for a in CATALOG.areas}


GRID = _area_grid()
TINY_NAMES = {
    "Sandhills": "Sandh.",
    "Palace Gardens": "P.Gard",
    "Dark Temple": "D.Tmpl",
    "Mountain Caves": "M.Cave",
    "Volcano": "Volc.",
    "Trade Market": "T.Mkt",
    "Cataracts": "Catar.",
}
"""The Areas' names in a box of 8 columns with a Monument's mark (6 letters), where neither the
name nor its short name fits."""


def cell_name(name: str, room: int) -> str:
    """An Area's name in `room` columns: whole, its short name, else its tiny one."""
    label = area_label(name, room)
    if len(name) <= room or len(AREA_SHORT.get(name, name)) <= room:
        return label
    return TINY_NAMES.get(name, label)[:room]


ROUTE_STEP = {area: step for step, area in enumerate(CATALOG.route)}
DIAGONALS = {
    (a.row, a.col, b.row, b.col)
    for a in CATALOG.areas
    for b in (CATALOG.areas[n] for n in a.neighbours)
    if a.row != b.row and a.col != b.col
}
"""Borders that run diagonally across a grid corner."""


def _fit(segments: list[Segment], width: int) -> list[Segment]:
    """`segments` cut or padded to exactly `width` cells."""
    used = sum(len(s.text) for s in segments)
    if used > width:
        return list(Segment.adjust_line_length(segments, width))
    return [*segments, Segment(" " * (width - used), PLAIN)]


def _name_line(area_view: dict, name: str, width: int) -> list[Segment]:
    """An Area's name, and its Monument (▲) or badge (△) at the right."""
    if area_view["monument"]:
        tag = "▲"
    elif area_view["badge"]:
        tag = "△"
    else:
        tag = ""
    room = width - len(tag) - (1 if tag else 0)
    name = cell_name(name, room)
    head = [Segment(name, NAME)]
    if tag:
        head += [Segment(" " * (room - len(name) + 1), PLAIN), Segment(tag, MARK)]
    return _fit(head, width)


def _people_line(area_view: dict, crystals: tuple, width: int) -> list[Segment]:
    """An Area's crystals, then the people on it and on its Monument ('·': none)."""
    line = [Segment(LETTER[COLOURS[c]], Style.parse(COLOUR_STYLE[COLOURS[c]])) for c in crystals]
    people: list[Segment] = []
    for colour in COLOURS:
        n = area_view["meeples"][colour]
        if n:
            people.append(Segment(LETTER[colour].lower() * n, Style.parse(COLOUR_STYLE[colour])))
    monument = area_view["monument"]
    if monument:
        on = [
            Segment(LETTER[c].lower() * n, Style.parse(COLOUR_STYLE[c]))
            for c, n in monument["meeples"].items()
            if n
        ]
        if on:
            people += [Segment("+", DIM), *on]
    return _fit([*line, Segment(" ", PLAIN), *(people or [Segment("·", DIM)])], width)


def _tokens_line(area_view: dict, width: int) -> list[Segment]:
    """The Djinns, the Caravan, the Wind Blast and the Fiery Clone in an Area."""
    tokens: list[Segment] = []
    for seat in area_view["djinns"]:
        djinn = area_view["_djinns"][seat]
        tokens.append(Segment(DJINN_LETTER[djinn], Style.parse(DJINN_STYLE[djinn] + " reverse")))
        tokens.append(Segment(" ", PLAIN))
    if area_view["caravan"]:
        # 'Car' in a phone's narrow box beside a Djinn (the detail line says 'the Caravan').
        narrow = width < EIGHTY_CELL and len(tokens) + len("Caravan") > width
        caravan = "Car" if narrow else "Caravan"
        tokens += [Segment(caravan, CARAVAN), Segment(" ", PLAIN)]
    if area_view["wind_blast"]:
        tokens += [Segment("~", WIND_BLAST), Segment(" ", PLAIN)]
    if area_view["fiery_clone"]:
        tokens += [Segment("*", FIERY_CLONE), Segment(" ", PLAIN)]
    return _fit(tokens, width)


def cell_segments(
    area_view: dict, width: int, index: int, highlighted: bool = False
) -> list[list[Segment]]:
    """The text lines of one Area's box (without borders), each exactly `width` cells and
    marked as the Area's place for a tap; the look cursor's Area (`highlighted`) has its name
    line in reverse video."""
    area = CATALOG.areas[index]
    head = _name_line(area_view, area.name, width)
    if highlighted:
        head = [Segment(s.text, s.style + CURSOR) for s in head]
    lines = [head, _people_line(area_view, area.crystals, width), _tokens_line(area_view, width)]
    return [[Segment(s.text, _placed(s.style, index)) for s in line] for line in lines]


_PLACED: dict[tuple[int, int], tuple[Style, Style]] = {}
"""Per segment style (by its identity) and Area: the style, and it marked as the Area's place."""


def _placed(style: Style, index: int) -> Style:
    """`style` marked as Area `index`'s place: worked out once for each of the few styles the
    cells are drawn in (Rich's `+` hashes and compares both styles each time)."""
    key = (id(style), index)
    kept = _PLACED.get(key)
    if kept is None or kept[0] is not style:
        if len(_PLACED) >= PLACED_KEPT:
            _PLACED.clear()
        kept = _PLACED[key] = (style, style + place_style(("area", index)))
    return kept[1]


class MapView(Widget):
    """The twelve Areas, their crystals (capitals), Wishing Persons (small letters), Djinns
    (reversed capitals), the Caravan, Wind Blasts (~), Fiery Clones (*), Monuments (▲ built,
    △ badge waiting) and the Caravan route (step numbers on the top border; X is the Dock)."""

    DEFAULT_CSS = """
    MapView { height: 13; width: 1fr; min-width: 49; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._cells: dict[int, list[list[Segment]]] = {}
        self._areas: list[dict] = []
        self._cell_width = 11
        self._cursor: int | None = None

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return ROWS * (CELL_LINES + 1) + 1

    def update_view(self, view: dict, cursor: int | None = None) -> None:
        """Show a new view (the look cursor on Area `cursor`); redraw only the Areas that
        changed."""
        areas = [dict(a, _djinns=view["djinns"]) for a in view["areas"]]
        old = self._areas
        old_cursor = self._cursor
        self._areas = areas
        self._cursor = cursor
        width = self._cell_width
        changed: list[tuple[int, int]] = []
        """(Area, line of its cell) that changed."""
        for i, area in enumerate(areas):
            same_mark = (i == cursor) == (i == old_cursor)
            if same_mark and i in self._cells and i < len(old) and old[i] == area:
                continue  # drawn from what it shows already
            cells = cell_segments(area, width, i, i == cursor)
            before = self._cells.get(i)
            if before != cells:
                self._cells[i] = cells
                changed.extend(
                    (i, k)
                    for k in range(CELL_LINES)
                    if before is None or k >= len(before) or before[k] != cells[k]
                )
        if not old:
            self.refresh()
            return
        # One region per screen line: only the lines of a cell that changed (a Djinn moving
        # changes one line of two cells), and the changed cells of one line as one region,
        # since Textual sends two regions on the same line as two runs.
        lines: dict[int, Region] = {}
        for i, k in changed:
            a = CATALOG.areas[i]
            y = a.row * (CELL_LINES + 1) + 1 + k
            cell = Region(a.col * (width + 1) + 1, y, width, 1)
            lines[y] = lines[y].union(cell) if y in lines else cell
        if lines:
            self.refresh(*lines.values())  # once: each call of Textual's refresh costs its own

    def on_resize(self) -> None:
        width = max(NARROWEST_CELL, (self.size.width - 1) // COLS - 1)
        if width != self._cell_width:
            self._cell_width = width
            self._cells = {
                i: cell_segments(a, width, i, i == self._cursor) for i, a in enumerate(self._areas)
            }
            self.refresh()

    def render_line(self, y: int) -> Strip:
        width = self._cell_width
        if not self._areas or y > ROWS * (CELL_LINES + 1):
            return Strip.blank(content_size(self).width, PLAIN)
        band, offset = divmod(y, CELL_LINES + 1)
        segments: list[Segment] = []
        if offset == 0:
            segments = self._border_line(band, width)
        elif band < ROWS:
            line = offset - 1
            for col in range(COLS):
                segments.append(Segment("│", BORDER))
                index = GRID[(band, col)]
                segments.extend(self._cells[index][line])
            segments.append(Segment("│", BORDER))
        strip = Strip(segments)
        return strip.crop_extend(0, content_size(self).width, PLAIN)

    def _border_line(self, band: int, width: int) -> list[Segment]:
        """The horizontal rule above grid row `band` (the bottom rule when band == ROWS)."""
        segments: list[Segment] = []
        for col in range(COLS + 1):
            top = band == 0
            bottom = band == ROWS
            if col == 0:
                corner = "┌" if top else "└" if bottom else "├"
            elif col == COLS:
                corner = "┐" if top else "┘" if bottom else "┤"
            else:
                corner = "┬" if top else "┴" if bottom else "┼"
                if (band - 1, col, band, col - 1) in DIAGONALS or (
                    band,
                    col - 1,
                    band - 1,
                    col,
                ) in DIAGONALS:
                    corner = "╱"
                if (band - 1, col - 1, band, col) in DIAGONALS or (
                    band,
                    col,
                    band - 1,
                    col - 1,
                ) in DIAGONALS:
                    corner = "╲"
            segments.append(Segment(corner, MARK if corner in "╱╲" else BORDER))
            if col == COLS:
                break
            rule = "─" * width
            if not bottom:
                index = GRID[(band, col)]
                step = ROUTE_STEP.get(index)
                if step is not None:
                    label = "X" if step == len(CATALOG.route) - 1 else str(step)
                    segments.append(Segment(label, Style(color="yellow")))
                    rule = rule[len(label) :]
            segments.append(Segment(rule, BORDER))
        return segments


# The map's lines are its content: handed to the compositor as they are, not through the
# styles cache (which would give the same lines, after summing every ancestor's background).
render_lines_plainly(MapView)
