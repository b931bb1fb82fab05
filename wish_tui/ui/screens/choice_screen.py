"""A modal list of choices: digits pick directly, arrows move, Enter confirms."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from .app_screen import AppModalScreen


class ChoiceScreen(AppModalScreen[int | None]):
    """Ask the person to pick one option; dismisses with its index (None when cancelled)."""

    DEFAULT_CSS = """
    ChoiceScreen { align: center middle; }
    ChoiceScreen > Vertical {
        width: 70; max-width: 95%; height: auto; max-height: 90%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    ChoiceScreen #choice-title { text-style: bold; width: 100%; }
    ChoiceScreen #choice-help { color: $text-muted; width: 100%; }
    ChoiceScreen OptionList { height: auto; max-height: 16; }
    """
    BINDINGS = [
        Binding("escape", "cancel", "Back", show=True),
        *(Binding(str(d), f"pick({d - 1})", show=False) for d in range(1, 10)),
    ]

    def __init__(self, title: str, options: list[str], cancellable: bool = True) -> None:
        super().__init__()
        self.title_text = title
        self.options = options
        self.cancellable = cancellable

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, id="choice-title")
            last = min(len(self.options), 9)  # the digits that choose (the tenth on: arrows)
            hint = f"{'1' if last == 1 else f'1-{last}'} or ↑↓ and Enter to choose"
            if self.cancellable:
                hint += ", Esc to go back"
            yield Label(hint, id="choice-help")
            yield OptionList(
                *(
                    Option(f"{i + 1}. {text}" if i < 9 else f"   {text}")
                    for i, text in enumerate(self.options)
                )
            )

    def on_mount(self) -> None:
        option_list = self.query_one(OptionList)
        option_list.highlighted = 0
        option_list.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)

    def action_pick(self, index: int) -> None:
        """Choose option `index` directly."""
        if 0 <= index < len(self.options):
            self.dismiss(index)

    def action_cancel(self) -> None:
        """Go back without choosing, when that is allowed."""
        if self.cancellable:
            self.dismiss(None)
        else:
            self.notify("This decision must be taken before the game goes on.", severity="warning")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cancel":
            return True if self.cancellable else None
        return True
