"""Every table a client sits at declares every capability (`tables.base.TableBase`): a screen
asks the table what it can do instead of probing which kind of table it has."""

from __future__ import annotations

import pytest

from wish_tui import games
from wish_tui.records import GameRecord
from wish_tui.tables.base import TableBase
from wish_tui.tables.local import LocalTable
from wish_tui.tables.remote import RemoteTable, ServerTable
from wish_tui.tables.seat import Refused

from .test_messages import Line, table_message

CAPABILITIES = (
    "held_seats",
    "can_save",
    "can_chat",
    "hurries_bots",
    "can_hand_to_bot",
    "can_resign",
    "is_owner",
    "spectator_chat",
    "rematch_offer",
    "muted",
    "clock",
    "kind",
    "ended",
    "seed",
)
REQUESTS = ("hurry", "open_record", "clock_left", "save", "chat", "mute", "resign", "rematch")


def local_table() -> LocalTable:
    seats = [{"djinn": "air", "who": "human"}, {"djinn": "water", "who": "easy"}]
    record, state = GameRecord.new(seats, 7, None, "wish", {}, games=games.GAMES)
    return LocalTable(record, [state], autosave=False)


@pytest.mark.parametrize("kind", [LocalTable, RemoteTable, ServerTable])
def test_every_kind_of_table_is_a_table_base(kind):
    assert issubclass(kind, TableBase)
    for name in CAPABILITIES + REQUESTS:
        assert hasattr(kind, name), name


def test_a_local_table_says_what_it_can_and_cannot_do():
    table = local_table()
    assert (table.can_save, table.hurries_bots, table.can_chat, table.can_resign) == (
        True,
        True,
        False,
        False,
    )
    assert table.clock is None and table.clock_left(0) is None and not table.ended
    assert table.open_record()["seed"] == 7
    with pytest.raises(Refused, match="not resigned"):
        table.resign()
    with pytest.raises(Refused, match="chat"):
        table.chat("hello")


def test_a_server_table_is_saved_by_the_server_and_carries_chat():
    table = RemoteTable(Line(), table_message())
    assert table.can_chat and not table.can_save and not table.hurries_bots
    assert table.open_record() is None and table.clock_left(0) is None
    table.hurry()  # nothing to hurry: the server paces its bots
    with pytest.raises(Refused, match="server saves"):
        table.save("mine")


def test_a_seat_given_up_for_good_is_still_held_though_no_longer_played():
    """The server says a resigned seat is not `mine` (its person plays it no more) but still
    names it the person's (`seat`): the screen shows its view and marks it '(you)'."""
    message = table_message()
    message["seats"] = [{**message["seats"][0], "mine": False}]
    table = RemoteTable(Line(), message)
    assert table.held_seats == [0] and not table.can_resign
    assert local_table().held_seats == [0]
    assert ServerTable({**message, "seat": None}).held_seats == []
