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


def test_email_alerts_are_queued_for_the_address(club, table_of):
    ann, _, table = table_of
    assert club.alerts.set_email(ann.id, " ann@example.org ") == {"email": "ann@example.org"}
    assert club.alerts.enqueue(ann.id, table.id, 1000, {"text": "your move"})
    (alert,) = club.alerts.due()
    assert (alert.channel, alert.target) == ("email", "ann@example.org")


@pytest.mark.parametrize(
    "address", ["ann", "ann@", "@example.org", "ann@localhost", "a b@example.org", "a@b@c.org"]
)
def test_an_email_address_is_one_address(club, table_of, address):
    with pytest.raises(InputRefused, match="one address such as ann@example.org"):
        club.alerts.set_email(table_of[0].id, address)


def test_a_digest_is_one_message_a_day_instead_of_one_a_move(club, table_of):
    ann, _, table = table_of
    club.alerts.set_email(ann.id, "ann@example.org")
    assert club.alerts.set_digest(ann.id, True) == {"email": "ann@example.org", "digest": True}
    assert not club.alerts.enqueue(ann.id, table.id, 1000, {"text": "your move"})
    assert club.alerts.enqueue_digest(ann.id, 20000, table.id, {"text": "2 tables wait"})
    assert not club.alerts.enqueue_digest(ann.id, 20000, table.id, {"text": "3 tables wait"})
    assert club.alerts.enqueue_digest(ann.id, 20001, table.id, {"text": "1 table waits"})
    assert len(club.alerts.due()) == 2
    # choosing another address keeps the digest; choosing none forgets it
    assert club.alerts.set_webhook(ann.id, "http://127.0.0.1:9/x")["digest"] is True
    assert club.alerts.set_webhook(ann.id, None) == {}


def test_a_dead_email_address_is_turned_off_with_a_note_saying_how_to_turn_it_on(
    club, table_of, clock
):
    ann, _, table = table_of
    club.alerts.set_email(ann.id, "ann@example.org")
    club.alerts.enqueue(ann.id, table.id, 1000, {"text": "your move"})
    for _ in range(MAX_FAILURES):
        clock.advance(BACKOFF[-1] / 1000)
        (alert,) = club.alerts.due()
        club.alerts.failed(alert, "550 no such mailbox")
    note = club.alerts.settings_of(ann.id)["note"]
    assert "email to ann@example.org" in note and "550 no such mailbox" in note
    assert "set them again on your profile page" in note


def test_the_keepers_lines_by_member_and_table(club, table_of):
    ann, _, table = table_of
    club.alerts.set_webhook(ann.id, "http://127.0.0.1:9/hook")
    club.alerts.enqueue(ann.id, table.id, 1000, {"text": "your move"})
    club.alerts.sent(club.alerts.due()[0].id)
    club.alerts.enqueue(ann.id, table.id, 2000, {"text": "your move again"})
    club.alerts.failed(club.alerts.due()[0], "HTTP 500")
    (line,) = club.alerts.by_member_and_table()
    assert (line["member"], line["table"], line["channel"]) == ("Ann", table.code, "webhook")
    assert (line["waiting"], line["sent"], line["given_up"]) == (1, 1, 0)
    assert line["last_error"] == "HTTP 500" and line["next_try_at"] > line["last_queued_at"]
