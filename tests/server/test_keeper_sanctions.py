"""The keeper's mutes and bans, set from the shell beside the server, reach a member's next
request once what the server read of them is SANCTIONS_EVERY seconds old: read then once for
every session, not once for each (at a club of hundreds, each person's move was a read of the
database beside it)."""

from __future__ import annotations

import asyncio
import gc

import pytest

from wish_tui.club import service
from wish_tui.club.errors import ClubError
from wish_tui.club.moderation import Moderation
from wish_tui.server.hub.hub import BANNED

from .test_club_tables import FakeTime, _hub
from .test_hub import Client

pytestmark = pytest.mark.usefixtures("data_dir")


async def test_the_requests_of_many_members_read_the_keepers_sanctions_once_a_while(
    monkeypatch,
):
    monkeypatch.setattr(service, "SANCTIONS_EVERY", 0.5)
    hub = await _hub(FakeTime())
    members = [await Client.connect(hub, f"SHA256:key-{i}", f"member{i}") for i in range(4)]
    reads = []
    for name in ("sanctions_of", "sanctioned"):
        read = getattr(Moderation, name)

        def counted(self, *args, read=read):
            reads.append(args)
            return read(self, *args)

        monkeypatch.setattr(Moderation, name, counted)
    try:
        await asyncio.sleep(0.6)  # every session's reading (if any) is old now
        for member in members:
            assert (await member.ask({"type": "lobby"}))["type"] == "lobby"
        assert len(reads) == 1
        hub.club.moderation.sanction("member2", "ban")
        del reads[1:]  # (the keeper's command reads what it changes)
        assert (await members[1].ask({"type": "lobby"}))["type"] == "lobby"  # read 0.5 s ago
        await asyncio.sleep(0.6)
        said = await members[2].ask({"type": "lobby"})
        assert said == {"type": "error", "error": BANNED, "final": True}
        assert (await members[3].ask({"type": "lobby"}))["type"] == "lobby"
        assert len(reads) == 2
    finally:
        for member in members:
            member.writer.close()
        await hub.close()


async def test_a_reading_that_fails_once_its_requests_were_given_up_is_not_left_unheard():
    """Every request waiting for the reading went (their sessions closed); the reading then
    fails: nothing is left for the loop to report as an exception never retrieved."""

    class Rooms:
        club = None

        async def read_beside(self, fn, *args):
            await asyncio.sleep(0.05)
            raise ClubError("The database could not be read.")

    class Player:
        id = 7

    class Session:
        player = Player()

    reported = []
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(lambda _, context: reported.append(context["message"]))
    club_service = service.ClubService(Rooms())
    asking = asyncio.ensure_future(club_service.sanctions(Session()))
    await asyncio.sleep(0.01)
    asking.cancel()
    await asyncio.sleep(0.1)
    del asking
    gc.collect()
    await asyncio.sleep(0)
    loop.set_exception_handler(None)
    assert reported == []
