"""The title screen: New game, Continue, Load, How to play, Quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList
from textual.widgets.option_list import Option

BANNER = """\
 _    _ _     _
| |  | (_)   | |
| |  | |_ ___| |__
| |/\\| | / __| '_ \\
\\  /\\  / \\__ \\ | | |
 \\/  \\/|_|___/_| |_|"""


class TitleScreen(Screen):
    """The first screen of the app."""

    DEFAULT_CSS = """
    TitleScreen { align: center middle; }
    TitleScreen Vertical { width: 50; height: auto; }
    TitleScreen #banner { color: $accent; text-style: bold; }
    TitleScreen OptionList { height: auto; border: round $accent; }
    """
    BINDINGS = [Binding("q", "app.quit", "Quit"), Binding("f1", "rules", "Rules")]
    CHOICES = (
        ("new", "New game"),
        ("continue", "Continue"),
        ("load", "Load"),
        ("help", "How to play"),
        ("quit", "Quit"),
    )

    def compose(self) -> ComposeResult:
        with Center(), Vertical():
            yield Label(BANNER, id="banner")
            yield Label("Djinns, crystals and wishes, for 1 to 4 players.")
            yield OptionList(*(Option(text, id=key) for key, text in self.CHOICES), id="menu")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id
        app = self.app
        if choice == "new":
            app.show_new_game()
        elif choice == "continue":
            app.continue_latest()
        elif choice == "load":
            app.show_load()
        elif choice == "help":
            self.action_rules()
        else:
            app.exit()

    def action_rules(self) -> None:
        """Open the rules reference."""
        from wish_tui.ui.help import RulesScreen

        self.app.push_screen(RulesScreen())
