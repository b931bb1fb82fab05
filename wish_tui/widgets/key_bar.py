"""The key bar: a game screen's keys on one line, each greyed when it cannot be used now.

It replaces Textual's Footer on the game screens because the Footer redraws its whole line each
time one key changes, which happens after nearly every action. Here a key that turns grey or
usable redraws only its own few cells; a hidden key takes no room, so games list their rarely
usable keys last, and only the keys after one that appears or disappears move.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

KEY_NAMES = {
    "question_mark": "?",
    "escape": "esc",
    "enter": "⏎",
    "pageup": "pgup",
    "pagedown": "pgdn",
    "ctrl+s": "^s",
    "ctrl+q": "^q",
}


def key_label(key: str) -> str:
    """How a binding's key is printed: its first key, short."""
    first = key.split(",")[0]
    return KEY_NAMES.get(first, first)


def shown_keys(bindings: list[Binding]) -> list[tuple[str, str]]:
    """The (key, description) of each binding a key bar shows (those with ``show``)."""
    return [(b.key, b.description) for b in bindings if b.show]


class KeyBar(Widget):
    """One line of keys: `set_keys` once, then `show_states` after each change."""

    DEFAULT_CSS = "KeyBar { height: 1; background: $panel; color: $text; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._keys: list[tuple[str, str]] = []
        self._states: list[bool | None] = []
        self._slots: list[tuple[int, int]] = []

    def set_keys(self, keys: list[tuple[str, str]]) -> None:
        """The keys to show, in order, as (key, description)."""
        self._keys = list(keys)
        self._states = [True] * len(keys)
        self._layout()
        self.refresh()

    def show_states(self, states: list[bool | None]) -> None:
        """Per key: True usable, None greyed, False hidden. Redraws only keys that changed."""
        states = list(states)
        if len(states) != len(self._keys):
            return
        old, self._states = self._states, states
        old_slots = self._slots
        self._layout()
        changed = [
            i
            for i, (before, after) in enumerate(zip(old, states, strict=True))
            if before != after or old_slots[i] != self._slots[i]
        ]
        if not changed:
            return
        # One region from the first key that changed to the last (or to the end of the line
        # when keys moved): the terminal gets one run of text, not one per key.
        start = min(min(old_slots[i][0], self._slots[i][0]) for i in changed)
        moved = any(old_slots[i] != self._slots[i] for i in changed)
        last = changed[-1]
        end = self.size.width if moved else self._slots[last][0] + self._slots[last][1] + 1
        self.refresh(Region(start, 0, max(0, end - start), 1))

    def on_click(self, event: events.Click) -> None:
        """A click on a usable key presses it (a browser's or a terminal's mouse)."""
        for (key, _), state, (x, width) in zip(self._keys, self._states, self._slots, strict=True):
            if state and x <= event.x < x + width:
                event.stop()
                self.app.simulate_key(key.split(",")[0])
                return

    @property
    def states(self) -> list[bool | None]:
        return list(self._states)

    def _layout(self) -> None:
        self._slots = []
        x = 1
        for (key, description), state in zip(self._keys, self._states, strict=True):
            width = 0 if state is False else len(key_label(key)) + 1 + len(description)
            self._slots.append((x, width))
            x += width + (1 if width else 0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 1

    def render_line(self, y: int) -> Strip:
        base = self.rich_style
        width = self.size.width
        if y != 0:
            return Strip.blank(width, base)
        usable = base + Style(bold=True)
        dim = base + Style(dim=True)
        # One segment a key, since each segment costs its colour codes on the wire.
        segments = [Segment(" ", base)]
        for (key, description), state in zip(self._keys, self._states, strict=True):
            if state is not False:
                text = f"{key_label(key)} {description} "
                segments.append(Segment(text, usable if state else dim))
        return Strip(segments).crop_extend(0, width, base)
