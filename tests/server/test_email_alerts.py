"""Turn alerts by email at a real table server, through a real local SMTP server (aiosmtpd): a
move waiting for an absent member is emailed once, through STARTTLS and a login where the relay
asks for them; a member who chose the digest gets one email a day listing every table waiting for
them, the longest waiting first; a dead address is turned off with a note on their profile; a
club with no relay refuses an address in one sentence."""

from __future__ import annotations

import pytest

from wish_tui import cli
from wish_tui.plain.club_pages import profile_lines
from wish_tui.server.hub import Hub
from wish_tui.server.smtp_relay import SmtpRelay

from .smtp_receiver import MailReceiver
from .test_club_tables import FakeTime
from .test_hub import Client
from .waiting_tables import tables_waiting_for_bob

pytestmark = pytest.mark.usefixtures("data_dir")  # its own data directory for each test


@pytest.fixture(autouse=True)
def looked_at_by_the_test(monkeypatch):
    """The server's own looks every 2 seconds wait: each test looks when it means to."""
    monkeypatch.setattr("wish_tui.server.hub.turn_alerts.ALERT_EVERY", 3600.0)


@pytest.fixture
def relay(tmp_path):
    made = []

    def make(**options) -> MailReceiver:
        made.append(MailReceiver(tmp_path, **options))
        return made[-1]

    yield make
    for receiver in made:
        receiver.close()


async def _hub(time: FakeTime, mail: SmtpRelay | None) -> Hub:
    hub = Hub(bot_pace=0.0, rate_limits={}, clock=time, seat_timeout=0.05, mail=mail)
    await hub.start()
    return hub


def _relay_of(receiver: MailReceiver, **login) -> SmtpRelay:
    return SmtpRelay(
        "127.0.0.1", receiver.port, sender="club@example.org", tls=receiver.tls, **login
    )


async def test_a_move_waiting_is_emailed_once_over_starttls_with_a_login(relay):
    receiver = relay(starttls=True, login=("keeper", "s3cret"))
    hub = await _hub(FakeTime(), _relay_of(receiver, user="keeper", password="s3cret"))
    try:
        alice, told, (served,) = await tables_waiting_for_bob(hub, {"email": "bob@example.org"})
        assert told["text"] == (
            "A move waiting for you while you are away is emailed to bob@example.org, once a move."
        )
        await hub.alerts.look()
        await hub.alerts.look()
        (message,) = receiver.messages
        assert message["To"] == "bob@example.org" and message["From"] == "club@example.org"
        assert message["Subject"] == f"Your move is waiting at table {served.id} (Wish)."
        assert "profile page" in message.get_content()
        assert receiver.logins == ["keeper"]
        assert hub.club.alerts.queue_counts() == {"waiting": 0, "sent": 1, "given_up": 0}
        alice.close()
    finally:
        await hub.close()


async def test_a_digest_lists_the_tables_waiting_once_a_day_the_longest_waiting_first(relay):
    receiver = relay()
    time = FakeTime()
    hub = await _hub(time, _relay_of(receiver))
    try:
        alerts = {"email": "bob@example.org", "digest": True}
        alice, told, tables = await tables_waiting_for_bob(hub, alerts, count=2, time=time)
        assert told["text"].startswith("Once a day, the tables waiting for your move are emailed")
        await hub.alerts.look()
        assert receiver.messages == []  # no table has waited an hour yet
        time.now += 1800
        await hub.alerts.look()
        await hub.alerts.look()
        (message,) = receiver.messages
        assert message["Subject"] == "2 tables of the club wait for your move"
        body = message.get_content()
        first, second = (body.index(f"table {t.id} (Wish)") for t in tables)
        assert first < second and "waiting 1 hour" in body and "waiting 30 minutes" in body
        time.now += 86_400  # the next day: a digest again
        await hub.alerts.look()
        assert len(receiver.messages) == 2
        alice.close()
    finally:
        await hub.close()


async def test_a_dead_address_is_turned_off_with_a_note_on_the_profile_page(relay, monkeypatch):
    receiver = relay()
    receiver.refuse = True
    monkeypatch.setattr("wish_tui.club.alerts.BACKOFF", (0,))
    hub = await _hub(FakeTime(), _relay_of(receiver))
    try:
        alice, _, _ = await tables_waiting_for_bob(hub, {"email": "bob@example.org"})
        for _ in range(5):
            await hub.alerts.look()
        assert hub.club.alerts.queue_counts()["given_up"] == 1
        bob = await Client.connect(hub, "SHA256:bob-key", "bob")
        await bob.send({"type": "profile"})
        page = await bob.until(lambda m: m["type"] == "page" and m["page"] == "profile")
        assert page["alerts"]["channel"] == "none"
        assert (
            "email to bob@example.org were turned off after 5 failed sends"
            in (page["alerts"]["note"])
        )
        assert "550 5.1.1 no such mailbox here" in page["alerts"]["note"]
        bob.close()
        alice.close()
    finally:
        await hub.close()


async def test_a_club_without_a_relay_refuses_an_email_address():
    hub = await _hub(FakeTime(), None)
    try:
        bob = await Client.connect(hub, "SHA256:bob-key", "bob")
        await bob.send({"type": "alerts", "email": "bob@example.org"})
        refused = await bob.until(lambda m: m["type"] == "error")
        assert refused["error"] == (
            "This club sends no email (its keeper gave no --smtp relay): choose a webhook or none."
        )
        await bob.send({"type": "alerts", "digest": "daily"})
        refused = await bob.until(lambda m: m["type"] == "error")
        assert refused["error"] == '"digest" must be true or false.'
        bob.close()
    finally:
        await hub.close()


def test_the_plain_profile_says_the_alerts_and_the_note_of_one_turned_off():
    page = {
        "player": {"id": 3, "name": "ann", "is_guest": False, "settings": {}, "created_at": 0},
        "keys": [],
        "rename_from": None,
        "alerts": {
            "channel": "webhook",
            "target": "https://ntfy.sh/ann",
            "digest": True,
            "note": "",
        },
    }
    lines = profile_lines(page)
    assert (
        "Once a day, the tables waiting for your move are posted to https://ntfy.sh/ann in one "
        "digest." in lines
    )
    page["alerts"] = {"channel": "none", "target": "", "digest": False, "note": "Turned off."}
    assert profile_lines(page)[-3:-1] == [
        "No alert is sent to you when a move waits for you.",
        "Note: Turned off.",
    ]


@pytest.mark.parametrize(
    "flag, environment, words",
    [
        ("smtp.example.org", {}, "--smtp 'smtp.example.org' is not HOST:PORT"),
        ("smtp.example.org:99999", {}, "is not HOST:PORT, such as smtp.example.org:587"),
        (
            "smtp.example.org:587",
            {"WISH_TUI_SMTP_USER": "keeper"},
            "WISH_TUI_SMTP_USER is set but WISH_TUI_SMTP_PASSWORD is not",
        ),
    ],
)
def test_a_bad_smtp_flag_is_one_sentence_and_exit_2(
    capsys, tmp_path, monkeypatch, flag, environment, words
):
    monkeypatch.setenv("WISH_TUI_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("WISH_TUI_SMTP_PASSWORD", raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(SystemExit) as stopped:
        cli.main(["serve", "--port", "0", "--smtp", flag])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err, err


def test_the_relay_login_comes_from_the_environment():
    relay = SmtpRelay.from_flag(
        "mail.example.org:587",
        {
            "WISH_TUI_SMTP_USER": "keeper",
            "WISH_TUI_SMTP_PASSWORD": "pw",
            "WISH_TUI_SMTP_FROM": "c@x.org",
        },
    )
    assert (relay.host, relay.port, relay.user, relay.password, relay.sender) == (
        "mail.example.org",
        587,
        "keeper",
        "pw",
        "c@x.org",
    )


def test_a_password_is_not_sent_to_a_relay_without_starttls(relay):
    receiver = relay()
    plain = SmtpRelay("127.0.0.1", receiver.port, "keeper", "pw", "club@example.org")
    assert plain.send("bob@example.org", "hi", "hi") == (
        "the relay offers no STARTTLS, so the password was not sent"
    )
    assert receiver.messages == []
