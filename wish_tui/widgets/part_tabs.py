"""The part tabs: on a narrow terminal, the names of a board's parts on one row, the part shown
marked; a click on a name (a tap in a phone's browser) shows that part.

The shown part's name is in brackets and reverse video, so it reads as the one shown without
colour (NO_COLOR, a screen reader). The widget holds nothing but the names and which is shown;
the screen decides what a pick does.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from wish_tui.ui.terminal.textual_layout import content_size, own_rich_style

SHOWN = Style(bold=True, reverse=True)
OTHER = Style(bold=True)


class PartTabs(Widget):
    """One row of part names: `set_names` once, then `mark` the part shown."""

    DEFAULT_CSS = "PartTabs { height: 1; background: $panel; color: $text; }"

    class Picked(Message):
        """The person clicked part `index`'s name."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.names: tuple[str, ...] = ()
        self.shown = 0
        """The index of the part shown."""

    def set_names(self, names: tuple[str, ...]) -> None:
        """The parts' names, in order."""
        self.names = tuple(names)
        self.refresh()

    def mark(self, index: int) -> None:
        """Mark part `index` as the one shown."""
        if index != self.shown:
            self.shown = index
            self.refresh()

    def slots(self) -> list[tuple[int, int]]:
        """Each name's first column and width on the row (its brackets or spaces around it)."""
        slots, x = [], 0
        for name in self.names:
            slots.append((x, len(name) + 2))
            x += len(name) + 2
        return slots

    def on_click(self, event: events.Click) -> None:
        """A click on a name shows its part."""
        for index, (x, width) in enumerate(self.slots()):
            if x <= event.x < x + width:
                event.stop()
                self.post_message(self.Picked(index))
                return

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 1

    def render_line(self, y: int) -> Strip:
        base = own_rich_style(self)
        segments = []
        for index, name in enumerate(self.names):
            if index == self.shown:
                segments.append(Segment(f"[{name}]", base + SHOWN))
            else:
                segments.append(Segment(f" {name} ", base + OTHER))
        return Strip(segments).crop_extend(0, content_size(self).width, base)
