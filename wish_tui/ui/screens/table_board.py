"""The base of every game's board: the widget a table screen, a replay and a watched table show.

A game's board composes its parts (map, cards, seats, log) and shows a seat's view; it declares
which of them a narrow terminal shows one at a time (`PARTS`, see `table_parts`), and says
which place of it a tap (a click) landed on (`PlaceTapped`; its widgets mark their places with
`wish_tui.widgets.board_place`, and its `TAPS` say what a place is to the game's choices).
"""

from __future__ import annotations

from typing import TypeVar

from textual import events
from textual.containers import Vertical
from textual.message import Message
from textual.widget import Widget

from wish_tui.widgets.board_place import tapped_place
from wish_tui.widgets.view_parts import ViewParts

from .table_taps import BoardTaps

W = TypeVar("W", bound=Widget)


class TableBoard(Vertical):
    """A game's whole table as one seat sees it; it renders a view and holds nothing."""

    PARTS: tuple[tuple[str, str], ...] = ()
    """The parts a narrow terminal shows one at a time, in order: (widget id, name on the part
    tabs). A widget of the board that is no part and holds none shows in every part. Empty:
    the board shows whole."""
    TAPS: type[BoardTaps] = BoardTaps
    """What the board's places are to the game's choices, for a tap on one (`table_taps`)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view_parts = ViewParts()
        """What each part of the board read of the view it was last drawn from: a game's
        `show_view` draws a part again only when that changed."""
        self._widgets: dict[type, Widget] = {}

    def composed(self, widget_type: type[W]) -> W:
        """The board's one widget of `widget_type`, as `query_one` finds it, asked of Textual
        once for the widget's life (a change shows several, and Textual reads its selector
        again each time). Raises `NoMatches` as `query_one` does."""
        found = self._widgets.get(widget_type)
        if found is None or found.parent is None:  # (a widget removed has no parent)
            found = self._widgets[widget_type] = self.query_one(widget_type)
        return found

    class PlaceTapped(Message):
        """A tap (a click) landed on a place of the board."""

        def __init__(self, place) -> None:
            super().__init__()
            self.place = place

    def on_click(self, event: events.Click) -> None:
        """A click on a marked place says which (the screen decides what a tap does)."""
        place = tapped_place(event)
        if place is not None:
            event.stop()
            self.post_message(self.PlaceTapped(place))

    def show(self, view: dict, seat: int, compact: bool, legal=(), my_turn=False, **marks) -> None:
        """Render `view` as `seat` sees it (`compact`: a small terminal); `legal`, `my_turn`
        and the screen's `marks` say what its keys may choose now. The boards draw from the
        view and the marks alone (`show_view`)."""
        self.show_view(view, seat, compact, **marks)

    def show_view(self, view: dict, seat: int, compact: bool, **marks) -> None:
        """Draw `view` as `seat` sees it, with what the screen highlights (`marks`: the
        game's own keywords, from `TableScreen.board_marks`)."""
        raise NotImplementedError
