"""The choice panel: a decision's options in a box over the log, without leaving the game screen.

It never takes the keyboard focus (in Textual a focus change repaints the whole screen, which is
costly over SSH); the game screen routes digits, arrows, Enter and Esc to it while it is open.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

PANEL_HEIGHT = 12


class ChoicePanel(Vertical):
    """Options to pick with 1-9, or arrows and Enter; Esc goes back when allowed."""

    DEFAULT_CSS = f"""
    ChoicePanel {{
        layer: overlay; position: absolute; height: {PANEL_HEIGHT}; width: 100%;
        border: round $accent; background: $surface; visibility: hidden;
    }}
    ChoicePanel > #choice-title {{ text-style: bold; width: 100%; }}
    ChoicePanel > OptionList {{ height: 1fr; border: none; padding: 0; background: $surface; }}
    """

    class Chosen(Message):
        """The person picked option `index` (None: went back)."""

        def __init__(self, index: int | None) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cancellable = True
        self.count = 0

    @property
    def is_open(self) -> bool:
        """True while a choice is being asked."""
        return self.visible

    def compose(self) -> ComposeResult:
        yield Label("", id="choice-title")
        option_list = OptionList()
        option_list.can_focus = False
        yield option_list

    def ask(self, title: str, options: list[str], cancellable: bool) -> None:
        """Show the options."""
        self.cancellable = cancellable
        self.count = len(options)
        hint = " (1-9 or ↑↓ Enter" + (", Esc back)" if cancellable else ")")
        self.query_one("#choice-title", Label).update(title + hint)
        option_list = self.query_one(OptionList)
        option_list.clear_options()
        option_list.add_options(
            [
                Option(f"{i + 1}. {text}" if i < 9 else f"   {text}")
                for i, text in enumerate(options)
            ]
        )
        option_list.highlighted = 0
        # Just tall enough, above the status line and footer; absolute, so the table's layout
        # never moves and only the panel's own lines are redrawn.
        inner = max(20, self.screen.size.width - 4)
        lines = sum(-(-len(f"{i + 1}. {text}") // inner) for i, text in enumerate(options))
        title_lines = -(-len(title + hint) // inner)
        height = min(max(PANEL_HEIGHT, self.screen.size.height - 8), lines + title_lines + 2)
        self.styles.height = height
        self.styles.offset = (0, max(0, self.screen.size.height - height - 2))
        self.visible = True

    def _answer(self, index: int | None) -> None:
        self.visible = False
        self.post_message(self.Chosen(index))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A click on an option (the mouse is optional, never required)."""
        event.stop()
        self.pick(event.option_index)

    def move(self, delta: int) -> None:
        """Move the highlight up or down."""
        option_list = self.query_one(OptionList)
        current = option_list.highlighted or 0
        option_list.highlighted = max(0, min(self.count - 1, current + delta))

    def pick(self, index: int) -> None:
        """Choose option `index` directly."""
        if 0 <= index < self.count:
            self._answer(index)

    def confirm(self) -> None:
        """Choose the highlighted option."""
        self.pick(self.query_one(OptionList).highlighted or 0)

    def cancel(self) -> bool:
        """Go back without choosing, when that is allowed; False when it is not."""
        if self.cancellable:
            self._answer(None)
            return True
        return False
