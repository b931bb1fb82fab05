"""The table screen's help: its keys, the rules reference, a card's text and the hard bot's hint.

A part of `TableScreen` kept in its own file: it only reads the seat's view and opens windows.
"""

from __future__ import annotations

from .choice_panel import ChoicePanel

WINDOW_KEYS_TEXT = "Windows: a number or ↑↓ Enter picks · Esc back · action keys end yours"
"""How an open window is answered, for `?`."""


class TableHelp:
    """`?`, `F1`, `i` and `h` of a table screen (mixed into `TableScreen`)."""

    def action_keys(self) -> None:
        """Show every key."""
        from .help_screens import KeysScreen

        text = f"{self.keys_text()}\n{WINDOW_KEYS_TEXT}\n{self.table_keys_text()}"
        self.app.push_screen(KeysScreen(text, f"Keys of {self.spec.title}"))

    def action_rules(self) -> None:
        """Open the rules reference."""
        from .help_screens import RulesScreen

        self.app.push_screen(RulesScreen(self.rules_entries(), title=self.spec.title))

    def action_info(self) -> None:
        """Show the full text of a card or place on the table; in a window, of the card or
        place its highlighted option names."""
        if self.busy:
            self._option_info()
            return
        view = self.view()
        targets = self.info_targets(view)
        if not targets:
            return

        def show(index: int) -> None:
            self._open_reference(targets[index][1])

        details = [self.info_detail(view, search) for _, search in targets]
        self._ask("Which card or place?", [label for label, _ in targets], show, details)

    def _option_info(self) -> None:
        """`i` in a window of game actions: the reference on its highlighted option's card."""
        panel = self.query_one(ChoicePanel)
        if not (panel.is_open and self._options) or panel.highlighted >= len(self._options):
            return
        search = self.option_reference(self._options[panel.highlighted])
        if search:
            self._open_reference(search)

    def _open_reference(self, search: str) -> None:
        from .help_screens import RulesScreen

        entries = self.rules_entries()
        self.app.push_screen(RulesScreen(entries, search=search, title=self.spec.title))

    def info_detail(self, view: dict, search: str) -> str:
        """What the detail line says of a card or place `i` offers (its reference search)."""
        return ""

    def option_reference(self, action) -> str:
        """The reference search for the card or place a window's option names ('' none)."""
        return ""

    def action_hint(self) -> None:
        """Ask what the strongest bot would do in your place (it thinks in the background)."""
        panel_open = self.query_one(ChoicePanel).is_open and bool(self._options)
        if not self._human_main_turn() and not panel_open:
            self.refuse("A hint is given when you are to decide.")
            return
        self.toast("Thinking about a hint…", timeout=2)
        self.seat.hint()

    def hint_words(self, action, words: str) -> str:
        """A hinted action in words (a game may add the key that takes it)."""
        return words

    def hinted(self, action) -> None:
        """A hint arrived for the position on the screen; a game may highlight its action."""
