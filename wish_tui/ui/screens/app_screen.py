"""The bases of every screen of the app: a screen still being set up as the app closes does nothing.

When the app closes (ctrl+q, a terminal gone, the table server's last word) just as a screen is
pushed, Textual still composes that screen, can no longer start its widgets, and then mounts,
shows and resizes it with none or only some of them: the screen's own `on_mount` or `on_resize`
found nothing to fill, and the app closed on a crash report instead of as asked. Every screen of
the project is an `AppScreen` or an `AppModalScreen`, which let those events pass only while the
app runs (a test walks every screen class of the project for it).

A screen shown parks the terminal's (hidden) cursor in the corner, where the screen diff sends
no move for it: a text field the screen gives the focus places it again (for an input method's
window), but one of a screen left behind would have it moved back to its place after every frame.

Every screen of the app also gets a class for a phone's terminal: `-slim` below 80 columns and
`-short` below 24 rows (Textual's breakpoints), which its CSS uses to fit 40x30 or 90x20.
"""

from __future__ import annotations

from typing import TypeVar

from textual import events
from textual.geometry import Offset
from textual.screen import ModalScreen, Screen

SETTING_UP = (events.Mount, events.Show, events.Resize, events.ScreenResume)
"""The events that have a screen fill its widgets: none is handed on once the app has closed."""

ResultType = TypeVar("ResultType")
WIDTHS = [(0, "-slim"), (80, "-broad")]
"""The width classes of every screen: `-slim` below 80 columns (a phone upright)."""
HEIGHTS = [(0, "-short"), (24, "-tall")]
"""The height classes of every screen: `-short` below 24 rows (a phone on its side)."""


def is_for_a_closed_app(screen: Screen, event: events.Event) -> bool:
    """True for an event that would have `screen` fill widgets of an app that has closed."""
    return isinstance(event, SETTING_UP) and not screen.app.is_running


def park_cursor(screen: Screen, event: events.Event) -> None:
    """A screen shown (`event`: its resumption) has the cursor in the corner until a field of
    its own takes it."""
    if isinstance(event, events.ScreenResume):
        screen.app.cursor_position = Offset(0, 0)


class AppScreen(Screen):
    """A screen of the app (set up only while the app runs)."""

    HORIZONTAL_BREAKPOINTS = WIDTHS
    VERTICAL_BREAKPOINTS = HEIGHTS

    async def on_event(self, event: events.Event) -> None:
        park_cursor(self, event)
        if not is_for_a_closed_app(self, event):
            await super().on_event(event)


class AppModalScreen(ModalScreen[ResultType]):
    """A window over another screen of the app (set up only while the app runs)."""

    HORIZONTAL_BREAKPOINTS = WIDTHS
    VERTICAL_BREAKPOINTS = HEIGHTS

    async def on_event(self, event: events.Event) -> None:
        park_cursor(self, event)
        if not is_for_a_closed_app(self, event):
            await super().on_event(event)
