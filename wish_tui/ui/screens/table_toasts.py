"""The table screen's toasts: one refusal at a time, and clearing them without leaving holes.

One object the `TableScreen` composes (`screen.toasts`): it only shows and takes away
notifications.
"""

from __future__ import annotations

from collections.abc import Callable

from wish_tui.ui.terminal.textual_adapter import sweep_empty_toast_holders


class TableToasts:
    """The notifications of a table screen."""

    def __init__(self, screen) -> None:
        self.screen = screen

    def toast(self, message: str, *, severity: str = "information", **kwargs) -> None:
        """Textual's notification; a refusal (a warning or an error) takes the place of the
        words before it, so one sentence at a time says why, where the last one was."""
        if severity not in ("warning", "error"):
            self.screen.notify(message, severity=severity, **kwargs)
            return
        self.clear(then=lambda: self.screen.notify(message, severity=severity, **kwargs))

    def clear(self, then: Callable[[], None] | None = None) -> None:
        """Take every notification off the screen (`then`: what to do once it is clear).

        Textual's toast rack removes a cleared toast but keeps the holder around it; the empty
        holders pile up at the top of the rack and push later toasts below the screen's edge
        (a hint then never shows). The empty holders are removed once the rack has been redrawn.
        """
        app = self.screen.app
        app.clear_notifications()

        def sweep() -> None:
            sweep_empty_toast_holders(app.screen)
            if then is not None:
                then()

        app.call_after_refresh(sweep)
