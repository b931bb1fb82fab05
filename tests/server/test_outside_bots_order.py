"""What an outside bot is told, and in which order (docs/bot-protocol.md): the welcome first,
whatever the bot sent before it; a refused line quoted as it was sent; a table that ended before
the bot came back is not played again; a game's end says it was not closed."""

from __future__ import annotations

import asyncio

from wish_tui.server.outside_bots.events import TableSeen, table_events

from .outside_bot import BotLine, bot_club, invite_robo
from .test_hub import Client


async def test_the_welcome_comes_before_the_answer_to_a_line_sent_at_once(data_dir):
    async with bot_club(data_dir) as club:
        bot = await BotLine.connect(club.port, club.key)
        await bot.send({"type": "ping"})
        assert (await bot.receive())["type"] == "welcome"
        assert (await bot.receive())["type"] == "pong"
        bot.close()


async def test_a_refused_line_is_quoted_without_its_line_end(data_dir):
    async with bot_club(data_dir) as club:
        bot = await BotLine.connect(club.port, club.key)
        await bot.until(lambda e: e["type"] == "welcome")
        await bot.send(b"garbage\r\n")
        error = await bot.until(lambda e: e["type"] == "error")
        assert error["line"] == "'garbage'"
        bot.close()


async def test_a_table_that_ended_is_not_sent_again_when_the_bot_comes_back(data_dir):
    async with bot_club(data_dir) as club:
        ann = await Client.connect(club.hub, "SHA256:ann-key", "ann")
        bot = await BotLine.connect(club.port, club.key)
        await bot.until(lambda e: e["type"] == "welcome")
        old = await invite_robo(ann, "wish", ["air", "water"])
        challenge = await bot.until(lambda e: e["type"] == "challenge")
        await bot.send({"type": "accept", "challenge": challenge["id"]})
        await bot.until(lambda e: e["type"] == "started")
        await ann.send({"type": "resign", "table": old})
        await bot.until(lambda e: e["type"] == "end" and e["table"] == old)
        bot.close()
        back = await BotLine.connect(club.port, club.key)
        await back.until(lambda e: e["type"] == "welcome")
        bea = await Client.connect(club.hub, "SHA256:bea-key", "bea")
        new = await invite_robo(bea, "spirits", ["air", "water"])
        challenge = await back.until(lambda e: e["type"] == "challenge")
        await back.send({"type": "accept", "challenge": challenge["id"]})
        await back.until(lambda e: e["type"] == "started" and e["table"] == new)
        await asyncio.sleep(0.2)
        await back.send({"type": "ping"})
        await back.until(lambda e: e["type"] == "pong")
        assert [e for e in back.events if e.get("table") == old] == []
        back.close()
        bea.close()
        ann.close()


def test_a_games_end_says_the_table_was_not_closed():
    message = {
        "table": "t1",
        "seat": 1,
        "game": "wish",
        "seats": [],
        "actions": 9,
        "ended": True,
        "view": {"scores": {"ranking": [[0], [1]]}},
    }
    events = table_events(message, TableSeen())
    assert events[-1] == {
        "type": "end",
        "table": "t1",
        "scores": {"ranking": [[0], [1]]},
        "closed": False,
    }


async def test_a_bots_session_at_a_table_ends_with_the_game(data_dir):
    async with bot_club(data_dir) as club:
        ann = await Client.connect(club.hub, "SHA256:ann-key", "ann")
        bot = await BotLine.connect(club.port, club.key)
        await bot.until(lambda e: e["type"] == "welcome")
        robo = f"P{club.hub.club.players.by_name('robo').id}"
        table_id = await invite_robo(ann, "wish", ["air", "water"])
        challenge = await bot.until(lambda e: e["type"] == "challenge")
        await bot.send({"type": "accept", "challenge": challenge["id"]})
        await bot.until(lambda e: e["type"] == "started")
        assert sum(s.person == robo for s in club.hub.sessions) == 2  # the lobby, the table
        await ann.send({"type": "resign", "table": table_id})
        await bot.until(lambda e: e["type"] == "end" and e["table"] == table_id)
        for _ in range(200):
            if sum(s.person == robo for s in club.hub.sessions) == 1:
                break
            await asyncio.sleep(0.01)
        assert sum(s.person == robo for s in club.hub.sessions) == 1  # the lobby's alone
        bot.close()
        ann.close()
