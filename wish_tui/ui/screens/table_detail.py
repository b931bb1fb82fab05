"""The table screen's detail line: what is highlighted, said in words.

One object the `TableScreen` composes (`screen.detail`): a game whose screen sets `DETAIL_ROWS`
gets a `DetailLine` under its board, saying what the open window's highlighted option is
(`TableScreen.option_detail`, or the words a window that asks no game action gave, if any), or
else what the game's cursor is on (`TableScreen.detail_words`), after what a tap again on the
place just tapped would take (`TableTaps.prompt`). On a phone's narrow terminal it takes twice
the rows, so that a card's text is read whole in 40 columns.
"""

from __future__ import annotations

from textual.css.query import NoMatches

from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.detail_line import DetailLine

from .table_parts import NARROW_HEIGHT, NARROW_WIDTH


class TableDetail:
    """The detail line of a `TableScreen` (its `#detail`)."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.asked: list[str] = []
        """What the detail line says of each option of a window that asks no game action."""
        self._says_view = False
        """True when the detail line says what the game's cursor is on in the view (its words
        were last worked out from the view, not from an open window's options)."""
        self._prompt = ""
        """What a tap again would take, as the detail line last began (`TableTaps.prompt`)."""
        self._rise = 0
        """The rows the detail line lies above its place, risen with a refusal of two lines."""

    def rows(self) -> int:
        """The rows the detail line takes (0: the game has none)."""
        if not self.screen.DETAIL_ROWS:
            return 0
        # `query_one` is answered from Textual's cache; a `query` walks every widget each time.
        try:
            return self.screen.composed(DetailLine).rows
        except NoMatches:  # not mounted yet, or the screen is closing
            return 0

    def _rise_now(self) -> int:
        """The rows a refusal of two lines rises over the row above the status line (0: none)."""
        status_line = self.screen.status_line
        return max(0, status_line.room_top() - status_line.top())

    def rise_with_status(self) -> None:
        """The status line was placed: the detail line, just above it, rises with a refusal
        of two lines over the row above its place (whole, not half hidden under the refusal),
        and goes back with it."""
        if not self.rows():
            return
        rise = self._rise_now()
        if rise != self._rise:
            self._rise = rise
            self.screen.composed(DetailLine).styles.offset = (0, -rise)

    def rows_risen(self) -> range:
        """The screen rows the risen detail line lies over, above its place (none: empty)."""
        rows = self.rows()
        if not rows or not self._rise:
            return range(0)
        top = self.screen.status_line.room_top() - rows
        return range(top - self._rise, top)

    def fit(self) -> None:
        """Take twice the game's rows on a terminal narrower than `NARROW_WIDTH` (a phone
        upright) that is not also shorter than `NARROW_HEIGHT`."""
        screen = self.screen
        if screen.DETAIL_ROWS:
            upright = screen.size.width < NARROW_WIDTH and screen.size.height >= NARROW_HEIGHT
            screen.query_one(DetailLine).set_rows(screen.DETAIL_ROWS * (2 if upright else 1))

    def show(self, view: dict | None = None) -> None:
        """Say on the detail line what is highlighted: the open window's option, else what
        the game's cursor is on. A window that asks no game action and says nothing of its
        answers ('Yes', 'No, go back') leaves the detail line as it was: blanking it would send
        its rows again when the window closes, and what it says stays true."""
        screen = self.screen
        if not screen.DETAIL_ROWS:
            return
        panel = screen.composed(ChoicePanel)
        index = panel.highlighted
        if panel.is_open and screen._options:
            options = screen._options
            words = screen.option_detail(options[index]) if index < len(options) else ""
        elif panel.is_open and screen._on_choice is not None and self.asked:
            words = self.asked[index] if index < len(self.asked) else ""
        else:
            words = screen.detail_words(screen.view() if view is None else view)
        self._says_view = not panel.is_open or not (screen._options or self.asked)
        self._prompt = screen.taps.prompt()
        screen.composed(DetailLine).say(self._prompt + words if words else "")

    def show_opened(self) -> None:
        """A window just opened: say what its highlighted option is (`show`). One that asks no
        game action and says nothing of its answers leaves the view's words the detail line
        says, in a game whose words read nothing else (`DETAIL_OF_VIEW`): the view and the
        cursor are those they were worked out for (each change of either shows the detail
        line), unless what a tap again would take changed with it."""
        screen = self.screen
        stands = self._says_view and screen.DETAIL_OF_VIEW and not (screen._options or self.asked)
        if not stands or screen.taps.prompt() != self._prompt:
            self.show()
