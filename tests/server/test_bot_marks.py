"""A bot member of the club is marked '(bot)' where a table names who sits at its seats (as the
lobby's online list marks it), for every client and after a restart."""

from __future__ import annotations

import pytest

from wish_tui.server.hub import seating

from .test_hub import Client, sit, started_hub

pytestmark = pytest.mark.usefixtures("data_dir")
TWO_SEATS = [{"name": "air", "who": "me"}, {"name": "water", "who": "open"}]


async def ann_opens_a_table_beside_a_bot_member(hub):
    """ann (a person) and robo (made a bot member) connected; ann's new two-seat Wish table."""
    robo = hub.club.players.register("SHA256:robo-key", "robo")
    with hub.club.db.transaction():
        hub.club.db.execute("UPDATE players SET is_bot_member = 1 WHERE id = ?", (robo.id,))
    ann = await Client.connect(hub, "SHA256:ann-key", "ann")
    bot = await Client.connect(hub, "SHA256:robo-key", "robo")
    made = await ann.ask({"type": "new_table", "game": "wish", "seats": TWO_SEATS})
    return ann, bot, made


async def test_a_bot_member_at_a_seat_is_marked_and_stays_marked_after_a_restart():
    hub = await started_hub()
    try:
        ann, bot, made = await ann_opens_a_table_beside_a_bot_member(hub)
        table_id = made["table"]
        await sit(bot, table_id, 1)
        told = await ann.until(lambda m: m["type"] == "table" and m["seats"][1]["person"])
        assert told["seats"][1]["label"] == "Water (robo (bot))"
        assert told["seats"][0]["label"] == "Air (ann)"
        assert told["seats"][1]["person"] == "robo"  # the name itself, as muting names it
        await hub.saved()
        club_id = hub.tables[table_id].club_id
        restored = seating.restore(hub.club.tables.load(club_id))
        assert [restored.seat_label(0), restored.seat_label(1)] == [
            "Air (ann)",
            "Water (robo (bot))",
        ]
        ann.close()
        bot.close()
    finally:
        await hub.close()


async def test_the_table_log_names_a_bot_members_seat_a_bot_and_so_does_a_restart():
    hub = await started_hub()
    try:
        ann, bot, made = await ann_opens_a_table_beside_a_bot_member(hub)
        table = hub.tables[made["table"]]
        assert table.log_since(0, 0)[0][0] == "A game of Wish: Air (human), Water (human)."
        await sit(bot, made["table"], 1)
        opening = "A game of Wish: Air (human), Water (bot member)."
        for pov in (0, 1):
            assert table.log_since(pov, 0)[0][0] == opening
        await hub.saved()
        restored = seating.restore(hub.club.tables.load(table.club_id))
        assert restored.log_since(0, 0)[0][0] == opening
        ann.close()
        bot.close()
    finally:
        await hub.close()
