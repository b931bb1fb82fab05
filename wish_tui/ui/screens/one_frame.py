"""A table's change drawn in one frame.

Textual draws a screen's frame once the widgets told to refresh have said so to the screen, each
in its own turn of the event loop. A callback asked of the screen (`call_after_refresh`) while
the change is still being shown wakes the screen before the widgets told after it: it then
draws those told so far, and the rest in a second frame (two frames a table message, each
rendering and diffing the screen). So the screen is asked only once every widget is told, and
the key bar, which several parts of a change update, works its keys' states out once, at the end.

What is asked after the frame is put among the screen's callbacks at once
(`textual_pump.after_the_frame`), where Textual's `call_after_refresh` posts it to the screen
as a message (`InvokeLater`), which the screen's task reads and puts there: the same place in
the same order when no such message waits in the screen's queue before it (else it goes the
same way).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from wish_tui.ui.terminal.textual_pump import after_the_frame


def drawn_in_one_frame(method: Callable[[object], None]) -> Callable[[object], None]:
    """A `TableScreen` method showing a change of its table, drawn in one frame."""

    @functools.wraps(method)
    def shown(screen) -> None:
        if not screen.is_mounted or screen.news.log() is None:
            return  # on_mount shows it all; or the app is closing, its widgets already gone
        with screen.key_bar.held():
            method(screen)
        # The newest line's rows are known once the log has laid it out: what lies over the
        # table then keeps clear of them.
        after_the_frame(screen, screen.status_line.place_when_drawn)

    return shown
