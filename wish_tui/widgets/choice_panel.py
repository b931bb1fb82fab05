"""The choice panel: a decision's options over the log, without leaving the game screen.

It never takes the keyboard focus (in Textual a focus change repaints the whole screen, which is
costly over SSH); the game screen routes digits, arrows, Enter and Esc to it while it is open. It
is drawn with the line API, one segment per line where it can, and moving the highlight redraws
just the two lines concerned.
"""

from __future__ import annotations

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widget import Widget

from wish_tui.ui.terminal.textual_layout import content_size, own_rich_style

from .plain_lines import plain_lines

PANEL_HEIGHT = 12
"""The most lines the panel takes on a small terminal (it grows on a tall one)."""
SPARED_OPTIONS = 4
"""The fewest options a panel shows below the places it spares (it scrolls the rest)."""
_MEASURE = Console(width=400, color_system=None)
DRAWN_KEPT = 64
"""The most rows a panel keeps drawn (a window's rows, each highlighted or not)."""


class ChoicePanel(Widget):
    """Options to pick by their number, or arrows and Enter; Esc goes back when allowed.

    Up to nine options, a digit picks one at once. With more, each option is picked by typing its
    number: a digit that could begin a longer number highlights its option and waits (Enter picks
    it, or the next digit goes on), one that cannot picks at once.
    """

    DEFAULT_CSS = """
    ChoicePanel {
        layer: overlay; position: absolute; height: 0; width: 100%;
        background: $surface; color: $text;
    }
    """
    """Closed, the panel takes no rows: hidden by Textual's `visibility` it would leave the
    screen's map, which only a layout of the whole screen puts it back in (a table screen lays
    the panel out alone as it opens, moves and closes: `textual_layout.lay_out_alone`)."""

    virtual_size = Reactive(Size(0, 0), repaint=False)
    """Textual's scrollable size, which follows the panel's own: the panel scrolls its rows
    itself, and opening it at a new height repaints it already (Textual's default would lay
    out and send the whole panel a second time)."""

    class Highlighted(Message):
        """The option highlighted moved (a detail line follows it). Its opening and closing
        post none: whoever opens or closes the panel says the detail in the same frame."""

    class Chosen(Message):
        """The person picked option `index` (None: went back)."""

        def __init__(self, index: int | None) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cancellable = True
        self.count = 0
        self.title_text = ""
        """The question and how to answer it."""
        self.highlighted = 0
        self._labels: list[str] = []
        self._rows: list[tuple[int, str]] = []
        """Each drawn row: the option it belongs to (-1 for the title) and its text."""
        self._drawn: dict[tuple, Strip] = {}
        """Rows drawn, by their text, style, the panel's style and width (`_drawn_row`)."""
        self._answered = False
        """True once an answer is posted; the panel shows until the screen closes it."""
        self._shown = False
        self._typed = ""
        """The digits typed so far of an option's number (more than nine options)."""
        self._question = ""
        self._hint = ""
        """How to answer, after the question (or, while a number is typed, how to go on)."""
        self._bottom: int | None = None
        """The screen row the panel ends above (the status line's first); None: the next to
        last row."""
        self._height = 0
        """The panel's height when it opened (a taller status line may take some of it)."""
        self._rest: int | None = None
        """The screen row the panel rather ends above (a detail line's first): it covers the
        rows below only when it has no room above them for its options."""
        self._top_limit = 0
        """The first screen row the panel may take (a lesson's panel above it keeps its rows)."""
        self._floor: int | None = None
        """The lowest row the panel may end above when it has no room for its options above
        `_bottom` (the status line's first); it then begins no higher than `_floor_top` (just
        under the log's newest line, which moves up out from under it)."""
        self._floor_top = 0
        self._on_floor = False
        """True while the panel, opened short of room, ends above `_floor`."""
        self._placed_at = Size(0, 0)
        """The screen's size when the panel was placed."""
        self._spared = 0
        """The screen row above which lie the places a question may be about (a map): the
        panel opens no higher when its question and `SPARED_OPTIONS` options fit below it."""
        self._wrapped_for = 0
        """The width the rows were wrapped to (`_wrap`)."""
        self._mark_room = 0
        """The columns the options' lines leave free at their end for a scroll mark ('▲ 7
        more'): none while every option is in sight."""

    @property
    def shown(self) -> bool:
        """True while the panel is on the screen (asking, or answered and not closed yet)."""
        return self._shown

    @property
    def is_open(self) -> bool:
        """True while a choice is being asked (and not answered yet)."""
        return self._shown and not self._answered

    def close(self) -> None:
        """Hide the panel. The screen does it once the table has said what came of the answer
        (a next question of the same keyboard is asked in the panel still open), so that the
        panel's going and what the answer changed reach the terminal in one frame."""
        if self._shown:
            self._shown = False
            self.styles.height = 0

    def ask(self, title: str, options: list[str], cancellable: bool) -> None:
        """Show the options."""
        self.cancellable = cancellable
        self.count = len(options)
        # The numbers there are to type (with more than nine, some may scroll out of sight).
        keys = "1" if len(options) == 1 else f"1-{len(options)}"
        self._question = title
        self._hint = f" ({keys} or ↑↓ Enter" + (", Esc back)" if cancellable else ")")
        self.title_text = title + self._hint
        self._labels = [f"{i + 1}. {text}" for i, text in enumerate(options)]
        self.highlighted = 0
        self._typed = ""
        self._answered = False
        self._place()

    def place_again(self) -> None:
        """Place the open panel anew, as if opened now, when the terminal changed size since it
        was placed (kept in its old rows it would end over empty space, or below the status
        line); its highlight stays where it was."""
        if self.is_open and self._labels and self.screen.size != self._placed_at:
            self.title_text = self._question + self._typed_hint(self._typed)
            self._place()

    def _place(self) -> None:
        """Lay the panel's rows out and place it on the screen as its room now allows."""
        self._placed_at = self.screen.size
        width = max(20, self.screen.size.width - 2)
        self._mark_room = 0
        self._rows = self._wrap(width)
        # Just tall enough, above the status line and key bar; absolute, so the table's layout
        # never moves and only the panel's own lines are redrawn.
        bottom = self.screen.size.height - 2 if self._bottom is None else self._bottom
        height = min(max(PANEL_HEIGHT, bottom - 6), len(self._rows))
        rest = bottom if self._rest is None else min(self._rest, bottom)
        top = max(0, rest - height)
        wanted = height
        self._on_floor = False
        if rest - self._top_limit < height:
            # No room above the rows it rather leaves free: it covers them all, from its top
            # limit down (no half of what lies beneath shows under it).
            top = self._top_limit
            height = max(1, bottom - top)
        floor_top = max(self._top_limit, self._floor_top)
        if height < min(wanted, 3) and self._floor is not None and self._floor > bottom:
            # Not even its question and two options fit (under a lesson's panel at 80x24): it
            # rather ends above the status line, over the detail line, the log's newest line
            # just above it, when it shows more options so: its question goes without how to
            # answer (the status line says it), or, short of room still, its options alone say
            # what is asked ('1. Travel to Ruins', '2. Travel to Dock').
            shown = height - self._title_rows()
            room = self._floor - floor_top
            self.title_text = self._question
            self._rows = self._wrap(width)
            if len(self._rows) > room and room - self._title_rows() < 2:
                self.title_text = ""
                self._rows = self._wrap(width)
            lower = max(1, min(len(self._rows), room))
            self._on_floor = lower - self._title_rows() > shown
            if self._on_floor:
                top, height = floor_top, lower
            else:
                self.title_text = self._question + self._hint
                self._rows = self._wrap(width)
        if top < self._spared and not self._on_floor:
            # Many options (Air's twelve Wind Blasts) would cover the map's last rows: they
            # scroll below it instead, so the places asked about stay in sight.
            room = bottom - self._spared
            if room >= self._title_rows() + SPARED_OPTIONS:
                top, height = self._spared, min(len(self._rows), room)
        if len(self._rows) > height:
            self._leave_room_for_marks(width, height)
        self._height = height
        self.styles.height = height
        self.styles.offset = (0, top)
        self._shown = True
        self.refresh()

    def _leave_room_for_marks(self, width: int, height: int) -> None:
        """Wrap the options' lines short of the scroll marks that end some of the `height` rows
        (drawn over a row's end, '▲ 7 more' would hide its last words)."""
        mark = len(f"▲ {self.count} more")
        if height - self._title_rows() <= 1:
            mark = 2 * mark + 1  # the one option row shown bears both marks
        # A row begins with a space and its lines are three columns short of `width`, which is
        # two short of the panel's: the mark and the space before it need the rest.
        self._mark_room = max(0, mark - 3)
        self._rows = self._wrap(width)

    def keep_above(
        self, bottom: int, rest: int | None = None, floor: int | None = None, floor_top: int = 0
    ) -> None:
        """End the panel just above screen row `bottom` (the status line's first row, or the
        log's newest line's), and rather above row `rest` (a detail line's first) when its
        options fit above it; with no room for them there, above row `floor`, from row
        `floor_top` down (see `_floor`). An open panel keeps its top and gives up (or takes
        back) its last rows: moving it would resend every line of it."""
        self._rest, self._floor, self._floor_top = rest, floor, floor_top
        if bottom == self._bottom:
            return
        self._bottom = bottom
        if self._shown and self._height and not self._on_floor:
            top = int(self.styles.offset.y.value)
            self.styles.height = max(1, min(self._height, bottom - top))

    def spare_above(self, row: int) -> None:
        """Open no higher than screen row `row` when there is room below it (see `_spared`)."""
        self._spared = row

    def rows_over_table(self) -> range:
        """The screen rows the panel lies over (none while it is hidden)."""
        if not self._shown or not self._height:
            return range(0)
        top = int(self.styles.offset.y.value)
        return range(top, top + int(self.styles.height.value))

    def keep_below(self, top: int) -> None:
        """Open the panel no higher than screen row `top` (it scrolls its options instead); an
        open panel above that row gives up its first rows."""
        self._top_limit = max(0, top)
        if self._shown and self._height:
            first = int(self.styles.offset.y.value)
            if first < self._top_limit:
                last = first + int(self.styles.height.value)
                self.styles.offset = (0, self._top_limit)
                self.styles.height = max(1, last - self._top_limit)

    def _title_rows(self) -> int:
        return sum(1 for option, _ in self._rows if option < 0)

    def _wrap(self, width: int) -> list[tuple[int, str]]:
        self._wrapped_for = width
        title = plain_lines(self.title_text, width, _MEASURE) if self.title_text else []
        rows = [(-1, line) for line in title]
        for index, label in enumerate(self._labels):
            # An option's lines go on under its words, after its number ('10. ' is 4 wide).
            indent = " " * max(3, label.index(" ") + 1)
            room = width - len(indent) - self._mark_room
            for k, line in enumerate(plain_lines(label, room, _MEASURE)):
                rows.append((index, line if k == 0 else indent + line))
        return rows

    def _wrapped_to(self, width: int) -> None:
        """Wrap the lines anew when the panel is `width` columns wide now and they were wrapped
        for another width (the terminal's changed). Asked as the panel is drawn, not on its
        `Resize`: a new width comes with a new region, all of whose rows are drawn, and the
        panel's every opening and closing (a new height) posts no message for it."""
        wrap = max(20, width - 2)
        if self._labels and wrap != self._wrapped_for:
            self._rows = self._wrap(wrap)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(self._rows))

    def _split(self) -> tuple[list[str], list[tuple[int, str]]]:
        titles = [text for option, text in self._rows if option < 0]
        options = [(option, text) for option, text in self._rows if option >= 0]
        return titles, options

    def _first_row(self, height: int | None = None) -> int:
        """The first option row shown under the title (they scroll to keep the highlight), the
        panel `height` rows high (None: as high as it is now)."""
        titles, options = self._split()
        if height is None:
            height = self.size.height
        shown = max(1, (height or len(self._rows)) - len(titles))
        rows_of = [i for i, (option, _) in enumerate(options) if option == self.highlighted]
        last = rows_of[-1] if rows_of else 0
        return max(0, last - shown + 1)

    def render_line(self, y: int) -> Strip:
        base = own_rich_style(self)
        width, height = content_size(self)
        self._wrapped_to(width)
        titles, options = self._split()
        if y < len(titles):
            return self._drawn_row(" " + titles[y], base + Style(bold=True), base, width)
        index = self._first_row(height) + y - len(titles)
        if index >= len(options):
            return Strip.blank(width, base)
        option, text = options[index]
        style = base + Style(reverse=True) if option == self.highlighted else base
        strip = self._drawn_row(" " + text, style, base, width)
        mark = self._scroll_mark(y - len(titles), index, options, height)
        if not mark:
            return strip
        # Words, not colour, say that options lie out of sight (NO_COLOR shows them too).
        room = max(0, width - len(mark) - 1)
        return Strip([*strip.crop(0, room), Segment(" " + mark, base)]).crop_extend(0, width, base)

    def _drawn_row(self, text: str, style: Style, base: Style, width: int) -> Strip:
        """A row of `text` in `style`, made as wide as the panel on `base`: the same strip
        while the row shows the same (not made and filtered again at each frame)."""
        key = (text, style, base, width)
        strip = self._drawn.get(key)
        if strip is None:
            if len(self._drawn) >= DRAWN_KEPT:
                self._drawn.clear()
            strip = Strip([Segment(text, style)]).crop_extend(0, width, base)
            self._drawn[key] = strip
        return strip

    def _scroll_mark(
        self, row: int, index: int, options: list[tuple[int, str]], height: int
    ) -> str:
        """'▲ 3 more' on the first option row shown when options lie above it out of sight,
        '▼ 8 more' on the last when they lie below it (the panel `height` rows high)."""
        shown = max(1, (height or len(self._rows)) - (len(self._rows) - len(options)))
        marks = []
        if row == 0 and options[index][0] > 0:
            marks.append(f"▲ {options[index][0]} more")
        last = min(index + shown - 1 - row, len(options) - 1)
        if index == last and options[last][0] < self.count - 1:
            marks.append(f"▼ {self.count - 1 - options[last][0]} more")
        return " ".join(marks)

    def _refresh_option(self, option: int) -> None:
        titles, options = self._split()
        first = self._first_row()
        for i, (owner, _) in enumerate(options):
            if owner == option and i >= first:
                self.refresh(Region(0, len(titles) + i - first, self.size.width, 1))

    def _answer(self, index: int | None) -> None:
        self._answered = True
        self.post_message(self.Chosen(index))

    def on_click(self, event: events.Click) -> None:
        """A click on an option picks it (the mouse is optional, never required)."""
        titles, options = self._split()
        index = self._first_row() + event.y - len(titles)
        if event.y >= len(titles) and 0 <= index < len(options):
            event.stop()
            self.pick(options[index][0])

    def move(self, delta: int) -> None:
        """Move the highlight up or down."""
        if not self.is_open:
            return
        old = self.highlighted
        first = self._first_row()
        self.highlighted = max(0, min(self.count - 1, old + delta))
        if self.highlighted != old:
            self.post_message(self.Highlighted())
        if self._first_row() != first:
            self.refresh()
            return
        self._refresh_option(old)
        self._refresh_option(self.highlighted)

    def digit(self, digit: int) -> None:
        """A digit typed: pick the option of that number, or (more than nine options) go on
        with the number being typed."""
        if not self.is_open:
            return
        if self.count <= 9:
            self.pick(digit - 1)
            return
        typed = self._typed + str(digit)
        if not 1 <= int(typed) <= self.count:
            typed = str(digit)
            if not 1 <= digit <= self.count:
                self._show_typed("")
                return
        number = int(typed)
        if number * 10 > self.count:
            self._typed = ""
            self.pick(number - 1)
            return
        self._show_typed(typed)
        self.move(number - 1 - self.highlighted)

    def _show_typed(self, typed: str) -> None:
        """Keep the digits typed of a number, and say in the title how to go on from them."""
        if typed == self._typed:
            return
        self._typed = typed
        self.title_text = self._question + self._typed_hint(typed)
        self._rows = self._wrap(max(20, self.size.width - 2))
        self.refresh()

    def _typed_hint(self, typed: str) -> str:
        """How to answer after the question, the digits `typed` so far of a number said."""
        return f" (typed {typed}: the next digit, or Enter picks {typed})" if typed else self._hint

    def pick(self, index: int) -> None:
        """Choose option `index` directly."""
        if self.is_open and 0 <= index < self.count:
            self._answer(index)

    def confirm(self) -> None:
        """Choose the highlighted option."""
        self.pick(self.highlighted)

    def cancel(self) -> bool:
        """Go back without choosing, when that is allowed; False when it is not."""
        if self.is_open and self.cancellable:
            self._answer(None)
            return True
        return False
