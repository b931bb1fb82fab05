"""Turn alerts in the club's database (SQLite and PostgreSQL): a member's webhook, one alert per
table and waiting period, retries with backoff, an endpoint turned off with a note."""

import pytest

from wish_tui.club import InputRefused, SeatSpec
from wish_tui.club.alerts import BACKOFF, MAX_FAILURES

from .conftest import people


@pytest.fixture
def table_of(club):
    ann, bob = people(club, "Ann", "Bob")
    seats = [SeatSpec("air", "human", ann.id), SeatSpec("fire", "human", bob.id)]
    return ann, bob, club.tables.create("wish", 1, seats, ann.id, kind="turn")


def test_no_webhook_no_alert(club, table_of):
    ann, _, table = table_of
    assert not club.alerts.enqueue(ann.id, table.id, 1000, {"text": "hi"})
    assert club.alerts.due() == []


def test_one_alert_per_table_and_waiting_period(club, table_of):
    ann, _, table = table_of
    club.alerts.set_webhook(ann.id, "http://127.0.0.1:9/hook")
    assert club.alerts.enqueue(ann.id, table.id, 1000, {"text": "your move"})
    assert not club.alerts.enqueue(ann.id, table.id, 1000, {"text": "your move"})
    assert club.alerts.enqueue(ann.id, table.id, 2000, {"text": "your move again"})
    due = club.alerts.due()
    assert [a.target for a in due] == ["http://127.0.0.1:9/hook"] * 2
    club.alerts.sent(due[0].id)
    assert len(club.alerts.due()) == 1
    assert club.alerts.queue_counts() == {"waiting": 1, "sent": 1, "given_up": 0}


def test_a_failed_send_waits_longer_each_time_and_a_dead_endpoint_is_turned_off(
    club, table_of, clock
):
    ann, _, table = table_of
    club.alerts.set_webhook(ann.id, "https://example.invalid/hook")
    club.alerts.enqueue(ann.id, table.id, 1000, {"text": "your move"})
    for failures in range(1, MAX_FAILURES):
        (alert,) = club.alerts.due()
        assert not club.alerts.failed(alert, "HTTP 500")
        assert club.alerts.due() == []  # not before its backoff
        clock.advance(BACKOFF[min(failures, len(BACKOFF)) - 1] / 1000)
    (alert,) = club.alerts.due()
    assert club.alerts.failed(alert, "HTTP 500")
    settings = club.alerts.settings_of(ann.id)
    assert "webhook" not in settings and "turned off after 5 failed sends" in settings["note"]
    assert club.alerts.queue_counts()["given_up"] == 1
    assert not club.alerts.enqueue(ann.id, table.id, 5000, {"text": "your move"})
    assert club.alerts.set_webhook(ann.id, "https://example.invalid/new") == {
        "webhook": "https://example.invalid/new"
    }


@pytest.mark.parametrize(
    "url", ["ftp://x", "http://a b", "javascript:alert(1)", "http://" + "x" * 300]
)
def test_a_webhook_is_an_http_address(club, table_of, url):
    with pytest.raises(InputRefused, match="http:// or https://"):
        club.alerts.set_webhook(table_of[0].id, url)
