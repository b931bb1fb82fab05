"""The table screen's detail line: what is highlighted, said in words.

A part of `TableScreen` kept in its own file (mixed into it): a game whose screen sets
`DETAIL_ROWS` gets a `DetailLine` under its board, saying what the open window's highlighted
option is, or else what the game's cursor is on (`widgets.detail_line`).
"""

from __future__ import annotations

from .choice_panel import ChoicePanel
from .detail_line import DetailLine


class TableDetail:
    """The detail line of a table screen (mixed into `TableScreen`)."""

    DETAIL_ROWS: int = 0
    """Lines of the detail line under the board, which says in words what is highlighted;
    0: the game has none."""

    def detail_words(self, view: dict) -> str:
        """The detail line while no window is open: what the board's cursor is on ('' none)."""
        return ""

    def option_detail(self, action) -> str:
        """The detail line for a window's highlighted option, a legal action ('' for none)."""
        return ""

    def show_detail(self, view: dict | None = None) -> None:
        """Say on the detail line what is highlighted: the open window's option, else what
        the game's cursor is on."""
        if not self.DETAIL_ROWS:
            return
        panel = self.query_one(ChoicePanel)
        index = panel.highlighted
        if panel.is_open and self._options:
            words = self.option_detail(self._options[index]) if index < len(self._options) else ""
        elif panel.is_open and self._on_choice is not None:
            words = self._ask_details[index] if index < len(self._ask_details) else ""
        else:
            words = self.detail_words(self.view() if view is None else view)
        self.query_one(DetailLine).say(words)

    def on_choice_panel_highlighted(self, event: ChoicePanel.Highlighted) -> None:
        self.show_detail()
