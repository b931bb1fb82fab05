"""A bot that answers each turn at once (docs/bot-protocol.md): a move over the club's rate limit
is held by the server and played once the limit allows, so a bot that never retries is not left
waiting for a turn that will not come again."""

from __future__ import annotations

import asyncio

from wish_tui.club import Limit

from .outside_bot import bot_club, person_plays, seat_robo


async def test_a_move_over_the_rate_limit_is_held_and_played_not_lost(data_dir):
    limits = {"move": Limit(1, 0.3, "moves")}  # a second decision at once is over it
    async with bot_club(data_dir, rate_limits=limits) as club:
        ann, bot, table_id = await seat_robo(club, "spirits")
        ann_plays = asyncio.ensure_future(person_plays(club.hub, ann, table_id))
        for _ in range(3):  # a whole turn of the bot, a tile and a gemstone at once, and more
            turn = await bot.until(lambda e: e["type"] == "turn" and e["table"] == table_id)
            action = turn["choices"][0]["action"]
            await bot.send({"type": "play", "table": table_id, "action": action})
        await bot.until(lambda e: e.get("actions", -1) > turn["actions"])
        assert not [e for e in bot.events if e["type"] == "error"]
        ann_plays.cancel()
        bot.close()
        ann.close()
