"""The SSH session of an outside bot: `ssh -T bot@HOST`, the bot protocol's lines both ways.

A session of the user name `bot` (any case) gets no app and no terminal: its key must be a bot
member's (`wish-tui club bot add NAME --key LINE`), its lines on standard input go to its
gateway (`outside_bots.gateway`), and its events come back on standard output, one JSON object
a line (docs/bot-protocol.md). A line longer than `events.MAX_LINE` is refused in one error
event; the session ends with the bot's input, or with a sentence on stderr.
"""

from __future__ import annotations

import asyncio
import contextlib

from wish_tui.server.outside_bots.door import NOT_A_BOT
from wish_tui.server.outside_bots.events import MAX_LINE
from wish_tui.server.outside_bots.gateway import BotGateway, GatewayClosed
from wish_tui.server.ssh.session import ChannelRequests
from wish_tui.tables.protocol import encode

BOT_USER = "bot"
"""The user name (any case) of an outside bot's login."""
QUEUED_LINES = 64
"""Lines of a bot waiting for their answer before its channel stops reading."""


def is_bot_login(username: str | None) -> bool:
    """True when `username` asks for the bot protocol."""
    return (username or "").strip().lower() == BOT_USER


class BotSession(ChannelRequests):
    """One channel of an outside bot.

    Args:
        connection: the SSH connection's server object (`front._Connection`).
    """

    def __init__(self, connection) -> None:
        super().__init__()
        self.connection = connection
        self.front = connection.front
        self.gateway: BotGateway | None = None
        self._buffer = bytearray()
        self._skipping = False
        """True while the rest of a line too long is dropped."""
        self._lines: asyncio.Queue[bytes | None] = asyncio.Queue()
        self._task: asyncio.Task | None = None
        self._ended = False

    def session_started(self) -> None:
        bots = self.front.bots
        if bots is None:
            self.end("this server takes no bots", 1)
        elif self.term is not None or self.kind != "shell":
            self.end(
                "a bot speaks JSON lines without a terminal or a command: 'ssh -T bot@HOST'", 1
            )
        elif self.connection.person is None:
            self.end(NOT_A_BOT, 1)
        else:
            self._task = self.front.run_task(self._run(bots))

    async def _run(self, bots) -> None:
        person = self.connection.person
        try:
            member = await bots.by_key(person.person)
        except Exception as exc:  # the club could not answer: this session ends, not the server
            self.front.log(f"the bot {person.name} could not be looked up: {exc!r}")
            self.end("the club could not be read; try again later", 1)
            return
        if member is None:
            self.end(NOT_A_BOT, 1)
            return
        self.front.log(f"the bot {member.name} ({member.id}) plays")
        self.gateway = bots.gateway(member, self._emit)
        feeding = asyncio.get_running_loop().create_task(self._feed(self.gateway))
        try:
            await self.gateway.run()
            self.end(None, 0)
        except GatewayClosed as exc:
            self.end(str(exc).rstrip("."), 1)
        except Exception as exc:  # a fault here ends this bot's session only
            self.front.log(f"the session of the bot {member.name} failed: {exc!r}")
            self.end("this session failed on the server; connect again to go on", 1)
        finally:
            feeding.cancel()
            await self.gateway.close()

    async def _feed(self, gateway: BotGateway) -> None:
        while (line := await self._lines.get()) is not None:
            await gateway.feed(line)
            if self._lines.qsize() < QUEUED_LINES // 2 and self.chan is not None:
                self.chan.resume_reading()
        await gateway.close()  # the bot's input ended

    def _emit(self, event: dict) -> None:
        if self.chan is not None and not self._ended:
            with contextlib.suppress(OSError):
                self.chan.write(encode(event))

    def data_received(self, data, datatype) -> None:
        self.connection.touch()
        if datatype is not None or not data:
            return
        self._buffer += data
        while True:
            end = self._buffer.find(b"\n")
            if end < 0:
                break
            line, self._buffer = bytes(self._buffer[: end + 1]), self._buffer[end + 1 :]
            if self._skipping:
                self._skipping = False
                continue
            self._lines.put_nowait(line)
        if len(self._buffer) > MAX_LINE:
            # A line too long is answered once, like any bad line, and the rest of it dropped.
            self._lines.put_nowait(self._buffer[: MAX_LINE + 1])
            self._buffer.clear()
            self._skipping = True
        if self._lines.qsize() >= QUEUED_LINES and self.chan is not None:
            self.chan.pause_reading()

    def eof_received(self) -> bool:
        self._lines.put_nowait(None)
        return True

    def close_with(self, sentence: str, status: int) -> None:
        """End the session with `sentence` (the server stops): the bot's seats stay."""
        self.end(sentence, status)
        if self.gateway is not None:
            self.front.run_task(self.gateway.close())

    def end(self, sentence: str | None, status: int) -> None:
        """Close the channel: `sentence` on its stderr (None: nothing more), then `status`."""
        if self._ended:
            return
        self._ended = True
        if self.chan is None:
            return
        with contextlib.suppress(OSError):
            if sentence is not None:
                self.chan.write_stderr(f"wish-tui: {sentence}.\r\n".encode())
            self.chan.exit(status)

    def connection_lost(self, exc) -> None:
        self._ended = True
        self.connection.session_closed(self)
        self._lines.put_nowait(None)
        if self._task is not None and not self._task.done():
            self._task.cancel()
