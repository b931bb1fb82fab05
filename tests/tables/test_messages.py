"""The one dispatcher of the table server's messages (`tables.messages`): each event reaches the
handler its client gave, and what is for the table a person sits at reaches that table."""

from __future__ import annotations

import pytest

from wish_tui.tables.messages import EVENTS, ServerMessages
from wish_tui.tables.remote import RemoteTable
from wish_tui.tables.seat import Listener


class Line:
    def __init__(self) -> None:
        self.sent: list[dict] = []

    def send(self, message: dict) -> None:
        self.sent.append(message)


class Heard(Listener):
    def __init__(self) -> None:
        self.told: list[tuple] = []

    def table_refused(self, sentence: str) -> None:
        self.told.append(("refused", sentence))

    def table_hint(self, hint) -> None:
        self.told.append(("hint", hint.notation))

    def table_why(self, notation: str, sentence: str) -> None:
        self.told.append(("why", notation, sentence))

    def table_notice(self, sentence: str) -> None:
        self.told.append(("notice", sentence))


def table_message(table_id: str = "abc123") -> dict:
    seat = {"name": "air", "title": "Air", "label": "Air (ann)", "who": "human", "mine": True}
    return {
        "type": "table",
        "table": table_id,
        "game": "wish",
        "seat": 0,
        "seats": [seat],
        "view": {},
        "actions": 3,
        "over": False,
        "deciding": 0,
        "choices": {"seat": 0},
    }


class Client:
    """A client that notes every event it is handed, sitting at `table` (or at none)."""

    def __init__(self, table: RemoteTable | None = None) -> None:
        self.events: list[tuple[str, dict]] = []
        self.table = table
        handlers = {event: (lambda m, e=event: self.events.append((e, m))) for event in EVENTS}
        self.messages = ServerMessages(handlers, lambda: self.table)

    def names(self) -> list[str]:
        return [event for event, _ in self.events]


def seated() -> tuple[Client, Heard]:
    table = RemoteTable(Line(), table_message())
    heard = Heard()
    table.listen(heard)
    return Client(table), heard


def test_each_message_reaches_the_handler_of_its_type():
    client = Client()
    for kind in ("lobby", "table", "page", "archive", "closed", "notice", "lost"):
        client.messages.dispatch({"type": kind})
    assert client.names() == ["lobby", "table", "page", "archive", "closed", "notice", "lost"]


def test_a_newcomer_is_asked_a_name_and_a_refusal_then_is_of_the_name():
    client = Client()
    client.messages.dispatch({"type": "welcome", "needs_name": True, "suggested": "ann"})
    client.messages.dispatch({"type": "error", "error": "That name is taken."})
    client.messages.dispatch({"type": "welcome", "name": "ann2"})
    client.messages.dispatch({"type": "error", "error": "No such table."})
    assert client.names() == ["name_needed", "name_refused", "welcome", "refused"]


def test_after_the_last_word_the_line_going_is_not_news():
    client = Client()
    client.messages.dispatch({"type": "error", "error": "You are banned.", "final": True})
    client.messages.dispatch({"type": "lost"})
    assert client.names() == ["let_go"]
    assert client.messages.let_go


def test_a_refusal_hint_and_why_for_the_table_sat_at_go_to_that_table():
    client, heard = seated()
    hint = {"notation": "travel Dock", "words": "w", "reason": "r", "actions": 3}
    client.messages.dispatch({"type": "error", "table": "abc123", "error": "Not now."})
    client.messages.dispatch({"type": "hint", "table": "abc123", **hint})
    client.messages.dispatch({"type": "why", "table": "abc123", "action": "x", "text": "No."})
    client.messages.dispatch({"type": "error", "error": "Too fast."})  # no table named: this one
    assert heard.told == [
        ("refused", "Not now."),
        ("hint", "travel Dock"),
        ("why", "x", "No."),
        ("refused", "Too fast."),
    ]
    assert client.events == []


def test_what_is_for_another_table_is_the_clients_or_dropped():
    client, heard = seated()
    client.messages.dispatch({"type": "error", "table": "other1", "error": "Gone."})
    client.messages.dispatch({"type": "hint", "table": "other1", "notation": "x"})
    client.messages.dispatch({"type": "why", "table": "other1", "action": "x", "text": ""})
    assert heard.told == []
    assert client.names() == ["refused"]


def test_a_notice_is_offered_to_the_table_it_names():
    client, _ = seated()
    assert client.messages.table_of({"type": "notice", "table": "abc123"}) is client.table
    assert client.messages.table_of({"type": "notice"}) is client.table
    assert client.messages.table_of({"type": "notice", "table": "other1"}) is None
    assert Client().messages.table_of({"type": "notice"}) is None


def test_a_message_of_no_known_type_is_let_pass():
    client = Client()
    for message in ({"type": "nonsense"}, {"type": 3}, {}, {"type": "name_needed"}):
        client.messages.dispatch(message)
    assert client.events == []


def test_a_handler_for_an_event_there_is_not_is_refused():
    with pytest.raises(ValueError, match="telepathy"):
        ServerMessages({"telepathy": print}, lambda: None)


def test_a_table_message_made_from_a_diff_keeps_what_the_diff_did_not_change():
    first = {**table_message(), "view": {"round": 1, "areas": [1]}, "n": 1}
    table = RemoteTable(Line(), first)
    seats, choices = table.seats, table.seat(0).choices()
    assert table.view_changes is None  # a message read whole
    second = {**first, "actions": 4, "view": {"round": 2, "areas": [1]}, "n": 2}
    table.update(second, {"set": {"actions": 4}, "sub": {"view": {"set": {"round": 2}}}})
    assert table.seats is seats and table.seat(0).choices() is choices
    assert table.view_changes == (first["view"], second["view"], frozenset({"round"}))
    seat = {**first["seats"][0], "label": "Air (ann, away)"}
    third = {**second, "seats": [seat], "choices": {"seat": 0, "can_undo": True}, "n": 3}
    table.update(third, {"set": {"seats": [seat], "choices": third["choices"]}})
    assert table.seats[0].label == "Air (ann, away)" and table.seat(0).choices().can_undo
    assert table.view_changes == (second["view"], third["view"], frozenset())
    table.update({**third, "n": 4})  # no diff said what changed: read whole
    assert table.seats is not seats and table.view_changes is None
