"""The forest: four rows of twelve places, drawn line by line so that only changed rows redraw.

Each place shows its tile in two lines: the spirit's two letters (twice for a two-symbol tile),
then the power source's icon and letter, a gemstone with its seat's letter and `?` for a face-down
Favor token. The ends of each row (the only tiles that may be taken) stand between `›` and `‹`;
the highlighted place between `▶` and `◀`, in reverse video. Inner tiles are dimmed; in the solo
game they lie face down (░).
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from wish_tui.spirits.ui.style import DIM, PLAIN, ink, power_style, seat_style, spirit_style
from wish_tui.spirits.words.marks import (
    FACE_DOWN,
    GEM,
    POWER_GLYPH,
    POWER_LETTER,
    SEAT_LETTER,
    SPIRIT_CODE,
    TOKEN,
    category_name,
)

ROWS, COLUMNS = 4, 12
LABEL = 2
"""Cells of the row number at the left of each row."""
MIN_CELL, MAX_CELL = 5, 8
END_COLOUR = "bright_green"
"""The marks of a row end that may be taken now."""
CURSOR_COLOUR = "bright_yellow"
HEADER = Style(dim=True)


def cell_width(width: int) -> int:
    """The width of a place's text in a forest `width` cells wide (5 at 80 columns)."""
    return max(MIN_CELL, min(MAX_CELL, (width - LABEL - 1) // COLUMNS - 1))


def _fit(segments: list[Segment], width: int) -> list[Segment]:
    used = sum(len(s.text) for s in segments)
    if used > width:
        return list(Segment.adjust_line_length(segments, width, PLAIN))
    return [*segments, Segment(" " * (width - used), PLAIN)]


def place_lines(entry: dict | None, width: int, seats: list[str]) -> tuple[list, list]:
    """The two lines of one place (without marks), each exactly `width` cells."""
    if entry is None:
        middle = (width - 1) // 2
        return _fit([Segment(" " * middle, PLAIN), Segment("·", DIM)], width), _fit([], width)
    inner = not entry["end"]
    if not entry["face_up"]:
        return _fit([Segment(FACE_DOWN * (width - 1), DIM)], width), _fit([], width)
    spirit = entry["spirit"]
    style = spirit_style(spirit) + DIM if inner else spirit_style(spirit)
    top = _fit([Segment(SPIRIT_CODE[spirit] * entry["symbols"], style)], width)
    bottom: list[Segment] = []
    power = entry["power"]
    if power:
        # Wide places spell the power source out: '☾Moon' instead of '☾M'.
        word = category_name(power).ljust(4) if width >= 8 else POWER_LETTER[power]
        icon = POWER_GLYPH[power] + word
        bottom.append(Segment(icon, power_style(power) + DIM if inner else power_style(power)))
    else:
        bottom.append(Segment("     " if width >= 8 else "  ", PLAIN))
    gem = entry["gem"]
    if gem is not None:
        seat = seats[gem]
        bottom.append(Segment(GEM + SEAT_LETTER[seat], seat_style(seat) + Style(reverse=True)))
    else:
        bottom.append(Segment("  ", PLAIN))
    if entry["token"]:
        bottom.append(Segment(TOKEN, Style(bold=True)))
    return top, _fit(bottom, width)


class ForestView(Widget):
    """The forest of one view, with the row ends marked and the highlighted place."""

    DEFAULT_CSS = "ForestView { height: auto; width: 1fr; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._forest: list[list[dict | None]] = []
        self._seats: list[str] = []
        self._targets: frozenset[int] = frozenset()
        self._cursor: int | None = None
        self._rows: dict[int, tuple[list, list]] = {}
        """Per row: its two lines as drawn, to redraw only the rows that changed."""
        self._spaced = False

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 1 + ROWS * self._lines_per_row

    @property
    def _lines_per_row(self) -> int:
        return 3 if self._spaced else 2

    def update_view(
        self,
        view: dict,
        targets=(),
        cursor: int | None = None,
        spaced: bool = False,
    ) -> None:
        """Show the forest of `view`; `targets` are the places a key may choose now (marked),
        `cursor` the highlighted one; `spaced` puts a blank line between rows."""
        self._forest = view["forest"]
        self._seats = view["seats"]
        self._targets = frozenset(targets)
        self._cursor = cursor
        if spaced != self._spaced:
            self._spaced = spaced
            self._rows = {}
            self.refresh(layout=True)
        width = cell_width(self.size.width or 80)
        changed = []
        for row in range(ROWS):
            lines = self._row_lines(row, width)
            if self._rows.get(row) != lines:
                self._rows[row] = lines
                changed.append(row)
        for row in changed:
            self.refresh(Region(0, 1 + row * self._lines_per_row, self.size.width, 2))

    def on_resize(self) -> None:
        self._rows = {}
        width = cell_width(self.size.width)
        for row in range(ROWS) if self._forest else ():
            self._rows[row] = self._row_lines(row, width)
        self.refresh()

    def _row_lines(self, row: int, width: int) -> tuple[list, list]:
        """The two lines of a forest row: row number, then each place with its marks."""
        entries = self._forest[row]
        playable = any(row * COLUMNS + c in self._targets for c in range(COLUMNS))
        label = Style(bold=True) if playable else DIM
        top: list[Segment] = [Segment(f"{row + 1} ", label)]
        bottom: list[Segment] = [Segment(" " * LABEL, PLAIN)]
        marks = self._marks(row)
        for col in range(COLUMNS):
            place = row * COLUMNS + col
            upper, lower = place_lines(entries[col], width, self._seats)
            if place == self._cursor:
                upper = [Segment(s.text, s.style + Style(reverse=True)) for s in upper]
                lower = [Segment(s.text, s.style + Style(reverse=True)) for s in lower]
            mark, mark_style, both = marks[col]
            top.append(Segment(mark, mark_style))
            bottom.append(Segment(mark if both else " ", mark_style if both else PLAIN))
            top.extend(upper)
            bottom.extend(lower)
        mark, mark_style, both = marks[COLUMNS]
        top.append(Segment(mark, mark_style))
        bottom.append(Segment(mark if both else " ", mark_style if both else PLAIN))
        return top, bottom

    def _marks(self, row: int) -> list[tuple[str, Style, bool]]:
        """The mark in the gap before each column (and after the last): (text, style, on both
        lines)."""
        marks: list[tuple[str, Style, bool]] = [(" ", PLAIN, False)] * (COLUMNS + 1)
        cols = [c for c, e in enumerate(self._forest[row]) if e is not None]
        if cols:
            left, right = cols[0], cols[-1]
            for col, gap, text in ((left, left, "›"), (right, right + 1, "‹")):
                style = ink(END_COLOUR) if row * COLUMNS + col in self._targets else DIM
                marks[gap] = (text, style, False)
        cursor = self._cursor
        if cursor is not None and cursor // COLUMNS == row:
            col = cursor % COLUMNS
            marks[col] = ("▶", ink(CURSOR_COLOUR), True)
            marks[col + 1] = ("◀", ink(CURSOR_COLOUR), True)
        return marks

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if not self._forest:
            return Strip.blank(width)
        if y == 0:
            return Strip(self._header(cell_width(width))).crop_extend(0, width, PLAIN)
        row, offset = divmod(y - 1, self._lines_per_row)
        if row >= ROWS or offset > 1 or row not in self._rows:
            return Strip.blank(width, PLAIN)
        return Strip(self._rows[row][offset]).crop_extend(0, width, PLAIN)

    @staticmethod
    def _header(width: int) -> list[Segment]:
        segments = [Segment(" " * LABEL, PLAIN)]
        for col in range(COLUMNS):
            number = str(col + 1)
            segments.append(Segment(" " + number.ljust(width), HEADER))
        return segments
