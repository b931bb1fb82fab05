"""The table screen's help: its keys, the rules reference, a card's text and the hard bot's hint.

A part of `TableScreen` kept in its own file: it only reads the table and opens windows.
"""

from __future__ import annotations

from textual import work

from .choice_panel import ChoicePanel


class TableHelp:
    """`?`, `F1`, `i` and `h` of a table screen (mixed into `TableScreen`)."""

    def action_keys(self) -> None:
        """Show every key."""
        from .help_screens import KeysScreen

        self.app.push_screen(KeysScreen(self.keys_text(), f"Keys of {self.spec.title}"))

    def action_rules(self) -> None:
        """Open the rules reference."""
        from .help_screens import RulesScreen

        self.app.push_screen(RulesScreen(self.rules_entries(), title=self.spec.title))

    def action_info(self) -> None:
        """Show the full text of a card or place on the table."""
        if self.busy:
            return
        targets = self.info_targets(self.table.view(self.viewer))
        if not targets:
            return

        def show(index: int) -> None:
            from .help_screens import RulesScreen

            entries = self.rules_entries()
            self.app.push_screen(
                RulesScreen(entries, search=targets[index][1], title=self.spec.title)
            )

        self._ask("Which card or place?", [label for label, _ in targets], show)

    def action_hint(self) -> None:
        """Show what the strongest bot would do in your place (it thinks in the background)."""
        panel_open = self.query_one(ChoicePanel).is_open and bool(self._options)
        if not self._human_main_turn() and not panel_open:
            self.notify("A hint is given when you are to decide.", severity="warning")
            return
        self.notify("Thinking about a hint…", timeout=2)
        self._hint(self.state, self.viewer)

    @work(thread=True, exclusive=True, group="hint")
    def _hint(self, state, seat: int) -> None:
        action, reason = self.table.hint(seat, state)
        self.app.call_from_thread(self._show_hint, state, action, reason)

    def _show_hint(self, state, action, reason: str) -> None:
        if state is self.state:
            self.notify(f"Hint: {self.hint_words(action)} — {reason}", timeout=12)
            self._hint_shown = True
            self.hinted(action)

    def hint_words(self, action) -> str:
        """A hinted action in words (a game may add the key that takes it)."""
        return self.describe(action)

    def hinted(self, action) -> None:
        """A hint arrived for the position on the screen; a game may highlight its action."""
