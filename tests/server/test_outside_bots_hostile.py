"""What an outside bot may not do (docs/bot-protocol.md): a bad line gets one JSON error and
changes nothing, whatever it holds; a bot sees only its own seat's view, exactly a person's at
that seat; a bot that goes mid-game is a person who left (its clock runs); a key that is no bot
member's, or a terminal, is refused at `bot@`; a seek is a challenge the bot may take."""

from __future__ import annotations

import asyncio
import json

import asyncssh
import pytest

from .conftest import new_key, ssh_login
from .outside_bot import BotLine, bot_club, invite_robo, person_plays, seat_robo
from .test_club_tables import FakeTime
from .test_hub import Client


async def _seated(club, **options) -> tuple[Client, BotLine, str]:
    """Ann and robo at a two-seat Wish table (`options`: the table's own, a clock)."""
    return await seat_robo(club, **options)


HOSTILE = [
    (b"not json\n", "That message is not JSON."),
    (b"[1, 2]\n", 'A message must be a JSON object with a "type".'),
    (b"\xff\xfe\n", "That message is not UTF-8 text."),
    (b'{"type": "explode"}\n', "'explode' is not a message of the bot protocol"),
    (b'{"type": "play", "table": 7, "action": "x"}\n', '"table" must be a table\'s id.'),
    (b'{"type": "play", "table": "nope", "action": "x"}\n', "You have no turn at table 'nope'."),
    (b'{"type": "accept", "challenge": "table:1"}\n', '"challenge" must be the id of a challenge'),
    (b'{"type": "accept", "challenge": "invite:999"}\n', None),
    (b"{" + b'"a":' * 3000 + b"\n", "That message is longer than 4096 bytes."),
    (b"x" * 9000 + b"\n", "That message is longer than 4096 bytes."),
]


async def test_a_bad_line_gets_one_error_and_changes_nothing(data_dir):
    async with bot_club(data_dir) as club:
        ann, bot, table_id = await _seated(club)
        served = club.hub.tables[table_id]
        ann_plays = asyncio.ensure_future(person_plays(club.hub, ann, table_id))
        turn = await bot.until(lambda e: e["type"] == "turn")
        before = (served.actions, json.dumps(served.view_for(1), sort_keys=True))
        lines = [
            *HOSTILE,
            (json.dumps({"type": "play", "table": table_id, "action": "fly to the moon"}), None),
            (json.dumps({"type": "play", "table": table_id, "action": "x", "expect": -1}), None),
        ]
        for line, said in lines:
            await bot.send(line if isinstance(line, bytes) else line.encode() + b"\n")
            error = await bot.until(lambda e: e["type"] in ("error", "turn", "change"))
            assert error["type"] == "error", (line[:40], error)
            assert isinstance(error["error"], str) and error["error"]
            if said is not None:
                assert error["error"].startswith(said), (line[:40], error)
            assert (served.actions, json.dumps(served.view_for(1), sort_keys=True)) == before
        await bot.send({"type": "ping"})
        assert (await bot.until(lambda e: e["type"] != "notice"))["type"] == "pong"
        await bot.send({"type": "play", "table": table_id, "action": turn["choices"][0]["action"]})
        await bot.until(lambda e: e.get("actions", -1) > turn["actions"])
        assert served.actions > before[0] and 1 in served.decided
        ann_plays.cancel()
        bot.close()
        ann.close()


@pytest.mark.parametrize(
    ("game", "seats", "options"),
    [
        ("wish", ["air", "water"], {}),
        ("spirits", ["air", "water"], {"modules": ["wishes", "hexes"]}),
    ],
    ids=["wish", "spirits"],
)
async def test_a_bot_sees_its_own_seat_and_nothing_more(data_dir, game, seats, options):
    async with bot_club(data_dir) as club:
        ann = await Client.connect(club.hub, "SHA256:ann-key", "ann")
        bot = await BotLine.connect(club.port, club.key)
        table_id = await invite_robo(ann, game, seats, options=options)
        challenge = await bot.until(lambda e: e["type"] == "challenge")
        await bot.send({"type": "accept", "challenge": challenge["id"]})
        served = club.hub.tables[table_id]
        ann_plays = asyncio.ensure_future(person_plays(club.hub, ann, table_id))
        for _ in range(6):
            turn = await bot.until(lambda e: e["type"] == "turn")
            # The bot's decision: nothing moves until it answers, so the views can be compared.
            mine = json.loads(json.dumps(served.view_for(1)))
            assert turn["view"] == mine  # exactly what a person's seat gets
            assert json.loads(json.dumps(served.view_for(0))) != mine
            secret = _secret_of_seat_zero(served)
            assert secret  # ann holds something robo may not see (her hand, her tokens)
            others = turn["view"]["players"][0]
            assert all(others.get(key) != value for key, value in secret.items()), secret
            action = turn["choices"][-1]["action"]
            await bot.send({"type": "play", "table": table_id, "action": action})
            if served.is_over:
                break
        ann_plays.cancel()
        bot.close()
        ann.close()


def _secret_of_seat_zero(served) -> dict:
    """What seat 0 sees of itself that seat 1 sees otherwise, or not at all (Wish's hand and
    Destiny, Spirits' face-down Favor tokens and set-aside Wishes and Hexes)."""
    own = json.loads(json.dumps(served.view_for(0)))["players"][0]
    seen = json.loads(json.dumps(served.view_for(1)))["players"][0]
    return {key: value for key, value in own.items() if value and seen.get(key) != value}


async def test_a_bot_that_goes_mid_game_is_a_person_who_left(data_dir):
    time = FakeTime()
    async with bot_club(data_dir, seat_timeout=0.2, clock=time) as club:
        ann, bot, table_id = await _seated(
            club, clock={"type": "live", "minutes": 5, "increment": 0}
        )
        served = club.hub.tables[table_id]
        ann_plays = asyncio.ensure_future(person_plays(club.hub, ann, table_id))
        await bot.until(lambda e: e["type"] == "turn")
        robo = f"P{club.hub.club.players.by_name('robo').id}"
        bot.close()
        for _ in range(500):
            if not club.hub.connected(robo):
                break
            await asyncio.sleep(0.01)
        assert not club.hub.connected(robo)
        assert served.seat_of(robo) == 1 and not served.finished  # its seat waits, as a person's
        left = served.clock.left(1, time())
        time.now += 30
        assert served.clock.left(1, time()) == left - 30  # its clock runs while it is away
        told = await ann.until(lambda m: m["type"] == "notice" and "away" in m["text"])
        assert "robo has been away from the table" in told["text"]
        back = await BotLine.connect(club.port, club.key)  # it comes back to its table
        assert (await back.until(lambda e: e["type"] in ("started", "turn")))["table"] == table_id
        ann_plays.cancel()
        back.close()
        ann.close()


async def test_a_bot_is_marked_online_and_a_seek_is_a_challenge_it_may_take(data_dir):
    async with bot_club(data_dir) as club:
        ann = await Client.connect(club.hub, "SHA256:ann-key", "ann")
        bot = await BotLine.connect(club.port, club.key)
        await bot.until(lambda e: e["type"] == "welcome")
        lobby = await ann.ask({"type": "lobby"})
        assert [o["name"] for o in lobby["online"]] == ["ann", "robo (bot)"]  # marked
        await ann.send({"type": "seek", "game": "wishland"})
        challenge = await bot.until(lambda e: e["type"] == "challenge")
        assert (challenge["kind"], challenge["game"], challenge["from"]) == (
            "seek",
            "wishland",
            "ann",
        )
        await bot.send({"type": "accept", "challenge": challenge["id"]})
        started = await bot.until(lambda e: e["type"] == "started")
        assert started["game"] == "wishland" and started["players"] == ["ann", "robo"]
        bot.close()
        ann.close()


async def test_bot_at_takes_only_a_bot_members_key_and_no_terminal(data_dir):
    async with bot_club(data_dir) as club:
        club.hub.club.players.register(new_key().export_public_key().decode(), "ann")
        stranger = new_key()
        with pytest.raises(asyncssh.PermissionDenied):
            await BotLine.connect(club.port, stranger)
        ann_key = new_key()
        club.hub.club.players.register(ann_key.export_public_key().decode().strip(), "bea")
        person = await BotLine.connect(club.port, ann_key)
        said = await person.process.stderr.read()
        assert b"this key belongs to no bot member of the club" in said
        assert await person.process.wait() is not None and person.process.exit_status == 1
        person.close()
        conn = await ssh_login(club.port, club.key, "bot")
        process = await conn.create_process(term_type="xterm", encoding=None)
        said = await process.stderr.read()
        assert b"a bot speaks JSON lines without a terminal" in said
        conn.close()
