"""A list of rows in columns with a cursor, for a list that changes while it is shown.

Textual's DataTable draws every row again after any change to a cell (its caches are keyed by
the table's count of updates): in the lobby of a club of hundreds, where a table's progress or a
seat changes every moment, each session spent about 40 ms of a core on every list it was told.
Here each row is drawn once into a strip, kept until its text, its width or its highlight
changes (and shared by the lists of the process that show it alike), and a changed row is the
only line refreshed.

A list made with `fit=True` never scrolls sideways while its columns can be cut to its window:
the last column goes when cutting it to `MIN_CUT` cells is not enough, then the columns before
it are cut (down to `MIN_CUT`), a cut text ending in '…' (a phone's lobby at 48 columns
scrolled sideways to show its seats, which its detail line names), or showing its shorter
wording where it has one (`Shortened`) that fits.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import ceil

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.scrollbar import ScrollBar
from textual.strip import Strip

from wish_tui.ui.terminal.textual_layout import (
    content_size,
    own_rich_style,
    plain_looks,
    render_lines_plainly,
)

from .list_keys import LIST_CURSOR_KEYS

EIGHTHS = 8
"""A scroll bar's thumb ends on an eighth of a cell (Textual's `ScrollBarRender.render_bar`)."""

Row = tuple[str, ...]

DRAWN_LINES_KEPT = 4096
"""The most lines the lists of a process keep drawn (`_drawn_lines`); past it the older half go."""
TEXTS_SPARE = 64
"""The rows' texts kept beyond twice a list's rows (`_texts_made`: lists a change behind)."""
_texts_made: dict[int, tuple[Sequence, Row, tuple]] = {}
"""Each row given to a list of the process, by its id: the row, its texts and the cells each
takes."""
LISTS_KEPT = 8
"""The lists of rows whose texts the process keeps (`_lists_made`)."""
_lists_made: dict[int, tuple] = {}
"""Each list of rows given to a list of the process, by its id: (the rows, the columns, their
texts, the cells of each column's widest text)."""
_drawn_lines: dict[tuple, Strip] = {}
"""Each line a list of the process drew, by all it is drawn from: its words (and their shorter
wordings), its part (the header, the cursor's row, an even row), its style (the list's looks:
its theme, its focus), its width, its columns' widths and how far it is scrolled sideways. The
lobby apps of a host of the session pool (up to 20) show the same rows alike, at the same size
and theme mostly: told how far the tables have got, each drew every changed row anew."""


class Shortened(str):
    """A cell's text with a shorter wording, shown instead of the text cut with '…' where its
    column is too narrow for the whole and the shorter fits ('YOUR MOVE', not 'YOUR MOVE (…')."""

    short: str

    def __new__(cls, text: str, short: str) -> Shortened:
        made = super().__new__(cls, text)
        made.short = short
        return made


MIN_CUT = 6
"""The fewest cells a column of a list that fits its window is cut to."""


class RowList(ScrollView, can_focus=True):
    """Rows of text under a header of column names; one row at a time is the cursor's.

    Args:
        columns: the column names, shown in the header.
        fit: cut the columns to the window rather than scroll sideways.
    """

    COMPONENT_CLASSES = {"row-list--header", "row-list--cursor", "row-list--even"}
    DEFAULT_CSS = """
    RowList {
        background: $surface;
        color: $foreground;
        height: 1fr;
        & > .row-list--header { text-style: bold; background: $panel; color: $foreground; }
        &:ansi > .row-list--header { background: ansi_bright_blue; color: ansi_default; }
        & > .row-list--even { background: $surface-lighten-1 50%; }
        &:dark > .row-list--even { background: $surface-darken-1 40%; }
        & > .row-list--cursor {
            background: $block-cursor-blurred-background;
            color: $block-cursor-blurred-foreground;
            text-style: $block-cursor-blurred-text-style;
        }
        &:focus {
            background-tint: $foreground 5%;
            & > .row-list--cursor {
                background: $block-cursor-background;
                color: $block-cursor-foreground;
                text-style: $block-cursor-text-style;
            }
        }
    }
    """
    BINDINGS = [
        *LIST_CURSOR_KEYS,
        Binding("right", "pan(1)", "Next column", show=False),
        Binding("left", "pan(-1)", "Previous column", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("enter", "select", "Select", show=False),
    ]

    cursor_row: reactive[int] = reactive(0, always_update=False, repaint=False)
    """The row under the cursor (0 with no rows)."""

    class Highlighted(Message):
        """The cursor moved to `row`."""

        def __init__(self, row: int) -> None:
            super().__init__()
            self.row = row

    class Selected(Message):
        """Enter (or a click) on `row`."""

        def __init__(self, row: int) -> None:
            super().__init__()
            self.row = row

    def __init__(self, columns: Sequence[str], fit: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.fit = fit
        """Cut the columns to the window rather than scroll sideways (see the module)."""
        self.columns: Row = tuple(columns)
        self.rows: list[Row] = []
        self._widths = [cell_len(c) for c in self.columns]
        self._drawing: tuple | bool | None = None
        """What the lines of the frame being rendered are drawn with (`_drawing_now`; False:
        not worked out yet in this frame, None: no frame is being rendered)."""
        self._drawn: tuple[list[int], int, tuple[int, ...]] | None = None
        """The columns' widths last drawn: the widths they were cut from, the room, the cut."""
        self._part_styles: dict[str, tuple[object, object, Style]] = {}
        """Each part's style (`_style_of`), with the looks and the part's styles it was made of."""

    # -- what is shown ---------------------------------------------------------------------------
    @property
    def row_count(self) -> int:
        return len(self.rows)

    def set_rows(self, rows: Sequence[Sequence[str]]) -> None:
        """Show `rows`; only the lines whose text changed (or that came or went) are drawn
        again, and none when no line shown changed (a row added below the window). A column
        widens for a longer text, and narrows only once a row has left the list: columns that
        moved whenever a longer text came or went (a seat open, then taken) drew every line
        again; kept until the list emptied, a finished table's long game name left the seats of
        the tables after it cut at 80 columns. (`rows` is not changed once given: the lists
        of the process given the same list share its texts.)"""
        rows, widest = self._texts_of(rows)
        old, self.rows = self.rows, rows
        widths = widest
        if rows and len(rows) >= len(old):
            widths = [max(a, b) for a, b in zip(widest, self._widths, strict=True)]
        if widths != self._widths:
            self._widths = widths
            self.refresh()
        else:
            changed = [y for y, (new, was) in enumerate(zip(rows, old, strict=False)) if new != was]
            came_or_went = range(min(len(rows), len(old)), max(len(rows), len(old)))
            self._refresh_rows([*changed, *came_or_went])  # a line left blank too
        self._grow_or_shrink(Size(self._line_width(), len(rows) + 1))
        if rows and self.cursor_row >= len(rows):
            self.move_cursor(len(rows) - 1)

    def _texts_of(self, rows: Sequence[Sequence[str]]) -> tuple[list[Row], list[int]]:
        """Each row as texts, and the cells of the widest text of each column (the header's
        too), a row's worked out again only when it is not the very row given before to a list
        of the process (at a club event, a table opened is one row new among a hundred; a
        host's lobby apps are given the same rows, and most of them the same list of rows)."""
        count = len(self.columns)
        listed = _lists_made.get(id(rows))
        if listed is not None and listed[0] is rows and listed[1] == self.columns:
            return listed[2], listed[3]
        texts, widths = [], [tuple(cell_len(name) for name in self.columns)]
        for row in rows:
            made = _texts_made.get(id(row))
            if made is None or made[0] is not row or len(made[2]) != count:
                text = tuple(v if isinstance(v, Shortened) else str(v) for v in row)
                cells = tuple(cell_len(t) for t in text[:count])
                made = (row, text, cells + (0,) * (count - len(cells)))
                _texts_made[id(row)] = made
            texts.append(made[1])
            widths.append(made[2])
        if len(_texts_made) > 2 * len(rows) + TEXTS_SPARE:
            alive = {id(row) for row in rows}
            for key in [key for key in _texts_made if key not in alive]:
                del _texts_made[key]
        widest = [max(column) for column in zip(*widths, strict=True)]
        if len(_lists_made) >= LISTS_KEPT:
            del _lists_made[next(iter(_lists_made))]
        _lists_made[id(rows)] = (rows, self.columns, texts, widest)
        return texts, widest

    def _grow_or_shrink(self, size: Size) -> None:
        """Make the list `size` long and wide. With no scroll bar coming or going (its lines as
        wide as the window before and after, or as wide as before; as many rows as the window,
        or more rows under a bar shown already), no new layout of the screen (which draws every
        line of it), and the bar drawn again only when its thumb moves by a cell. At a club
        event each table opened or seat taken laid the lobby screen out again (its seats
        column narrower or wider) and drew a scroll bar."""
        old = self.virtual_size
        if size == old:
            return
        window = self.scrollable_content_region
        same_width = size.width == old.width or (
            not self.show_horizontal_scrollbar and max(size.width, old.width) <= window.width
        )
        if same_width and not self.show_vertical_scrollbar and size.height <= window.height:
            self.set_reactive(RowList.virtual_size, size)
            return
        if same_width and self.show_vertical_scrollbar and size.height >= old.height:
            self.set_reactive(RowList.virtual_size, size)
            bar = self.vertical_scrollbar
            if thumb_cells(bar, size.height) == thumb_cells(bar, bar.window_virtual_size):
                # Drawn the same to the cell: the bar is told, not drawn again.
                bar.set_reactive(ScrollBar.window_virtual_size, size.height)
            else:
                bar.window_virtual_size = size.height
            return
        self.virtual_size = size

    def move_cursor(self, row: int) -> None:
        """Put the cursor on `row` (kept within the rows) and scroll it into view."""
        self.cursor_row = max(0, min(row, len(self.rows) - 1)) if self.rows else 0

    def watch_cursor_row(self, before: int, row: int) -> None:
        self._refresh_rows([before, row])
        self._keep_in_view(row)
        if self.rows:
            self.post_message(self.Highlighted(row))

    # -- keys and the mouse ----------------------------------------------------------------------
    def action_cursor(self, step: int) -> None:
        self.move_cursor(self.cursor_row + step)

    def action_page(self, direction: int) -> None:
        self.move_cursor(
            self.cursor_row + direction * max(1, self.scrollable_content_region.height - 1)
        )

    def action_jump(self, row: int) -> None:
        self.move_cursor(row if row >= 0 else len(self.rows) - 1)

    def action_pan(self, step: int) -> None:
        """Bring the next column (or the one before) to the left edge, in a list wider than
        the window: a press shows a column, not one cell more of it."""
        starts = [0, 1]  # the cursor's mark, then each column's cell
        for width in self._shown_widths()[:-1]:
            starts.append(starts[-1] + width + 2)
        now = int(self.scroll_x)
        if step > 0:
            x = next((start for start in starts if start > now), now)
        else:
            x = max((start for start in starts if start < now), default=0)
        self.scroll_to(x=min(x, self.max_scroll_x), animate=False)

    def action_select(self) -> None:
        if self.rows:
            self.post_message(self.Selected(self.cursor_row))

    def on_click(self, event: Click) -> None:
        row = event.y + int(self.scroll_y) - 1
        if 0 <= row < len(self.rows):
            self.move_cursor(row)
            if event.chain > 1:
                self.action_select()

    # -- drawing ---------------------------------------------------------------------------------
    def _line_width(self) -> int:
        return 1 + sum(w + 2 for w in self._shown_widths() if w)

    def _shown_widths(self, room: int | None = None) -> list[int]:
        """The columns' widths as drawn: as wide as their texts, or, in a list that fits its
        window (`room` cells wide: its window's, unless given), cut to it from the last column
        leftwards (a list's columns say what matters first), each to `MIN_CUT` cells at least;
        the last goes (0) when even cut it would not fit."""
        widths = list(self._widths)
        room = self.scrollable_content_region.width if room is None else room
        if not self.fit or room <= 0:
            return widths
        excess = 1 + sum(w + 2 for w in widths) - room
        if excess > widths[-1] - MIN_CUT:
            excess -= widths[-1] + 2
            widths[-1] = 0
        for column in reversed(range(len(widths))):
            if excess <= 0:
                break
            cut = min(excess, max(0, widths[column] - MIN_CUT))
            widths[column] -= cut
            excess -= cut
        return widths

    def on_resize(self) -> None:
        if self.fit:  # the columns are cut to the new width
            self._grow_or_shrink(Size(self._line_width(), len(self.rows) + 1))
            self.refresh()

    def _keep_in_view(self, row: int) -> None:
        """Scroll just enough that `row` shows under the header."""
        height = max(1, self.scrollable_content_region.height - 1)  # under the header
        top = int(self.scroll_y)
        if row < top:
            self.scroll_to(y=row, animate=False)
        elif row >= top + height:
            self.scroll_to(y=row - height + 1, animate=False)

    def _refresh_rows(self, rows: list[int]) -> None:
        """Draw `rows` again, those that show, in one refresh of their lines: a lobby of 80
        tables told how far they have got marked each line that shows apart, and asked the
        window's size for each of the 80."""
        size = self.size
        top, height = int(self.scroll_y), size.height
        width = max(self.virtual_size.width, size.width)
        lines = [Region(0, y, width, 1) for y in (row + 1 - top for row in rows) if 1 <= y < height]
        if lines:
            self.refresh(*lines)

    def render_line(self, y: int) -> Strip:
        drawing = self._drawing or self._drawing_now()
        width, top, cursor = drawing[:3]
        if y == 0:
            return self._strip(self.columns, "row-list--header", drawing)
        row = y - 1 + top
        if row >= len(self.rows):
            return Strip.blank(width, own_rich_style(self))
        part = "row-list--even" if row % 2 else ""
        if row == cursor:
            part = "row-list--cursor"
        return self._strip(self.rows[row], part, drawing)

    def _drawing_now(self) -> tuple:
        """What the lines are drawn with now: the width (the map's, not looked up through the
        screen), the first row shown, the cursor's row, the columns' widths, how far the list
        is scrolled sideways, and each part's style as it is asked for (kept for the lines of
        one frame: `_render_lines`)."""
        width = content_size(self).width
        widths = self._drawn_widths(width)
        top, x = int(self.scroll_y), int(self.scroll_x)
        drawing = (width, top, self.cursor_row, widths, x, {})
        if self._drawing is False:
            self._drawing = drawing
        return drawing

    def _drawn_widths(self, width: int) -> tuple[int, ...]:
        """`_shown_widths` in a window `width` cells wide less its vertical scroll bar, worked
        out once for the lines of a frame (each line drawn asked for it, and for the window's
        region through the screen)."""
        room = width - self.scrollbar_size_vertical
        kept = self._drawn
        if kept is not None and kept[0] is self._widths and kept[1] == room:
            return kept[2]
        widths = tuple(self._shown_widths(room))
        self._drawn = (self._widths, room, widths)
        return widths

    def _strip(self, values: Row, part: str, drawing: tuple) -> Strip:
        """The line of `values` as a row of `part`, drawn with `drawing` (`_drawing_now`): made
        once for every list of the process that shows it alike (`_drawn_lines`)."""
        width, _, _, widths, x, styles = drawing
        style = styles.get(part)
        if style is None:
            style = styles[part] = self._style_of(part)
        shorts = tuple(v.short for v in values if type(v) is Shortened)
        whole = (values, shorts, part, style, width, widths, x)
        strip = _drawn_lines.get(whole)
        if strip is None:
            text = "".join(
                f" {_in_cells(value, w)} " for value, w in zip(values, widths, strict=False) if w
            )
            # The cursor's mark, seen without colours too (NO_COLOR, a screen reader).
            text = ("›" if part == "row-list--cursor" else " ") + text
            line = Strip([Segment(text, style)]).crop(x, x + width)
            strip = line.extend_cell_length(width, style).simplify()
            if len(_drawn_lines) >= DRAWN_LINES_KEPT:
                for older in list(_drawn_lines)[: DRAWN_LINES_KEPT // 2]:
                    del _drawn_lines[older]
            _drawn_lines[whole] = strip
        return strip

    def _style_of(self, part: str) -> Style:
        """The style of a line of `part` ('': a row of no part): the list's own, with its part's.
        A part's is kept while the looks of the list and its ancestors (`plain_looks`) and the
        part's styles are those it was made of: Textual empties its own cache of the parts'
        styles at every refresh of the list, and a lobby told how far the tables have got
        worked the cursor's and the even rows' styles out again for each message."""
        looks = plain_looks(self)
        if looks is None:  # (Textual renders the list: no looks kept)
            style = self.rich_style
            return style + self.get_component_rich_style(part) if part else style
        if not part:
            return looks.rich_style
        # (Textual's stylesheet puts a new styles object of the part there each time it applies
        # the list's rules: `get_component_styles` makes a new one for each call.)
        component = self._component_styles.get(part)
        kept = self._part_styles.get(part)
        if kept is None or kept[0] is not looks or kept[1] is not component:
            kept = (looks, component, looks.rich_style + self.get_component_rich_style(part))
            self._part_styles[part] = kept
        return kept[2]

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


def _in_cells(text: str, width: int) -> str:
    """`text` in `width` cells: padded, or its shorter wording (`Shortened`) padded, or cut
    ending in '…'."""
    if cell_len(text) <= width:
        return text + " " * (width - cell_len(text))
    if isinstance(text, Shortened) and cell_len(text.short) <= width:
        return text.short + " " * (width - cell_len(text.short))
    return set_cell_size(text, max(0, width - 1)) + "…"


def thumb_cells(bar: ScrollBar, virtual_size: int) -> tuple[int, int] | None:
    """The cells from the first to the one after the last that the thumb of the vertical `bar`
    covers, even in part, when what it scrolls is `virtual_size` long (as Textual's
    `ScrollBarRender.render_bar` works them out); None with no thumb."""
    size, position = bar.size.height, bar.position
    window = bar.window_size if bar.window_size < virtual_size else 0
    if not (window and size and virtual_size and size != virtual_size):
        return None
    thumb = max(1, window / (virtual_size / size))
    start = int((size - thumb) * position / (virtual_size - window) * EIGHTHS)
    end = start + ceil(thumb * EIGHTHS)
    return max(0, start) // EIGHTHS, ceil(max(0, end) / EIGHTHS)


# Its lines as they are, not through Textual's styles cache (a lobby told how far the tables
# have got draws most of its rows again).
render_lines_plainly(RowList)
_render_lines_plainly = RowList.render_lines


def _render_lines(self: RowList, crop: Region) -> list[Strip]:
    """The list's lines (as `render_lines_plainly` hands them over), with what they are drawn
    with worked out once for them all, not for each line (`_drawing_now`)."""
    self._drawing = False
    try:
        return _render_lines_plainly(self, crop)
    finally:
        self._drawing = None


RowList.render_lines = _render_lines
