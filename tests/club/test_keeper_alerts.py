"""`wish-tui club alerts`: the keeper reads the turn alerts' queue (waiting, sent, given up, the
last error), by member and table, in words and in JSON, without changing anything."""

from __future__ import annotations

import json

import pytest

from wish_tui.cli import main
from wish_tui.club import SeatSpec, open_club
from wish_tui.club.alerts import MAX_FAILURES

from .conftest import people


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """A club where Ann's webhook took one alert and has another waiting after an error, and
    Bob's endpoint failed until it was turned off."""
    monkeypatch.setenv("WISH_TUI_DATA_DIR", str(tmp_path))
    club = open_club(tmp_path, new_club=True)
    ann, bob = people(club, "Ann", "Bob")
    seats = [SeatSpec("air", "human", ann.id), SeatSpec("fire", "human", bob.id)]
    table = club.tables.create("wish", 1, seats, ann.id, kind="turn")
    club.alerts.set_webhook(ann.id, "http://127.0.0.1:9/ann")
    club.alerts.set_webhook(bob.id, "http://127.0.0.1:9/bob")
    club.alerts.enqueue(ann.id, table.id, 1000, {"text": "your move"})
    club.alerts.sent(club.alerts.due()[0].id)
    club.alerts.enqueue(ann.id, table.id, 2000, {"text": "your move again"})
    (waiting,) = club.alerts.due()
    club.alerts.failed(waiting, "HTTP 502 from 127.0.0.1")
    club.alerts.enqueue(bob.id, table.id, 3000, {"text": "your move"})
    for _ in range(MAX_FAILURES):
        (alert,) = [a for a in club.alerts.due(limit=50) if a.player_id == bob.id] or [None]
        if alert is None:  # waiting for its backoff: due at once for the test
            club.db.execute("UPDATE alert_queue SET due_at = 0 WHERE player_id = ?", (bob.id,))
            (alert,) = [a for a in club.alerts.due() if a.player_id == bob.id]
        club.alerts.failed(alert, "connection refused")
    club.close()
    return tmp_path, table.code


def test_the_keeper_reads_the_queue_by_member_and_table_in_json(data_dir, capsys):
    _, code = data_dir
    assert main(["club", "alerts", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["format"] == "wish_tui.club.alerts"
    assert shown["queue"] == {"waiting": 1, "sent": 1, "given_up": 1}
    lines = {line["member"]: line for line in shown["alerts"]}
    assert lines["Ann"]["table"] == code and lines["Ann"]["channel"] == "webhook"
    assert (lines["Ann"]["waiting"], lines["Ann"]["sent"], lines["Ann"]["given_up"]) == (1, 1, 0)
    assert lines["Ann"]["last_error"] == "HTTP 502 from 127.0.0.1"
    assert lines["Ann"]["next_try_at"] is not None
    assert (lines["Bob"]["waiting"], lines["Bob"]["given_up"]) == (0, 1)
    assert lines["Bob"]["last_error"] == "connection refused"
    assert lines["Bob"]["next_try_at"] is None


def test_the_keeper_reads_the_queue_in_words_and_nothing_changes(data_dir, capsys):
    folder, code = data_dir
    assert main(["club", "alerts"]) == 0
    said = capsys.readouterr().out
    assert "1 waiting, 1 sent, 1 given up" in said
    assert f"Ann, table {code} (webhook): 1 waiting" in said
    assert "last error: HTTP 502 from 127.0.0.1" in said
    assert "Bob" in said and "connection refused" in said
    with open_club(folder, read_only=True) as club:
        assert club.alerts.queue_counts() == {"waiting": 1, "sent": 1, "given_up": 1}


def test_an_empty_queue_is_one_sentence(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("WISH_TUI_DATA_DIR", str(tmp_path))
    open_club(tmp_path, new_club=True).close()
    assert main(["club", "alerts"]) == 0
    assert capsys.readouterr().out.strip() == "No turn alert has been queued yet."
