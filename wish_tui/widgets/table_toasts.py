"""The table screen's toasts: one refusal at a time, and clearing them without leaving holes.

A part of `TableScreen` kept in its own file: it only shows and takes away notifications.
"""

from __future__ import annotations

from collections.abc import Callable


class TableToasts:
    """The notifications of a table screen (mixed into `TableScreen`)."""

    def toast(self, message: str, *, severity: str = "information", **kwargs) -> None:
        """Textual's notification; a refusal (a warning or an error) takes the place of the
        words before it, so one sentence at a time says why, where the last one was."""
        if severity not in ("warning", "error"):
            self.notify(message, severity=severity, **kwargs)
            return
        self._clear_notifications(then=lambda: self.notify(message, severity=severity, **kwargs))

    def _clear_notifications(self, then: Callable[[], None] | None = None) -> None:
        """Take every notification off the screen (`then`: what to do once it is clear).

        Textual's toast rack removes a cleared toast but keeps the holder around it; the empty
        holders pile up at the top of the rack and push later toasts below the screen's edge
        (a hint then never shows). The empty holders are removed once the rack has been redrawn.
        """
        self.app.clear_notifications()

        def sweep() -> None:
            for holder in self.app.screen.query("ToastHolder"):
                if not holder.children:
                    holder.remove()
            if then is not None:
                then()

        self.app.call_after_refresh(sweep)
