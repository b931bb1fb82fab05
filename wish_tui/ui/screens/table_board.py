"""The base of every game's board: the widget a table screen, a replay and a watched table show.

A game's board composes its parts (map, cards, seats, log) and shows a seat's view; it declares
which of them a narrow terminal shows one at a time (`PARTS`, see `table_parts`).
"""

from __future__ import annotations

from textual.containers import Vertical


class TableBoard(Vertical):
    """A game's whole table as one seat sees it; it renders a view and holds nothing."""

    PARTS: tuple[tuple[str, str], ...] = ()
    """The parts a narrow terminal shows one at a time, in order: (widget id, name on the part
    tabs). A widget of the board that is no part and holds none shows in every part. Empty:
    the board shows whole."""

    def show(self, view: dict, seat: int, compact: bool, legal=(), my_turn=False, **marks) -> None:
        """Render `view` as `seat` sees it (`compact`: a small terminal); `legal`, `my_turn`
        and the screen's `marks` say what its keys may choose now."""
        raise NotImplementedError
