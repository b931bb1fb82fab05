"""The table screen's help: its keys, the rules reference, a card's text and the hard bot's hint.

One object the `TableScreen` composes (`screen.guide`): it only reads the seat's view and opens
windows.
"""

from __future__ import annotations

from wish_tui.tables.seat import Hint
from wish_tui.widgets.choice_panel import ChoicePanel

WINDOW_KEYS_TEXT = "Windows: a number or ↑↓ Enter picks · Esc back · action keys end yours"
"""How an open window is answered, for `?`."""
THINKING_TIMEOUT = 120
"""Seconds "Thinking about a hint…" may stay: it goes when the hint comes or its position does
(a hint under load takes several seconds; one that never comes does not stay for good)."""


class TableHelp:
    """`?`, `F1`, `i` and `h` of a table screen."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.hint_shown = False
        """True while a hint's toast (or the note that one is coming) is on the screen."""
        self.hint_version = -1
        """The table's version the hint on the screen was given for."""

    def keys(self) -> None:
        """Show every key."""
        from .help_screens import KeysScreen

        screen = self.screen
        text = f"{screen.keys_text()}\n{WINDOW_KEYS_TEXT}\n{screen.people.keys_text()}"
        self._over_the_table(KeysScreen(text, f"Keys of {screen.spec.title}"))

    def rules(self) -> None:
        """Open the rules reference."""
        from .help_screens import RulesScreen

        screen = self.screen
        self._over_the_table(RulesScreen(screen.rules_entries(), title=screen.spec.title))

    def info(self) -> None:
        """Show the full text of a card or place on the table; in a window, of the card or
        place its highlighted option names."""
        screen = self.screen
        if screen.busy:
            self._option_info()
            return
        view = screen.view()
        targets = screen.info_targets(view)
        if not targets:
            return

        def show(index: int) -> None:
            self._open_reference(targets[index][1])

        details = [screen.info_detail(view, search) for _, search in targets]
        screen._ask("Which card or place?", [label for label, _ in targets], show, details)

    def _option_info(self) -> None:
        """`i` in a window of game actions: the reference on its highlighted option's card."""
        screen = self.screen
        panel = screen.composed(ChoicePanel)
        if not (panel.is_open and screen._options) or panel.highlighted >= len(screen._options):
            return
        search = screen.option_reference(screen._options[panel.highlighted])
        if search:
            self._open_reference(search)

    def _open_reference(self, search: str) -> None:
        """Open the rules reference at what `search` finds."""
        from .help_screens import RulesScreen

        screen = self.screen
        entries = screen.rules_entries()
        self._over_the_table(RulesScreen(entries, search=search, title=screen.spec.title))

    def _over_the_table(self, window) -> None:
        """Open a window to read over the table. The table's notifications (a hint) wait under
        it (app.tcss: the window shows none either): drawn over it, they hid its words; they
        show again once it closes."""
        screen = self.screen
        screen.add_class("-reading")
        screen.app.push_screen(window, lambda _: screen.remove_class("-reading"))

    def hint(self) -> None:
        """Ask what the strongest bot would do in your place (it thinks in the background)."""
        screen = self.screen
        panel_open = screen.composed(ChoicePanel).is_open and bool(screen._options)
        if not screen._human_main_turn() and not panel_open:
            screen.refuse("A hint is given when you are to decide.")
            return
        screen.toast("Thinking about a hint…", timeout=THINKING_TIMEOUT)
        self.hint_shown = True
        self.hint_version = screen.table.version
        screen.seat.hint()

    def told(self, hint: Hint) -> None:
        """A hint asked for is ready (one for a position that is gone is dropped)."""
        screen = self.screen
        if hint.actions != screen.table.actions or screen.table.deciding != screen.viewer:
            return
        action = screen.spec.rules.Action.parse(hint.notation)
        words = f"Hint: {screen.hint_words(action, hint.words)} — {hint.reason}"
        screen.toasts.clear(then=lambda: screen.toast(words, timeout=12))  # the note goes
        screen.name_hint_keys(words)
        self.hint_shown = True
        self.hint_version = screen.table.version
        screen._hinted = action
        screen.hinted(action)

    def clear_hint(self) -> None:
        """Take the hint off the screen (it was about the position before)."""
        self.screen._hinted = None
        if self.hint_shown:
            self.hint_shown = False
            self.screen.toasts.clear()
            self.screen.name_hint_keys("")

    def drop_stale_hint(self) -> None:
        """The table changed: a hint of a position that is gone goes, whatever window is open."""
        if self.screen.table.version != self.hint_version:
            self.clear_hint()
