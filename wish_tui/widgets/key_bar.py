"""The key bar: a game screen's keys on one line, each greyed when it cannot be used now.

It replaces Textual's Footer on the game screens because the Footer redraws its whole line each
time one key changes, which happens after nearly every action. Here a key that turns grey or
usable redraws only its own few cells; a hidden key takes no room, so games list their rarely
usable keys last, and only the keys after one that appears or disappears move.

Every key shown keeps its label in sight: when the keys do not fit the width, their words give
way first, and a word is never cut: a description of several words gives way to its first one
at a time (the greyed keys' first, the longest first), then the words of the keys listed after
`terse_from` (a sentence on the screen explains them) are left out, then the greyed keys',
then all. A bar allowed more rows (`set_max_rows`, on a narrow
terminal) wraps its keys onto them before it cuts any word.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from wish_tui.ui.terminal.textual_layout import content_size, own_rich_style

KEY_NAMES = {
    "question_mark": "?",
    "escape": "esc",
    "enter": "⏎",
    "pageup": "pgup",
    "pagedown": "pgdn",
    "ctrl+s": "^s",
    "ctrl+q": "^q",
}
LAID_KEPT = 64
"""The most layouts of the keys a bar keeps (a game's turns show a few sets of states)."""


def key_label(key: str) -> str:
    """How a binding's key is printed: its first key, short."""
    first = key.split(",")[0]
    return KEY_NAMES.get(first, first)


def shown_keys(bindings: list[Binding]) -> list[tuple[str, str]]:
    """The (key, description) of each binding a key bar shows (those with ``show``)."""
    return [(b.key, b.description) for b in bindings if b.show]


class KeyBar(Widget):
    """A line of keys (or a few): `set_keys` once, then `show_states` after each change."""

    DEFAULT_CSS = "KeyBar { height: auto; background: $panel; color: $text; }"

    class RowsChanged(Message):
        """The keys now take another number of rows (what lies above the bar moves)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._keys: list[tuple[str, str]] = []
        self._states: list[bool | None] = []
        self._slots: list[tuple[int, int, int]] = []
        """Per key, its column, row and width on the bar (width 0: left out)."""
        self._max_rows = 1
        self._rows = 1
        """The rows the keys take now."""
        self._labels: list[str] = []
        """Per key, its label as the bar prints it."""
        self._words: list[str] = []
        """Per key, its description as the bar shows it now (maybe cut short, or left out)."""
        self._terse_from: int | None = None
        self._base: Style | None = None
        """The bar's own style (Textual works it out from every ancestor's each time it is
        asked after a refresh)."""
        self._drawn: dict[tuple, Strip] = {}
        """Rows drawn, by the bar's style and the keys they show (a turn's keys come back, and
        a style notified anew is most often the same style)."""
        self._laid: dict[tuple, tuple[list[str], list, int]] = {}
        """The keys' words, places and rows, by the room, rows, states and labels they were
        laid out for (the keys set, `set_keys`, being the same)."""
        self.resized: Callable[[], None] | None = None
        """Called once the keys are laid out at a new size (the owner judges anew what gives
        way: the table screen's `?` and `q`)."""

    def set_keys(self, keys: list[tuple[str, str]], terse_from: int | None = None) -> None:
        """The keys to show, in order, as (key, description); those from index `terse_from` on
        are the first to show without their description when the keys do not fit."""
        self._keys = list(keys)
        self._laid.clear()
        self._labels = [key_label(key) for key, _ in keys]
        self._terse_from = terse_from
        self._states = [True] * len(keys)
        self._layout()
        self.refresh()

    def set_max_rows(self, rows: int) -> None:
        """Let the keys wrap onto up to `rows` rows before their words are cut."""
        if rows != self._max_rows:
            self._max_rows = rows
            self._relayout()

    def show_states(self, states: list[bool | None], labels: list[str] | None = None) -> None:
        """Per key: True usable, None greyed, False hidden; `labels`, when given, print the keys
        otherwise (Enter as well as b: '⏎/b'). Redraws only keys that changed."""
        states = list(states)
        if len(states) != len(self._keys):
            return
        labels = list(labels) if labels is not None else [key_label(k) for k, _ in self._keys]
        if states == self._states and labels == self._labels:
            return  # laid out and drawn as they are (a new width lays them out on its own)
        old, self._states = self._states, states
        old_labels, self._labels = self._labels, labels
        old_slots, old_rows = self._slots, self._rows
        self._layout()
        if self._rows > 1 or old_rows > 1:
            self._rows_changed(old_rows)
            self.refresh()
            return
        changed = [
            i
            for i, (before, after) in enumerate(zip(old, states, strict=True))
            if before != after or old_slots[i] != self._slots[i] or old_labels[i] != labels[i]
        ]
        if not changed:
            return
        # One region from the first key that changed to the last (or to the end of the line
        # when keys moved): the terminal gets one run of text, not one per key.
        start = min(min(old_slots[i][0], self._slots[i][0]) for i in changed)
        moved = any(old_slots[i] != self._slots[i] for i in changed)
        last = changed[-1]
        end = self.size.width if moved else self._slots[last][0] + self._slots[last][2] + 1
        self.refresh(Region(start, 0, max(0, end - start), 1))

    def on_click(self, event: events.Click) -> None:
        """A click on a usable key presses it (a browser's or a terminal's mouse)."""
        slots = zip(self._keys, self._states, self._slots, strict=True)
        for (key, _), state, (x, y, width) in slots:
            if state and y == event.y and x <= event.x < x + width:
                event.stop()
                self.app.simulate_key(key.split(",")[0])
                return

    @property
    def states(self) -> list[bool | None]:
        return list(self._states)

    def cut(self, index: int) -> bool:
        """True when key `index` shows fewer words than its description (to fit the width)."""
        return self._words[index] != self._keys[index][1]

    def labels_in_sight(self) -> list[str]:
        """The labels of the keys shown whole within the bar's width, usable or grey."""
        width = self.size.width
        return [
            label
            for label, state, (x, _, size) in zip(
                self._labels, self._states, self._slots, strict=True
            )
            if state is not False and x + size <= width
        ]

    def _layout(self) -> None:
        room = self.size.width or 80
        held = (room, self._max_rows, tuple(self._states), tuple(self._labels))
        laid = self._laid.get(held)
        if laid is not None:  # a turn's keys come back: laid out as then
            self._words, self._slots, self._rows = laid
            return
        self._lay_out(room)
        if len(self._laid) >= LAID_KEPT:
            self._laid.clear()
        self._laid[held] = (self._words, self._slots, self._rows)

    def _lay_out(self, room: int) -> None:
        wordings = list(self._wordings())
        tries = [(1, words) for words in wordings]
        if self._max_rows > 1:
            # One row when it takes no more than the terse keys' words, else more rows.
            tries = [*tries[:2], *((self._max_rows, words) for words in wordings)]
        for rows, words in tries:
            self._words = words
            if self._place(words, room, rows):
                return

    def _place(self, words: list[str], room: int, rows: int) -> bool:
        """Lay the keys out with `words` on up to `rows` rows; True when they fit."""
        self._slots = []
        x, y = 1, 0
        for label, state, text in zip(self._labels, self._states, words, strict=True):
            width = 0 if state is False else len(label) + (len(text) + 1 if text else 0)
            if width and x > 1 and x + width + 1 > room and y + 1 < rows:
                x, y = 1, y + 1
            self._slots.append((x, y, width))
            x += width + (1 if width else 0)
        self._rows = y + 1
        return x <= room

    def _wordings(self):
        """The keys' descriptions as the bar may show them, the fullest first: a word is
        never cut, only left out."""
        full = [description for _, description in self._keys]
        yield full
        # A description of several words gives way to its first ('End turn': 'End'), one at a
        # time, the greyed keys' first and the longest first.
        words = list(full)
        order = sorted(range(len(words)), key=lambda i: (bool(self._states[i]), -len(words[i])))
        for i in order:
            first = words[i].split(" ")[0]
            if first != words[i]:
                words = [*words[:i], first, *words[i + 1 :]]
                yield words
        # Then the words of the keys a sentence on the screen explains, the last first.
        terse = len(full) if self._terse_from is None else self._terse_from
        for i in reversed(range(terse, len(words))):
            if words[i]:
                words = [*words[:i], "", *words[i + 1 :]]
                yield words
        yield [text if state else "" for text, state in zip(words, self._states, strict=True)]
        yield [""] * len(full)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._rows

    def on_resize(self) -> None:
        self._relayout()
        if self.resized is not None:
            self.resized()

    def _relayout(self) -> None:
        rows = self._rows
        self._layout()
        self._rows_changed(rows)
        self.refresh()

    def _rows_changed(self, before: int) -> None:
        if self._rows != before:
            self.refresh(layout=True)
            self.post_message(self.RowsChanged())

    @property
    def rows(self) -> int:
        """The rows the keys take now."""
        return self._rows

    def notify_style_update(self) -> None:
        # A new class or theme may change the bar's style: the rows drawn are kept by the
        # style they were drawn with (a class set on the screen most often changes nothing of
        # the bar's).
        super().notify_style_update()
        self._base = None

    def render_line(self, y: int) -> Strip:
        if self._base is None:
            self._base = own_rich_style(self)
        base = self._base
        width = content_size(self).width
        if y >= self._rows:
            return Strip.blank(width, base)
        keys = zip(self._labels, self._states, self._words, self._slots, strict=True)
        shown = tuple(
            (label, state, words)
            for label, state, words, (_, row, _) in keys
            if state is not False and row == y
        )
        strip = self._drawn.get((base, width, shown))
        if strip is None:
            usable = base + Style(bold=True)
            dim = base + Style(dim=True)
            # One segment a key, since each segment costs its colour codes on the wire.
            segments = [Segment(" ", base)]
            for label, state, words in shown:
                text = f"{label} {words} " if words else f"{label} "
                segments.append(Segment(text, usable if state else dim))
            strip = Strip(segments).crop_extend(0, width, base)
            if len(self._drawn) >= 16:
                self._drawn.clear()
            self._drawn[base, width, shown] = strip
        return strip


def with_key(words: str, key: str) -> str:
    """`words` and the key that does it: 'Manifest (m)'; after words that end in brackets,
    'Manifest (column 1), key m' (two brackets in a row read as two asides)."""
    if not words.endswith(")"):
        return f"{words} ({key})"
    return f"{words}, {key}" if " " in key else f"{words}, key {key}"
