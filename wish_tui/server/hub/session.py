"""One app process connected to the table server: the player it is, the table it shows, and what
it was told last."""

from __future__ import annotations

import asyncio

from wish_tui.club.rows import Player
from wish_tui.tables.protocol import ProtocolError, encode


class Session:
    """One connected app process: the player it is, and the table it has open."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.person = ""
        """The player as the tables name them ('P12'), once known."""
        self.player: Player | None = None
        self.name = ""
        self.newcomer = ""
        """The key of a newcomer who is to choose a name (its fingerprint), else ''."""
        self.in_lobby = False
        self.lobby_with_welcome = False
        """The app asked in its hello for the lobby's list with the welcome (it shows the lobby
        first: one message and one frame instead of a round trip more)."""
        self.table: str = ""
        """The table this session shows ('' in the lobby)."""
        self.log_count = 0
        self.chat_count = 0
        self.hinting = False
        """True while a hint asked by this session is thought out."""
        self.lobby_told: dict | None = None
        """The last lobby list sent, its waiting times left out (`LobbyLists.tell` sends a new
        one only when something else in it changed)."""
        self.lobby_told_at = 0.0
        """When it was sent (monotonic seconds)."""
        self.muted: set[str] = set()
        """The people whose chat this session's player muted for themselves."""
        self.sanctions: set[str] = set()
        """What the keeper did to this session's player ('mute', 'ban'), as last read."""
        self.sanctions_at = 0.0
        """When `sanctions` was read (monotonic seconds)."""

    def send(self, message: dict) -> None:
        if self.writer.is_closing():
            return
        try:
            self.writer.write(encode(message))
        except ProtocolError:
            self.writer.write(encode({"type": "error", "error": "An answer was too long to send."}))
