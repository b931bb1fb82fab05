"""A block of text that redraws only the lines that changed (fewer bytes over SSH).

Textual redraws a whole Static when its content changes; a seat's line going from 21 VP to 23 VP
would resend every line of the panel. `ViewText` keeps its lines and, drawn with the line API,
refreshes only the rows whose text changed; the layout is redone only when the number of lines
changes.
"""

from __future__ import annotations

from functools import cache

from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widget import Widget

from wish_tui.ui.terminal.textual_layout import content_size
from wish_tui.widgets.text_segments import segments_on

PLAIN = Style()
DRAWN_KEPT = 16
"""The most lines a `ViewText` keeps drawn by what they hold (a line shown again, such as a
seat's line as its turn comes back, or a status line said before, is not drawn again)."""
NARROW_BELOW = 80
"""Narrower than this (a phone's screen), the games' widgets take their narrow forms."""


@cache
def _console() -> Console:
    """A console for wrapping text (rich asks for one; nothing is written to it)."""
    return Console(width=200, color_system=None)


def wrapped(text: Text, width: int, indent: int = 0) -> Text:
    """`text` with each of its lines wrapped at spaces to `width` cells (a narrow screen), each
    line after `indent` spaces."""
    lines = text.wrap(_console(), max(1, width - indent), justify="default", no_wrap=False)
    for line in lines:
        line.rstrip()
        line.pad_left(indent)
    joined = Text("\n").join(lines)
    joined.no_wrap = True
    return joined


class ViewText(Widget):
    """Base of the text widgets of the game screens: `show(text)` replaces the text."""

    DEFAULT_CSS = "ViewText { height: auto; }"

    virtual_size = Reactive(Size(0, 0), repaint=False)
    """Textual's scrollable size, which follows the widget's own (it never scrolls): a line
    more is laid out and drawn in one frame (Textual's default would lay the screen out and
    draw the widget again in a second)."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._lines: list[Text] = []
        self._strips: dict[int, Strip] = {}
        self._drawn: dict[tuple, Strip] = {}
        """Lines drawn at this width and style, by what they hold (their text, style and spans)."""
        self._base: Style | None = None
        self._width = 0
        """The width the drawn lines were made for."""
        """The widget's own style, which every line is drawn on (Textual works it out from
        every ancestor's each time it is asked)."""

    @property
    def text(self) -> Text:
        """What is shown, as one Text."""
        return Text("\n").join(self._lines)

    @property
    def line_count(self) -> int:
        """The lines shown (one when empty), without joining them as `text` does."""
        return max(1, len(self._lines))

    def show(self, text: Text) -> None:
        """Display `text`, redrawing only the lines that differ from what is shown."""
        self.show_lines(text.split("\n", allow_blank=True) if text.plain else [Text("")])

    def show_lines(self, lines: list[Text]) -> None:
        """Display `lines` (a Text each, without a newline), redrawing only those that differ
        from what is shown."""
        old = self._lines
        self._lines = lines
        if len(lines) != len(old):
            self._strips.clear()
            self.refresh(layout=True)
            return
        changed = []
        for y, (before, after) in enumerate(zip(old, lines, strict=True)):
            # A line kept as it was made (a part's lines made once, shown again) is the same.
            if before is not after and (before != after or before.spans != after.spans):
                self._strips.pop(y, None)
                changed.append(y)
        if changed:
            # The width of the last layout, as the lines are drawn at (`Widget.size` looks the
            # widget up through its screen's map); once: each refresh prompts the widget.
            width = content_size(self).width
            self.refresh(*(Region(0, y, width, 1) for y in changed))

    def update(self, text: Text | str) -> None:
        """Display `text` (the Static-like spelling of `show`)."""
        self.show(text if isinstance(text, Text) else Text(str(text)))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(self._lines))

    def on_resize(self) -> None:
        # A new height alone (one line more, laid out) was drawn with the layout already:
        # drawing again would be a second frame. Only a new width makes the lines anew.
        if self.size.width != self._width:
            self._width = self.size.width
            self._strips.clear()
            self._drawn.clear()
            self.refresh()

    def notify_style_update(self) -> None:
        # A new class or theme changes the style every drawn line was made with.
        super().notify_style_update()
        self._strips.clear()
        self._drawn.clear()
        self._base = None

    def render_line(self, y: int) -> Strip:
        width = content_size(self).width
        if y >= len(self._lines):
            return Strip.blank(width, PLAIN)
        strip = self._strips.get(y)
        if strip is None:
            line = self._lines[y]
            held = (line.plain, line.style, line.justify, *line.spans)
            strip = self._drawn.get(held)
            if strip is None or strip.cell_length != width:
                strip = self._draw(line, width)
                if len(self._drawn) >= DRAWN_KEPT:
                    self._drawn.clear()
                self._drawn[held] = strip
            self._strips[y] = strip
        return strip

    def _draw(self, text: Text, width: int) -> Strip:
        """A line drawn on the widget's style, cut to `width` with an ellipsis."""
        line = text
        cells: int | None = cell_len(text.plain)
        if cells > width:  # (a line that fits is drawn as it is, not copied)
            line = text.copy()
            line.no_wrap = True
            line.overflow = "ellipsis"
            line.truncate(width, overflow="ellipsis")
            cells = None
        if self._base is None:
            self._base = self.rich_style
        base = self._base
        # Neighbours of one style become one segment: each costs its colour codes.
        simple = segments_on(line, self.app.console, base)
        if cells is None:
            return Strip(simple).crop_extend(0, width, base)
        # A line that fits is made as wide as the widget as `Strip.crop_extend` makes it (its
        # cells are its text's), without a cache of crops made for the one crop of a new strip.
        if cells < width:
            simple.append(Segment(" " * (width - cells), base))
        return Strip(simple, max(cells, width))
