"""The table server's words, handed to the app in order, each once the app's screens are up.

The line to the server reads its words in bursts and hands each on at once, from the line's own
task. A screen the app pushes is set up (composed, then mounted) later, in the screen's own task.
A word that replaced such a screen would remove it before it was up, and Textual still composes
and mounts a screen removed that early, with none or only some of its widgets, so its `on_mount`
found nothing; a word that fed it (a lobby's list, a club's page) would find no widgets to fill.
So a word that comes while a screen on the stack is not up yet waits, and every word after it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from textual.app import App
from textual.screen import Screen
from textual.widget import AwaitMount


class ServerWords:
    """The server's words not told yet, told in order as soon as every screen shown is up."""

    def __init__(self, app: App, tell: Callable[[dict], None]) -> None:
        self._told_app = app
        self._tell = tell
        self._held: deque[dict] = deque()
        self._waiting = False
        """True while a screen is awaited (the words held are told once it is up)."""

    def hand_on(self, message: dict) -> None:
        """Tell `message` now if every screen is up and no word waits before it; else later."""
        self._held.append(message)
        self._tell_while_up()

    def _tell_while_up(self) -> None:
        while self._held and not self._waiting:
            setting_up = next((s for s in self._told_app.screen_stack if not s.is_mounted), None)
            if setting_up is not None:
                self._waiting = True
                self._told_app.run_worker(self._when_up(setting_up), name="the server's next words")
                return
            self._tell(self._held.popleft())

    async def _when_up(self, screen: Screen) -> None:
        # What `push_screen` returns: done once the screen is mounted (even if it was removed
        # before, as Textual mounts it all the same).
        await AwaitMount(screen, [screen])
        self._waiting = False
        self._tell_while_up()
