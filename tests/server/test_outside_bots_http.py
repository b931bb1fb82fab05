"""Outside bots over HTTP (docs/bot-protocol.md): a bot member's token opens its event stream on
the web front end and its lines are POSTed; a game starts and the bot moves; a bad token, a bad
line and a line without a stream are each refused in one JSON sentence."""

from __future__ import annotations

import asyncio
import json
import sys

import aiohttp
import pytest

from .outside_bot import against_wish_tui_bot, bot_club, invite_robo, person_plays
from .test_hub import Client

pytestmark = pytest.mark.usefixtures("data_dir")


class Stream:
    """A bot's event stream, read line by line."""

    def __init__(self, response: aiohttp.ClientResponse) -> None:
        self.response = response

    async def until(self, test, timeout: float = 40.0) -> dict:
        async with asyncio.timeout(timeout):
            while True:
                line = await self.response.content.readline()
                assert line, "the stream ended"
                if line.strip() and test(event := json.loads(line)):
                    return event


async def test_a_bot_plays_over_http_with_its_token(data_dir):
    async with bot_club(data_dir, web=True) as club, aiohttp.ClientSession() as http:
        base = f"http://127.0.0.1:{club.web.port}"
        auth = {"Authorization": f"Bearer {club.token}"}
        refused = await http.post(f"{base}/bot/send", data=b'{"type":"ping"}\n', headers=auth)
        assert (
            refused.status == 409
            and "Open the event stream first" in (await refused.json())["error"]
        )
        wrong = await http.get(f"{base}/bot/events", headers={"Authorization": "Bearer nope"})
        assert wrong.status == 401 and (await wrong.json())["type"] == "error"
        async with http.get(f"{base}/bot/events", headers=auth) as response:
            assert response.status == 200
            assert response.headers["Content-Type"].startswith("application/x-ndjson")
            stream = Stream(response)
            assert (await stream.until(lambda e: True))["type"] == "welcome"
            bad = await http.post(f"{base}/bot/send", data=b"{nope\n", headers=auth)
            assert bad.status == 400 and await bad.json() == {
                "type": "error",
                "error": "That message is not JSON.",
            }
            ann = await Client.connect(club.hub, "SHA256:ann-key", "ann")
            table_id = await invite_robo(ann, "wish", ["water", "air"])
            challenge = await stream.until(lambda e: e["type"] == "challenge")
            sent = await http.post(
                f"{base}/bot/send",
                data=json.dumps({"type": "accept", "challenge": challenge["id"]}).encode(),
                headers=auth,
            )
            assert sent.status == 200 and (await sent.json())["lines"] == 1
            started = await stream.until(lambda e: e["type"] == "started")
            assert started["table"] == table_id and started["seat"] == 1
            served = club.hub.tables[table_id]
            ann_plays = asyncio.ensure_future(person_plays(club.hub, ann, table_id))
            after = -1
            for _ in range(3):  # the bot's first three decisions, ann playing hers between
                turn = await stream.until(
                    lambda e, n=after: e["type"] == "turn" and e["actions"] > n
                )
                line = {"type": "play", "table": table_id, "action": turn["choices"][0]["action"]}
                await http.post(f"{base}/bot/send", data=json.dumps(line).encode(), headers=auth)
                after = turn["actions"]
            await stream.until(lambda e, n=after: e.get("actions", -1) > n)
            ann_plays.cancel()
            assert 1 in served.decided
            ann.close()


async def test_wish_tui_bot_plays_a_whole_game_with_its_token(data_dir):
    async with bot_club(data_dir, web=True) as club:
        status, said, served = await against_wish_tui_bot(
            club,
            "spirits",
            ["earth", "fire"],
            *("--level", "random", "--seed", "3"),
            *("--server", f"http://127.0.0.1:{club.web.port}", "--token", club.token),
        )
        assert status == 0, said
        assert served.decided == {0, 1}
        assert f"Table {served.id} ended." in said


async def test_a_bad_token_is_told_in_one_sentence_by_wish_tui_bot(data_dir):
    async with bot_club(data_dir, web=True) as club:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            *("-m", "wish_tui", "bot", "--token", "wrong"),
            *("--server", f"http://127.0.0.1:{club.web.port}"),
            stderr=asyncio.subprocess.PIPE,
        )
        said = (await process.stderr.read()).decode()
        assert await process.wait() == 1
        assert said == (
            "wish-tui bot: Sign in with a bot member's token: 'Authorization: Bearer TOKEN' "
            "(wish-tui club bot add).\n"
        )
