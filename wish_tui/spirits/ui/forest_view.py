"""The forest: four rows of twelve places, drawn line by line so that only changed rows redraw.

Narrower than 75 cells (a phone held upright) the forest folds: its left half (columns 1-6),
then its right half (columns 7-12), each under its own column numbers, so that every place keeps
five cells and the whole forest stays in sight.

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
from wish_tui.ui.terminal.textual_layout import content_size, render_lines_plainly
from wish_tui.widgets.board_place import place_style

ROWS, COLUMNS = 4, 12
LABEL = 2
"""Cells of the row number at the left of each row."""
MIN_CELL, MAX_CELL = 5, 8
FOLD_BELOW = LABEL + 1 + COLUMNS * (MIN_CELL + 1)
"""A forest narrower than this shows its two halves one under the other."""
END_COLOUR = "bright_green"
"""The marks of a row end that may be taken now."""
CURSOR_COLOUR = "bright_yellow"
HEADER = Style(dim=True)


def blocks(width: int) -> tuple[range, ...]:
    """The columns of each block of the forest, top to bottom, in a forest `width` cells wide:
    one block of twelve, or (folded) two of six."""
    if width >= FOLD_BELOW:
        return (range(COLUMNS),)
    half = COLUMNS // 2
    return (range(half), range(half, COLUMNS))


def cell_width(width: int) -> int:
    """The width of a place's text in a forest `width` cells wide (5 at 80 and at 40 columns)."""
    per_line = len(blocks(width)[0])
    return max(MIN_CELL, min(MAX_CELL, (width - LABEL - 1) // per_line - 1))


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
        self._rows: dict[int, list[tuple[list, list]]] = {}
        """Per row: its two lines in each block as drawn, to redraw only the rows that changed."""
        self._spaced = False

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        count = len(self._blocks(width))
        return count * self._block_height + count - 1

    def _blocks(self, width: int) -> tuple[range, ...]:
        """The blocks of `blocks(width)` that hold a tile (a folded forest leaves out an empty
        half: its tiles are all taken)."""
        every = blocks(width)
        kept = tuple(
            columns
            for columns in every
            if any(row[c] is not None for row in self._forest for c in columns)
        )
        return kept or every[:1]

    @property
    def _lines_per_row(self) -> int:
        return 3 if self._spaced else 2

    @property
    def _block_height(self) -> int:
        """The lines of one block: its column numbers, then its rows."""
        return 1 + ROWS * self._lines_per_row

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
        width = self.size.width or 80
        if len(self._blocks(width)) != len(next(iter(self._rows.values()), ())):
            # A half of a folded forest emptied: the forest is shorter.
            self._rows = {}
            self.refresh(layout=True)
        changed = []
        for row in range(ROWS):
            lines = self._row_lines(row, width)
            if self._rows.get(row) != lines:
                self._rows[row] = lines
                changed.append(row)
        across, height = self.size.width, self._block_height + 1
        regions = [
            Region(0, block * height + 1 + row * self._lines_per_row, across, 2)
            for row in changed
            for block in range(len(lines))
        ]
        if regions:
            self.refresh(*regions)  # once: each call of Textual's refresh costs its own

    def on_resize(self) -> None:
        self._rows = {}
        for row in range(ROWS) if self._forest else ():
            self._rows[row] = self._row_lines(row, self.size.width)
        self.refresh()

    def _row_lines(self, row: int, width: int) -> list[tuple[list, list]]:
        """The two lines of a forest row in each block: row number, then each place with its
        marks."""
        entries = self._forest[row]
        playable = any(row * COLUMNS + c in self._targets for c in range(COLUMNS))
        label = Style(bold=True) if playable else DIM
        cell = cell_width(width)
        lines = []
        for columns in self._blocks(width):
            top: list[Segment] = [Segment(f"{row + 1} ", label)]
            bottom: list[Segment] = [Segment(" " * LABEL, PLAIN)]
            marks = self._marks(row, columns)
            for i, col in enumerate(columns):
                place = row * COLUMNS + col
                upper, lower = place_lines(entries[col], cell, self._seats)
                mark = place_style(place)
                if place == self._cursor:
                    mark = Style(reverse=True) + mark
                upper = [Segment(s.text, s.style + mark) for s in upper]
                lower = [Segment(s.text, s.style + mark) for s in lower]
                _mark(top, bottom, marks[i])
                top.extend(upper)
                bottom.extend(lower)
            _mark(top, bottom, marks[-1])
            lines.append((top, bottom))
        return lines

    def _marks(self, row: int, columns: range) -> list[tuple[str, Style, bool]]:
        """The mark in the gap before each of `columns` (and after the last): (text, style, on
        both lines). A gap shows only the marks of the block's own columns."""
        first, last = columns[0], columns[-1]
        marks: list[tuple[str, Style, bool]] = [(" ", PLAIN, False)] * (len(columns) + 1)
        cols = [c for c, e in enumerate(self._forest[row]) if e is not None]
        if cols:
            left, right = cols[0], cols[-1]
            for col, gap, text in ((left, left, "›"), (right, right + 1, "‹")):
                if first <= col <= last:
                    style = ink(END_COLOUR) if row * COLUMNS + col in self._targets else DIM
                    marks[gap - first] = (text, style, False)
        cursor = self._cursor
        if cursor is not None and cursor // COLUMNS == row and first <= cursor % COLUMNS <= last:
            col = cursor % COLUMNS - first
            marks[col] = ("▶", ink(CURSOR_COLOUR), True)
            marks[col + 1] = ("◀", ink(CURSOR_COLOUR), True)
        return marks

    def render_line(self, y: int) -> Strip:
        width = content_size(self).width
        if not self._forest:
            return Strip.blank(width)
        parts = self._blocks(width)
        block, y = divmod(y, self._block_height + 1)
        if block >= len(parts) or y == self._block_height:
            return Strip.blank(width, PLAIN)
        if y == 0:
            header = self._header(parts[block], cell_width(width))
            return Strip(header).crop_extend(0, width, PLAIN)
        row, offset = divmod(y - 1, self._lines_per_row)
        if row >= ROWS or offset > 1 or row not in self._rows or block >= len(self._rows[row]):
            return Strip.blank(width, PLAIN)
        return Strip(self._rows[row][block][offset]).crop_extend(0, width, PLAIN)

    @staticmethod
    def _header(columns: range, width: int) -> list[Segment]:
        segments = [Segment(" " * LABEL, PLAIN)]
        for col in columns:
            number = str(col + 1)
            segments.append(Segment(" " + number.ljust(width), HEADER))
        return segments


# The forest's lines are its content: handed to the compositor as they are, not through the
# styles cache (which would give the same lines, after summing every ancestor's background).
render_lines_plainly(ForestView)


def _mark(top: list[Segment], bottom: list[Segment], mark: tuple[str, Style, bool]) -> None:
    """Add a gap's mark to a place's two lines (the second line's only when it is on both)."""
    text, style, both = mark
    top.append(Segment(text, style))
    bottom.append(Segment(text if both else " ", style if both else PLAIN))
