"""The hub's looks every few seconds: a refusal of the club or of a table is logged and the next
look comes; anything else is a fault and ends the loop."""

from __future__ import annotations

import logging

import pytest

from wish_tui.club.errors import ClubError
from wish_tui.server.hub.periodic import every_while


async def test_a_refused_look_is_logged_and_the_next_one_comes(caplog):
    looks = []

    async def look():
        looks.append(len(looks))
        if len(looks) == 1:
            raise ClubError("The club database is away.")
        if len(looks) == 3:
            raise KeyError("a fault")

    with caplog.at_level(logging.WARNING), pytest.raises(KeyError):
        await every_while(0, look, "a tournament could not be paired")
    assert looks == [0, 1, 2]
    assert [r.getMessage() for r in caplog.records] == [
        "a tournament could not be paired: The club database is away."
    ]
