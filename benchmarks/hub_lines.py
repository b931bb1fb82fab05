"""Sessions' lines to the table server without SSH or screens, for the benchmarks of the hub alone
(`idle_hub.py`, `lobby_news.py`): each says hello as `wish-tui client` does, with the lobby in its
welcome, and reads whatever it is sent."""

from __future__ import annotations

import asyncio
import json

from wish_tui.server.hub import Hub


class Line:
    """One session's line: its reader, its writer, and the task that reads what it is sent."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.received = 0
        self.task: asyncio.Task | None = None

    async def ask(self, message: dict) -> dict:
        """Send `message`; the first answer (before this line is drained)."""
        self.writer.write(json.dumps(message).encode() + b"\n")
        return json.loads(await self.reader.readline())

    def drain(self) -> None:
        """Read, and count, whatever it is sent from now on."""
        self.task = asyncio.get_running_loop().create_task(self._drain())

    async def _drain(self) -> None:
        while line := await self.reader.readline():
            self.received += len(line)

    def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
        self.writer.close()


async def lobby_lines(
    hub: Hub, count: int, shared: bool = True, prefix: str = "idle"
) -> list[Line]:
    """`count` sessions in the lobby, each drained; `shared`: asking for the lobby's news in
    a shared part and its own (else as lists, each a diff of its own)."""
    lines = []
    for i in range(count):
        reader, writer = await asyncio.open_unix_connection(str(hub.socket_path), limit=1 << 20)
        line = Line(reader, writer)
        name = f"{prefix}{i:04d}"
        token = hub.register_session(f"open:{name}", name)
        hello = {"type": "hello", "token": token, "diffs": True, "lobby_diffs": True}
        answer = await line.ask({**hello, "lobby_shared": shared, "lobby": True})
        if answer.get("needs_name"):
            answer = await line.ask({"type": "register", "name": name})
        assert answer["type"] == "welcome", answer
        line.drain()
        lines.append(line)
    return lines
