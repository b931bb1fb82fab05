"""People at a real table server, each with the plain client in this process: its lines in from a
queue, its sentences out to a list (quicker than a process per person, and the same client)."""

from __future__ import annotations

import asyncio

from tests.plain.helpers import Player, odd_characters
from wish_tui.plain.console import Console
from wish_tui.plain.output import Output
from wish_tui.plain.remote import RemoteClient
from wish_tui.server.hub import Hub
from wish_tui.tables.remote import Connection

TIMEOUT = 30
KEYS = {
    "alice": "SHA256:alice-key-0001",
    "bob": "SHA256:bob-key-00001",
    "carol": "SHA256:carol-key-0001",
}
"""The keys of the people the tests seat, by name."""
ALICE, BOB, CAROL = KEYS.values()


async def start_hub(tmp_path, monkeypatch, **options) -> Hub:
    """A real table server in a fresh data directory: bots without pause, no rate limits, every
    game's seed 17 (`options`: other arguments of its `Hub`, or these changed)."""
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv("WISH_TUI_DATA_DIR", str(data))
    hub = Hub(data, **{"bot_pace": 0.0, "seed_source": lambda: 17, "rate_limits": {}, **options})
    await hub.start()
    return hub


class Lines:
    """The reader of a client: the lines typed, then the end of input (None)."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue = asyncio.Queue()

    def start(self) -> None:
        pass

    async def next_line(self) -> str | None:
        return await self.queue.get()


class Said:
    """The client's standard output: every line it writes, kept (and handed to `on_line`), and
    the sentences they make (a wrapped sentence's lines after its first start with two spaces)."""

    encoding = "utf-8"

    def __init__(self, on_line) -> None:
        self.lines: list[str] = []
        self.sentences: list[str] = []
        self.on_line = on_line

    def write(self, data: str) -> None:
        for line in data.splitlines():
            self.lines.append(line)
            if line.startswith("  ") and self.sentences:
                self.sentences[-1] += " " + line.strip()
            else:
                self.sentences.append(line)
            self.on_line(line)

    def flush(self) -> None:
        pass


class Person:
    """One person's plain client at `hub`: `who` is a key's fingerprint or 'open:NAME'."""

    def __init__(self, hub, who: str, name: str, seed: int = 1) -> None:
        self.hub = hub
        self.who = who
        self.name = name
        self.player = Player(seed)
        self.playing = False
        self.said = Said(self._heard)
        self.reader = Lines()
        self.console = Console(Output(self.said, width=80), self.reader)
        self.client = RemoteClient(self.console, self.console.out)
        self.task: asyncio.Task | None = None
        self.read = 0
        """Sentences already looked at by `see` (a later `see` looks after them)."""

    @property
    def lines(self) -> list[str]:
        return self.said.lines

    def _heard(self, line: str) -> None:
        answer = self.player.answer(line) if self.playing else None
        if answer is not None:
            self.type(answer)

    async def arrive(self, returning: bool = False) -> Person:
        """Connect (a newcomer with a key keeps the name the key suggests; `returning`: a member
        known by their key) and reach the lobby."""
        await self.connect()
        if not self.who.startswith("open:") and not returning:
            await self.see("Type your name")
            self.type("")
        await self.see(f"Welcome to the tables of this server, {self.name}")
        return self

    async def connect(self) -> Person:
        """Connect to the hub with a session's token, and run the client (nothing typed yet)."""
        token = self.hub.register_session(self.who, self.name)
        client = self.client
        await client.reach(Connection(str(self.hub.socket_path), token, client.on_message))
        client.lobby.awaiting = "welcome"
        self.console.go_to(client.lobby)
        self.task = asyncio.get_running_loop().create_task(self.console.run())
        return self

    def type(self, *lines: str) -> None:
        for line in lines:
            self.reader.queue.put_nowait(line)

    async def see(self, words: str) -> str:
        """Wait for a sentence holding `words` after the sentences seen so far; return it."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + TIMEOUT
        sentences = self.said.sentences
        while True:
            for index in range(self.read, len(sentences)):
                if words in sentences[index]:
                    self.read = index + 1
                    return sentences[index]
            if (self.task is not None and self.task.done()) or loop.time() > deadline:
                tail = "\n".join(self.lines[-30:])
                raise AssertionError(
                    f"{words!r} never came to {self.name}; the last lines:\n{tail}"
                )
            await asyncio.sleep(0.01)

    async def settle(self) -> None:
        """Let the lines typed so far be answered (the server's messages included)."""
        for _ in range(50):
            await asyncio.sleep(0.02)
            if self.reader.queue.empty() and not self.console.place.holding():
                break
        await asyncio.sleep(0.05)

    def text(self) -> str:
        """Everything said so far, as one text (wrapped lines joined)."""
        return " ".join(self.said.sentences)

    async def leave(self) -> int:
        self.type(None)
        status = await asyncio.wait_for(self.task, TIMEOUT)
        self.client.connection.close()
        check_plain(self.lines)
        return status


async def members(hub, *names: str) -> list[Person]:
    """A newcomer by their key (`KEYS`) for each of `names`, each arrived in the lobby."""
    return [await Person(hub, KEYS[name], name).arrive() for name in names]


def table_of(line: str) -> str:
    """The table's id in 'You sit at table 3fa2c1: …'."""
    return line.split("table ", 1)[1].split(":")[0]


async def new_table(person: Person, setup: str) -> str:
    """`person` opens a table of `setup` ('wish air water:open') and sits at it; its id."""
    person.type(f"new {setup}")
    return table_of(await person.see("You sit at table "))


def check_plain(lines: list[str]) -> None:
    """Every line is plain text at most 80 characters wide."""
    for number, line in enumerate(lines, 1):
        assert not odd_characters(line), (number, line)
        assert len(line) <= 80, (number, line)
