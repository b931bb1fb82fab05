"""The title screen: New game, Continue, Load, How to play, Quit, and the games on offer."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList
from textual.widgets.option_list import Option

from wish_tui import games
from wish_tui.widgets.choice_screen import ChoiceScreen

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
    TitleScreen Vertical { width: 76; height: auto; }
    TitleScreen #games { color: $text-muted; }
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
            yield Label("Board games in the terminal, for 1 to 4 players:")
            yield Label(
                "\n".join(f"• {g.title} — {g.blurb}" for g in games.GAMES.values()), id="games"
            )
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
        """Open the rules reference of a game (asking which, when there are several)."""
        from wish_tui.widgets.help_screens import RulesScreen

        specs = list(games.GAMES.values())

        def chosen(index: int | None) -> None:
            if index is not None:
                spec = specs[index]
                self.app.push_screen(RulesScreen(spec.ui.rules_entries(), title=spec.title))

        if len(specs) == 1:
            chosen(0)
            return
        self.app.push_screen(
            ChoiceScreen("The rules of which game?", [g.title for g in specs]), chosen
        )
