"""A bot that answers each turn at once (docs/bot-protocol.md): a move over the club's rate limit
is held by the server and played once the limit allows, so a bot that never retries is not left
waiting for a turn that will not come again."""

from __future__ import annotations

import asyncio

from wish_tui.club import Limit

from .outside_bot import BotLine, bot_club, invite_robo
from .test_hub import Client


async def _patient_person(hub, ann: Client, table_id: str) -> None:
    """Ann plays her first choice at each decision, again after a refusal for going too fast."""
    served = hub.tables[table_id]
    seat = served.seat_of(ann.person)
    while not served.finished:
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
                m["type"] == "error" or (m["type"] == "table" and (m["actions"] > a or m["ended"]))
            )
        )
        if answer["type"] == "error":
            await asyncio.sleep(0.35)


async def test_a_move_over_the_rate_limit_is_held_and_played_not_lost(data_dir):
    limits = {"move": Limit(1, 0.3, "moves")}  # a second decision at once is over it
    async with bot_club(data_dir, rate_limits=limits) as club:
        ann = await Client.connect(club.hub, "SHA256:ann-key", "ann")
        bot = await BotLine.connect(club.port, club.key)
        await bot.until(lambda e: e["type"] == "welcome")
        table_id = await invite_robo(ann, "spirits", ["air", "water"])
        challenge = await bot.until(lambda e: e["type"] == "challenge")
        await bot.send({"type": "accept", "challenge": challenge["id"]})
        ann_plays = asyncio.ensure_future(_patient_person(club.hub, ann, table_id))
        for _ in range(3):  # a whole turn of the bot, a tile and a gemstone at once, and more
            turn = await bot.until(lambda e: e["type"] == "turn" and e["table"] == table_id)
            action = turn["choices"][0]["action"]
            await bot.send({"type": "play", "table": table_id, "action": action})
        await bot.until(lambda e: e.get("actions", -1) > turn["actions"])
        assert not [e for e in bot.events if e["type"] == "error"]
        ann_plays.cancel()
        bot.close()
        ann.close()
