"""Help windows any game uses: its keys, and a searchable rules reference with wrapped texts.

On a phone's narrow terminal the keys' columns become one key a line and the window scrolls
(↑↓, PageUp/PageDown, a finger or the wheel; below 80x24 only, so that a larger one is as it was); the reference's title wraps and its search box
takes one row."""

from __future__ import annotations

import re

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from .app_screen import AppModalScreen


class KeysScreen(AppModalScreen[None]):
    """Every key of a game."""

    DEFAULT_CSS = """
    KeysScreen { align: center middle; }
    KeysScreen > Vertical { width: 78; max-width: 100%; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 1; }
    KeysScreen.-slim > Vertical, KeysScreen.-short > Vertical { overflow-y: auto; }
    KeysScreen #keys-title { text-style: bold; }
    """
    BINDINGS = [
        Binding("escape,question_mark,q", "close", "Close"),
        Binding("up", "read(-1, False)", show=False),
        Binding("down", "read(1, False)", show=False),
        Binding("pageup", "read(-1, True)", show=False),
        Binding("pagedown", "read(1, True)", show=False),
    ]
    WIDE = 80
    """From this width on the keys show in their columns; below it one key a line."""

    def __init__(self, text: str, title: str = "Keys") -> None:
        super().__init__()
        self.text = text
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, id="keys-title")
            yield Static(self.text, id="keys-text")
            yield Label("Esc closes.")

    def on_resize(self) -> None:
        text = self.text
        if self.size.width < self.WIDE:
            text = re.sub(r" {2,}", "\n", text)  # the columns' gaps
        self.query_one("#keys-text", Static).update(text)

    def action_read(self, delta: int, page: bool) -> None:
        """Scroll the keys by a line or a page."""
        box = self.query_one(Vertical)
        box.scroll_relative(y=delta * (max(1, box.size.height - 1) if page else 1), animate=False)

    def action_close(self) -> None:
        """Close the window."""
        self.dismiss(None)


def _rank(title: str, needle: str) -> int:
    """0 for a title that is the search (or its name after 'Area: '), 1 for a title holding
    it, 2 for the rest."""
    title = title.lower()
    if needle and needle in (title, title.partition(": ")[2]):
        return 0
    return 1 if needle in title else 2


class RulesScreen(AppModalScreen[None]):
    """A searchable rules reference: type to search, ↑↓ browse, the whole text wraps below."""

    DEFAULT_CSS = """
    RulesScreen { align: center middle; }
    RulesScreen > Vertical { width: 96%; height: 95%; border: thick $accent; background: $surface; }
    RulesScreen OptionList { height: 1fr; min-height: 3; }
    RulesScreen OptionList > .option-list--option-highlighted { text-style: bold underline; }
    RulesScreen #rule-scroll { height: 2fr; border-top: solid $accent; padding: 0 1; }
    RulesScreen #rule-text { width: 100%; }
    RulesScreen.-slim Label { width: 1fr; }
    RulesScreen.-slim Input, RulesScreen.-short Input { border: none; height: 1; padding: 0 1; }
    """
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("up", "browse(-1)", "Previous", show=False, priority=True),
        Binding("down", "browse(1)", "Next", show=False, priority=True),
        Binding("pageup", "read(-1)", "Text up", show=False, priority=True),
        Binding("pagedown", "read(1)", "Text down", show=False, priority=True),
    ]

    def __init__(self, entries: list[tuple[str, str]], search: str = "", title: str = "") -> None:
        super().__init__()
        self.entries = entries
        self.search = search
        self.title_text = title or "How to play"
        self.shown: list[tuple[str, str]] = []

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(
                f"{self.title_text} — type to search, ↑↓ browse, PageUp/PageDown read, Esc closes"
            )
            yield Input(value=self.search, placeholder="search the rules, cards and places…")
            yield OptionList()
            with VerticalScroll(id="rule-scroll"):
                yield Static("", id="rule-text")

    def on_mount(self) -> None:
        option_list = self.query_one(OptionList)
        option_list.can_focus = False
        self._fill(self.search)
        self.query_one(Input).focus()

    def _fill(self, needle: str) -> None:
        needle = needle.lower().strip()
        option_list = self.query_one(OptionList)
        option_list.clear_options()
        found = [e for e in self.entries if needle in e[0].lower() or needle in e[1].lower()]
        # An entry named by the search itself ('Oasis' for 'Area: Oasis') comes first, then
        # those whose title holds it, then those whose text does.
        self.shown = sorted(found, key=lambda entry: _rank(entry[0], needle))
        option_list.add_options([Option(title) for title, _ in self.shown])
        if self.shown:
            option_list.highlighted = 0
        self._show_text()

    def _show_text(self) -> None:
        index = self.query_one(OptionList).highlighted
        if self.shown and index is not None and 0 <= index < len(self.shown):
            title, text = self.shown[index]
            self.query_one("#rule-text", Static).update(f"{title}\n\n{text}")
        else:
            self.query_one("#rule-text", Static).update("Nothing matches.")
        self.query_one("#rule-scroll").scroll_home(animate=False)

    def on_input_changed(self, event: Input.Changed) -> None:
        self._fill(event.value)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_text()

    def action_browse(self, delta: int) -> None:
        """Highlight the previous or next entry."""
        option_list = self.query_one(OptionList)
        if not self.shown:
            return
        current = option_list.highlighted or 0
        option_list.highlighted = max(0, min(len(self.shown) - 1, current + delta))

    def action_read(self, pages: int) -> None:
        """Scroll the entry's text by a page."""
        scroll = self.query_one("#rule-scroll")
        scroll.scroll_relative(y=pages * max(1, scroll.size.height - 1), animate=False)

    def action_close(self) -> None:
        """Close the reference."""
        self.dismiss(None)
