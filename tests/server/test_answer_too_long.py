"""An answer too long to send is refused with one sentence to the session, and the server's log
says which kind of message it was (so its keeper knows what grew too long)."""

from __future__ import annotations

import json
import logging

from wish_tui.server.hub.session import Session
from wish_tui.tables.protocol import MAX_MESSAGE


class Writer:
    def __init__(self) -> None:
        self.written = b""

    def is_closing(self) -> bool:
        return False

    def write(self, data: bytes) -> None:
        self.written += data


def test_an_answer_too_long_is_refused_and_logged_with_its_type(caplog):
    writer = Writer()
    session = Session(writer)
    session.name = "alice"
    with caplog.at_level(logging.WARNING):
        session.send({"type": "lobby", "tables": ["x" * 100] * (MAX_MESSAGE // 100)})
    assert json.loads(writer.written) == {
        "type": "error",
        "error": "An answer was too long to send.",
    }
    said = " ".join(record.getMessage() for record in caplog.records)
    assert "'lobby'" in said and "alice" in said
