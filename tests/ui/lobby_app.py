"""An app of just the lobby screen, for tests of the lobby without a table server."""

from __future__ import annotations

from textual.app import App

from wish_tui.ui.lobby import LobbyScreen


class LobbyApp(App):
    """Just alice's lobby, keeping what it would send to the table server."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[dict] = []

    def server_send(self, message: dict) -> None:
        self.sent.append(message)

    def on_mount(self) -> None:
        self.push_screen(LobbyScreen("alice"))
