"""The title screen: New game, Continue, Load, Learn to play, How to play, Quit, and the games on
offer."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding

from wish_tui import games
from wish_tui.ui.screens.app_screen import AppScreen

from .title_menu import TitleMenu


class TitleScreen(AppScreen):
    """The first screen of the app."""

    BINDINGS = [Binding("q", "app.quit", "Quit"), Binding("f1", "rules", "Rules")]
    CHOICES = (
        ("new", "New game"),
        ("continue", "Continue"),
        ("load", "Load"),
        ("learn", "Learn to play (a guided first game)"),
        ("help", "How to play (the rules)"),
        ("quit", "Quit"),
    )

    def compose(self) -> ComposeResult:
        yield TitleMenu(
            "Board games in the terminal, for 1 to 4 players:",
            [f"• {g.title} — {g.blurb}" for g in games.GAMES.values()],
            list(self.CHOICES),
            id="menu",
        )

    def on_mount(self) -> None:
        self.query_one(TitleMenu).focus()

    def on_title_menu_chosen(self, event: TitleMenu.Chosen) -> None:
        app = self.app
        opens = {
            "new": app.show_new_game,
            "continue": app.continue_latest,
            "load": app.show_load,
            "learn": self.learn,
            "help": self.action_rules,
        }
        opens.get(event.key, app.exit)()

    def learn(self) -> None:
        """Start a lesson of a game (asking which game, when several have one, and which
        lesson, when the game has more than its first)."""
        from wish_tui import lessons
        from wish_tui.ui.screens.choice_screen import ChoiceScreen

        specs = [g for g in games.GAMES.values() if lessons.has_lesson(g)]
        if not specs:
            self.notify("No game has a guided first game yet.", severity="warning")
            return

        def chosen(index: int | None) -> None:
            if index is not None:
                self.learn_game(specs[index])

        if len(specs) == 1:
            chosen(0)
            return
        self.app.push_screen(ChoiceScreen("Learn which game?", [g.title for g in specs]), chosen)

    def learn_game(self, spec) -> None:
        """Start the first lesson of `spec`, or the one chosen when it has more."""
        from wish_tui import lessons
        from wish_tui.ui.screens.choice_screen import ChoiceScreen

        count = lessons.count(spec)
        if count <= 1:
            self.app.start_lesson(spec.name)
            return
        labels = []
        for number in range(1, count + 1):
            try:
                topic = lessons.load(spec, number).topic
            except lessons.LessonError:
                topic = "(this lesson cannot be read)"
            labels.append(topic if number == 1 else f"Learn more: {topic}")

        def chosen(index: int | None) -> None:
            if index is not None:
                self.app.start_lesson(spec.name, index + 1)

        self.app.push_screen(ChoiceScreen(f"Learn {spec.title}: which lesson?", labels), chosen)

    def action_rules(self) -> None:
        """Open the rules reference of a game (asking which, when there are several)."""
        from wish_tui.ui.screens.choice_screen import ChoiceScreen
        from wish_tui.ui.screens.help_screens import RulesScreen

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
