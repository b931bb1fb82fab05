"""A bot member's "last seen" follows it as a person's does: noted when it connects and when it
plays (at most once a minute, so a bot playing fast writes no row a move)."""

from __future__ import annotations

import asyncio

from .outside_bot import BotLine, bot_club, invite_robo, person_plays
from .test_hub import Client

HOUR_MS = 3_600_000


async def test_a_bot_members_last_seen_moves_when_it_connects_and_when_it_plays(data_dir):
    async with bot_club(data_dir) as club:
        players = club.hub.club.players
        robo = players.named("robo")
        now = [robo.seen_at + HOUR_MS]
        club.hub.club.db.clock = lambda: now[0]
        ann = await Client.connect(club.hub, "SHA256:ann-key", "ann")
        bot = await BotLine.connect(club.port, club.key)
        await bot.until(lambda e: e["type"] == "welcome")
        assert players.get(robo.id).seen_at == now[0]  # seen as it connects

        table_id = await invite_robo(ann, "wish", ["air", "water"])
        challenge = await bot.until(lambda e: e["type"] == "challenge")
        now[0] += HOUR_MS
        await bot.send({"type": "accept", "challenge": challenge["id"]})
        await bot.until(lambda e: e["type"] == "started")
        assert players.get(robo.id).seen_at == now[0]  # seen as it takes a seat

        playing = asyncio.ensure_future(person_plays(club.hub, ann, table_id))
        turn = await bot.until(lambda e: e.get("table") == table_id and e["type"] == "turn")
        now[0] += HOUR_MS
        await bot.send({"type": "play", "table": table_id, "action": turn["choices"][-1]["action"]})
        for _ in range(500):  # the note is written beside the move, through the club's line
            if players.get(robo.id).seen_at == now[0]:
                break
            await asyncio.sleep(0.01)
        assert players.get(robo.id).seen_at == now[0]  # seen as it plays
        playing.cancel()
        bot.close()
        ann.close()
