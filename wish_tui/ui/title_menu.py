"""The title menu: the banner, the games on offer, the menu and its help line, in one widget.

One line-API widget instead of labels, an OptionList and a Footer: the title screen is the first
frame of every start, and a single widget with a few styles is much cheaper to lay out and style.
Moving the highlight redraws only the two rows concerned.

On a phone's narrow terminal (below `WIDTH` columns) the intro and each game's line wrap, a menu
item that does not fit leaves out its words in brackets, the help line wraps onto a second row,
and on a short one the banner gives way: nothing that is needed is cut off.
"""

from __future__ import annotations

import re
import textwrap

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from wish_tui.widgets.list_keys import LIST_CURSOR_KEYS

BANNER = """\
 _    _ _     _
| |  | (_)   | |
| |  | |_ ___| |__
| |/\\| | / __| '_ \\
\\  /\\  / \\__ \\ | | |
 \\/  \\/|_|___/_| |_|"""

WIDTH = 76
"""The width of the block of text, centred on wider terminals."""
HELP_KEYS = (
    ("↑↓", "Move", ""),
    ("⏎", "Open", ""),
    ("1-{last}", "Choose", ""),
    ("q", "Quit", "quit"),
    ("f1", "Rules", "help"),
)
"""The help line at the bottom: (key, what it does, the menu item a click on it opens)."""


class TitleMenu(Widget, can_focus=True):
    """The title screen's text and menu; posts `Chosen` with the key of the item picked."""

    DEFAULT_CSS = """
    TitleMenu { width: 1fr; height: 1fr; }
    TitleMenu > .title-menu--banner { color: $accent; text-style: bold; }
    TitleMenu > .title-menu--muted { color: $text-muted; }
    TitleMenu > .title-menu--border { color: $accent; }
    TitleMenu > .title-menu--cursor { background: $accent; color: $text; text-style: bold; }
    TitleMenu > .title-menu--help { background: $footer-background; color: $footer-foreground; }
    TitleMenu > .title-menu--key {
        background: $footer-background; color: $footer-key-foreground; text-style: bold;
    }
    """
    COMPONENT_CLASSES = {
        "title-menu--banner",
        "title-menu--muted",
        "title-menu--border",
        "title-menu--cursor",
        "title-menu--help",
        "title-menu--key",
    }
    BINDINGS = [
        *LIST_CURSOR_KEYS,
        Binding("enter", "choose", "Open", show=False),
    ]

    class Chosen(Message):
        """The person picked the menu item `key`."""

        def __init__(self, key: str) -> None:
            super().__init__()
            self.key = key

    def __init__(
        self, intro: str, games: list[str], items: list[tuple[str, str]], *, id: str | None = None
    ) -> None:
        """`items` are the menu's (key, text); `games` one line each under the `intro`."""
        super().__init__(id=id)
        self._intro = intro
        self._games = games
        self._items = items
        self.cursor = 0
        """The index of the highlighted item."""
        self._styles: dict[str, Style] = {}
        """The base style and each component's, read once a theme (drawing every line would
        otherwise resolve them again)."""

    # -- layout ------------------------------------------------------------------------------
    def _text_lines(self) -> list[tuple[str, str]]:
        """The lines above the menu, each with its component's name: the banner (unless the
        terminal is too short for it), the intro and the games, wrapped when narrow."""
        width = self.size.width or WIDTH
        banner = [(line, "title-menu--banner") for line in BANNER.splitlines()]
        if width >= WIDTH:
            games = [_fit(game, min(WIDTH, width)) for game in self._games]
            return [*banner, (self._intro, ""), *((g, "title-menu--muted") for g in games)]
        lines = [(line, "") for line in textwrap.wrap(self._intro, width)]
        for game in self._games:
            wrapped = textwrap.wrap(game, width, subsequent_indent="  ")
            if len(wrapped) > 2:
                wrapped = [wrapped[0], _fit(" ".join(wrapped[1:]), width)]
            lines += [(line, "title-menu--muted") for line in wrapped]
        rows = len(banner) + len(lines) + len(self._items) + 2 + len(self._help_rows())
        return lines if rows > (self.size.height or rows) else [*banner, *lines]

    def _text_rows(self) -> int:
        return len(self._text_lines())

    def _block_height(self) -> int:
        return self._text_rows() + len(self._items) + 2

    def _top(self) -> int:
        """The row of the banner's first line: the block is centred above the help line."""
        help_rows = len(self._help_rows())
        return max(0, (self.size.height - help_rows - self._block_height()) // 2)

    def _left(self) -> int:
        return max(0, (self.size.width - WIDTH) // 2)

    def _item_row(self, index: int) -> int:
        return self._top() + self._text_rows() + 1 + index

    def _item_at(self, y: int) -> int | None:
        index = y - self._item_row(0)
        return index if 0 <= index < len(self._items) else None

    # -- drawing -----------------------------------------------------------------------------
    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._block_height() + len(self._help_rows())

    def notify_style_update(self) -> None:
        self._styles = {}
        super().notify_style_update()

    def render_line(self, y: int) -> Strip:
        base = self._style("")
        width = self.size.width
        help_rows = self._help_rows()
        if y >= self.size.height - len(help_rows):
            return self._help_line(help_rows[y - self.size.height + len(help_rows)], base, width)
        row = y - self._top()
        text_rows = self._text_rows()
        if row < 0 or row >= self._block_height():
            return Strip.blank(width, base)
        if row < text_rows:
            return self._text_line(row, base, width)
        return self._menu_line(row - text_rows, base, width)

    def _style(self, name: str) -> Style:
        """The style of component `name` ('' for the widget's own)."""
        if not self._styles:
            self._styles[""] = self.rich_style
            for component in self.COMPONENT_CLASSES:
                self._styles[component] = self.get_component_rich_style(component)
        return self._styles[name]

    def _placed(self, segments: list[Segment], base: Style, width: int) -> Strip:
        return Strip([Segment(" " * self._left(), base), *segments]).crop_extend(0, width, base)

    def _text_line(self, row: int, base: Style, width: int) -> Strip:
        line, component = self._text_lines()[row]
        style = self._style(component) if component else base
        return self._placed([Segment(line, style)], base, width)

    def _menu_line(self, row: int, base: Style, width: int) -> Strip:
        inner = min(WIDTH, width) - 2
        border = self._style("title-menu--border")
        if row == 0 or row == len(self._items) + 1:
            left, right = ("╭", "╮") if row == 0 else ("╰", "╯")
            return self._placed([Segment(left + "─" * inner + right, border)], base, width)
        index = row - 1
        _, text = self._items[index]
        if len(text) + 6 > inner:
            text = re.sub(r" \(.*\)$", "", text)  # 'Learn to play (a guided first game)'
        is_cursor = index == self.cursor
        # The marker shows the highlight where colours are off (NO_COLOR, a monochrome terminal).
        label = _fit(f" {'›' if is_cursor else ' '} {index + 1}  {text}", inner)
        label = label.ljust(inner)
        style = self._style("title-menu--cursor") if is_cursor else base
        return self._placed(
            [Segment("│", border), Segment(label, style), Segment("│", border)], base, width
        )

    def _help_line(self, keys: list, base: Style, width: int) -> Strip:
        help_style, key_style = self._style("title-menu--help"), self._style("title-menu--key")
        segments = []
        for _, key, description, _ in keys:
            segments += [Segment(f" {key} ", key_style), Segment(f"{description} ", help_style)]
        return Strip(segments).crop_extend(0, width, help_style)

    def _help_rows(self) -> list[list[tuple[int, str, str, str]]]:
        """The help line's keys as (column, key, what it does, item), on as many rows as the
        width needs (one from 47 columns on)."""
        width = self.size.width or WIDTH
        rows: list[list[tuple[int, str, str, str]]] = [[]]
        x = 0
        for key, description, item in self._help_keys():
            size = len(key) + len(description) + 3
            if rows[-1] and x + size > width:
                rows.append([])
                x = 0
            rows[-1].append((x, key, description, item))
            x += size
        return rows

    def _help_keys(self) -> list[tuple[str, str, str]]:
        return [(key.format(last=len(self._items)), *rest) for key, *rest in HELP_KEYS]

    def _help_item_at(self, x: int, y: int) -> str:
        """The menu item a click at column `x` of help row `y` opens ('' for none)."""
        rows = self._help_rows()
        row = y - (self.size.height - len(rows))
        if not 0 <= row < len(rows):
            return ""
        for start, key, description, item in rows[row]:
            if start <= x < start + len(key) + len(description) + 3:
                return item
        return ""

    # -- the highlight and choosing ----------------------------------------------------------
    def _move_cursor(self, index: int) -> None:
        index = max(0, min(len(self._items) - 1, index))
        if index == self.cursor:
            return
        for row in (self._item_row(self.cursor), self._item_row(index)):
            self.refresh(Region(0, row, self.size.width, 1))
        self.cursor = index

    def action_cursor(self, delta: int) -> None:
        """Move the highlight up or down, wrapping around."""
        self._move_cursor((self.cursor + delta) % len(self._items))

    def action_jump(self, index: int) -> None:
        """Highlight the first (0) or last (-1) item."""
        self._move_cursor(index % len(self._items))

    def action_choose(self) -> None:
        """Open the highlighted item."""
        self.post_message(self.Chosen(self._items[self.cursor][0]))

    def pick(self, index: int) -> None:
        """Highlight item `index` and open it."""
        if 0 <= index < len(self._items):
            self._move_cursor(index)
            self.action_choose()

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit():
            event.stop()
            self.pick(int(event.character) - 1)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        index = self._item_at(event.y)
        if index is not None:
            self._move_cursor(index)

    def on_click(self, event: events.Click) -> None:
        """A click on an item, or on Quit or Rules in the help line, opens it (the mouse is
        optional, never required)."""
        index = self._item_at(event.y)
        if index is not None:
            event.stop()
            self.pick(index)
        elif self._help_item_at(event.x, event.y):
            event.stop()
            self.post_message(self.Chosen(self._help_item_at(event.x, event.y)))

    def on_resize(self) -> None:
        self.refresh()


def _fit(text: str, width: int) -> str:
    """`text` cut to `width` characters, with an ellipsis when it was longer."""
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"
