"""One app process connected to the table server: the player it is, the table it shows, and what
it was told last."""

from __future__ import annotations

import asyncio
import logging

from wish_tui.club.rows import Player
from wish_tui.tables.lobby_diff import LobbyTeller
from wish_tui.tables.protocol import MAX_MESSAGE, ProtocolError, encode
from wish_tui.tables.table_diff import Teller

LOG = logging.getLogger(__name__)


class Lookers:
    """The sessions showing each table, kept as each session's `table` changes: who is told of
    a table's change is read here, not found among every session of the server (at 200
    sessions, the walk over all of them was a twentieth of the hub's time an action)."""

    def __init__(self) -> None:
        self._at: dict[str, dict[Session, None]] = {}
        """Per table shown, its sessions (in the order they opened it)."""

    def of(self, table_id: str) -> list[Session]:
        """The sessions showing `table_id` now."""
        return list(self._at.get(table_id, ()))

    def tables(self) -> set[str]:
        """The tables some session shows."""
        return set(self._at)

    def moved(self, session: Session, before: str, after: str) -> None:
        """`session` shows `after` now, not `before` ('': no table)."""
        if before:
            at = self._at.get(before)
            if at is not None:
                at.pop(session, None)
                if not at:
                    del self._at[before]
        if after:
            self._at.setdefault(after, {})[session] = None


class Session:
    """One connected app process: the player it is, and the table it has open."""

    def __init__(self, writer: asyncio.StreamWriter, lookers: Lookers | None = None) -> None:
        self.writer = writer
        self._lookers = Lookers() if lookers is None else lookers
        self._table = ""
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
        self.log_count = 0
        self.chat_count = 0
        self.hinting = False
        """True while a hint asked by this session is thought out."""
        self.lobby_told: tuple | None = None
        """What the last lobby list sent said but its background and waiting times: the number
        of what every list shared then, and what only this session's said (`LobbyLists` sends
        a new one when that changed, and its background when due)."""
        self.lobby_told_back = (0, 0)
        """The numbers of the lists' background (who is online, how far the tables have got)
        that the last list sent had."""
        self.lobby_told_at = 0.0
        """When it was sent (monotonic seconds)."""
        self.muted: set[str] = set()
        """The people whose chat this session's player muted for themselves."""
        self.follows: set[str] = set()
        """The people this session's player follows (shown online, their tables first)."""
        self.blocked: set[str] = set()
        """The people this session's player blocks (their chat is not shown them)."""
        self.sanctions: set[str] = set()
        """What the keeper did to this session's player ('mute', 'ban'), as last read."""
        self.sanctions_at = 0.0
        """When `sanctions` was read (monotonic seconds)."""
        self.teller: Teller | None = None
        """Numbers the table messages and sends each as a diff from the one before, for a
        client that asked in its hello (`"diffs": true`); None: every table message whole."""
        self.lobby_teller: LobbyTeller | None = None
        """Sends each lobby list as a diff from the one before, for a client that asked in its
        hello (`"lobby_diffs": true`); None: every list whole."""
        self.lobby_shared = False
        """Told the lobby's news in a part shared by every session and its own part."""
        self.shared_told: int | None = None
        """The number of the shared part it holds (None: none since its last whole list)."""
        self.yours_told: dict | None = None
        """Its own part as last sent (but how long its tables have waited for it)."""
        self.spectated: tuple[str, int] | None = None
        """The table and number of the spectators' shared message it holds last (None: it was
        sent its own since: `spectator_news.py`)."""

    @property
    def table(self) -> str:
        """The table this session shows ('' in the lobby, or once the session is gone)."""
        return self._table

    @table.setter
    def table(self, table_id: str) -> None:
        if table_id != self._table:
            self._lookers.moved(self, self._table, table_id)
            self._table = table_id

    def gone(self) -> None:
        """The session is gone (out of `Hub.sessions`): no table's looker any more, whatever its
        `table` says or is set to."""
        self._lookers.moved(self, self._table, "")
        self._lookers = Lookers()

    def asked_in_hello(self, hello: dict) -> None:
        """What the session's hello asked for: table messages as diffs (`"diffs": true`; their
        lists as diffs too: `"list_diffs": true`), lobby lists as diffs (`"lobby_diffs"`), the
        lobby's list in a shared part and its own (`"lobby_shared"`, `tables/lobby_shared.py`)."""
        if hello.get("diffs") is True:  # a list's diff too for a client that reads it
            self.teller = Teller(lists=hello.get("list_diffs") is True)
        self.lobby_shared = hello.get("lobby_shared") is True
        if hello.get("lobby_diffs") is True and not self.lobby_shared:
            # Told in parts, a session is sent a whole list seldom (its welcome, and back from a
            # table): kept as a diff's base, at a club event each was 1,000 names held for it
            # here and in its app, for the one diff it might be sent.
            self.lobby_teller = LobbyTeller()

    def send_lobby(self, lobby: dict) -> None:
        """Send a ``lobby`` list: whole, or what changed since the one before."""
        self.send(lobby if self.lobby_teller is None else self.lobby_teller.message(lobby))

    def lobby_whole(self, lobby: dict) -> dict:
        """`lobby` as sent whole inside another message (the welcome)."""
        return lobby if self.lobby_teller is None else self.lobby_teller.whole(lobby)

    def send_table(self, message: dict) -> None:
        """Send a ``table`` message: whole, or what changed since the one before."""
        self.spectated = None
        self.send(message if self.teller is None else self.teller.message(message))

    def send_encoded(self, data: bytes) -> None:
        """Send a message encoded once for every session it goes to."""
        if not self.writer.is_closing():
            self.writer.write(data)

    def send(self, message: dict) -> None:
        if self.writer.is_closing():
            return
        try:
            self.writer.write(encode(message))
        except ProtocolError:
            LOG.warning(
                "a %r message to %s was too long to send (over %d bytes); they were told so",
                str(message.get("type"))[:30],
                self.name or "a session not yet named",
                MAX_MESSAGE,
            )
            self.writer.write(encode({"type": "error", "error": "An answer was too long to send."}))
