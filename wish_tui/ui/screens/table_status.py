"""The table screen's status line: whose turn it is and what to do, or why a key was refused.

One object the `TableScreen` composes (`screen.status_line`). A refusal takes the status line's
place, marked `✗` and in warning style, in at most two lines (the second over the log's last
row: the layout never moves; below `SLIM_WIDTH` columns three, in rows of their own), until the
next key or the next change at the table; the next refusal replaces it. A refusal of several
sentences shows those that fit whole: a sentence is cut with '…' only when it alone is too long. A toast over the seats' rows said it before: as it came and went it
repainted the rows under it, most of the bytes a refused key sent.
"""

from __future__ import annotations

import re

from rich.console import Console
from rich.text import Text
from textual.css.query import NoMatches

from wish_tui.ui.terminal.textual_marks import LayoutMark, layout_mark
from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.view_text import ViewText

REFUSED_MARK = "✗ "
"""What begins a refusal: it reads as refused without colour (NO_COLOR, a screen reader)."""
REFUSAL_LINES = 2
"""The most lines a refusal takes; a longer first sentence ends in '…'."""
SLIM_WIDTH, SLIM_LINES = 50, 3
"""Below this many columns (a phone upright) the status line takes up to `SLIM_LINES`."""
_MEASURE = Console(width=400, color_system=None)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9])")
"""Where one sentence of a refusal ends and the next begins."""


class TableStatus:
    """The status line of a `TableScreen` (its `#status`)."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.refusal: str | None = None
        """The sentence of the refusal the status line shows (None: it shows the turn's status)."""
        self._turn_keys: str | None = None
        """The turn's status while a key's window says otherwise: the keys it names stay in the
        key bar, live as they were (another game key takes the window's place)."""
        self._rows: tuple[int, int, int] | None = None
        """(`top()`, `room_top()`, `bottom()`) while `measured`: what lies over the table is placed from
        them, each asked several times, and Textual works a screen's size out each time."""
        self._set: tuple[tuple | None, tuple | None] = (None, None)
        """The height of the status line's room and the status line's top row as `show` last
        set them, each with its widget: set again only when they change."""
        self._placed: LayoutMark | None = None
        """The screen's layout as it stood when the status line was last placed (`show`): a
        change drawn without a layout since moved nothing to place again."""

    def measured(self) -> _Measured:
        """Within (a context), the status line's rows are worked out once (`top`, `room_top`,
        `bottom`): nothing within changes the screen's size, the key bar's rows or the status
        line's."""
        return _Measured(self)

    def _measure(self) -> tuple[int, int, int]:
        screen = self.screen
        bottom = screen.size.height - screen.key_bar.rows()
        lines = screen.composed("#status", ViewText).line_count
        room = screen.composed("#status-room").styles.height
        return bottom - lines, bottom - (int(room.value) if room is not None else 1), bottom

    def refuse(self, sentence: str) -> None:
        """Say in the status line why what was asked is refused (replacing an earlier refusal)."""
        self.refusal = sentence
        self.show()

    def drop_stale_refusal(self) -> None:
        """The table changed: a refusal about the position before goes."""
        self.refusal = None

    def clear_refusal(self) -> None:
        """Take the refusal off the status line (a key was pressed, the table changed)."""
        if self.refusal is not None:
            self.refusal = None
            self.show()

    def show(self, view: dict | None = None) -> None:
        """Show the status line: the refusal when there is one, else the turn's status."""
        screen = self.screen
        status = screen.composed("#status", ViewText)
        self._turn_keys = None
        if self.refusal is None:
            text = Text(self.line(screen.view() if view is None else view))
            if screen.parts.narrow:
                text = Text("\n".join(self._wrapped(text.plain, status.size.width, "")))
        else:
            text = Text("\n".join(self._refusal_lines(status.size.width or screen.size.width)))
        refused = self.refusal is not None
        if status.has_class("-refused") != refused:
            status.set_class(refused, "-refused")
        status.show(text)
        # On a narrow terminal the status takes rows of its own (a part of the board may have
        # no log's last row to rise over); on a wider one, its one row.
        lines = text.plain.count("\n") + 1 if screen.parts.narrow else 1
        # The room's height and the line's place are set only when they change (Textual parses
        # what it is given each time): nothing else sets them.
        room = screen.composed("#status-room")
        if self._set[0] != (room, lines):
            room.styles.height = lines
            self._set = ((room, lines), self._set[1])
        screen.key_bar.name_keys(self._turn_keys or text.plain)
        with self.measured():
            top = screen.status_top()
            if self._set[1] != (status, top):
                status.styles.offset = (0, max(0, top))
                self._set = (self._set[0], (status, top))
            screen.status_placed(top)
        self._placed = layout_mark(screen)

    def place_when_drawn(self) -> None:
        """Tell the screen where the status line begins once a change is drawn (nothing when
        the screen has lost its widgets since: a table closed as its screen opened; nor when
        the frame laid nothing out since the status line was shown and placed: what it
        placed then stands)."""
        screen = self.screen
        if self._placed is not None and self._placed.still(screen):
            return
        try:
            screen.composed("#status", ViewText)
        except NoMatches:
            return
        with self.measured():
            screen.status_placed(self.top())
        self._placed = layout_mark(screen)

    def top(self) -> int:
        """The screen row the status line begins at: just above the key bar, the screen's last
        rows (a refusal of two lines rises over the log's last row)."""
        return (self._rows or self._measure())[0]

    def room_top(self) -> int:
        """The first screen row kept for the status line (two on a narrow terminal when its
        words need them; one elsewhere, a refusal's second rising over the row above)."""
        return (self._rows or self._measure())[1]

    def bottom(self) -> int:
        """The screen row under the status line's: the key bar's first."""
        return (self._rows or self._measure())[2]

    def _refusal_lines(self, width: int) -> list[str]:
        """The refusal in its lines: the most whole sentences that fit (a sentence is never cut
        short for the one after it), else its first sentence cut with '…'."""
        indent = " " * len(REFUSED_MARK)
        sentences = SENTENCE_END.split(self.refusal)
        for count in range(len(sentences), 1, -1):
            words = self._with_clock(REFUSED_MARK + " ".join(sentences[:count]))
            if self._fits(words, width, indent):
                return self._wrapped(words, width, indent)
        return self._wrapped(self._with_clock(REFUSED_MARK + sentences[0]), width, indent)

    def _fits(self, words: str, width: int, indent: str) -> bool:
        """True when `words` wrap into the status line's lines without a cut."""
        width = width or self.screen.size.width
        room = max(10, width - len(indent))
        return len(Text(words).wrap(_MEASURE, room)) <= self._most_lines(width)

    def _most_lines(self, width: int) -> int:
        """The most lines the status line takes at `width` columns."""
        return SLIM_LINES if width < SLIM_WIDTH and self.screen.parts.narrow else REFUSAL_LINES

    def _wrapped(self, words: str, width: int, indent: str) -> list[str]:
        """`words` in at most two lines of `width` (three below `SLIM_WIDTH`), the others after
        `indent` (under a refusal's mark)."""
        width = width or self.screen.size.width
        most = self._most_lines(width)
        room = max(10, width - len(indent))
        lines = [line.plain for line in Text(words).wrap(_MEASURE, room)]
        if len(lines) > most:
            lines = lines[:most]
            lines[-1] = lines[-1][: room - 1].rstrip() + "…"
        return [lines[0], *(indent + line for line in lines[1:])]

    def line(self, view: dict) -> str:
        """The turn's status line for `view`, after the table's clock."""
        return self._with_clock(self._words(view))

    def _with_clock(self, words: str) -> str:
        """`words` after the table's clock, when it has one; on a line too short for both, after
        the running seat's time alone (the rest of the clock goes before the words do), or
        alone when the clock runs for no one."""
        people = self.screen.people
        clock = people.clock_line()
        if not clock:
            return words
        line = f"{clock} │ {words}"
        if self.screen.parts.narrow or Text(line).cell_len <= self.screen.size.width:
            return line
        running = people.clock_line(running_only=True)
        return f"{running} │ {words}" if running else words  # stopped (the game over): words

    def _room(self, words: str) -> int | None:
        """The columns left after `words` on a one-row status line, beside the clock as it
        would stand there (None: the status line wraps, on a narrow terminal)."""
        screen = self.screen
        if screen.parts.narrow or not screen.size.width:
            return None
        return screen.size.width - Text(self._with_clock(words)).cell_len

    def _join_words(self, info) -> str:
        """Where a friend takes an open seat of a server's table: its number, which the
        table's screen says nowhere else (short: the way back to the tables still fits)."""
        table = self.screen.table
        if info.person or not info.is_human or not table.id:
            return ""
        return f" at table {table.id}"

    def _with_open_seat(self, words: str) -> str:
        """`words`, and after them, while a seat of a server's table is open, the number a
        friend joins it by (its opener's turn comes first in some games), where the line has
        room: said in fewer words on a shorter line, never pushing the turn's words out."""
        table = self.screen.table
        if not table.id or not any(s.is_human and not s.person for s in table.seats):
            return words
        room = self._room(words)
        if room is None:  # a narrow terminal's status wraps: a line more would cover the board
            return words
        space = " " if words.endswith(".") else " · "
        for said in (
            f"Table {table.id}: a seat waits for a friend.",
            f"Open seat: table {table.id}.",
        ):
            if len(space + said) <= room:
                return words + space + said
        return words

    def _words(self, view: dict) -> str:
        screen = self.screen
        table = screen.table
        if table.is_over:
            if screen.leaving.scoring_shown():
                return "The game is over: its final scoring is shown; Esc there shows the table."
            return "The game is over: Enter shows the final scoring, q leaves."
        seat = table.deciding
        info = table.seats[seat]
        who = screen.people.seat_label(seat)
        if not info.mine:
            kept = screen.turns.kept_words()
            if not info.is_human and table.hurries_bots:
                return f"{who} is thinking… " + (kept.strip() or "press any key to hurry it.")
            said = waiting = f"Waiting for {who}{self._join_words(info)}."
            waiting += screen.people.waiting_keys(self._room(waiting))
            if kept:
                # The key bar keeps the keys of the wait: the kept key's words stand in for
                # theirs on the line only.
                self._turn_keys = waiting
            return said + kept if kept else waiting
        if seat != screen.viewer:
            return f"Waiting for {who}."
        return self._with_open_seat(self._turn_words(view, info))

    def _turn_words(self, view: dict, info) -> str:
        """The status of this keyboard's turn, shown for its seat `info`."""
        screen = self.screen
        if screen.asks_in_panel(view):
            return f"{info.title}: a decision is waiting — choose in the window."
        if screen.composed(ChoicePanel).is_open:
            # A key's window: Enter answers it, not what the turn's status says Enter does.
            self._turn_keys = f"{info.title}: " + screen.turn_status(view)
            return f"{info.title}: choose in the window, or Esc goes back."
        if not screen.DETAIL_ROWS and (again := screen.taps.prompt()):
            return f"{info.title}: {again.strip()}"  # a game with no detail line says it here
        return f"{info.title}: " + screen.turn_status(view)


class _Measured:
    """`TableStatus.measured`: a context within which its rows are measured once (a context
    of a class of its own: one is entered at every placement, a generator's costs more)."""

    __slots__ = ("status", "outer")

    def __init__(self, status: TableStatus) -> None:
        self.status = status
        self.outer = False

    def __enter__(self) -> None:
        status = self.status
        self.outer = status._rows is None
        if self.outer:
            status._rows = status._measure()

    def __exit__(self, *exc) -> None:
        if self.outer:
            self.status._rows = None
