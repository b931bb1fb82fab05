"""Outside bots over SSH (docs/bot-protocol.md): a bot member logs in as `bot@` with its key,
takes a person's invitation, and plays whole games of each game; a bad line gets one error and
changes nothing; a bot sees only its seat's view."""

from __future__ import annotations

import asyncio

import pytest

from .outside_bot import (
    BotLine,
    against_wish_tui_bot,
    bot_club,
    bot_plays,
    invite_robo,
    person_plays,
)
from .test_hub import Client

GAMES = [
    ("wish", ["air", "water"], {}),
    ("spirits", ["air", "water"], {}),
    ("wishland", ["red", "blue"], {}),
]


@pytest.mark.parametrize(("game", "seats", "options"), GAMES, ids=[g[0] for g in GAMES])
async def test_a_person_and_an_outside_bot_play_a_whole_game(data_dir, game, seats, options):
    async with bot_club(data_dir) as club:
        ann = await Client.connect(club.hub, "SHA256:ann-key", "ann")
        bot = await BotLine.connect(club.port, club.key)
        welcome = await bot.receive()
        assert welcome["type"] == "welcome" and welcome["name"] == "robo"
        table_id = await invite_robo(ann, game, seats, **options)
        challenge = await bot.until(lambda e: e["type"] == "challenge")
        assert (challenge["kind"], challenge["table"], challenge["from"]) == (
            "invitation",
            table_id,
            "ann",
        )
        await bot.send({"type": "accept", "challenge": challenge["id"]})
        started = await bot.until(lambda e: e["type"] == "started")
        assert (started["table"], started["game"], started["seat"]) == (table_id, game, 1)
        end, _ = await asyncio.gather(
            bot_plays(bot, table_id), person_plays(club.hub, ann, table_id)
        )
        served = club.hub.tables[table_id]
        assert served.finished and end["scores"] is not None
        assert served.decided == {0, 1}  # each seat decided for itself: rated, not aborted
        turns = [e for e in bot.events if e["type"] == "turn"]
        assert len(turns) >= 5 and all(e["seat"] == 1 for e in turns)
        assert [s.person_name for s in served.seats] == ["ann", "robo"]
        bot.close()
        ann.close()


async def test_wish_tui_bot_plays_a_whole_game_over_ssh(data_dir, tmp_path):
    async with bot_club(data_dir) as club:
        key_file = tmp_path / "robo_key"
        key_file.write_bytes(club.key.export_private_key())
        key_file.chmod(0o600)
        status, said, served = await against_wish_tui_bot(
            club,
            "wish",
            ["air", "water"],
            *("--level", "easy", "--seed", "5", "--server", f"127.0.0.1:{club.port}"),
            *("--key", str(key_file), "--known-hosts", "none"),
        )
        assert status == 0, said
        assert served.finished and served.decided == {0, 1}
        assert f"Table {served.id}: wish, seat 1, with ann, robo." in said
        assert f"Table {served.id} ended." in said
