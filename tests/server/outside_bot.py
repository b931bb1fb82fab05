"""Helpers of the outside bots' tests: a club with a bot member, its SSH front end, and the
bot protocol driven from the test over `ssh -T bot@HOST`."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys

from wish_tui.server.hub import Hub
from wish_tui.server.outside_bots.door import BotDoor
from wish_tui.server.ssh.front import FrontEnd, Limits

from .conftest import authorized_keys, new_key, public_line, ssh_login
from .test_hub import Client, started_hub


class BotLine:
    """An outside bot's SSH session, driven line by line."""

    def __init__(self, conn, process) -> None:
        self.conn, self.process = conn, process
        self.events: list[dict] = []

    @classmethod
    async def connect(cls, port: int, key, username: str = "bot") -> BotLine:
        conn = await ssh_login(port, key, username)
        process = await conn.create_process(encoding=None)
        return cls(conn, process)

    async def send(self, message: dict | bytes) -> None:
        data = message if isinstance(message, bytes) else json.dumps(message).encode() + b"\n"
        self.process.stdin.write(data)

    async def receive(self, timeout: float = 30.0) -> dict | None:
        line = await asyncio.wait_for(self.process.stdout.readline(), timeout)
        if not line:
            return None
        event = json.loads(line)
        self.events.append(event)
        return event

    async def until(self, test, timeout: float = 40.0) -> dict:
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            event = await self.receive(max(0.1, deadline - asyncio.get_running_loop().time()))
            if event is None:
                said = await self.process.stderr.read()
                raise AssertionError(f"the bot's session ended: {said!r} {self.events[-3:]}")
            if test(event):
                return event

    def close(self) -> None:
        self.conn.close()


class BotClub:
    """A started table server whose club has the bot member 'robo' (by its key), with the SSH
    front end that takes bots."""

    def __init__(self, hub: Hub, front: FrontEnd, key, token: str, web=None) -> None:
        self.hub, self.front, self.key, self.token = hub, front, key, token
        self.web = web
        """The web front end, with its bot routes (`web=True`), or None."""

    @property
    def port(self) -> int:
        return self.front.port


@contextlib.asynccontextmanager
async def bot_club(data_dir, web: bool = False, **hub_options):
    hub = await started_hub(**hub_options)
    key = new_key("robo")
    _, token = hub.club.bot_members.add("robo", public_line(key))
    keys = authorized_keys(data_dir, [])
    keys.also = hub.knows_key
    front = FrontEnd(
        hub,
        new_key(),
        keys,
        data_dir,
        Limits(stop_grace=0.5),
        log=lambda m: None,
        bots=BotDoor(hub),
    )
    await front.start("127.0.0.1", 0)
    web_front = None
    if web:
        from wish_tui.server.web.front import WebFrontEnd
        from wish_tui.server.web.links import SignIns

        web_front = WebFrontEnd(hub, SignIns(), data_dir, log=lambda m: None, bots=BotDoor(hub))
        await web_front.start("127.0.0.1", 0)
    try:
        yield BotClub(hub, front, key, token, web_front)
    finally:
        if web_front is not None:
            await web_front.close()
        await front.close()
        await hub.close()


async def invite_robo(ann: Client, game: str, seats: list[str], **options) -> str:
    """Ann opens a two-seat table of `game` and invites robo to its open seat; the table's id."""
    message = {
        "type": "new_table",
        "game": game,
        "seats": [{"name": seats[0], "who": "me"}, {"name": seats[1], "who": "open"}],
        **options,
    }
    answer = await ann.ask(message)
    assert answer["type"] == "table", answer
    await ann.send({"type": "invite", "table": answer["table"], "name": "robo"})
    await ann.until(lambda m: m["type"] == "notice")
    return answer["table"]


async def seat_robo(
    club: BotClub, game: str = "wish", seats: tuple[str, str] = ("air", "water"), **options
) -> tuple[Client, BotLine, str]:
    """Ann at a two-seat table of `game`, and robo, connected, takes her invitation to it
    (`options`: the table's own, a clock): her client, the bot's line, the table's id."""
    ann = await Client.connect(club.hub, "SHA256:ann-key", "ann")
    bot = await BotLine.connect(club.port, club.key)
    await bot.until(lambda e: e["type"] == "welcome")
    table_id = await invite_robo(ann, game, list(seats), **options)
    challenge = await bot.until(lambda e: e["type"] == "challenge")
    await bot.send({"type": "accept", "challenge": challenge["id"]})
    return ann, bot, table_id


async def person_plays(hub: Hub, ann: Client, table_id: str) -> None:
    """Ann plays the first legal action of each of her decisions until the table ends (again,
    a moment later, where one was refused for going too fast)."""
    served = hub.tables[table_id]
    seat = served.seat_of(ann.person)
    for _ in range(5000):
        if served.finished:
            return
        if served.deciding() != seat:
            await asyncio.sleep(0.005)
            continue
        view = await ann.table_at(served.actions)
        if not view["choices"]["actions"]:
            await asyncio.sleep(0.005)
            continue
        after = view["actions"]
        action = view["choices"]["actions"][0][0]
        await ann.send({"type": "play", "table": table_id, "action": action, "expect": after})
        answer = await ann.until(
            lambda m, a=after: (
                (m["type"] == "error" and m["error"].startswith("Slow down"))
                or (m["type"] == "table" and (m["actions"] > a or m["ended"]))
            )
        )
        if answer["type"] == "error":
            await asyncio.sleep(0.35)
    raise AssertionError("the game went on and on")


async def bot_plays(bot: BotLine, table_id: str, check=None) -> dict:
    """The bot answers each turn at `table_id` with its last choice until the end event."""
    while True:
        event = await bot.until(
            lambda e: e.get("table") == table_id and e["type"] in ("turn", "end")
        )
        if event["type"] == "end":
            return event
        if check is not None:
            check(event)
        await bot.send(
            {"type": "play", "table": table_id, "action": event["choices"][-1]["action"]}
        )


async def against_wish_tui_bot(club: BotClub, game: str, seats: list[str], *args: str):
    """`wish-tui bot ARGS --games 1` (a process of its own) takes ann's invitation to a table of
    `game` and plays it to its end against her: its exit status, what it said, the table."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        *("-m", "wish_tui", "bot", "--games", "1", *args),
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        ann = await Client.connect(club.hub, "SHA256:ann-key", "ann")
        robo = f"P{club.hub.club.players.by_name('robo').id}"
        for _ in range(3000):  # until the bot is at the server (it says its welcome anyway)
            if club.hub.connected(robo):
                break
            await asyncio.sleep(0.02)
        table_id = await invite_robo(ann, game, seats)
        await person_plays(club.hub, ann, table_id)
        status = await asyncio.wait_for(process.wait(), 60)
        said = (await process.stderr.read()).decode()
        ann.close()
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    return status, said, club.hub.tables[table_id]
