"""A screen showing a game's board: the table screen, a replay, a watched table.

It reads the tables' layout (`table.tcss`), fits it to the terminal's size (roomy, compact, or
narrow: one part of the board at a time, see `table_parts`) and shows another part on Tab,
shift+Tab or a tap on the part tabs: written once for the three screens.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.text import Text
from textual.app import ComposeResult

from wish_tui.widgets.game_log import GameLog
from wish_tui.widgets.key_footer import KeyFooter
from wish_tui.widgets.part_tabs import PartTabs
from wish_tui.widgets.view_text import ViewText

from .app_screen import AppScreen
from .table_board import TableBoard
from .table_parts import PART_KEYS, BoardParts, is_compact

_MEASURE = Console(width=400, color_system=None)
TABLE_CSS_PATH = Path(__file__).with_name("table.tcss")
"""The layout of every screen showing a table; read when the first one opens, so the title
screen starts without it."""


class BoardScreen(AppScreen):
    """A screen whose `#board-root` is a game's board (`TableBoard`), laid out for its size."""

    CSS_PATH = TABLE_CSS_PATH
    BINDINGS = PART_KEYS

    def __init__(self, board: type[TableBoard]) -> None:
        super().__init__(classes="table")
        self.board = board
        """The game's board (`TableBoard`)."""
        self.parts = BoardParts(self, board)
        """The board's parts, and the one in sight on a narrow terminal."""
        self._composed: dict[tuple, object] = {}

    def composed(self, selector, expect_type=None):
        """A widget the screen composed, as `query_one(selector, expect_type)` finds it, asked
        of Textual once for the widget's life (several a change ask for the key bar, the status
        line, the log, the window: Textual's cache of what it found reads the selector again
        each time). Raises `NoMatches` as `query_one` does (not mounted yet, or gone)."""
        key = (selector, expect_type)
        found = self._composed.get(key)
        if found is None or found.parent is None:  # (a widget removed has no parent)
            found = self.query_one(selector, expect_type)
            self._composed[key] = found
        return found

    def compose(self) -> ComposeResult:
        """The part tabs, the board, a status line and the keys (a replay's, a watched
        table's; the table screen composes its own)."""
        yield self.parts.tabs()
        yield self.board(id="board-root")
        yield ViewText(id="status")
        yield KeyFooter()

    @property
    def compact(self) -> bool:
        """True on small terminals (80x24 and the like, and narrow ones)."""
        return is_compact(self.size)

    def status_words(self, words: str) -> Text:
        """A status line's `words` as the screen shows them: on one line, or on a narrow
        terminal wrapped onto as many as they need."""
        if not self.parts.narrow or not self.size.width:
            return Text(words)
        return Text("\n").join(Text(words).wrap(_MEASURE, self.size.width))

    def on_resize(self) -> None:
        self.parts.fit()
        self.board_resized()

    def board_resized(self) -> None:
        """The layout now fits the terminal's new size: show the board anew."""

    def action_next_part(self, delta: int) -> None:
        """On a narrow terminal, show the board's next part (or the one before)."""
        self.parts.step(delta)
        self.part_switched()

    def action_turn_page(self, pages: int) -> None:
        """Show an earlier or later page of the log, or on a narrow terminal of the part in
        sight when it is taller than its room."""
        if not self.parts.turn_page(pages):
            self.query_one(GameLog).scroll_page(pages)

    def on_part_tabs_picked(self, event: PartTabs.Picked) -> None:
        self.parts.show_part(event.index)
        self.part_switched()

    def part_switched(self) -> None:
        """Another part of the board is in sight."""

    def bring_part(self, part_id: str) -> bool:
        """On a narrow terminal, show the part `part_id` if it is out of sight (a key acts on
        it, or a decision is taken there); True when it was out of sight."""
        ids = [part for part, _ in self.parts.parts]
        if not self.parts.switchable or part_id not in ids or self.parts.shown_id() == part_id:
            return False
        self.parts.show_part(ids.index(part_id))
        self.part_switched()
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_part":
            return self.parts.switchable
        return True
